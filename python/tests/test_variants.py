"""Bundled lists by name: the Python calls give what the program's commands print for the same
options (the commands are beside each figure)."""

import pytest

import codebreaker


def test_lists_by_name() -> None:
    names = [w.name for w in codebreaker.lists()]
    assert names[:2] == ["original", "nyt2023"] and "all" in names
    nyt = codebreaker.Game(lists="nyt2023")  # codebreaker info --lists nyt2023
    assert len(nyt) == 3158 and len(nyt.guesses) == 14855
    with pytest.raises(codebreaker.NotFound, match="nyt2023"):  # the sentence names the lists
        codebreaker.Game(lists="nyt1999")
    with pytest.raises(codebreaker.InvalidArgument):
        codebreaker.Game(lists="nyt2023", words="words.txt")
