"""Helpers for Pilot tests: a private app, the visible text of the screen, waiting for bots."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from familia_tui.core.record import Record
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.settings import Settings


def make_app(tmp_path: Path, record: Record | None = None, lang: str = "en",
             glyphs: str = "unicode") -> FamiliaTuiApp:
    """An app with instant bots, no pauses, and its save folder `save_folder(tmp_path)`."""
    settings = Settings(lang=lang, glyphs=glyphs, bot_pace="instant", trick_pause=0.0)
    return FamiliaTuiApp(record, settings=settings, saves=save_folder(tmp_path))


def save_folder(tmp_path: Path) -> Path:
    """The save folder of `make_app(tmp_path)`: its own, since the app moves aside every file
    there that is not a game."""
    return tmp_path / "games"


def saved_record(tmp_path: Path) -> Record:
    """The one game saved by `make_app(tmp_path)`."""
    from familia_tui.core.record import load_record

    (path,) = save_folder(tmp_path).glob("*.json")
    return load_record(path)


def screen_text(app: FamiliaTuiApp) -> str:
    """Everything visible on the terminal, row by row (each row stripped of its edge spaces): the
    screen, and the screens under a modal one, rendered as the terminal gets them. (Seven times
    faster than reading the text back from an SVG screenshot, as the privacy tests did at every
    step.)"""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return "\n".join(line.strip() for line in console.export_text(styles=False).splitlines())


async def settle(pilot, condition, limit: int = 400) -> None:  # type: ignore[no-untyped-def]
    """Let timers and bots run until `condition()` holds."""
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app did not reach the expected state")



async def click(pilot, target, offset: tuple[int, int] = (0, 0)) -> bool:  # type: ignore[no-untyped-def]
    """Click a widget (or `target()`, looked up afresh) once it is laid out, at `offset` in it: a
    loaded machine can lag a frame behind the state the test waited for."""
    find = target if callable(target) else (lambda: target)
    await settle(pilot, lambda: find().is_attached and find().region.area > 0)
    return bool(await pilot.click(find(), offset=offset))


async def saves_read(pilot, app: FamiliaTuiApp) -> None:  # type: ignore[no-untyped-def]
    """Wait until the home screen has read the save folder (just after its first frame)."""
    await settle(pilot, lambda: getattr(app.screen, "saves_read", False))
