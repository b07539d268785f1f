"""Games and decision trees over the library's handles: Game (one board against an honest
codemaker, several boards, or the adversary) and Tree."""

from __future__ import annotations

import math
import weakref
from ctypes import byref, c_double, c_int, c_size_t, c_uint32, c_void_p, create_string_buffer
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _native as N
from ._errors import check, fail, invalid
from .results import (
    ExactRanking,
    ExactScore,
    GameRecord,
    Optimal,
    Play,
    Ranking,
    Record,
    Review,
    ReviewTurn,
    Score,
    Simulation,
    TreeStats,
)

# A turn of a history: "guess=feedback" or (guess, feedback); with several boards the feedback is
# one per board, space-separated or a sequence; against the adversary the feedback may be left
# out ("guess", or (guess, None)): the adversary's answer is taken.
Turn = Union[str, Tuple[str, Union[str, Sequence[str], None]]]
History = Sequence[Turn]

MULTI_DEFAULT_SAMPLE = 1000  # games of a several-board simulation when sample is 0, as the CLI's
ADVERSARY_SOLVE_MAX = 30  # solve against the adversary: a strategy not done by then has lost, as the CLI's


def _text(s: Optional[bytes]) -> str:
    return s.decode("utf-8") if s is not None else ""


def _bytes(s: Optional[object]) -> Optional[bytes]:
    return None if s is None else str(s).encode("utf-8")


def _split(turn: Turn) -> Tuple[str, Union[str, Sequence[str], None]]:
    if isinstance(turn, str):
        guess, sep, fb = turn.partition("=")
        return guess.strip(), (fb.strip() if sep else None)
    return turn[0], turn[1]


def _free_game(handles: Dict[str, Any]) -> None:
    if handles["table"]:
        N.table_free(handles["table"])
    if handles["game"]:
        N.game_free(handles["game"])
    handles["table"] = handles["game"] = None


class Game:
    """A game: its rules, its lists of codes, and the variant played on them.

    Game() is Wordle on the original lists; Game("symble"), Game("mastermind") (6 colours, 4
    pegs), Game("super") (8 x 5), Game("bulls") (10 x 4, no repeats) are the other presets.
    Game("dordle"), "quordle", "octordle", "sedecordle" play 2, 4, 8, 16 Wordle boards at once
    (or boards=K on any Wordle or Mastermind game); Game("absurdle") plays Wordle against the
    adversary (adversary=True on any Wordle or Mastermind game). Keywords change the game:
    Game(lists="nyt2023") (codebreaker.lists() names the bundled lists), Game("mastermind",
    colors=8, pegs=5), Game(words="list.txt"), Game(dictionary="english", length=6).
    """

    def __init__(
        self,
        name: str = "wordle",
        *,
        lists: Optional[str] = None,
        colors: Optional[int] = None,
        pegs: Optional[int] = None,
        no_repeat: Optional[bool] = None,
        answers: Optional[str] = None,
        guesses: Optional[str] = None,
        words: Optional[str] = None,
        dictionary: Optional[str] = None,
        length: Optional[int] = None,
        alphabet: Optional[str] = None,
        lenient: bool = False,
        boards: Optional[int] = None,
        adversary: bool = False,
    ):
        # The library checks the set-up and says what does not hold together (cb_game_setup_config),
        # as it does for the program's options.
        if words is not None and (answers is not None or guesses is not None):
            invalid("words= names one list for both: give it or answers=/guesses=, not both")
        if words is not None:
            answers = guesses = words
        preset = N.game_preset_find(_bytes(name))  # the registry's row: a variant has boards or the adversary
        single = not preset or (preset.contents.boards <= 1 and not preset.contents.adversary)
        setup = N.GameSetup()
        N.game_setup_default(byref(setup))
        setup.game = _bytes(name)
        setup.colors, setup.pegs, setup.length = colors or 0, pegs or 0, length or 0
        setup.lists, setup.answers, setup.guesses = _bytes(lists), _bytes(answers), _bytes(guesses)
        setup.dictionary, setup.alphabet = _bytes(dictionary), _bytes(alphabet)
        setup.no_repeat = 0 if no_repeat is None else 1 if no_repeat else -1  # False: the preset's repeats allowed again
        setup.lenient, setup.adversary = int(bool(lenient)), int(adversary)
        setup.boards = 0 if boards is None or (boards == 1 and single) else boards
        cfg = N.GameConfig()
        k, adv, err = c_int(), c_int(), N.Error()
        check(N.game_setup_config(byref(setup), byref(cfg), byref(k), byref(adv), byref(err)), err)
        self._boards, self._adversary = k.value, bool(adv.value)
        setup.boards, setup.adversary = self._boards, int(self._adversary)
        self._max_guesses = int(N.game_setup_max_guesses(byref(setup)))  # the set-up's limit, read once
        self._strategies = (_text(N.game_setup_strategy(byref(setup))), "")
        setup.hard = 1
        self._strategies = (self._strategies[0], _text(N.game_setup_strategy(byref(setup))))
        handle = c_void_p()
        err = N.Error()
        check(N.game_new(byref(cfg), byref(handle), byref(err)), err)
        self._h: Dict[str, Any] = {"game": handle, "table": None}
        self._finalizer = weakref.finalize(self, _free_game, self._h)

    # -- what the game is

    @property
    def _game(self) -> Any:
        return self._h["game"]

    @property
    def _table(self) -> Any:
        """The feedback table, made on first use and kept."""
        if self._h["table"] is None:
            opt = N.TableOptions()
            N.table_options_default(byref(opt))
            table = c_void_p()
            err = N.Error()
            check(N.table_new(self._game, byref(opt), byref(table), byref(err)), err)
            self._h["table"] = table
        return self._h["table"]

    @property
    def name(self) -> str:
        """A short description, e.g. 'wordle (2315 answers, 12972 guesses)'."""
        return _text(N.game_name(self._game))

    @property
    def rule(self) -> str:
        """'mastermind', 'wordle' or 'symble'."""
        return _text(N.game_rule_name(self._game))

    @property
    def _rule(self) -> Any:
        """The rule's description in the library's registry (cb_rule_info)."""
        return N.game_rule_info(self._game).contents

    @property
    def length(self) -> int:
        """Symbols per code (pegs, letters)."""
        return int(N.game_length(self._game))

    @property
    def colors(self) -> int:
        """Size of the alphabet."""
        return int(N.game_colors(self._game))

    @property
    def boards(self) -> int:
        """Boards played at once: 1, or 2, 4, 8, 16 for dordle ... sedecordle, or boards=K."""
        return self._boards

    @property
    def adversary(self) -> bool:
        """True when the codemaker is the adversary (Absurdle): no secret, the largest part kept."""
        return self._adversary

    @property
    def max_guesses(self) -> int:
        """The usual limit of guesses: 6 in Wordle, 10 in Mastermind, 9 in Quordle ... (the set-up's)."""
        return self._max_guesses

    def __len__(self) -> int:
        """The number of possible secrets (of one board)."""
        return int(N.game_secret_count(self._game))

    def __repr__(self) -> str:
        variant = f", {self.boards} boards" if self.boards > 1 else ", adversary" if self.adversary else ""
        return f"<codebreaker.Game {self.name}{variant}>"

    @property
    def guesses(self) -> List[str]:
        """Every allowed guess, in the game's order."""
        return [self._guess_text(i) for i in range(N.game_guess_count(self._game))]

    @property
    def secrets(self) -> List[str]:
        """Every possible secret, in the game's order."""
        return [self._secret_text(i) for i in range(N.game_secret_count(self._game))]

    # -- text and indices (the library's guess and secret indices never leave this module)

    def _parse(self, parse: Any, text: str) -> int:
        index = c_uint32()
        err = N.Error()
        check(parse(self._game, _bytes(text), byref(index), byref(err)), err)
        return index.value

    def _format(self, spell: Any, index: int) -> str:
        buf = create_string_buffer(256)
        spell(self._game, index, buf, len(buf))
        return buf.value.decode("utf-8")

    def _guess(self, text: str) -> int:
        return self._parse(N.game_parse_code, text)

    def _secret(self, text: str) -> int:
        return self._parse(N.game_parse_secret, text)

    def _feedback(self, text: str) -> int:
        return self._parse(N.game_parse_feedback, text)

    def _guess_text(self, gi: int) -> str:
        return self._format(N.game_format_code, gi)

    def _secret_text(self, si: int) -> str:
        return self._format(N.game_format_secret, si)

    def _feedback_text(self, fb: int) -> str:
        return self._format(N.game_format_feedback, fb)

    def _only(self, what: str, *, boards: bool = False, one: bool = True, adversary: bool = True) -> None:
        """Refuse a call the variant does not play, as the CLI does."""
        if self.boards > 1 and not boards:
            invalid(f"{what} plays one board: several boards take best_guess, candidates_by_board, solve and simulate")
        if self.adversary and not adversary:
            invalid(f"{what} is for an honest codemaker: against the adversary use answer, best_guess, solve, optimal")
        if self.boards == 1 and not self.adversary and not one:
            invalid(f"{what} is for several boards or the adversary")

    def _no_hard(self, hard: bool) -> None:
        if hard:
            invalid("several boards are played without hard mode (the published games have none)")

    # -- playing one board

    def feedback(self, guess: str, secret: str) -> str:
        """The feedback of guess against secret: '.Y...' (Wordle), '2B1W' (Mastermind); for
        Symble the colours per codeword position, as Wordle spells them. With several boards,
        one board's."""
        fb = N.game_feedback(self._game, self._guess(guess), self._secret(secret))
        if self._rule.hidden:  # the colours behind the symbols
            return self._format(N.game_format_raw, fb)
        return self._feedback_text(fb)

    def _start(self, hard: bool) -> Any:
        """A fresh cb_state, in the rule's hard mode when hard: the one place hard becomes a mode."""
        st = c_void_p()
        check(N.state_new(self._table, byref(st)), what="state")
        if N.state_set_hard(st, int(self._rule.hard_mode) if hard else 0) != 0 or (hard and not self._rule.hard_mode):
            N.state_free(st)
            invalid(f"{self._rule.label.decode()} has no hard mode")
        return st

    def _state(self, history: History, hard: bool) -> Any:
        """A new cb_state after history (one board; against the adversary a turn may leave out
        its feedback, which is then the adversary's answer)."""
        st = self._start(hard)
        try:
            for turn in history:
                guess, fb = _split(turn)
                if fb is not None and not isinstance(fb, str):
                    invalid(f"{guess}: one feedback for one board, not {list(fb)}")
                self._apply(st, guess, fb)
        except BaseException:
            N.state_free(st)
            raise
        return st

    def _apply(self, st: Any, guess: str, fb_text: Optional[str]) -> None:
        gi = self._guess(guess)
        if fb_text is None:
            if not self.adversary:
                fail(-4, f"'{guess}' has no feedback: write turns as 'guess=feedback'")
            fb = c_uint32()
            check(N.adversary_answer(st, gi, byref(fb), None), what="answer")
            fbv = fb.value
        else:
            fbv = self._feedback(fb_text)
        rc = N.state_apply(st, gi, fbv)
        if rc != 0:
            why = {
                -6: f"no secret is consistent with {guess}={fb_text} after the turns before it",
                -8: f"{guess} is not allowed here in hard mode",
            }.get(rc)
            fail(rc, why or N.strerror(rc).decode())

    def _candidates_of(self, st: Any) -> List[str]:
        n = N.state_count(st)
        cands = N.state_candidates(st)
        return [self._secret_text(cands[i]) for i in range(n)]

    def candidates(self, history: History = (), *, hard: bool = False) -> List[str]:
        """The secrets consistent with a history, e.g. [("salet", ".Y..."), "crony=..G.."]."""
        self._only("candidates")
        st = self._state(history, hard)
        try:
            return self._candidates_of(st)
        finally:
            N.state_free(st)

    def partition(self, guess: str, history: History = (), *, hard: bool = False) -> Dict[str, int]:
        """How guess splits the candidates left by history: {feedback: count}, in feedback order
        (a column of the partition table of the papers)."""
        self._only("partition")
        st = self._state(history, hard)
        p = N.Partition()
        N.partition_init(byref(p))
        try:
            check(N.partition_compute(byref(p), st, self._guess(guess)), what="partition")
            return {self._feedback_text(p.ids[i]): int(p.sizes[i]) for i in range(p.parts)}
        finally:
            N.partition_release(byref(p))
            N.state_free(st)

    def answer(self, guess: str, history: History = (), *, hard: bool = False) -> str:
        """The adversary's answer to guess after history: the feedback that keeps the most
        candidates (adversary.h gives its ties)."""
        self._only("answer", one=False, boards=False)
        st = self._state(history, hard)
        try:
            fb = c_uint32()
            check(N.adversary_answer(st, self._guess(guess), byref(fb), None), what="answer")
            return self._feedback_text(fb.value)
        finally:
            N.state_free(st)

    def _strategy(
        self,
        name: str,
        first: Optional[str] = None,
        candidates_only: bool = False,
        target_turn: int = 0,
        seed: int = 0,
        tie: str = "first",
    ) -> Any:
        """A strategy of the table; it plays in the hard mode of each state it is asked about."""
        cfg = self._strategy_config(name, first, candidates_only, target_turn, seed, tie)
        s = c_void_p()
        err = N.Error()
        check(N.strategy_new(self._table, byref(cfg), byref(s), byref(err)), err)
        return s

    def _strategy_config(
        self, name: str, first: Optional[str], candidates_only: bool, target_turn: int, seed: int, tie: str
    ) -> N.StrategyConfig:
        cfg = N.StrategyConfig()
        N.strategy_config_default(byref(cfg))
        cfg.name = _bytes(name)
        if first is not None:
            cfg.first_guess = self._guess(first)
        cfg.candidates_only = int(bool(candidates_only))
        cfg.target_turn = target_turn
        cfg.seed = seed
        ties = {"first": 0, "random": 1, "frequency": 2}
        if tie not in ties:
            invalid(f"tie: '{tie}' is not one of first, random, frequency")
        cfg.tie = ties[tie]
        return cfg

    def _default_strategy(self, strategy: Optional[str], hard: bool = False) -> str:
        """The strategy named, else the library's for this game (cb_game_setup_strategy)."""
        if strategy is not None:
            return strategy
        return self._strategies[1 if hard else 0]

    def best_guess(self, history: History = (), strategy: Optional[str] = None, *, hard: bool = False, **options: Any) -> str:
        """The guess a strategy plays after history (default: parts; sum-entropy on several
        boards, minimax against the adversary). options: first, candidates_only, target_turn,
        seed, tie."""
        name = self._default_strategy(strategy)
        if self.boards > 1:
            self._no_hard(hard)
            return self._multi_best(history, name, **options)
        st = self._state(history, hard)
        s = None
        try:
            s = self._strategy(name, **options)
            gi = c_uint32()
            score = c_double()
            check(N.strategy_choose(s, st, None, byref(gi), byref(score)), what="best_guess")
            return self._guess_text(gi.value)
        finally:
            N.strategy_free(s)
            N.state_free(st)

    def rank(
        self,
        history: History = (),
        strategy: str = "parts",
        *,
        limit: int = 10,
        hard: bool = False,
        **options: Any,
    ) -> Ranking:
        """The best `limit` guesses after history by a strategy's order, each a Score: guess,
        largest (part), expected (size), parts, entropy (bits), frequency, candidate, legal,
        score. options as best_guess."""
        self._only("rank")
        if limit < 1:
            invalid(f"limit must be at least 1, not {limit}")
        st = self._state(history, hard)
        s = None
        try:
            s = self._strategy(strategy, **options)
            out = (N.GuessScore * limit)()
            count = c_size_t()
            check(N.strategy_rank(s, st, limit, out, byref(count)), what="rank")
            scores = [
                Score(
                    guess=self._guess_text(g.guess),
                    largest=int(g.largest),
                    expected=float(g.expected),
                    parts=int(g.parts),
                    entropy=float(g.entropy),
                    frequency=float(g.frequency),
                    candidate=bool(g.candidate),
                    legal=bool(g.legal),
                    score=float(g.score),
                )
                for g in out[: count.value]
            ]
            return Ranking(_text(N.strategy_name(s)), self._history_text(st), int(N.state_count(st)), scores)
        finally:
            N.strategy_free(s)
            N.state_free(st)

    def _limit(self, st: Any, max_guesses: Optional[int]) -> int:
        """Set the guess limit on position st (None: the coach's, the game's own; 0: none), the one
        carrier of it; returns it. A history past it keeps no limit (the caller says what then)."""
        m = int(N.coach_max_guesses(self._game)) if max_guesses is None else max_guesses
        if m < 0:
            invalid(f"max_guesses must not be negative, not {m}")
        if N.state_set_max_guesses(st, m) != 0:  # more turns than the limit
            N.state_set_max_guesses(st, 0)
        return m

    def _coach_options(self, limit: int, time_limit: float, work: Optional[int]) -> Any:
        """The coach's options: the library's defaults (its work budget); the limit is the position's."""
        o = N.CoachOptions()
        N.coach_options_default(byref(o))
        o.limit = limit
        o.time_limit = time_limit
        if work is not None:
            o.work = work
        return o

    def rank_exact(
        self,
        history: History = (),
        *,
        limit: int = 10,
        hard: bool = False,
        max_guesses: Optional[int] = None,
        time_limit: float = 0.0,
        work: Optional[int] = None,
    ) -> ExactRanking:
        """The best `limit` guesses after history by their proved expected number of guesses to
        finish (the exact solver, coach.h): each an ExactScore whose total is exact (proved) or,
        when its budget of work ran out, a proved lower bound. Ties go to candidates. max_guesses
        None: the game's limit (6 for Wordle; 0 for none); work None: the library's budget, the
        same figures on every run; time_limit an outer guard only."""
        self._only("rank_exact", adversary=False)
        if not 1 <= limit <= 1000:
            invalid(f"limit must be between 1 and 1000, not {limit}")
        st = self._state(history, hard)
        try:
            self._limit(st, max_guesses)  # a history past it: ranked with none
        except BaseException:
            N.state_free(st)
            raise
        o = self._coach_options(limit, time_limit, work)
        r = N.CoachRank()
        err = N.Error()
        try:
            check(N.coach_rank_solve(self._table, st, byref(o), byref(r), byref(err)), err)
            m = int(r.candidates)
            scores = [
                ExactScore(
                    guess=self._guess_text(g.guess),
                    total=0 if g.can_lose else int(g.total),
                    expected=g.total / m if m and not g.can_lose else 0.0,
                    proved=bool(g.proved),
                    candidate=bool(g.candidate),
                    win_chance=float(g.win_chance),
                    worst=int(g.worst) or None,
                    upper=None if g.upper == 2**64 - 1 or g.can_lose else int(g.upper),
                    can_lose=bool(g.can_lose),
                    answer_word=bool(g.answer_word),
                    lose_chance=None if g.lose_chance < 0 else float(g.lose_chance),
                    lose_proved=bool(g.lose_proved),
                )
                for g in r.guesses[: r.count]
            ]
            source = r.source.decode() if r.source else None
            return ExactRanking(
                self._history_text(st), m, bool(r.stopped), float(r.seconds), scores, source, bool(r.timed_out)
            )
        finally:
            N.coach_rank_release(byref(r))
            N.state_free(st)

    def review(
        self,
        turns: History,
        *,
        answer: Optional[str] = None,
        hard: bool = False,
        max_guesses: Optional[int] = None,
        time_limit: float = 0.0,
        work: Optional[int] = None,
    ) -> Review:
        """A game graded turn by turn against proved optimal play: turns as 'guess=feedback', or
        guesses alone with answer=. Each ReviewTurn has the guess's expected guesses to finish and
        the best one's, skill and luck (0 to 100, coach.h), the candidates left and the optimal line."""
        self._only("review", adversary=False)
        guesses: List[int] = []
        fbs: List[int] = []
        secret = self._secret(answer) if answer is not None else None
        for turn in turns:
            guess, fb = _split(turn)
            if fb is not None and not isinstance(fb, str):
                invalid(f"{guess}: one feedback for one board, not {list(fb)}")
            gi = self._guess(guess)
            if fb is None and secret is None:
                invalid(f"'{guess}' has no feedback: write turns as 'guess=feedback', or give answer=")
            guesses.append(gi)
            fbs.append(self._feedback(fb) if fb is not None else N.game_feedback(self._game, gi, secret))
        o = self._coach_options(10, time_limit, work)
        if not guesses:
            invalid(f"a review needs between 1 and {N.TREE_MAX_DEPTH} turns")
        st = self._start(hard)  # the game as a position, each turn checked once
        r = N.CoachReview()
        err = N.Error()
        try:
            for i, (g, f) in enumerate(zip(guesses, fbs)):
                why = create_string_buffer(160)
                if N.state_won(st):
                    fail(-1, f"turn {i + 1}: the game was already won")
                if not N.state_legal(st, g, why, 160):
                    fail(-8, f"turn {i + 1}: {why.value.decode()}")
                rc = N.state_apply(st, g, f)
                if rc != 0:
                    text = "no candidate left gives that feedback" if rc == -6 else N.strerror(rc).decode()
                    fail(rc, f"turn {i + 1}: {text}")
            m = self._limit(st, max_guesses)
            if m and N.state_max_guesses(st) != m:  # a game played on past its limit (coach.h, past_limit)
                o.past_limit = m
            check(N.coach_review_game(st, byref(o), byref(r), byref(err)), err)
        finally:
            N.state_free(st)
        try:
            out = []
            for t in r.turn[: r.turns]:
                m = int(t.candidates)
                out.append(
                    ReviewTurn(
                        guess=self._guess_text(t.guess),
                        feedback=self._feedback_text(t.feedback),
                        candidates=m,
                        expected=t.total / m,
                        proved=bool(t.proved),
                        best=None if t.best == N.NONE else self._guess_text(t.best),
                        best_expected=t.best_total / m,
                        best_proved=bool(t.best_proved),
                        skill=None if t.skill < 0 else float(t.skill),
                        luck=None if t.luck < 0 else float(t.luck),
                        left=int(t.left),
                        line=tuple(self._guess_text(t.line[k]) for k in range(t.line_len)),
                        expected_upper=None if t.upper == 2**64 - 1 or t.can_lose else t.upper / m,
                        best_expected_upper=None if t.best_upper == 2**64 - 1 else t.best_upper / m,
                        can_lose=bool(t.can_lose),
                        lose_chance=None if t.lose_chance < 0 else float(t.lose_chance),
                        lose_proved=bool(t.lose_proved),
                        best_can_lose=bool(t.best_can_lose),
                        best_lose_chance=None if t.best_lose_chance < 0 else float(t.best_lose_chance),
                        best_candidate=None if t.best_candidate == N.NONE else self._guess_text(t.best_candidate),
                        candidate_expected=None if t.best_candidate == N.NONE else t.candidate_total / m,
                        candidate_proved=bool(t.candidate_proved),
                        answer_word=bool(t.answer_word),
                        book=bool(t.book),
                    )
                )
            return Review(
                bool(r.won),
                float(r.seconds),
                out,
                None if r.skill < 0 else float(r.skill),
                None if r.luck < 0 else float(r.luck),
                bool(r.timed_out),
            )
        finally:
            N.coach_review_release(byref(r))

    def _history_text(self, st: Any) -> Tuple[str, ...]:
        out = []
        for t in range(N.state_turns(st)):
            gi, fb = c_uint32(), c_uint32()
            N.state_turn(st, t, byref(gi), byref(fb))
            out.append(f"{self._guess_text(gi.value)}={self._feedback_text(fb.value)}")
        return tuple(out)

    def simulate(
        self,
        strategy: Optional[str] = None,
        *,
        sample: int = 0,
        seed: int = 0,
        max_guesses: int = 0,
        hard: bool = False,
        first: Optional[str] = None,
        candidates_only: bool = False,
        target_turn: int = 0,
        games: bool = False,
    ) -> Simulation:
        """Play a strategy against every secret (or a seeded sample of `sample` of them) and
        return its Simulation; games=True keeps every game (records()). With several boards:
        `sample` games (default 1000) of distinct secrets drawn from seed, the same for every
        strategy."""
        self._only("simulate", boards=True, adversary=False)
        name = self._default_strategy(strategy)
        if self.boards > 1:
            if hard or candidates_only or target_turn or games:
                invalid("several boards take sample, seed, max_guesses and first")
            return self._multi_simulate(name, sample, seed, max_guesses, first)
        start = self._start(hard)  # every game starts from this position, in its hard mode
        try:
            s = self._strategy(name, first, candidates_only, target_turn, seed)
        except BaseException:
            N.state_free(start)
            raise
        opt = N.SimOptions()
        N.sim_options_default(byref(opt))
        opt.sample = sample
        opt.seed = seed
        opt.keep_games = int(bool(games))
        if N.state_set_max_guesses(start, max_guesses) != 0:  # the limit is the position's
            N.strategy_free(s)
            N.state_free(start)
            invalid(f"max_guesses must not be negative, not {max_guesses}")
        setattr(opt, "from", start)
        res = N.SimResult()
        err = N.Error()
        try:
            check(N.simulate(self._table, s, byref(opt), byref(res), byref(err)), err)
        finally:
            N.strategy_free(s)
            N.state_free(start)
        try:
            played = None
            if games:
                played = [
                    GameRecord(
                        secret=self._secret_text(r.secret),
                        guesses=int(r.guesses),
                        won=bool(r.won),
                        path=tuple(self._guess_text(r.path[t]) for t in range(r.played)),
                    )
                    for r in res.game[: res.games]
                ]
            return Simulation(
                strategy=res.strategy.decode(),
                games=int(res.games),
                total=int(res.total),
                average=float(res.average),
                median=float(res.median),
                stddev=float(res.stddev),
                min=int(res.min),
                max=int(res.max),
                distribution={g: int(res.distribution[g]) for g in range(res.distribution_len) if res.distribution[g]},
                lost=int(res.lost),
                wins_within=int(res.wins_within),
                wins=int(res.wins),
                first_guess=None if res.first_guess == N.NONE else self._guess_text(res.first_guess),
                removed=float(res.removed),
                seconds=float(res.seconds),
                states=int(res.states),
                seed=seed,
                played=played,
            )
        finally:
            N.sim_result_release(byref(res))

    def solve(
        self,
        secret: Union[str, Sequence[str], None] = None,
        strategy: Optional[str] = None,
        *,
        hard: bool = False,
        max_guesses: int = 0,
        **options: Any,
    ) -> Play:
        """A strategy plays one game: against secret (one board), one secret per board (several
        boards), or the adversary (no secret). Stops when won or at max_guesses (default:
        until won; the limit of several boards; 30 against the adversary). options as
        best_guess; with several boards a one-board strategy name plays one board at a time."""
        name = self._default_strategy(strategy)
        if self.boards > 1:
            self._no_hard(hard)
            if isinstance(secret, str) or secret is None or len(secret) != self.boards:
                invalid(f"{self.boards} boards: give {self.boards} secrets")
            return self._multi_solve(list(secret), name, max_guesses, **options)
        if self.adversary and secret is not None:
            invalid("the adversary has no secret: solve() plays against its answers")
        if not self.adversary and not isinstance(secret, str):
            invalid("solve needs the secret")
        if self._rule.hidden:
            invalid("solve plays Wordle and Mastermind rules: Symble's hidden mapping is simulate's")
        limit = max_guesses or (ADVERSARY_SOLVE_MAX if self.adversary else N.TREE_MAX_DEPTH)
        si = None if secret is None else self._secret(str(secret))
        st = self._state((), hard)
        s = None
        try:
            s = self._strategy(name, **options)
            guesses: List[str] = []
            feedback: List[Tuple[str, ...]] = []
            while not N.state_won(st) and len(guesses) < limit:
                gi = c_uint32()
                check(N.strategy_choose(s, st, None, byref(gi), None), what="solve")
                fb = c_uint32()
                if si is None:
                    check(N.adversary_answer(st, gi.value, byref(fb), None), what="answer")
                else:
                    fb.value = N.game_feedback(self._game, gi.value, si)
                check(N.state_apply(st, gi.value, fb.value), what="solve")
                guesses.append(self._guess_text(gi.value))
                feedback.append((self._feedback_text(fb.value),))
            secrets = () if secret is None else (str(secret),)
            return Play(_text(N.strategy_name(s)), secrets, guesses, feedback, bool(N.state_won(st)))
        finally:
            N.strategy_free(s)
            N.state_free(st)

    def optimal(
        self,
        *,
        first: Optional[str] = None,
        history: History = (),
        max_guesses: int = 0,
        hard: bool = False,
        objective: str = "total",
        candidates_only: bool = False,
        top: int = 0,
        time_limit: float = 0.0,
    ) -> Optimal:
        """The exact solver from the opening: the strategy with the least total guesses over
        all secrets (objective 'total', within max_guesses when given) or the least worst case
        ('worst'), with `first` as the opener when given. Against the adversary: the fewest
        guesses that win, after history when given (first: the opener), proved least."""
        self._only("optimal")
        if self.adversary:
            if objective != "total" or candidates_only or top:
                invalid("against the adversary optimal takes first, history, max_guesses, hard and time_limit")
            return self._adversary_optimal(first, history, max_guesses, hard, time_limit)
        if objective not in ("total", "worst"):
            invalid(f"objective: '{objective}' is neither 'total' nor 'worst'")
        opt = N.OptimalOptions()
        N.optimal_options_default(byref(opt))
        opt.objective = 0 if objective == "total" else 1
        opt.candidates_only = int(bool(candidates_only))
        opt.first = N.NONE if first is None else self._guess(first)
        opt.top = top
        opt.time_limit = time_limit
        if max_guesses < 0:
            invalid(f"max_guesses must not be negative, not {max_guesses}")
        st = self._state(history, hard) if history or hard or max_guesses else None
        if st is not None and N.state_set_max_guesses(st, max_guesses) != 0:
            N.state_set_max_guesses(st, int(N.state_turns(st)))  # past it: no guess left within either
        setattr(opt, "from", st)  # the position, in its hard mode and limit: totals count the guesses from there
        res = N.OptimalResult()
        err = N.Error()
        try:
            check(N.optimal_solve(self._table, byref(opt), byref(res), byref(err)), err)
        finally:
            if st is not None:
                N.state_free(st)
        try:
            stats = res.stats
            tree = None
            if res.tree:
                tree = Tree(self, res.tree)
                res.tree = None  # the Tree owns it now
            return Optimal(
                proved=bool(res.proved),
                stopped=bool(res.stopped),
                infeasible=bool(res.infeasible),
                total=int(res.total),
                lower=int(res.lower),
                average=stats.total / stats.games if stats.games else 0.0,
                max=int(stats.max),
                distribution=_distribution(stats.dist),
                first=None if res.first == N.NONE else self._guess_text(res.first),
                worst_limit=int(res.worst_limit),
                nodes=int(res.nodes),
                seconds=float(res.seconds),
                tree=tree,
            )
        finally:
            N.optimal_result_release(byref(res))

    # -- the adversary

    def _adversary_optimal(
        self, first: Optional[str], history: History, max_guesses: int, hard: bool, time_limit: float
    ) -> Optimal:
        turns = list(history) + ([first] if first is not None else [])
        st = self._state(turns, hard)
        try:
            played = [t.split("=")[0] for t in self._history_text(st)]
            if N.state_won(st):
                invalid("the game is won already: nothing is left to search")
            opt = N.AdversaryOptions()
            opt.max_guesses = max_guesses
            opt.time_limit = time_limit
            res = N.AdversaryResult()
            err = N.Error()
            check(N.adversary_solve(st, byref(opt), byref(res), byref(err)), err)
        finally:
            N.state_free(st)
        left_before = []
        for t in range(1, len(turns) + 1):  # the candidates each played turn left
            st = self._state(turns[:t], hard)
            left_before.append(int(N.state_count(st)))
            N.state_free(st)
        n = int(res.guesses)
        sequence = tuple(played) + tuple(self._guess_text(res.sequence[i]) for i in range(n))
        total = n + len(played) if n else 0
        return Optimal(
            proved=n > 0 and not res.stopped,
            stopped=bool(res.stopped),
            infeasible=n == 0 and not res.stopped,
            total=total,
            lower=int(res.proved_min) + len(played),
            average=float(total),
            max=total,
            distribution={total: 1} if n else {},
            first=sequence[0] if n else None,
            worst_limit=0,
            nodes=int(res.nodes),
            seconds=float(res.seconds),
            sequence=sequence if n else (),
            left=tuple(left_before) + tuple(int(res.left[i]) for i in range(n)) if n else (),
        )

    # -- several boards

    def _multi(self, max_guesses: int = 0) -> Any:
        m = c_void_p()
        err = N.Error()
        check(N.multi_new(self._table, self.boards, max_guesses, byref(m), byref(err)), err)
        return m

    def _multi_strategy(self, name: str, first: Optional[str] = None, **options: Any) -> Any:
        """A strategy of several boards; a one-board strategy's name plays one-by-one with it."""
        if options:
            invalid(f"several boards take the option first, not {', '.join(options)}")
        count = c_size_t()
        names = N.multi_strategy_names(byref(count))
        single = "parts"
        if name.encode() not in names[: count.value]:
            name, single = "one-by-one", name
        cfg = self._strategy_config(single, first, False, 0, 0, "first")
        s = c_void_p()
        err = N.Error()
        check(N.multi_strategy_new(self._table, _bytes(name), byref(cfg), byref(s), byref(err)), err)
        return s

    def _multi_apply(self, m: Any, turn: Turn) -> None:
        guess, fbs = _split(turn)
        texts = fbs.split() if isinstance(fbs, str) else list(fbs or [])
        open_boards = [b for b in range(self.boards) if not N.multi_solved_turn(m, b)]
        if len(texts) == len(open_boards):
            per_board = dict(zip(open_boards, texts))
        elif len(texts) == self.boards:
            per_board = dict(enumerate(texts))
        else:
            invalid(f"{guess}: give {len(open_boards)} feedbacks, one per open board in order")
        fb = (c_uint32 * self.boards)()
        for b in open_boards:
            fb[b] = self._feedback(per_board[b])
        bad = c_int(-1)
        rc = N.multi_apply(m, self._guess(guess), fb, byref(bad))
        if rc != 0:
            where = f"board {bad.value + 1}: " if bad.value >= 0 else ""
            fail(rc, f"{guess}: {where}{N.strerror(rc).decode()}")

    def candidates_by_board(self, history: History = ()) -> List[List[str]]:
        """The candidates of each board after history (turns of one feedback per open board,
        or per board: 'crane=..G.. GG... ..... Y....'); one board's list for a one-board game."""
        if self.boards == 1:
            return [self.candidates(history)]
        m = self._multi()
        try:
            for turn in history:
                self._multi_apply(m, turn)
            return [self._candidates_of(N.multi_board(m, b)) for b in range(self.boards)]
        finally:
            N.multi_free(m)

    def _multi_best(self, history: History, name: str, **options: Any) -> str:
        m = self._multi()
        s = None
        try:
            for turn in history:
                self._multi_apply(m, turn)
            s = self._multi_strategy(name, **options)
            gi = c_uint32()
            check(N.multi_choose(s, m, byref(gi), None), what="best_guess")
            return self._guess_text(gi.value)
        finally:
            N.multi_strategy_free(s)
            N.multi_free(m)

    def _multi_solve(self, secrets: List[str], name: str, max_guesses: int, **options: Any) -> Play:
        indices = (c_uint32 * self.boards)(*[self._secret(x) for x in secrets])
        m = self._multi(max_guesses)
        s = None
        try:
            s = self._multi_strategy(name, **options)
            guesses: List[str] = []
            feedback: List[Tuple[str, ...]] = []
            while not N.multi_over(m):
                gi = c_uint32()
                check(N.multi_choose(s, m, byref(gi), None), what="solve")
                row = tuple(
                    "" if N.multi_solved_turn(m, b) else self.feedback(self._guess_text(gi.value), secrets[b])
                    for b in range(self.boards)
                )
                check(N.multi_apply_secrets(m, gi.value, indices), what="solve")
                guesses.append(self._guess_text(gi.value))
                feedback.append(row)
            return Play(_text(N.multi_strategy_name(s)), tuple(secrets), guesses, feedback, bool(N.multi_won(m)))
        finally:
            N.multi_strategy_free(s)
            N.multi_free(m)

    def _multi_simulate(self, name: str, sample: int, seed: int, max_guesses: int, first: Optional[str]) -> Simulation:
        s = self._multi_strategy(name, first)
        try:
            opt = N.MultiSimOptions()
            opt.boards = self.boards
            opt.max_guesses = max_guesses
            opt.games = sample or MULTI_DEFAULT_SAMPLE
            opt.seed = seed
            res = N.MultiSimResult()
            err = N.Error()
            strategies = (c_void_p * 1)(s)
            check(N.multi_simulate(self._table, strategies, 1, byref(opt), byref(res), byref(err)), err)
            strategy = _text(N.multi_strategy_name(s))
        finally:
            N.multi_strategy_free(s)
        dist = {g: int(res.hist[g]) for g in range(len(res.hist)) if res.hist[g]}
        wins = int(res.wins)
        mean = res.guesses_won / wins if wins else 0.0
        return Simulation(
            strategy=strategy,
            games=int(res.games),
            total=int(res.guesses_won),
            average=mean,
            median=_median(dist),
            stddev=math.sqrt(sum(n * (g - mean) ** 2 for g, n in dist.items()) / wins) if wins else 0.0,
            min=min(dist) if dist else 0,
            max=max(dist) if dist else 0,
            distribution=dist,
            lost=int(res.games) - wins,
            wins_within=max_guesses or self.max_guesses,
            wins=wins,
            first_guess=first,
            removed=0.0,
            seconds=float(res.seconds),
            states=0,
            boards=self.boards,
            boards_solved=int(res.boards_solved),
            seed=seed,
        )


def _distribution(dist: Any) -> Dict[int, int]:
    return {k: int(dist[k]) for k in range(N.TREE_MAX_DEPTH + 1) if dist[k]}


def _median(dist: Dict[int, int]) -> float:
    """The median of a {value: count} distribution (the mean of the two middle values)."""
    values = [g for g in sorted(dist) for _ in range(dist[g])]
    if not values:
        return 0.0
    mid = len(values) // 2
    return float(values[mid]) if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


# Decision trees -------------------------------------------------------------------------------


def _free_tree(handle: Any) -> None:
    N.tree_free(handle)


class Tree:
    """A decision tree: the guess to play after every history. From Game.optimal() or
    Tree.load(game, path); keeps its game alive."""

    def __init__(self, game: Game, handle: Any):
        self.game = game
        self._t = handle if isinstance(handle, c_void_p) else c_void_p(handle)
        self._finalizer = weakref.finalize(self, _free_tree, self._t)

    @classmethod
    def load(cls, game: Game, path: str) -> "Tree":
        """Read a tree file (text or JSON, docs/tree-format.md) for game."""
        t = c_void_p()
        err = N.Error()
        check(N.tree_load_path(game._game, _bytes(path), byref(t), byref(err)), err)
        return cls(game, t)

    def __len__(self) -> int:
        """Its number of nodes."""
        return int(N.tree_node_count(self._t))

    @property
    def guess(self) -> Optional[str]:
        """The opener."""
        root = N.tree_root(self._t)
        return None if root == N.NONE else self.game._guess_text(N.tree_guess(self._t, root))

    def _children(self, node: int) -> Iterator[Tuple[int, int]]:
        for fb in range(N.game_feedback_count(self.game._game)):
            child = N.tree_child(self._t, node, fb)
            if child != N.NONE:
                yield fb, int(child)

    def next(self, history: History = ()) -> Optional[str]:
        """The guess the tree plays after history (pairs or 'guess=feedback' strings); None when
        the history leaves the tree."""
        node = N.tree_root(self._t)
        for turn in history:
            guess, fb = _split(turn)
            if node == N.NONE or N.tree_guess(self._t, node) != self.game._guess(guess):
                return None
            if not isinstance(fb, str):
                invalid(f"{guess}: a tree's history needs one feedback a turn")
            node = N.tree_child(self._t, node, self.game._feedback(fb))
        return None if node == N.NONE else self.game._guess_text(N.tree_guess(self._t, node))

    def to_dict(self, node: Optional[int] = None) -> Optional[Dict[str, Any]]:
        """The tree as nested dicts: {"guess": ..., "next": {feedback: {...}}}."""
        node = int(N.tree_root(self._t)) if node is None else node
        if node == N.NONE:
            return None
        nxt: Dict[str, Any] = {}
        for fb, child in self._children(node):
            nxt[self.game._feedback_text(fb)] = self.to_dict(child)
        return {"guess": self.game._guess_text(N.tree_guess(self._t, node)), "next": nxt}

    def records(self) -> List[Record]:
        """One row per secret: secret, guesses (to win), won, path (space-separated), as the
        tree plays against it. Not for Symble, whose trees branch on the hidden mapping too."""
        if self.game._rule.hidden:
            invalid("records: a Symble tree's paths depend on the hidden mapping, not on the secret alone")
        game, won = self.game._game, N.game_won(self.game._game)
        rows: List[Record] = []
        for si in range(N.game_secret_count(game)):
            node, path = N.tree_root(self._t), []  # type: Any, List[str]
            while node != N.NONE and len(path) <= N.TREE_MAX_DEPTH:
                gi = N.tree_guess(self._t, node)
                path.append(self.game._guess_text(gi))
                fb = N.game_feedback(game, gi, si)
                if fb == won:
                    break
                node = N.tree_child(self._t, node, fb)
            rows.append(
                {"secret": self.game._secret_text(si), "guesses": len(path), "won": node != N.NONE, "path": " ".join(path)}
            )
        return rows

    def verify(self, *, hard: bool = False, max_guesses: int = 0) -> TreeStats:
        """Check the tree against the rules over every secret; its TreeStats (games, total,
        average, max, distribution, nodes). Raises InvalidArgument naming what is wrong."""
        stats = N.TreeStats()
        err = N.Error()
        st = self.game._start(hard)
        try:
            if N.state_set_max_guesses(st, max_guesses) != 0:  # the limit is the position's
                invalid(f"max_guesses must not be negative, not {max_guesses}")
            check(N.tree_verify(self._t, st, byref(stats), byref(err)), err)
        finally:
            N.state_free(st)
        return TreeStats(
            games=int(stats.games),
            total=int(stats.total),
            average=stats.total / stats.games if stats.games else 0.0,
            max=int(stats.max),
            distribution=_distribution(stats.dist),
            nodes=int(stats.nodes),
        )

    def save(self, path: str, *, format: str = "text", header: Optional[str] = None) -> None:
        """Write the tree to path as text or JSON (docs/tree-format.md)."""
        if format not in ("text", "json"):
            invalid(f"format: '{format}' is neither 'text' nor 'json'")
        err = N.Error()
        rc = N.tree_save_path(
            self._t, self.game._table, _bytes(path), 0 if format == "text" else 1, _bytes(header), byref(err)
        )
        check(rc, err)


