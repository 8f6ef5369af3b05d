"""A practice puzzle's card over the table: the question, its hints one at a time, the answer
the player gives, and the verdict (right or wrong) with the whole explanation.

How each kind is answered (`core/scenario.py`, `PuzzleKind`):

- `which-cards`: tick each offered card the player thinks is allowed (Space or Enter), then `c`;
  right iff the ticked set is the offered actions the engine finds legal at the start. The card
  covers the table until then: the table dims the cards that are not allowed;
- `who-wins`, `score`: choose one of the options;
- `best-play`: the decision is made at the table (Enter or `t` there); the card comes back with
  the verdict once it is made.

Everything scrolls in one column, so the explanation is readable at 80×24; no curtain is ever
drawn, since one person practises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.core.scenario import ScenarioFile
from familia_tui.tui.widgets.footer import AppFooter

TEXT_KINDS = ("who-wins", "score")


@dataclass(frozen=True)
class PuzzleAtTable:
    """A puzzle as the table holds it: its file, its progress key and the engine's key."""

    scenario: ScenarioFile
    key: str
    """`game/file-stem`, the puzzle's name in the progress file."""
    start_legal: frozenset[str]
    """The legal actions at the start, in the game's notation (canonical)."""
    canonical: Callable[[str], str]
    """An action's text in canonical notation (`play 10h` → `play 10H`)."""
    played_out: bool = False
    """The table holds the position after the puzzle's steps (`who-wins`, `score`): the trick
    played, the hand scored; nothing is decided there, and it opens only after the answer."""

    @property
    def kind(self) -> str | None:
        return self.scenario.kind

    def offered(self) -> list[str]:
        return [self.canonical(c.action) for c in self.scenario.choices if c.action]

    def labels(self) -> dict[str, str | dict[str, str]]:
        """`which-cards`: the offered actions that the puzzle labels itself, by canonical action."""
        return {self.canonical(c.action): c.text for c in self.scenario.choices if c.action and c.text}

    def right_cards(self) -> frozenset[str]:
        """`which-cards`: the offered actions the engine allows."""
        return frozenset(a for a in self.offered() if a in self.start_legal)

    def judge(self, answer: object) -> bool:
        """Whether `answer` is right: a set of actions (`which-cards`), a choice's index
        (`who-wins`, `score`) or the action made (`best-play`)."""
        if self.kind == "which-cards":
            return frozenset(answer) == self.right_cards()  # type: ignore[arg-type]
        if self.kind in TEXT_KINDS:
            return isinstance(answer, int) and self.scenario.choices[answer].right
        answers = {self.canonical(a) for a in self.scenario.answer}
        return self.canonical(str(answer)) in answers


class TickList(OptionList):
    """The offered cards of a `which-cards` puzzle: Enter or Space ticks the highlighted one at
    once (a `c` typed right after sees the tick; a click ticks through `OptionSelected`)."""

    BINDINGS = [Binding("enter,space", "tick", show=False)]

    def action_tick(self) -> None:
        if self.highlighted is not None and isinstance(self.screen, PuzzleCard):
            self.screen.tick(self.highlighted)


@dataclass(frozen=True)
class Verdict:
    """A judged answer: what the player answered (as shown) and whether it was right."""

    shown: str
    right: bool | None
    """None: the puzzle has no kind, so no key to judge by (its explanation is shown)."""


class PuzzleCard(ModalScreen[str]):
    """The puzzle's card (see the module docstring). It dismisses with `table` (look at or play
    at the table) or `leave` (back to the practice list)."""

    DEFAULT_CSS = """
    PuzzleCard { align: center middle; }
    PuzzleCard #card { width: 100%; height: 1fr; background: $surface; padding: 0 1; }
    PuzzleCard #card-title { height: auto; background: $panel; text-style: bold; color: $accent; padding: 0 1; }
    PuzzleCard #card-body { height: 1fr; }
    PuzzleCard #card-body > Static { height: auto; margin: 1 0 0 0; }
    PuzzleCard #card-choices { height: auto; max-height: 100%; margin: 1 0 0 0; }
    PuzzleCard #card-verdict.-right { border-left: thick $success; padding-left: 1; }
    PuzzleCard #card-verdict.-wrong { border-left: thick $error; padding-left: 1; }
    PuzzleCard.-ascii #card-verdict.-right, PuzzleCard.-ascii #card-verdict.-wrong { border-left: ascii $panel; }
    """
    BINDINGS = [
        Binding("h", "hint", "Hint"),
        Binding("c", "check", "Check"),
        Binding("enter", "table", show=False),
        Binding("t", "table", "Table"),
        Binding("escape", "leave", "Back"),
        Binding("f1", "app.rules", "Rules"),
    ]

    def __init__(self, puzzle: PuzzleAtTable, texts: Callable[[object], str], title: str,
                 cards: Callable[[str], str], judged: Callable[[Verdict], None],
                 verdict: Verdict | None = None, hints_shown: int = 0, game_id: str = "",
                 rules_options: object = None) -> None:
        """`texts` gives a puzzle text in the app's language and glyphs, `cards` an offered
        action as the table names it, `judged` takes a new verdict (progress, the table's memory)."""
        super().__init__()
        self.puzzle = puzzle
        self.texts = texts
        self.title_text = title
        self.cards = cards
        self.judged = judged
        self.verdict = verdict
        self.hints_shown = hints_shown
        self.game_id = game_id
        """The game whose rules F1 opens (with `rules_options`, the options in play)."""
        self.rules_options = rules_options
        self.ticked: set[str] = set()
        """`which-cards`: the offered actions ticked so far."""

    def tick_prompt(self, action: str) -> Text:
        """An offered card with its tick box (`[x]`, ASCII in every glyph mode)."""
        return Text.from_markup(f"{'[x]' if action in self.ticked else '[ ]'} ".replace("[", "\\[")
                                + self.offer_name(action))

    def offer_name(self, action: str) -> str:
        """An offered action as the puzzle labels it, else as the table names it (`10♦`)."""
        label = self.puzzle.labels().get(action)
        return self.texts(label) if label is not None else self.cards(action)

    @property
    def rulings_cited(self) -> tuple[str, ...]:
        """The rulings the explanation cites: F1 opens the rulebook at the first it finds."""
        rulings = self.scenario.ruling or ()
        return (rulings,) if isinstance(rulings, str) else tuple(rulings)

    @property
    def scenario(self) -> ScenarioFile:
        return self.puzzle.scenario

    def t(self, key: str, **params: object) -> str:
        return self.app.t(key, **params)  # type: ignore[attr-defined,no-any-return]

    def compose(self) -> ComposeResult:
        self.set_class(self.app.settings.glyphs == "ascii", "-ascii")  # type: ignore[attr-defined]
        with Vertical(id="card"):
            yield Static(self.title_text, id="card-title")
            with VerticalScroll(id="card-body"):
                yield Static(self.texts(self.scenario.question), id="card-question")
                yield Static("", id="card-hints")
                answer = self.answer_widget()
                if answer is not None:
                    yield answer
                yield Static("", id="card-verdict")
        yield AppFooter()

    def answer_widget(self) -> OptionList | Static | None:
        kind = self.puzzle.kind
        if kind == "which-cards":
            return TickList(*[Option(self.tick_prompt(a), id=a) for a in self.puzzle.offered()],
                            id="card-choices")
        if kind in TEXT_KINDS:
            return OptionList(*[Option(Text.from_markup(self.texts(c.text)), id=str(i))
                                for i, c in enumerate(self.scenario.choices)], id="card-choices")
        return Static(self.t("ui.puzzle_play_at_table"), id="card-how") if self.verdict is None else None

    AUTO_FOCUS = None

    def on_mount(self) -> None:
        self.show_hints()
        self.show_verdict()
        choices = self.query("#card-choices")
        if choices and self.verdict is None:
            listing = choices.first(OptionList)
            listing.focus()
            listing.highlighted = 0
        else:
            self.query_one("#card-body").focus()

    def show_hints(self) -> None:
        hints = [self.texts(h) for h in self.scenario.hints[:self.hints_shown]]
        lines = [f"[b]{self.t('ui.hint')} {i + 1}:[/] {h}" for i, h in enumerate(hints)]
        if self.verdict is None and self.hints_shown < len(self.scenario.hints):
            lines.append(f"[dim]{self.t('ui.puzzle_hints_left', count=len(self.scenario.hints) - self.hints_shown)}[/]")
        self.query_one("#card-hints", Static).update("\n".join(lines))

    @property
    def how_key(self) -> str:
        """How to answer: ticking cards to play, or other actions (`take S`, bids)."""
        kind = self.puzzle.kind or "best-play"
        if kind == "which-cards" and any(not a.startswith("play ") for a in self.puzzle.offered()):
            return "ui.puzzle_how_which-actions"
        return f"ui.puzzle_how_{kind}"

    def show_verdict(self) -> None:
        widget = self.query_one("#card-verdict", Static)
        verdict = self.verdict
        if verdict is None:
            widget.update(f"[dim]{self.t(self.how_key)}[/]")
            return
        key = {True: "ui.puzzle_right", False: "ui.puzzle_wrong", None: "ui.puzzle_done"}[verdict.right]
        lines = [f"[b]{self.t(key)}[/]  {self.t('ui.puzzle_your_answer', answer=verdict.shown)}"]
        if self.puzzle.kind == "which-cards":
            right = [self.offer_name(a) for a in self.puzzle.offered() if a in self.puzzle.right_cards()]
            allowed = "ui.puzzle_allowed" if self.how_key.endswith("which-cards") else "ui.puzzle_allowed_actions"
            lines.append(self.t(allowed, cards="  ".join(right)))
        elif self.puzzle.kind == "best-play":
            answers = "  ".join(self.cards(self.puzzle.canonical(a)) for a in self.scenario.answer)
            lines.append(self.t("ui.puzzle_right_choice", answer=answers))
        elif self.puzzle.kind in TEXT_KINDS:
            right_text = next(self.texts(c.text) for c in self.scenario.choices if c.right)
            lines.append(self.t("ui.puzzle_right_choice", answer=right_text))
        lines += ["", f"[b]{self.t('ui.puzzle_why')}[/] {self.texts(self.scenario.explanation)}"]
        rulings = self.scenario.ruling
        if rulings:
            ids = ", ".join([rulings] if isinstance(rulings, str) else rulings)
            lines.append(f"[dim]{self.t('ui.puzzle_rulings', rulings=ids)}[/]")
        lines.append(f"[dim]{self.t('ui.puzzle_after')}[/]")
        widget.update("\n".join(lines))
        widget.set_class(verdict.right is True, "-right")
        widget.set_class(verdict.right is False, "-wrong")
        for choices in self.query("#card-choices"):
            choices.disabled = True
        self.refresh_bindings()

    def give(self, verdict: Verdict) -> None:
        """A new answer was judged: say it (scrolled to), and hand it to the table."""
        self.verdict = verdict
        self.judged(verdict)
        self.show_hints()
        self.show_verdict()
        body = self.query_one("#card-body")
        body.focus()
        self.call_after_refresh(body.scroll_to_widget, self.query_one("#card-verdict"), top=True)

    # ----- keys -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "check":
            return self.puzzle.kind == "which-cards" and self.verdict is None
        if action == "hint":
            return bool(self.scenario.hints) and self.verdict is None
        if action == "table":  # the table would give the answer away (allowed cards, how it came out)
            return self.puzzle.kind == "best-play" or self.verdict is not None
        return True

    def action_hint(self) -> None:
        if self.verdict is None and self.hints_shown < len(self.scenario.hints):
            self.hints_shown += 1
            self.show_hints()

    def action_check(self) -> None:
        if self.puzzle.kind != "which-cards" or self.verdict is not None:
            return
        ticked = self.ticked
        shown = "  ".join(self.offer_name(a) for a in self.puzzle.offered() if a in ticked) or self.t("ui.puzzle_none")
        self.give(Verdict(shown, self.puzzle.judge(ticked)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.puzzle.kind == "which-cards":
            self.tick(event.option_index)
        elif self.verdict is None and self.puzzle.kind in TEXT_KINDS:
            index = int(event.option_id or 0)
            self.give(Verdict(self.texts(self.scenario.choices[index].text), self.puzzle.judge(index)))

    def tick(self, index: int) -> None:
        """Tick or untick the offered card at `index` (before the answer is checked)."""
        if self.verdict is not None:
            return
        action = self.puzzle.offered()[index]
        self.ticked ^= {action}
        self.query_one(TickList).replace_option_prompt(action, self.tick_prompt(action))

    def action_table(self) -> None:
        if self.check_action("table", ()):
            self.dismiss("table")

    def action_leave(self) -> None:
        self.dismiss("leave")
