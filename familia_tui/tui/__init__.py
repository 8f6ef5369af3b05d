"""The terminal app (Textual). Everything that imports Textual lives under this package."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def run_app(record: Any = None, lang: str | None = None, glyphs: str | None = None) -> int:
    """Open the app at home, or at the table for `record`."""
    from familia_tui.tui.app import FamiliaTuiApp

    FamiliaTuiApp(record, lang=lang, glyphs=glyphs).run()
    return 0


def make_screenshots(out: Path, force: bool = False) -> int:
    """Regenerate the SVG screenshots in `out` (replacing files there only with `force`)."""
    from familia_tui.tui.scenes import make_screenshots as make

    return make(out, force)
