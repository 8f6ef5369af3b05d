"""Deterministic scenes of the app: the screenshots in `screenshots/` and the snapshot tests
are both made from these, so what the README shows is what the tests pin.

A scene is an app (fixed seed, preset, size, instant bots, a private save folder) and the
keys that bring it to the moment shown. The app's own scenes (home, setup) are here; a game's
scenes live in its UI package (`scenes.py`, a tuple `SCENES`, numbered after these).
"""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from textual.pilot import Pilot

from familia_tui.core.errors import FamiliaTuiError
from familia_tui.core.record import Record
from familia_tui.core.registry import entries, ui_part
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.settings import Settings

SIZE = (100, 32)



def app_for(record: Record | None, folder: Path, lang: str = "en", glyphs: str = "unicode") -> FamiliaTuiApp:
    settings = Settings(lang=lang, glyphs=glyphs, bot_pace="instant", trick_pause=0.0)
    return FamiliaTuiApp(record, settings=settings, saves=folder)


async def until(pilot: Pilot, condition: Callable[[], bool], limit: int = 600) -> None:
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.01)
    raise RuntimeError("the scene did not reach its moment")


def human_to_act(app: FamiliaTuiApp) -> bool:
    """A human's decision is on screen, or a deal's last trick waits for a key."""
    return bool(getattr(app.screen, "choices", None)) or getattr(app.screen, "held", None) is not None


@dataclass(frozen=True)
class Scene:
    name: str
    make: Callable[[Path], FamiliaTuiApp]
    run: Callable[[Pilot, FamiliaTuiApp], Awaitable[None]]


async def nothing(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await pilot.pause()


async def _setup(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await pilot.press("enter")  # Continue is disabled, so the first game is highlighted first
    await pilot.pause(0.3)


STATS_GAMES = 5
"""How many finished games of each game (its default preset) the statistics scene has."""


def finished_games_folder(folder: Path) -> Path:
    """Write finished games of every game into a save folder: Aki and Ben with bots, played by
    bots (the statistics scene)."""
    from familia_tui.core.presets import find_preset
    from familia_tui.core.record import record_json
    from familia_tui.core.registry import get_game
    from familia_tui.core.simulate import play_out
    from familia_tui.tui.screens.setup_editing import resolved

    folder.mkdir(parents=True, exist_ok=True)
    for entry in entries():
        spec = get_game(entry.id)
        preset = find_preset(entry.id, spec.default_preset)
        options = resolved(preset.options)
        seats = tuple(seat.model_copy(update={"name": name, "player": None, "controller": controller})
                      for seat, (name, controller) in zip(spec.default_seats(options), _stats_seats()))
        for seed in range(STATS_GAMES):
            start = Record(entry.id, options, seats, seed, preset=preset.id,
                           created=f"2026-11-{seed + 1:02d}T20:00:00+00:00")
            path = folder / f"{entry.id}-{seed}.json"
            path.write_text(record_json(play_out(start, seed=seed)), encoding="utf-8")
    return folder


def _stats_seats() -> list[tuple[str, str]]:
    """Aki and Ben, then bots (basic and random in turn)."""
    bots = [(f"Bot {number}", "bot:basic" if number % 2 else "bot:random") for number in range(3, 11)]
    return [("Aki", "human"), ("Ben", "human"), *bots]


async def _statistics(pilot: Pilot, app: FamiliaTuiApp) -> None:
    from familia_tui.tui.screens.stats import StatsScreen

    app.push_screen(StatsScreen())
    await until(pilot, lambda: getattr(app.screen, "stats", None) is not None)
    chart = app.screen.query_one("#stats-chart")
    shown = str(chart.render())
    await pilot.press("down")  # the chart follows the highlighted player
    await until(pilot, lambda: str(chart.render()) != shown)  # (a loaded machine lags a frame)
    await pilot.pause()


def _replay_app(folder: Path) -> FamiliaTuiApp:
    """The first game's finished game (its default preset, basic bots, seed 7) at its replay."""
    from familia_tui.core.presets import find_preset
    from familia_tui.core.registry import get_game
    from familia_tui.core.simulate import play_out

    spec = get_game(next(entry.id for entry in entries() if entry.ui is not None))
    preset = find_preset(spec.id, spec.default_preset)
    seats = [seat.model_copy(update={"name": name}) for seat, name in
             zip(spec.default_seats(preset.options), ("Aki", "Ben", "Cho", "Dan", "Eri", "Fumi"), strict=False)]
    app = app_for(None, folder)
    app.start_replay = play_out(Record(spec.id, preset.options, tuple(seats), 7, preset=preset.id))
    return app


async def _replay(pilot: Pilot, app: FamiliaTuiApp) -> None:
    """Two tricks forward, then three actions on and one back: the third trick half played."""
    await until(pilot, lambda: getattr(app.screen, "replay", None) is not None)
    await pilot.press("right_square_bracket", "right_square_bracket", "right", "right", "right", "left")
    await pilot.pause(0.1)


APP_SCENES = (
    Scene("01-home", lambda d: app_for(None, d), nothing),
    Scene("02-setup", lambda d: app_for(None, d), _setup),
    Scene("30-replay", _replay_app, _replay),
    Scene("31-statistics", lambda d: app_for(None, finished_games_folder(d)), _statistics),
)


@cache
def all_scenes() -> tuple[Scene, ...]:
    """The app's scenes and every game's (`scenes:SCENES` of its UI package), by name."""
    scenes = list(APP_SCENES)
    for entry in entries():
        if entry.ui is not None:
            scenes += ui_part(entry.id, "scenes:SCENES")
    return tuple(sorted(scenes, key=lambda scene: scene.name))



def scene_size(scene: Scene) -> tuple[int, int]:
    """The terminal a scene is drawn in: the size its name ends with (`-80x24`, `-200x60`), else `SIZE`."""
    found = re.search(r"-(\d+)x(\d+)$", scene.name)
    return (int(found.group(1)), int(found.group(2))) if found else SIZE


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
    taken = sorted(f"{scene.name}.svg" for scene in all_scenes() if (out / f"{scene.name}.svg").exists())
    if taken and not force:
        shown = ", ".join(taken[:3]) + (f" and {len(taken) - 3} more" if len(taken) > 3 else "")
        raise ScreenshotError(f"screenshots: {out} already holds {shown}; add --force to replace "
                              "them, or choose another --out folder")
    out.mkdir(parents=True, exist_ok=True)
    for scene in all_scenes():
        print(asyncio.run(_shoot(scene, out)))
    return 0
