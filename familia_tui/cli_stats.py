"""`familia-tui stats [GAME] [--json]`: statistics of the finished games in the save folder, as
text tables or one JSON object (no Textual import). The folder is only read: a file that cannot
be read is skipped with a note and left untouched."""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Sequence

from familia_tui.core.record import data_dir
from familia_tui.core.stats import (
    Statistics,
    Table,
    collect,
    figure_label,
    places_text,
    skipped_text,
    table_title,
    who_label,
)
from familia_tui.i18n import default_lang, translate


def run_stats(game: str | None, as_json: bool, lang: str | None) -> int:
    """Print the statistics; returns the exit status (0, also when there is nothing to count)."""
    lang = lang or default_lang()
    stats = collect(data_dir() / "games", game)
    for skipped in stats.skipped:
        print(f"familia-tui: {skipped_text(skipped, lang)}", file=sys.stderr)
    if as_json:
        print(json.dumps(stats.to_data(), ensure_ascii=False))
        return 0
    print("\n".join(stats_lines(stats, lang)))
    return 0


def stats_lines(stats: Statistics, lang: str) -> list[str]:
    """The whole report: a heading, then each game and preset's tables."""
    if not stats.tables:
        return [translate("stats.empty", lang, folder=stats.folder)]
    lines = [translate("stats.heading", lang, count=stats.games, folder=stats.folder)]
    if stats.unfinished:
        lines.append(translate("stats.unfinished", lang, count=stats.unfinished))
    for table in stats.tables:
        lines += ["", table_title(table, lang), *table_lines(table, lang)]
    return lines


def table_lines(table: Table, lang: str) -> list[str]:
    """The players' table, then the game's figures with one column per player."""
    rows = table.rows
    head = [translate(f"stats.col.{name}", lang) for name in ("who", "games", "wins", "places", "mean")]
    body = [[who_label(line.who, lang), str(line.games), str(line.wins), places_text(line, lang),
             f"{line.mean_score:g}"] for line in rows]
    lines = grid([head, *body])
    if table.figures:
        totals = table.totals()
        head = [translate("stats.col.figure", lang), *(who_label(line.who, lang) for line in rows),
                translate("stats.col.total", lang)]
        body = [[figure_label(table.game, name, lang), *(str(line.figures[name]) for line in rows),
                 str(totals[name])] for name in table.figures]
        lines += ["", *grid([head, *body])]
    return lines


def grid(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as aligned columns: the first column to the left, the others to the right (wide
    characters count two cells)."""
    widths = [max(width(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell + " " * (widths[0] - width(cell)) if column == 0 else
                 " " * (widths[column] - width(cell)) + cell for column, cell in enumerate(row)]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def width(text: str) -> int:
    """Terminal cells of `text`: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)
