"""Deterministic scenes of the Daifugō table (screenshots and snapshot tests, see scenes.py): the
table in the middle of a trick, a multi-card selection with its offers, the end of a game with
its ビリ and the session, the Japanese table in ascii at 80×24, and the table at 80×24, 120×40 and
200×60 (eight players; a trick just taken, in letters).

Scenes are driven by the keys a player would press, chosen from what the screen offers (so a
new deal from the engine moves the scene, not its meaning)."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.daifugo.game import GAME
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.games.daifugo.screen import DaifugoScreen
from familia_tui.tui.scenes import Scene, app_for, until

FOUR = ["Aki", "Ben", "Cho", "Dan"]
FOUR_JA = ["アキ", "ベン", "チョウ", "ダン"]
EIGHT = FOUR + ["Eri", "Fay", "Gus", "Hal"]


def daifugo_record(names: list[str], humans: int = 1, preset: str = "daifugo-4", seed: int = 3,
                   **options: object) -> Record:
    """A Daifugō record: the first `humans` names are people, the others basic bots."""
    resolved = find_preset("daifugo", preset).options.model_copy(update=options)
    seats = [s.model_copy(update={"name": name, "controller": "human" if i < humans else "bot:basic"})
             for i, (s, name) in enumerate(zip(GAME.default_seats(resolved), names, strict=True))]
    return Record("daifugo", resolved, tuple(seats), seed, preset=preset)


def deciding(app: FamiliaTuiApp) -> bool:
    return bool(getattr(app.screen, "choices", None))


def table_of(app: FamiliaTuiApp) -> DaifugoScreen:
    """The Daifugō table on top of the app."""
    screen = app.screen
    assert isinstance(screen, DaifugoScreen)
    return screen


def actions_so_far(app: FamiliaTuiApp) -> int:
    session = getattr(app.screen, "session", None)
    return len(session.record.actions) if session is not None else -1


async def move_to(pilot: Pilot, app: FamiliaTuiApp, index: int) -> None:
    """Put the cursor on choice `index` as a player would: its number key, or the arrows."""
    screen = table_of(app)
    if index < 9:
        await pilot.press(str(index + 1))
    while screen.cursor != index:
        await pilot.press("right" if screen.cursor < index else "left")


async def decide(pilot: Pilot, app: FamiliaTuiApp) -> None:
    """One decision with the quick keys: Enter on the card under the cursor plays its one play
    (or calls); when it has several, Enter goes to the offers, whose first is the natural card
    alone when that is legal (Enter again plays it); otherwise Esc and pass."""
    before = actions_so_far(app)
    await pilot.press("enter")
    await pilot.pause()
    if actions_so_far(app) != before or not deciding(app):
        return
    screen = table_of(app)
    play = getattr(screen.choices[screen.cursor].value, "play", None)
    if screen.cursor >= screen.hand_chips and play is not None and play.size == 1 and not play.jokers:
        await pilot.press("enter")
    else:
        await pilot.press("escape", "x")
    await pilot.pause()


async def play_until(pilot: Pilot, app: FamiliaTuiApp, done: Callable[[], bool], limit: int = 400) -> None:
    """The human decides with `decide` until `done()`."""
    from familia_tui.tui.games.daifugo.results import DaifugoResultsScreen

    for _ in range(limit):
        await until(pilot, lambda: deciding(app) or isinstance(app.screen, DaifugoResultsScreen))
        if done():
            return
        await decide(pilot, app)
    raise RuntimeError("the scene did not reach its moment")


def trick_in_progress(app: FamiliaTuiApp) -> bool:
    view = getattr(app.screen, "shown", None)
    return deciding(app) and view is not None and len(view.trick) >= 2


def pair_on_offer(app: FamiliaTuiApp) -> bool:
    """The human may play a pair of natural cards."""
    return deciding(app) and bool(_pair(app))


def _pair(app: FamiliaTuiApp) -> list[int]:
    screen = table_of(app)
    view = screen.shown
    assert view is not None
    for play in screen.play_index().listed:
        if len(play.naturals) == 2 and not play.jokers and not play.uno:
            return sorted(view.hand.index(card) for card in play.naturals)
    return []


def trick_taken(app: FamiliaTuiApp) -> bool:
    """The human leads after a trick ended (流れ, 8切り): the table still shows it, its taker marked."""
    view = getattr(app.screen, "shown", None)
    return deciding(app) and view is not None and view.top is None and view.last_trick is not None


async def _trick_taken(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: trick_taken(app))


async def _table(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: trick_in_progress(app))


async def _multi_select(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: pair_on_offer(app))
    for index in _pair(app):
        await move_to(pilot, app, index)
        await pilot.press("space")
    await pilot.press("down")
    await pilot.pause()


async def _end(pilot: Pilot, app: FamiliaTuiApp) -> None:
    from familia_tui.tui.games.daifugo.results import DaifugoResultsScreen

    await play_until(pilot, app, lambda: isinstance(app.screen, DaifugoResultsScreen))
    await pilot.pause(0.2)


SCENES = (
    Scene("15-daifugo-table", lambda d: app_for(daifugo_record(FOUR, seed=3), d), _table),
    Scene("16-daifugo-multi-select", lambda d: app_for(daifugo_record(FOUR, seed=4), d), _multi_select),
    Scene("17-daifugo-end", lambda d: app_for(daifugo_record(FOUR, seed=5, games=3), d), _end),
    Scene("18-daifugo-ja-ascii-80x24", lambda d: app_for(daifugo_record(FOUR_JA, seed=3), d, lang="ja",
                                                         glyphs="ascii"), _table),
    Scene("39-daifugo-table-120x40", lambda d: app_for(daifugo_record(FOUR, seed=3), d), _table),
    Scene("40-daifugo-8p-200x60", lambda d: app_for(daifugo_record(EIGHT, seed=3, players=8), d), _table),
    Scene("41-daifugo-trick-taken-letters-80x24", lambda d: app_for(daifugo_record(FOUR, seed=3), d,
                                                                    glyphs="letters"), _trick_taken),
)
