"""How cards and suits are drawn in each glyph mode, and the one text pipeline of the tables.

- `unicode`: suit symbols ♠♥♦♣ (never the emoji variants) and box lines;
- `letters`: suit letters S H D C, box lines kept;
- `ascii`: suit letters and plain ASCII lines, for terminals where ♠♥♣ and box lines are
  ambiguous-width (many Japanese terminals).

Every text a screen shows passes `glyph_safe` once: the app's `t` (every message) and
`explanation_markup` (every `explain()` chain, with the game's own parameter renderer) use it, so
no screen keeps its own translation or stand-in table.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from familia_tui.core.cards import SUIT_SYMBOLS, Card, format_card
from familia_tui.core.engine import Explanation
from familia_tui.i18n import translate
from familia_tui.tui.widgets.ascii import ascii_safe

GLYPH_MODES = ("unicode", "letters", "ascii")

SUIT_STYLE = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red", "X": "bold magenta"}


def suit_text(suit: str | None, glyphs: str) -> str:
    if suit is None:
        return "-"
    return SUIT_SYMBOLS.get(suit, suit) if glyphs == "unicode" else suit


def card_text(card: Card, glyphs: str) -> str:
    """`10♥` or `10H`; a Joker is `JK` in every mode."""
    return format_card(card, "unicode" if glyphs == "unicode" else "letters")


def card_markup(card: Card, glyphs: str, style: str = "") -> str:
    """The card as Rich console markup, coloured by suit (red suits red)."""
    colour = SUIT_STYLE.get(card.suit, "")
    return f"[{colour} {style}]{card_text(card, glyphs)}[/]" if (colour or style) else card_text(card, glyphs)


def cards_markup(cards, glyphs: str) -> str:  # type: ignore[no-untyped-def]
    return " ".join(card_markup(c, glyphs) for c in cards) or ("-" if glyphs == "ascii" else "—")


def colour_glyph(colour: str, glyphs: str) -> str:
    """A marker for a face pile."""
    if glyphs != "unicode":  # ■ is ambiguous-width too
        return r"\[B]" if colour == "black" else r"\[R]"
    return "■" if colour == "black" else "[red]■[/]"


_SUIT_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def glyph_safe(text: str, glyphs: str) -> str:
    """Text (or markup) in the glyph mode: outside unicode mode a suit symbol that slipped into a
    message is its letter; in ascii mode nothing of ambiguous width is left (→ is `->`, é is `e`),
    while Japanese (wide) text stays."""
    if glyphs == "unicode":
        return text
    text = text.translate(_SUIT_LETTERS)
    return ascii_safe(text) if glyphs == "ascii" else text


def explanation_markup(explanation: Explanation, lang: str, glyphs: str,
                       render: Callable[[str, str], str]) -> str:
    """An `explain()` chain as markup in the language and glyph mode: parameters through the
    game's `render`, ruling ids kept (`[R-F1]` is no markup tag), then `glyph_safe`."""
    return glyph_safe(rulings_shown(explanation.text(lang, render)), glyphs)


def clause_renderer(glyphs: str, lang: str = "en"):  # type: ignore[no-untyped-def]
    """Show Familia's explanation parameters: suits as symbols, cards coloured, colours named."""
    from familia_tui.core.cards import CardError, parse_card

    def render(name: str, value: str) -> str:
        if name in ("suit", "trump"):
            return suit_text(value, glyphs)
        if name == "colour":
            return translate(f"fam.colour.{value}", lang)
        try:
            return " ".join(card_markup(parse_card(word), glyphs) for word in value.split())
        except CardError:
            return value

    return render


_RULING = re.compile(r"\[(?=[A-Z][\w.-]*\])")


def rulings_shown(markup: str) -> str:
    """Escape ruling ids (`[R-F1]`, `[DF-10a]`) in markup, which Rich would take for tags."""
    return _RULING.sub(r"\\[", markup)
