"""The `familia-tui` command (DESIGN.md §6): simulate, check, presets, play, resume, `--seats`.

Most tests call `familia_tui.cli.main([...])` in-process; a few run `python -m familia_tui` in a
subprocess. Every test points FAMILIA_TUI_DATA and FAMILIA_TUI_USER_PRESETS into tmp_path, so no
test reads or writes the real user folders, and `play`/`resume` hand their record to a fake app.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

import familia_tui.tui
from familia_tui.cli import UsageError, build_parser, home_options, main, parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, load_record, save_record
from familia_tui.core.registry import register, unregister
from familia_tui.core.saves import SaveFolder
from familia_tui.core.scenario import check_paths
from familia_tui.games.familia.game import GAME

ROOT = Path(__file__).resolve().parents[1]

Capsys = pytest.CaptureFixture[str]
Launches = list[dict[str, Any]]
"""The keyword arguments of each launch of the (fake) terminal app."""

SIMULATE_KEYS = {"game", "preset", "games", "seconds", "games_per_second", "actions_per_second",
                 "deals_per_second", "scores"}

PRESET_HEAD = """\
game: familia
name: {en: "Test", ja: "テスト"}
description: {en: "A test preset.", ja: "テスト用。"}
"""

SCENARIO_HEAD = """\
game: familia
preset: familia-4
seed: 3
position:
  trick: 1
  leader: 0
  face: KS
  hands:
    0: [5S, 9S, 2H, 3H, 4D, 6C]
    1: [10S, 2S, 5H, 6H, 7D, 8C]
    2: [3S, 6S, 10C, 8D, 5D, AH]
    3: [9C, 10D, 5C, 4H, 3C, 6D]
"""


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """User data and user presets in tmp_path; English messages."""
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("FAMILIA_TUI_USER_PRESETS", str(tmp_path / "user-presets"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return tmp_path


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Launches:
    """Replace the terminal app: each launch is recorded (its keyword arguments) and returns 0."""
    launches: Launches = []

    def fake_run_app(**kwargs: Any) -> int:
        launches.append(kwargs)
        return 0

    monkeypatch.setattr(familia_tui.tui, "run_app", fake_run_app)
    return launches


def cli(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    """Run the command in-process; returns (exit status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def run_module(*argv: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`python -m familia_tui ARGV` with the test's data and preset folders."""
    env = {**os.environ, "FAMILIA_TUI_DATA": str(tmp_path / "data"),
           "FAMILIA_TUI_USER_PRESETS": str(tmp_path / "user-presets"), "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    return subprocess.run([sys.executable, "-m", "familia_tui", *argv], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=120)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dedent(text), encoding="utf-8")
    return path


# ----- simulate -----


def simulate_json(capsys: Capsys, *extra: str) -> dict[str, Any]:
    status, out, err = cli(capsys, "simulate", "familia", "--preset", "familia-4", "--games", "20",
                           "--seed", "1", "--json", *extra)
    assert status == 0, err
    assert out.count("\n") == 1  # one JSON object on one line
    return json.loads(out)


def test_simulate_json_prints_one_object_with_the_benchmark_keys(capsys: Capsys) -> None:
    report = simulate_json(capsys)
    assert set(report) >= SIMULATE_KEYS
    assert (report["game"], report["preset"], report["games"]) == ("familia", "familia-4", 20)
    assert report["deals"] == 20 and report["actions"] > 0
    for key in ("seconds", "games_per_second", "actions_per_second", "deals_per_second"):
        assert isinstance(report[key], int | float) and report[key] > 0
    assert set(report["scores"]) == {"A", "B"}
    for stats in report["scores"].values():
        assert {"mean", "min", "max"} <= set(stats)
        assert stats["min"] <= stats["mean"] <= stats["max"]


def test_simulate_scores_are_deterministic_for_a_seed(capsys: Capsys) -> None:
    first, second = simulate_json(capsys), simulate_json(capsys)
    assert first["scores"] == second["scores"]
    assert first["actions"] == second["actions"]


def test_simulate_prints_a_summary_without_json(capsys: Capsys) -> None:
    status, out, _ = cli(capsys, "simulate", "familia", "--games", "3", "--seed", "4")
    assert status == 0
    assert out.startswith("familia / familia-4: 3 games, 3 deals in ")
    assert "deals/s" in out and "actions/s" in out


@pytest.mark.parametrize("bot", ["basic", "random", "basic,random"])
def test_simulate_with_a_bot_kind(capsys: Capsys, bot: str) -> None:
    status, out, err = cli(capsys, "simulate", "familia", "--games", "2", "--bot", bot, "--json")
    assert status == 0, err
    assert json.loads(out)["games"] == 2


def test_simulate_basic_bots_are_deterministic(capsys: Capsys) -> None:
    argv = ("simulate", "familia", "--games", "3", "--seed", "9", "--bot", "basic", "--json")
    first = json.loads(cli(capsys, *argv)[1])
    second = json.loads(cli(capsys, *argv)[1])
    assert first["scores"] == second["scores"]


def test_simulate_an_unknown_bot(capsys: Capsys) -> None:
    status, out, err = cli(capsys, "simulate", "familia", "--games", "2", "--bot", "clever")
    assert status == 2 and out == ""
    assert "unknown bot 'clever'" in err and "basic, random" in err


def test_simulate_an_unknown_preset_suggests_a_name(capsys: Capsys) -> None:
    status, out, err = cli(capsys, "simulate", "familia", "--preset", "familia-44", "--games", "2")
    assert status == 2 and out == ""
    assert "no familia preset named 'familia-44'" in err
    assert "did you mean 'familia-4'?" in err


@pytest.mark.parametrize(("game", "expected"), [
    ("chess", "unknown game 'chess'"),
    ("canasta", "unknown game 'canasta'"),
])
def test_simulate_an_unknown_game(capsys: Capsys, game: str, expected: str) -> None:
    status, out, err = cli(capsys, "simulate", game, "--games", "2")
    assert status == 2 and out == ""
    assert expected in err


def test_simulate_needs_at_least_one_game(capsys: Capsys) -> None:
    status, _, err = cli(capsys, "simulate", "familia", "--games", "0")
    assert status == 2 and "--games must be at least 1" in err


def test_simulate_a_preset_given_as_a_path(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path / "mine.yaml", PRESET_HEAD + "players: 4\nstyle: batting\n")
    status, out, err = cli(capsys, "simulate", "familia", "--preset", str(path), "--games", "3",
                           "--json")
    assert status == 0, err
    assert json.loads(out)["preset"] == "mine"


def test_python_m_simulate_json(tmp_path: Path) -> None:
    run = run_module("simulate", "familia", "--preset", "familia-4", "--games", "20", "--seed", "1",
                     "--json", tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert set(report) >= SIMULATE_KEYS and report["games"] == 20


def test_python_m_unknown_preset_has_no_traceback(tmp_path: Path) -> None:
    run = run_module("simulate", "familia", "--preset", "familia-44", tmp_path=tmp_path)
    assert run.returncode == 2
    assert "did you mean 'familia-4'?" in run.stderr
    assert "Traceback" not in run.stdout + run.stderr


@pytest.mark.parametrize("argv", [
    ("simulate", "familia", "--games", "2", "--json"),
    ("presets", "show", "familia/familia-4"),
    ("presets",),
    ("check", "nowhere.yaml"),
])
def test_commands_without_a_screen_do_not_import_textual(tmp_path: Path, argv: tuple[str, ...]) -> None:
    code = ("import sys; from familia_tui.cli import main; main(sys.argv[1:]); "
            "bad = [m for m in ('textual', 'rich') if m in sys.modules]; "
            "print('IMPORTED', bad, file=sys.stderr) if bad else None; sys.exit(7 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                         cwd=tmp_path, timeout=120,
                         env={**os.environ, "FAMILIA_TUI_DATA": str(tmp_path / "data"),
                              "FAMILIA_TUI_USER_PRESETS": str(tmp_path / "user-presets")})
    assert run.returncode == 0, run.stderr


# ----- check -----


def scenarios(folder: Path, failing: bool = False) -> Path:
    write(folder / "first.yaml", SCENARIO_HEAD + "steps:\n  - legal: [play 5S, play 9S]\n")
    steps = f"steps:\n  - do: play 5S\n  - expect: {{to_act: {2 if failing else 1}}}\n"
    write(folder / "sub" / "second.yaml", SCENARIO_HEAD + steps)
    return folder


def test_check_passes_a_folder(capsys: Capsys, tmp_path: Path) -> None:
    folder = scenarios(tmp_path / "cases")
    status, out, _ = cli(capsys, "check", str(folder))
    assert status == 0
    assert f"PASS {folder / 'first.yaml'}" in out
    assert f"PASS {folder / 'sub' / 'second.yaml'}" in out
    assert out.rstrip().endswith("2 passed, 0 failed")


def test_check_prints_the_failing_step_and_exits_1(capsys: Capsys, tmp_path: Path) -> None:
    folder = scenarios(tmp_path / "cases", failing=True)
    status, out, _ = cli(capsys, "check", str(folder))
    assert status == 1
    assert f"PASS {folder / 'first.yaml'}" in out
    assert f"FAIL {folder / 'sub' / 'second.yaml'}" in out
    assert "  step 2 (expect to_act): expected 2, got 1" in out.splitlines()
    assert out.rstrip().endswith("1 passed, 1 failed")


def test_check_several_paths_and_a_missing_one(capsys: Capsys, tmp_path: Path) -> None:
    folder = scenarios(tmp_path / "cases")
    status, out, _ = cli(capsys, "check", str(folder / "first.yaml"), str(tmp_path / "nowhere"))
    assert status == 1
    assert f"FAIL {tmp_path / 'nowhere'}" in out and "no such file or folder" in out
    assert out.rstrip().endswith("1 passed, 1 failed")


def test_check_a_scenario_that_cannot_be_set_up(capsys: Capsys, tmp_path: Path) -> None:
    path = write(tmp_path / "bad.yaml", SCENARIO_HEAD.replace("1: [10S,", "1: [5S, 10S,")
                 + "steps: []\n")
    status, out, _ = cli(capsys, "check", str(path))
    assert status == 1
    assert "cannot set up" in out and "5S is placed more often" in out


def test_check_an_empty_folder_fails(capsys: Capsys, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    status, out, _ = cli(capsys, "check", str(tmp_path / "empty"))
    assert status == 1 and "no scenario files (*.yaml, *.yml) in this folder" in out
    assert "0 passed, 1 failed" in out


def test_check_a_typo_in_an_expected_action_is_a_failed_step(
        capsys: Capsys, tmp_path: Path) -> None:
    folder = scenarios(tmp_path / "cases")
    write(folder / "typo.yaml", SCENARIO_HEAD + "steps:\n  - legal: [play 5S, plya 9S]\n")
    status, out, _ = cli(capsys, "check", str(folder))
    assert status == 1
    assert f"FAIL {folder / 'typo.yaml'}" in out and "step 1" in out
    assert f"PASS {folder / 'first.yaml'}" in out  # the other files still ran


def test_check_a_game_rules_folder_checks_its_presets_as_presets(capsys: Capsys, tmp_path: Path) -> None:
    """`check rules/tarot` (presets beside practice puzzles): each preset is validated as
    `presets validate` would, not run as a scenario; a bad one names its line and key."""
    folder = Path(shutil.copytree(ROOT / "rules" / "tarot", tmp_path / "tarot"))
    write(folder / "mine.yaml", "game: tarot\nname: {en: Mine, ja: Mine}\ndescription: {en: d, ja: d}\n"
                                "extends: tarot-4\nplayerz: 4\n")
    status, out, _ = cli(capsys, "check", str(folder))
    assert status == 1
    assert f"PASS {folder / 'tarot-4.yaml'} — preset" in out
    assert f"FAIL {folder / 'mine.yaml'} — preset" in out
    assert "line 5: playerz: unknown key — did you mean 'players'?" in out
    assert f"PASS {folder / 'practice'}" in out and "unknown key" not in out.replace("playerz: unknown key", "")
    assert out.rstrip().endswith(" passed, 1 failed")


def test_check_the_shipped_scenarios_reports_what_the_runner_finds(capsys: Capsys, tmp_path: Path) -> None:
    folder = Path(shutil.copytree(ROOT / "tests" / "scenarios", tmp_path / "scenarios"))
    results = check_paths([folder])  # their pass/fail is tests/scenarios' business, not this file's
    failed = sum(not r.passed for r in results)
    status, out, _ = cli(capsys, "check", str(folder))
    assert len(results) > 10
    assert status == (1 if failed else 0)
    assert out.rstrip().endswith(f"{len(results) - failed} passed, {failed} failed")
    assert out.count("\nPASS ") + out.startswith("PASS ") == len(results) - failed


def test_python_m_check_failing(tmp_path: Path) -> None:
    folder = scenarios(tmp_path / "cases", failing=True)
    run = run_module("check", str(folder), tmp_path=tmp_path)
    assert run.returncode == 1
    assert "step 2 (expect to_act): expected 2, got 1" in run.stdout


# ----- presets -----


def test_presets_lists_the_familia_presets(capsys: Capsys) -> None:
    status, out, err = cli(capsys, "presets")
    assert status == 0 and err == ""
    ids = [line.split()[0] for line in out.splitlines()]
    assert {"familia/familia-2", "familia/familia-4", "familia/familia-10"} <= set(ids)
    assert ids.index("familia/familia-2") < ids.index("familia/familia-4") < ids.index("familia/familia-10")
    assert any(line.startswith("familia/familia-4 ") and "4 players — mixed pairs" in line
               for line in out.splitlines())


def test_presets_of_one_game(capsys: Capsys) -> None:
    status, out, _ = cli(capsys, "presets", "familia")
    assert status == 0 and "familia/familia-4 " in out


def test_presets_list_game_lists_them_too(capsys: Capsys) -> None:
    """`presets list sixsuit` (as `show` and `validate` are words) lists, not a usage error."""
    status, out, err = cli(capsys, "presets", "list", "sixsuit")
    assert status == 0 and err == "" and "sixsuit/sixsuit-secret-6 " in out
    assert cli(capsys, "presets", "list")[1] == cli(capsys, "presets")[1]


def test_presets_lists_user_presets_and_reports_a_broken_one(
        capsys: Capsys, isolated: Path) -> None:
    user = isolated / "user-presets" / "familia"
    write(user / "mine.yaml", PRESET_HEAD + "players: 4\nstyle: batting\n")
    write(user / "broken.yaml", PRESET_HEAD + "players: 4\nstlye: batting\n")
    status, out, err = cli(capsys, "presets", "familia")
    assert status == 1
    assert "familia/mine" in out and "(user: " in out and "familia/familia-4 " in out
    assert f"presets: {user / 'broken.yaml'}: 1 problem(s)" in err
    assert "line 5: stlye: unknown key — did you mean 'style'?" in err


def test_presets_of_an_unknown_game(capsys: Capsys) -> None:
    status, out, err = cli(capsys, "presets", "chess")
    assert status != 0
    assert "unknown game 'chess'" in out + err


def test_presets_show_prints_the_resolved_options(capsys: Capsys) -> None:
    status, out, _ = cli(capsys, "presets", "show", "familia/familia-4")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "familia/familia-4: 4 players — mixed pairs"
    for line in ("players: 4", "decks: 1", "tricks: 10", "hand_size: 6", "style: normal"):
        assert line in lines
    assert "match:" in lines and "  format: single" in lines


def test_presets_show_in_japanese(capsys: Capsys) -> None:
    status, out, _ = cli(capsys, "--lang", "ja", "presets", "show", "familia/familia-4")
    assert status == 0 and out.startswith("familia/familia-4: 4人・男女ペア戦")


def test_presets_show_resolves_what_a_preset_leaves_out(capsys: Capsys) -> None:
    status, out, _ = cli(capsys, "presets", "show", "familia/familia-6")
    options = find_preset("familia", "familia-6").options.resolved()
    assert status == 0
    assert f"decks: {options.decks}" in out.splitlines()
    assert f"tricks: {options.tricks}" in out.splitlines()


def test_presets_show_an_unknown_preset(capsys: Capsys) -> None:
    status, out, err = cli(capsys, "presets", "show", "familia/familia-44")
    assert status == 2 and out == ""
    assert "did you mean 'familia-4'?" in err


@pytest.mark.parametrize("words", [("show",), ("show", "familia-4"), ("familia", "extra")])
def test_presets_usage(capsys: Capsys, words: tuple[str, ...]) -> None:
    status, _, err = cli(capsys, "presets", *words)
    assert status == 2 and "usage: familia-tui presets" in err


BAD_PRESETS = {
    "unknown-key.yaml": ("players: 4\nstlye: batting\n",
                         "line 5: stlye: unknown key — did you mean 'style'?"),
    "wrong-type.yaml": ("players: four\n", 'line 4: players: "four" — Input should be a valid integer'),
    "too-many-cards.yaml": ("players: 4\ntricks: 11\n",
                            "line 5: tricks: 11 — tricks 11 × 4 hands need 44 hand cards"),
    "broken.yaml": ("players: 4\nstyle: [batting\n", "line 6, column 1: (yaml): not valid YAML"),
}


@pytest.mark.parametrize("name", sorted(BAD_PRESETS))
def test_presets_validate_names_each_problem_with_its_line(
        capsys: Capsys, tmp_path: Path, name: str) -> None:
    body, expected = BAD_PRESETS[name]
    path = write(tmp_path / name, PRESET_HEAD + body)
    status, out, err = cli(capsys, "presets", "validate", str(path))
    assert status == 1
    assert f"presets: {path}: 1 problem(s)" in err
    assert expected in err
    assert "file(s) valid" not in out


def test_presets_validate_reports_every_bad_file(capsys: Capsys, tmp_path: Path) -> None:
    paths = [write(tmp_path / name, PRESET_HEAD + body) for name, (body, _) in sorted(BAD_PRESETS.items())]
    good = write(tmp_path / "good.yaml", PRESET_HEAD + "players: 4\n")
    status, _, err = cli(capsys, "presets", "validate", str(good), *map(str, paths))
    assert status == 1
    for path, (_, expected) in zip(paths, (BAD_PRESETS[n] for n in sorted(BAD_PRESETS)), strict=True):
        assert f"presets: {path}: 1 problem(s)" in err
        assert expected in err
    assert str(good) not in err


def test_presets_validate_good_files(capsys: Capsys, tmp_path: Path) -> None:
    good = write(tmp_path / "good.yaml", PRESET_HEAD + "players: 4\nstyle: batting\n")
    status, out, err = cli(capsys, "presets", "validate", str(good))
    assert (status, out.strip(), err) == (0, "1 file(s) valid", "")


def test_presets_validate_the_shipped_folder(capsys: Capsys) -> None:
    status, _, err = cli(capsys, "presets", "validate", str(ROOT / "rules" / "familia"))
    assert status == 0, err


def test_presets_validate_a_missing_file(capsys: Capsys, tmp_path: Path) -> None:
    status, _, err = cli(capsys, "presets", "validate", str(tmp_path / "nowhere.yaml"))
    assert status == 1 and "cannot read the file" in err


def test_presets_validate_a_folder_counts_its_files(capsys: Capsys, tmp_path: Path) -> None:
    write(tmp_path / "a.yaml", PRESET_HEAD + "players: 4\n")
    write(tmp_path / "b.yaml", PRESET_HEAD + "players: 5\n")
    status, out, _ = cli(capsys, "presets", "validate", str(tmp_path))
    assert (status, out.strip()) == (0, "2 file(s) valid")


def test_presets_validate_a_folder_without_presets(capsys: Capsys, tmp_path: Path) -> None:
    status, out, err = cli(capsys, "presets", "validate", str(tmp_path))
    assert status == 1 and "no preset files (*.yaml, *.yml) in this folder" in err and out == ""


def test_presets_validate_needs_a_file(capsys: Capsys) -> None:
    status, _, err = cli(capsys, "presets", "validate")
    assert status == 2 and "usage:" in err


def test_python_m_presets_validate_has_no_traceback(tmp_path: Path) -> None:
    paths = [str(write(tmp_path / name, PRESET_HEAD + body)) for name, (body, _) in BAD_PRESETS.items()]
    run = run_module("presets", "validate", *paths, tmp_path=tmp_path)
    assert run.returncode == 1
    assert "Traceback" not in run.stdout + run.stderr
    for _, expected in BAD_PRESETS.values():
        assert expected in run.stderr


# ----- screenshots -----


def test_screenshots_never_replace_a_file_without_force(capsys: Capsys, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from familia_tui.tui import scenes

    async def shoot(scene: scenes.Scene, out: Path) -> Path:
        (out / f"{scene.name}.svg").write_text("new", encoding="utf-8")
        return out / f"{scene.name}.svg"

    monkeypatch.setattr(scenes, "_shoot", shoot)
    mine = write(tmp_path / "01-home.svg", "mine")
    status, out, err = cli(capsys, "screenshots", "--out", str(tmp_path))
    assert status == 2 and f"{tmp_path} already holds 01-home.svg; add --force" in err and out == ""
    assert [p.name for p in tmp_path.iterdir()] == ["01-home.svg"] and mine.read_text() == "mine"
    status, out, _ = cli(capsys, "screenshots", "--out", str(tmp_path), "--force")
    assert status == 0 and mine.read_text() == "new" and len(list(tmp_path.iterdir())) == len(scenes.all_scenes())


def test_screenshots_out_must_be_a_folder(capsys: Capsys, tmp_path: Path) -> None:
    file = write(tmp_path / "shots", "a file")
    status, _, err = cli(capsys, "screenshots", "--out", str(file), "--force")
    assert status == 2 and "is a file; --out takes a folder" in err and file.read_text() == "a file"


# ----- parse_seats -----


def seats_of(preset: str) -> list[Any]:
    return GAME.default_seats(find_preset("familia", preset).options)


def test_parse_seats_keeps_the_defaults_when_none_are_given() -> None:
    defaults = seats_of("familia-4")
    assert parse_seats(None, defaults) == defaults
    assert parse_seats("", defaults) == defaults


def test_parse_seats_controllers() -> None:
    defaults = seats_of("familia-4")
    seats = parse_seats("human,bot,bot:random,bot:basic", defaults)
    assert [s.controller for s in seats] == ["human", "bot:basic", "bot:random", "bot:basic"]
    assert [s.name for s in seats] == ["P1", "P2", "P3", "P4"]
    assert [(s.fields, s.team) for s in seats] == [(s.fields, s.team) for s in defaults]


def test_parse_seats_names_and_named_bots() -> None:
    seats = parse_seats(" Aki , Ben=bot:random,Cho=bot, bot ", seats_of("familia-4"))
    assert [(s.name, s.controller) for s in seats] == [
        ("Aki", "human"), ("Ben", "bot:random"), ("Cho", "bot:basic"), ("P4", "bot:basic")]


def test_parse_seats_wrong_count() -> None:
    with pytest.raises(UsageError, match="--seats lists 2 seats but the preset's table has 4"):
        parse_seats("human,bot", seats_of("familia-4"))
    with pytest.raises(UsageError, match="lists 5 seats"):
        parse_seats("human,bot,bot,bot,bot", seats_of("familia-4"))


@pytest.mark.parametrize("entry", ["Aki=robot", "Aki=human:x", "Aki=bots"])
def test_parse_seats_bad_entry(entry: str) -> None:
    with pytest.raises(UsageError, match="is not human, bot, bot:KIND, NAME or NAME=bot:KIND"):
        parse_seats(f"{entry},bot,bot,bot", seats_of("familia-4"))


def test_parse_seats_checks_bot_kinds_against_the_game() -> None:
    bots = sorted(GAME.bots)
    seats = parse_seats("human,bot:random,bot:basic,bot", seats_of("familia-4"), bots)
    assert [s.controller for s in seats] == ["human", "bot:random", "bot:basic", "bot:basic"]
    with pytest.raises(UsageError, match="unknown bot 'bot:clever'"):
        parse_seats("human,bot:clever,bot,bot", seats_of("familia-4"), bots)


def test_parse_seats_names_must_differ() -> None:
    with pytest.raises(UsageError, match="Aki"):
        parse_seats("Aki,Aki,bot,bot", seats_of("familia-4"))
    with pytest.raises(UsageError, match="P2"):
        parse_seats("P2,bot,bot,bot", seats_of("familia-4"))  # the second seat keeps the name P2


def test_parse_seats_a_name_too_long_for_the_table() -> None:
    with pytest.raises(UsageError, match="x" * 25):
        parse_seats(f"{'x' * 25},bot,bot,bot", seats_of("familia-4"))
    assert parse_seats(f"{'x' * 24},bot,bot,bot", seats_of("familia-4"))[0].name == "x" * 24


def test_parse_seats_two_players_run_two_hands_each() -> None:
    defaults = seats_of("familia-2")
    assert len(defaults) == 4
    seats = parse_seats("Aki,Ben", defaults)
    assert [s.player for s in seats] == ["Aki", "Ben", "Aki", "Ben"]
    assert [s.name for s in seats] == ["Aki-M", "Ben-M", "Aki-F", "Ben-F"]
    assert [s.field("role") for s in seats] == ["M", "M", "F", "F"]
    assert all(s.controller == "human" for s in seats)


def test_parse_seats_two_players_one_bot() -> None:
    seats = parse_seats("Aki,bot:random", seats_of("familia-2"))
    assert [s.controller for s in seats] == ["human", "bot:random", "human", "bot:random"]
    assert [s.person for s in seats] == ["Aki", "P2", "Aki", "P2"]


def test_parse_seats_two_players_seat_by_seat() -> None:
    seats = parse_seats("human,bot,human,bot", seats_of("familia-2"))
    assert [s.controller for s in seats] == ["human", "bot:basic", "human", "bot:basic"]


def test_parse_seats_two_players_wrong_count() -> None:
    with pytest.raises(UsageError, match="--seats lists 3 seats"):
        parse_seats("Aki,Ben,Cho", seats_of("familia-2"))


# ----- the bare command -----


@pytest.mark.parametrize("argv", [[], ["--lang", "ja"], ["--glyphs=ascii"], ["--lang", "en", "--glyphs", "letters"],
                                  ["--lang", "ja", "--lang=en"]])
def test_the_bare_command_opens_the_app_as_argparse_reads_it(capsys: Capsys, app: Launches,
                                                             argv: list[str]) -> None:
    """Without a command, `--lang` and `--glyphs` are read without argparse (its import and
    parser cost ~5 ms of the first frame), to the same values."""
    args = build_parser().parse_args(argv)
    assert home_options(argv) == {k: v for k, v in (("lang", args.lang), ("glyphs", args.glyphs)) if v}
    assert cli(capsys, *argv)[0] == 0
    assert app == [{"record": None, "lang": args.lang, "glyphs": args.glyphs}]


@pytest.mark.parametrize("argv", [["--lang", "fr"], ["--lang"], ["--glyphs", "--lang", "ja"], ["--la", "ja"],
                                  ["--help"], ["play", "familia"], ["--lang", "ja", "resume"]])
def test_anything_else_on_the_command_line_is_argparse_s(argv: list[str]) -> None:
    assert home_options(argv) is None


def test_a_bad_language_is_refused_by_argparse(capsys: Capsys, app: Launches) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "fr"])
    assert stopped.value.code == 2 and "invalid choice: 'fr'" in capsys.readouterr().err and not app


# ----- play -----


def test_play_hands_a_fresh_record_to_the_app(capsys: Capsys, app: Launches) -> None:
    status, _, err = cli(capsys, "play", "familia", "--preset", "familia-4",
                         "--seats", "Aki,bot,bot:random,Dan", "--seed", "5")
    assert status == 0, err
    (launch,) = app
    record: Record = launch["record"]
    assert (record.game, record.preset, record.seed, record.actions) == ("familia", "familia-4", 5, ())
    assert [(s.name, s.controller) for s in record.seats] == [
        ("Aki", "human"), ("P2", "bot:basic"), ("P3", "bot:random"), ("Dan", "human")]
    assert record.options.tricks == 10 and record.options.decks == 1  # resolved options
    assert record.start().to_act is not None


def test_play_passes_language_and_glyphs(capsys: Capsys, app: Launches) -> None:
    status, _, _ = cli(capsys, "play", "familia", "--lang", "ja", "--glyphs", "ascii")
    assert status == 0
    assert (app[0]["lang"], app[0]["glyphs"]) == ("ja", "ascii")
    assert isinstance(app[0]["record"].seed, int)


def test_play_two_player_game(capsys: Capsys, app: Launches) -> None:
    status, _, _ = cli(capsys, "play", "familia", "--preset", "familia-2", "--seats", "Aki,Ben")
    assert status == 0
    assert [s.name for s in app[0]["record"].seats] == ["Aki-M", "Ben-M", "Aki-F", "Ben-F"]


@pytest.mark.parametrize(("seats", "preset"), [
    ("Aki,bot,bot,bot,bot,bot", "familia-6"), ("Aki,Ben", "familia-2"), ("Aki,bot,bot,bot", "familia-4")])
def test_play_without_a_preset_picks_the_table_for_the_seats(capsys: Capsys, app: Launches,
                                                             seats: str, preset: str) -> None:
    status, _, err = cli(capsys, "play", "familia", "--seats", seats)
    assert status == 0, err
    assert app[0]["record"].preset == preset


@pytest.mark.parametrize(("seats", "expected"), [
    (",".join(["bot"] * 12), "Familia is for 2–10 players; 12 seats given"),
    ("Aki", "Familia is for 2–10 players; 1 seat given"),
    ("Aki,,Chi,Dan", "--seats 'Aki,,Chi,Dan': entry 2 is empty"),
    ("Aki,Ben,Chi,", "entry 4 is empty"),
    ("Aki\x1b[31m,bot,bot,bot", "a name is printable text: no tabs, line breaks or control characters"),
    (",,,", "entries 1, 2, 3, 4 are empty"),
    ("Aki=robot,bot,bot,bot", "'Aki=robot' is not human, bot"),
    ("human,bot:clever,bot,bot", "clever"),
    ("Aki,Aki,bot,bot", "Aki"),
    ("Aki-with-a-name-far-too-long-for-the-table,bot,bot,bot", "Aki-with-a-name-far-too-long"),
])
def test_play_bad_seats_exit_2_with_a_message(capsys: Capsys, app: Launches,
                                              isolated: Path, seats: str, expected: str) -> None:
    status = main(["play", "familia", "--seats", seats])
    out, err = capsys.readouterr()
    assert status == 2
    assert err.startswith("familia-tui: ") and expected in err
    assert "Traceback" not in out + err
    assert app == []
    assert not (isolated / "data" / "games").exists()


@pytest.mark.parametrize(("game", "seats", "expected"), [
    ("tarot", "Aki,Ben", "French Tarot is for 3–5 players; 2 seats given"),
    ("daifugo", ",".join(["bot"] * 9), "is for 3–8 players; 9 seats given"),
])
def test_play_seat_count_names_the_games_range(capsys: Capsys, app: Launches, game: str, seats: str,
                                               expected: str) -> None:
    status, _, err = cli(capsys, "play", game, "--seats", seats)
    assert status == 2 and expected in err and app == []


def test_play_seat_count_is_checked_with_a_named_preset_too(capsys: Capsys, app: Launches) -> None:
    status, _, err = cli(capsys, "play", "familia", "--preset", "familia-4", "--seats", "a," * 10 + "k")
    assert status == 2 and "Familia is for 2–10 players; 11 seats given" in err and app == []


def test_play_an_unknown_preset(capsys: Capsys, app: Launches) -> None:
    status, _, err = cli(capsys, "play", "familia", "--preset", "familia-44")
    assert status == 2 and "did you mean 'familia-4'?" in err and app == []


def test_play_refuses_a_registered_game_without_a_table_and_says_where_its_engine_runs(
        capsys: Capsys, app: Launches) -> None:
    import dataclasses

    from toy import ENTRY

    register(dataclasses.replace(ENTRY, ui=None))  # a game whose table is still to come
    try:
        status, _, err = cli(capsys, "play", "toy")
    finally:
        unregister(ENTRY.id)
    assert status == 2 and app == []
    assert f"{ENTRY.names['en']} has no table in the app yet" in err
    assert "familia-tui simulate toy" in err and "familia-tui check" in err


def test_play_an_unknown_game(capsys: Capsys, app: Launches) -> None:
    status, _, err = cli(capsys, "play", "chess")
    assert status == 2 and "unknown game 'chess'" in err and app == []


# ----- resume -----


def a_record(actions: int = 6) -> Record:
    options = find_preset("familia", "familia-4").options
    record = Record("familia", options, tuple(GAME.default_seats(options)), 12, preset="familia-4")
    state = record.start()
    for _ in range(actions):
        action = state.legal_actions()[-1]
        state.apply(action)
        record = record.with_action(action)
    return record


def test_resume_without_a_saved_game(capsys: Capsys, app: Launches,
                                     isolated: Path) -> None:
    status, out, err = cli(capsys, "resume")
    assert status == 2 and out == ""
    assert "there is no unfinished game" in err and "familia-tui play" in err
    assert str(isolated / "data" / "games") in err
    assert app == []


def test_resume_the_old_autosave_moves_it_into_the_save_folder(
        capsys: Capsys, app: Launches, isolated: Path) -> None:
    record = a_record()
    save_record(record, isolated / "data" / "autosave.json")
    status, _, err = cli(capsys, "resume")
    assert status == 0, err
    assert app[0]["record"] == record
    assert app[0]["record_path"].parent == isolated / "data" / "games"
    assert not (isolated / "data" / "autosave.json").exists()
    assert load_record(app[0]["record_path"]) == record


def test_resume_takes_the_newest_unfinished_game(capsys: Capsys, app: Launches, isolated: Path) -> None:
    folder = SaveFolder.default()
    (older, first), (newer, second) = folder.create(a_record(3)), folder.create(a_record(7))
    first.release()
    second.release()
    os.utime(older, (1_000_000, 1_000_000))
    status, _, err = cli(capsys, "resume")
    assert status == 0, err
    assert app[0]["record_path"] == newer and len(app[0]["record"].actions) == 7


def test_resume_skips_a_game_open_in_another_window(capsys: Capsys, app: Launches, isolated: Path) -> None:
    folder = SaveFolder.default()
    (older, first), (newer, held) = folder.create(a_record(3)), folder.create(a_record(7))
    first.release()
    os.utime(older, (1_000_000, 1_000_000))
    status, _, err = cli(capsys, "resume")
    assert status == 0 and app[0]["record_path"] == older
    status, _, err = cli(capsys, "resume", str(newer))
    assert status == 2 and "open in another familia-tui window" in err
    first = folder.lock(older)
    status, _, err = cli(capsys, "resume")
    assert status == 2 and "every unfinished game is open in another familia-tui window" in err
    held.release()
    first.release()  # type: ignore[union-attr]


def test_resume_list_prints_the_unfinished_games_newest_first(
        capsys: Capsys, app: Launches, isolated: Path) -> None:
    folder = SaveFolder.default()
    (older, first), (newer, second) = folder.create(a_record(3)), folder.create(a_record(7))
    first.release()
    second.release()
    os.utime(older, (1_000_000, 1_000_000))
    status, out, err = cli(capsys, "resume", "--list")
    assert status == 0 and err == "" and app == []
    assert out.index(str(newer)) < out.index(str(older))
    assert "Familia · familia-4 · " in out and "P1, P2, P3, P4" in out
    assert "game 1/1 · deal 1/1 · A 0, B 0" in out


def test_resume_a_file_saves_into_that_file(capsys: Capsys, app: Launches, tmp_path: Path) -> None:
    record = a_record(9)
    path = save_record(record, tmp_path / "saved" / "game.json")
    status, _, err = cli(capsys, "resume", str(path))
    assert status == 0, err
    assert app[0]["record"] == record and app[0]["record_path"] == path


@pytest.mark.parametrize(("content", "expected"), [
    (b'{"format": "familia-tui/record",\n "version": 1,\n oops', "not valid JSON (line 3"),
    (b'{"name": "my notes"}', "not a familia-tui game record"),
    (b'{"format": "familia-tui/record", "version": 99}', "record version 99 is not supported"),
])
def test_resume_a_bad_file_names_it_and_leaves_it_untouched(
        capsys: Capsys, app: Launches, tmp_path: Path,
        content: bytes, expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    status, out, err = cli(capsys, "resume", str(path))
    assert status == 2 and out == ""
    assert err.startswith(f"familia-tui: {path}: ") and expected in err
    assert path.read_bytes() == content
    assert app == []


def test_resume_reports_a_corrupt_autosave_and_moves_it_aside_untouched(
        capsys: Capsys, app: Launches, isolated: Path) -> None:
    path = isolated / "data" / "autosave.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "familia-tui/rec')
    status, _, err = cli(capsys, "resume")
    assert status == 2 and "not valid JSON (line 1" in err and "nothing was deleted" in err
    assert "there is no unfinished game" in err and "Traceback" not in err
    (moved,) = (isolated / "data" / "games").glob("*.damaged-*")
    assert moved.read_bytes() == b'{"format": "familia-tui/rec' and moved.name in err
    assert app == []
    status, _, err = cli(capsys, "resume")
    assert "cannot be resumed" not in err  # reported once


def test_resume_a_record_with_an_illegal_action(capsys: Capsys, app: Launches,
                                                tmp_path: Path) -> None:
    record = a_record(5)
    data = record.to_data() | {"actions": [*record.actions[:3], "play 7X", *record.actions[3:]]}
    path = tmp_path / "game.json"
    content = json.dumps(data).encode()
    path.write_bytes(content)
    status, _, err = cli(capsys, "resume", str(path))
    assert status == 2
    assert f"{path}: action 4 ('play 7X') cannot be replayed" in err
    assert path.read_bytes() == content
    assert load_record(path).actions[3] == "play 7X"
    assert app == []


def test_resume_a_missing_file(capsys: Capsys, app: Launches, tmp_path: Path) -> None:
    status, _, err = cli(capsys, "resume", str(tmp_path / "nowhere.json"))
    assert status == 2 and "no such file" in err and app == []


# ----- replay -----


def test_replay_opens_the_app_at_the_replay_of_a_file_and_leaves_the_file_as_it_was(
        capsys: Capsys, app: Launches, tmp_path: Path) -> None:
    from familia_tui.core.simulate import play_out

    record = play_out(a_record(0))
    path = save_record(record, tmp_path / "kept" / "game.json")
    content = path.read_bytes()
    status, out, err = cli(capsys, "replay", str(path), "--lang", "ja")
    assert status == 0, err
    assert app[0]["replay"] == record and app[0]["record"] is None and app[0]["record_path"] == path
    assert app[0]["lang"] == "ja" and path.read_bytes() == content


def test_replay_an_unfinished_game_too(capsys: Capsys, app: Launches, tmp_path: Path) -> None:
    path = save_record(a_record(4), tmp_path / "game.json")
    status, _, err = cli(capsys, "replay", str(path))
    assert status == 0, err
    assert len(app[0]["replay"].actions) == 4


@pytest.mark.parametrize(("content", "expected"), [
    (b'{"format": "familia-tui/record",\n "version": 1,\n oops', "not valid JSON (line 3"),
    (b'{"name": "my notes"}', "not a familia-tui game record"),
    (b'\xff\xfe\x00', "cannot be read"),
])
def test_replay_a_damaged_file_says_what_is_wrong_and_leaves_it_untouched(
        capsys: Capsys, app: Launches, tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    status, out, err = cli(capsys, "replay", str(path))
    assert status == 2 and out == "" and app == []
    assert err.startswith(f"familia-tui: {path}: ") and expected in err
    assert path.read_bytes() == content


def test_replay_a_record_with_an_illegal_action_names_it(capsys: Capsys, app: Launches, tmp_path: Path) -> None:
    record = a_record(5)
    content = json.dumps(record.to_data() | {"actions": [*record.actions[:3], "play 7X"]}).encode()
    path = tmp_path / "game.json"
    path.write_bytes(content)
    status, _, err = cli(capsys, "replay", str(path))
    assert status == 2 and "action 4 ('play 7X') cannot be replayed" in err and "left untouched" in err
    assert path.read_bytes() == content and app == []


def test_replay_a_missing_file(capsys: Capsys, app: Launches, tmp_path: Path) -> None:
    status, _, err = cli(capsys, "replay", str(tmp_path / "nothing.json"))
    assert status == 2 and "no such file" in err and app == []
