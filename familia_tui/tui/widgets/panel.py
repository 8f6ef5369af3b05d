"""The parts of a table that draw themselves from what the screen shows now.

A table screen holds one reactive `frame`: the viewer's view and how to write it (the catalogue
and the glyph mode), plus whatever else the game's table shows at the moment (a held last trick,
the previous trick). Each part of the table is a `Panel` bound to it with `data_bind`; it draws
itself when the frame changes, and the screen never pushes markup into a widget by id:

    yield SeatsPanel(id="seats").data_bind(FamiliaScreen.frame)

A game gives its own `Frame` subclass (frozen: a new frame is a new value) and its panels'
`draw()`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from textual.reactive import reactive
from textual.widgets import Static

Translate = Callable[..., str]


@dataclass(frozen=True)
class Frame:
    """What the table shows now: the viewer's view (`view(seat)` of the seat at the keyboard,
    or the public view between two humans), the viewer, and how to write it."""

    view: Any
    viewer: int | None
    t: Translate
    glyphs: str


class Panel(Static):
    """A part of the table drawn from the screen's frame by `draw()` (None: nothing yet)."""

    frame: reactive[Frame | None] = reactive(None, always_update=True, layout=True)
    """Set by the screen through `data_bind`; every new frame redraws the panel (views are
    not compared: a redraw is cheaper than comparing two views)."""

    def watch_frame(self, frame: Frame | None) -> None:
        if frame is not None:
            self.update(self.draw(frame))

    def draw(self, frame: Any) -> RenderableType:
        """The panel's content for this frame (Rich markup or a renderable)."""
        raise NotImplementedError


class Note(Static):
    """A line of text bound to one of the screen's reactive strings (the banner, the
    explanation of the choice under the cursor)."""

    text: reactive[str] = reactive("", layout=True)

    def watch_text(self, text: str) -> None:
        self.update(text)
