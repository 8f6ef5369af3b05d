"""How cards and suits are drawn in each glyph mode, and the one text pipeline of the tables.

- `unicode`: suit symbols ♠♥♦♣ and the six-suit game's ✚ (Cross) ❦ (Leaf), never emoji
  variants, and box lines;
- `letters`: suit letters S H D C X L, box lines kept;
- `ascii`: suit letters and plain ASCII lines, for terminals where ♠♥♣ and box lines are
  ambiguous-width (many Japanese terminals).

Every text a screen shows passes `glyph_safe` once: the app's `t` (every message) and
`explanation_markup` (every `explain()` chain) use it, so no screen keeps its own translation or
stand-in table. In ascii mode it reads the games' Japanese terms in romaji first (each game's
`ASCII_TERMS`, `i18n.ascii_terms`; not in Japanese), then puts the stand-ins of
`widgets.ascii.STAND_INS` for what is left. A game says only how its clause parameters look
(`ClauseStyle`: its card notation, which parameters are named from the catalogue);
`clause_renderer` draws them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from familia_tui.core.cards import (
    SYMBOL_OF,
    Card,
    format_card,
    parse_card,
)
from familia_tui.i18n import ascii_terms, translate
from familia_tui.tui.markup import escape
from familia_tui.tui.widgets.ascii import ascii_safe

if TYPE_CHECKING:  # (the home screen draws before pydantic is imported)
    from familia_tui.core.engine import Explanation, Seat

GLYPH_MODES = ("unicode", "letters", "ascii")

INKS = {"dark": {"red": "#ff7b7b", "yellow": "#ffd75f", "magenta": "#e79cff"},
        "light": {"red": "#b40000", "yellow": "#7a4e00", "magenta": "#8e008e"}}
"""The colours cards are drawn in on dark and on light themes: plain red, yellow and magenta
are unreadable on some of Textual's themes (yellow trumps on textual-light)."""
INK = dict(INKS["dark"])
"""The colours of the current theme (`use_ink`)."""
SUIT_INK = {"S": "", "C": "", "H": "red", "D": "red", "X": "magenta"}
"""The ink of the standard set's cards by suit code (`X` is its Joker)."""
SPECIAL_INK = {"X": "magenta", "B": "", "R": "red", "W": ""}
"""The ink of Jokers and white cards by suit code: a coloured Joker in its colour."""
NUMBER_INK = {**SUIT_INK, "X": "", "L": "red"}
"""The ink of every suit's numbers and faces (Cross black, Leaf red)."""


def use_ink(dark: bool) -> None:
    """Draw cards in the colours for a dark or a light theme from now on."""
    INK.update(INKS["dark" if dark else "light"])


def ink_style(colour: str) -> str:
    """A card's style: bold, in `colour` (a key of INK; "" is the theme's text colour)."""
    return f"bold {INK[colour]}" if colour else "bold"


def suit_text(suit: str | None, glyphs: str) -> str:
    if suit is None:
        return "-"
    return SYMBOL_OF.get(suit, suit) if glyphs == "unicode" else suit


def card_text(card: Card, glyphs: str) -> str:
    """`10♥` or `10H`; a Joker is `JK` (`BJ`, `RJ`) and a white card `W` in every mode."""
    return format_card(card, "unicode" if glyphs == "unicode" else "letters")


def card_markup(card: Card, glyphs: str, style: str = "") -> str:
    """The card as Rich console markup, coloured by suit (red suits red)."""
    ink = card_ink(card)
    colour = ink_style(ink) if ink is not None else ""
    return f"[{colour} {style}]{card_text(card, glyphs)}[/]" if (colour or style) else card_text(card, glyphs)


def card_ink(card: Card) -> str | None:
    """The INK key a card is drawn in ("" the text colour), None for a card of no known suit."""
    return (SPECIAL_INK if card.rank < 2 else NUMBER_INK).get(card.suit)


def cards_markup(cards: Iterable[Card], glyphs: str) -> str:
    return " ".join(card_markup(c, glyphs) for c in cards) or ("-" if glyphs == "ascii" else "—")


def colour_glyph(colour: str, glyphs: str) -> str:
    """A marker for a face pile."""
    if glyphs != "unicode":  # ■ is ambiguous-width too
        return r"\[B]" if colour == "black" else r"\[R]"
    return "■" if colour == "black" else f"[{INK['red']}]■[/]"


_SUIT_LETTERS = str.maketrans({symbol: letter for letter, symbol in SYMBOL_OF.items()})


def glyph_safe(text: str, glyphs: str, lang: str) -> str:
    """Text (or markup) in `lang` in the glyph mode: outside unicode mode a suit symbol that
    slipped into a message is its letter; in ascii mode the games' Japanese terms are read in
    romaji (革命 is `kakumei`) unless the language is Japanese, and nothing of ambiguous width is
    left (→ is `>`, é is `e`), while Japanese (wide) text stays."""
    if glyphs == "unicode":
        return text
    text = text.translate(_SUIT_LETTERS)
    return ascii_safe(ascii_terms(text, lang)) if glyphs == "ascii" else text


def explanation_markup(explanation: Explanation, lang: str, glyphs: str,
                       render: Callable[[str, str], str]) -> str:
    """An `explain()` chain as markup in the language and glyph mode: parameters through the
    game's `render`, ruling ids kept (`[R-F1]` is no markup tag), then `glyph_safe`."""
    return glyph_safe(rulings_shown(explanation.text(lang, render)), glyphs, lang)


def standard_card(word: str, glyphs: str) -> str:
    """A card word of the standard notation (`10H`, `JK`) as markup; CardError if it is none."""
    return card_markup(parse_card(word), glyphs)


@dataclass(frozen=True)
class ClauseStyle:
    """How one game's explanation parameters are drawn; the rest of the pipeline is shared."""

    card: Callable[[str, str], str] = standard_card
    """(a word of card notation, glyph mode) → markup; raises ValueError (the game's CardError)
    for a word that is none."""
    named: Mapping[str, str] = field(default_factory=dict)
    """Parameters shown by their catalogue name: parameter → key prefix (`tarot.suit.`)."""
    suits: tuple[str, ...] = ("suit", "trump")
    """Parameters that are suit letters, drawn as suits in the glyph mode."""


def clause_renderer(style: ClauseStyle, lang: str, glyphs: str,
                    seats: Sequence[Seat] = ()) -> Callable[[str, str], str]:
    """The parameter renderer of `explanation_markup`: a seat number is its name, named
    parameters come from the catalogue, suits and cards are drawn in the glyph mode, and any
    other value stays as it is."""

    def render(name: str, value: str) -> str:
        if name == "seat" and value.isdigit() and int(value) < len(seats):
            return escape(seats[int(value)].name)
        if name in style.named:
            return translate(style.named[name] + value, lang)
        if name in style.suits:
            return "".join(suit_text(letter, glyphs) for letter in value)
        try:
            return " ".join(style.card(word, glyphs) for word in value.split())
        except ValueError:  # a game's CardError: the value is no card (a number, a rank)
            return value

    return render


_RULING = re.compile(r"\[(?=[A-Z][\w.-]*\])")


def rulings_shown(markup: str) -> str:
    """Escape ruling ids (`[R-F1]`, `[DF-10a]`) in markup, which Rich would take for tags."""
    return _RULING.sub(r"\\[", markup)
