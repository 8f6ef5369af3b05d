"""F1: the rules of a game in the app's language, with the active preset's options listed.

From a table or the setup screen F1 shows that game's rules; from home, every playable game's
rules in one tab each (← → or a click switches).

A rulebook is drawn as one Rich Markdown renderable in a scrolling Static, not with Textual's
Markdown widget: that widget mounts a widget per paragraph, list item and table cell (several
hundred for one rulebook) and took seconds to open; one renderable takes a few hundredths. The
parsed and drawn document is kept, so F1 opens the same rules again at once, and a tab's
rulebook is put in only when the tab is first shown.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel
from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import ListItem, Markdown, TableElement
from rich.segment import Segment
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static, TabbedContent, TabPane

from familia_tui.core.presets import rules_dir
from familia_tui.i18n import translate
from familia_tui.i18n.options import option_label, option_rows
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.widgets.footer import AppFooter

__all__ = ["RulesScreen", "option_label", "option_rows", "options_markdown", "rules_document", "rules_text"]


def rules_text(game: str, lang: str) -> str:
    """`rules/<game>/rules.<lang>.md`, falling back to English (read each time: a player may
    edit the rulebook while the app runs; parsing and drawing are what `rules_document` keeps)."""
    folder = rules_dir(game)
    for name in (f"rules.{lang}.md", "rules.en.md"):
        path = folder / name
        if path.exists():
            return path.read_text(encoding="utf-8")
    return f"# {game}\n\n(no rules text found in {folder})"


def options_markdown(options: BaseModel, title: str, lang: str, game: str,
                     glyphs: str = "letters") -> str:
    """The active options as a Markdown table: each under its name, its value in words. The
    keys preset files use are one command away, and said so under the table."""
    head = f"| {translate('ui.setup_col_option', lang)} | {translate('ui.setup_col_value', lang)} |"
    rows = [f"| {label} | {value} |" for _, label, value in option_rows(options, game, lang, glyphs)]
    note = translate("ui.rules_preset_keys", lang, game=game)
    return f"\n\n## {title}\n\n{head}\n|---|---|\n" + "\n".join(rows) + f"\n\n*{note}*\n"


class _FoldingTable(TableElement):
    """A Markdown table whose cells wrap, Japanese included, instead of ending in `…`."""

    box = box.SIMPLE

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for table in super().__rich_console__(console, options):
            if isinstance(table, Table):
                table.box = self.box
                for column in table.columns:
                    column.overflow = "fold"
            yield table


class _AsciiTable(_FoldingTable):
    """A folding Markdown table drawn with ASCII lines."""

    box = box.ASCII2


class _AsciiItem(ListItem):
    """A list item with a `-` bullet (• is ambiguous-width in Japanese terminals)."""

    def render_bullet(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in super().render_bullet(console, options):
            yield Segment(" - ", segment.style) if segment.text == " • " else segment


class RulesMarkdown(Markdown):
    """Markdown whose tables wrap their cells."""

    elements = {**Markdown.elements, "table_open": _FoldingTable}


class AsciiMarkdown(Markdown):
    """Markdown whose tables and bullets use ASCII characters only."""

    elements = {**Markdown.elements, "table_open": _AsciiTable, "list_item_open": _AsciiItem}


class DrawnOnce:
    """A renderable drawn once per width and then replayed: Textual draws a Static to measure its
    height and again to show it, and a rulebook takes a tenth of a second each time."""

    def __init__(self, renderable: Markdown) -> None:
        self.renderable = renderable
        self.lines: dict[int, list[list[Segment]]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.lines.get(options.max_width)
        if lines is None:
            lines = console.render_lines(self.renderable, options.update(height=None), pad=False)
            self.lines[options.max_width] = lines
        for line in lines:
            yield from line
            yield Segment.line()


@lru_cache(maxsize=16)
def rules_document(text: str, ascii_only: bool = False) -> DrawnOnce:
    """The rulebook, parsed once and drawn once per width (F1 opens it again at once)."""
    return DrawnOnce((AsciiMarkdown if ascii_only else RulesMarkdown)(text, hyperlinks=False))


class RulesScreen(AppScreen[None]):
    """A game's rulebook (and the options in play), or every game's in tabs."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    RulesScreen .rules-doc { scrollbar-gutter: stable; }  /* one width: the rulebook is drawn once */
    RulesScreen .rules-text { padding: 0 1; }
    RulesScreen.-ascii Underline { display: none; }  /* the tabs' ━ line */
    """
    BINDINGS = [
        Binding("escape,q,f1", "app.pop_screen", "Back"),
        Binding("up", "scroll('up')", show=False),
        Binding("down", "scroll('down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
        Binding("pagedown,space", "scroll('page_down')", show=False),
        Binding("home", "scroll('home')", show=False),
        Binding("end", "scroll('end')", show=False),
    ]

    def __init__(self, game: str, options: BaseModel | None = None,
                 games: tuple[str, ...] = (), rulings: tuple[str, ...] = ()) -> None:
        """`game`'s rules (with `options` listed); with `games`, one tab per game, `game` first
        shown; with `rulings` (a practice puzzle's), opened at the first of them the rulebook cites."""
        super().__init__(classes="rules")
        self.game, self.options, self.games, self.rulings = game, options, games, rulings
        self.drawn: DrawnOnce | None = None

    def compose(self) -> ComposeResult:
        if len(self.games) > 1:  # a tab's rulebook is put in when the tab is first shown
            with TabbedContent(initial=f"rules-{self.game}"):
                for game in self.games:
                    yield TabPane(self.t(f"game.{game}"), id=f"rules-{game}")
        else:
            text = rules_text(self.game, self.lang)
            if self.options is not None:
                text += options_markdown(self.options, self.t("ui.active_options"), self.lang, self.game,
                                         self.glyphs)
            yield self.document(text)
        yield AppFooter()

    def document(self, text: str) -> VerticalScroll:
        ascii_only = self.glyphs == "ascii"
        self.drawn = rules_document(self.safe(text), ascii_only)
        return VerticalScroll(Static(self.drawn, classes="rules-text"), classes="rules-doc")

    async def on_mount(self) -> None:
        if len(self.games) > 1:
            await self.fill(self.query_one(TabbedContent).active_pane)
        elif self.rulings:
            self.call_after_refresh(self.show_ruling)

    def show_ruling(self) -> None:
        """Scroll to the first line that cites one of `rulings` (`[R-F11]`), in their order."""
        document, drawn = self.shown_document(), self.drawn
        if document is None or drawn is None or not drawn.lines:
            return
        width = document.query_one(Static).content_region.width
        lines = drawn.lines.get(width) or next(iter(drawn.lines.values()))
        texts = ["".join(segment.text for segment in line) for line in lines]
        for ruling in self.rulings:
            found = next((i for i, text in enumerate(texts) if f"[{ruling}]" in text), None)
            if found is not None:
                document.scroll_to(y=max(found - 1, 0), animate=False)
                return

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        await self.fill(event.pane)

    async def fill(self, pane: TabPane | None) -> None:
        """Put a game's rulebook in its tab, once."""
        if pane is not None and pane.id and not pane.children:
            await pane.mount(self.document(rules_text(pane.id.removeprefix("rules-"), self.lang)))

    def shown_document(self) -> VerticalScroll | None:
        """The rulebook on show (the active tab's)."""
        tabs = self.query(TabbedContent)
        pane = tabs.first().active_pane if tabs else self
        return next(iter(pane.query(".rules-doc").results(VerticalScroll)), None) if pane else None

    def action_scroll(self, where: str) -> None:
        document = self.shown_document()
        if document is not None:
            getattr(document, f"scroll_{where}")(animate=False)
