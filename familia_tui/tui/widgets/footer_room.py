"""How much room the footer's keys take, and which spare keys still fit beside the keys that
work now.

A table's footer must show every key that does something now, at 80 columns too; a few keys are
spare (undo, a game's previous trick or session keys): shown when they do something and the
footer has room for them, in their order of priority. Textual's footer draws ` key description `
per key, or `key description` and a space when compact (below 100 columns), and the command
palette's key docked right with a border (at 80 columns too: it covers what runs under it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len

COMPACT_BELOW = 100
"""The footer is compact below this many columns."""


def footer_cells(keys: Iterable[tuple[str, str]], compact: bool) -> int:
    """Cells the footer takes for these (key, description) pairs."""
    return sum(cell_len(key) + cell_len(text) + (2 if compact else 3) for key, text in keys)


def spare_that_fit(used: int, spare: Sequence[tuple[str, int]], width: int) -> tuple[str, ...]:
    """Of the spare keys (action, cells) in their order of priority, those that fit beside
    `used` cells, each taken when it still fits.

    >>> spare_that_fit(60, [("undo", 8), ("previous", 15), ("session", 10)], 80)
    ('undo', 'session')
    """
    shown = []
    for action, cells in spare:
        if used + cells <= width:
            shown.append(action)
            used += cells
    return tuple(shown)


def spare_keys(working: Iterable[tuple[str, str]], spare: Iterable[tuple[str, str, str]], width: int,
               palette: str | None) -> tuple[str, ...]:
    """The spare keys ((action, key, description), by priority) that fit in a footer `width`
    cells wide beside the working keys ((key, description)); `palette`: the command palette's
    description when its key is shown."""
    compact = width < COMPACT_BELOW
    room = footer_cells([("^p", palette)], False) + 2 if palette is not None else 0  # docked right
    used = room + footer_cells(working, compact)
    return spare_that_fit(used, [(action, footer_cells([(key, text)], compact)) for action, key, text in spare],
                          width)
