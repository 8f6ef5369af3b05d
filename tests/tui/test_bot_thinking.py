"""A bot that thinks a while (the search bot) decides on a worker thread: the table answers keys
meanwhile, its move is played when it is back, and a move or undo meanwhile makes it stale.
Toy whist (tests/toy) stands in for a game."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from toy import ENTRY
from toy.game import GAME, ToyOptions
from toy.ui.screen import ToyScreen
from tui_helpers import make_app, settle

from familia_tui.core.record import Record
from familia_tui.core.registry import register, unregister
from familia_tui.core.search import SearchBot
from familia_tui.tui.screens.rules import RulesScreen


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    register(ENTRY)
    yield
    unregister(ENTRY.id)


class SlowBot:
    """Thinks until the test lets it answer: its first legal action."""

    thinks = True

    def __init__(self) -> None:
        self.asked = 0
        self.answer = threading.Event()

    def choose(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        self.asked += 1
        assert self.answer.wait(10)
        return legal[0]


def toy_record(controllers: Sequence[str]) -> Record:
    seats = [seat.model_copy(update={"controller": controller})
             for seat, controller in zip(GAME.default_seats(ToyOptions()), controllers, strict=True)]
    return Record("toy", ToyOptions(), seats, 4)


async def test_the_table_answers_keys_while_a_bot_thinks_and_plays_its_move_after(tmp_path: Path) -> None:
    app = make_app(tmp_path, toy_record(["human", "bot:random", "bot:random", "bot:random"]), glyphs="letters")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ToyScreen) and bool(app.screen.choices))
        screen = app.screen
        slow = SlowBot()
        screen.session.bots[1] = slow
        await pilot.press("enter", "enter")  # team A's trump, then P1's lead; the slow bot is to play
        await settle(pilot, lambda: slow.asked == 1)
        await pilot.press("f1")  # the table still answers keys
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        slow.answer.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(screen.session.record.actions) == 2  # not played while the rules are on top
        await pilot.press("escape")
        await settle(pilot, lambda: len(screen.session.record.actions) >= 3)
        assert screen.session.record.actions[2] == str(GAME.parse_action(f"play {screen.session.state.played[1][1]}"))
        assert slow.asked == 1  # the thought was kept, not asked again


async def test_a_thought_is_stale_after_an_undo(tmp_path: Path) -> None:
    app = make_app(tmp_path, toy_record(["human", "bot:random", "bot:random", "bot:random"]), glyphs="letters")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ToyScreen) and bool(app.screen.choices))
        screen = app.screen
        slow = SlowBot()
        screen.session.bots[1] = slow
        await pilot.press("enter", "enter")  # trump, then Aki's lead
        await settle(pilot, lambda: slow.asked == 1)
        await pilot.press("u")  # take the lead back while the bot thinks
        await settle(pilot, lambda: len(screen.session.record.actions) == 1 and bool(screen.choices))
        slow.answer.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(screen.session.record.actions) == 1  # its move belonged to the undone position
        await pilot.press("enter")
        await settle(pilot, lambda: len(screen.session.record.actions) >= 3)
        assert slow.asked == 2


async def test_a_search_bot_plays_a_whole_toy_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, toy_record(["bot:search:easy"] * 4), glyphs="letters")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ToyScreen))
        screen = app.screen
        assert all(isinstance(bot, SearchBot) for bot in screen.session.bots.values())
        await settle(pilot, lambda: screen.session.table.is_over, limit=3000)
        assert len(screen.session.record.actions) == 21


async def test_the_solo_hint_adds_the_search_bots_choice(tmp_path: Path) -> None:
    app = make_app(tmp_path, toy_record(["human", "bot:random", "bot:random", "bot:random"]), glyphs="letters")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ToyScreen) and bool(app.screen.choices))
        screen = app.screen
        await pilot.press("enter")  # trump; then P1 leads
        await settle(pilot, lambda: len(screen.session.record.actions) == 1 and bool(screen.choices))
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot, lambda: "would choose" in screen.explain_note)
        suggestion = screen.explain_note.split("would choose: ")[1]
        assert suggestion in [choice.label for choice in screen.choices if choice.enabled]
        assert "Allowed now" in screen.explain_note  # the lit choices are still named


@pytest.mark.parametrize("game", ["familia", "sixsuit", "tarot", "chinkway", "daifugo"])
async def test_every_game_table_lets_search_bots_play(tmp_path: Path, game: str) -> None:
    """Each game's table runs its search bots through the worker (a game's own screen may not
    shadow the base's names: Daifugō keeps a think timer)."""
    from familia_tui.core.presets import find_preset
    from familia_tui.core.registry import get_game
    from familia_tui.tui.screens.table import TableScreen

    spec = get_game(game)
    options = find_preset(game, spec.default_preset).options
    seats = [seat.model_copy(update={"controller": "bot:search:easy"}) for seat in spec.default_seats(options)]
    app = make_app(tmp_path, Record(game, options, seats, 3), glyphs="letters")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await settle(pilot, lambda: len(screen.session.record.actions) >= 3, limit=3000)
