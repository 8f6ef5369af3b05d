"""How cards and suits are drawn in each glyph mode.

- `unicode`: suit symbols ♠♥♦♣ (never the emoji variants) and box lines;
- `letters`: suit letters S H D C, box lines kept;
- `ascii`: suit letters and plain ASCII lines, for terminals where ♠♥♣ and box lines are
  ambiguous-width (many Japanese terminals).
"""

from __future__ import annotations

import re

from familia_tui.core.cards import SUIT_SYMBOLS, Card, format_card

GLYPH_MODES = ("unicode", "letters", "ascii")

INKS = {"dark": {"red": "#ff7b7b", "yellow": "#ffd75f", "magenta": "#e79cff"},
        "light": {"red": "#b40000", "yellow": "#7a4e00", "magenta": "#8e008e"}}
"""The colours cards are drawn in on dark and on light themes: plain red, yellow and magenta
are unreadable on some of Textual's themes (yellow trumps on textual-light)."""
INK = dict(INKS["dark"])
"""The colours of the current theme (`use_ink`)."""
SUIT_INK = {"S": "", "C": "", "H": "red", "D": "red", "X": "magenta"}


def use_ink(dark: bool) -> None:
    """Draw cards in the colours for a dark or a light theme from now on."""
    INK.update(INKS["dark" if dark else "light"])


def ink_style(colour: str) -> str:
    """A card's style: bold, in `colour` (a key of INK; "" is the theme's text colour)."""
    return f"bold {INK[colour]}" if colour else "bold"


def suit_text(suit: str | None, glyphs: str) -> str:
    if suit is None:
        return "-"
    return SUIT_SYMBOLS.get(suit, suit) if glyphs == "unicode" else suit


def card_text(card: Card, glyphs: str) -> str:
    """`10♥` or `10H`; a Joker is `JK` in every mode."""
    return format_card(card, "unicode" if glyphs == "unicode" else "letters")


def card_markup(card: Card, glyphs: str, style: str = "") -> str:
    """The card as Rich console markup, coloured by suit (red suits red)."""
    colour = ink_style(SUIT_INK[card.suit]) if card.suit in SUIT_INK else ""
    return f"[{colour} {style}]{card_text(card, glyphs)}[/]" if (colour or style) else card_text(card, glyphs)


def cards_markup(cards, glyphs: str) -> str:  # type: ignore[no-untyped-def]
    return " ".join(card_markup(c, glyphs) for c in cards) or ("-" if glyphs == "ascii" else "—")


def colour_glyph(colour: str, glyphs: str) -> str:
    """A marker for a face pile."""
    if glyphs != "unicode":  # ■ is ambiguous-width too
        return r"\[B]" if colour == "black" else r"\[R]"
    return "■" if colour == "black" else f"[{INK['red']}]■[/]"


def clause_renderer(glyphs: str):  # type: ignore[no-untyped-def]
    """Show explanation parameters in the glyph mode: suits as symbols, cards coloured."""
    from familia_tui.core.cards import CardError, parse_card

    def render(name: str, value: str) -> str:
        if name in ("suit", "trump"):
            return suit_text(value, glyphs)
        try:
            return " ".join(card_markup(parse_card(word), glyphs) for word in value.split())
        except CardError:
            return value

    return render


_RULING = re.compile(r"\[(?=[A-Z][\w.-]*\])")


def rulings_shown(markup: str) -> str:
    """Escape ruling ids (`[R-F1]`, `[DF-10a]`) in markup, which Rich would take for tags."""
    return _RULING.sub(r"\\[", markup)
