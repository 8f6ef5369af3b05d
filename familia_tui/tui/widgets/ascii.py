"""Ascii glyph mode: text and scrollbars with no character of ambiguous width."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from textual.scrollbar import ScrollBarRender
from textual.widget import Widget


def ascii_safe(text: str, stand_ins: Mapping[str, str]) -> str:
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


def plain_scrollbars(*widgets: Widget) -> None:
    """Give these widgets scrollbars drawn with spaces only."""
    for widget in widgets:
        widget.vertical_scrollbar.renderer = PlainScrollBarRender
        widget.horizontal_scrollbar.renderer = PlainScrollBarRender
