"""Cards for any deck: the standard four suits and the six-suit game's six (Cross black, Leaf
red [R-S2]), Jokers by colour and white cards [R-S1]; the notation round-trips in every set and
the four-suit notation is unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from familia_tui.core.cards import (
    ALL_SUITS,
    BLACK_JOKER,
    JOKER,
    NUMBER_RANKS,
    RANKS,
    RED_JOKER,
    SIX_SUITS,
    STANDARD,
    SUIT_SETS,
    SYMBOL_OF,
    WHITE_CARD,
    Card,
    CardError,
    SuitSet,
    format_card,
    joker,
    parse_card,
    suit_order_key,
)


def every_card(suit_set: SuitSet) -> list[Card]:
    return suit_set.cards() + list(suit_set.specials)


CARDS_OF_SETS = [(s, c) for s in SUIT_SETS for c in every_card(s)]


@given(st.sampled_from(CARDS_OF_SETS), st.sampled_from(["unicode", "letters", "ascii"]))
def test_every_card_of_every_set_round_trips_through_its_notation(pair: tuple[SuitSet, Card],
                                                                  glyphs: str) -> None:
    suit_set, card = pair
    assert suit_set.parse_card(str(card)) == card
    assert suit_set.parse_card(format_card(card, glyphs)) == card  # type: ignore[arg-type]
    assert suit_set.parse_card(str(card).lower()) == card
    assert suit_set.parse_cards([str(card), format_card(card, "unicode")]) == [card, card]


@given(st.sampled_from([(s, c) for s, c in CARDS_OF_SETS if not c.is_special]))
def test_a_suit_symbol_may_come_first_in_every_set(pair: tuple[SuitSet, Card]) -> None:
    suit_set, card = pair
    shown = format_card(card, "unicode")
    assert suit_set.parse_card(shown[-1] + shown[:-1]) == card


@pytest.mark.parametrize("suit_set", SUIT_SETS, ids=lambda s: s.name)
def test_each_card_of_a_set_has_its_own_notation(suit_set: SuitSet) -> None:
    cards = every_card(suit_set)
    assert len({str(c) for c in cards}) == len(set(cards)) == len(cards)
    assert not set(suit_set.letters) & {c.suit for c in suit_set.specials}  # X is Cross or the Joker, never both


def test_the_standard_set_reads_exactly_what_parse_card_reads() -> None:
    words = [str(c) for c in every_card(STANDARD)] + ["T♥", "♠A", "joker", "jo", "🃏", "♧2"]
    assert [STANDARD.parse_card(w) for w in words] == [parse_card(w) for w in words]
    assert STANDARD.letters == ("S", "H", "D", "C")
    for card in every_card(STANDARD):
        assert STANDARD.sort_key(card) == suit_order_key(card)


@pytest.mark.parametrize("text", ["5X", "AL", "❦3", "✚10", "BJ", "RJ", "W"])
def test_the_four_suit_games_refuse_six_suit_cards(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_card_errors_name_the_set_s_suits() -> None:
    with pytest.raises(CardError, match=r"use S, H, D or C\)"):
        parse_card("5Z")
    with pytest.raises(CardError, match=r"use S, H, X, L, C or D\)"):
        SIX_SUITS.parse_card("5Z")
    with pytest.raises(CardError, match="e.g. 10H, AS, BJ, RJ, W"):
        SIX_SUITS.parse_card("Z")
    with pytest.raises(CardError):
        SIX_SUITS.parse_card("JK")  # the six-suit deck has no Joker of no colour


def test_suit_colours_R_S2() -> None:
    assert SIX_SUITS.letters == ("S", "H", "X", "L", "C", "D")
    assert [SIX_SUITS.suit(s).name for s in SIX_SUITS.letters] == ["spade", "heart", "cross", "leaf", "club", "diamond"]
    assert SIX_SUITS.of_colour("black") == ("S", "X", "C")
    assert SIX_SUITS.of_colour("red") == ("H", "L", "D")
    colours = [SIX_SUITS.colour_of(s) for s in SIX_SUITS.letters]
    assert colours == ["black", "red"] * 3  # the seat order alternates colours
    for suit_set in SUIT_SETS:
        for card in suit_set.cards():
            assert card.colour == suit_set.colour_of(card.suit)
            assert not card.is_joker and not card.is_white and not card.is_special


def test_jokers_by_colour() -> None:
    assert joker("black") == BLACK_JOKER and joker("red") == RED_JOKER and joker() == JOKER
    assert (BLACK_JOKER.colour, RED_JOKER.colour, JOKER.colour) == ("black", "red", None)
    assert all(c.is_joker and c.is_special and not c.is_white for c in (BLACK_JOKER, RED_JOKER, JOKER))
    assert [str(c) for c in (JOKER, BLACK_JOKER, RED_JOKER)] == ["JK", "BJ", "RJ"]
    assert Card(5, "X").colour == "black" and not Card(5, "X").is_joker  # Cross, not the Joker


def test_white_cards() -> None:
    assert WHITE_CARD.is_white and WHITE_CARD.is_special and not WHITE_CARD.is_joker
    assert WHITE_CARD.colour is None
    assert [format_card(WHITE_CARD, g) for g in ("unicode", "letters", "ascii")] == ["W"] * 3
    assert SIX_SUITS.parse_cards("w W white") == [WHITE_CARD] * 3


def test_the_six_suit_deck_has_84_cards_and_64_for_four_players_R_S1() -> None:
    specials = [BLACK_JOKER, BLACK_JOKER, RED_JOKER, RED_JOKER, WHITE_CARD, WHITE_CARD]
    deck = SIX_SUITS.cards() + specials
    assert len(deck) == 84
    four_players = [c for c in deck if not (c.suit in "XL" and c.rank in NUMBER_RANKS and not c.is_special)]
    assert len(four_players) == 64
    assert len(SIX_SUITS.cards(RANKS, "S")) == 13


def test_hands_sort_by_suit_then_rank_with_specials_last() -> None:
    hand = SIX_SUITS.parse_cards("W 3D AL RJ KX 2S BJ 10L")
    ordered = sorted(hand, key=SIX_SUITS.sort_key)
    assert " ".join(map(str, ordered)) == "2S KX AL 10L 3D BJ RJ W"


def test_every_suit_has_a_named_unicode_symbol() -> None:
    assert {s.symbol_name for s in ALL_SUITS.values()} == {
        "BLACK SPADE SUIT", "BLACK HEART SUIT", "BLACK DIAMOND SUIT", "BLACK CLUB SUIT",
        "HEAVY GREEK CROSS", "FLORAL HEART"}
    assert SYMBOL_OF == {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "X": "✚", "L": "❦"}
