"""What the library's calls return: dataclasses, each with to_dict(), and for those that hold
rows (a ranking, a simulation's games, a tree's secrets, a game played) records(): a list of flat
dicts, one per row, which pandas reads as it is (pandas.DataFrame(result.records())), and
dataframe(), which does that when pandas is installed.

Fields are only ever added, with defaults, so code that reads them keeps working (exact ranking
and reviews will add some). Item access (result["total"]) reads a field, as the dicts of earlier
versions did.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, TypeVar, Union, overload

if TYPE_CHECKING:
    from ._game import Tree

Record = Dict[str, Union[str, int, float, bool, None]]


class _Fields:
    """Item access to the fields, and to_dict()."""

    def __getitem__(self, key: str) -> Any:
        if key not in {f.name for f in fields(self)}:
            raise KeyError(key)
        return getattr(self, key)

    def to_dict(self) -> Dict[str, Any]:
        """The fields as a dict (shallow: lists and trees are shared)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


class _Rows(_Fields):
    """records() and dataframe() over the rows of a result."""

    def records(self) -> List[Record]:
        raise NotImplementedError

    def dataframe(self) -> Any:
        """records() as a pandas.DataFrame (pandas must be installed)."""
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError("dataframe() needs pandas; records() gives the same rows as dicts") from None
        return pandas.DataFrame.from_records(self.records())


_S = TypeVar("_S", bound=_Fields)


class _Ranked(_Rows, Sequence[_S]):
    """A ranking's guesses as a sequence (ranking[0] the best), its fields by name, a row per guess."""

    scores: List[_S]

    @overload
    def __getitem__(self, key: int) -> _S: ...

    @overload
    def __getitem__(self, key: slice) -> List[_S]: ...

    @overload
    def __getitem__(self, key: str) -> Any: ...

    def __getitem__(self, key: Union[int, slice, str]) -> Any:
        if isinstance(key, str):
            return super().__getitem__(key)
        return self.scores[key]

    def __len__(self) -> int:
        return len(self.scores)

    def __iter__(self) -> Iterator[_S]:
        return iter(self.scores)

    def records(self) -> List[Record]:
        """One row per guess: rank (1 first) and every score."""
        return [{"rank": i + 1, **s.to_dict()} for i, s in enumerate(self.scores)]


@dataclass(frozen=True)
class GameInfo(_Fields):
    """A game of the library's registry (codebreaker.games(), Game(name)): a preset or a variant."""

    name: str
    label: str
    summary: str
    rule: str  # the rule's name: "wordle", "mastermind" ...
    boards: int  # boards played at once (1: one)
    adversary: bool  # the codemaker dodges (Absurdle)
    max_guesses: int  # the game's usual limit of guesses
    hard: bool  # played in the rule's hard mode unless told otherwise
    hard_mode: bool  # hard mode applies (the rule has one, on one board)
    lists: Optional[str]  # the bundled word lists of a word game (None: codes, or a dictionary)
    strategy: str  # the strategy to play or advise with when none is named


@dataclass(frozen=True)
class Strategy(_Fields):
    """A strategy the library knows (codebreaker.strategies())."""

    name: str
    summary: str
    source: str  # where it comes from: a paper, or "this project"
    greedy: bool  # a key over the partition of the candidates
    label: str = ""  # for people, by the literature's name: "Knuth worst case"
    random: bool = False  # draws from the seed: not deterministic
    rank: bool = False  # ranks every guess by its score (Game.rank)
    score_format: Optional[str] = None  # how its score is written: "%.2f bits"


@dataclass(frozen=True)
class WordLists(_Fields):
    """A named pair of bundled Wordle lists (codebreaker.lists(), Game(lists=name))."""

    name: str
    label: str
    summary: str
    answers: str  # the bundled file of the possible secrets
    guesses: Optional[str]  # of the allowed guesses; None when the answers are the guesses
    wider: Optional[str]  # the lists with every allowed guess a possible answer, or None


@dataclass(frozen=True)
class Daily(_Fields):
    """The daily game of a date (codebreaker.daily()): the same secret as `play --daily` and the page."""

    date: str  # YYYY-MM-DD
    number: int  # this project's own number: 2026-01-01 is 1
    lists: Optional[str]  # the bundled lists played (the daily lists, nyt2023, unless named), or None
    secret: str  # the word (or code) everyone plays that day
    title: str  # the name it shares under: "Wordle (nyt2023) daily #333"


@dataclass(frozen=True)
class Score(_Fields):
    """Every score of one guess in a position: a row of the partition table of the papers."""

    guess: str
    largest: int  # size of the largest part
    expected: float  # expected size of the part of the secret
    parts: int  # non-empty parts, the won part included
    entropy: float  # bits
    frequency: float  # the guess's word probability among the candidates
    candidate: bool  # the guess may be the secret
    legal: bool  # allowed now (hard mode)
    score: float  # the ranking strategy's own score


@dataclass(frozen=True)
class Ranking(_Ranked[Score]):
    """The best guesses of a position by a strategy's order, best first (Game.rank). A sequence
    of Score: ranking[0].guess is the best guess."""

    strategy: str
    history: Tuple[str, ...]  # the turns before, as 'guess=feedback'
    candidates: int  # secrets still possible
    scores: List[Score] = field(default_factory=list)


@dataclass(frozen=True)
class GameRecord(_Fields):
    """One game of a simulation: the secret and the guesses played against it."""

    secret: str
    guesses: int
    won: bool
    path: Tuple[str, ...]


@dataclass(frozen=True)
class Simulation(_Rows):
    """A strategy played against every secret, or a seeded sample (Game.simulate). With several
    boards a game is a tuple of secrets, total and average count the games won, and
    boards_solved the boards solved over all games."""

    strategy: str
    games: int
    total: int  # guesses over the games (won games only, with several boards)
    average: float
    median: float
    stddev: float
    min: int
    max: int
    distribution: Dict[int, int]  # {guesses: games won in that many}
    lost: int
    wins_within: int  # the limit of wins (0: none)
    wins: int
    first_guess: Optional[str]
    removed: float  # average share of the candidates each guess removed
    seconds: float
    states: int  # distinct positions decided
    boards: int = 1
    boards_solved: Optional[int] = None
    seed: int = 0
    played: Optional[List[GameRecord]] = None  # simulate(games=True): every game

    def records(self) -> List[Record]:
        """One row per game: secret, guesses, won, path (the guesses, space-separated)."""
        if self.played is None:
            raise ValueError("the games were not kept: simulate(..., games=True) keeps them")
        return [{"secret": g.secret, "guesses": g.guesses, "won": g.won, "path": " ".join(g.path)} for g in self.played]


@dataclass(frozen=True)
class TreeStats(_Fields):
    """A decision tree checked over every secret (Tree.verify)."""

    games: int
    total: int
    average: float
    max: int
    distribution: Dict[int, int]
    nodes: int


@dataclass(frozen=True)
class Optimal(_Rows):
    """The exact solver's answer (Game.optimal). Against the adversary (Absurdle) there is one
    game: total is the fewest guesses that win, sequence a sequence that does, lower the
    proved least."""

    proved: bool  # the total is optimal
    stopped: bool  # the time limit stopped the search
    infeasible: bool  # no strategy wins within max_guesses
    total: int
    lower: int  # proved lower bound on the optimum
    average: float
    max: int
    distribution: Dict[int, int]
    first: Optional[str]  # the opener
    worst_limit: int  # objective "worst": the least worst case proved
    nodes: int
    seconds: float
    tree: Optional["Tree"] = None  # the strategy (one board)
    sequence: Tuple[str, ...] = ()  # the winning guesses (the adversary)
    left: Tuple[int, ...] = ()  # candidates left after each of them

    def records(self) -> List[Record]:
        """One row per secret (the tree's) or, against the adversary, per guess of the sequence."""
        if self.tree is not None:
            return self.tree.records()
        return [{"turn": i + 1, "guess": g, "left": n} for i, (g, n) in enumerate(zip(self.sequence, self.left))]


@dataclass(frozen=True)
class Play(_Rows):
    """A strategy playing one game (Game.solve): against a secret, one secret per board, or the
    adversary (no secret)."""

    strategy: str
    secrets: Tuple[str, ...]  # one per board; () against the adversary
    guesses: List[str]
    feedback: List[Tuple[str, ...]]  # per turn, one per board ("" once the board is solved)
    won: bool

    def records(self) -> List[Record]:
        """One row per turn and board: turn, board, guess, feedback."""
        return [
            {"turn": t + 1, "board": b + 1, "guess": g, "feedback": fb}
            for t, (g, fbs) in enumerate(zip(self.guesses, self.feedback))
            for b, fb in enumerate(fbs)
            if fb
        ]


@dataclass(frozen=True)
class ExactScore(_Fields):
    """A guess of a position and its proved value (Game.rank_exact)."""

    guess: str
    total: int  # guesses from the position when it is played first, summed over the candidates
    expected: float  # total over the candidates: the expected guesses to finish, itself included
    proved: bool  # total is exact; else a proved lower bound (the search's budget of work ran out)
    candidate: bool  # it may be the secret
    win_chance: float  # the share of the candidates it wins at once
    worst: Optional[int]  # most guesses from the position with the strategy found (proved values)
    upper: Optional[int] = None  # the total of a strategy held (== total when proved); None: none known
    can_lose: bool = False  # no strategy after it is sure to win within the limit (total then 0)
    answer_word: bool = False  # one of the game's possible answers (else an obscure word to most players)
    lose_chance: Optional[float] = None  # can_lose: the chance of losing after it (the least when lose_proved)
    lose_proved: bool = False


@dataclass(frozen=True)
class ExactRanking(_Ranked[ExactScore]):
    """The guesses of a position by proved expected number of guesses, best first (Game.rank_exact)."""

    history: Tuple[str, ...]
    candidates: int
    stopped: bool  # some values are bounds
    seconds: float
    scores: List[ExactScore] = field(default_factory=list)
    source: Optional[str] = None  # "book": read from the opening book at the opening, nothing searched
    timed_out: bool = False  # the time limit (an outer guard) fired: the figures may differ on a rerun


@dataclass(frozen=True)
class ReviewTurn(_Fields):
    """One turn of a reviewed game (Game.review): the position before it, the guess against the best."""

    guess: str
    feedback: str
    candidates: int  # before the guess
    expected: float  # the guess's expected guesses to finish, itself included
    proved: bool
    best: Optional[str]
    best_expected: float
    best_proved: bool
    skill: Optional[float]  # 0 to 100 (coach.h defines it); None when a value is unproved
    luck: Optional[float]  # 0 to 100, 50 an average draw; None when unknown
    left: int  # candidates after the feedback
    line: Tuple[str, ...] = ()  # optimal play from here to the answer (a won game)
    expected_upper: Optional[float] = None  # a strategy held: the value lies in [expected, expected_upper]
    best_expected_upper: Optional[float] = None
    can_lose: bool = False  # no strategy after the guess is sure to win within the limit
    lose_chance: Optional[float] = None  # the chance of losing after it: the least when lose_proved, else at most that
    lose_proved: bool = False
    best_can_lose: bool = False  # every guess can lose: best is then the one that loses least found
    best_lose_chance: Optional[float] = None
    best_candidate: Optional[str] = None  # the best guess that could win now
    candidate_expected: Optional[float] = None
    candidate_proved: bool = False
    answer_word: bool = False  # the guess is one of the game's possible answers
    book: bool = False  # the values were read from the opening book


@dataclass(frozen=True)
class Review(_Rows):
    """A game graded turn by turn against proved optimal play (Game.review)."""

    won: bool
    seconds: float
    turns: List[ReviewTurn] = field(default_factory=list)
    skill: Optional[float] = None  # averaged over the turns where known (coach.h)
    luck: Optional[float] = None
    timed_out: bool = False  # the time limit (an outer guard) fired: the figures may differ on a rerun

    def records(self) -> List[Record]:
        return [
            {"turn": i + 1, **{k: v for k, v in t.to_dict().items() if k != "line"}, "line": " ".join(t.line)}
            for i, t in enumerate(self.turns)
        ]
