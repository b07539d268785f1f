"""codebreaker: Mastermind, Wordle and Symble from Python, with the C library libcodebreaker inside.

    >>> import codebreaker
    >>> game = codebreaker.Game("mastermind")
    >>> game.feedback("1122", "1223")
    '2B1W'
    >>> game.simulate("minimax").total
    5801

Games, guesses and feedbacks are plain strings as people write them; results are dataclasses
(codebreaker.results) whose records() pandas reads. Failures of the library raise
CodebreakerError (a ValueError, OSError or MemoryError as fits), with the library's sentence as
the message. The library's objects are freed when the Python objects that own them are
collected. docs/python.md in the repository is the tutorial.
"""

from __future__ import annotations

import datetime
from ctypes import byref, c_int, c_size_t, c_uint32, create_string_buffer
from typing import List, Optional

from . import _native as N
from ._errors import (
    Canceled,
    check,
    CodebreakerError,
    Contradiction,
    Empty,
    FileError,
    IllegalGuess,
    InvalidArgument,
    NotFound,
    OutOfMemory,
    ParseError,
    TooBig,
)
from ._game import Game, History, Tree, Turn, _bytes
from .results import (
    ExactRanking,
    Daily,
    ExactScore,
    GameInfo,
    GameRecord,
    Optimal,
    Play,
    Ranking,
    Record,
    Review,
    ReviewTurn,
    Score,
    Simulation,
    Strategy,
    TreeStats,
    WordLists,
)

__version__ = "0.4.0"
__all__ = [
    "Game",
    "Tree",
    "Turn",
    "History",
    "strategies",
    "games",
    "board_strategies",
    "lists",
    "daily",
    "Daily",
    "library_version",
    "__version__",
    "GameInfo",
    "GameRecord",
    "Optimal",
    "ExactRanking",
    "ExactScore",
    "Review",
    "ReviewTurn",
    "Play",
    "Ranking",
    "Record",
    "Score",
    "Simulation",
    "Strategy",
    "TreeStats",
    "WordLists",
    "CodebreakerError",
    "InvalidArgument",
    "ParseError",
    "NotFound",
    "Contradiction",
    "TooBig",
    "IllegalGuess",
    "Empty",
    "FileError",
    "OutOfMemory",
    "Canceled",
]


def _text(s: bytes) -> str:
    return s.decode("utf-8") if s is not None else ""


def library_version() -> str:
    """The version of the C library loaded, e.g. '0.4.0'."""
    return _text(N.version())


def strategies() -> List[Strategy]:
    """The strategies of one board the library knows, in its registry's order (name, label,
    summary, source, greedy, random, rank, score_format)."""
    rows = [N.strategy_at(i).contents for i in range(N.strategy_count())]
    return [
        Strategy(
            _text(r.name),
            _text(r.summary),
            _text(r.source),
            bool(r.traits & N.TRAIT_GREEDY),
            _text(r.label),
            bool(r.traits & N.TRAIT_RANDOM),
            bool(r.traits & N.TRAIT_RANKS),
            _text(r.score_format) or None,
        )
        for r in rows
    ]


def games() -> List[GameInfo]:
    """Every game of the library's registry, the variants (several boards, the adversary) too, in
    its order, as Game(name) takes them: boards, adversary, guess limit, hard mode and word lists."""
    out = []
    for i in range(N.game_preset_count()):
        p = N.game_preset_at(i).contents
        rule = N.rule_describe(p.rule).contents
        boards = p.boards if p.boards > 1 else 1
        setup = N.GameSetup()
        N.game_setup_default(byref(setup))
        setup.game = p.name
        out.append(
            GameInfo(
                name=_text(p.name),
                label=_text(p.label),
                summary=_text(p.summary),
                rule=_text(rule.name),
                boards=boards,
                adversary=bool(p.adversary),
                max_guesses=int(N.game_setup_max_guesses(byref(setup))),
                hard=bool(p.hard),
                hard_mode=bool(rule.hard_mode) and boards == 1,
                lists=(_text(p.lists) or "original") if rule.words and not p.dictionary else None,
                strategy=_text(N.game_setup_strategy(byref(setup))),
            )
        )
    return out


def board_strategies() -> List[str]:
    """The strategies of several boards: sum-entropy, sum-expected, one-by-one."""
    count = c_size_t()
    names = N.multi_strategy_names(byref(count))
    return [_text(names[i]) for i in range(count.value)]


def daily(date: str, name: str = "wordle", *, lists: Optional[str] = None, hard: bool = False) -> Daily:
    """The daily game of a date (YYYY-MM-DD) in game `name`: the secret everyone plays that day, as
    `codebreaker play --daily DATE` and the page's Daily draw it (include/codebreaker/daily.h). A word
    game with no lists named plays the daily lists, nyt2023. Game(name, lists=daily(...).lists) is
    the game it is played in. Dates run from 2026-01-01 (#1) to today, with a day of grace."""
    d, err = N.Date(), N.Error()
    check(N.daily_parse(_bytes(date), byref(d), byref(err)), err)
    now = datetime.date.today()
    check(N.daily_check_today(d, N.Date(now.year, now.month, now.day), byref(err)), err)
    setup = N.GameSetup()
    N.game_setup_default(byref(setup))
    setup.game, setup.lists = _bytes(name), _bytes(lists)
    N.daily_setup(byref(setup))
    named = N.game_setup_lists(byref(setup))
    chosen = named.decode() if named else None
    game = Game(name, lists=chosen)
    secret, mapping = c_uint32(), c_int()
    check(N.daily_secret(game._game, d, byref(secret), byref(mapping), byref(err)), err)
    preset = N.game_preset_find(_bytes(name))
    label = preset.contents.label if preset else _bytes(name)
    title = create_string_buffer(N.DAILY_TITLE)
    N.daily_title(label, named, byref(d), int(hard), title, N.DAILY_TITLE)
    return Daily(date, int(N.daily_number(d)), chosen, game._secret_text(secret.value), _text(title.value))


def lists() -> List[WordLists]:
    """The bundled Wordle lists by name, as Game(lists=name) takes them: original, nyt2023 ..."""
    count = c_size_t()
    found = N.word_lists_all(byref(count))
    return [
        WordLists(
            _text(w.name),
            _text(w.label),
            _text(w.summary),
            _text(w.answers),
            w.guesses.decode() if w.guesses else None,
            w.wider.decode() if w.wider else None,
        )
        for w in found[: count.value]
    ]


_lib_number = int(N.version_number())
if _lib_number // 10000 != N.ABI_MAJOR or _lib_number // 100 % 100 != N.ABI_MINOR:
    raise ImportError(
        f"codebreaker {__version__} needs libcodebreaker {N.ABI_MAJOR}.{N.ABI_MINOR}, found {library_version()}"
    )
