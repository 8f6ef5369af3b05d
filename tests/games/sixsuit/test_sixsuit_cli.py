"""The command line with the six-suit game: simulate and check run its engine (`play` opens its
table, tests/tui/test_sixsuit_table.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from familia_tui.cli import main

ROOT = Path(__file__).resolve().parents[3]


def test_simulate_every_preset_reports_json(capsys: pytest.CaptureFixture[str]) -> None:
    for preset in ("sixsuit-6", "sixsuit-4-battalion", "sixsuit-individual-5", "sixsuit-secret-6"):
        assert main(["simulate", "sixsuit", "--preset", preset, "--games", "5", "--seed", "1", "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["games"] == 5 and report["games_per_second"] > 0


def test_check_runs_the_scenarios_and_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    folders = [ROOT / "tests" / "scenarios" / "sixsuit", ROOT / "rules" / "sixsuit" / "practice"]
    assert main(["check", *map(str, folders)]) == 0

