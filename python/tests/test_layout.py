"""The structs of codebreaker._native against the C headers the package was built from: every
size and offset, from a C program compiled against include/ of the repository (or csrc/include
of a source distribution)."""

import ctypes
import shutil
import subprocess
from pathlib import Path
from typing import Dict, Type

from codebreaker import _native as N

STRUCTS: Dict[str, Type[ctypes.Structure]] = {
    "cb_error": N.Error,
    "cb_game_config": N.GameConfig,
    "cb_game_preset": N.GamePreset,
    "cb_rule_info": N.RuleInfo,
    "cb_table_options": N.TableOptions,
    "cb_strategy_config": N.StrategyConfig,
    "cb_strategy_info": N.StrategyInfo,
    "cb_guess_score": N.GuessScore,
    "cb_partition": N.Partition,
    "cb_sim_game": N.SimGame,
    "cb_sim_options": N.SimOptions,
    "cb_sim_result": N.SimResult,
    "cb_tree_stats": N.TreeStats,
    "cb_optimal_options": N.OptimalOptions,
    "cb_optimal_opener": N.OptimalOpener,
    "cb_optimal_result": N.OptimalResult,
    "cb_word_lists": N.WordLists,
    "cb_multi_sim_options": N.MultiSimOptions,
    "cb_multi_sim_result": N.MultiSimResult,
    "cb_adversary_options": N.AdversaryOptions,
    "cb_adversary_result": N.AdversaryResult,
    "cb_coach_options": N.CoachOptions,
    "cb_coach_guess": N.CoachGuess,
    "cb_coach_rank": N.CoachRank,
    "cb_coach_turn": N.CoachTurn,
    "cb_coach_review": N.CoachReview,
}


def include_dir() -> Path:
    here = Path(__file__).resolve().parent.parent  # python/, or a source distribution's root
    for folder in (here / "csrc" / "include", here.parent / "include"):
        if (folder / "codebreaker" / "codebreaker.h").is_file():
            return folder
    raise AssertionError(f"no C headers beside {here}")


def test_struct_layouts(tmp_path: Path) -> None:
    cc = shutil.which("cc") or shutil.which("gcc")
    assert cc, "a C compiler (the package was built with one)"
    lines = ["#include <stddef.h>", "#include <stdio.h>", "#include <codebreaker/codebreaker.h>", "int main(void) {"]
    for cname, py in STRUCTS.items():
        lines.append(f'printf("{cname} %zu\\n", sizeof({cname}));')
        for field in py._fields_:
            lines.append(f'printf("{cname}.{field[0]} %zu\\n", offsetof({cname}, {field[0]}));')
    lines.append("return 0; }")
    src = tmp_path / "layout.c"
    src.write_text("\n".join(lines))
    exe = tmp_path / "layout"
    subprocess.run([cc, str(src), f"-I{include_dir()}", "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    got = dict(line.rsplit(" ", 1) for line in out.splitlines())
    assert len(got) == len(STRUCTS) + sum(len(py._fields_) for py in STRUCTS.values())
    for cname, py in STRUCTS.items():
        assert int(got[cname]) == ctypes.sizeof(py), cname
        for field in py._fields_:
            assert int(got[f"{cname}.{field[0]}"]) == getattr(py, field[0]).offset, f"{cname}.{field[0]}"
