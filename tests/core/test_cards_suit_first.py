"""`parse_card` reads a card copied from the screen with its suit symbol first (`♠A`, `♥10`), next
to the notation (`AS`, `10H`, `10♥`), and still refuses anything that is not one card."""

from __future__ import annotations

import pytest

from familia_tui.core.cards import JOKER, Card, CardError, parse_card, parse_cards


@pytest.mark.parametrize(("text", "card"), [
    ("♠A", Card(14, "S")), ("♥10", Card(10, "H")), ("♣3", Card(3, "C")), ("♦Q", Card(12, "D")),
    ("♠k", Card(13, "S")), ("♡T", Card(10, "H")), ("♧2", Card(2, "C")), (" ♢J ", Card(11, "D")),
])
def test_a_suit_symbol_may_come_first(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["AS", "10H", "10♥", "A♠", "th", "3c", "Q♦", "JK", "jk"])
def test_the_notation_still_reads_the_same(text: str) -> None:
    symbols = str.maketrans("♠♥♦♣", "SHDC")
    expected = JOKER if text.upper() == "JK" else parse_card(text.translate(symbols))
    assert parse_card(text) == expected
    assert parse_card(str(expected)) == expected  # round trip through the notation


def test_suit_first_and_rank_first_name_the_same_cards() -> None:
    assert parse_cards("♠A ♥10 ♣3") == parse_cards("AS 10H 3C") == parse_cards("A♠ 10♥ 3♣")


@pytest.mark.parametrize("text", [
    "♠", "♠♠", "♠Z", "♠1", "♠11", "♠A♠", "♠AS", "♥3H", "♠10♠",  # a suit at both ends, or no rank
    "S10", "HA", "SA",  # only a symbol may come first: letters keep rank-then-suit
    "Z♠", "10", "", "♥ 10", "♥-3",
])
def test_nonsense_is_a_card_error_that_quotes_the_text(text: str) -> None:
    with pytest.raises(CardError) as error:
        parse_card(text)
    assert repr(text.strip()) in str(error.value)
    assert "rank" in str(error.value) or "suit" in str(error.value) or "not a card" in str(error.value)
