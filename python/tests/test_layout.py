"""The structs of codebreaker._native against the installed headers: every size and offset, from
a C program compiled with `pkg-config --cflags codebreaker` (skipped without a compiler)."""
import ctypes
import os
import shutil
import subprocess

import pytest

from codebreaker import _native as N

STRUCTS = {
    "cb_error": N.Error,
    "cb_game_config": N.GameConfig,
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
}


def test_struct_layouts(tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc or not shutil.which("pkg-config"):
        pytest.skip("no C compiler or pkg-config")
    flags = subprocess.run(
        ["pkg-config", "--cflags", "codebreaker"], capture_output=True, text=True
    )
    if flags.returncode != 0:
        pytest.skip("pkg-config does not know codebreaker (set PKG_CONFIG_PATH)")
    lines = ["#include <stddef.h>", "#include <stdio.h>", "#include <codebreaker/codebreaker.h>", "int main(void) {"]
    for cname, py in STRUCTS.items():
        lines.append(f'printf("{cname} %zu\\n", sizeof({cname}));')
        for field, _ in py._fields_:
            lines.append(f'printf("{cname}.{field} %zu\\n", offsetof({cname}, {field}));')
    lines.append("return 0; }")
    src = tmp_path / "layout.c"
    src.write_text("\n".join(lines))
    exe = tmp_path / "layout"
    subprocess.run([cc, str(src), *flags.stdout.split(), "-o", str(exe)], check=True)
    got = dict(line.rsplit(" ", 1) for line in subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines())
    for cname, py in STRUCTS.items():
        assert int(got[cname]) == ctypes.sizeof(py), cname
        for field, _ in py._fields_:
            assert int(got[f"{cname}.{field}"]) == getattr(py, field).offset, f"{cname}.{field}"
