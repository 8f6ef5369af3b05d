"""A row of choices (the cards of a hand, the two face piles, the suits for a led Joker).

The game screen gives the choices (markup, enabled) and keeps the cursor; the bar draws them and
reports clicks with `ChoiceBar.Picked`. Enabled choices are bright, the others dimmed.
`find_choice` reads what a player typed to reach a choice: its place or a card's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.containers import HorizontalScroll
from textual.events import Click
from textual.message import Message
from textual.widgets import Static


@dataclass(frozen=True)
class Choice:
    label: str
    """Rich markup shown on the chip."""
    enabled: bool
    value: object
    marked: bool = False
    """Ticked (Daifugō cards, a poignée's trumps, a called ウノ): drawn highlighted, with a `*`."""


def card_of(choice: Choice) -> object | None:
    """The card a choice plays or discards (its value's `card`), if any."""
    return getattr(choice.value, "card", None)


def find_choice(typed: str, choices: Sequence[Choice], parse_card: Callable[[str], object]) -> int | None:
    """The choice `typed` reaches, or None when it reaches none or several.

    Digits are a place (`12`: the 12th choice). Otherwise a card in the game's notation, in any
    case and glyph mode (`10H`, `TH`, `10♥`, `♥10`, `JK`, `T21`, `Exc`) reaches that card; else
    the start of exactly one card's name or choice's label (`T2` while only one trump starts so,
    `gar` for Garde). Identical cards (two jokers) count as one: the first is reached.
    """
    word = typed.strip().upper()
    if not word:
        return None
    if word.isdigit():
        place = int(word)
        return place - 1 if 1 <= place <= len(choices) else None
    cards = [card_of(c) for c in choices]
    card = _parsed(word, parse_card)
    if card is not None and card in cards:
        return cards.index(card)
    names = [str(card).upper() if card is not None else Text.from_markup(c.label).plain.upper()
             for card, c in zip(cards, choices, strict=True)]
    if word in names:
        return names.index(word)
    matches = [i for i, name in enumerate(names) if name.startswith(word)]
    return matches[0] if matches and len({names[i] for i in matches}) == 1 else None


def _parsed(word: str, parse_card: Callable[[str], object]) -> object | None:
    """The card `word` names (a suit symbol may come first or last), else None."""
    for text in (word, word[1:] + word[0]):
        try:
            return parse_card(text)
        except ValueError:
            continue
    return None


class Chip(Static):
    """One choice; click to pick it."""

    def __init__(self, index: int, choice: Choice, selected: bool) -> None:
        classes = ("chip" + ("" if choice.enabled else " -disabled") + (" -selected" if selected else "")
                   + (" -marked" if choice.marked else ""))
        super().__init__(self.label_of(index, choice), classes=classes)
        self.index = index

    @staticmethod
    def label_of(index: int, choice: Choice) -> str:
        """The chip's markup: its number (1-9), the choice's label, and `*` when ticked."""
        number = f"{index + 1}" if index < 9 else " "
        tick = "*" if choice.marked else ""  # ticked: a mark, not only a colour (ASCII in every mode)
        return f"[dim]{number}[/] {choice.label}{tick}"

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(ChoiceBar.Picked(self.index))


class ChoiceBar(HorizontalScroll):
    """The choices of the current decision, with a cursor."""

    DEFAULT_CLASSES = "-lift"
    """Framed chips: in a tall terminal the selected one stands a row above the others."""

    fixed_chips = False
    """The chips have one width (set in CSS): a new label is drawn without laying the screen
    out again."""

    labels = 0
    """Columns the shown chips' labels take (`sync`): with their frames, inner spaces and gaps
    wider than the bar, the chips go `-tight`, then `-flush` (`_fit`)."""

    class Picked(Message):
        """A choice was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def select(self, cursor: int) -> None:
        """Move the cursor without rebuilding the chips (a key press must redraw fast)."""
        for chip in self.query(Chip):
            chip.set_class(chip.index == cursor, "-selected")
        chips = list(self.query(Chip))
        if 0 <= cursor < len(chips):
            self.scroll_to_widget(chips[cursor], animate=False)

    def show(self, choices: list[Choice], cursor: int | None, note: str = "") -> None:
        """Redraw with these choices; `note` replaces them when there are none. The chips and
        the note already mounted are reused (`sync`): a widget mounted per action is a leak, as
        Textual keeps the render cache of up to 1024 removed widgets."""
        notes = self.query_children(".choices-note")
        if choices:
            notes.set(display=False)
            self.sync(list(enumerate(choices)), -1 if cursor is None else cursor)
            return
        self.sync([], -1)
        if notes:
            note_widget = notes.first(Static)
            note_widget.update(note)
            note_widget.display = True
        else:
            self.mount(Static(note, classes="choices-note"))

    def sync(self, chips: Sequence[tuple[int, Choice]], cursor: int) -> None:
        """Show these chips (choice index, choice), reusing the chips already there and touching
        only what changed: a move, a tick or another card's offers change labels, states and how
        many chips there are, and a key press must redraw fast. Chips not needed now are hidden
        (index -1), not removed, for the next decision."""
        shown = list(self.query_children(Chip))
        for chip, (index, choice) in zip(shown, chips, strict=False):
            chip.index = index
            label = Chip.label_of(index, choice)
            if chip.content != label:
                chip.update(label, layout=not self.fixed_chips)
            for flag, on in (("-disabled", not choice.enabled), ("-selected", index == cursor),
                             ("-marked", choice.marked)):
                if chip.has_class(flag) != on:
                    chip.set_class(on, flag)
            if not chip.display:
                chip.display = True
        for chip in shown[len(chips):]:
            chip.index = -1
            if chip.display:
                chip.display = False
        if len(chips) > len(shown):
            self.mount_all([Chip(i, c, i == cursor) for i, c in chips[len(shown):]])
        self.labels = sum(Text.from_markup(Chip.label_of(i, c)).cell_len for i, c in chips)
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Framed chips that would not all fit the bar's width lose the spaces inside their
        frames (`-tight`), then the gaps between them (`-flush`): a ten-card hand at 80 columns
        stays in sight, not half behind a scroll. (One-line chips, as Tarot's card grid, keep
        their own widths.)"""
        width, chips = self.size.width, sum(1 for chip in self.query_children(Chip) if chip.display)
        if width:  # (before the first layout, the resize fits it)
            self.set_class(self.labels + 5 * chips > width, "-tight")  # frame 2, spaces 2, gap 1
            self.set_class(self.labels + 3 * chips > width, "-flush")
