"""The C library through ctypes: loading libcodebreaker, its structs and its functions.

The structs mirror include/codebreaker/*.h field by field; tests/test_layout.py compiles a C
program against the installed headers and checks every size and offset, so a change on either
side is caught.
"""

from __future__ import annotations

import ctypes
import os
from typing import Any

from ctypes import (
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_double,
    c_int,
    c_long,
    c_size_t,
    c_uint,
    c_uint32,
    c_uint64,
    c_void_p,
)

# The library version this package is written for: the SONAME of its ABI (see version.h).
ABI_MAJOR, ABI_MINOR = 0, 4
SONAME = f"libcodebreaker.so.{ABI_MAJOR}.{ABI_MINOR}"
NONE = 0xFFFFFFFF  # CB_NONE
ERROR_MAX = 512
DAILY_TITLE = 128  # CB_DAILY_TITLE
TREE_MAX_DEPTH = 64


def _load() -> ctypes.CDLL:
    """libcodebreaker: the copy inside the package (the wheel's), else the SONAME through the
    system's loader (a `make install`); $CODEBREAKER_LIBRARY, when set, names another file (a
    build tree's library, while working on the C side)."""
    bundled = os.path.join(os.path.dirname(os.path.abspath(__file__)), SONAME)
    path = os.environ.get("CODEBREAKER_LIBRARY") or (bundled if os.path.exists(bundled) else SONAME)
    try:
        return ctypes.CDLL(path)
    except OSError as e:
        hint = " (install libgomp1, OpenMP's runtime)" if "libgomp" in str(e) else ""
        raise ImportError(f"codebreaker: cannot load {path}: {e}{hint}") from None


lib = _load()


class Error(Structure):
    _fields_ = [("code", c_int), ("message", c_char * ERROR_MAX)]


class GameConfig(Structure):
    _fields_ = [
        ("rule", c_int),
        ("colors", c_int),
        ("length", c_int),
        ("no_repeat", c_int),
        ("first_digit", c_int),
        ("answers_path", c_char_p),
        ("guesses_path", c_char_p),
        ("alphabet", c_char_p),
        ("lenient", c_int),
        ("select_length", c_int),
        ("dictionary", c_char_p),
        ("answers_data", c_char_p),
        ("guesses_data", c_char_p),
        ("words_text", c_char_p),
    ]


class GameSetup(Structure):
    """cb_game_setup (game.h): a game as a person sets it up, checked by cb_game_setup_config."""

    _fields_ = [
        ("game", c_char_p),
        ("colors", c_int),
        ("pegs", c_int),
        ("length", c_int),
        ("lists", c_char_p),
        ("answers", c_char_p),
        ("guesses", c_char_p),
        ("dictionary", c_char_p),
        ("alphabet", c_char_p),
        ("no_repeat", c_int),
        ("lenient", c_int),
        ("hard", c_int),
        ("boards", c_int),
        ("adversary", c_int),
        ("words", c_char_p),
        ("max_guesses", c_int),
    ]


class GamePreset(Structure):
    """cb_game_preset (game.h): a game people know by name, a row of the library's registry."""

    _fields_ = [
        ("name", c_char_p),
        ("label", c_char_p),
        ("summary", c_char_p),
        ("rule", c_int),
        ("colors", c_int),
        ("length", c_int),
        ("no_repeat", c_int),
        ("first_digit", c_int),
        ("boards", c_int),
        ("adversary", c_int),
        ("max_guesses", c_int),
        ("lists", c_char_p),
        ("dictionary", c_char_p),
        ("strategy", c_char_p),
        ("hard", c_int),
    ]


class Date(Structure):
    """cb_date (daily.h): a calendar date."""

    _fields_ = [("year", c_int), ("month", c_int), ("day", c_int)]


class RuleInfo(Structure):
    """cb_rule_info (game.h): what a rule is, from the library's registry."""

    _fields_ = [
        ("name", c_char_p),
        ("label", c_char_p),
        ("feedback", c_char_p),
        ("words", c_int),
        ("hard_mode", c_int),
        ("hidden", c_int),
        ("max_guesses", c_int),
        ("strategy", c_char_p),
        ("hard_strategy", c_char_p),
        ("hard_max_guesses", c_int),
        ("marks", c_int),
    ]


class TableOptions(Structure):
    _fields_ = [
        ("mode", c_int),
        ("max_bytes", c_size_t),
        ("threads", c_int),
        ("no_columns", c_int),
        ("work", c_double),
        ("time_limit", c_double),
        ("cancel", c_void_p),
    ]


class StrategyConfig(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("first_guess", c_uint32),
        ("candidates_only", c_int),
        ("target_turn", c_int),
        ("tie", c_int),
        ("seed", c_uint64),
        ("iterations", c_int),
        ("delay", c_int),
        ("frequency", POINTER(c_double)),
        ("frequency_path", c_char_p),
        ("threads", c_int),
        ("cancel", c_void_p),
        ("max_pairs", c_double),
    ]


# cb_strategy_info's traits (strategy.h)
TRAIT_GREEDY, TRAIT_RANDOM, TRAIT_RANKS, TRAIT_CANDIDATES = 1, 2, 4, 8
TRAIT_ARGUMENT, TRAIT_WORDLE, TRAIT_WEIGHTS, TRAIT_NO_TIES = 16, 32, 64, 128
TRAIT_RANDOM_TIES = 256


class StrategyInfo(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("label", c_char_p),
        ("summary", c_char_p),
        ("source", c_char_p),
        ("traits", c_uint),
        ("cost", c_int),
        ("score_format", c_char_p),
        ("score_one", c_char_p),
    ]


class GuessScore(Structure):
    _fields_ = [
        ("guess", c_uint32),
        ("largest", c_uint32),
        ("expected", c_double),
        ("parts", c_uint32),
        ("entropy", c_double),
        ("frequency", c_double),
        ("candidate", c_int),
        ("legal", c_int),
        ("score", c_double),
    ]


class Partition(Structure):
    _fields_ = [
        ("parts", c_size_t),
        ("ids", POINTER(c_uint32)),
        ("sizes", POINTER(c_uint32)),
        ("total", c_uint32),
        ("won_part", c_long),
        ("counts_", POINTER(c_uint32)),
        ("counts_len_", c_size_t),
        ("keys_", POINTER(c_uint32)),
        ("cap_", c_size_t),
    ]


class SimGame(Structure):
    _fields_ = [
        ("secret", c_uint32),
        ("mapping", c_int),
        ("guesses", c_int),
        ("won", c_int),
        ("played", c_int),
        ("path", POINTER(c_uint32)),
        ("removed", c_double),
        ("seconds", c_double),
    ]


class SimOptions(Structure):
    _fields_ = [
        ("secrets", POINTER(c_uint32)),
        ("nsecrets", c_size_t),
        ("sample", c_size_t),
        ("seed", c_uint64),
        ("wins_within", c_int),
        ("mapping", c_int),
        ("threads", c_int),
        ("keep_games", c_int),
        ("progress", c_void_p),
        ("progress_ctx", c_void_p),
        ("on_game", c_void_p),
        ("on_game_ctx", c_void_p),
        ("cancel", POINTER(c_int)),
        ("from", c_void_p),  # a Python keyword: setattr(opt, "from", ...)
    ]


class SimResult(Structure):
    _fields_ = [
        ("strategy", c_char * 128),
        ("games", c_size_t),
        ("total", c_uint64),
        ("average", c_double),
        ("median", c_double),
        ("stddev", c_double),
        ("min", c_int),
        ("max", c_int),
        ("distribution", POINTER(c_uint64)),
        ("distribution_len", c_size_t),
        ("lost", c_size_t),
        ("wins_within", c_int),
        ("wins", c_size_t),
        ("first_guess", c_uint32),
        ("removed", c_double),
        ("seconds", c_double),
        ("states", c_size_t),
        ("game", POINTER(SimGame)),
        ("paths_", POINTER(c_uint32)),
    ]


class TreeStats(Structure):
    _fields_ = [
        ("games", c_uint64),
        ("total", c_uint64),
        ("max", c_int),
        ("dist", c_uint64 * (TREE_MAX_DEPTH + 1)),
        ("nodes", c_size_t),
    ]


class OptimalOptions(Structure):
    _fields_ = [
        ("objective", c_int),
        ("candidates_only", c_int),
        ("first", c_uint32),
        ("top", c_int),
        ("time_limit", c_double),
        ("cancel", c_void_p),
        ("threads", c_int),
        ("symmetry", c_int),
        ("cache_bytes", c_size_t),
        ("cutoff", c_uint64),
        ("openers", c_void_p),
        ("nopeners", c_size_t),
        ("slice_start", c_size_t),
        ("slice_step", c_size_t),
        ("known", c_void_p),
        ("nknown", c_size_t),
        ("on_opener", c_void_p),
        ("on_opener_arg", c_void_p),
        ("claim", c_void_p),
        ("claim_arg", c_void_p),
        ("progress", c_void_p),
        ("progress_arg", c_void_p),
        ("progress_interval", c_double),
        ("on_best", c_void_p),
        ("on_best_arg", c_void_p),
        ("from", c_void_p),  # a Python keyword: getattr(opts, "from")
        ("exact_top", c_int),
        ("work_limit", c_uint64),
        ("on_children", c_void_p),
        ("on_children_arg", c_void_p),
        ("book_guess", c_uint32),
        ("book_total", c_uint64),
        ("on_point", c_void_p),
        ("on_point_arg", c_void_p),
        ("point_work", c_uint64),
        ("points", c_void_p),
        ("npoints", c_size_t),
        ("workspace", c_void_p),
    ]


class OptimalOpener(Structure):
    _fields_ = [("guess", c_uint32), ("bound", c_uint64), ("exact", c_int), ("worst", c_int)]


class OptimalResult(Structure):
    _fields_ = [
        ("proved", c_int),
        ("subset", c_int),
        ("cut", c_int),
        ("stopped", c_int),
        ("infeasible", c_int),
        ("total", c_uint64),
        ("lower", c_uint64),
        ("worst_limit", c_int),
        ("stats", TreeStats),
        ("first", c_uint32),
        ("nodes", c_uint64),
        ("cache_entries", c_uint64),
        ("seconds", c_double),
        ("threads", c_int),
        ("symmetries", c_uint64),
        ("opener_count", c_size_t),
        ("openers", POINTER(OptimalOpener)),
        ("openers_searched", c_size_t),
        ("tree", c_void_p),
        ("timed_out", c_int),
        ("setup_stopped", c_int),
        ("work", c_uint64),
        ("book", c_int),
    ]


class WordLists(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("label", c_char_p),
        ("summary", c_char_p),
        ("answers", c_char_p),
        ("guesses", c_char_p),
        ("wider", c_char_p),
    ]


MAX_BOARDS = 32  # CB_MAX_BOARDS
MULTI_MAX_TURNS = 64  # CB_MULTI_MAX_TURNS


class MultiSimOptions(Structure):
    _fields_ = [
        ("boards", c_int),
        ("max_guesses", c_int),
        ("games", c_uint32),
        ("seed", c_uint64),
        ("threads", c_int),
        ("cancel", c_void_p),
    ]


class MultiSimResult(Structure):
    _fields_ = [
        ("games", c_uint32),
        ("wins", c_uint32),
        ("guesses_won", c_uint64),
        ("boards_solved", c_uint64),
        ("hist", c_uint32 * (MULTI_MAX_TURNS + 1)),
        ("seconds", c_double),
    ]


ADVERSARY_MAX_GUESSES = 16  # CB_ADVERSARY_MAX_GUESSES


class AdversaryOptions(Structure):
    _fields_ = [
        ("max_guesses", c_int),
        ("threads", c_int),
        ("time_limit", c_double),
        ("cancel", c_void_p),
        ("progress", c_void_p),
        ("progress_ctx", c_void_p),
    ]


class AdversaryResult(Structure):
    _fields_ = [
        ("guesses", c_int),
        ("proved_min", c_int),
        ("sequence", c_uint32 * ADVERSARY_MAX_GUESSES),
        ("left", c_size_t * ADVERSARY_MAX_GUESSES),
        ("nodes", c_uint64),
        ("seconds", c_double),
        ("stopped", c_int),
    ]


class CoachOptions(Structure):
    _fields_ = [
        ("limit", c_int),
        ("candidates_only", c_int),
        ("time_limit", c_double),
        ("threads", c_int),
        ("cancel", c_void_p),
        ("weights", POINTER(c_double)),
        ("opening_best", c_uint32),
        ("opening_total", c_uint64),
        ("work", c_uint64),
        ("no_book", c_int),
        ("past_limit", c_int),
    ]


class CoachGuess(Structure):
    _fields_ = [
        ("guess", c_uint32),
        ("total", c_uint64),
        ("proved", c_int),
        ("candidate", c_int),
        ("win_chance", c_double),
        ("worst", c_int),
        ("upper", c_uint64),
        ("can_lose", c_int),
        ("answer_word", c_int),
        ("lose_chance", c_double),
        ("lose_proved", c_int),
    ]


class CoachRank(Structure):
    _fields_ = [
        ("candidates", c_uint64),
        ("count", c_size_t),
        ("guesses", POINTER(CoachGuess)),
        ("searched", c_size_t),
        ("stopped", c_int),
        ("seconds", c_double),
        ("source", c_char_p),
        ("timed_out", c_int),
        ("can_lose", c_int),
        ("max_guesses", c_int),
    ]


COACH_LINE = 16


class CoachTurn(Structure):
    _fields_ = [
        ("guess", c_uint32),
        ("feedback", c_uint32),
        ("candidates", c_uint64),
        ("total", c_uint64),
        ("proved", c_int),
        ("best", c_uint32),
        ("best_total", c_uint64),
        ("best_proved", c_int),
        ("left", c_uint64),
        ("skill", c_double),
        ("luck", c_double),
        ("line", c_uint32 * COACH_LINE),
        ("line_len", c_int),
        ("upper", c_uint64),
        ("best_upper", c_uint64),
        ("can_lose", c_int),
        ("best_can_lose", c_int),
        ("lose_chance", c_double),
        ("best_candidate", c_uint32),
        ("candidate_total", c_uint64),
        ("candidate_upper", c_uint64),
        ("candidate_proved", c_int),
        ("answer_word", c_int),
        ("best_answer_word", c_int),
        ("book", c_int),
        ("timed_out", c_int),
        ("lose_proved", c_int),
        ("best_lose_chance", c_double),
        ("best_lose_proved", c_int),
        ("max_guesses", c_int),
        ("skill_low", c_double),
        ("skill_high", c_double),
        ("best_book", c_int),
    ]


class CoachReview(Structure):
    _fields_ = [
        ("turns", c_size_t),
        ("turn", POINTER(CoachTurn)),
        ("won", c_int),
        ("total", c_uint64),
        ("seconds", c_double),
        ("skill", c_double),
        ("luck", c_double),
        ("timed_out", c_int),
        ("work", c_uint64),
        ("widened", c_int),
        ("skill_turns", c_int),
        ("skill_low", c_double),
        ("skill_high", c_double),
    ]


def _fn(name: str, restype: Any, *argtypes: Any) -> Any:
    """The library's function `name`, typed for ctypes (mypy sees Any: callers convert)."""
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


P = c_void_p  # the opaque handles: cb_game *, cb_table *, cb_state *, cb_strategy *, cb_tree *
E = POINTER(Error)
U32P = POINTER(c_uint32)

version = _fn("cb_version", c_char_p)
version_number = _fn("cb_version_number", c_int)
strerror = _fn("cb_strerror", c_char_p, c_int)

game_config_default = _fn("cb_game_config_default", None, POINTER(GameConfig))
game_config_preset = _fn("cb_game_config_preset", c_int, c_char_p, POINTER(GameConfig))
game_config_lists = _fn("cb_game_config_lists", c_int, POINTER(GameConfig), c_char_p, E)
game_setup_strategy = _fn("cb_game_setup_strategy", c_char_p, POINTER(GameSetup))
game_rule_info = _fn("cb_game_rule_info", POINTER(RuleInfo), P)
rule_describe = _fn("cb_rule_describe", POINTER(RuleInfo), c_int)
game_preset_count = _fn("cb_game_preset_count", c_size_t)
game_preset_at = _fn("cb_game_preset_at", POINTER(GamePreset), c_size_t)
game_preset_find = _fn("cb_game_preset_find", POINTER(GamePreset), c_char_p)
game_setup_default = _fn("cb_game_setup_default", None, POINTER(GameSetup))
game_setup_config = _fn(
    "cb_game_setup_config", c_int, POINTER(GameSetup), POINTER(GameConfig), POINTER(c_int), POINTER(c_int), E
)
word_lists_all = _fn("cb_word_lists_all", POINTER(WordLists), POINTER(c_size_t))
game_new = _fn("cb_game_new", c_int, POINTER(GameConfig), POINTER(P), E)
game_free = _fn("cb_game_free", None, P)
game_rule = _fn("cb_game_rule", c_int, P)
game_rule_name = _fn("cb_game_rule_name", c_char_p, P)
game_name = _fn("cb_game_name", c_char_p, P)
game_length = _fn("cb_game_length", c_int, P)
game_colors = _fn("cb_game_colors", c_int, P)
game_guess_count = _fn("cb_game_guess_count", c_uint32, P)
game_secret_count = _fn("cb_game_secret_count", c_uint32, P)
game_feedback_count = _fn("cb_game_feedback_count", c_uint32, P)
game_default_max_guesses = _fn("cb_game_default_max_guesses", c_int, P)
game_won = _fn("cb_game_won", c_uint32, P)
game_secret_guess = _fn("cb_game_secret_guess", c_uint32, P, c_uint32)
game_guess_secret = _fn("cb_game_guess_secret", c_uint32, P, c_uint32)
game_parse_code = _fn("cb_game_parse_code", c_int, P, c_char_p, U32P, E)
game_parse_secret = _fn("cb_game_parse_secret", c_int, P, c_char_p, U32P, E)
game_format_code = _fn("cb_game_format_code", None, P, c_uint32, c_char_p, c_size_t)
game_format_secret = _fn("cb_game_format_secret", None, P, c_uint32, c_char_p, c_size_t)
daily_parse = _fn("cb_daily_parse", c_int, c_char_p, POINTER(Date), E)
daily_check_today = _fn("cb_daily_check_today", c_int, Date, Date, E)
daily_number = _fn("cb_daily_number", c_long, Date)
daily_secret = _fn("cb_daily_secret", c_int, P, Date, POINTER(c_uint32), POINTER(c_int), E)
daily_setup = _fn("cb_daily_setup", None, POINTER(GameSetup))
daily_title = _fn("cb_daily_title", None, c_char_p, c_char_p, POINTER(Date), c_int, c_char_p, c_size_t)
game_setup_lists = _fn("cb_game_setup_lists", c_char_p, POINTER(GameSetup))
game_setup_max_guesses = _fn("cb_game_setup_max_guesses", c_int, POINTER(GameSetup))
game_feedback = _fn("cb_game_feedback", c_uint32, P, c_uint32, c_uint32)
game_format_feedback = _fn("cb_game_format_feedback", None, P, c_uint32, c_char_p, c_size_t)
game_format_raw = _fn("cb_game_format_raw", None, P, c_uint32, c_char_p, c_size_t)
game_parse_feedback = _fn("cb_game_parse_feedback", c_int, P, c_char_p, U32P, E)

table_options_default = _fn("cb_table_options_default", None, POINTER(TableOptions))
table_new = _fn("cb_table_new", c_int, P, POINTER(TableOptions), POINTER(P), E)
table_free = _fn("cb_table_free", None, P)

state_new = _fn("cb_state_new", c_int, P, POINTER(P))
state_free = _fn("cb_state_free", None, P)
state_apply = _fn("cb_state_apply", c_int, P, c_uint32, c_uint32)
state_set_hard = _fn("cb_state_set_hard", c_int, P, c_int)
state_set_max_guesses = _fn("cb_state_set_max_guesses", c_int, P, c_int)
state_hard = _fn("cb_state_hard", c_int, P)
state_count = _fn("cb_state_count", c_size_t, P)
state_candidates = _fn("cb_state_candidates", U32P, P)
state_legal = _fn("cb_state_legal", c_int, P, c_uint32, c_char_p, c_size_t)
state_won = _fn("cb_state_won", c_int, P)
state_turns = _fn("cb_state_turns", c_size_t, P)
state_max_guesses = _fn("cb_state_max_guesses", c_int, P)
state_turn = _fn("cb_state_turn", None, P, c_size_t, U32P, U32P)

partition_init = _fn("cb_partition_init", None, POINTER(Partition))
partition_release = _fn("cb_partition_release", None, POINTER(Partition))
partition_compute = _fn("cb_partition_compute", c_int, POINTER(Partition), P, c_uint32)

strategy_config_default = _fn("cb_strategy_config_default", None, POINTER(StrategyConfig))
strategy_count = _fn("cb_strategy_count", c_size_t)
strategy_at = _fn("cb_strategy_at", POINTER(StrategyInfo), c_size_t)
strategy_new = _fn("cb_strategy_new", c_int, P, POINTER(StrategyConfig), POINTER(P), E)
strategy_free = _fn("cb_strategy_free", None, P)
strategy_name = _fn("cb_strategy_name", c_char_p, P)
strategy_choose = _fn("cb_strategy_choose", c_int, P, P, c_void_p, U32P, POINTER(c_double))
strategy_rank = _fn("cb_strategy_rank", c_int, P, P, c_size_t, POINTER(GuessScore), POINTER(c_size_t))

sim_options_default = _fn("cb_sim_options_default", None, POINTER(SimOptions))
simulate = _fn("cb_simulate", c_int, P, P, POINTER(SimOptions), POINTER(SimResult), E)
sim_result_release = _fn("cb_sim_result_release", None, POINTER(SimResult))

optimal_options_default = _fn("cb_optimal_options_default", None, POINTER(OptimalOptions))
coach_options_default = _fn("cb_coach_options_default", None, POINTER(CoachOptions))
coach_max_guesses = _fn("cb_coach_max_guesses", c_int, P)
coach_opening = _fn("cb_coach_opening", c_int, P, c_int, POINTER(c_uint32), POINTER(c_uint64))
coach_rank_solve = _fn("cb_coach_rank_solve", c_int, P, P, POINTER(CoachOptions), POINTER(CoachRank), E)
coach_rank_release = _fn("cb_coach_rank_release", None, POINTER(CoachRank))
coach_review_game = _fn("cb_coach_review_game", c_int, P, POINTER(CoachOptions), POINTER(CoachReview), E)
coach_review_release = _fn("cb_coach_review_release", None, POINTER(CoachReview))
optimal_solve = _fn("cb_optimal_solve", c_int, P, POINTER(OptimalOptions), POINTER(OptimalResult), E)
optimal_result_release = _fn("cb_optimal_result_release", None, POINTER(OptimalResult))

tree_free = _fn("cb_tree_free", None, P)
tree_root = _fn("cb_tree_root", c_uint32, P)
tree_node_count = _fn("cb_tree_node_count", c_size_t, P)
tree_guess = _fn("cb_tree_guess", c_uint32, P, c_uint32)
tree_child = _fn("cb_tree_child", c_uint32, P, c_uint32, c_uint32)
tree_verify = _fn("cb_tree_verify", c_int, P, P, POINTER(TreeStats), E)
tree_save_path = _fn("cb_tree_save_path", c_int, P, P, c_char_p, c_int, c_char_p, E)
tree_load_path = _fn("cb_tree_load_path", c_int, P, c_char_p, POINTER(P), E)

multi_preset_boards = _fn("cb_multi_preset_boards", c_int, c_char_p)
multi_default_max_guesses = _fn("cb_multi_default_max_guesses", c_int, P, c_int)
multi_new = _fn("cb_multi_new", c_int, P, c_int, c_int, POINTER(P), E)
multi_free = _fn("cb_multi_free", None, P)
multi_board = _fn("cb_multi_board", P, P, c_int)
multi_solved_turn = _fn("cb_multi_solved_turn", c_int, P, c_int)
multi_won = _fn("cb_multi_won", c_int, P)
multi_over = _fn("cb_multi_over", c_int, P)
multi_turns = _fn("cb_multi_turns", c_size_t, P)
multi_apply = _fn("cb_multi_apply", c_int, P, c_uint32, U32P, POINTER(c_int))
multi_apply_secrets = _fn("cb_multi_apply_secrets", c_int, P, c_uint32, U32P)
multi_strategy_names = _fn("cb_multi_strategy_names", POINTER(c_char_p), POINTER(c_size_t))
multi_strategy_new = _fn("cb_multi_strategy_new", c_int, P, c_char_p, POINTER(StrategyConfig), POINTER(P), E)
multi_strategy_free = _fn("cb_multi_strategy_free", None, P)
multi_strategy_name = _fn("cb_multi_strategy_name", c_char_p, P)
multi_choose = _fn("cb_multi_choose", c_int, P, P, U32P, POINTER(c_double))
multi_simulate = _fn(
    "cb_multi_simulate", c_int, P, POINTER(P), c_size_t, POINTER(MultiSimOptions), POINTER(MultiSimResult), E
)

adversary_answer = _fn("cb_adversary_answer", c_int, P, c_uint32, U32P, POINTER(c_size_t))
adversary_solve = _fn("cb_adversary_solve", c_int, P, POINTER(AdversaryOptions), POINTER(AdversaryResult), E)
