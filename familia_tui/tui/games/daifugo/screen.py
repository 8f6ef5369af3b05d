"""The Daifugō table (大富豪統合ルール): the rule card and its families, the order and the locks,
the trick, the seats with their counts and places, the log, and the hand as a row of card chips.

Under the hand, the offers are every legal play that uses the card under the cursor, or, once
cards are ticked (Space, or a click), every legal play that uses all the ticked cards: built by
filtering `legal_actions()`, natural sets and sequences first, then the plays that add jokers,
then Pass. Enter never chooses among several legal plays for the player: on a card it plays
the one play of those cards when there is exactly one and it adds no joker, and otherwise goes
to the offers, where Enter plays the play under the cursor; on a play whose jokers may stand
for several cards it opens the joker's cards right after it, the cursor staying on the play.
Ticking only ticks. x passes (only when following); u declares ウノ in strict mode; a dimmed
card shows `explain()` of the play it would make. ドボン and チョンボ calls are the deciding
seat's choices, behind the hot-seat curtain like every human decision. The footer shows only
the keys that do something now, and drops the previous-trick and session keys when the terminal
is too narrow for them. With the think timer option, a countdown runs in the banner while a
human's decision is on screen, and says when the time is up; nothing is enforced (DF-27). At
the end of a game the places, the ビリ and why, and the session's ビリ counts are shown; Enter
starts the next.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Static

from familia_tui.core.engine import Event
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.daifugo.actions import CALL, DECLINE, PASS, Play
from familia_tui.games.daifugo.results import GameRecord
from familia_tui.games.daifugo.view import DaifugoView
from familia_tui.tui.games.daifugo.widgets import (
    UNO,
    Form,
    HandCard,
    PlayIndex,
    Selection,
    ThinkTimer,
    closest_play,
    event_lines,
    explanation_markup,
    footer_cells,
    locks_markup,
    order_markup,
    play_text,
    rule_markup,
    seats_table,
    spare_that_fit,
    sync_chips,
    table_markup,
    think_markup,
)
from familia_tui.tui.glyphs import card_markup
from familia_tui.tui.markup import escape
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Chip, Choice, ChoiceBar
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog, KinsokuText

CHIP_WIDTH = 7
"""Cells per card chip in the hand grid (`1 10♥*`)."""
SPARE_KEYS = ("previous", "session")
"""Keys the footer shows only when it has room for them (at 80 columns it may not)."""
FOOTER_KEYS = (("choose", "Enter", "Choose"), ("hint", "h", "Hint"), ("answer", "a", "Answer"),
               ("leave", "q", "Save & quit"), ("back", "esc", "Back"), ("tick", "Space", "Tick"),
               ("find", "/", "Find"), ("pass_turn", "x", "Pass"), ("uno", "u", "Uno"),
               ("previous", "p", "Previous trick"), ("session", "s", "Session"), ("rules", "f1", "Rules"))
"""The footer's keys in its order: (action, key shown, English description)."""
THINK_TICK = 0.2
"""Seconds between two steps of the think timer's countdown."""


class DaifugoScreen(TableScreen):
    """A Daifugō session at the table."""

    CSS_PATH = "screen.tcss"
    AUTO_FOCUS = ""
    """Nothing takes the focus: the arrows, Space and Enter are the table's keys."""
    game_id = "daifugo"
    BINDINGS = [
        Binding("space", "tick", "Tick", key_display="Space"),
        Binding("x", "pass_turn", "Pass"),
        Binding("u", "uno", "Uno"),
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("p", "previous", "Previous trick"),
        Binding("s", "session", "Session"),
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(session, puzzle)
        self.selection = Selection()
        self.note = ""
        """The line under the choices when no refusal is shown."""
        self.selection_of = -1
        """The decision (number of actions so far) the selection belongs to."""
        self.fresh = True
        """The selection is new: the cursor goes to an enabled choice when the decision shows."""
        self.hand_chips = 0
        """`choices[:hand_chips]` are the hand's cards, the rest the offers."""
        self.index: tuple[int, PlayIndex] | None = None
        self.shown: DaifugoView | None = None
        self.show_previous = False
        self.grid_columns = 10
        self.explained = ""
        self.think = ThinkTimer(0)

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="rules")
                yield Static(id="order")
                yield Static(id="table")
                with VerticalScroll(id="seats-box", can_focus=False):
                    yield Static(id="seats")
            yield EventLog(id="log")
        yield ChoiceBar(id="hand")
        with Horizontal(id="offers-row"):
            yield Static(id="offers-label")
            yield ChoiceBar(id="offers")
        yield self.explain_line()
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        log = self.query_one(EventLog)
        for widget in (log, *self.query(ChoiceBar)):
            widget.can_focus = False  # the screen's keys must not scroll them
        state, options = self.session.table, self.view().options
        self.think = ThinkTimer(options.think_timer, clock=time.monotonic())
        if self.think.seconds:
            self.set_interval(THINK_TICK, self.think_step)
        if self.puzzle is not None:
            log.add([self.t("ui.practice_started")])
        elif self.session.record.actions:
            log.add(self.history_lines())
        else:
            log.add([self.t("dfg.ui.started", games=options.games)]
                    + self.event_lines(state.events))
        self.fit_hand_grid()
        self.advance()

    def history_lines(self) -> list[str]:
        """A resumed game: the events of its current game (the record replayed), for the log."""
        events = self.session.history_events()
        start = max((i for i, e in enumerate(events) if e.kind == "rule_card"), default=0)
        game = self.view().game
        return [self.t("dfg.ui.resumed", game=game)] + self.event_lines(events[start:])

    # ----- the flow of the game -----

    def wrapped(self, markup: str) -> str | KinsokuText:
        """Japanese text wraps with kinsoku (no line starts with 。 or a closing bracket)."""
        return KinsokuText(markup) if self.lang == "ja" and markup else markup

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        return [self.safe(line) for line in event_lines(events, self.session.seats, self.lang,
                                                        self.t, self.glyphs)]

    def apply(self, action: object) -> None:
        """Apply through the base (logged, saved); an action that is not legal now is refused
        here with its explanation, which names the seats (the base's would show seat numbers)."""
        if action not in self.session.table.legal_actions():
            self.explain_text(self.refusal(action))
            return
        super().apply(action)

    def after_apply(self, events: Sequence[Event]) -> None:
        self.reset_selection()
        self.show_previous = False
        records = [e.get("record") for e in events if e.kind == "game_scored"]
        if records:
            self.redraw()
            self.show_results(records[-1], final=self.session.table.is_over)
            return
        ended = any(e.kind == "trick_won" for e in events)
        self.advance(self.app.settings.trick_pause if ended else None)  # type: ignore[attr-defined]

    def show_final(self) -> None:
        """A finished session opened from its save: its last game's results."""
        records = [e.get("record") for e in self.session.last_events if e.kind == "game_scored"]
        self.show_results(records[-1] if records else None, final=True)

    def show_results(self, record: GameRecord | None, final: bool = False, review: bool = False) -> None:
        from familia_tui.tui.games.daifugo.results import DaifugoResultsScreen

        screen = DaifugoResultsScreen(self.view(), record, final=final, review=review)
        self.app.push_screen(screen, self._after_review if review else self._after_result)

    # ----- drawing -----

    def view(self) -> DaifugoView:
        """The viewer's view; between two humans the public one (what every seat knows)."""
        seat, state = self.session.viewer_seat(), self.session.table
        return state.public_view() if seat is None else state.view(seat)

    def redraw(self) -> None:
        view = self.shown = self.view()
        t, glyphs = self.t, self.glyphs
        for widget_id, text in (
                ("#banner", self.banner_text()), ("#rules", rule_markup(view, t, glyphs)),
                ("#order", order_markup(view, t) + "\n" + locks_markup(view, t, glyphs)),
                ("#table", table_markup(view, t, glyphs, self.show_previous))):
            self.query_one(widget_id, Static).update(self.wrapped(self.safe(text)))
        self.query_one("#seats", Static).update(seats_table(view, t, glyphs))
        self.show_choices()

    def banner_text(self) -> str:
        """Whose turn it is (names escaped: the banner is markup) and the think timer; at the
        end the session's own words."""
        session = self.session
        if self.puzzle is not None:
            return super().banner_text()
        if session.table.is_over:
            return self.t("dfg.ui.over")
        if session.to_act is None:
            return ""
        who = session.seats[session.to_act]
        if not who.is_human:
            return self.t("ui.bot_turn", name=escape(who.name))
        return f"[b reverse] {self.turn_text(escape(who.name))} [/]{think_markup(self.think, self.t)}"

    def turn_text(self, name: str) -> str:
        """The banner of a human's decision: lead, beat the top play, or the call to make."""
        view, t = self.shown, self.t
        if view is None:
            return t("dfg.ui.turn_lead", name=name)
        if view.phase in ("dobon", "chombo"):
            target = view.top.seat if view.phase == "dobon" and view.top else view.uno_missed
            return t(f"dfg.ui.turn_{view.phase}", name=name,
                     target=escape(view.seats[target].name) if target is not None else "")
        if view.top is not None:
            return t("dfg.ui.turn_follow", name=name, top=play_text(view.top.play, self.glyphs))
        return t("dfg.ui.turn_lead", name=name)

    def fit_hand_grid(self) -> None:
        width = self.size.width or self.app.size.width
        self.grid_columns = max(1, (width - 2) // CHIP_WIDTH)
        self.query_one("#hand", ChoiceBar).styles.grid_size_columns = self.grid_columns

    def on_resize(self, event: Resize) -> None:
        self.fit_hand_grid()
        footer = self.query_one(AppFooter)
        footer.compact = event.size.width < 100
        footer.show_command_palette = self.glyphs != "ascii" and event.size.width >= 100
        self.refresh_bindings()  # the spare keys come and go with the width

    # ----- the choices: the hand, the offers, the calls -----

    def play_index(self) -> PlayIndex:
        """The legal plays indexed for the selection, built once per decision."""
        version = len(self.session.record.actions)
        if self.index is None or self.index[0] != version:
            self.index = (version, PlayIndex(self.session.table.legal_actions()))
        return self.index[1]

    def reset_selection(self) -> None:
        self.selection, self.note, self.fresh = Selection(), "", True

    @property
    def ticked(self) -> set[int]:
        return self.selection.ticked

    def make_choices(self) -> list[Choice]:
        view, t = self.shown, self.t
        assert view is not None
        self.hand_chips = 0
        if view.decision is not None:
            self.note = t(f"dfg.ui.{view.decision}_why", value=view.last_value,
                          target=escape(view.seats[view.call_target or 0].name))
            return [Choice(t(f"dfg.ui.call_{view.decision}"), True, CALL[view.decision]),
                    Choice(t("dfg.ui.decline"), True, DECLINE)]
        index = self.play_index()
        hand = self.selection.hand_choices(view.hand, index, self.glyphs)
        self.hand_chips = len(hand)
        offers = self.selection.offer_choices(view.hand, index, t, self.glyphs)
        self.note = self.safe(self.selection.note(view.hand, index, t, self.glyphs))
        return hand + [Choice(self.safe(o.label), o.enabled, o.value, o.marked) for o in offers]

    def show_choices(self, note: str = "", explain: bool = True) -> None:
        """The hand as card chips and the offers below it (the base shows one row only); the
        note under them unless `explain` is False (the caller writes that line)."""
        version = len(self.session.record.actions)
        if version != self.selection_of:
            self.selection_of = version
            self.reset_selection()
        deciding = self.may_decide()
        self.choices = self.make_choices() if deciding else []
        if not deciding:
            self.hand_chips = 0
        self.cursor = min(self.cursor, max(len(self.choices) - 1, 0))
        if self.choices and not self.choices[self.cursor].enabled and (
                self.fresh or self.cursor >= self.hand_chips):  # a dimmed card may be looked at
            self.cursor = next((i for i, c in enumerate(self.choices) if c.enabled), 0)
        self.fresh = self.fresh and not deciding
        if self.cursor < self.hand_chips and self.selection.focus != self.cursor:
            self.selection.focus = self.cursor  # the offers are the plays of the card under the cursor
            self.choices = self.make_choices()
        self.fill_hand()
        offers = list(enumerate(self.choices))[self.hand_chips:]
        label = self.query_one("#offers-label", Static)
        text = self.t("dfg.ui.plays") if offers and self.hand_chips else ""
        if label.content != text:  # an update lays the screen out again, even with the same text
            label.update(text)
        sync_chips(self.query_one("#offers", ChoiceBar), offers, self.cursor)
        if explain:
            self.explain_text(self.note if deciding else "")
        if self.think.start(version if deciding else None, time.monotonic()):
            self.show_banner()
        self.refresh_bindings()  # (the footer is rebuilt only when a key comes or goes)

    def fill_hand(self) -> None:
        """The viewer's cards: choices when deciding, else shown as they are; between two humans,
        nothing."""
        bar = self.query_one("#hand", ChoiceBar)
        view, viewer = self.shown, self.session.viewer_seat()
        if view is None or viewer is None:
            bar.border_title = ""
            if not bar.query(".hand-note"):
                bar.remove_children()
                bar.mount(Static(self.t("ui.hands_hidden"), classes="hand-note"))
            return
        title = self.t("dfg.ui.hand_title", name=escape(view.seats[viewer].name),
                       count=len(view.hand), value=view.hand_value)
        if bar.border_title != title:
            bar.border_title = title
        chips = (list(enumerate(self.choices[:self.hand_chips])) if self.hand_chips else
                 [(99, Choice(card_markup(c, self.glyphs), True, None)) for c in view.hand])
        sync_chips(bar, chips, self.cursor)

    def moved(self) -> None:
        """The cursor moved: onto another card, the offers become that card's plays (when none
        is ticked); a dimmed choice shows why."""
        selection = self.selection
        if self.cursor < self.hand_chips and self.cursor != selection.focus:
            selection.focus, selection.form = self.cursor, None
            if not selection.ticked:
                self.show_choices(explain=False)
        for chip in self.query(Chip):
            selected = chip.index == self.cursor
            if chip.has_class("-selected") != selected:
                chip.set_class(selected, "-selected")
                if selected and chip.index >= self.hand_chips:  # the offers scroll sideways
                    chip.parent.scroll_to_widget(chip, animate=False)  # type: ignore[union-attr]
        choice = self.choices[self.cursor]
        if not choice.enabled:
            self.explain_text(self.why_not(choice))
        elif (isinstance(choice.value, Form) and len(choice.value.plays) > 1
              and choice.value != self.selection.form):
            self.explain_text(self.t("dfg.ui.ways", count=len(choice.value.plays)))
        else:
            self.explain_text(self.note)

    def why_not(self, choice: Choice) -> str:
        """explain() of the play a dimmed card (with the ticked ones) or a choice would make."""
        value, view = choice.value, self.shown
        if isinstance(value, HandCard) and view is not None:
            naturals, jokers = self.selection.cards(view.hand)
            card = value.card
            value = closest_play([*naturals] + ([] if card.is_joker else [card]), jokers + card.is_joker)
        return self.refusal(value)

    def refusal(self, action: object) -> str:
        """The refusal line: "Not allowed:" and why, in the glyph mode."""
        return self.safe(f"[b]{self.t('ui.not_allowed')}[/] {self.why(action)}")

    def why(self, action: object) -> str:
        explanation = self.session.table.explain(action)
        return explanation_markup(explanation, self.lang, self.session.seats, self.glyphs)

    def explain_text(self, text: str) -> None:
        """The line under the choices: the note in a quiet colour, a refusal as a warning."""
        explain = self.query_one("#explain", Static)
        if explain.has_class("-info") != (text == self.note):
            explain.set_class(text == self.note, "-info")
        if text != self.explained:
            self.explained = text
            super().explain_text(self.wrapped(text))

    # ----- keys and clicks -----

    def chosen(self, choice: Choice) -> None:
        value = choice.value
        if isinstance(value, HandCard):
            self.enter_on_card()
        elif isinstance(value, Form) and len(value.plays) > 1:
            # the joker's cards open after the play (or close again); the cursor stays on it
            self.selection.form = None if value == self.selection.form else value
            self.rebuild()
        elif isinstance(value, Form):
            self.apply(value.play)
        elif value == UNO:
            self.action_uno()
        else:
            self.apply(value)

    def first_play(self) -> int:
        """The first play on offer (after the ウノ toggle), else the first offer."""
        offers = range(self.hand_chips, len(self.choices))
        return next((i for i in offers if isinstance(self.choices[i].value, (Form, Play))),
                    next((i for i in offers if self.choices[i].enabled), self.hand_chips))

    def enter_on_card(self) -> None:
        """Enter on a card acts on the offers, the plays of the ticked cards (or of the card under
        the cursor, when none is ticked): the one play, when it is the only one and adds no joker, is
        played; otherwise the cursor goes to the offers and the player chooses one. Enter never
        ticks a card."""
        view = self.shown
        assert view is not None
        sole = self.selection.sole_play(view.hand, self.play_index())
        if sole is not None:
            self.apply(sole)
        else:
            self.cursor = self.first_play()
            self.moved()

    def rebuild(self, focus: int | None = None) -> None:
        """Redraw the choices after a change of the selection, the cursor on `focus`."""
        if focus is not None:
            self.cursor = focus
        self.show_choices()
        if self.choices:
            self.moved()

    def on_choice_bar_picked(self, message: ChoiceBar.Picked) -> None:
        """A click: on a card it ticks or unticks it, elsewhere it chooses."""
        message.prevent_default()  # not the base class's handler as well
        if not 0 <= message.index < len(self.choices):
            return
        self.cursor = message.index
        if message.index < self.hand_chips:
            self.action_tick()
        else:
            self.action_choose()

    def action_tick(self) -> None:
        if not self.choices or self.cursor >= self.hand_chips:
            return
        if not self.choices[self.cursor].enabled:
            self.moved()
            self.app.bell()
            return
        self.selection.form = None
        self.selection.ticked ^= {self.cursor}
        self.rebuild()

    def action_pass_turn(self) -> None:
        for position, choice in enumerate(self.choices):
            if choice.value == PASS:
                self.cursor = position
                self.action_choose()

    def action_uno(self) -> None:
        if self.choices and self.play_index().strict_uno:
            self.selection.uno = not self.selection.uno
            self.selection.form = None
            self.rebuild()

    def action_row(self, step: int) -> None:
        """↓ moves a row down in the hand, then to the offers; ↑ back."""
        if not self.choices:
            return
        columns, cursor, cards = self.grid_columns, self.cursor, self.hand_chips
        if cursor < cards:
            target = cursor + step * columns
            if 0 <= target < cards:
                self.cursor = target
            elif step > 0 and len(self.choices) > cards:
                self.cursor = self.first_play()
        elif step < 0 and cards:
            self.cursor = min(self.selection.focus, cards - 1)  # back to the card of the offers
        self.moved()

    def action_back(self) -> None:
        """Esc: back from the joker's card (to its play), else untick everything (practice:
        leave)."""
        form = self.selection.form
        if form is not None:
            self.selection.form = None
            self.rebuild(focus=next((i for i, c in enumerate(self.choices) if c.value == form), None))
        elif self.selection.ticked:
            self.reset_selection()
            self.rebuild(focus=0)
        else:
            super().action_back()

    def action_previous(self) -> None:
        self.show_previous = not self.show_previous
        self.redraw()

    def action_session(self) -> None:
        self.show_results(self.view().last_game, review=True)

    # ----- the footer: only keys that do something now, as many as fit -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key that does nothing now is hidden (not dimmed); the spare keys need room."""
        if action in SPARE_KEYS:
            return action in self.spare_keys_shown()
        if action in ("tick", "row", "pass_turn", "uno", "back", "choose", "cursor", "pick"):
            return self.key_works(action)
        return super().check_action(action, parameters)

    def key_works(self, action: str) -> bool:
        """Whether the key of `action` does something in the state on screen."""
        if action in ("tick", "row"):
            return self.hand_chips > 0
        if action == "pass_turn":
            return any(c.value == PASS for c in self.choices)
        if action == "uno":
            return self.hand_chips > 0 and self.play_index().strict_uno
        if action == "back":
            return self.selection.form is not None or bool(self.selection.ticked) or self.puzzle is not None
        if action in ("choose", "cursor", "pick"):
            return bool(self.choices)
        if action in SPARE_KEYS or action == "rules":
            return True
        return bool(super().check_action(action, ()))

    def spare_keys_shown(self) -> tuple[str, ...]:
        """The spare keys that fit in the footer beside the keys that work now (which always
        fit: 80 columns hold them in English and Japanese)."""
        width = self.size.width or self.app.size.width
        compact = width < 100
        palette = 0  # the command palette's key, docked right with a border, when it is shown
        if not compact and self.glyphs != "ascii":
            palette = footer_cells([("^p", self.app.t("bind.palette"))], False) + 2
        keys = [(action, key, self.app.t(f"bind.{text}")) for action, key, text in FOOTER_KEYS]
        working = footer_cells([(key, text) for action, key, text in keys
                                if action not in SPARE_KEYS and self.key_works(action)], compact)
        spare = [(action, footer_cells([(key, text)], compact))
                 for action, key, text in keys if action in SPARE_KEYS]
        return spare_that_fit(palette + working, spare, width)

    # ----- the think timer (DF-27: a nudge, nothing enforced) -----

    def think_step(self) -> None:
        """Count down while the decision is on screen and the table is in front; say so once
        the time is up."""
        changed, up = self.think.step(time.monotonic(), self.app.screen is self and self.may_decide())
        if up:
            self.app.bell()
        if changed:
            self.show_banner()

    def show_banner(self) -> None:
        self.query_one("#banner", Static).update(self.wrapped(self.safe(self.banner_text())))


TABLE = DaifugoScreen
"""The table screen of the game (found by the registry)."""
