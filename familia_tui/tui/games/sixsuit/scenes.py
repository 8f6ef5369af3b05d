"""Deterministic scenes of the six-suit table (screenshots and snapshot tests, see
familia_tui/tui/scenes.py): the team's secret split, a trick with a face-down card, the rebuild
declaration, the end of a game, and the Japanese table in ascii at 80×24; the table widget at
80×24, 120×40 and 200×60 (a trick with card backs, a won trick before it is gathered, the 4-player
game in letters).

Scenes are driven by the keys a player would press, chosen from what the screen offers."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.sixsuit.game import GAME
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.scenes import Scene, app_for, until

SIX = ["Aki", "Ben", "Cho", "Dan", "Eve", "Fay"]
SIX_JA = ["アキ", "ベン", "チョウ", "ダン", "エミ", "フミ"]


def sixsuit_record(names: list[str], preset: str = "sixsuit-6", seed: int = 3) -> Record:
    """A six-suit record: the first name is a person, the others basic bots."""
    options = find_preset("sixsuit", preset).options
    seats = [s.model_copy(update={"name": name, "controller": "human" if i == 0 else "bot:basic"})
             for i, (s, name) in enumerate(zip(GAME.default_seats(options), names, strict=True))]
    return Record("sixsuit", options, tuple(seats), seed, preset=preset)


def deciding(app: FamiliaTuiApp) -> bool:
    return bool(getattr(app.screen, "choices", None)) or getattr(app.screen, "held", None) is not None


def phase(app: FamiliaTuiApp) -> str:
    session = getattr(app.screen, "session", None)
    return str(session.table.phase) if session is not None else ""


async def decide(pilot: Pilot, app: FamiliaTuiApp) -> None:
    """One decision with the quick keys: Enter on the first choice; a card that asks up or down
    goes face up; no rebuild; the split as the cursor stands."""
    screen = app.screen
    if phase(app) == "rebuild" and getattr(screen, "choices", None) and screen.choices[0].enabled:  # type: ignore[attr-defined]
        await pilot.press("1")
    await pilot.press("enter")
    await pilot.pause()


async def play_until(pilot: Pilot, app: FamiliaTuiApp, done: Callable[[], bool], limit: int = 400) -> None:
    """The human decides with `decide` until `done()`."""
    from familia_tui.tui.games.sixsuit.results import SixSuitResultsScreen

    for _ in range(limit):
        await until(pilot, lambda: deciding(app) or isinstance(app.screen, SixSuitResultsScreen))
        if done():
            return
        await decide(pilot, app)
    raise RuntimeError("the scene did not reach its moment")


def face_down_on_table(app: FamiliaTuiApp) -> bool:
    view = getattr(app.screen, "frame", None)
    view = getattr(view, "view", None)
    return (deciding(app) and phase(app) == "play" and view is not None
            and any(p.card is None and not p.passed for p in view.trick))


async def _split(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: phase(app) == "split")
    await pilot.press("2", "enter")
    await pilot.pause()


async def _face_down(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: face_down_on_table(app))
    await pilot.press("enter")  # the card under the cursor: face up or face down?
    await pilot.pause()


async def _rebuild(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: phase(app) == "rebuild" and len(app.screen.choices) == 3)  # type: ignore[attr-defined]
    await pilot.press("2", "enter", "1", "enter")  # rebuild, tick the first hand card
    await pilot.pause()


async def _end(pilot: Pilot, app: FamiliaTuiApp) -> None:
    from familia_tui.tui.games.sixsuit.results import SixSuitResultsScreen

    await play_until(pilot, app, lambda: isinstance(app.screen, SixSuitResultsScreen))
    await pilot.pause(0.2)


async def _table(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: phase(app) == "play" and len(getattr(
        getattr(getattr(app.screen, "frame", None), "view", None), "trick", ())) >= 2)


def trick_won(app: FamiliaTuiApp) -> bool:
    """A person decides while the last trick, won, is still on the table (no card of the next one)."""
    view = getattr(getattr(app.screen, "frame", None), "view", None)
    return (deciding(app) and view is not None and view.phase == "play" and not view.trick
            and bool(view.last_trick) and view.last_winner is not None)


async def _won(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: trick_won(app))


SCENES = (
    Scene("19-sixsuit-split", lambda d: app_for(sixsuit_record(SIX, "sixsuit-6-fixed"), d), _split),
    Scene("20-sixsuit-face-down", lambda d: app_for(sixsuit_record(SIX, seed=3), d), _face_down),
    Scene("21-sixsuit-rebuild", lambda d: app_for(sixsuit_record(SIX, seed=3), d), _rebuild),
    Scene("22-sixsuit-end", lambda d: app_for(sixsuit_record(SIX[:4], "sixsuit-4", seed=5), d), _end),
    Scene("23-sixsuit-ja-ascii-80x24", lambda d: app_for(sixsuit_record(SIX_JA, seed=3), d, lang="ja",
                                                         glyphs="ascii"), _table),
    Scene("42-sixsuit-table-80x24", lambda d: app_for(sixsuit_record(SIX, seed=3), d), _face_down),
    Scene("43-sixsuit-won-120x40", lambda d: app_for(sixsuit_record(SIX, seed=3), d), _won),
    Scene("44-sixsuit-4p-letters-200x60", lambda d: app_for(sixsuit_record(SIX[:4], "sixsuit-4", seed=5), d,
                                                            glyphs="letters"), _table),
)
