"""The terminal app (Textual). Everything that imports Textual lives under this package."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def run_app(record: Any = None, lang: str | None = None, glyphs: str | None = None,
            record_path: Path | None = None, replay: Any = None, learn: str | None = None) -> int:
    """Open the app at home, or at the table for `record` (a saved game when `record_path`
    names its file), or at the replay of the record `replay`, or at the guided first game of the
    game `learn`. The exit status is non-zero when the app crashed."""
    from familia_tui.tui.app import FamiliaTuiApp

    app = FamiliaTuiApp(record, lang=lang, glyphs=glyphs, record_path=record_path, replay=replay)
    app.start_learn = learn
    app.run()
    return app.return_code or 0


def make_screenshots(out: Path, force: bool = False) -> int:
    """Regenerate the SVG screenshots in `out` (replacing files there only with `force`)."""
    from familia_tui.tui.scenes import make_screenshots as make

    return make(out, force)
