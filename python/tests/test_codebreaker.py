"""Tests of the Python package, installed with its library (tests/install/python.sh runs them)."""

import gc
import math
from pathlib import Path

import pytest

import codebreaker
from codebreaker import CodebreakerError


@pytest.fixture(scope="module")
def mastermind() -> codebreaker.Game:
    return codebreaker.Game("mastermind")


@pytest.fixture(scope="module")
def wordle() -> codebreaker.Game:
    return codebreaker.Game()


def test_version() -> None:
    assert codebreaker.library_version() == codebreaker.__version__
    assert {s.name for s in codebreaker.strategies()} >= {"minimax", "expected", "parts", "entropy"}


def test_games(mastermind: codebreaker.Game, wordle: codebreaker.Game) -> None:
    assert len(mastermind) == 1296 and mastermind.rule == "mastermind" and mastermind.length == 4
    assert len(wordle) == 2315 and len(wordle.guesses) == 12972
    assert wordle.secrets[0] == "aback" and wordle.guesses[0] == "aahed"
    assert len(codebreaker.Game("mastermind", colors=8, pegs=5)) == 8**5
    assert len(codebreaker.Game("bulls")) == 10 * 9 * 8 * 7
    assert len(codebreaker.Game(dictionary="english", length=6)) == 29874  # data/README.md


def test_registry_games() -> None:
    # every game of the library's registry, variants too, as Game(name) plays it: nothing named by hand
    rows = {g.name: g for g in codebreaker.games()}
    assert rows["quordle"].boards == 4 and rows["quordle"].max_guesses == 9 and not rows["quordle"].hard_mode
    assert rows["absurdle"].adversary and rows["absurdle"].boards == 1 and rows["absurdle"].strategy == "minimax"
    assert rows["wordle"].hard_mode and rows["wordle"].lists == "original" and rows["mastermind"].lists is None
    for g in rows.values():
        game = codebreaker.Game(g.name)
        assert game.boards == g.boards and game.adversary == g.adversary, g.name


def test_feedback(mastermind: codebreaker.Game, wordle: codebreaker.Game) -> None:
    assert wordle.feedback("salet", "aback") == ".Y..."
    assert wordle.feedback("CRANE", "caper") == "GYY.Y"
    assert mastermind.feedback("1122", "1223") == "2B1W"
    assert mastermind.feedback("1111", "2222") == "0B0W"
    # Symble: the colours per codeword position, i.e. Wordle with guess and codeword swapped.
    symble = codebreaker.Game("symble")
    assert symble.feedback("salet", "aback") == "Y...."  # as `codebreaker feedback --game symble`
    assert len(symble.candidates(["salet=abaaa"])) == 182


def test_candidates(wordle: codebreaker.Game, mastermind: codebreaker.Game) -> None:
    assert wordle.candidates([("salet", ".Y..."), "crony=..G.."]) == ["avoid"]
    assert len(wordle.candidates()) == 2315
    assert len(mastermind.candidates(["1122=4B0W"])) == 1


# Figure 1 of the dashboard paper (seed 002_a0a23a1225e6d45b.txt, "Simplified partition table for
# the first turn of a Mastermind game"): rows blacks,whites; columns AAAA AAAB AABB AABC ABCD.
FIGURE_1 = {
    (0, 0): [625, 256, 256, 81, 16],
    (0, 1): [0, 308, 256, 276, 152],
    (0, 2): [0, 61, 96, 222, 312],
    (0, 3): [0, 0, 16, 44, 136],
    (0, 4): [0, 0, 1, 2, 9],
    (1, 0): [500, 317, 256, 182, 108],
    (1, 1): [0, 156, 208, 230, 252],
    (1, 2): [0, 27, 36, 84, 132],
    (1, 3): [0, 0, 0, 4, 8],
    (2, 0): [150, 123, 114, 105, 96],
    (2, 1): [0, 24, 32, 40, 48],
    (2, 2): [0, 3, 4, 5, 6],
    (3, 0): [20, 20, 20, 20, 20],
    (4, 0): [1, 1, 1, 1, 1],
}
OPENERS = ["1111", "1112", "1122", "1123", "1234"]


def test_figure_1_partition_table(mastermind: codebreaker.Game) -> None:
    columns = [mastermind.partition(code) for code in OPENERS]
    for (b, w), row in FIGURE_1.items():
        assert [c.get(f"{b}B{w}W", 0) for c in columns] == row
    assert all(sum(c.values()) == 1296 for c in columns)
    assert sum(len(c) for c in columns) == sum(x > 0 for row in FIGURE_1.values() for x in row)


def test_rank_figures_2_and_3(mastermind: codebreaker.Game) -> None:
    # The same paper's Figure 2 (expected size) and Figure 3 (entropy, bits) for the five openers.
    scores = {r["guess"]: r for r in mastermind.rank(strategy="entropy", limit=1296)}
    expected = [511.9, 235.9, 204.5, 185.3, 188.2]
    entropy = [1.498, 2.693, 2.885, 3.044, 3.057]
    for code, e, h in zip(OPENERS, expected, entropy):
        assert abs(scores[code]["expected"] - e) < 0.1  # the paper rounds all but AAAA's 511.98
        assert round(scores[code]["entropy"], 3) == h
        sizes = mastermind.partition(code).values()
        assert scores[code]["largest"] == max(sizes) and scores[code]["parts"] == len(sizes)
        assert math.isclose(scores[code]["entropy"], -sum(s / 1296 * math.log2(s / 1296) for s in sizes))
    best = mastermind.rank(strategy="minimax", limit=3)
    assert best[0]["guess"] == "1122" and best[0]["largest"] == 256
    assert mastermind.best_guess(strategy="minimax") == "1122"


def test_simulate(mastermind: codebreaker.Game, wordle: codebreaker.Game) -> None:
    # Knuth's minimax over Mastermind: 5801 guesses, at most 5 (Kooi 2005).
    r = mastermind.simulate("minimax")
    assert r["total"] == 5801 and r["max"] == 5 and r["games"] == 1296
    assert r.distribution == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694} and r["first_guess"] == "1122"
    r = wordle.simulate("parts", sample=50, seed=3, games=True)
    assert r.games == 50 and r.played is not None and len(r.played) == 50
    for g in r.played:
        assert g.won and g.path[-1] == g.secret and len(g.path) == g.guesses


def test_optimal_and_trees(mastermind: codebreaker.Game, tmp_path: Path) -> None:
    # 5625 guesses over the 1296 codes, proved optimal (Koyama and Lai 1993).
    r = mastermind.optimal()
    assert r["proved"] and r["total"] == 5625 and r["max"] == 6
    tree = r["tree"]
    assert tree.guess == r["first"]
    assert tree.verify()["total"] == 5625
    assert tree.next([(r["first"], "4B0W")]) is None
    d = tree.to_dict()
    assert d["guess"] == r["first"] and len(d["next"]) == 13  # 14 parts, one of them the win
    path = tmp_path / "mm.tree"
    tree.save(str(path))
    again = codebreaker.Tree.load(mastermind, str(path))
    assert again.verify()["total"] == 5625 and again.to_dict() == d
    del tree, again, r
    gc.collect()


def test_errors(wordle: codebreaker.Game, tmp_path: Path) -> None:
    with pytest.raises(codebreaker.ParseError, match="'abc' has 3"):
        wordle.feedback("abc", "aback")
    with pytest.raises(codebreaker.NotFound, match="not one of the possible secrets"):
        wordle.feedback("salet", "aahed")
    with pytest.raises(codebreaker.Contradiction):
        wordle.candidates(["salet=GGGGG", "crane=GGGGG"])
    with pytest.raises(codebreaker.NotFound):
        wordle.simulate("nonsense")
    with pytest.raises(codebreaker.NotFound, match="unknown game"):
        codebreaker.Game("chess")
    with pytest.raises(OSError, match="missing.txt"):
        codebreaker.Game("wordle", words=str(tmp_path / "missing.txt"))
    with pytest.raises(ValueError):
        wordle.rank(limit=0)
    assert issubclass(codebreaker.ParseError, CodebreakerError)


def test_word_list(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("abc\nbca\ncab\nacb\n")
    game = codebreaker.Game("wordle", words=str(words))
    assert len(game) == 4 and game.feedback("abc", "bca") == "YYY"
    r = game.simulate("minimax")
    assert r["games"] == 4 and r["lost"] == 0


def test_memory_is_owned_by_python() -> None:
    game = codebreaker.Game("mastermind")
    game.simulate("parts", sample=10)
    finalizer = game._finalizer
    assert finalizer.alive
    del game
    gc.collect()
    assert not finalizer.alive
    for _ in range(20):  # made and dropped: the library's memory goes with them
        codebreaker.Game("mastermind").partition("1122")


def test_exact_coach() -> None:
    """Issue 27's figures: the position after roate=.Y... totals 167 (the solver from the position,
    and the ranking's best); a review of crane roate cigar against Selby's proofs (CRANE 7930,
    SALET 7920 over the 2315 answers)."""
    g = codebreaker.Game("wordle")
    assert g.optimal(history=["roate=.Y..."]).total == 167
    ranking = g.rank_exact(["roate=.Y..."], limit=3)
    assert ranking.candidates == 66 and ranking[0].total == 167 and ranking[0].proved
    assert ranking[0].expected == 167 / 66 and len(ranking.records()) == 3 and ranking.source is None
    opening = g.rank_exact([], limit=2)  # read from the opening book (issue 37), not searched
    assert opening.source == "book" and opening[0].guess == "salet"
    assert opening[0].total == 7920 and opening[0].proved and opening[1].total >= 7920
    review = g.review(["crane", "roate", "cigar"], answer="cigar")
    first = review.turns[0]
    assert review.won and first.candidates == 2315 and first.best == "salet"
    assert abs(first.expected - 7930 / 2315) < 1e-9 and abs(first.best_expected - 7920 / 2315) < 1e-9
    # skill 100 only for a best guess: CRANE's 99.57 is rounded down to a tenth (coach.h)
    assert first.skill == 99.5 and review.skill is not None and not review.timed_out
    # the same figures as the program's review --json: the library's budget of work, the game's limit
    assert first.expected_upper == first.expected and first.best_candidate is not None
    assert review.turns[-1].left == 0 and review.records()[0]["guess"] == "crane"
    # where every guess can lose: the least chance of losing, and the guess that loses least (losses.c)
    lost = codebreaker.Game("wordle", lists="nyt2023").review(
        ["stare", "match", "patch", "latch", "catch", "clamp"], answer="hatch"
    )
    last = lost.turns[-1]
    assert not lost.won and last.can_lose and last.lose_proved and last.lose_chance == 1.0
    assert last.best_can_lose and last.best == "batch" and last.best_lose_chance is not None
    assert abs(last.best_lose_chance - 2 / 3) < 1e-6
    assert last.skill == 66.6 and lost.turns[4].lose_chance == 0.5 and not lost.turns[4].best_can_lose


def test_registry_rows() -> None:
    """Games that are one row of the library's registry, with no edit to the package (issue 41)."""
    w6 = codebreaker.Game("wordle6")
    assert (len(w6), w6.length, w6.rule, w6.max_guesses) == (2525, 6, "wordle", 6)  # data/english/common6.txt
    assert len(codebreaker.Game("jotto")) == 200  # its own list (data/jotto/common.txt)
    jotto = codebreaker.Game("jotto", lists="answers")
    assert (len(jotto), jotto.rule, jotto.max_guesses) == (2315, "jotto", 15)
    assert jotto.feedback("stare", "crane") == "3" and jotto.feedback("crane", "crane") == "won"
    assert jotto.candidates(["react=5"]) == ["cater", "crate", "trace"]
    assert jotto.best_guess(["react=5"]) in {"cater", "crate", "trace"}
    bagels = codebreaker.Game("bagels")
    assert (len(bagels), bagels.length, bagels.feedback("123", "132")) == (720, 3, "1B2W")


def test_daily() -> None:
    """The daily game as `play --daily` and the page draw it (issue 56): the daily lists by default."""
    d = codebreaker.daily("2026-11-27")
    # tests/cli/cli_interactive.sh: play --daily 2026-11-27 finds match; with --lists original, hunky
    assert (d.number, d.lists, d.secret, d.title) == (331, "nyt2023", "match", "Wordle (nyt2023) daily #331")
    o = codebreaker.daily("2026-11-27", lists="original", hard=True)
    assert (o.secret, o.title) == ("hunky", "Wordle (original) daily #331 hard")
    assert codebreaker.daily("2026-01-01", "bagels").title == "Bagels daily #1"
    assert codebreaker.daily("2026-11-27", "jotto").lists == "jotto"
    for bad, why in (("9999-12-31", "not out yet"), ("2025-12-31", "before the first"), ("2026-02-30", "not a date")):
        with pytest.raises(codebreaker.InvalidArgument, match=why):
            codebreaker.daily(bad)
