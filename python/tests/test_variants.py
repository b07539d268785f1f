"""Bundled lists by name, several boards and the adversary: the Python calls give what the
program's commands print for the same options (the commands are beside each figure)."""

import pytest

import codebreaker

SECRETS = ["aback", "zesty", "cigar", "humph"]


def test_lists_by_name() -> None:
    names = [w.name for w in codebreaker.lists()]
    assert names[:2] == ["original", "nyt2023"] and "all" in names
    nyt = codebreaker.Game(lists="nyt2023")  # codebreaker info --lists nyt2023
    assert len(nyt) == 3158 and len(nyt.guesses) == 14855
    assert len(codebreaker.Game("quordle", lists="nyt2023")) == 3158
    with pytest.raises(codebreaker.NotFound, match="nyt2023"):  # the sentence names the lists
        codebreaker.Game(lists="nyt1999")
    with pytest.raises(codebreaker.InvalidArgument):
        codebreaker.Game(lists="nyt2023", words="words.txt")


def test_quordle_solve() -> None:
    quordle = codebreaker.Game("quordle")
    assert quordle.boards == 4 and quordle.max_guesses == 9 and not quordle.adversary
    # codebreaker solve --game quordle aback zesty cigar humph --json
    play = quordle.solve(SECRETS)
    assert play.strategy == "sum-entropy" and play.won and play.secrets == tuple(SECRETS)
    assert play.guesses == ["soare", "clint", "pudgy", "cigar", "humph", "aback", "testy", "zesty"]
    solved_on = [next(t + 1 for t, row in enumerate(play.feedback) if row[b] == "GGGGG") for b in range(4)]
    assert solved_on == [6, 8, 4, 5]
    assert len(play.records()) == sum(len([f for f in row if f]) for row in play.feedback)
    # ... --strategy minimax: one board at a time
    play = quordle.solve(SECRETS, "minimax")
    assert play.strategy == "one-by-one (minimax)"
    assert play.guesses == ["arise", "lidar", "cigar", "aback", "setup", "testy", "zesty", "humph"]


def test_boards_simulate() -> None:
    # codebreaker simulate --game quordle --sample 50 --seed 1 --strategy sum-entropy --json
    r = codebreaker.Game("quordle").simulate(sample=50, seed=1)
    assert (r.games, r.wins, r.total, r.boards, r.boards_solved) == (50, 50, 347, 4, 200)
    assert r.distribution == {6: 11, 7: 31, 8: 8} and r.average == pytest.approx(6.94)
    # codebreaker simulate --game dordle --strategy one-by-one,minimax --sample 20 --seed 5 --json
    dordle = codebreaker.Game("wordle", boards=2)
    r = dordle.simulate("one-by-one", sample=20, seed=5)
    assert r.strategy == "one-by-one (parts)" and r.distribution == {4: 6, 5: 11, 6: 3} and r.max == 6
    assert dordle.simulate("minimax", sample=20, seed=5).distribution == {4: 3, 5: 11, 6: 6}


def test_boards_history() -> None:
    quordle = codebreaker.Game("quordle")
    first = [quordle.feedback("soare", s) for s in SECRETS]
    boards = quordle.candidates_by_board([("soare", first)])
    wordle = codebreaker.Game()
    assert boards == [wordle.candidates([("soare", f)]) for f in first]
    # the same turn as one string, and what the strategy plays next (as in solve above)
    assert quordle.best_guess(["soare=" + " ".join(first)]) == "clint"
    with pytest.raises(codebreaker.InvalidArgument, match="one board"):
        quordle.rank()
    with pytest.raises(codebreaker.InvalidArgument, match="4 feedbacks"):
        quordle.candidates_by_board(["soare=....."])


def test_variant_errors() -> None:
    with pytest.raises(codebreaker.InvalidArgument, match="has 4 boards"):
        codebreaker.Game("quordle", boards=2)
    with pytest.raises(codebreaker.InvalidArgument, match="Symble"):
        codebreaker.Game("symble", boards=2)
    with pytest.raises(codebreaker.InvalidArgument, match="not both"):
        codebreaker.Game("quordle", adversary=True)
    with pytest.raises(codebreaker.InvalidArgument, match="without hard mode"):
        codebreaker.Game("dordle").solve(["aback", "zesty"], hard=True)
    with pytest.raises(codebreaker.InvalidArgument, match="honest codemaker"):
        codebreaker.Game("absurdle").simulate()


def test_absurdle() -> None:
    absurdle = codebreaker.Game("absurdle")
    assert absurdle.adversary and absurdle.boards == 1
    assert absurdle.answer("salet") == "....."
    # codebreaker solve --game absurdle --json
    play = absurdle.solve()
    assert play.strategy == "minimax" and play.won and play.secrets == ()
    assert play.guesses == ["arise", "bludy", "chump", "touch", "vouch"] and play.feedback[-1] == ("GGGGG",)
    # a history without feedback: the adversary answers
    assert absurdle.candidates(["arise", "bludy"]) == absurdle.candidates(["arise=.....", "bludy=..G.."])
    # codebreaker optimal --game absurdle --first salet --json
    r = absurdle.optimal(first="salet")
    assert r.proved and r.total == 4 and r.lower == 4
    assert r.sequence == ("salet", "groin", "dampy", "chuck") and r.left == (221, 14, 1, 0)
    assert len(absurdle.candidates(["salet"])) == 221
    assert [row["guess"] for row in r.records()] == list(r.sequence)
    # from a position: the same search after the opener played
    assert absurdle.optimal(history=["salet"]).sequence == r.sequence


def test_absurdle_mastermind() -> None:
    game = codebreaker.Game("mastermind", adversary=True)
    r = game.optimal()
    assert r.proved and r.total == len(r.sequence) and r.left[-1] == 0
    assert game.solve(strategy="minimax").won
