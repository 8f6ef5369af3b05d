"""Deterministic scenes of the app: the screenshots in `screenshots/` and the snapshot tests
are both made from these, so what the README shows is what the tests pin.

A scene is an app (fixed seed, preset, size, instant bots, a private save folder) and the
keys that bring it to the moment shown. Familia's scenes are here; another game's scenes live in
`familia_tui/tui/scenes_<game>.py` (a tuple `SCENES`, numbered after these) and are added below.
"""

from __future__ import annotations

import asyncio
import importlib
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from familia_tui.core.engine import FamiliaTuiError
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.familia import GAME
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.settings import Settings

SIZE = (100, 32)


def familia_record(seats: list[tuple[str, str]], preset: str = "familia-4", seed: int = 7) -> Record:
    """A Familia record with named seats: (name, controller) in seat order."""
    options = find_preset("familia", preset).options.resolved()
    table = [s.model_copy(update={"name": name, "controller": controller})
             for s, (name, controller) in zip(GAME.default_seats(options), seats, strict=True)]
    return Record("familia", options, tuple(table), seed, preset=preset)


HUMAN_AND_BOTS = [("Aki", "human"), ("Ben", "bot:basic"), ("Cho", "bot:basic"), ("Dan", "bot:basic")]


def app_for(record: Record | None, folder: Path, lang: str = "en", glyphs: str = "unicode") -> FamiliaTuiApp:
    settings = Settings(lang=lang, glyphs=glyphs, bot_pace="instant", trick_pause=0.0)
    return FamiliaTuiApp(record, settings=settings, saves=folder)


async def until(pilot: Pilot, condition: Callable[[], bool], limit: int = 600) -> None:
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.01)
    raise RuntimeError("the scene did not reach its moment")


def _human_to_act(app: FamiliaTuiApp) -> bool:
    """A human's decision is on screen, or a deal's last trick waits for a key."""
    return bool(getattr(app.screen, "choices", None)) or getattr(app.screen, "held", None) is not None


async def play_until(pilot: Pilot, app: FamiliaTuiApp, done: Callable[[], bool]) -> None:
    """The human presses Enter on each decision until `done()`."""
    from familia_tui.tui.screens.familia_results import FamiliaResultsScreen

    for _ in range(300):
        await until(pilot, lambda: _human_to_act(app) or isinstance(app.screen, FamiliaResultsScreen))
        if done():
            return
        await pilot.press("enter")
    raise RuntimeError("the scene did not reach its moment")


@dataclass(frozen=True)
class Scene:
    name: str
    make: Callable[[Path], FamiliaTuiApp]
    run: Callable[[Pilot, FamiliaTuiApp], Awaitable[None]]


async def _nothing(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await pilot.pause()


async def _table_ready(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await until(pilot, lambda: _human_to_act(app))


async def _batting_shown(pilot: Pilot, app: FamiliaTuiApp) -> None:
    def batted() -> bool:
        screen = app.screen
        history = getattr(getattr(screen, "session", None), "state", None)
        last = history.history[-1] if history and history.history else None
        return _human_to_act(app) and last is not None and bool(last.stage1) and not history.plays

    await play_until(pilot, app, batted)


async def _breakdown(pilot: Pilot, app: FamiliaTuiApp) -> None:
    from familia_tui.tui.screens.familia_results import FamiliaResultsScreen

    await play_until(pilot, app, lambda: isinstance(app.screen, FamiliaResultsScreen))


async def _rules(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await _table_ready(pilot, app)
    await pilot.press("f1")
    await pilot.pause(0.2)


async def _setup(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await pilot.press("enter")  # Continue is disabled, so Familia is highlighted first
    await pilot.pause(0.3)


async def _illegal(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await _table_ready(pilot, app)
    screen = app.screen
    if screen.session.state.phase == "pile":  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: _human_to_act(app))
    illegal = next((i for i, c in enumerate(screen.choices) if not c.enabled), 0)  # type: ignore[attr-defined]
    await pilot.press(str(illegal + 1))


FAMILIA_SCENES = (
    Scene("01-home", lambda d: app_for(None, d), _nothing),
    Scene("02-setup", lambda d: app_for(None, d), _setup),
    Scene("03-table", lambda d: app_for(familia_record(HUMAN_AND_BOTS), d), _table_ready),
    Scene("04-batting", lambda d: app_for(familia_record(HUMAN_AND_BOTS, "familia-4-batting", 3), d),
          _batting_shown),
    Scene("05-illegal-card", lambda d: app_for(familia_record(HUMAN_AND_BOTS, seed=7), d), _illegal),
    Scene("06-handoff", lambda d: app_for(familia_record(
        [("Aki", "human"), ("Ben", "human"), ("Cho", "bot:basic"), ("Dan", "bot:basic")]), d), _nothing),
    Scene("07-breakdown", lambda d: app_for(familia_record(HUMAN_AND_BOTS, seed=5), d), _breakdown),
    Scene("08-rules", lambda d: app_for(familia_record(HUMAN_AND_BOTS), d), _rules),
    Scene("09-table-ja", lambda d: app_for(familia_record(
        [("アキ", "human"), ("ベン", "bot:basic"), ("チョウ", "bot:basic"), ("ダン", "bot:basic")]),
        d, lang="ja"), _table_ready),
    Scene("10-table-ascii-80x24", lambda d: app_for(familia_record(HUMAN_AND_BOTS), d, glyphs="ascii"),
          _table_ready),
)


def _game_scenes() -> tuple[Scene, ...]:
    scenes: list[Scene] = []
    for game in ("tarot", "daifugo"):
        name = f"familia_tui.tui.scenes_{game}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            continue
        scenes += module.SCENES
    return tuple(scenes)


SCENES = FAMILIA_SCENES + _game_scenes()


def scene_size(scene: Scene) -> tuple[int, int]:
    return (80, 24) if "80x24" in scene.name else SIZE


async def _shoot(scene: Scene, out: Path) -> Path:
    with tempfile.TemporaryDirectory() as folder:
        app = scene.make(Path(folder))
        async with app.run_test(size=scene_size(scene)) as pilot:
            await scene.run(pilot, app)
            await pilot.pause()
            path = out / f"{scene.name}.svg"
            path.write_text(app.export_screenshot(title=f"familia-tui — {scene.name[3:]}"),
                            encoding="utf-8")
            return path


class ScreenshotError(FamiliaTuiError):
    """Screenshots that cannot be written where asked."""


def make_screenshots(out: Path, force: bool = False) -> int:
    """Write every scene as an SVG into `out`; returns the exit status.

    Raises:
        ScreenshotError: `out` is not a folder, or files there would be replaced without `force`.
    """
    if out.exists() and not out.is_dir():
        raise ScreenshotError(f"screenshots: {out} is a file; --out takes a folder")
    taken = sorted(f"{scene.name}.svg" for scene in SCENES if (out / f"{scene.name}.svg").exists())
    if taken and not force:
        shown = ", ".join(taken[:3]) + (f" and {len(taken) - 3} more" if len(taken) > 3 else "")
        raise ScreenshotError(f"screenshots: {out} already holds {shown}; add --force to replace "
                              "them, or choose another --out folder")
    out.mkdir(parents=True, exist_ok=True)
    for scene in SCENES:
        print(asyncio.run(_shoot(scene, out)))
    return 0
