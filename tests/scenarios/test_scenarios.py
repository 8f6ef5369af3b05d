"""Every scenario file (tests/scenarios/<game>/ and the shipped practice puzzles) passes
through the same runner as `familia-tui check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from familia_tui.core.scenario import run_scenario, scenario_files

ROOT = Path(__file__).resolve().parents[2]
FILES = scenario_files([ROOT / "tests" / "scenarios", *sorted((ROOT / "rules").glob("*/practice"))])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, result.report()
