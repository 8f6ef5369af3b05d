"""Pilot tests of the play-test fixes at the Familia table (issue 10, items 3 and 4): the face pile
is chosen with the acting hand on screen (the 2-player game included), an empty pile is not
offered and the player is told in their language [R-F10], and a deal's last trick stays on the
table until a key, then the breakdown, where p shows it again."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.registry import get_game
from familia_tui.core.scenario import load_scenario, start_state
from familia_tui.core.session import Session
from familia_tui.games.familia.actions import ChoosePile
from familia_tui.games.familia.game import GAME
from familia_tui.tui.games.familia.results import FamiliaResultsScreen
from familia_tui.tui.games.familia.screen import FamiliaScreen
from familia_tui.tui.glyphs import card_text
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.tables import table_screen
from familia_tui.tui.widgets.table_view import TableView

LAST_TRICK_EMPTY_BLACK = """\
title: the last trick of the last deal; every black face card is taken
game: familia
preset: familia-4
seats: [Aki, {name: Ben, controller: "bot:basic"}, {name: Cho, controller: "bot:basic"},
        {name: Dan, controller: "bot:basic"}]
position:
  deal: 1
  trick: 10
  leader: 0
  captures: {0: [KS, QS, JS], 1: [KC, QC, JC], 2: [KH], 3: [QH, JH]}
  hands: {0: [AS], 1: [5H], 2: [6H], 3: [7H]}
"""
"""Aki leads the deal's (and the game's) last trick; only the red pile has cards."""


def position_session(tmp_path: Path, text: str) -> Session:
    """A session started from a scenario position (bots as its seats say)."""
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    scenario = load_scenario(path)
    spec = get_game(scenario.game)
    state = start_state(spec, scenario)
    bots = {i: spec.make_bot(s.controller.removeprefix("bot:"))
            for i, s in enumerate(state.seats) if not s.is_human}
    session = Session(spec, Record(spec.id, state.options, state.seats, scenario.seed), state, None, bots)
    session.confirm(state.seats[state.to_act].person)
    return session


def record(seats: str, preset: str, seed: int = 7) -> Record:
    options = find_preset("familia", preset).options.resolved()
    table = parse_seats(seats, GAME.default_seats(options), list(GAME.bots))
    return Record("familia", options, tuple(table), seed, preset=preset)


async def test_two_player_pile_choice_shows_the_acting_hand_and_the_other(tmp_path: Path) -> None:
    """[R-F27] A player runs two hands: choosing the pile, the hand that leads is on screen (it
    used to show only the other one)."""
    app = make_app(tmp_path, record("Aki,Ben", "familia-2", seed=3), glyphs="letters")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, FamiliaScreen) and bool(app.screen.choices))
        screen = app.screen
        state = screen.session.state
        assert state.phase == "pile"
        leader = state.to_act
        other = next(s for s, seat in enumerate(state.seats)
                     if seat.person == state.seats[leader].person and s != leader)
        text = screen_text(app)
        name = screen.session.seats[leader].name
        assert f"{name}'s hand: " in text
        assert f"{screen.session.seats[other].name}'s other hand: " in text
        for card in state.hands[leader] + state.hands[other]:
            assert card_text(card, "letters") in text


async def test_an_empty_face_pile_is_not_offered_and_said_in_japanese(tmp_path: Path) -> None:
    """[R-F10] With the black pile empty only red is offered; the player reads why in Japanese
    (it used to read `blackの絵札がないので…`), and b says so too."""
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(table_screen(position_session(tmp_path, LAST_TRICK_EMPTY_BLACK)))
        await settle(pilot, lambda: isinstance(app.screen, FamiliaScreen) and bool(app.screen.choices))
        screen = app.screen
        assert [c.value for c in screen.choices] == [ChoosePile("red")]
        text = screen_text(app)
        assert "黒絵札の山は空です。選べるのは赤絵札だけです。" in text
        assert "Akiの手札：A♠" in text
        assert "r 赤" in text and "b 黒" not in text  # the banner offers the one pile there is
        assert "black" not in text
        await pilot.press("b")
        assert screen.session.state.phase == "pile"  # nothing chosen for the player
        assert "黒絵札の山は空です" in screen_text(app)


async def test_the_last_trick_stays_until_a_key_then_the_breakdown_and_p(tmp_path: Path) -> None:
    """The deal's last trick (cards, winner, batting) is on the table after the last card, until
    a key; then the breakdown, where p shows that trick again."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(table_screen(position_session(tmp_path, LAST_TRICK_EMPTY_BLACK)))
        await settle(pilot, lambda: isinstance(app.screen, FamiliaScreen) and bool(app.screen.choices))
        screen = app.screen
        await pilot.press("r")
        await settle(pilot, lambda: bool(screen.choices))
        await pilot.press("enter")  # A♠; the bots play their hearts
        await settle(pilot, lambda: screen.held is not None)
        await pilot.pause()
        text = screen_text(app)
        assert "The last trick of the deal: press any key" in text
        assert "Trick 10" in text
        played = {spot.name: [f.rank + f.suit for f in spot.played] for spot in screen.query_one(TableView).data.spots}
        assert played["Aki"] == ["A♠"] and played["Dan"] == ["7♥"]  # in front of their seats
        assert not isinstance(app.screen, FamiliaResultsScreen)
        await pilot.press("x")
        await settle(pilot, lambda: isinstance(app.screen, FamiliaResultsScreen))
        assert "Trick 10" not in screen_text(app)
        await pilot.press("p")
        text = screen_text(app)
        assert "The last trick" in text and "Aki A♠" in text and "Dan 7♥" in text


LEAD_JOKER = """\
title: Aki leads a deal's last trick with a Joker
game: familia
preset: familia-6-hand-jokers-11
seats: [Aki, {name: Ben, controller: "bot:basic"}, {name: Cho, controller: "bot:basic"},
        {name: Dan, controller: "bot:basic"}, {name: Eri, controller: "bot:basic"},
        {name: Fay, controller: "bot:basic"}]
position:
  deal: 1
  trick: 11
  leader: 0
  hands: {0: [JK], 1: [5H], 2: [6H], 3: [7H], 4: [8H], 5: [9H]}
"""


async def test_a_led_joker_offers_its_suits_and_esc_goes_back_to_the_hand(tmp_path: Path) -> None:
    """[R-F14] Enter on a led Joker does not play it for the player: the four suits it may stand
    for are offered (the one model of multi-step choices, `core/picks.py`), the hand stays on
    screen, Esc goes back to the card, and a suit plays the Joker as that suit."""
    app = make_app(tmp_path, glyphs="letters")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(table_screen(position_session(tmp_path, LEAD_JOKER)))
        await settle(pilot, lambda: isinstance(app.screen, FamiliaScreen) and bool(app.screen.choices))
        screen = app.screen
        await pilot.press("r")
        await settle(pilot, lambda: screen.session.table.phase != "pile" and bool(screen.choices))
        assert [str(c.value) for c in screen.choices] == ["play JK"]
        await pilot.press("enter")
        assert [str(c.value) for c in screen.choices] == [f"play JK as {s}" for s in "SHDC"]
        assert screen.session.record.actions[-1] == "pile red"  # nothing played yet
        assert "Aki's hand: JK" in screen_text(app)
        await pilot.press("escape")
        assert [str(c.value) for c in screen.choices] == ["play JK"]
        await pilot.press("enter", "2")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.session.record.actions[-1] != "pile red")
        assert screen.session.record.actions[screen.session.record.actions.index("pile red") + 1] \
            == "play JK as H"
