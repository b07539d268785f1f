"""Results are dataclasses; records() gives flat rows that pandas reads as they are."""

import dataclasses
from pathlib import Path

import pandas
import pytest

import codebreaker


@pytest.fixture(scope="module")
def mastermind() -> codebreaker.Game:
    return codebreaker.Game("mastermind")


def test_results_are_dataclasses(mastermind: codebreaker.Game) -> None:
    r = mastermind.simulate("minimax")
    assert dataclasses.is_dataclass(r) and isinstance(r, codebreaker.Simulation)
    assert r.total == r["total"] == r.to_dict()["total"] == 5801
    with pytest.raises(KeyError):
        r["nonsense"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.total = 0  # type: ignore[misc]
    with pytest.raises(ValueError, match="games=True"):
        r.records()
    assert all(dataclasses.is_dataclass(s) for s in codebreaker.strategies() + codebreaker.lists())


def test_simulation_records(mastermind: codebreaker.Game) -> None:
    r = mastermind.simulate("minimax", games=True)
    rows = r.records()
    assert len(rows) == 1296 and set(rows[0]) == {"secret", "guesses", "won", "path"}
    assert sum(int(row["guesses"] or 0) for row in rows) == 5801
    frame = pandas.DataFrame(rows)
    assert frame.shape == (1296, 4) and int(frame["guesses"].sum()) == 5801
    assert frame.groupby("guesses").size().to_dict() == r.distribution
    assert r.dataframe().equals(frame)


def test_ranking(mastermind: codebreaker.Game) -> None:
    ranking = mastermind.rank(["1122=1B0W"], "minimax", limit=5)
    assert isinstance(ranking, codebreaker.Ranking) and len(ranking) == 5
    assert ranking.history == ("1122=1B0W",) and ranking.candidates == 256
    assert ranking[0] is ranking.scores[0] and list(ranking)[1:] == ranking[1:]
    frame = ranking.dataframe()
    assert list(frame["rank"]) == [1, 2, 3, 4, 5] and list(frame["guess"]) == [s.guess for s in ranking]
    assert list(frame["largest"]) == sorted(frame["largest"])


def test_tree_records(mastermind: codebreaker.Game, tmp_path: Path) -> None:
    r = mastermind.optimal(first="1123")
    rows = r.records()
    assert len(rows) == 1296 and all(row["won"] for row in rows)
    assert sum(int(row["guesses"] or 0) for row in rows) == r.total
    frame = pandas.DataFrame(rows)
    assert frame["guesses"].max() == r.max and frame.groupby("guesses").size().to_dict() == r.distribution
    assert all(str(row["path"]).split()[-1] == row["secret"] for row in rows)


def test_play_records() -> None:
    play = codebreaker.Game("mastermind").solve("1234", "minimax")
    assert play.won and play.guesses[0] == "1122" and play.guesses[-1] == "1234"
    rows = play.records()
    assert [row["turn"] for row in rows] == list(range(1, len(play.guesses) + 1))
    assert rows[-1]["feedback"] == "4B0W"


def test_typed() -> None:
    assert (Path(codebreaker.__file__).parent / "py.typed").is_file()
