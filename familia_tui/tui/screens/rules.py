"""F1: the rules of a game in the app's language, with the active preset's options listed."""

from __future__ import annotations

from pydantic import BaseModel
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, MarkdownViewer

from familia_tui.core.presets import rules_dir
from familia_tui.i18n import CATALOGUES
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


def option_label(key: str, lang: str) -> str:
    """An option's name for players (`opt.<key>` in the catalogue), or the key itself."""
    return CATALOGUES.get(lang, {}).get(f"opt.{key}", key)


def options_markdown(options: BaseModel, title: str, lang: str = "en") -> str:
    """The active options as a Markdown table."""
    rows = [f"| {option_label(key, lang)} (`{key}`) | {value} |" for key, value in option_rows(options)]
    return f"\n\n## {title}\n\n| option | value |\n|---|---|\n" + "\n".join(rows) + "\n"


def _value(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items() if v is not None)
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "—"
    return "—" if value is None else str(value)


class RulesScreen(AppScreen[None]):
    BINDINGS = [Binding("escape,q,f1", "app.pop_screen", "Back")]

    def __init__(self, game: str, options: BaseModel | None = None) -> None:
        super().__init__(classes="rules")
        self.game, self.options = game, options

    def compose(self) -> ComposeResult:
        lang = self.app.settings.lang  # type: ignore[attr-defined]
        text = rules_text(self.game, lang)
        if self.options is not None:
            text += options_markdown(self.options, self.t("ui.active_options"), self.lang)
        yield MarkdownViewer(text, show_table_of_contents=False)
        yield Footer()
