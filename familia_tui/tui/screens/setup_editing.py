"""The setup screen's options being changed: the options list as the changes leave it, one
option changed through its dialog and validated with the whole set, and the changes saved as
the player's own preset (`SetupScreen` is an `OptionEditing`; the list and the dialogs are in
`setup_options.py`).

Changed options are kept as a preset file would set them (`overrides`) and validated by the
game's options model with the base preset's values beneath (`core.presets.options_with`), so the
problems read as a preset file's (their reasons in the app's language); while they stand, Start
is blocked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from rich.text import Text
from textual.widgets import OptionList, Static

from familia_tui.core.presets import (
    Overrides,
    Preset,
    PresetError,
    Problem,
    list_presets,
    option_shown,
    options_with,
    user_preset_text,
    user_presets_dir,
    with_override,
    write_user_preset,
)
from familia_tui.i18n.options import option_rows, option_value
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.screens.setup_options import (
    Edit,
    OptionDialog,
    OptionRow,
    OptionsList,
    SavePresetDialog,
    SaveRequest,
    option_form,
)


def resolved(options: BaseModel) -> BaseModel:
    """The options with every derived value written out, as records store them."""
    resolve = getattr(options, "resolved", None)
    return resolve() if resolve else options


class OptionEditing(AppScreen[None]):
    """The part of the setup screen that changes its preset's options (see the module
    docstring); the screen holds the preset, the options and the changes."""

    game_id: str
    presets: list[Preset]
    preset_errors: list[PresetError]
    preset: Preset | None
    overrides: Overrides
    options: BaseModel | None
    option_problems: list[Problem]
    leaving: bool

    async def show_setup(self) -> None:
        """The description, the options and the seat rows as they now stand (the screen's)."""
        raise NotImplementedError

    async def show_preset(self, preset: Preset) -> None:
        """Choose `preset` and show it (the screen's)."""
        raise NotImplementedError

    # ----- the options list -----

    def option_rows_data(self) -> list[tuple[tuple[str, ...], str, str]]:
        """(key path, name, value in words) of every option shown; an option changed to a value
        the options model refuses shows the value as typed."""
        if self.options is None:
            return []
        rows = []
        for key, label, value in option_rows(self.options, self.game_id, self.lang, self.glyphs):
            if self.option_problems and key in self.overrides:
                typed = self.overrides[key]
                value = ", ".join(f"{k}: {v}" for k, v in typed.items()) if isinstance(typed, dict) else \
                    option_value(self.game_id, key, typed, self.lang, self.glyphs,
                                 option_shown(type(self.options), key))
            rows.append(((key,), label, value))
        return rows

    def show_options(self) -> None:
        """The options list as the options stand, changed ones marked."""
        rows = [OptionRow(path, label, value, path[0] in self.overrides)
                for path, label, value in self.option_rows_data()]
        self.query_one("#setup-options", OptionsList).show_rows(rows, self.safe)
        hint = self.options_hint(rows)
        shown = self.query_one("#setup-options-hint", Static)
        shown.update(hint)
        shown.display = bool(hint.plain)

    def options_hint(self, rows: Sequence[OptionRow]) -> Text:
        """Beside the options' heading: the first problem with them, else what was changed."""
        if self.option_problems:
            return Text(self.t("ui.setup_err_option", text=self.safe(self.option_problems[0].render(self.lang))),
                        style="bold red")
        changed = [row.label for row in rows if row.changed]
        if not changed:
            return Text("")
        names = self.t("optval.list_separator").join(changed)
        return Text(self.safe(self.t("ui.setup_changed_options", list=names)), style="bold")

    # ----- changing one option -----

    def edit_option(self, path: tuple[str, ...]) -> None:
        """Ask for a new value of the option at `path` (a nested option: which part first)."""
        if self.preset is None or self.options is None:
            return
        changed = self.overrides.get(path[0], {}) if len(path) == 1 else {}
        form = option_form(type(self.options), resolved(self.options), path, self.game_id, self.lang,
                           self.glyphs, self.t, changed if isinstance(changed, dict) else {})

        def chosen(edit: Edit | None) -> None:
            if edit is None:
                return
            if edit.kind == "open":
                self.edit_option(edit.value)
            else:
                self.run_worker(self.change_option(path, edit), exclusive=True)

        self.app.push_screen(OptionDialog(form, self.t, self.safe), chosen)

    async def change_option(self, path: Sequence[str], edit: Edit) -> None:
        """Set (or put back) one option, validate the whole set, and show what it makes."""
        assert self.preset is not None
        self.leaving = False  # a later Esc warns again
        value: Any = edit.value if edit.kind == "set" else None
        without = with_override(self.overrides, path)
        self.overrides = with_override(self.overrides, path, value) if edit.kind == "set" else without
        options, self.option_problems = options_with(self.preset.options, self.overrides)
        if options is not None and self.overrides != without:  # the preset's own value chosen again
            same, _ = options_with(self.preset.options, without)
            if same is not None and resolved(same) == resolved(options):
                self.overrides = without
        if options is not None:
            self.options = options
        await self.show_setup()

    async def action_reset_option(self) -> None:
        """Put back the preset's value of the highlighted option."""
        path = self.query_one("#setup-options", OptionsList).highlighted_path
        if path is not None and path[0] in self.overrides:
            await self.change_option(path[:1], Edit("reset"))

    # ----- saving the options as the player's own preset -----

    def action_save_preset(self) -> None:
        """Ask a name, then save the options as a user preset that extends the chosen one."""
        if self.preset is None:
            return
        if self.option_problems:
            self.query_one("#setup-problems", Static).scroll_visible()
            self.app.bell()
            return
        folder = user_presets_dir(self.game_id)
        self.app.push_screen(SavePresetDialog(self.t, self.safe, str(folder), self.preset.title(self.lang),
                                              self.preset_taken, self.free_preset_id), self.save_preset)

    def preset_taken(self, preset_id: str) -> str | None:
        """The file or preset that saving as `preset_id` would replace, or None."""
        folder = user_presets_dir(self.game_id)
        for path in (folder / f"{preset_id}.yaml", folder / f"{preset_id}.yml"):
            if path.exists():
                return str(path)
        shipped = next((p for p in self.presets if p.id == preset_id), None)
        return str(shipped.source) if shipped is not None else None

    def free_preset_id(self) -> str:
        """`preset-1`, `preset-2`, … : the first id no preset or file has."""
        number = 1
        while self.preset_taken(f"preset-{number}") is not None:
            number += 1
        return f"preset-{number}"

    async def save_preset(self, request: SaveRequest | None) -> None:
        """Write the preset file, list the presets again and choose the new one."""
        if request is None or self.preset is None:
            return
        text = user_preset_text(self.preset, request.name, self.overrides, self.lang, request.preset_id)
        try:
            path = write_user_preset(self.game_id, request.preset_id, text, replace=request.replace)
        except OSError as error:
            self.notify(self.t("ui.save_failed_preset", reason=error), severity="error")
            return
        presets, self.preset_errors = list_presets(self.game_id)
        self.presets = sorted(presets, key=lambda p: (getattr(p.options, "players", 0), p.id))
        saved = next((p for p in self.presets if p.id == request.preset_id), None)
        menu = self.query_one("#setup-presets", OptionList)
        menu.clear_options()
        menu.add_options(self.preset_options())
        if saved is None:  # (the file did not load: its problem is listed with the others)
            error = next((e for e in self.preset_errors if e.path == path), None)
            self.notify(self.t("ui.save_failed_preset", reason=error or path), severity="error")
            return
        self.notify(self.t("ui.save_done", path=path))
        with menu.prevent(OptionList.OptionHighlighted):
            menu.highlighted = self.presets.index(saved)
        await self.show_preset(saved)
        menu.focus()  # the new preset, highlighted in the list
