"""The handoff curtain cannot be skipped [DESIGN 7]: keys pressed before it is drawn or within its
guard time after, and bursts of keys (a held Enter), never lift it, in all three games; Pilot
presses the keys as fast as it can, and privacy is read from the screen's text.

The curtain's clock is a hand-moved one: nothing here depends on the wall clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from tui_helpers import click, make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.registry import get_game
from familia_tui.tui.games.daifugo.scenes import daifugo_record
from familia_tui.tui.games.tarot.widgets import card_text as tarot_card_text
from familia_tui.tui.glyphs import card_text
from familia_tui.tui.screens.handoff import BURST, GUARD, HandoffScreen
from familia_tui.tui.screens.table import TableScreen

PATIENCE = GUARD + BURST
"""Enough time for a deliberate Enter."""


class HandClock:
    """A clock that stands still unless the test moves it (`step` moves it at every reading)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.step = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> HandClock:
    hand_clock = HandClock()
    monkeypatch.setattr(HandoffScreen, "clock", hand_clock)
    return hand_clock


def record(game: str, seed: int = 3) -> Record:
    """Four humans, Aki, Ben, Cho and Dan, at the game's four-player preset."""
    if game == "daifugo":
        return daifugo_record(["Aki", "Ben", "Cho", "Dan"], humans=4, seed=seed)
    spec = get_game(game)
    options = find_preset(game, f"{game}-4").options.resolved()
    seats = parse_seats("Aki,Ben,Cho,Dan", spec.default_seats(options), list(spec.bots))
    return Record(game, options, tuple(seats), seed, preset=f"{game}-4")


def hand_texts(table: TableScreen, person: str) -> list[str]:
    """The cards in this person's hand, as the table writes them."""
    state, seats = table.session.state, table.session.seats
    seat = next(i for i, s in enumerate(seats) if s.person == person)
    if table.game_id == "tarot":
        return [tarot_card_text(c, "unicode") for c in state.hand(seat)]
    hand = state.hands[seat] if table.game_id == "familia" else state.hand(seat)
    return [card_text(c, "unicode") for c in hand]


def curtain_drawn(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, HandoffScreen) and app.screen.drawn_at is not None


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, TableScreen) and bool(app.screen.choices)


async def lift_deliberately(pilot, app, clock: HandClock,  # type: ignore[no-untyped-def]
                            look: bool = True) -> None:
    """Wait for the curtain, lift it deliberately, and (`look`) give the player a moment to look
    at their hand before choosing."""
    await settle(pilot, lambda: curtain_drawn(app))
    clock.now += PATIENCE
    await pilot.press("enter")
    await settle(pilot, lambda: deciding(app))
    if look:
        clock.now += PATIENCE


def move_keys(table: TableScreen) -> list[str]:
    """The keys of a legal move: the number of the first allowed choice that is applied at once
    (not a Joker, which first asks for its suit), then Enter."""
    index = next(i for i, c in enumerate(table.choices)
                 if c.enabled and "JK" not in str(c.value) and "Exc" not in str(c.value))
    return [str(index + 1), "enter"]


def assert_curtain_holds(app, mover: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """The curtain is up for the next person, who has not confirmed, and nothing of their hand
    is on screen or drawn on the table underneath."""
    curtain = app.screen
    assert isinstance(curtain, HandoffScreen) and curtain.people != mover
    table = app.screen_stack[-2]
    assert table.session.confirmed == mover
    assert table.session.viewer() is None and not table.choices
    text = screen_text(app)
    assert f"Pass the keyboard to {curtain.person}" in text
    assert not [c for c in hand_texts(table, curtain.person) if c in text]


@pytest.mark.parametrize("game", ["familia", "tarot", "daifugo"])
async def test_enter_pressed_quickly_after_a_move_never_lifts_the_next_curtain(
        game: str, clock: HandClock, tmp_path: Path) -> None:
    app = make_app(tmp_path, record(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await lift_deliberately(pilot, app, clock)
        table = app.screen
        mover = table.session.confirmed
        await pilot.press(*move_keys(table), "enter", "enter", "enter", "space", "1", "enter")
        await settle(pilot, lambda: curtain_drawn(app))
        assert_curtain_holds(app, mover)
        await pilot.press("enter", "enter")
        assert_curtain_holds(app, mover)
        nxt = app.screen.people
        clock.now += PATIENCE  # the next player takes the keyboard and presses Enter
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        assert table.session.confirmed == nxt
        assert [c for c in hand_texts(table, *nxt) if c in screen_text(app)]


@pytest.mark.parametrize("game", ["familia", "tarot", "daifugo"])
async def test_keys_typed_while_the_move_is_applied_never_lift_the_curtain(
        game: str, clock: HandClock, tmp_path: Path) -> None:
    """Keys already queued when the move is applied reach the curtain before it is drawn."""
    app = make_app(tmp_path, record(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await lift_deliberately(pilot, app, clock)
        table = app.screen
        mover = table.session.confirmed
        number, _ = move_keys(table)
        for key in (number, "enter", "enter", "enter", "enter"):
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
        await settle(pilot, lambda: curtain_drawn(app))
        await pilot.pause()
        assert_curtain_holds(app, mover)


@pytest.mark.parametrize("game", ["familia", "tarot", "daifugo"])
async def test_an_enter_right_after_the_lift_plays_nothing(game: str, clock: HandClock,
                                                           tmp_path: Path) -> None:
    """The Enter that lifts the curtain, doubled in a hurry, does not play the card under the
    cursor of a hand its player has not seen yet; an Enter a moment later does."""
    app = make_app(tmp_path, record(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await lift_deliberately(pilot, app, clock, look=False)
        table = app.screen
        chosen: list[object] = []
        table.chosen = chosen.append  # type: ignore[method-assign]  # what Enter would do
        await pilot.press(str(table.choices.index(next(c for c in table.choices if c.enabled)) + 1))
        await pilot.press("enter")
        await pilot.pause()
        assert not chosen and deciding(app)
        clock.now += PATIENCE
        await pilot.press("enter")
        await settle(pilot, lambda: bool(chosen))


async def test_a_held_enter_never_lifts_the_curtain(clock: HandClock, tmp_path: Path) -> None:
    """Auto-repeat: the first repeat within the guard, then one every 40 ms for well past it."""
    app = make_app(tmp_path, record("familia"))
    async with app.run_test(size=(120, 40)) as pilot:
        await lift_deliberately(pilot, app, clock)
        table = app.screen
        mover = table.session.confirmed
        while not isinstance(app.screen, HandoffScreen):  # the pile, then a card
            await pilot.press(*move_keys(table))
            await settle(pilot, lambda: deciding(app) or isinstance(app.screen, HandoffScreen))
        await settle(pilot, lambda: curtain_drawn(app))
        clock.now += 0.5
        clock.step = 0.04
        await pilot.press(*["enter"] * 30)
        assert clock.now - app.screen.drawn_at > 2 * GUARD
        assert_curtain_holds(app, mover)
        clock.step = 0.0
        clock.now += 2 * BURST  # the key is let go; a press a moment later is a deliberate one
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))


async def test_a_click_on_ready_counts_only_after_the_guard(clock: HandClock, tmp_path: Path) -> None:
    app = make_app(tmp_path, record("familia"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: curtain_drawn(app))
        ready = app.screen.query_one("#ready")
        assert await click(pilot, ready)
        await settle(pilot, lambda: not ready.has_class("-active"))  # the button takes clicks again
        assert isinstance(app.screen, HandoffScreen)
        clock.now += PATIENCE
        assert await click(pilot, lambda: app.screen.query_one("#ready"))
        await settle(pilot, lambda: deciding(app))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Keys pressed in a hurry or held down are ignored"), ("ja", "急いで押したキー")])
async def test_the_curtain_says_how_it_is_lifted(lang: str, words: str, clock: HandClock,
                                                 tmp_path: Path) -> None:
    app = make_app(tmp_path, record("daifugo"), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: curtain_drawn(app))
        assert words in screen_text(app)
