"""What every screen of the app shares: the app's language, glyph mode and translation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from textual.screen import Screen

ResultT = TypeVar("ResultT")


class AppScreen(Screen[ResultT], Generic[ResultT]):
    """A screen of familia-tui: `t(key, **params)` translates into the app's language."""

    @property
    def t(self) -> Callable[..., str]:
        return self.app.t  # type: ignore[attr-defined,no-any-return]

    @property
    def lang(self) -> str:
        return self.app.settings.lang  # type: ignore[attr-defined,no-any-return]

    @property
    def glyphs(self) -> str:
        return self.app.settings.glyphs  # type: ignore[attr-defined,no-any-return]
