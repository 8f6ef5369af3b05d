"""Deterministic scenes of the French Tarot table (screenshots and snapshot tests, see scenes.py):
the bidding with a bid too low explained, the écart with an avoidable trump explained, a hand's
breakdown, and a 5-player hand in ascii at 80×24."""

from __future__ import annotations

from textual.pilot import Pilot

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.tarot.game import GAME
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.scenes import Scene, app_for, until
from familia_tui.tui.widgets.choices import Choice


def tarot_record(names: list[str], preset: str = "tarot-4", seed: int = 3) -> Record:
    """A Tarot record: the first name is a human, the others basic bots."""
    options = find_preset("tarot", preset).options.resolved()
    seats = [s.model_copy(update={"name": name, "controller": "human" if i == 0 else "bot:basic"})
             for i, (s, name) in enumerate(zip(GAME.default_seats(options), names, strict=True))]
    return Record("tarot", options, tuple(seats), seed, preset=preset)


FOUR = ["Aki", "Ben", "Cho", "Dan"]
FIVE = ["Aki", "Ben", "Cho", "Dan", "Eve"]


def _choices(app: FamiliaTuiApp) -> list[Choice]:
    return list(getattr(app.screen, "choices", None) or [])


def _phase(app: FamiliaTuiApp) -> str:
    session = getattr(app.screen, "session", None)
    return str(session.table.phase) if session is not None else ""


async def choose(pilot: Pilot[None], app: FamiliaTuiApp, index: int) -> None:
    """Move the cursor to choice `index` with the arrow keys (no number key past 9)."""
    from familia_tui.tui.games.tarot.screen import TarotScreen

    screen = app.screen
    assert isinstance(screen, TarotScreen)
    while screen.cursor != index:
        await pilot.press("right" if screen.cursor < index else "left")


async def first_disabled(pilot: Pilot[None], app: FamiliaTuiApp) -> None:
    """Select the first dimmed choice, so its explanation shows."""
    await choose(pilot, app, next(i for i, c in enumerate(_choices(app)) if not c.enabled))


async def _bidding(pilot: Pilot[None], app: FamiliaTuiApp) -> None:
    await until(pilot, lambda: bool(_choices(app)))
    await first_disabled(pilot, app)


async def take_garde(pilot: Pilot[None], app: FamiliaTuiApp) -> None:
    await until(pilot, lambda: bool(_choices(app)))
    await pilot.press("3", "enter")  # Garde
    await until(pilot, lambda: _phase(app) != "bid" and bool(_choices(app)))


async def _ecart(pilot: Pilot[None], app: FamiliaTuiApp) -> None:
    await take_garde(pilot, app)
    for _ in range(2):
        await pilot.press("enter")
        await until(pilot, lambda: bool(_choices(app)))
    trumps = [i for i, c in enumerate(_choices(app)) if not c.enabled and str(c.value).startswith("discard T")]
    await choose(pilot, app, trumps[0])


async def _breakdown(pilot: Pilot[None], app: FamiliaTuiApp) -> None:
    from familia_tui.tui.games.tarot.results import TarotResultsScreen

    await take_garde(pilot, app)
    for _ in range(60):
        await until(pilot, lambda: bool(_choices(app)) or isinstance(app.screen, TarotResultsScreen)
                    or getattr(app.screen, "held", None) is not None)  # the last trick, until a key
        if isinstance(app.screen, TarotResultsScreen):
            return
        await pilot.press("enter")
    raise RuntimeError("the scene did not reach its moment")


async def _garde_trick(pilot: Pilot[None], app: FamiliaTuiApp) -> None:
    """Aki takes a Garde, discards, and plays until the trick of the second card in play."""
    await take_garde(pilot, app)
    for _ in range(40):
        await until(pilot, lambda: bool(_choices(app)))
        session = getattr(app.screen, "session", None)
        if _phase(app) == "play" and session is not None and session.table.public_view().trick_number >= 2:
            return
        await pilot.press("enter")
        await pilot.pause()
    raise RuntimeError("the scene did not reach its moment")


async def _five_ascii(pilot: Pilot[None], app: FamiliaTuiApp) -> None:
    """Aki passes (again, if everybody passed), then plays until the third trick."""
    def third_trick() -> bool:
        session = getattr(app.screen, "session", None)
        return _phase(app) == "play" and session is not None and session.table.public_view().trick_number >= 3

    for _ in range(60):
        await until(pilot, lambda: bool(_choices(app)))
        if third_trick():
            return
        await pilot.press("enter")
        await pilot.pause()
    raise RuntimeError("the scene did not reach its moment")


SCENES = (
    Scene("11-tarot-bidding", lambda d: app_for(tarot_record(FOUR, seed=21), d), _bidding),
    Scene("12-tarot-ecart", lambda d: app_for(tarot_record(FOUR, seed=21), d), _ecart),
    Scene("13-tarot-breakdown", lambda d: app_for(tarot_record(FIVE, "tarot-5", 4), d), _breakdown),
    Scene("14-tarot-5p-ascii-80x24", lambda d: app_for(tarot_record(FIVE, "tarot-5", 8), d, glyphs="ascii"),
          _five_ascii),
    Scene("35-tarot-trick-120x40", lambda d: app_for(tarot_record(FIVE, "tarot-5", 8), d), _five_ascii),
    Scene("36-tarot-trick-200x60", lambda d: app_for(tarot_record(FOUR, seed=21), d), _garde_trick),
    Scene("37-tarot-trick-ja-80x24", lambda d: app_for(tarot_record(FOUR, seed=21), d, lang="ja"), _garde_trick),
)
