"""The event log: one line per event, newest at the bottom, wrapped with kinsoku.

Rich folds a Japanese sentence anywhere, even before its 。; the log's lines break only where a
line may break (`line_breaks`): at a space, or beside a wide character unless the next line
would start with a closing mark (行頭禁則) or this one end with an opening bracket (行末禁則).
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import RichLog

NO_LINE_START = frozenset(
    "、。，．,.:;!?)]}’”・：；？！）］｝」』】〕〉》〙〗ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ…‥")
"""Characters a line may not start with (行頭禁則): closing marks, small kana, the long-vowel mark."""
NO_LINE_END = frozenset("([{‘“（［｛「『【〔〈《〘〖")
"""Characters a line may not end with (行末禁則): opening brackets."""


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def may_break(text: str, at: int) -> bool:
    """Whether a line may end before `text[at]`: at a space, or beside a wide (Japanese)
    character, unless the next line would start with a closing mark or this one end with an
    opening bracket."""
    before, after = text[at - 1], text[at]
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    return after == " " or before == " " or _wide(before) or _wide(after)


def line_breaks(text: str, width: int) -> list[int]:
    """Offsets at which to break `text` into lines of at most `width` cells: the last place a
    line may break (`may_break`) that fits, a space going with the line it ends; a run with no
    such place is cut where it must be."""
    breaks: list[int] = []
    start, size = 0, len(text)
    while cell_len(text[start:]) > width:
        end, cells = start, 0
        while end < size and cells + cell_len(text[end]) <= width:
            cells += cell_len(text[end])
            end += 1
        cut = next((at for at in range(end, start, -1) if may_break(text, at)), max(end, start + 1))
        while cut < size and text[cut] == " ":
            cut += 1
        if cut >= size:
            break
        breaks.append(cut)
        start = cut
    return breaks


class KinsokuText:
    """A line of markup that wraps at the width it is given by `line_breaks` (Rich folds a
    Japanese sentence anywhere, even before its 。)."""

    def __init__(self, markup: str) -> None:
        self.text = Text.from_markup(markup)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[Text] = []  # a space ending a line stays on it: Rich trims what overflows
        for paragraph in self.text.split("\n", allow_blank=True):
            lines += paragraph.divide(line_breaks(paragraph.plain, options.max_width))
        yield Text("\n").join(lines)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(cell_len(line) for line in self.text.plain.split("\n"))
        return Measurement(1, min(widest, options.max_width))


class EventLog(RichLog):
    """Scrolling log of what happened at the table (never says "you": hot-seat)."""

    MAX_LINES = 200

    def __init__(self, **kwargs: object) -> None:
        # min_width=1: RichLog's default (78) would not wrap lines in a narrow log
        super().__init__(markup=True, wrap=True, max_lines=self.MAX_LINES, min_width=1,
                         **kwargs)  # type: ignore[arg-type]
        # RichLog caches up to 1024 cropped lines keyed by their place since the log began, so
        # lines dropped from the top stay cached (with the strips derived from them): +2 MB
        # over a long match. Cache no more lines than the log keeps.
        self._line_cache.maxsize = self.MAX_LINES
        self._height: int | None = None
        """The height the log last had (None: not laid out yet)."""
        self._wrap_width: int | None = None
        self.entries: list[str] = []
        """The lines written, as markup: they are wrapped again when the log's width changes."""
        self.heights: list[int] = []
        """How many rows each entry took when it was written (0 while the log had no size)."""
        self._laid_out: tuple[Size, Size, Size] | None = None
        """The size, the room inside and the lines' size at the log's last scrollbar update."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """Update the scrollbars only when the log's size, its room or its lines changed.

        Textual's ScrollView compares the layout's virtual size with the log's own (they always
        differ), so every layout of the screen (a footer key coming or going) updated the log's
        scrollbars and painted them again in a frame of their own: ~20 ms of a key press."""
        shape = (size, container_size, self.virtual_size)
        if shape == self._laid_out:
            return False  # as at the last update: nothing to do, no Resize
        self._laid_out = shape
        return super()._size_updated(size, virtual_size, container_size, layout)

    def on_resize(self, _: Resize) -> None:
        """A log that showed its newest line still does after it shrinks: at the end of a hand
        the panels above it grow, often while a results screen covers the table. A wider or
        narrower log wraps its lines again, so that they use the room a larger terminal gives.
        (RichLog's own handler runs as well.)"""
        height = self.scrollable_content_region.height
        at_end = self._height is None or self.scroll_y >= self.virtual_size.height - self._height
        self._height = height
        # the widget's width, not its content's: a scrollbar coming or going changes that
        width, before = self.size.width, self._wrap_width
        self._wrap_width = width
        if before is not None and width != before:
            self.write_again()
        if at_end:
            self.scroll_end(animate=False, immediate=False)

    def write_again(self) -> None:
        """Write every line again: at a new width, or in the colours of a new theme."""
        self.clear()
        self.heights = []
        for line in self.entries:
            self._write(line)

    def add(self, lines: list[str]) -> None:
        keep = self.max_lines
        self.entries = (self.entries + lines)[-keep:] if keep is not None else self.entries + lines
        for line in lines:
            self._write(line)
        if keep is not None:
            del self.heights[:-keep]

    def _write(self, line: str) -> None:
        before = len(self.lines)
        self.write(KinsokuText(line))
        self.heights.append(len(self.lines) - before)

    def reset(self) -> None:
        """An empty log."""
        self.clear()
        self.entries, self.heights = [], []

    def keep(self, count: int) -> None:
        """Only the first `count` entries stay, the newest at the bottom (a replay stepping back).
        Their rows are kept as they were drawn; should they not be known (rows dropped from the
        top, lines still waiting for the log's size), the entries are written again."""
        if count >= len(self.entries):
            return
        self.entries = self.entries[:count]
        # The entries written before the log had a size came first, their heights unknown (0):
        # together they took the rows no known height accounts for.
        early = next((i for i, height in enumerate(self.heights) if height), len(self.heights))
        unplaced = len(self.lines) - sum(self.heights)
        if self._start_line or self._deferred_renders or count < early or unplaced < 0:
            self.write_again()
            return
        del self.heights[count:]
        del self.lines[unplaced + sum(self.heights):]
        self._line_cache.clear()  # (it holds rows by their place: new ones will be written there)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.refresh()
        self.scroll_end(animate=False, immediate=False, x_axis=False)
