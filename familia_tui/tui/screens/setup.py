"""New game: choose a preset (every resolved option shown), change its options, edit the seats,
pick a seed, start; save changed options as the player's own preset.

Changing the options is `setup_editing.py`'s (the screen is an `OptionEditing`): while the
changed options make an invalid set, Start is blocked. The table starts with the changed
options: its record keeps the base preset's id and the options as played (so a record whose
options differ from its preset's was changed at the setup).

The problems area lists everything that stops a game from starting (an empty, long or repeated
name, a seed that is not a whole number, the engine's own refusal) and, as notes that do not
block, the game's seating rules that the table breaks (`GameSpec.table_problems`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.core.engine import (
    GameSpec,
    Seat,
    SeatField,
    SeatProblem,
    team_field_notes,
)
from familia_tui.core.presets import (
    Overrides,
    Preset,
    Problem,
    list_presets,
    options_with,
)
from familia_tui.core.record import Record
from familia_tui.core.registry import get_game
from familia_tui.i18n import translate
from familia_tui.tui.glyphs import suit_text
from familia_tui.tui.screens.setup_editing import OptionEditing, resolved
from familia_tui.tui.screens.setup_options import OptionsList
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.seats import (
    Columns,
    Cycle,
    SeatRow,
    SeatValues,
    field_column,
)

NAME_LIMIT = 24
"""The longest seat name (`Seat.name`'s max_length)."""


# ----- checking a setup (no widgets involved) -----


@dataclass
class SetupCheck:
    """The outcome of checking a setup: the seats it makes and what is wrong with it."""

    seats: list[Seat] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """Problems that stop the game from starting."""
    warnings: list[str] = field(default_factory=list)
    """Seating rules the table breaks; advisory (any composition may be played)."""


def check_setup(spec: GameSpec, options: BaseModel, rows: Sequence[SeatValues], seed: int,
                lang: str) -> SetupCheck:
    """Check the seats the rows describe: names, seat values, the engine's checks, seating rules."""
    def tr(key: str, **params: object) -> str:
        return translate(key, lang, **params)

    check = SetupCheck()
    names = [(row.get("name") or "").strip() for row in rows]
    for number, name in enumerate(names, start=1):
        if not name:
            check.errors.append(tr("ui.setup_err_empty_name", seat=number))
        elif len(name) > NAME_LIMIT:
            check.errors.append(tr("ui.setup_err_long_name", seat=number, name=name, limit=NAME_LIMIT))
    for name in dict.fromkeys(n for n in names if n and names.count(n) > 1):
        seats = ", ".join(str(i) for i, n in enumerate(names, start=1) if n == name)
        check.errors.append(tr("ui.setup_err_same_name", name=name, seats=seats))
    check.errors += [SeatProblem(index, field.missing, field.name, label=field.label).text(lang)
                     for index, row in enumerate(rows) for field in spec.seat_fields
                     if field.required and field.used(options) and not row.get(field.name)]
    if check.errors:
        return check
    for number, row in enumerate(rows, start=1):
        data = {**row, "name": names[number - 1], "team": (row.get("team") or "").strip() or None}
        try:
            check.seats.append(spec.seat_from_data({k: v for k, v in data.items() if v is not None}))
        except ValidationError as error:
            reason = "; ".join(e["msg"] for e in error.errors())
            check.errors.append(tr("ui.setup_err_seat", seat=number, reason=reason))
    if not check.errors:
        check.errors += [problem.text(lang) for problem in spec.seat_problems(options, check.seats)]
    if not check.errors:
        try:
            spec.new_game(options, list(check.seats), seed=seed)
        except ValueError as error:
            check.errors.append(tr("ui.setup_err_engine", reason=error))
    check.warnings = [problem.text(lang) for problem in spec.table_problems(check.seats)]
    check.warnings += [note.text(lang) for note in team_field_notes(spec.seat_fields, options, check.seats)]
    if check.seats and all(not seat.is_human for seat in check.seats):
        check.warnings.append(tr("ui.setup_warn_no_human"))
    return check


def parse_seed(text: str) -> tuple[int | None, bool]:
    """(seed, ok): an empty field means a fresh random seed (None)."""
    text = text.strip()
    if not text:
        return None, True
    try:
        return int(text), True
    except ValueError:
        return None, False


# ----- widgets -----


class SetupScreen(OptionEditing):
    """Home → setup → the table."""

    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("f2", "save_preset", "Save as preset"),
        Binding("enter", "start", "Start", show=False),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__(classes="setup")
        self.game_id = game_id
        self.spec: GameSpec = get_game(game_id)
        presets, self.preset_errors = list_presets(game_id)
        self.presets = sorted(presets, key=lambda p: (getattr(p.options, "players", 0), p.id))
        default = next((p for p in self.presets if p.id == self.spec.default_preset), None)
        self.preset: Preset | None = default or (self.presets[0] if self.presets else None)
        self.overrides: Overrides = {}
        """The options changed from the preset's, as a preset file would set them."""
        self.kept: dict[str, Overrides] = {}
        """Each other preset's changed options, kept while the setup is open (moving through
        the presets loses no change)."""
        self.leaving = False
        """Esc was pressed once with changed options (the second leaves without them)."""
        self.options: BaseModel | None = self.preset.options if self.preset else None
        """The options the table would start with: the preset's with the changes, or (while the
        changes make an invalid set) the last valid ones."""
        self.option_problems: list[Problem] = []
        """What the options model says is wrong with the changed options (blocks Start)."""
        self.problems_pending = False
        self.problems_text: Text | None = None

    @property
    def rules_options(self) -> BaseModel | None:
        """F1 shows the rules with the options as they stand (the chosen preset's, changed)."""
        return self.options

    # ----- layout -----

    def compose(self) -> ComposeResult:
        game = translate(f"game.{self.game_id}", self.lang)
        preset = self.preset
        yield Static(self.t("ui.setup_title", game=game), id="setup-title")
        with VerticalScroll(id="setup-body", can_focus=False):
            with Horizontal(id="setup-top"):
                with Vertical(id="setup-preset-column"):
                    yield Label(self.t("ui.setup_presets"), classes="setup-heading")
                    yield OptionList(*self.preset_options(), id="setup-presets")
                with Vertical(id="setup-details"):
                    yield Static(self.description(preset), id="setup-description")
                    yield Label(self.t("ui.setup_options_edit"), classes="setup-heading")
                    yield Static(classes="setup-hint", id="setup-options-hint")
                    yield OptionsList(id="setup-options")
            if self.preset_errors:
                yield Static(self.preset_error_text(), id="setup-preset-errors")
            with Horizontal(id="setup-seats-title"):
                yield Label(self.t("ui.setup_seats"), classes="setup-heading")
                yield Static(self.seats_hint(), classes="setup-hint", id="setup-seats-hint")
            header, rows = self.seat_widgets(*self.planned_seats(preset.options, [])) if preset else ([], [])
            yield Horizontal(*header, id="setup-seat-header")
            yield Vertical(*rows, id="setup-seats")
            with Horizontal(id="setup-seed-row"):
                yield Label(self.t("ui.setup_seed"), id="setup-seed-label")
                yield Input(placeholder=self.t("ui.setup_seed_random"), type="integer", compact=True,
                            id="setup-seed")
                yield Static(self.t("ui.setup_seed_hint"), classes="setup-hint", id="setup-seed-hint")
                yield Button(self.t("ui.setup_save"), id="setup-save", disabled=preset is None)
                yield Button(self.t("ui.setup_start"), id="setup-start", variant="primary",
                             disabled=preset is None)
            yield Static(id="setup-problems")
        yield AppFooter()

    def seats_hint(self) -> str:
        """How to fill the seats; what an empty team means only where the game has teams."""
        hint = self.t("ui.setup_seats_hint")
        if not self.spec.teams:
            return hint
        return hint + ("" if self.lang == "ja" else " ") + self.t("ui.setup_seats_hint_teams")

    def preset_options(self) -> list[Option]:
        options = []
        for preset in self.presets:
            prompt = Text(self.safe(preset.title(self.lang)))
            if preset.origin == "user":
                prompt.append(f"  ({self.t('ui.setup_user_preset')})", style="dim")
            options.append(Option(prompt, id=preset.id))
        return options

    def preset_error_text(self) -> Text:
        text = Text(self.t("ui.setup_preset_errors", count=len(self.preset_errors)), style="bold")
        for error in self.preset_errors:
            text.append("\n" + error.render(), style="")
        return text

    def description(self, preset: Preset | None) -> Text:
        if preset is None:
            return Text(self.t("ui.setup_no_presets"))
        safe = self.safe
        text = Text.assemble((safe(preset.title(self.lang)), "bold"), "\n",
                             safe(preset.description.get(self.lang) or preset.description["en"]))
        if preset.origin == "user":
            text.append("\n" + self.t("ui.setup_user_file", path=preset.source), style="dim")
        return text

    def on_mount(self) -> None:
        if self.preset is not None:
            self.show_options()
            presets = self.query_one("#setup-presets", OptionList)
            presets.highlighted = self.presets.index(self.preset)
            presets.focus()
            self.show_problems(self.check()[0])

    # ----- the preset and its seats -----

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_list.id != "setup-presets":
            return
        highlighted = event.option_list.highlighted  # the latest, when highlights came in quick succession
        preset = self.presets[highlighted] if highlighted is not None else None
        if preset is not None and preset is not self.preset:
            await self.show_preset(preset)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "setup-options":
            path = event.option_list.highlighted_path  # type: ignore[attr-defined]
            if path is not None:
                self.edit_option(path)
            return
        names = self.query(".seat-name").results(Input)
        first = next(names, None)
        if first is not None:
            first.focus()

    async def show_preset(self, preset: Preset) -> None:
        """Show the preset's description and options, and the seat rows for its table."""
        if self.preset is not None:  # its changes wait for the player to come back to it
            self.kept[self.preset.id] = self.overrides
        self.preset = preset
        self.overrides = self.kept.pop(preset.id, {})
        options, self.option_problems = options_with(preset.options, self.overrides) if self.overrides \
            else (preset.options, [])
        self.options = options if options is not None else preset.options
        self.query_one("#setup-options", OptionsList).highlighted = 0
        await self.show_setup()

    async def show_setup(self) -> None:
        """Show the description, the options as they stand and the seat rows for their table."""
        assert self.preset is not None and self.options is not None
        rows = list(self.query(SeatRow))
        previous = [(row.default, row.values()) for row in rows]
        self.query_one("#setup-description", Static).update(self.description(self.preset))
        self.show_options()
        columns, defaults, seats = self.planned_seats(self.options, previous)
        if rows and len(rows) == len(seats) and rows[0].columns == columns:
            for row, default, seat in zip(rows, defaults, seats, strict=True):
                row.show(default, seat)
        else:
            header, new_rows = self.seat_widgets(columns, defaults, seats)
            header_box = self.query_one("#setup-seat-header", Horizontal)
            seats_box = self.query_one("#setup-seats", Vertical)
            await header_box.remove_children()
            await seats_box.remove_children()
            await header_box.mount_all(header)
            await seats_box.mount_all(new_rows)
        self.problems_due()

    def default_seats(self, options: BaseModel) -> list[Seat]:
        """The options' seats; the first player is human, the others play the basic bot."""
        seats = self.spec.default_seats(options)
        bot = "bot:basic" if "basic" in self.spec.bot_kinds else f"bot:{self.spec.bot_kinds[0]}"
        first = seats[0].person if seats else None
        return [seat.model_copy(update={"controller": "human" if seat.person == first else bot})
                for seat in seats]

    def planned_seats(self, options: BaseModel, previous: Sequence[tuple[Seat, SeatValues]]
                      ) -> tuple[Columns, list[Seat], list[Seat]]:
        """The columns, the options' seats, and the seats to show: names and controllers the
        player has changed from the previous options' are kept."""
        defaults = self.default_seats(options)
        columns = Columns(player=any(s.player for s in defaults), team=self.spec.teams,
                          fields=tuple(f for f in self.spec.seat_fields if f.used(options)))
        seats = list(defaults)
        for index, (old_default, old) in enumerate(previous[:len(seats)]):
            kept = {key: old[key] for key in ("name", "controller") if old[key] != getattr(old_default, key)}
            seats[index] = seats[index].model_copy(update=kept)
        return columns, defaults, seats

    def seat_widgets(self, columns: Columns, defaults: list[Seat], seats: list[Seat]
                     ) -> tuple[list[Label], list[SeatRow]]:
        """The header and one row per seat."""
        choices = self.choices()
        ascii_only = self.app.settings.glyphs == "ascii"
        arrows = ("<", ">") if ascii_only else ("‹", "›")
        rows = [SeatRow(i, default, seat, columns, choices, arrows)
                for i, (default, seat) in enumerate(zip(defaults, seats, strict=True))]
        return self.header_labels(columns), rows

    def header_labels(self, columns: Columns) -> list[Label]:
        labels = [Label(self.t("ui.setup_col_seat"), classes="seat-number"),
                  Label(self.t("ui.setup_col_name"), classes="seat-name")]
        order = columns.order()
        for number, column in enumerate(order):
            if isinstance(column, SeatField):
                label = Label(self.t(column.label), classes=f"seat-field seat-{column.name}")
                labels.append(field_column(label, column, last=number == len(order) - 1))
            else:
                labels.append(Label(self.t(f"ui.setup_col_{column}"), classes=f"seat-{column}"))
        return labels

    def choices(self) -> dict[str, list[tuple[str, str]]]:
        """The values of the controller and of every seat field, with their labels."""
        bots = [(self.bot_label(kind), f"bot:{kind}") for kind in self.spec.bot_kinds
                if kind != "search"]  # `search` is `search:normal`, listed by its level
        choices = {"controller": [(self.t("ui.setup_human"), "human"), *bots]}
        choices.update((field.name, self.field_choices(field)) for field in self.spec.seat_fields)
        return choices

    def field_choices(self, field: SeatField) -> list[tuple[str, str]]:
        """A seat field's values as the setup shows them (suits with their glyph)."""
        glyphs = self.app.settings.glyphs
        return [(f"{suit_text(value, glyphs)} {field.value_text(value, self.lang)}" if field.suits
                 else field.value_text(value, self.lang), value) for value in field.values]

    def bot_label(self, kind: str) -> str:
        key = f"ui.setup_bot_{kind.replace(':', '_')}"
        text = self.t(key)
        return text if text != key else self.t("ui.setup_bot", kind=kind)

    # ----- problems and start -----

    def check(self, seed: int | None = None) -> tuple[SetupCheck, int | None]:
        """Check the setup as it stands; the seed is the field's, or `seed` when it is empty."""
        assert self.preset is not None and self.options is not None
        seed_text = self.query_one("#setup-seed", Input).value
        typed, seed_ok = parse_seed(seed_text)
        chosen = typed if typed is not None else seed
        if self.option_problems:
            return SetupCheck(errors=[self.t("ui.setup_err_option", text=problem.render(self.lang))
                                      for problem in self.option_problems]), chosen
        rows = [row.values() for row in self.query(SeatRow)]
        check = check_setup(self.spec, resolved(self.options), rows, chosen or 0, self.lang)
        if not seed_ok:
            check.errors.append(self.t("ui.setup_err_seed", seed=seed_text.strip()))
        return check, chosen

    def show_problems(self, check: SetupCheck) -> None:
        """What blocks the game, then the seating notes; or that all is ready."""
        problem, note = self.t("ui.setup_problem") + " ", self.t("ui.setup_note") + " "
        lines = [Text.assemble((problem, "bold red"), error) for error in check.errors]
        lines += [Text.assemble((note, "bold yellow"), warning) for warning in check.warnings]
        lines += [] if check.errors else [Text(self.t("ui.setup_ready"), style="green")]
        text = Text("\n").join(lines)
        problems = self.query_one("#setup-problems", Static)
        if text != self.problems_text:
            self.problems_text = text
            problems.update(text)
        problems.set_class(bool(check.errors), "-errors")

    def refresh_problems(self) -> None:
        self.problems_pending = False
        if self.preset is not None and self.query(SeatRow):
            self.show_problems(self.check()[0])

    def on_input_changed(self, event: Input.Changed) -> None:
        self.problems_due()

    def on_cycle_changed(self, event: Cycle.Changed) -> None:
        self.problems_due()

    def problems_due(self) -> None:
        """Check again once the current burst of changes is over (mounting posts one per field)."""
        if not self.problems_pending:
            self.problems_pending = True
            self.call_after_refresh(self.refresh_problems)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "setup-start":
            event.stop()
            self.action_start()
        elif event.button.id == "setup-save":
            event.stop()
            self.action_save_preset()

    def action_start(self) -> None:
        """Check the setup; start the game when nothing blocks it, else show why not."""
        if self.preset is None or self.options is None or not self.query(SeatRow):
            return
        check, seed = self.check(seed=secrets.randbelow(2**31))
        self.show_problems(check)
        if check.errors:
            self.query_one("#setup-problems", Static).scroll_visible()
            self.app.bell()
            return
        record = Record(self.spec.id, resolved(self.options), tuple(check.seats), seed,
                        preset=self.preset.id)  # the base preset; the options as changed here
        app = self.app
        self.dismiss()  # first, so that leaving the table returns home
        app.open_game(record)

    def action_back(self) -> None:
        """Esc goes home; with changed options it first says they are not saved (Esc again
        leaves without them)."""
        changed = bool(self.overrides) or any(self.kept.values())
        if changed and not self.leaving:
            self.leaving = True
            self.notify(self.t("ui.setup_changes_unsaved"), severity="warning", timeout=8)
            return
        self.dismiss()
