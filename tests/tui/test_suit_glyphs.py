"""Glyphs for every suit of every set: letters and ascii modes are plain ASCII, unicode-mode
suit symbols are one cell wide and never emoji, and cards are inked by colour (Cross black,
Leaf red, a Joker in its colour)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from rich._emoji_codes import EMOJI
from rich.cells import cell_len

from familia_tui.core.cards import (
    ALL_SUITS,
    BLACK_JOKER,
    JOKER,
    RED_JOKER,
    SIX_SUITS,
    SUIT_SETS,
    WHITE_CARD,
    Card,
)
from familia_tui.tui.glyphs import (
    card_ink,
    card_markup,
    card_text,
    glyph_safe,
    ink_style,
    suit_text,
)
from familia_tui.tui.widgets.ascii import ascii_safe

EMOJI_CHARACTERS = {text.replace("\ufe0f", "") for text in EMOJI.values()}
LEGACY_SUITS = "SHDC"
"""♠♥♦♣ are Emoji=Yes with text presentation and ♠♥♣ East-Asian Ambiguous; they stay, and the
letters and ascii modes exist for the terminals that draw them wide."""
EVERY_CARD = [c for s in SUIT_SETS for c in s.cards() + list(s.specials)]


@pytest.mark.parametrize("letter", list(ALL_SUITS))
@pytest.mark.parametrize("glyphs", ["letters", "ascii"])
def test_letters_and_ascii_modes_draw_every_suit_in_ascii(letter: str, glyphs: str) -> None:
    assert suit_text(letter, glyphs) == letter and letter.isascii()


@pytest.mark.parametrize("letter", list(ALL_SUITS))
def test_unicode_suit_symbols_are_one_cell_and_no_emoji(letter: str) -> None:
    symbol = suit_text(letter, "unicode")
    assert len(symbol) == 1 and "\ufe0f" not in symbol
    assert cell_len(symbol) == 1
    assert unicodedata.east_asian_width(symbol) not in ("W", "F")
    if letter not in LEGACY_SUITS:  # the new suits: not even ambiguous, and no emoji at all
        assert unicodedata.east_asian_width(symbol) == "N"
        assert symbol not in EMOJI_CHARACTERS


@pytest.mark.parametrize("glyphs", ["letters", "ascii"])
def test_every_card_is_ascii_outside_unicode_mode(glyphs: str) -> None:
    for card in EVERY_CARD:
        assert card_text(card, glyphs).isascii()
        assert re.sub(r"\[[^\]]*\]", "", card_markup(card, glyphs)).isascii()


def test_every_card_is_one_cell_per_character_in_unicode_mode() -> None:
    for card in EVERY_CARD:
        text = card_text(card, "unicode")
        assert cell_len(text) == len(text)


@pytest.mark.parametrize("glyphs", ["letters", "ascii"])
def test_a_six_suit_symbol_in_a_message_becomes_its_letter(glyphs: str) -> None:
    assert glyph_safe("✚ leads, ❦ follows", glyphs, "en") == "X leads, L follows"
    assert ascii_safe("10✚ A❦") == "10X AL"


def test_cards_are_inked_by_colour() -> None:
    assert [card_ink(Card(5, s)) for s in SIX_SUITS.letters] == ["", "red", "", "red", "", "red"]
    assert (card_ink(BLACK_JOKER), card_ink(RED_JOKER), card_ink(JOKER), card_ink(WHITE_CARD)) == (
        "", "red", "magenta", "")
    assert card_markup(Card(5, "L"), "unicode") == f"[{ink_style('red')} ]5❦[/]"
    assert card_markup(Card(5, "X"), "letters") == f"[{ink_style('')} ]5X[/]"
    assert card_markup(RED_JOKER, "ascii") == f"[{ink_style('red')} ]RJ[/]"


def test_the_standard_cards_are_drawn_as_before() -> None:
    assert card_markup(Card(10, "H"), "unicode") == f"[{ink_style('red')} ]10♥[/]"
    assert card_markup(Card(14, "S"), "letters") == "[bold ]AS[/]"
    assert card_markup(JOKER, "unicode") == f"[{ink_style('magenta')} ]JK[/]"
    assert card_markup(Card(8, "*"), "letters") == "8*"  # Daifugō's declared Joker: no suit, no ink
