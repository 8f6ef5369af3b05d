"""`familia-tui stats [GAME] [--json]`: text tables and JSON from the save folder of
FAMILIA_TUI_DATA, a clear message when nothing is finished, damaged files skipped and untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from stats_records import finished, write

from familia_tui.cli import main

Capsys = pytest.CaptureFixture[str]


@pytest.fixture(autouse=True)
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder in tmp_path, English messages; returns its save folder (empty)."""
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return tmp_path / "data" / "games"


def cli(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_no_finished_game_says_so(capsys: Capsys, games: Path) -> None:
    status, out, err = cli(capsys, "stats")
    assert status == 0
    assert out.strip() == f"No finished games in {games} yet: statistics count the games played to the end."
    status, out, _ = cli(capsys, "stats", "--json")
    assert status == 0
    assert json.loads(out) == {"folder": str(games), "games": 0, "unfinished": 0, "tables": [], "skipped": []}


def test_text_tables_name_each_game_and_preset_and_its_players(capsys: Capsys, games: Path) -> None:
    write(games, [finished("daifugo", "daifugo-4", seed) for seed in range(2)]
          + [finished("tarot", "tarot-3", 5)])
    status, out, err = cli(capsys, "stats")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"Statistics of 3 finished games in {games}"
    assert "French Tarot · tarot-3 · 1 game" in lines
    assert any(line.startswith("Daifugō") and line.endswith("· daifugo-4 · 2 games") for line in lines)
    title = next(number for number, line in enumerate(lines) if "daifugo-4" in line)
    assert lines.index("French Tarot · tarot-3 · 1 game") < title  # the registry's game order
    daifugo = lines[title + 1:]
    assert daifugo[0].split() == ["Player", "Games", "Wins", "Place:times", "Mean", "score"]
    assert daifugo[1].split()[:2] == ["Aki", "2"]
    assert any(line.strip().startswith("Garde taken") for line in lines)
    assert any(line.strip().startswith("革命 played") for line in lines)


def test_json_holds_every_table_and_one_game_only(capsys: Capsys, games: Path) -> None:
    write(games, [finished("daifugo", "daifugo-4", 3), finished("familia", "familia-4", 4)])
    status, out, _ = cli(capsys, "stats", "--json")
    report = json.loads(out)
    assert status == 0
    assert [(t["game"], t["preset"], t["games"]) for t in report["tables"]] == [
        ("familia", "familia-4", 1), ("daifugo", "daifugo-4", 1)]
    daifugo = report["tables"][1]
    assert list(daifugo["figures"]) == ["games", "place.1", "place.2", "place.3", "biri", "revolutions", "chombo",
                                        "dobon"]
    assert daifugo["figures"]["biri"] == 1
    assert {p["who"] for p in daifugo["players"]} == {"Aki", "Ben", "bot:basic", "bot:random"}
    assert sum(p["wins"] for p in daifugo["players"]) >= 1
    status, out, _ = cli(capsys, "stats", "daifugo", "--json")
    assert [t["game"] for t in json.loads(out)["tables"]] == ["daifugo"]


def test_a_damaged_file_is_noted_and_left_untouched(capsys: Capsys, games: Path) -> None:
    write(games, [finished("daifugo", "daifugo-4", 1)])
    damaged = games / "20260101-000000-abcdef.json"
    damaged.write_text("not a record", encoding="utf-8")
    status, out, err = cli(capsys, "stats", "--json")
    assert status == 0
    assert json.loads(out)["games"] == 1
    assert err.startswith("familia-tui: 20260101-000000-abcdef.json was not counted: not valid JSON")
    assert err.rstrip().endswith("(the file was left untouched)")
    assert damaged.read_text(encoding="utf-8") == "not a record"
    assert sorted(p.name for p in games.iterdir()) == ["20260101-000000-abcdef.json", "daifugo-daifugo-4-0.json"]


def test_an_unknown_game_is_a_usage_error(capsys: Capsys) -> None:
    status, out, err = cli(capsys, "stats", "poker")
    assert status == 2
    assert err == "familia-tui: unknown game 'poker' (games: familia, sixsuit, tarot, chinkway, daifugo)\n"


def test_japanese_tables(capsys: Capsys, games: Path) -> None:
    write(games, [finished("daifugo", "daifugo-4", 1)])
    status, out, _ = cli(capsys, "stats", "--lang", "ja")
    assert status == 0
    assert "大富豪（統合ルール）・daifugo-4・1ゲーム" in out
    assert "CPU・標準" in out and "ビリ" in out


def test_stats_does_not_import_textual(tmp_path: Path) -> None:
    code = ("import sys; from familia_tui.cli import main; main(['stats', '--json']); "
            "assert 'textual' not in sys.modules, 'textual imported'")
    env = {**os.environ, "FAMILIA_TUI_DATA": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
