"""Reaching any card by keyboard (issue 10, item 6), at every table: Home/End, no silent wrap
from the last choice to the first, and `/` then a place (`/12`) or a card's name in the game's
notation (`/10H`, `/TH`, `/♥10`, `/T21`, `/Exc`, `/JK`) moves the cursor without playing; Enter
plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_daifugo_table import FOUR, stacked
from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.cards import JOKER, parse_card
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.registry import get_game
from familia_tui.games.familia.actions import ChoosePile, PlayCard
from familia_tui.games.tarot.actions import BID, PASS, Contract, Play
from familia_tui.games.tarot.cards import parse_card as parse_tarot_card
from familia_tui.tui.games.daifugo.screen import DaifugoScreen
from familia_tui.tui.games.familia.screen import FamiliaScreen
from familia_tui.tui.games.tarot.screen import TarotScreen
from familia_tui.tui.widgets.choices import Choice, find_choice

FAMILIA_HAND = [Choice(c, True, PlayCard(parse_card(c))) for c in ("AS", "10H", "5H", "2C", "JK")]
TAROT_HAND = [Choice(c, True, Play(parse_tarot_card(c))) for c in ("1S", "10H", "RH", "T2", "T20", "T21", "EX")]


@pytest.mark.parametrize(("typed", "card"), [
    ("10H", "10H"), ("th", "10H"), ("10♥", "10H"), ("♥10", "10H"), ("♠A", "AS"), ("jk", "JK"),
    ("J", "JK"), ("2", "10H"), ("5", "JK"),
])
def test_familia_cards_are_reached_by_name_or_place(typed: str, card: str) -> None:
    index = find_choice(typed, FAMILIA_HAND, parse_card)
    assert index is not None and str(FAMILIA_HAND[index].value.card) == card


@pytest.mark.parametrize(("typed", "card"), [
    ("T21", "T21"), ("t2", "T2"), ("Exc", "EX"), ("e", "EX"), ("10H", "10H"), ("R♥", "RH"), ("k♥", "RH"),
    ("♥10", "10H"), ("7", "EX"),
])
def test_tarot_cards_are_reached_by_name_or_place(typed: str, card: str) -> None:
    index = find_choice(typed, TAROT_HAND, parse_tarot_card)
    assert index is not None and str(TAROT_HAND[index].value.card) == card


@pytest.mark.parametrize("typed", ["", "T", "1", "8", "0", "QS", "xyz"])
def test_text_reaching_no_single_card_moves_nothing(typed: str) -> None:
    """`T` starts T2, T20, T21; `1` alone is the first place, not 1S or 10H (digits are places)."""
    expected = 0 if typed == "1" else None
    assert find_choice(typed, TAROT_HAND, parse_tarot_card) == expected


def test_buttons_are_reached_by_their_label() -> None:
    bids = [Choice("Pass", True, PASS), *(Choice(c.value.replace("-", " ").title(), True, BID[c]) for c in Contract)]
    assert find_choice("gar", bids, parse_tarot_card) is None  # Garde, Garde sans, Garde contre
    assert bids[find_choice("garde", bids, parse_tarot_card)].value == BID[Contract.GARDE]  # type: ignore[index]
    assert bids[find_choice("garde c", bids, parse_tarot_card)].value == BID[Contract.GARDE_CONTRE]  # type: ignore[index]
    piles = [Choice("♣ Black (5)", True, ChoosePile("black")), Choice("♥ Red (6)", True, ChoosePile("red"))]
    assert find_choice("♥", piles, parse_card) == 1


def familia_record(seed: int = 7) -> Record:
    spec = get_game("familia")
    options = find_preset("familia", "familia-4").options.resolved()
    seats = parse_seats("Aki,bot,bot,bot", spec.default_seats(options), list(spec.bots))
    return Record("familia", options, tuple(seats), seed, preset="familia-4")


async def familia_cards(pilot, app) -> FamiliaScreen:  # type: ignore[no-untyped-def]
    """The Familia table at Aki's first card (the face pile chosen if he leads)."""
    await settle(pilot, lambda: isinstance(app.screen, FamiliaScreen) and bool(app.screen.choices))
    screen = app.screen
    if screen.session.state.phase == "pile":
        await pilot.press("enter")
        await settle(pilot, lambda: screen.session.state.phase == "play" and bool(screen.choices))
    return screen


async def test_home_end_and_no_wrap_at_either_end(tmp_path: Path) -> None:
    app = make_app(tmp_path, familia_record())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await familia_cards(pilot, app)
        before = screen.session.record.actions
        last = len(screen.choices) - 1
        await pilot.press("end")
        assert screen.cursor == last
        await pilot.press("right")  # stays on the last card (it used to jump to the first)
        assert screen.cursor == last
        await pilot.press("home")
        assert screen.cursor == 0
        await pilot.press("left")
        assert screen.cursor == 0
        assert screen.session.record.actions == before  # nothing played by moving


async def test_typing_a_card_name_moves_the_cursor_and_enter_plays_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, familia_record(), glyphs="letters")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await familia_cards(pilot, app)
        before = len(screen.session.record.actions)
        target = next(i for i, c in enumerate(screen.choices) if c.enabled and i != screen.cursor)
        name = str(screen.choices[target].value.card)
        await pilot.press("slash", *name.lower())
        assert screen.cursor == target and len(screen.session.record.actions) == before
        assert f"/{name.lower()}_" in screen_text(app)  # the typed text is on screen
        await pilot.press("backspace", "escape")
        assert screen.typed is None and f"/{name.lower()}" not in screen_text(app)
        await pilot.press("slash", *name)
        await pilot.press("enter")
        await settle(pilot, lambda: len(screen.session.record.actions) > before)
        assert screen.session.record.actions[before] == f"play {name}"


async def test_two_digits_reach_the_twelfth_card_and_t21_the_trump(tmp_path: Path) -> None:
    """A 4-player Tarot hand holds 18 cards: `/12` reaches the 12th, `/T21` the 21 of trumps."""
    spec = get_game("tarot")
    options = find_preset("tarot", "tarot-4").options.resolved()
    seats = parse_seats("Aki,bot,bot,bot", spec.default_seats(options), list(spec.bots))
    app = make_app(tmp_path, Record("tarot", options, tuple(seats), 17, preset="tarot-4"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot, lambda: isinstance(app.screen, TarotScreen) and bool(app.screen.choices))
            screen = app.screen
            if screen.session.state.phase == "play" and isinstance(screen.choices[0].value, Play):
                break
            await pilot.press("enter")  # pass, or the first choice of a decision on the way
        before = len(screen.session.record.actions)
        await pilot.press("slash", "1", "2")
        assert screen.cursor == 11
        await pilot.press("escape", "slash", "t", "2", "1")
        assert str(screen.choices[screen.cursor].value.card) == "T21"
        assert len(screen.session.record.actions) == before  # typing never plays


async def test_daifugo_jk_reaches_the_joker_and_ticking_still_works(tmp_path: Path) -> None:
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 7S 7D JK 9C QC"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DaifugoScreen) and bool(app.screen.choices))
        screen = app.screen
        await pilot.press("slash", "j", "k")
        assert screen.choices[screen.cursor].value.card == JOKER
        await pilot.press("escape", "slash", "7", "d")
        assert str(screen.choices[screen.cursor].value.card) == "7D"
        await pilot.press("escape", "space", "left", "space")  # tick 7D and 7S
        assert len(screen.ticked) == 2
