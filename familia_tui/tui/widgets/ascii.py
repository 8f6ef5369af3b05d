"""Ascii glyph mode: text and scrollbars with no character of ambiguous width."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from textual._context import active_app
from textual.scrollbar import ScrollBarRender

STAND_INS: Mapping[str, str] = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "✚": "X", "❦": "L", "◆": "D", "○": "O", "■": "#", "★": "*",
    "♂": "M", "♀": "F",
    "→": ">", "←": "<", "↑": "^", "↓": "v", "⏎": "Enter", "…": "...", "·": "-", "—": "-", "–": "-", "−": "-",
    "×": "x", "÷": "/", "½": ".5", "±": "+/-", "“": '"', "”": '"', "‘": "'", "’": "'",
    "ō": "ou", "Ō": "Ou", "ū": "uu", "Ū": "Uu",
}
"""The one table of ASCII stand-ins for the ambiguous-width characters of every game's texts.
Hepburn's long vowels are doubled as the games' romaji terms write them (Daifugō is `Daifugou`,
like 大富豪 `daifugou`); other accents are dropped (`ascii_safe`)."""


def ascii_safe(text: str, stand_ins: Mapping[str, str] = STAND_INS) -> str:
    """The text with no ambiguous-width character: `stand_ins` first, then accents dropped
    (é → e, ō → o), else `?`; Japanese (wide) text stays."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if char.isascii() or unicodedata.east_asian_width(char) in ("W", "F", "H", "Na"):
            out.append(char)
        elif char in stand_ins:
            out.append(stand_ins[char])
        else:
            bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            out.append(bare if bare.isascii() and bare else "?")
    return "".join(out)


class PlainScrollBarRender(ScrollBarRender):
    """Scrollbars without the ▁▂▃ thumb ends (ambiguous width): for ascii mode."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


class GlyphScrollBarRender(ScrollBarRender):
    """Every scrollbar of the app in its glyph mode: drawn with spaces only in ascii mode.

    Installed once as `ScrollBar.renderer` by the app; it asks the running app for its mode, so
    a scrollbar no screen thought of (a select's list, a setup panel) is covered too."""

    @classmethod
    def render_bar(cls, *args, **kwargs):  # type: ignore[no-untyped-def]
        app = active_app.get(None)
        if getattr(app, "glyphs", None) == "ascii":
            return PlainScrollBarRender.render_bar(*args, **kwargs)
        return super().render_bar(*args, **kwargs)

