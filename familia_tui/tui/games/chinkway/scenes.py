"""Deterministic scenes of the Chinkway table (screenshots and snapshot tests, see
familia_tui/tui/scenes.py): the dealer's discard, the quest pick, a deal's scores, the re-seated
final deal, the end of a game, and the Japanese table in ascii at 80×24.

Scenes are driven by the keys a player would press, chosen from what the screen offers; the
later moments of a game open from a record of its earlier deals played by basic bots."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.pilot import Pilot

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.chinkway.bots import BasicBot
from familia_tui.games.chinkway.game import GAME
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.scenes import Scene, app_for, until

FIVE = ["Aki", "Ben", "Cho", "Dan", "Eve"]
FIVE_JA = ["アキ", "ベン", "チョウ", "ダン", "エミ"]


def chinkway_record(names: list[str], human: int = 0, preset: str = "chinkway-11", seed: int = 4,
                    deals: int = 0) -> Record:
    """A Chinkway record: seat `human` is a person, the others basic bots; the first `deals`
    deals already played by basic bots for every seat."""
    options = find_preset("chinkway", preset).options
    seats = tuple(s.model_copy(update={"name": name, "controller": "human" if i == human else "bot:basic"})
                  for i, (s, name) in enumerate(zip(GAME.default_seats(options), names, strict=True)))
    return Record("chinkway", options, seats, seed, actions=bot_actions(options, seats, seed, deals),
                  preset=preset)


def bot_actions(options: object, seats: tuple, seed: int, deals: int) -> tuple[str, ...]:  # type: ignore[type-arg]
    """The actions of the first `deals` deals, every seat played by the basic bot."""
    state = GAME.new_game(options, list(seats), seed)
    bot, rng, actions = BasicBot(), random.Random(seed), []
    while len(state.view(0).history) < deals and not state.is_over:
        seat = state.to_act
        action = bot.choose(state.view(seat), state.legal_actions(), rng)
        state.apply(action)
        actions.append(str(action))
    return tuple(actions)


def final_dealer(names: list[str], preset: str = "chinkway-11", seed: int = 4) -> int:
    """The seat that deals the re-seated final deal (3rd after the deals before it)."""
    options = find_preset("chinkway", preset).options
    record = chinkway_record(names, preset=preset, seed=seed, deals=options.deals - 1)
    state = GAME.new_game(options, list(record.seats), seed)
    for action in record.actions:
        state.apply(GAME.parse_action(action))
    return state.dealer


def deciding(app: FamiliaTuiApp) -> bool:
    return bool(getattr(app.screen, "choices", None)) or getattr(app.screen, "held", None) is not None


def phase(app: FamiliaTuiApp) -> str:
    session = getattr(app.screen, "session", None)
    return str(session.table.phase) if session is not None else ""


async def play_until(pilot: Pilot, app: FamiliaTuiApp, done: Callable[[], bool], limit: int = 400) -> None:
    """The human decides with Enter (the dealer ticks his first two cards and lays them aside)
    until `done()`."""
    from familia_tui.tui.games.chinkway.results import ChinkwayResultsScreen

    for _ in range(limit):
        await until(pilot, lambda: deciding(app) or isinstance(app.screen, ChinkwayResultsScreen))
        if done():
            return
        if phase(app) == "discard" and not getattr(app.screen, "held", None):
            await pilot.press("1", "enter", "2", "enter")
        await pilot.press("enter")
        await pilot.pause()
    raise RuntimeError("the scene did not reach its moment")


async def _discard(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await until(pilot, lambda: deciding(app) and phase(app) == "discard")
    await pilot.press("2", "enter", "5", "enter")
    await pilot.pause()


async def _pick(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: phase(app) == "pick" and deciding(app))


async def _scores(pilot: Pilot, app: FamiliaTuiApp) -> None:
    from familia_tui.tui.games.chinkway.results import ChinkwayResultsScreen

    await play_until(pilot, app, lambda: isinstance(app.screen, ChinkwayResultsScreen))
    await pilot.pause(0.2)


async def _table(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: phase(app) == "play" and deciding(app) and len(getattr(
        getattr(getattr(app.screen, "frame", None), "view", None), "trick", ())) >= 2)


async def _reseated(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await until(pilot, lambda: deciding(app) and phase(app) == "discard")


async def _end(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await _scores(pilot, app)


def trick_won(app: FamiliaTuiApp) -> bool:
    """A person decides while the last trick, won, is still on the table (no card of the next one)."""
    view = getattr(getattr(app.screen, "frame", None), "view", None)
    return (deciding(app) and phase(app) == "play" and view is not None and not view.trick
            and bool(view.last_trick) and len(view.history) >= 1)


async def _won(pilot: Pilot, app: FamiliaTuiApp) -> None:
    await play_until(pilot, app, lambda: trick_won(app))


SCENES = (
    Scene("24-chinkway-discard", lambda d: app_for(chinkway_record(FIVE, human=1), d), _discard),
    Scene("25-chinkway-quest-pick", lambda d: app_for(chinkway_record(FIVE, human=1), d), _pick),
    Scene("26-chinkway-deal-scores", lambda d: app_for(chinkway_record(FIVE, human=0), d), _scores),
    Scene("27-chinkway-final-deal-reseated", lambda d: app_for(chinkway_record(
        FIVE, human=final_dealer(FIVE), deals=10), d), _reseated),
    Scene("28-chinkway-end", lambda d: app_for(chinkway_record(FIVE, human=0, deals=11), d), _end),
    Scene("29-chinkway-ja-ascii-80x24", lambda d: app_for(chinkway_record(FIVE_JA, human=0), d, lang="ja",
                                                          glyphs="ascii"), _table),
    Scene("45-chinkway-table-80x24", lambda d: app_for(chinkway_record(FIVE, human=1), d), _table),
    Scene("46-chinkway-won-120x40", lambda d: app_for(chinkway_record(FIVE, human=2, deals=1), d), _won),
    Scene("47-chinkway-letters-200x60", lambda d: app_for(chinkway_record(FIVE, human=0), d, glyphs="letters"),
          _table),
)
