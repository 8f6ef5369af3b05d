"""Deterministic scenes of the Familia table (screenshots and snapshot tests, see
familia_tui/tui/scenes.py): the table, a batted trick, an illegal card explained, the handoff
curtain, the breakdown, the rules, Japanese and ascii at 80×24."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.familia.game import GAME
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.scenes import Scene, app_for, human_to_act, nothing, until
from familia_tui.tui.screens.table import TableScreen


def familia_record(seats: list[tuple[str, str]], preset: str = "familia-4", seed: int = 7) -> Record:
    """A Familia record with named seats: (name, controller) in seat order."""
    options = find_preset("familia", preset).options.resolved()
    table = [s.model_copy(update={"name": name, "controller": controller})
             for s, (name, controller) in zip(GAME.default_seats(options), seats, strict=True)]
    return Record("familia", options, tuple(table), seed, preset=preset)


HUMAN_AND_BOTS = [("Aki", "human"), ("Ben", "bot:basic"), ("Cho", "bot:basic"), ("Dan", "bot:basic")]
SIX = HUMAN_AND_BOTS + [("Eri", "bot:basic"), ("Fay", "bot:basic")]
TEN = SIX + [(name, "bot:basic") for name in ("Gus", "Hal", "Ivy", "Jun")]


async def play_until(pilot: Pilot, app: FamiliaTuiApp, done: Callable[[], bool]) -> None:
    """The human presses Enter on each decision until `done()`."""
    from familia_tui.tui.games.familia.results import FamiliaResultsScreen

    for _ in range(300):
        await until(pilot, lambda: human_to_act(app) or isinstance(app.screen, FamiliaResultsScreen))
        if done():
            return
        await pilot.press("enter")
    raise RuntimeError("the scene did not reach its moment")


async def _table_ready(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await until(pilot, lambda: human_to_act(app))


async def _batting_shown(pilot: Pilot, app: FamiliaTuiApp) -> None:
    def batted() -> bool:
        screen = app.screen
        session = getattr(screen, "session", None)
        view = session.table.public_view() if session is not None else None
        last = view.last_trick if view is not None else None
        return human_to_act(app) and last is not None and bool(last.stage1) and not view.plays

    await play_until(pilot, app, batted)


async def _breakdown(pilot: Pilot, app: FamiliaTuiApp) -> None:
    from familia_tui.tui.games.familia.results import FamiliaResultsScreen

    await play_until(pilot, app, lambda: isinstance(app.screen, FamiliaResultsScreen))


async def _rules(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await _table_ready(pilot, app)
    await pilot.press("f1")
    await pilot.pause(0.2)


async def _illegal(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await _table_ready(pilot, app)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    if screen.session.table.phase == "pile":
        await pilot.press("enter")
        await until(pilot, lambda: human_to_act(app))
    illegal = next((i for i, c in enumerate(screen.choices) if not c.enabled), 0)
    await pilot.press(str(illegal + 1))


SCENES = (
    Scene("03-table", lambda d: app_for(familia_record(HUMAN_AND_BOTS), d), _table_ready),
    Scene("04-batting", lambda d: app_for(familia_record(HUMAN_AND_BOTS, "familia-4-batting", 3), d),
          _batting_shown),
    Scene("05-illegal-card", lambda d: app_for(familia_record(HUMAN_AND_BOTS, seed=7), d), _illegal),
    Scene("06-handoff", lambda d: app_for(familia_record(
        [("Aki", "human"), ("Ben", "human"), ("Cho", "bot:basic"), ("Dan", "bot:basic")]), d), nothing),
    Scene("07-breakdown", lambda d: app_for(familia_record(HUMAN_AND_BOTS, seed=5), d), _breakdown),
    Scene("08-rules", lambda d: app_for(familia_record(HUMAN_AND_BOTS), d), _rules),
    Scene("09-table-ja", lambda d: app_for(familia_record(
        [("アキ", "human"), ("ベン", "bot:basic"), ("チョウ", "bot:basic"), ("ダン", "bot:basic")]),
        d, lang="ja"), _table_ready),
    Scene("10-table-ascii-80x24", lambda d: app_for(familia_record(HUMAN_AND_BOTS), d, glyphs="ascii"),
          _table_ready),
    Scene("32-familia-table-120x40", lambda d: app_for(familia_record(HUMAN_AND_BOTS), d), _table_ready),
    Scene("33-familia-batting-6p-200x60", lambda d: app_for(familia_record(SIX, "familia-6-batting", 3), d),
          _batting_shown),
    Scene("34-familia-batting-80x24", lambda d: app_for(familia_record(HUMAN_AND_BOTS, "familia-4-batting", 3), d),
          _batting_shown),
    Scene("38-familia-10p-120x40", lambda d: app_for(familia_record(TEN, "familia-10"), d), _table_ready),
)


