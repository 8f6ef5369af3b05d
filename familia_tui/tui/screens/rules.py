"""F1: the rules of a game in the app's language, with the active preset's options listed.

From a table or the setup screen F1 shows that game's rules; from home, every playable game's
rules in one tab each (← → or a click switches).
"""

from __future__ import annotations

from pydantic import BaseModel
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, MarkdownViewer, TabbedContent, TabPane

from familia_tui.core.presets import rules_dir
from familia_tui.i18n import CATALOGUES, translate
from familia_tui.tui.screens.base import AppScreen


def rules_text(game: str, lang: str) -> str:
    """`rules/<game>/rules.<lang>.md`, falling back to English."""
    folder = rules_dir(game)
    for name in (f"rules.{lang}.md", "rules.en.md"):
        path = folder / name
        if path.exists():
            return path.read_text(encoding="utf-8")
    return f"# {game}\n\n(no rules text found in {folder})"


def option_rows(options: BaseModel) -> list[tuple[str, str]]:
    """(option, value) for every resolved option (the seat table is shown elsewhere)."""
    resolve = getattr(options, "resolved", None)
    data = (resolve() if resolve else options).model_dump(mode="json")
    return [(key, _value(value)) for key, value in data.items() if key != "table"]


def option_label(key: str, lang: str, game: str = "familia") -> str:
    """The name players read for a game's option (Familia's unless `game` says otherwise):
    `opt.<game>.<key>` in `lang`, else in English, else the key itself (every game's message
    module names all its options; tests/tui/test_option_labels.py checks it)."""
    message = f"opt.{game}.{key}"
    return CATALOGUES.get(lang, {}).get(message) or CATALOGUES["en"].get(message) or key


def options_markdown(options: BaseModel, title: str, lang: str = "en", game: str = "familia") -> str:
    """The active options as a Markdown table, each under its name and its key."""
    head = f"| {translate('ui.setup_col_option', lang)} | {translate('ui.setup_col_value', lang)} |"
    rows = [f"| {option_label(key, lang, game)} (`{key}`) | {value} |"
            for key, value in option_rows(options)]
    return f"\n\n## {title}\n\n{head}\n|---|---|\n" + "\n".join(rows) + "\n"


def _value(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items() if v is not None)
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "—"
    return "—" if value is None else str(value)


class RulesScreen(AppScreen[None]):
    BINDINGS = [Binding("escape,q,f1", "app.pop_screen", "Back")]

    def __init__(self, game: str, options: BaseModel | None = None,
                 games: tuple[str, ...] = ()) -> None:
        """`game`'s rules (with `options` listed); with `games`, one tab per game, `game` first shown."""
        super().__init__(classes="rules")
        self.game, self.options, self.games = game, options, games

    def compose(self) -> ComposeResult:
        if len(self.games) > 1:
            with TabbedContent(initial=f"rules-{self.game}"):
                for game in self.games:
                    with TabPane(translate(f"game.{game}", self.lang), id=f"rules-{game}"):
                        yield MarkdownViewer(rules_text(game, self.lang), show_table_of_contents=False)
        else:
            text = rules_text(self.game, self.lang)
            if self.options is not None:
                text += options_markdown(self.options, self.t("ui.active_options"), self.lang, self.game)
            yield MarkdownViewer(text, show_table_of_contents=False)
        yield Footer()
