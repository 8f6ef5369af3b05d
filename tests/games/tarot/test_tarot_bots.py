"""The basic bot: always legal, bids from strength, a sensible écart, declares what it holds,
takes care of the Excuse and the Petit, defends as a team, and beats random play."""

from __future__ import annotations

import dataclasses
import random

import pytest
from tarot_helpers import options, play, position, stacked

from familia_tui.core.presets import list_presets
from familia_tui.core.simulate import simulate
from familia_tui.games.tarot.actions import PLAY
from familia_tui.games.tarot.bots import BasicBot, hand_strength
from familia_tui.games.tarot.cards import parse_cards
from familia_tui.games.tarot.figures import face_leads_into_void
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.scoring import ContractResult
from familia_tui.games.tarot.trick import TrickRecord

BOT = BasicBot()
RNG = random.Random(0)


def choice(state) -> str:  # type: ignore[no-untyped-def]
    seat = state.to_act
    return str(BOT.choose(state.view(seat), state.legal_actions(), RNG))


@pytest.mark.parametrize("preset", list_presets("tarot")[0], ids=lambda p: p.id)
def test_the_basic_bot_only_plays_legal_actions(preset) -> None:  # type: ignore[no-untyped-def]
    run = simulate(GAME, preset.options.model_copy(update={"hands": 2}), preset.id, 1, 3, ["basic"])
    assert run.games == 1 and run.deals == 2


def test_bids_follow_hand_strength() -> None:
    strong = parse_cards("T21 EX T1 T20 T19 T18 T17 T16 T10 T9 T8 RS RH RD DS CS 2C 3C")
    weak = parse_cards("2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D T2 T3")
    assert hand_strength(strong) >= 35 and hand_strength(weak) < -10
    state = stacked(options(), hands={1: " ".join(map(str, strong))})
    assert choice(state) == "bid garde-contre"
    state = stacked(options(), hands={1: " ".join(map(str, weak))})
    assert choice(state) == "pass"


MIDDLING = "T21 T15 T12 T9 T5 T3 RS DH 2H 4H 6H 3D 5D 7D 9D 2C 4C 6C"
"""A hand whose Prise is made about a quarter of the time (expected margin -7.25)."""


def test_a_middling_hand_passes_first_but_the_last_speaker_takes_it_rather_than_pass_out() -> None:
    # A4: all pass annuls the deal; the last speaker after three passes takes the Prise.
    assert -10 <= hand_strength(parse_cards(MIDDLING)) < -7
    state = stacked(options(), hands={1: MIDDLING}, dealer=0)
    assert state.to_act == 1 and choice(state) == "pass"
    state = stacked(options(), hands={0: MIDDLING}, dealer=0)
    play(state, "pass", "pass", "pass")
    assert state.to_act == 0 and choice(state) == "bid prise"


def test_the_ecart_empties_short_suits_first_and_keeps_trumps() -> None:
    hand = "RS RH T21 T20 T19 T18 T17 T16 T15 2C 3C 4C 5C 6C 7C 2D 3D 2H"
    state = position(options(), taker=1, contract="garde", phase="ecart", hands={1: hand},
                     chien="8C 9C 10C VC T14 T13")
    discards = []
    while state.phase == "ecart":
        text = choice(state)
        discards.append(text.split()[1])
        play(state, text)
    assert set(discards[:3]) == {"2H", "2D", "3D"}
    assert not any(d.startswith("T") for d in discards)


def test_the_bot_declares_the_highest_poignee_showing_its_lowest_trumps() -> None:
    trumps = " ".join(f"T{i}" for i in range(2, 15))  # 13 trumps: a double
    state = position(options(), taker=1, contract="garde", hands={1: trumps}, voids={1: "TX"})
    assert choice(state) == "declare poignee-double " + " ".join(f"T{i}" for i in range(14, 1, -1))


def _end_view(hand: str, winners: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """Seat 2's view as it leads the second-to-last trick holding `hand`; earlier tricks were
    won by `winners` (seat 1 is the taker, 4 players)."""
    state = position(options(), taker=1, contract="garde")
    tricks = tuple(TrickRecord(i + 1, (w, (w + 1) % 4, (w + 2) % 4, (w + 3) % 4),
                               tuple(parse_cards("2S 3S 4S 5S")), w) for i, w in enumerate(winners))
    view = dataclasses.replace(state.view(2), hand=tuple(parse_cards(hand)), tricks=tricks,
                               trick=(), leader=2, to_act=2)
    return view, [PLAY[c] for c in parse_cards(hand)]


def test_the_excuse_is_spent_before_the_last_trick() -> None:
    view, legal = _end_view("2H EX", (1, 2) * 8)
    assert str(BOT.choose(view, legal, RNG)) == "play EX"


def test_the_excuse_is_kept_to_lead_the_last_trick_when_the_side_won_every_trick() -> None:
    view, legal = _end_view("T21 EX", (2, 3, 0) * 5 + (2,))
    assert str(BOT.choose(view, legal, RNG)) == "play T21"


def test_the_petit_is_given_to_a_trick_the_side_keeps() -> None:
    # 4 players: seat 2 (defender) has won the trick with T21 so far; seat 3 (defender) must
    # trump, holds the Petit: it saves it into its side's trick.
    state = position(options(), taker=1, contract="garde", trick_cards=["2H", "T21"],
                     hands={3: "T1 T5 T9"}, voids={3: "HTX"})
    assert choice(state) == "play T1"


def test_the_petit_is_not_thrown_under_an_opponent() -> None:
    # Seat 0 led, the taker (seat 1) trumped with T10; seat 2 (defender) can only undertrump.
    state = position(options(), taker=1, contract="garde", trick_cards=["2H", "T10"],
                     hands={2: "T1 T5 T9"}, voids={2: "HTX"}, dealer=3)
    assert state.to_act == 2 and choice(state) == "play T5"


def test_a_defender_gives_points_to_a_partner_s_sure_trick() -> None:
    state = position(options(), taker=1, contract="garde", trick_cards=["2H", "RH", "3H"],
                     hands={0: "DH 4H 5H"}, voids={0: "H"})
    assert state.to_act == 0 and choice(state) == "play DH"


def test_the_taker_does_not_give_points_to_the_defence() -> None:
    state = position(options(), taker=0, contract="garde", trick_cards=["2H", "RH", "3H"],
                     hands={0: "DH 4H 5H"}, voids={0: "H"})
    assert choice(state) == "play 4H"


def test_the_basic_bot_beats_random_play() -> None:
    preset = next(p for p in list_presets("tarot")[0] if p.id == "tarot-4")
    run = simulate(GAME, preset.options, preset.id, 12, 1, ["basic", "random", "random", "random"])
    basic = [scores[0] for scores in run.scores]
    assert sum(basic) / len(basic) > 300


def _defender_leads(hand: str, tricks: list[tuple[int, str]]):  # type: ignore[no-untyped-def]
    """Seat 2 (a defender; seat 1 took a Garde, 4 players) leads holding `hand` after `tricks`,
    each (leader, four cards in play order) won by the taker."""
    state = position(options(), taker=1, contract="garde")
    records = tuple(TrickRecord(i + 1, tuple((leader + k) % 4 for k in range(4)),
                                tuple(parse_cards(text)), 1)
                    for i, (leader, text) in enumerate(tricks))
    view = dataclasses.replace(state.view(2), hand=tuple(parse_cards(hand)), tricks=records,
                               trick=(), leader=2, to_act=2)
    return str(BOT.choose(view, [PLAY[c] for c in parse_cards(hand)], RNG))


def test_the_view_shows_the_suits_a_seat_lacks() -> None:
    state = position(options(), taker=1, contract="garde")
    tricks = (TrickRecord(1, (0, 1, 2, 3), tuple(parse_cards("2H T5 3H EX")), 1),
              TrickRecord(2, (1, 2, 3, 0), tuple(parse_cards("T6 2S T7 T8")), 3))
    view = dataclasses.replace(state.view(2), tricks=tricks)
    assert view.voids == ("", "H", "T", "")  # seat 3's Excuse shows nothing [A9]


def test_a_defender_does_not_lead_a_king_into_the_taker_s_void_while_he_holds_trumps() -> None:
    # The taker ruffed ♥ in the first trick: R♥ would be trumped and its points lost.
    assert _defender_leads("RH 5S 6S 7S", [(0, "2H T5 3H 4H")]) == "play 5S"
    # Once he has also shown he has no trump (he discarded a ♦ on ♠), R♥ is safe again.
    assert _defender_leads("RH 5S 6S", [(0, "2H T5 3H 4H"), (3, "2S 3S 2D 4S")]) == "play RH"


def test_a_defender_leads_a_low_trump_rather_than_feed_the_taker_s_void() -> None:
    assert _defender_leads("RH DH T3", [(0, "2H T5 3H 4H")]) == "play T3"


def _scored_hand():  # type: ignore[no-untyped-def]
    """The first scored contract hand of a random-bot game (4 players)."""
    state = GAME.new_game(options(), GAME.default_seats(options()), seed=2)
    bot, rng = GAME.bots["random"](), random.Random(2)
    while not state.results or not isinstance(state.results[0], ContractResult):
        state.apply(bot.choose(None, state.legal_actions(), rng))
    return state.results[0]


@pytest.mark.parametrize(("third", "count"), [("RH T6 5H 6H", 1), ("RH 2C 5H 6H", 0), ("5H T6 RH 6H", 0)])
def test_the_figure_counts_face_cards_led_into_the_taker_s_void_while_he_holds_trumps(
        third: str, count: int) -> None:
    # Seat 1 takes; he ruffs ♥ in trick 1; in trick 3 seat 0 leads a ♥: R♥ with the taker still
    # holding a trump counts; once he has none left (he discards 2♣), or with a low ♥, it does not.
    tricks = (TrickRecord(1, (0, 1, 2, 3), tuple(parse_cards("2H T5 3H 4H")), 1),
              TrickRecord(2, (1, 2, 3, 0), tuple(parse_cards("2S 3S 4S 5S")), 0),
              TrickRecord(3, (0, 1, 2, 3), tuple(parse_cards(third)), 0))
    hand = dataclasses.replace(_scored_hand(), taker=1, partner=None, tricks=tricks)
    assert face_leads_into_void(hand, 4) == count


def test_simulate_reports_bidding_contracts_and_face_leads() -> None:
    run = simulate(GAME, options(hands=2), "tarot-4", 3, 1, ["basic", "random", "random", "random"])
    figures = run.summary()["figures"]
    assert figures["deals_bid"] >= run.deals
    assert 0 <= figures["all_passed"] <= 100 and 0 <= figures["made"] <= 100
    assert sum(row["taken"] for row in figures["contracts"].values()) <= run.deals
    assert figures["face_leads_into_void"] >= 0
    assert figures["by_bot"]["basic"]["seats"] == 1 and figures["by_bot"]["random"]["seats"] == 3
