"""What every screen of the app shares: the app's language, glyph mode and translation."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from textual._styles_cache import StylesCache
from textual.screen import Screen

if TYPE_CHECKING:
    from textual import getters

    from familia_tui.tui.app import FamiliaTuiApp

ResultT = TypeVar("ResultT")


class AppScreen(Screen[ResultT], Generic[ResultT]):
    """A screen of familia-tui: `t(key, **params)` translates into the app's language, and
    `safe(text)` passes any other text (names, rulebooks, presets' titles) through the same
    pipeline of the glyph mode."""

    if TYPE_CHECKING:  # every AppScreen runs in the familia-tui app (Textual's typed getter;
        # at run time Textual's own property answers, and base.py need not import the app)
        app = getters.app(FamiliaTuiApp)

    @property
    def t(self) -> Callable[..., str]:
        return self.app.t

    def safe(self, text: str) -> str:
        """Text (or markup) in the app's glyph mode and language (`glyphs.glyph_safe`): in ascii
        mode nothing of ambiguous width, and in English the games' terms in romaji."""
        return self.app.safe(text)  # type: ignore[attr-defined,no-any-return]

    @property
    def lang(self) -> str:
        return self.app.settings.lang

    @property
    def glyphs(self) -> str:
        return self.app.settings.glyphs

    def on_unmount(self) -> None:
        """Let go of the rendered lines of this screen's widgets. Textual memoizes
        `StylesCache.get_inner_outer` per widget (lru_cache, 1024 entries), which keeps the
        render cache of removed widgets alive: a results screen a deal kept its text, +1 MB over
        a long match. Forgetting the memo when a screen goes costs a few Style objects."""
        StylesCache.get_inner_outer.cache_clear()
