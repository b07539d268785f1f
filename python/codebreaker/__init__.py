"""codebreaker: Mastermind, Wordle and Symble from Python, over the C library libcodebreaker.

    >>> import codebreaker
    >>> game = codebreaker.Game("mastermind")
    >>> game.feedback("1122", "1223")
    '2B1W'
    >>> game.simulate("minimax")["total"]
    5801

Games, guesses and feedbacks are plain strings as people write them; results are dicts and lists.
Failures of the library raise CodebreakerError (a ValueError, OSError or MemoryError as fits), with
the library's sentence as the message. The library's objects are freed when the Python objects
that own them are collected.
"""

import weakref
from ctypes import byref, c_double, c_size_t, c_uint32, c_void_p, create_string_buffer

from . import _native as N

__version__ = "0.2.0"
__all__ = [
    "Game",
    "Tree",
    "CodebreakerError",
    "strategies",
    "library_version",
    "__version__",
]


# Errors ---------------------------------------------------------------------------------------


class CodebreakerError(Exception):
    """A failure reported by the library: .code is its status (CB_E*), str() its sentence."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self):
        return self.message


class InvalidArgument(CodebreakerError, ValueError):
    """An argument or option is out of range (CB_EINVAL)."""


class ParseError(CodebreakerError, ValueError):
    """Malformed text: a word, a code, a feedback (CB_EPARSE)."""


class NotFound(CodebreakerError, ValueError):
    """A word or code is not in the game's lists, or a name is unknown (CB_ENOTFOUND)."""


class Contradiction(CodebreakerError, ValueError):
    """No secret is consistent with the history (CB_ECONTRADICT)."""


class TooBig(CodebreakerError, ValueError):
    """The request exceeds a size limit (CB_ETOOBIG)."""


class IllegalGuess(CodebreakerError, ValueError):
    """The guess breaks the rules of hard mode (CB_EILLEGAL)."""


class Empty(CodebreakerError, ValueError):
    """Nothing to choose from (CB_EEMPTY)."""


class FileError(CodebreakerError, OSError):
    """A file could not be read or written (CB_EIO)."""


class OutOfMemory(CodebreakerError, MemoryError):
    """An allocation failed (CB_ENOMEM)."""


class Canceled(CodebreakerError):
    """Stopped before the end (CB_ECANCELED)."""


_ERRORS = {
    -1: InvalidArgument,
    -2: OutOfMemory,
    -3: FileError,
    -4: ParseError,
    -5: NotFound,
    -6: Contradiction,
    -7: TooBig,
    -8: IllegalGuess,
    -9: Empty,
    -10: Canceled,
}


def _raise(code, err=None, what=None):
    message = err.message.decode("utf-8", "replace") if err is not None and err.message else ""
    if not message:
        message = N.strerror(code).decode()
        if what:
            message = f"{what}: {message}"
    raise _ERRORS.get(code, CodebreakerError)(code, message)


def _check(code, err=None, what=None):
    if code != 0:
        _raise(code, err, what)


def _text(s):
    return s.decode("utf-8") if s is not None else None


def _bytes(s):
    if s is None:
        return None
    if not isinstance(s, str):
        s = str(s)
    return s.encode("utf-8")


def library_version():
    """The version of the C library loaded, e.g. '0.2.0'."""
    return N.version().decode()


def strategies():
    """The strategies the library knows, in its registry's order: a list of dicts (name, label,
    summary, source, greedy, random, rank)."""
    rows = [N.strategy_at(i).contents for i in range(N.strategy_count())]
    return [
        {
            "name": _text(r.name),
            "label": _text(r.label),
            "summary": _text(r.summary),
            "source": _text(r.source),
            "greedy": bool(r.traits & N.TRAIT_GREEDY),
            "random": bool(r.traits & N.TRAIT_RANDOM),
            "rank": bool(r.traits & N.TRAIT_RANKS),
        }
        for r in rows
    ]


_lib_number = N.version_number()
if _lib_number // 10000 != N.ABI_MAJOR or _lib_number // 100 % 100 != N.ABI_MINOR:
    raise ImportError(
        f"codebreaker {__version__} needs libcodebreaker {N.ABI_MAJOR}.{N.ABI_MINOR}, "
        f"found {library_version()}"
    )


# Games ----------------------------------------------------------------------------------------


def _free_game(handles):
    if handles["table"]:
        N.table_free(handles["table"])
    if handles["game"]:
        N.game_free(handles["game"])
    handles["table"] = handles["game"] = None


class Game:
    """A game: its rules and its lists of codes.

    Game() is Wordle on the original lists; Game("symble"), Game("mastermind") (6 colours, 4
    pegs), Game("super") (8 x 5), Game("bulls") (10 x 4, no repeats) are the presets; keywords
    change them: Game("mastermind", colors=8, pegs=5), Game("wordle", words="list.txt"),
    Game("wordle", dictionary="english", length=6).
    """

    def __init__(
        self,
        name="wordle",
        *,
        colors=None,
        pegs=None,
        no_repeat=None,
        answers=None,
        guesses=None,
        words=None,
        dictionary=None,
        length=None,
        alphabet=None,
        lenient=False,
    ):
        cfg = N.GameConfig()
        N.game_config_default(byref(cfg))
        if N.game_config_preset(_bytes(name), byref(cfg)) != 0:
            raise NotFound(-5, f"unknown game '{name}': wordle, symble, mastermind, super or bulls")
        if colors is not None:
            cfg.colors = colors
        if pegs is not None or length is not None:
            cfg.length = pegs if pegs is not None else length
        if no_repeat is not None:
            cfg.no_repeat = int(bool(no_repeat))
        if words is not None:
            answers, guesses = words, None
        if answers is not None:
            cfg.answers_path = _bytes(answers)
            cfg.guesses_path = _bytes(guesses)
        elif guesses is not None:
            raise InvalidArgument(-1, "guesses= needs answers= (or words= for one list)")
        if dictionary is not None:
            cfg.dictionary = _bytes(dictionary)
        if alphabet is not None:
            cfg.alphabet = _bytes(alphabet)
        cfg.lenient = int(bool(lenient))
        handle = c_void_p()
        err = N.Error()
        _check(N.game_new(byref(cfg), byref(handle), byref(err)), err)
        self._h = {"game": handle, "table": None}
        self._finalizer = weakref.finalize(self, _free_game, self._h)

    # -- what the game is

    @property
    def _game(self):
        return self._h["game"]

    @property
    def _table(self):
        """The feedback table, made on first use and kept."""
        if self._h["table"] is None:
            opt = N.TableOptions()
            N.table_options_default(byref(opt))
            table = c_void_p()
            err = N.Error()
            _check(N.table_new(self._game, byref(opt), byref(table), byref(err)), err)
            self._h["table"] = table
        return self._h["table"]

    @property
    def name(self):
        """A short description, e.g. 'wordle (2315 answers, 12972 guesses)'."""
        return _text(N.game_name(self._game))

    @property
    def rule(self):
        """'mastermind', 'wordle' or 'symble'."""
        return _text(N.game_rule_name(self._game))

    @property
    def length(self):
        """Symbols per code (pegs, letters)."""
        return N.game_length(self._game)

    @property
    def colors(self):
        """Size of the alphabet."""
        return N.game_colors(self._game)

    def __len__(self):
        """The number of possible secrets."""
        return N.game_secret_count(self._game)

    def __repr__(self):
        return f"<codebreaker.Game {self.name}>"

    @property
    def guesses(self):
        """Every allowed guess, in the game's order."""
        return [self._guess_text(i) for i in range(N.game_guess_count(self._game))]

    @property
    def secrets(self):
        """Every possible secret, in the game's order."""
        return [self._secret_text(i) for i in range(N.game_secret_count(self._game))]

    # -- text and indices (the library's guess and secret indices never leave this class)

    def _parse(self, parse, text):
        index = c_uint32()
        err = N.Error()
        _check(parse(self._game, _bytes(text), byref(index), byref(err)), err)
        return index.value

    def _format(self, spell, index):
        buf = create_string_buffer(256)
        spell(self._game, index, buf, len(buf))
        return buf.value.decode("utf-8")

    def _guess(self, text):
        return self._parse(N.game_parse_code, text)

    def _secret(self, text):
        return self._parse(N.game_parse_secret, text)

    def _feedback(self, text):
        return self._parse(N.game_parse_feedback, text)

    def _guess_text(self, gi):
        return self._format(N.game_format_code, gi)

    def _secret_text(self, si):
        return self._format(N.game_format_secret, si)

    def _feedback_text(self, fb):
        return self._format(N.game_format_feedback, fb)

    # -- playing

    def feedback(self, guess, secret):
        """The feedback of guess against secret: '.Y...' (Wordle), '2B1W' (Mastermind); for
        Symble the colours per codeword position, as Wordle spells them."""
        fb = N.game_feedback(self._game, self._guess(guess), self._secret(secret))
        if self.rule == "symble":  # the colours behind the symbols
            return self._format(N.game_format_raw, fb)
        return self._feedback_text(fb)

    def _state(self, history, hard):
        """A new cb_state after history: pairs (guess, feedback) or strings 'guess=feedback'."""
        st = c_void_p()
        _check(N.state_new(self._table, byref(st)), what="state")
        try:
            N.state_set_hard(st, int(bool(hard)))
            for turn in history:
                guess, fb = turn.split("=", 1) if isinstance(turn, str) else turn
                rc = N.state_apply(st, self._guess(guess), self._feedback(fb))
                if rc != 0:
                    why = {
                        -6: f"no secret is consistent with {guess}={fb} after the turns before it",
                        -8: f"{guess} is not allowed here in hard mode",
                    }.get(rc)
                    raise _ERRORS.get(rc, CodebreakerError)(rc, why or N.strerror(rc).decode())
        except BaseException:
            N.state_free(st)
            raise
        return st

    def candidates(self, history=(), *, hard=False):
        """The secrets consistent with a history, e.g. [("salet", ".Y..."), "crony=..G.."]."""
        st = self._state(history, hard)
        try:
            n = N.state_count(st)
            cands = N.state_candidates(st)
            return [self._secret_text(cands[i]) for i in range(n)]
        finally:
            N.state_free(st)

    def partition(self, guess, history=(), *, hard=False):
        """How guess splits the candidates left by history: {feedback: count}, in feedback order
        (a column of the partition table of the papers)."""
        st = self._state(history, hard)
        p = N.Partition()
        N.partition_init(byref(p))
        try:
            _check(N.partition_compute(byref(p), st, self._guess(guess)), what="partition")
            return {self._feedback_text(p.ids[i]): p.sizes[i] for i in range(p.parts)}
        finally:
            N.partition_release(byref(p))
            N.state_free(st)

    def _strategy(self, name, first=None, candidates_only=False, target_turn=0, hard=False, seed=0, tie="first"):
        cfg = N.StrategyConfig()
        N.strategy_config_default(byref(cfg))
        cfg.name = _bytes(name)
        if first is not None:
            cfg.first_guess = self._guess(first)
        cfg.candidates_only = int(bool(candidates_only))
        cfg.target_turn = target_turn
        cfg.hard = int(bool(hard))
        cfg.seed = seed
        if tie not in ("first", "random"):
            raise InvalidArgument(-1, f"tie: '{tie}' is neither 'first' nor 'random'")
        cfg.tie = 0 if tie == "first" else 1
        s = c_void_p()
        err = N.Error()
        _check(N.strategy_new(self._table, byref(cfg), byref(s), byref(err)), err)
        return s

    def best_guess(self, history=(), strategy="parts", *, hard=False, **options):
        """The guess a strategy plays after history."""
        st = self._state(history, hard)
        s = None
        try:
            s = self._strategy(strategy, hard=hard, **options)
            gi = c_uint32()
            score = c_double()
            _check(N.strategy_choose(s, st, None, byref(gi), byref(score)), what="best_guess")
            return self._guess_text(gi.value)
        finally:
            N.strategy_free(s)
            N.state_free(st)

    def rank(self, history=(), strategy="parts", *, limit=10, hard=False, **options):
        """The best `limit` guesses after history by a strategy's order, each a dict of every score:
        guess, largest (part), expected (size), parts, entropy (bits), frequency, candidate,
        legal, score."""
        if limit < 1:
            raise InvalidArgument(-1, f"limit must be at least 1, not {limit}")
        st = self._state(history, hard)
        s = None
        try:
            s = self._strategy(strategy, hard=hard, **options)
            out = (N.GuessScore * limit)()
            count = c_size_t()
            _check(N.strategy_rank(s, st, limit, out, byref(count)), what="rank")
            return [
                {
                    "guess": self._guess_text(g.guess),
                    "largest": g.largest,
                    "expected": g.expected,
                    "parts": g.parts,
                    "entropy": g.entropy,
                    "frequency": g.frequency,
                    "candidate": bool(g.candidate),
                    "legal": bool(g.legal),
                    "score": g.score,
                }
                for g in out[: count.value]
            ]
        finally:
            N.strategy_free(s)
            N.state_free(st)

    def simulate(
        self,
        strategy="parts",
        *,
        sample=0,
        seed=0,
        max_guesses=0,
        hard=False,
        first=None,
        candidates_only=False,
        target_turn=0,
        games=False,
    ):
        """Play a strategy against every secret (or a seeded sample of them) and return the
        statistics as a dict: strategy, games, total, average, median, stddev, min, max,
        distribution ({guesses: games}), lost, wins (within wins_within guesses), first_guess,
        removed, seconds, states; with games=True also "records": one dict per game (secret,
        guesses, won, path)."""
        s = self._strategy(strategy, first, candidates_only, target_turn, hard, seed)
        opt = N.SimOptions()
        N.sim_options_default(byref(opt))
        opt.sample = sample
        opt.seed = seed
        opt.max_guesses = max_guesses
        opt.hard = int(bool(hard))
        opt.keep_games = int(bool(games))
        res = N.SimResult()
        err = N.Error()
        try:
            _check(N.simulate(self._table, s, byref(opt), byref(res), byref(err)), err)
        finally:
            N.strategy_free(s)
        try:
            out = {
                "strategy": res.strategy.decode(),
                "games": res.games,
                "total": res.total,
                "average": res.average,
                "median": res.median,
                "stddev": res.stddev,
                "min": res.min,
                "max": res.max,
                "distribution": {
                    g: res.distribution[g] for g in range(res.distribution_len) if res.distribution[g]
                },
                "lost": res.lost,
                "wins_within": res.wins_within,
                "wins": res.wins,
                "first_guess": None if res.first_guess == N.NONE else self._guess_text(res.first_guess),
                "removed": res.removed,
                "seconds": res.seconds,
                "states": res.states,
            }
            if games:
                out["records"] = [
                    {
                        "secret": self._secret_text(r.secret),
                        "guesses": r.guesses,
                        "won": bool(r.won),
                        "path": [self._guess_text(r.path[t]) for t in range(r.played)],
                    }
                    for r in res.game[: res.games]
                ]
            return out
        finally:
            N.sim_result_release(byref(res))

    def optimal(
        self,
        *,
        first=None,
        max_guesses=0,
        hard=False,
        objective="total",
        candidates_only=False,
        top=0,
        time_limit=0.0,
    ):
        """The exact solver: a strategy with the least total guesses over all secrets (objective
        'total', within max_guesses when given) or the least worst case ('worst'). A dict:
        proved, stopped, infeasible, total, lower, average, max, distribution, first, nodes,
        seconds, worst_limit, and "tree" (a Tree, None when infeasible)."""
        if objective not in ("total", "worst"):
            raise InvalidArgument(-1, f"objective: '{objective}' is neither 'total' nor 'worst'")
        opt = N.OptimalOptions()
        N.optimal_options_default(byref(opt))
        opt.objective = 0 if objective == "total" else 1
        opt.max_guesses = max_guesses
        opt.hard = int(bool(hard))
        opt.candidates_only = int(bool(candidates_only))
        opt.first = N.NONE if first is None else self._guess(first)
        opt.top = top
        opt.time_limit = time_limit
        res = N.OptimalResult()
        err = N.Error()
        _check(N.optimal_solve(self._table, byref(opt), byref(res), byref(err)), err)
        try:
            stats = res.stats
            out = {
                "proved": bool(res.proved),
                "stopped": bool(res.stopped),
                "infeasible": bool(res.infeasible),
                "total": res.total,
                "lower": res.lower,
                "average": stats.total / stats.games if stats.games else 0.0,
                "max": stats.max,
                "distribution": {k: stats.dist[k] for k in range(N.TREE_MAX_DEPTH + 1) if stats.dist[k]},
                "first": None if res.first == N.NONE else self._guess_text(res.first),
                "worst_limit": res.worst_limit,
                "nodes": res.nodes,
                "seconds": res.seconds,
                "tree": None,
            }
            if res.tree:
                out["tree"] = Tree(self, res.tree)
                res.tree = None  # the Tree owns it now
            return out
        finally:
            N.optimal_result_release(byref(res))


# Decision trees -------------------------------------------------------------------------------


def _free_tree(handle):
    N.tree_free(handle)


class Tree:
    """A decision tree: the guess to play after every history. From Game.optimal() or
    Tree.load(game, path); keeps its game alive."""

    def __init__(self, game, handle):
        self.game = game
        self._t = c_void_p(handle) if not isinstance(handle, c_void_p) else handle
        self._finalizer = weakref.finalize(self, _free_tree, self._t)

    @classmethod
    def load(cls, game, path):
        """Read a tree file (text or JSON, docs/tree-format.md) for game."""
        t = c_void_p()
        err = N.Error()
        _check(N.tree_load_path(game._game, _bytes(path), byref(t), byref(err)), err)
        return cls(game, t)

    def __len__(self):
        """Its number of nodes."""
        return N.tree_node_count(self._t)

    @property
    def guess(self):
        """The opener."""
        root = N.tree_root(self._t)
        return None if root == N.NONE else self.game._guess_text(N.tree_guess(self._t, root))

    def _children(self, node):
        nfb = N.game_feedback_count(self.game._game)
        for fb in range(nfb):
            child = N.tree_child(self._t, node, fb)
            if child != N.NONE:
                yield fb, child

    def next(self, history=()):
        """The guess the tree plays after history (pairs or 'guess=feedback' strings); None when
        the history leaves the tree."""
        node = N.tree_root(self._t)
        for turn in history:
            guess, fb = turn.split("=", 1) if isinstance(turn, str) else turn
            if node == N.NONE or N.tree_guess(self._t, node) != self.game._guess(guess):
                return None
            node = N.tree_child(self._t, node, self.game._feedback(fb))
        return None if node == N.NONE else self.game._guess_text(N.tree_guess(self._t, node))

    def to_dict(self, node=None):
        """The tree as nested dicts: {"guess": ..., "next": {feedback: {...}}}."""
        node = N.tree_root(self._t) if node is None else node
        if node == N.NONE:
            return None
        out = {"guess": self.game._guess_text(N.tree_guess(self._t, node)), "next": {}}
        for fb, child in self._children(node):
            out["next"][self.game._feedback_text(fb)] = self.to_dict(child)
        return out

    def verify(self, *, hard=False, max_guesses=0):
        """Check the tree against the rules over every secret; its statistics as a dict (games,
        total, average, max, distribution, nodes). Raises InvalidArgument naming what is wrong."""
        stats = N.TreeStats()
        err = N.Error()
        _check(N.tree_verify(self._t, self.game._table, int(bool(hard)), max_guesses, byref(stats), byref(err)), err)
        return {
            "games": stats.games,
            "total": stats.total,
            "average": stats.total / stats.games if stats.games else 0.0,
            "max": stats.max,
            "distribution": {k: stats.dist[k] for k in range(N.TREE_MAX_DEPTH + 1) if stats.dist[k]},
            "nodes": stats.nodes,
        }

    def save(self, path, *, format="text", header=None):
        """Write the tree to path ('-': standard output) as text or JSON."""
        if format not in ("text", "json"):
            raise InvalidArgument(-1, f"format: '{format}' is neither 'text' nor 'json'")
        err = N.Error()
        rc = N.tree_save_path(
            self._t, self.game._table, _bytes(path), 0 if format == "text" else 1, _bytes(header), byref(err)
        )
        _check(rc, err)
