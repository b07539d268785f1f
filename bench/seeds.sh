#!/bin/sh
# bench/seeds.sh BUILD_DIR: the sampled figures of docs/seeds.md, each with the command that makes it.
# Exact figures of the five source documents are tests (tests/cli/cli_seeds.sh); these runs are the ones
# whose results are random (delayed strategies, random play, samples of 1000 answers) or slow.
# Record the load average beside any time: the runs print it.
set -e
build="${1:-build}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/seeds.sh BUILD_DIR (no $cb)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

run() {
    echo
    echo "\$ codebreaker $*"
    if [ -x /usr/bin/time ]; then /usr/bin/time -f "wall %e s, cpu %U + %S s" "$cb" "$@"; else "$cb" "$@"; fi
}

# 001 (blog): delayed minimax and the letter-frequency tie-break on Wordle, every answer, five seeds
for seed in 0 1 2 3 4; do
    run simulate --json --seed $seed --strategy "minimax,minimax --tie frequency,minimax --delay 1,minimax --delay 2,\
minimax --delay 2 --tie frequency,entropy,entropy --tie frequency,entropy --delay 2,parts,parts --tie frequency,\
parts --delay 2"
done

# 002 (dashboard paper): its rules, guesses from the answers only, a loss scores max + 1; target 7 = never
targets=""
for a in minimax parts expected entropy random-any; do for t in 2 3 7; do targets="$targets,$a --target-turn $t"; done; done
run simulate --words data/wordle/answers.txt --max-guesses 6 --json --strategy "${targets#,}"
targets=""
for a in minimax parts expected entropy random-any; do for t in 2 3 4 7; do targets="$targets,$a --target-turn $t"; done; done
run simulate --game mastermind --max-guesses 10 --json --strategy "${targets#,}"
# its untargeted algorithms broke ties at random, without preferring a candidate
for seed in 1 2 3; do
    run simulate --words data/wordle/answers.txt --max-guesses 6 --json --seed $seed \
        --strategy "minimax --tie random,parts --tie random,expected --tie random,entropy --tie random"
    run simulate --game mastermind --max-guesses 10 --json --seed $seed \
        --strategy "minimax --tie random,parts --tie random,expected --tie random,entropy --tie random"
done

# 000 (Symble thesis): Section 4.2 as designed, dictionaries of 1000 random words per length
run experiment symble-lengths --dict-size 1000 --out experiments-seeds --quiet

# 003 (information-theory study): its protocol, 1000 random answers, for each of its solvers; and every answer
solvers="regex,frequency,entropy,entropy --candidates-only,entropy-frequency --candidates-only,entropy-frequency"
for seed in 0 1 2; do
    run simulate --sample 1000 --seed $seed --json --strategy "$solvers"
done
run simulate --json --strategy "$solvers"
