#!/usr/bin/zsh -f
# completion_zsh.zsh: the matches zsh offers for a command line, for tests/cli/completions.sh.
# usage: zsh -f tests/cli/completion_zsh.zsh DIR LINE: LINE completed at its end with the function
# _codebreaker of DIR, one match a line. An interactive zsh runs in a pseudo-terminal (zpty); its
# compadd is wrapped to print every match it is given, between two markers the completion prints.
zmodload zsh/zpty || exit 2
dir=$1 line=$2
zpty cz zsh -f -i
zpty -w cz "PROMPT='' RPROMPT=''; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w cz "bindkey '^I' complete-word; zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
# print a marker before and after the matches; each match as MATCH:<it>
zpty -w cz 'cz_mark() { print -r -- "CZ""-MARK" }; compprefuncs=(cz_mark); comppostfuncs=(cz_mark exit)'
zpty -w cz 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a cz_hits; builtin compadd -A cz_hits "$@"; local h; for h in $cz_hits; do print -r -- "MA""TCH:$IPREFIX$h"; done; builtin compadd "$@"; }'
zpty -w cz "$line"$'\t'
marks=0
while zpty -r cz out; do
    out=${${out//$'\r'/}%$'\n'}
    [[ $out == *CZ-MARK* ]] && { (( ++marks == 2 )) && break; continue; }
    (( marks == 1 )) && [[ $out == *MATCH:* ]] && print -r -- ${out#*MATCH:}
done
zpty -d cz
