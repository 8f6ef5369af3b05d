"""The setup screen's options: the list of a preset's options (Enter changes one), the dialog that
changes one, and the dialog that saves the changed options as the player's own preset.

What an option may be set to comes from the game's options model (`core.presets.option_choices`,
`option_takes_text`, `option_bounds`); whether the whole set is valid is the model's to say, on
the setup screen (`core.presets.options_with`), with a preset file's messages.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.core.presets import (
    UNSET,
    nested_model,
    option_bounds,
    option_choices,
    option_field,
    option_shown,
    option_takes_text,
)
from familia_tui.i18n.options import message, option_label, option_value
from familia_tui.tui.widgets.footer import AppFooter

OPTION_NAME_WIDTH = 22
"""Cells for an option's name; longer names wrap, so that the values keep their room."""
CHANGED = "*"
"""The mark of an option changed from the preset's value (ASCII, so every glyph mode shows it)."""


@dataclass(frozen=True)
class OptionRow:
    """One line of the options list: the option's key path, its name and its value in words."""

    path: tuple[str, ...]
    label: str
    value: str
    changed: bool = False


@dataclass(frozen=True)
class Edit:
    """What the option dialog decided: set a value, go back to the preset's, or open a part of a
    nested option (Familia's match)."""

    kind: str
    """`set`, `reset` or `open`."""
    value: Any = None
    """The value to set (JSON-ready; None sets the standard value), or the part to open."""


def row_prompt(row: OptionRow, safe: Callable[[str], str]) -> Table:
    """An option as a two-column line: its name (wrapping within its column) and its value."""
    table = Table.grid(padding=(0, 2, 0, 0), expand=True)
    table.add_column(ratio=1, max_width=OPTION_NAME_WIDTH, overflow="fold", style="bold")
    table.add_column(ratio=1, overflow="fold")
    label = Text(safe(row.label))
    value = Text(safe(row.value))
    if row.changed:
        label.append(f" {CHANGED}", style="bold")
        value.stylize("bold")
    table.add_row(label, value)
    return table


class OptionsList(OptionList):
    """The options of the setup: ↑ ↓ move, Enter (or a click) changes one, Delete puts back the
    preset's value (the screen handles `OptionSelected` and `action_reset_option`)."""

    BINDINGS = [Binding("delete,backspace", "screen.reset_option", "Preset's value")]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[OptionRow] = []
        """The rows shown, as data (tests and the screen read them)."""

    def on_mount(self) -> None:
        translate = getattr(self.app, "translate_bindings", None)
        if translate is not None:  # the footer names this list's key in the app's language
            translate(self)

    def show_rows(self, rows: list[OptionRow], safe: Callable[[str], str]) -> None:
        """Show `rows`, keeping the highlighted option where it still is."""
        highlighted = self.highlighted_path
        self.rows = rows
        self.clear_options()
        self.add_options([Option(row_prompt(row, safe), id=".".join(row.path)) for row in rows])
        paths = [row.path for row in rows]
        self.highlighted = paths.index(highlighted) if highlighted in paths else (0 if rows else None)

    @property
    def highlighted_path(self) -> tuple[str, ...] | None:
        index = self.highlighted
        return self.rows[index].path if index is not None and index < len(self.rows) else None


# ----- what an option may be set to, in words -----


def dotted(path: Sequence[str]) -> str:
    return ".".join(path)


def value_words(game: str, path: Sequence[str], value: object, lang: str, glyphs: str,
                shown: str | None) -> str:
    """A value of the option at `path` in words; a part of a nested option whose words need the
    rest of the option (`{count} games`) says its own short words (`….choice`) or its value."""
    key = dotted(path)
    if value is UNSET or value is None:
        return message(f"optval.{game}.{key}.none", lang) or message("ui.edit_standard", lang) or "—"
    short = message(f"optval.{game}.{key}.{json_text(value)}.choice", lang)
    words = short or option_value(game, key, value, lang, glyphs, shown)
    return words if "{" not in words else json_text(value)


def json_text(value: object) -> str:
    """A value as a preset file writes it (`batting`, `11`, `[normal, batting]`, `null`)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(json_text(v) for v in value) + "]"
    return json.dumps(value)


def nested_rows(model: BaseModel, path: tuple[str, ...], game: str, lang: str, glyphs: str,
                changed: Mapping[str, Any]) -> list[OptionRow]:
    """The parts of a nested option (Familia's match), each with its value in words."""
    rows = []
    for key, value in model.model_dump(mode="json").items():
        sub = (*path, key)
        rows.append(OptionRow(sub, option_label(dotted(sub), lang, game),
                              value_words(game, sub, value, lang, glyphs, None), key in changed))
    return rows


@dataclass(frozen=True)
class OptionForm:
    """What the option dialog offers for one option."""

    title: str
    current: str
    """The current value in words."""
    choices: list[tuple[str, Edit]]
    """Each fixed value (or part of a nested option) with its words."""
    text: str | None
    """The current value as a preset file writes it, when the option takes typed values."""
    hints: list[str]
    seat: bool = False
    """A seat number: 1-based in the dialog, 0-based in the preset."""


def option_form(model: type[BaseModel], options: BaseModel, path: tuple[str, ...], game: str,
                lang: str, glyphs: str, t: Callable[..., str], changed: Mapping[str, Any]) -> OptionForm:
    """The dialog for the option at `path` of `options` (a resolved options model)."""
    info = option_field(model, path)
    parent = model if len(path) == 1 else nested_model(option_field(model, path[:-1]).annotation)
    shown = option_shown(parent, path[-1]) if parent is not None else None
    current: Any = options
    for part in path:
        current = getattr(current, part)
    title = option_label(dotted(path), lang, game)
    inner = nested_model(info.annotation)
    if inner is not None:
        rows = nested_rows(current, path, game, lang, glyphs, changed)
        choices = [(f"{row.label}: {row.value}" + (f" {CHANGED}" if row.changed else ""),
                    Edit("open", row.path)) for row in rows]
        return OptionForm(title, "", choices, None, [t("ui.edit_open")])
    dumped = current.model_dump(mode="json") if isinstance(current, BaseModel) else \
        json.loads(json.dumps(current, default=list))
    words = value_words(game, path, dumped, lang, glyphs, shown)
    choices = [(value_words(game, path, value, lang, glyphs, shown), Edit("set", None if value is UNSET else value))
                for value in option_choices(info.annotation)]
    seat = shown == "seat"
    text = None
    hints = [t("ui.edit_choose")] if choices else []
    if option_takes_text(info.annotation):
        text = "" if dumped is None else str(dumped + 1) if seat and isinstance(dumped, int) else json_text(dumped)
        hints.append(t("ui.edit_type_or") if choices else t("ui.edit_type"))
        low, high = option_bounds(info)
        if seat:
            hints.append(t("ui.edit_seat"))
        elif low is not None and high is not None:
            hints.append(t("ui.edit_range", low=low, high=high))
        elif low is not None:
            hints.append(t("ui.edit_min", low=low))
        hints.append(t("ui.edit_yaml"))
    return OptionForm(title, words, choices, text, hints, seat)


def parse_typed(text: str, seat: bool) -> Any:
    """A typed value as a preset file would read it (YAML); a seat counts from 1 on screen.

    Raises:
        yaml.YAMLError: not a value.
    """
    value = yaml.safe_load(text) if text.strip() else None
    if seat and isinstance(value, int) and not isinstance(value, bool):
        return value - 1
    return value


# ----- the dialogs -----


class OptionDialog(ModalScreen[Edit | None]):
    """Change one option: pick one of its values, or type one, or put back the preset's value;
    Escape leaves it as it is."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, form: OptionForm, t: Callable[..., str], safe: Callable[[str], str]) -> None:
        super().__init__(classes="option-dialog")
        self.form = form
        self.t = t
        self.safe = safe

    def compose(self) -> ComposeResult:
        form, t, safe = self.form, self.t, self.safe
        with Vertical(id="option-box"):
            title = Text(safe(form.title), style="bold")
            if form.current:
                title.append("\n" + safe(t("ui.edit_current", value=form.current)))
            yield Static(title, id="option-title")
            yield Static(safe(" ".join(form.hints)), id="option-hints")
            if form.choices:
                yield OptionList(*[Option(Text(safe(label)), id=f"choice-{i}")
                                   for i, (label, _) in enumerate(form.choices)], id="option-choices")
            if form.text is not None:
                yield Input(form.text, id="option-text", compact=True)
            yield Static(id="option-error")
            with Horizontal(id="option-buttons"):
                if form.current:
                    yield Button(safe(t("ui.edit_reset")), id="option-reset", compact=True)
                yield Button(safe(t("ui.edit_cancel")), id="option-cancel", compact=True)
        yield AppFooter(show_command_palette=False)

    def on_mount(self) -> None:
        choices = self.query("#option-choices").results(OptionList)
        menu = next(choices, None)
        if menu is not None:
            labels = [label for label, _ in self.form.choices]
            menu.highlighted = labels.index(self.form.current) if self.form.current in labels else 0
            menu.focus()
        else:
            self.query_one("#option-text", Input).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.form.choices[event.option_index][1])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            value = parse_typed(event.value, self.form.seat)
        except yaml.YAMLError as error:
            reason = str(getattr(error, "problem", None) or error)
            self.query_one("#option-error", Static).update(self.safe(self.t("ui.edit_bad_value", reason=reason)))
            return
        self.dismiss(Edit("set", value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(Edit("reset") if event.button.id == "option-reset" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True)
class SaveRequest:
    """Save the options as the preset `preset_id` (replacing its file when `replace`)."""

    name: str
    preset_id: str
    replace: bool


class SavePresetDialog(ModalScreen[SaveRequest | None]):
    """Ask a name for the player's own preset; a name whose file exists is replaced only when
    Enter is pressed a second time for it."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, t: Callable[..., str], safe: Callable[[str], str], folder: str,
                 base: str, taken: Callable[[str], str | None], free_id: Callable[[], str]) -> None:
        super().__init__(classes="save-preset")
        self.t = t
        self.safe = safe
        self.folder = folder
        self.base = base
        self.taken = taken
        """The file (or preset) that a preset id would replace, or None."""
        self.free_id = free_id
        """An unused id for a name with no ASCII letters (`preset-2`)."""
        self.confirming: str | None = None

    def compose(self) -> ComposeResult:
        t, safe = self.t, self.safe
        with Vertical(id="save-box"):
            yield Static(Text(safe(t("ui.save_title")), style="bold"), id="save-title")
            yield Static(safe(t("ui.save_hint", name=self.base, folder=self.folder)), id="save-hint")
            yield Input(placeholder=safe(t("ui.save_name")), id="save-name", compact=True)
            yield Static(id="save-message")
            with Horizontal(id="save-buttons"):
                yield Button(safe(t("ui.save_button")), id="save-ok", variant="primary", compact=True)
                yield Button(safe(t("ui.edit_cancel")), id="save-cancel", compact=True)
        yield AppFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#save-name", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.confirming = None
        self.query_one("#save-message", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save-ok":
            self.submit()
        else:
            self.dismiss(None)

    def submit(self) -> None:
        from familia_tui.core.presets import user_preset_id

        name = self.query_one("#save-name", Input).value.strip()
        shown = self.query_one("#save-message", Static)
        if not name:
            shown.update(self.safe(self.t("ui.save_empty")))
            return
        preset_id = user_preset_id(name) or self.free_id()
        where = self.taken(preset_id)
        if where is not None and self.confirming != preset_id:
            self.confirming = preset_id
            shown.update(self.safe(self.t("ui.save_exists", name=preset_id, path=where)))
            return
        self.dismiss(SaveRequest(name, preset_id, where is not None))

    def action_cancel(self) -> None:
        self.dismiss(None)
