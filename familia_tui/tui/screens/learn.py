"""Learn to play: a guided first game at the game's own table, with lessons on a card.

`open_learn(app, game)` seats the guided game (`rules/<game>/learn/`, `core/lessons.py`) at the
game's table screen and gives it a `Guide`. The table tells the guide what happens (the events
of every action, the learner's decisions); the guide shows each lesson that fires as a card
above the table (not a modal: the table stays in sight) and lights the area the lesson is about
through the table's `lesson_area()`. While a card is up the game waits: Enter (a deliberate
key, not one pressed in the instant the card came) goes on, Esc turns the lessons off and the
game goes on as a normal one (q leaves, as in any game). At the end a card lists the lessons
seen. `LearnScreen` is the home screen's "Learn to play": the games that have a guided game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.events import Key
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.i18n import translate
from familia_tui.tui.markup import escape
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.widgets.footer import AppFooter

if TYPE_CHECKING:
    from familia_tui.core.engine import Event
    from familia_tui.core.lessons import Learn, Lesson, Tutor
    from familia_tui.tui.screens.table import TableScreen

PASS_THROUGH = frozenset({"f1", "q", "ctrl+q", "ctrl+p"})
"""Keys that keep their work while a lesson is up (the rules, leaving, quitting)."""
ALLOWED_SHOWN = 10
"""At most this many of the allowed choices are named on a card."""


class LessonCard(Vertical):
    """One lesson (or the closing list) above the table: docked at the top, it moves the table
    down rather than covering any of it (an overlay would also cut through the wide characters
    of the panels under its edges)."""

    DEFAULT_CSS = """
    LessonCard { dock: top; width: 100%; height: auto; max-height: 50%;
                 background: $panel; border: round $warning; padding: 0 1; }
    LessonCard.-ascii { border: ascii $warning; }
    LessonCard #lesson-title { text-style: bold; color: $warning; }
    LessonCard .lesson-note { color: $text-muted; }
    """

    def __init__(self, title: str, text: str, notes: Sequence[str], ascii_lines: bool) -> None:
        super().__init__(classes="-ascii" if ascii_lines else "")
        self.title_text, self.body, self.notes = title, text, tuple(notes)

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="lesson-title")
        yield Static(self.body, id="lesson-text")
        for note in self.notes:
            yield Static(note, classes="lesson-note")

    def text(self) -> str:
        """Everything the card says, as plain text (tests read it)."""
        return "\n".join(str(static.render()) for static in self.query(Static))


class Guide:
    """A guided game's lessons at a table (see the module docstring)."""

    GUARD = 0.4
    """Seconds after a card appears during which Enter and Esc do nothing: a key meant for the
    table (Enter to play) must not dismiss a lesson unread."""
    clock = staticmethod(time.monotonic)

    def __init__(self, screen: TableScreen, learn: Learn, tutor: Tutor) -> None:
        self.screen = screen
        self.learn = learn
        self.tutor = tutor
        self.queue: list[Lesson | None] = []
        """The cards due, in order (None: the closing card)."""
        self.then: Callable[[], None] | None = None
        """What the game does once the cards are read (the rest of an action's `after_apply`)."""
        self.card: LessonCard | None = None
        self.lit: Widget | None = None
        self.shown_at = float("-inf")
        self.off = False
        """The learner turned the lessons off (Esc)."""
        self.summary_due = True
        """The closing card is still to come (at the end of the game)."""
        self.number = 0
        """Lessons shown so far (the card's number)."""
        self.leave_after = False
        """The guided game ends before the game does (`ends_at`): the closing card leads home."""
        self.rulings: tuple[str, ...] = ()
        """The rulings the lesson on screen cites: F1 opens the rulebook at the first."""

    # ----- what the table tells the guide -----

    @property
    def holding(self) -> bool:
        """Whether a card is up: the game waits (no bot moves) until it is read."""
        return self.card is not None

    def after_events(self, events: Sequence[Event], then: Callable[[], None]) -> bool:
        """An action's events: True when lessons (or the closing card) are shown, and `then`
        waits for them; False when the game may go on at once."""
        if self.off:
            return False
        self.queue += self.tutor.after_events(events)
        table = self.screen.session.table
        if self.summary_due and self.learn.ends(table.is_over, events):
            self.queue.append(None)
            self.summary_due = False
            self.leave_after = not table.is_over  # the guided part of a long game is over
        if not self.queue and self.card is None:
            return False
        self.then = then
        if self.card is None:
            self.screen.redraw()  # the table as the action left it, under the card
            self.show_next()
        return True

    def at_decision(self) -> None:
        """The learner is to decide: lessons whose condition holds now."""
        session = self.screen.session
        if self.off or session.to_act != self.learn.human:
            return
        table = session.table
        self.queue += self.tutor.at_decision(table.view(self.learn.human), list(table.legal_actions()))
        if self.queue and self.card is None:
            self.show_next()

    def key(self, event: Key) -> bool:
        """A key while a card is up: True when the guide took it (the table must not see it)."""
        if self.card is None or event.key in PASS_THROUGH:
            return False
        if self.clock() - self.shown_at >= self.GUARD:
            if event.key == "enter":
                self.next()
            elif event.key == "escape":
                self.skip()
        return True

    # ----- the cards -----

    def show_next(self) -> None:
        self.close_card()
        lesson = self.queue.pop(0)
        if lesson is None:
            self.show(*self.summary())
            if self.card is not None:
                self.card.styles.max_height = "85%"  # the closing card may take the table's room
            return
        self.number += 1
        self.show(*self.lesson_texts(lesson), point=lesson.point)
        self.rulings = tuple(lesson.rulings)

    def lesson_texts(self, lesson: Lesson) -> tuple[str, str, list[str]]:
        screen, lang = self.screen, self.screen.lang
        title = f"{screen.t('ui.lesson_of', number=self.number)} · {screen.safe(escape(lesson.title.get(lang)))}"
        notes = []
        if lesson.trigger.condition is not None:
            allowed = list(dict.fromkeys(choice.label for choice in screen.choices if choice.enabled))
            if allowed:
                more = f" (+{len(allowed) - ALLOWED_SHOWN})" if len(allowed) > ALLOWED_SHOWN else ""
                notes.append(screen.t("ui.lesson_allowed", choices="  ".join(allowed[:ALLOWED_SHOWN]) + more))
        if self.number == 1:  # (the log and banner name the learner's seat like any other)
            notes.insert(0, screen.t("ui.lesson_you", name=screen.safe(escape(self.learner_name))))
        look = screen.t("ui.lesson_look", area=screen.t(f"ui.lesson_area_{lesson.point}"))
        if lesson.rulings:
            look += "  " + screen.t("ui.lesson_rulings", rulings=", ".join(lesson.rulings))
        notes += [look, f"[b]{screen.t('ui.lesson_keys')}[/]"]
        return title, screen.safe(escape(_paragraphs(lesson.text.get(lang), lang))), notes

    @property
    def learner_name(self) -> str:
        return self.screen.session.seats[self.learn.human].name

    def summary(self) -> tuple[str, str, list[str]]:
        """The closing card: what the game taught, and the lessons seen (and not met)."""
        screen, lang, lessons = self.screen, self.screen.lang, self.learn.lessons
        seen = self.tutor.lessons_seen()
        title = screen.t("ui.learn_summary", seen=len(seen), count=len(lessons.lessons))
        listing = "  ".join(f"[x]\u00a0{lesson.title.get(lang)}" for lesson in seen)  # (no break after [x])
        text = screen.safe(escape(f"{_paragraphs(lessons.closing.get(lang), lang)}\n\n{listing}"))
        missed = [lesson.title.get(lang) for lesson in lessons.lessons if lesson.id not in self.tutor.seen]
        notes = [screen.t("ui.learn_not_met", titles=screen.safe(escape("; ".join(missed))))] if missed else []
        keys = "ui.learn_summary_home" if self.leave_after else "ui.learn_summary_keys"
        return title, text, [*notes, f"[b]{screen.t(keys)}[/]"]

    def show(self, title: str, text: str, notes: Sequence[str], point: str | None = None) -> None:
        screen = self.screen
        self.card = LessonCard(title, text, notes, screen.glyphs == "ascii")
        screen.mount(self.card)
        self.light(screen.lesson_area(point) if point else None)
        self.shown_at = self.clock()

    def light(self, widget: Widget | None) -> None:
        self.unlight()
        if widget is None:
            return
        self.lit = widget
        colour = Color.parse(self.screen.app.theme_variables.get("warning", "yellow"))
        widget.styles.background_tint = colour.with_alpha(0.3)

    def unlight(self) -> None:
        if self.lit is not None:
            self.lit.styles.inline.clear_rule("background_tint")
            self.lit.refresh()
            self.lit = None

    def close_card(self) -> None:
        self.unlight()
        self.rulings = ()
        if self.card is not None:
            self.card.remove()
            self.card = None

    def next(self) -> None:
        """Enter: the next lesson due, or the game goes on."""
        if self.queue:
            self.show_next()
            return
        self.close_card()
        if self.leave_after and not self.summary_due:
            self.screen.action_leave()
            return
        self.go_on()

    def skip(self) -> None:
        """Esc: no more lessons; the game goes on as a normal game."""
        self.off = True
        self.queue.clear()
        self.close_card()
        self.screen.notify(self.screen.t("ui.learn_skipped"), timeout=6)
        self.go_on()

    def go_on(self) -> None:
        then, self.then = self.then, None
        if then is not None:
            then()
        else:
            self.screen.refresh_bindings()


def _paragraphs(text: str, lang: str) -> str:
    """A YAML text as one paragraph (the card wraps it): Japanese loses the spaces a folded
    block leaves between its lines; English keeps single spaces (beside 流れる, 8切り too)."""
    from familia_tui.tui.screens.practice import one_paragraph

    return one_paragraph(text) if lang == "ja" else " ".join(text.split())


def open_learn(app: Any, game: str) -> bool:
    """Seat a game's guided first game at its table (False, said, when it cannot be read)."""
    from familia_tui.core.lessons import LearnError, Tutor, load_learn
    from familia_tui.core.record import RecordError
    from familia_tui.core.session import Session
    from familia_tui.tui.screens.tables import table_screen

    try:
        learn = load_learn(game)
        session = Session.open(learn.record())
    except (LearnError, RecordError) as error:
        app.notify(str(error), severity="error", timeout=10, markup=False)
        return False
    session.confirm(*session.audience())
    screen = table_screen(session)
    tutor = Tutor(learn)
    tutor.after_events(session.last_events)  # (the deal: no lesson waits for it yet)
    screen.guide = Guide(screen, learn, tutor)  # type: ignore[attr-defined]
    app.push_screen(screen)
    return True


class LearnScreen(AppScreen[None]):
    """Home → Learn to play: the games with a guided first game."""

    BINDINGS = [Binding("escape", "back", "Back")]
    DEFAULT_CSS = """
    LearnScreen #learn-title { text-style: bold; padding: 0 1; background: $panel; }
    LearnScreen #learn-intro { padding: 1 1; }
    LearnScreen #learn-list { height: auto; max-height: 100%; margin: 0 1; }
    """

    def __init__(self) -> None:
        from familia_tui.core.lessons import learn_games
        from familia_tui.tui.screens.tables import has_table

        super().__init__()
        self.games = [game for game in learn_games() if has_table(game)]

    def compose(self) -> ComposeResult:
        yield Static(self.t("ui.learn_title"), id="learn-title")
        yield Static(self.t("ui.learn_intro" if self.games else "ui.learn_none"), id="learn-intro")
        if self.games:
            yield OptionList(*[Option(self.safe(translate(f"game.{game}", self.lang)), id=game)
                               for game in self.games], id="learn-list")
        yield AppFooter()

    def on_mount(self) -> None:
        if self.games:
            self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        open_learn(self.app, event.option.id or "")

    def action_back(self) -> None:
        self.dismiss()
