"""In ascii glyph mode no screen of any game shows a non-ASCII character (issue 10, item 8).

The walk reuses the deterministic scenes of every registered game (screenshots and snapshots:
home, setup, each game's table in its phases with an illegal choice explained, the handoff
curtain) in ascii mode and English with ASCII seat names, reads every character of the rendered
screen, and opens each game's rules (F1); every game's setup screen with its options; each game's
results screen from a record a few bot moves before its end; then settings, the practice list and
every practice puzzle at the table with its hints and answer.

In English, ascii mode is pure ASCII: the Japanese terms the English texts keep on purpose (ビリ,
革命, 流れる) are read in romaji (each game's `ASCII_TERMS`). In Japanese it promises only no
character of ambiguous width (Japanese text is wide), and names typed by players are theirs.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from tui_helpers import screen_text

from familia_tui.core.presets import find_preset, rules_dir
from familia_tui.core.record import Record
from familia_tui.core.registry import entries, get_game, ui_part
from familia_tui.tui import scenes
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.scenes import Scene, all_scenes, until
from familia_tui.tui.screens.puzzle import PuzzleCard
from familia_tui.tui.screens.table import TableScreen

ORIGINAL_APP_FOR = scenes.app_for
TABLES = [entry.id for entry in entries() if entry.ui is not None]
"""Every registered game with a table in the app."""
PUZZLES = sorted(p for game in TABLES for p in (rules_dir(game) / "practice").glob("*.yaml"))
"""The practice puzzles the app offers: those of the games it has a table for."""
WHOLE_GAMES = ("07-breakdown", "13-tarot-breakdown", "17-daifugo-end", "16-daifugo-multi-select")
"""Scenes that play whole deals (too slow here): results are reached from `near_the_end` instead."""
WALKED = [s for s in all_scenes() if s.name not in WHOLE_GAMES]
RULES_FROM = ("01-home", "03-table", "11-tarot-bidding", "15-daifugo-table")
"""Scenes F1 is pressed on: every game's rules once (and every game's tabs, from home)."""


def ascii_app_for(record, folder: Path, lang: str = "en", glyphs: str = "unicode") -> FamiliaTuiApp:  # type: ignore[no-untyped-def]
    """The scene's app in English and ascii mode, its seats named in ASCII (names typed in
    Japanese are the players' own text, outside the promise)."""
    if record is not None and not all(seat.name.isascii() for seat in record.seats):
        seats = tuple(seat.model_copy(update={"name": f"P{number}"})
                      for number, seat in enumerate(record.seats, start=1))
        record = replace(record, seats=seats)
    return ORIGINAL_APP_FOR(record, folder, "en", "ascii")


def assert_ascii(app: FamiliaTuiApp, where: str) -> None:
    text = screen_text(app)
    odd = sorted({c for c in text if not c.isascii()})
    assert not odd, f"{where} ({type(app.screen).__name__}) shows {odd}:\n{text}"


async def assert_rules_ascii(pilot, app: FamiliaTuiApp, where: str) -> None:  # type: ignore[no-untyped-def]
    """F1 over the screen: the rules of the game (or of every game, from home)."""
    from familia_tui.tui.screens.rules import RulesScreen

    await pilot.press("f1")
    await until(pilot, lambda: isinstance(app.screen, RulesScreen))
    await pilot.pause(0.1)
    assert_ascii(app, f"{where} + F1")
    await pilot.press("escape")


def scene_modules() -> list[ModuleType]:
    """The app's scenes module and every game's (each makes its apps with its own `app_for`)."""
    games = [sys.modules[ui_part(entry.id, "scenes:SCENES")[0].make.__module__]
             for entry in entries() if entry.ui is not None and ui_part(entry.id, "scenes:SCENES")]
    return [scenes, *games]


@pytest.mark.parametrize("scene", WALKED, ids=[s.name for s in WALKED])
async def test_every_scene_in_ascii_shows_only_ascii(scene: Scene, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for module in scene_modules():
        monkeypatch.setattr(module, "app_for", ascii_app_for)
    app = scene.make(tmp_path)
    async with app.run_test(size=scenes.scene_size(scene)) as pilot:
        await scene.run(pilot, app)
        await pilot.pause()
        assert_ascii(app, scene.name)
        if scene.name in RULES_FROM:
            await assert_rules_ascii(pilot, app, scene.name)


def near_the_end(game: str, before: int = 3) -> Record:
    """A record of bots on the game's default preset that ends the game (its final results
    screen) `before` actions from now."""
    spec = get_game(game)
    preset = spec.default_preset
    options = find_preset(game, preset).options
    options = getattr(options, "resolved", lambda: options)()
    seats = tuple(s.model_copy(update={"controller": "bot:basic"}) for s in spec.default_seats(options))
    state, rng, actions, events = spec.new_game(options, seats, seed=1), random.Random(1), [], []
    while not any(e.kind == "game_over" for e in events):
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        events = state.apply(action)
        actions.append(str(action))
    return Record(game, options, seats, 1, tuple(actions[:-before]), preset=preset)


@pytest.mark.parametrize("game", TABLES)
async def test_every_results_screen_in_ascii_shows_only_ascii(game: str, tmp_path: Path) -> None:
    app = ascii_app_for(near_the_end(game), tmp_path)
    async with app.run_test(size=scenes.SIZE) as pilot:
        await until(pilot, lambda: "Results" in type(app.screen).__name__)
        await pilot.pause()
        assert_ascii(app, f"{game} results")


@pytest.mark.parametrize("game", TABLES)
async def test_every_setup_screen_and_its_rules_in_ascii_show_only_ascii(game: str, tmp_path: Path) -> None:
    """Each game's setup: its presets, the option labels and values in words; then F1 there,
    its rules with the options in play."""
    from familia_tui.tui.screens.setup import SetupScreen

    app = ascii_app_for(None, tmp_path)
    async with app.run_test(size=scenes.SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(game))
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause(0.2)
        assert_ascii(app, f"{game} setup")
        await assert_rules_ascii(pilot, app, f"{game} setup")


async def test_settings_and_the_practice_list_in_ascii_show_only_ascii(tmp_path: Path) -> None:
    from familia_tui.tui.screens.practice import PracticeScreen
    from familia_tui.tui.screens.settings import SettingsScreen

    app = ascii_app_for(None, tmp_path)
    async with app.run_test(size=scenes.SIZE) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert_ascii(app, "settings")
        await pilot.press("escape")
        app.push_screen(PracticeScreen())
        await until(pilot, lambda: isinstance(app.screen, PracticeScreen))
        await pilot.pause()
        assert_ascii(app, "practice list")


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.stem for p in PUZZLES])
async def test_every_practice_puzzle_in_ascii_shows_only_ascii(puzzle: Path, tmp_path: Path) -> None:
    app = ascii_app_for(None, tmp_path)
    async with app.run_test(size=scenes.SIZE) as pilot:
        await pilot.pause()
        app.open_practice(puzzle)
        await until(pilot, lambda: hasattr(app.screen, "puzzle"))
        await pilot.pause()
        assert_ascii(app, f"{puzzle.stem}: question")
        for _ in range(3):
            await pilot.press("h")
        assert_ascii(app, f"{puzzle.stem}: hints")
        if isinstance(app.screen, PuzzleCard):  # a puzzle with a kind: answered on its card
            if app.screen.puzzle.kind != "best-play":
                await pilot.press("enter", "c")  # the first option (which-cards: ticked, checked)
                await pilot.pause()
                assert_ascii(app, f"{puzzle.stem}: verdict")
            await pilot.press("t")
            await until(pilot, lambda: not isinstance(app.screen, PuzzleCard))
        if not isinstance(app.screen, TableScreen):  # a score puzzle's hand: its breakdown first
            await pilot.pause()
            assert_ascii(app, f"{puzzle.stem}: the breakdown")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        illegal = next((i for i, c in enumerate(screen.choices) if not c.enabled), None)  # type: ignore[attr-defined]
        if illegal is not None and illegal < 9:
            await pilot.press(str(illegal + 1))
            assert_ascii(app, f"{puzzle.stem}: an illegal choice explained")
        await pilot.press("a")
        assert_ascii(app, f"{puzzle.stem}: answer")


PHASES = [("familia", "familia-4", "pile"), ("familia", "familia-4-batting", "play"),
          ("tarot", "tarot-5", "bid"), ("tarot", "tarot-5", "call"), ("tarot", "tarot-5", "ecart"),
          ("tarot", "tarot-5", "slam"), ("tarot", "tarot-4", "play"), ("daifugo", "daifugo-4", "lead"),
          ("daifugo", "daifugo-4", "follow"), ("daifugo", "daifugo-dobon-ask", "dobon"),
          ("daifugo", "daifugo-strict-uno", "lead")]
"""Each table's phases where the human at seat 0 decides (reached by seeded random play; strict
ウノ puts its key in the footer)."""


def at_decision(game: str, preset: str, phase: str) -> Record:
    """A record that stops where seat 0, the one human, decides in `phase` (first trick for play)."""
    spec, options = get_game(game), find_preset(game, preset).options
    options = getattr(options, "resolved", lambda: options)()
    seats = tuple(s.model_copy(update={"controller": "human" if i == 0 else "bot:basic"})
                  for i, s in enumerate(spec.default_seats(options)))
    for seed in range(200):
        state, rng, actions = spec.new_game(options, seats, seed=seed), random.Random(seed), []
        while not state.is_over and len(actions) < 300:
            if state.to_act == 0 and str(state.phase) == phase:
                return Record(game, options, seats, seed, tuple(actions), preset=preset)
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            state.apply(action)
            actions.append(str(action))
    raise AssertionError(f"no {phase} decision for seat 0 in {game}/{preset}")


@pytest.mark.parametrize(("game", "preset", "phase"), PHASES, ids=[f"{g}-{p}" for g, _, p in PHASES])
async def test_every_table_phase_in_ascii_shows_only_ascii(game: str, preset: str, phase: str,
                                                           tmp_path: Path) -> None:
    """The human's decision on screen, then every choice selected in turn (a dimmed one shows
    its explanation)."""
    app = ascii_app_for(at_decision(game, preset, phase), tmp_path)
    async with app.run_test(size=scenes.SIZE) as pilot:
        await until(pilot, lambda: bool(getattr(app.screen, "choices", None)))
        assert_ascii(app, f"{game} {phase}")
        screen = app.screen
        for _ in range(len(screen.choices)):  # type: ignore[attr-defined]
            await pilot.press("right")
            choice = screen.choices[screen.cursor]  # type: ignore[attr-defined]
            if not choice.enabled:
                assert_ascii(app, f"{game} {phase}: {choice.value} explained")
        assert_ascii(app, f"{game} {phase}: every choice")
