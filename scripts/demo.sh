#!/bin/sh
# `make demo`: the program's main job on its embedded default game.
set -e
cb="$1"
echo "\$ codebreaker info"
"$cb" info
echo
echo "\$ codebreaker feedback salet aback"
"$cb" feedback salet aback
echo "\$ codebreaker feedback --game mastermind 1122 1223"
"$cb" feedback --game mastermind 1122 1223
echo "\$ codebreaker candidates --limit 10 salet=.Y... crony=..G.."
"$cb" candidates --limit 10 salet=.Y... crony=..G..
