"""How much room the footer's keys take, which spare keys still fit beside the keys that work
now, and whether the command palette's key does.

A table's footer must show every key that does something now, at 80 columns too; a few keys are
spare (undo, the hint, a game's previous trick or session keys, keys the banner names): shown
when they do something and the footer has room for them, in their order of priority. The room is
counted as Textual 8.2 draws the footer (`Footer`, `FooterKey`, checked against the drawn keys'
regions by tests/tui/test_footer_at_80.py):

- a key is ` key description ` (its key padded), or, compact, `key description` with one cell
  between two keys; a key without a description is its key alone;
- the command palette's key is docked right, over whatever runs under it, and takes its key, its
  description and three cells (its border and padding, or margin) in either style.

The keys that work come first. The palette's key keeps its place only when they fit beside it;
otherwise it gives way (ctrl+p still opens the palette). The spare keys take the room left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len

COMPACT_BELOW = 100
"""A table's footer is compact below this many columns."""


def key_cells(key: str, text: str, compact: bool) -> int:
    """Cells one key takes on the footer line, without the gap after it (compact)."""
    if not text:
        return cell_len(key)
    return cell_len(key) + cell_len(text) + (1 if compact else 3)


def line_cells(keys: Iterable[tuple[str, str]], compact: bool) -> int:
    """Cells from the footer's left edge to the right edge of the last of these (key,
    description) pairs."""
    cells = [key_cells(key, text, compact) for key, text in keys]
    return sum(cells) + (len(cells) - 1 if compact and cells else 0)


def palette_cells(key: str, text: str) -> int:
    """Cells the command palette's key takes at the footer's right end."""
    return cell_len(key) + cell_len(text) + 3


def fitting(working: Sequence[tuple[str, str]], spare: Sequence[tuple[str, str, str]], width: int,
            compact: bool, palette: tuple[str, str] | None) -> tuple[bool, tuple[str, ...]]:
    """Whether the palette's key (key, description; None: not shown) keeps its place beside the
    working keys ((key, description)) in a footer `width` cells wide, and which spare keys
    ((action, key, description), by priority) fit beside them too, each taken when it still fits.

    >>> fitting([("/", "Find"), ("q", "Save & quit")], [("undo", "^z", "Undo"), ("hint", "h", "Hint")],
    ...         40, True, ("^p", "palette"))
    (True, ('undo',))
    >>> fitting([("/", "Find")] * 8, [("hint", "h", "Hint")], 62, True, ("^p", "palette"))
    (False, ('hint',))
    """
    gap = 1 if compact else 0
    used = line_cells(working, compact)
    room = width - palette_cells(*palette) if palette is not None else width
    keeps_palette = palette is not None and used <= room
    if not keeps_palette:
        room = width
    shown = []
    for action, key, text in spare:
        cells = key_cells(key, text, compact) + (gap if used else 0)
        if used + cells <= room:
            shown.append(action)
            used += cells
    return keeps_palette, tuple(shown)
