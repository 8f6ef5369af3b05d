"""The terminal app (Textual). Everything that imports Textual lives under this package."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any


def run_app(record: Any = None, lang: str | None = None, glyphs: str | None = None) -> int:
    """Open the app at home, or at the table for `record`."""
    from familia_tui.core.record import autosave_path, save_record

    if record is not None:
        path = save_record(record, autosave_path())
        print(f"familia-tui: the game was set up and saved to {path}.", file=sys.stderr)
    print("familia-tui: the terminal app arrives with the next release; meanwhile use "
          "'familia-tui simulate', 'check' and 'presets'.", file=sys.stderr)
    return 3


def make_screenshots(out: Path) -> int:
    """Regenerate the SVG screenshots (comes with the app)."""
    print("familia-tui: screenshots come with the terminal app.", file=sys.stderr)
    return 3
