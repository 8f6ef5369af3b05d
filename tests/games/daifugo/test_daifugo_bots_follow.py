"""The basic bot in scripted positions: it answers a single cheaply (normal order, 革命 and
○○バック), does not end with a card it may not finish on or a joker it cannot lead, and declares
its jokers as cards it neither holds nor declares twice."""

from __future__ import annotations

import random

from daifugo_helpers import options, position

from familia_tui.core.cards import parse_card
from familia_tui.games.daifugo.actions import PASS, Play, parse_action
from familia_tui.games.daifugo.bots import BasicBot

BOT = BasicBot()
FILL = {1: 8, 2: 8, 3: 8}
"""Opponents with plenty of (seeded) cards: no ドボン threat, nothing to hurry for."""


def seat0(hand: str, **data: object):  # type: ignore[no-untyped-def]
    """Seat 0 holds `hand` and is to act; the others are filled; ドボン is off."""
    return position(options(dobon="off"), hands={0: hand}, fill=FILL, to_act=0, **data)


def choice(state) -> Play | object:  # type: ignore[no-untyped-def]
    return BOT.choose(state.view(state.to_act), state.legal_actions(), random.Random(0))


def test_beats_a_lone_ten_with_a_middle_card_rather_than_passing_with_a_full_hand() -> None:
    """Fourteen cards, many pairs: the J of the J-pair still beats the 10 cheaply (C4)."""
    hand = "3D 4D 4C 5S 5C 6S 6D 7S 7D JS JH KS AH 2S"
    state = seat0(hand, trick=[[3, "10D"]])
    assert choice(state) == parse_action("play JS")


def test_in_revolution_beats_a_single_with_a_lower_card_that_is_not_a_control_card() -> None:
    """DF-13: in 革命 the 3 and 4 are the strongest; a 9 answers the K and keeps them."""
    hand = "3D 3C 4D 5S 6S 9H AH 2S 2D 10S 10H 7C KD"
    state = seat0(hand, trick=[[3, "KS"]], revolution=True)
    assert choice(state) == parse_action("play 9H")


def test_under_a_trick_reversal_answers_with_a_card_weak_in_the_lasting_order() -> None:
    """DF-16: after a J under J富豪 the trick's order is reversed, so a 6 beats the J: the bot
    sheds it (cheap in the lasting order) and keeps its 2."""
    hand = "6S 9D QH KS 2S 2D 3C 4C 5C 10H 10S 7D"
    state = seat0(hand, families=["jfugo"], trick=[[3, "JH"]], trick_reverse=True)
    assert choice(state) == parse_action("play 3C")


def test_still_passes_rather_than_spend_a_two_early() -> None:
    hand = "2S 3D 4D 5C 6C 7C 9S 10S"
    state = seat0(hand, trick=[[3, "AH"]])
    assert choice(state) == PASS


def test_does_not_lead_its_last_natural_card_beside_a_joker() -> None:
    """DF-23a: jokers never lead alone, so 'A♣ JK' ends stuck. From Q♦ A♣ JK the bot plays
    the joker with the Q (a pair) and keeps the A to finish."""
    state = seat0("QD AC JK")
    play = choice(state)
    assert isinstance(play, Play) and play.jokers, play
    assert [str(c) for c in play.naturals] == ["QD"]


def test_plays_down_to_a_card_it_may_finish_on_when_it_can() -> None:
    """DF-21, DF-23a: with 9♠ 8♦ (an 8 may not finish) the bot leads the 8, never the 9."""
    state = seat0("9S 8D")
    assert choice(state) == parse_action("play 8D")


def test_a_joker_in_a_group_stands_for_a_card_the_hand_does_not_hold() -> None:
    """DF-34 allows JK=10♠ beside a natural 10♠; the bot declares the missing 10♥ instead."""
    state = seat0("10S 10D 10C JK 5D 6D", trick=[[3, "9S 9H 9D 9C"]])
    play = choice(state)
    assert isinstance(play, Play) and play.jokers == (parse_card("10H"),), play


def test_jokers_alone_stand_for_different_cards() -> None:
    """DF-17a: three jokers may follow the three Ks as three As. With jokers most of its hand the
    bot plays them, declared as three different aces (JK=A♠ JK=A♠ JK=A♠ is legal too, DF-34)."""
    state = seat0("JK JK JK 3H 4C", trick=[[3, "KS KD KC"]])
    assert parse_action("play JK=AS JK=AS JK=AS") in state.legal_actions()
    play = choice(state)
    assert isinstance(play, Play) and not play.naturals, play
    declared = [c for c in play.jokers if not c.is_joker]
    assert len(declared) == 3 and len(set(declared)) == 3, play
