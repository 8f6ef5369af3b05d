"""Trick play: must follow, must trump, must overtrump, the Excuse's freedom, the winner, and the
5-player called-suit lead restriction (rules digest A9; ruling TA-15).

Positions: 4 players, seat 0 deals, seat 1 takes a Garde and leads the first trick; `voids`
keep the filler from adding cards that would change the legal set.
"""

from __future__ import annotations

import random

import pytest
from tarot_helpers import card, legal, options, play, position

from familia_tui.games.tarot.actions import parse_action
from familia_tui.games.tarot.cards import EXCUSE, NO_SUIT, SUIT, TRUMP
from familia_tui.games.tarot.trick import Duty, led_suit, new_buckets, playable, trick_winner

FOUR = options()


def trick(cards_so_far: list[str], hand: str, void: str, seat: int | None = None):  # type: ignore[no-untyped-def]
    """The position where the next seat, holding `hand` (and nothing of `void`), plays."""
    seat = (1 + len(cards_so_far)) % 4 if seat is None else seat
    return position(FOUR, taker=1, contract="garde", trick_cards=cards_so_far,
                    hands={seat: hand}, voids={seat: void})


def test_A9_the_leader_plays_any_card() -> None:
    state = position(FOUR, taker=1, contract="garde", hands={1: "5H 2S T5 EX"})
    assert legal(state) == {f"play {c}" for c in map(str, state.hand(1))}
    assert state.play_duty()[0] is Duty.FREE


def test_A9_must_follow_the_led_suit_without_needing_to_beat() -> None:
    state = trick(["9H"], "2H 5H T5 3S", "HX")
    assert legal(state) == {"play 2H", "play 5H"}
    explanation = state.explain(parse_action("play T5"))
    assert not explanation.legal and explanation.rulings == ("A9",)
    assert explanation.clauses[0].key == "tarot.must_follow"
    assert explanation.allowed == ("2H", "5H")


def test_A9_void_in_the_led_suit_must_trump() -> None:
    state = trick(["9H"], "T3 T8 3S 4S", "HTX")
    assert legal(state) == {"play T3", "play T8"}
    assert state.explain(parse_action("play 3S")).clauses[0].key == "tarot.must_ruff"


def test_A9_must_overtrump_a_trump_in_the_trick() -> None:
    state = trick(["9H", "T10"], "T5 T12 T15 3S", "HTX")
    assert legal(state) == {"play T12", "play T15"}
    explanation = state.explain(parse_action("play T5"))
    assert explanation.clauses[0].key == "tarot.must_overtrump" and not explanation.legal


def test_A9_without_a_higher_trump_any_trump_pisser() -> None:
    state = trick(["9H", "T10"], "T5 T7 3S", "HTX")
    assert legal(state) == {"play T5", "play T7"}
    assert state.explain(parse_action("play T5")).clauses[0].key == "tarot.undertrump"


def test_A9_a_trump_lead_must_be_overtrumped_when_possible() -> None:
    assert legal(trick(["T10"], "T5 T12 2H", "TX")) == {"play T12"}
    assert legal(trick(["T10"], "T5 T7 2H", "TX")) == {"play T5", "play T7"}
    state = trick(["T10"], "2H 3S", "TX")
    assert legal(state) == {f"play {c}" for c in map(str, state.hand(2))}


def test_A9_with_neither_the_suit_nor_trumps_any_card() -> None:
    state = trick(["9H"], "3S 4D RC", "HTX")
    assert legal(state) == {f"play {c}" for c in map(str, state.hand(2))} >= {"play 3S", "play RC"}
    assert state.explain(parse_action("play RC")).clauses[0].key == "tarot.any_card"


def test_A9_the_excuse_may_always_be_played() -> None:
    for cards_so_far, hand, void in ((["9H"], "2H EX", "H"), (["9H", "T10"], "T12 EX", "HT"),
                                     (["T10"], "T12 EX", "T")):
        state = trick(cards_so_far, hand, void)
        assert "play EX" in legal(state)
        assert state.explain(parse_action("play EX")).rulings == ("A9",)


def test_A9_after_a_led_excuse_the_next_card_sets_the_led_suit() -> None:
    state = trick(["EX"], "2H 3S T4", "X")
    assert legal(state) == {f"play {c}" for c in map(str, state.hand(state.to_act))}
    play(state, "play 3S")
    assert state.led == 0
    state = trick(["EX", "9H"], "2H 3S T4", "HX")
    assert legal(state) == {"play 2H"}


def test_A9_the_highest_trump_wins_else_the_highest_of_the_led_suit_the_excuse_never() -> None:
    assert trick_winner([card("9H"), card("RH"), card("2S"), card("DH")]) == 1
    assert trick_winner([card("9H"), card("RH"), card("T2"), card("DH")]) == 2
    assert trick_winner([card("T2"), card("T21"), card("EX"), card("T20")]) == 1
    assert trick_winner([card("EX"), card("3C"), card("RS"), card("4C")]) == 3


def test_A9_the_winner_from_the_kept_led_suit_and_top_trump_is_the_winner_worked_out() -> None:
    """The engine passes the led suit and the highest trump it keeps as cards are played."""
    rng = random.Random(9)
    for size in (3, 4, 5) * 300:
        cards = rng.sample(range(78), size)
        top = max((c for c in cards if SUIT[c] == TRUMP), default=-1)
        assert trick_winner(cards, led_suit(cards), top) == trick_winner(cards)


@pytest.mark.parametrize(("led", "top", "duty"), [
    (NO_SUIT, -1, Duty.FREE), (1, -1, Duty.FOLLOW), (0, -1, Duty.RUFF), (TRUMP, int(card("T1")), Duty.OVERTRUMP),
    (TRUMP, int(card("T20")), Duty.UNDERTRUMP), (2, -1, Duty.DISCARD)])
def test_A9_duties_counting(led: int, top: int, duty: Duty) -> None:
    hand = [card(c) for c in ("2H", "9H", "T5", "EX")] if duty is not Duty.DISCARD else [card("2H"), EXCUSE]
    assert playable(new_buckets(hand), led, top)[0] is duty


def test_TA_15_five_players_fft_first_lead_avoids_the_called_suit() -> None:
    five = options(5, called_suit_lead_restriction=True)
    state = position(five, taker=1, contract="garde", called="RC", hands={1: "2C 5C 3H EX"},
                     voids={1: "C"})
    assert "play 2C" not in legal(state) and "play 3H" in legal(state)
    explanation = state.explain(parse_action("play 2C"))
    assert not explanation.legal and explanation.rulings == ("TA-15",)
    state = position(five, taker=2, contract="garde", called="RC", hands={1: "RC 2C 3H"},
                     voids={1: "C"})
    assert "play RC" in legal(state) and "play 2C" not in legal(state)


def test_TA_15_off_by_default_and_later_leads_are_free() -> None:
    state = position(options(5), taker=1, contract="garde", called="RC", hands={1: "2C 3H"})
    assert "play 2C" in legal(state)
