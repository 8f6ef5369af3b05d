"""Settings: language, how cards and suits are drawn, the bots' pace, card motion and the colour theme; applied
and saved at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Label, RadioButton, RadioSet, Static

from familia_tui.core.cards import parse_cards
from familia_tui.tui.glyphs import GLYPH_MODES, card_markup
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.settings import BOT_PACES, KEEP_FINISHED, MOTIONS, UNDO, Settings
from familia_tui.tui.widgets.footer import AppFooter

LANGUAGES = {"en": "English", "ja": "日本語"}
"""Each language named in itself."""
CHOICES = {"lang": LANGUAGES, "glyphs": GLYPH_MODES, "bot_pace": BOT_PACES, "motion": MOTIONS, "undo": UNDO,
           "keep_finished": dict.fromkeys(KEEP_FINISHED)}
"""The values of each setting, in the order the screen lists them."""
EXAMPLE_CARDS = tuple(parse_cards("10H QS AD"))
"""The cards that show what each glyph mode looks like."""


class MarkedRadio(RadioButton):
    """A radio button whose pressed state is a mark, not only a colour: ▐●▌ against ▐ ▌, and
    `(*)` against `( )` in ascii mode (▐●▌ are ambiguous-width)."""

    @property
    def _button(self) -> Content:
        ascii_mode = self.app.settings.glyphs == "ascii"  # type: ignore[attr-defined]
        self.BUTTON_LEFT, self.BUTTON_RIGHT = ("(", ")") if ascii_mode else ("▐", "▌")
        self.BUTTON_INNER = ("*" if ascii_mode else "●") if self.value else " "
        return super()._button


class SettingsScreen(AppScreen[None]):
    """The app's settings; every choice is applied with `app.change_settings` when made."""

    CSS_PATH = "setup.tcss"
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self) -> None:
        super().__init__(classes="settings")

    @property
    def settings(self) -> Settings:
        return self.app.settings

    def compose(self) -> ComposeResult:
        yield Static(self.t("ui.settings_title"), id="settings-title")
        with VerticalScroll(id="settings-body", can_focus=False):
            yield from self.row("lang", "ui.settings_language", self.language_label)
            yield from self.row("glyphs", "ui.settings_glyphs", self.glyph_label)
            yield Static(self.t("ui.settings_glyphs_note"), classes="settings-hint")
            yield from self.row("bot_pace", "ui.settings_pace", self.pace_label)
            yield from self.row("motion", "ui.settings_motion", lambda value: self.t(f"ui.settings_motion_{value}"))
            yield from self.row("undo", "ui.settings_undo", lambda value: self.t(f"ui.settings_undo_{value}"))
            yield from self.row("theme", "ui.settings_theme", str)
            yield from self.row("keep_finished", "ui.settings_keep_finished", str)
            yield Static(self.t("ui.settings_hint"), classes="settings-hint")
        yield AppFooter()

    def row(self, setting: str, label_key: str, label: Callable[[Any], str | Text]) -> ComposeResult:
        """The setting's name and one radio button per value, the current one pressed."""
        current = getattr(self.settings, setting)
        with Horizontal(classes="settings-row"):
            yield Label(self.t(label_key), classes="settings-label")
            yield RadioSet(*(MarkedRadio(label(value), value=value == current) for value in self.values(setting)),
                           id=f"settings-{setting}")

    def values(self, setting: str) -> list[Any]:
        """The values a setting may take, in the order listed: the themes are the app's (Textual's
        built-in ones), by name."""
        if setting == "theme":
            return sorted(self.app.available_themes)
        return list(CHOICES[setting])

    def language_label(self, lang: str) -> str:
        """A language by its own name (`日本語`; `Nihongo` in English in ascii mode)."""
        return self.safe(LANGUAGES[lang])

    def glyph_label(self, mode: str) -> Text:
        """`Suit symbols   10♥ Q♠ A♦`, the example drawn in that mode."""
        shown = mode != "unicode" or self.glyphs != "ascii"  # ascii mode shows no suit symbol
        example = " ".join(card_markup(card, mode) for card in EXAMPLE_CARDS) if shown else ""
        label = Text(self.t(f"ui.settings_glyphs_{mode}"))
        label.pad_right(max(1, 26 - label.cell_len))
        return label.append_text(Text.from_markup(example))

    def pace_label(self, pace: str) -> str:
        seconds = BOT_PACES[pace]
        detail = (self.t("ui.settings_pace_seconds", seconds=seconds) if seconds
                  else self.t("ui.settings_pace_none"))
        return f"{self.t(f'ui.settings_pace_{pace}')} ({detail})"

    def on_mount(self) -> None:
        self.ready()

    def ready(self) -> None:
        """Footer in the current language, each cursor on the current choice, language focused."""
        for radio_set in self.query(RadioSet):
            for _ in range(max(0, radio_set.pressed_index)):
                radio_set.action_next_button()
        self.query_one("#settings-lang", RadioSet).focus()

    async def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        event.stop()
        setting = (event.radio_set.id or "").removeprefix("settings-")
        value = self.values(setting)[event.index]
        if getattr(self.settings, setting) == value:
            return
        if setting == "theme":  # the app keeps the theme it shows in settings (`watch_theme`)
            self.app.theme = value
            return
        self.app.change_settings(self.settings.with_(**{setting: value}))
        if setting == "lang":  # every label changes: draw the screen again in the new language
            await self.recompose()
            self.ready()

    def action_back(self) -> None:
        self.dismiss()
