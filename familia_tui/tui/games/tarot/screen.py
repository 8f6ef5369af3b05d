"""The French Tarot table: bidding, the 5-player call, the chien and the écart, the slam,
declarations at the first card, the tricks, and each hand's breakdown.

The screen drives a `Session` through `TableScreen` (bots at the configured pace, the hot-seat
curtain before another human's decision). It draws the view of the person at the keyboard, or,
when nobody may look (bots' turns between two humans), what every seat knows (the engine's `public_view()`):
a 5-player partner stays secret until the view says otherwise, the écart is the taker's alone.

Every decision is a row of choices built from `legal_actions()`: bids (higher ones lit), the
called card, the écart as a set (Space or Enter ticks and unticks cards, kings, bouts and
avoidable trumps dimmed with the reason; Enter confirms once the set is full, and the engine
takes its cards one `discard` at a time), slam or not, declarations (highest first, with the
trumps they show; which trumps is the player's choice), then the cards. Cards are laid out as
a grid (↑ ↓ move by a row). The last trick of a hand stays on screen until a key, then the
breakdown (where p shows it again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Static

from familia_tui.core.engine import Event
from familia_tui.core.events import DEAL_SCORED
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.core.session import Table as GameTable
from familia_tui.games.tarot.actions import (
    DISCARD,
    PLAY,
    SLAM,
    Bid,
    Call,
    Declare,
    Discard,
    Pass,
    Slam,
)
from familia_tui.games.tarot.cards import Card
from familia_tui.games.tarot.declarations import Handful
from familia_tui.games.tarot.view import TarotView
from familia_tui.tui.games.tarot.widgets import (
    CLAUSES,
    ShownChips,
    Step,
    bid_choices,
    call_choices,
    card_markup,
    cards_markup,
    contract_markup,
    declarations_markup,
    declarations_on_offer,
    declare_choices,
    event_lines,
    hand_end_markup,
    hand_markup,
    pick_choices,
    refill,
    seats_rows,
    seats_table,
    sentence,
    sides_markup,
    stock_markup,
    trick_markup,
    where_markup,
    won_markup,
)
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Choice, ChoiceBar
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog

CHIP_WIDTH = 7
"""Cells per card in the card grid: `9 10♥` and a gap. At 80 columns 11 cards make a row, so the
3-player taker's 30 cards (hand and chien) fit in three rows, all on screen at once."""


class TarotScreen(TableScreen):
    """One game of French Tarot at the table."""

    CSS_PATH = "screen.tcss"
    game_id = "tarot"
    clause_style = CLAUSES
    held_texts = "tarot.ui.held"
    BINDINGS = [
        # short labels (Trick, Won): with / and Space the keys fit 80 columns
        Binding("space", "tick", "Tick", key_display="Space"),
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("p", "previous", "Trick"),
        Binding("w", "won", "Won"),
        Binding("s", "scores", "Scores"),
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(session, puzzle)
        self.show_previous = False
        self.show_won = False
        """The seats' won cards instead of the seats table (w)."""
        self.declared_enough: set[tuple[int, int]] = set()
        """(hand, seat) of players who chose to declare nothing (more) at their first card."""
        self.pick: Handful | None = None
        """The poignée whose shown trumps the player is choosing."""
        self.picked: list[Card] = []
        self.choice_layout = "buttons"
        """How the choices are laid out: `buttons`, `cards` (a grid), `hand` (the whole hand)."""
        self.grid_columns = 1
        self.decision_shown: tuple[object, ...] = ()
        self.chips: ShownChips = []
        self.drawn: dict[str, str] = {}
        """What each part of the table shows now."""
        self.shown: tuple[TarotView, TarotView] | None = None
        """(the view drawn, the public view) at the last redraw."""
        self.ecart: list[Card] = []
        """The cards ticked for the écart, not yet confirmed."""
        self.hand_end = ""
        """The last trick of the hand just scored (markup): held on the table, then p in the
        breakdown."""

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="contract")
                yield Static(id="stock")
                yield Static(id="declared")
                yield Static(id="trick")
                with VerticalScroll(id="seats-box"):
                    yield Static(id="seats")
                    yield Static(id="sides")
            yield EventLog(id="log")
        yield Static(id="hand")
        yield ChoiceBar(id="choices")
        yield self.explain_line()
        # at 80 columns every key of the table is needed more than the palette's (ctrl+p still works)
        yield AppFooter(show_command_palette=self.glyphs != "ascii" and self.app.size.width >= 100)

    def on_mount(self) -> None:
        state = self.session.table
        log = self.query_one(EventLog)
        if self.puzzle is not None:
            log.add([self.t("ui.practice_started")])
        elif self.session.record.actions:
            public = self.views()[1]
            log.add([self.t("tarot.ui.resumed", hand=public.hand_number, hands=public.hands_total)])
        else:
            log.add(self.event_lines(state.events))
        self.fit_card_grid()
        self.advance()

    # ----- the flow of the game -----

    def advance(self, pause: float | None = None) -> None:
        """As the base; instant bots move on without drawing the table for each move (it is
        drawn when a person is to look at it: a decision, a handoff, a pause, the results)."""
        session = self.session
        delay = self.app.settings.bot_delay if pause is None else pause  # type: ignore[attr-defined]
        if delay <= 0 and not session.table.is_over and not session.is_human_turn() and self.puzzle is None:
            seat = session.viewer_seat()
            if self.choices or self.shown is None or self.shown[0].seat != (-1 if seat is None else seat):
                self.redraw()  # once: the decision just made leaves the screen, a hand is hidden
            self.call_after_refresh(self.bot_step)
            return
        super().advance(pause)

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        return [self.safe(line) for line in event_lines(events, self.shown_seats, self.t, self.glyphs)]

    def after_apply(self, events: Sequence[Event]) -> None:
        self.show_previous = False
        result = next((e.get("result") for e in events if e.kind == DEAL_SCORED), None)
        if result is not None:
            trick = next(e for e in events if e.kind == "trick_won")
            self.hand_end = self.safe(hand_end_markup(trick, result, self.shown_seats, self.t, self.glyphs))
            self.hold(lambda: self.show_results(final=self.session.table.is_over))
            return
        trick_done = any(e.kind == "trick_won" for e in events)
        self.advance(self.app.settings.trick_pause if trick_done else None)  # type: ignore[attr-defined]

    def show_results(self, final: bool = False, review: bool = False) -> None:
        from familia_tui.tui.games.tarot.results import TarotResultsScreen

        public = self.views()[1]
        if not public.results:
            return
        screen = TarotResultsScreen(public.results, public.totals, self.shown_seats, final=final,
                                    review=review, last_trick=self.hand_end)
        self.app.push_screen(screen, self._after_review if review else self._after_result)

    # ----- drawing -----

    def views(self) -> tuple[TarotView, TarotView]:
        """(what the screen may show: the viewer's view, or the public one; the public view)."""
        state = self.session.table
        shown = self.shown_seats
        public = replace(state.public_view(), seats=shown)
        seat = self.session.viewer_seat()
        return (public if seat is None else replace(state.view(seat), seats=shown)), public

    def redraw(self) -> None:
        view, public = self.shown = self.views()
        t, glyphs = self.t, self.glyphs
        declared = declarations_markup(view, t, glyphs)
        for widget_id, text in (
                ("#banner", self.banner_text()),
                ("#contract", where_markup(view, t) + "\n" + contract_markup(view, t, glyphs)),
                ("#stock", stock_markup(view, t, glyphs)), ("#declared", declared),
                ("#trick", self.hand_end if self.held else trick_markup(view, t, glyphs, self.show_previous)),
                ("#sides", sides_markup(view, t))):
            self.put(widget_id, self.safe(text))
        if self.show_won:
            self.put("#seats", self.safe(won_markup(view, t, glyphs)))
        else:
            rows = seats_rows(view, public, t, glyphs)
            self.put("#seats", repr(rows), lambda: seats_table(rows, t, glyphs))
        self.query_one("#declared", Static).display = bool(declared)
        self.show_choices()

    def put(self, widget_id: str, text: str, renderable: Callable[[], Table] | None = None) -> None:
        """Update a part of the table if it changed (every update costs a layout); `text` is the
        markup shown, or what the `renderable` is drawn from."""
        if self.drawn.get(widget_id) != text:
            self.drawn[widget_id] = text
            self.query_one(widget_id, Static).update(renderable() if renderable else text)

    def hand_text(self, view: TarotView) -> str:
        if self.held:
            return self.t("tarot.ui.held_note")
        if view.seat < 0:
            return self.t("ui.hands_hidden")
        return self.t("ui.hand_of", name=view.seats[view.seat].name, cards=hand_markup(view.hand, self.glyphs))

    def show_choices(self, note: str = "") -> None:
        """The base's choice row, rebuilt only when the choices changed (mounting chips is the
        slow part of a redraw); the hand above it unless the choices are the whole hand."""
        self.choice_layout = "buttons"
        choices = self.make_choices() if self.may_decide() else []
        decision = self.decision()
        if decision != self.decision_shown:  # a new kind of decision starts on its first choice
            self.decision_shown, self.cursor = decision, 0
        bar = self.query_one(ChoiceBar)
        if choices != self.choices or not bar.children:
            self.choices = choices
            self.cursor = min(self.cursor, max(len(choices) - 1, 0))
            if choices and not choices[self.cursor].enabled:
                self.cursor = next((i for i, c in enumerate(choices) if c.enabled), 0)
            self.chips = refill(bar, self.chips, choices, self.cursor, note)
        bar.set_class(self.choice_layout != "buttons", "-cards")
        bar.display = bool(self.choices)
        hand = self.query_one("#hand", Static)
        hand.display = self.choice_layout != "hand"
        if self.shown is not None:
            hand.update(self.safe(self.hand_text(self.shown[0])))
        self.explain_text("")
        if self.choices:
            self.describe()
        self.refresh_bindings()  # (the footer is rebuilt only when a key comes or goes)

    def decision(self) -> tuple[object, ...]:
        """What is being decided (the cursor keeps its place only within one decision)."""
        state = self.session.table
        step = "pick" if self.pick is not None else "declare" if self.choice_layout == "buttons" else ""
        decision = (state.to_act, str(state.phase), state.public_view().hand_number, step)
        if decision != self.decision_shown:
            self.ecart = []
        return decision

    def fit_card_grid(self) -> None:
        width = self.size.width or self.app.size.width
        self.grid_columns = max(1, (width - 2) // CHIP_WIDTH)
        self.query_one(ChoiceBar).styles.grid_size_columns = self.grid_columns

    def on_resize(self, event: Resize) -> None:
        self.fit_card_grid()
        footer = self.query_one(AppFooter)
        footer.compact = event.size.width < 100  # every key, / and Space too, fits 80 columns

    def banner_text(self) -> str:
        """As the base; while a redealt hand is bid, first that everyone has new cards."""
        redeal = self.shown[1].redeal if self.shown is not None else None
        text = super().banner_text()
        return f"[b]{self.t(f'tarot.ui.redeal.{redeal}')}[/] {text}" if redeal else text

    def turn_text(self, name: str) -> str:
        state = self.session.table
        phase = str(state.phase)
        if phase == "ecart":
            return self.t("tarot.ui.turn_ecart", name=name, left=self.ecart_size() - len(self.ecart))
        if phase == "play":
            if self.pick is not None:
                need = len(self.pick.fixed) + self.pick.choose
                return self.t("tarot.ui.turn_pick", name=name, need=need, picked=len(self.picked))
            if self.declaring():
                return self.t("tarot.ui.turn_declare", name=name)
        return self.t(f"tarot.ui.turn_{phase}", name=self.safe(name))

    # ----- the choices of each decision -----

    def declaring(self) -> bool:
        """The acting human may still declare, and has not said he declares nothing (more)."""
        state = self.session.table
        levels, miseres = declarations_on_offer(state.legal_actions())
        key = (state.view(state.to_act).hand_number, state.to_act)
        return bool(levels or miseres) and key not in self.declared_enough

    def make_choices(self) -> list[Choice]:
        state, t, glyphs = self.session.table, self.t, self.glyphs
        view: TarotView = state.view(state.to_act)
        legal = state.legal_actions()
        if view.phase == "bid":
            return bid_choices(legal, t)
        if view.phase == "call":
            return call_choices(view, legal, t, glyphs)
        if view.phase == "slam":
            return [Choice(t("tarot.ui.no_slam"), True, SLAM[False]), Choice(t("tarot.ui.slam"), True, SLAM[True])]
        if view.phase == "ecart":
            self.choice_layout = "hand"
            return [Choice(card_markup(c, glyphs), self.may_tick(c), DISCARD[c], c in self.ecart)
                    for c in view.hand]
        if self.pick is not None:
            self.choice_layout = "cards"
            return pick_choices(self.pick, self.picked, t, glyphs)
        if self.declaring():
            return declare_choices(view, legal, t)
        self.choice_layout = "hand"
        return [Choice(card_markup(c, glyphs), PLAY[c] in legal, PLAY[c]) for c in view.hand]

    def describe(self) -> None:
        """What the choice under the cursor means, for decisions that need words."""
        choice = self.choices[self.cursor]
        value = choice.value
        self.query_one("#explain", Static).set_class(choice.enabled, "-info")
        if not choice.enabled:
            self.explain_text(self.why_not(choice))
        elif isinstance(value, Step) and value.name == "poignee" and value.level is not None:
            shown = value.level.action(0)
            text = self.t("tarot.ui.poignee_shows", cards=cards_markup(shown.cards, self.glyphs))
            if len(value.level.pool) > value.level.choose:
                text += " " + self.t("tarot.ui.poignee_choose")
            self.explain_text(f"{text}\n{self.explanation(shown)}")
        elif isinstance(value, Step) and value.name == "none":
            view = self.session.table.view(self.session.table.to_act)
            done = any(d.seat == view.seat for d in view.declarations)
            self.explain_text(self.t("tarot.ui.no_more_hint" if done else "tarot.ui.no_declaration_hint"))
        elif isinstance(value, Step) and self.pick is not None:
            self.explain_text(self.t("tarot.ui.picked", cards=cards_markup(sorted(self.picked), self.glyphs),
                                     count=len(self.picked), need=self.pick.choose))
        elif isinstance(value, (Call, Slam, Declare)):
            self.explain_text(self.explanation(value))
        elif isinstance(value, Discard):
            self.explain_text(self.ecart_text())
        elif isinstance(value, (Bid, Pass)):
            self.explain_text(self.t(f"tarot.ui.about_{value.contract if isinstance(value, Bid) else 'pass'}"))
        else:
            self.explain_text("")

    def explanation(self, action: object) -> str:
        """The engine's explain() chain in the app's language and glyphs, as a sentence (its
        clauses are written to be chained: `x → y`, lower case)."""
        return sentence(self.explanation_text(self.session.table.explain(action)))

    def why_not(self, choice: Choice) -> str:
        return f"[b]{self.t('ui.not_allowed')}[/] {self.explanation(choice.value)}"

    # ----- keys and clicks -----

    def moved(self) -> None:
        super().moved()
        self.describe()

    def chosen(self, choice: Choice) -> None:
        value = choice.value
        if isinstance(value, Step):
            self.step(value)
            return
        if isinstance(value, Discard):
            self.enter_ecart(value.card)
            return
        self.pick, self.picked = None, []
        self.apply(value)

    def step(self, step: Step) -> None:
        """A declaration step: nothing (more) to declare, a poignée's trumps, back."""
        state = self.session.table
        keep_cursor = False
        if step.name == "none":
            self.declared_enough.add((state.view(state.to_act).hand_number, state.to_act))
        elif step.name == "poignee" and step.level is not None:
            if len(step.level.pool) == step.level.choose:
                self.apply(step.level.action(0))  # nothing to choose: every trump is shown
                return
            self.pick, self.picked = step.level, list(step.level.pool[:step.level.choose])
        elif step.name == "trump" and step.card is not None:
            self.picked.remove(step.card) if step.card in self.picked else self.picked.append(step.card)
            keep_cursor = True
        else:
            self.pick, self.picked = None, []
        cursor = self.cursor
        self.cursor = 0
        self.redraw()
        if keep_cursor and cursor < len(self.choices):
            self.cursor = cursor
            self.query_one(ChoiceBar).select(cursor)
            self.describe()

    # ----- the écart: a set of cards, confirmed at once -----

    def ecart_size(self) -> int:
        """The cards the écart still needs (all of the chien's size, unless a resumed game has
        some discarded already): the engine's count."""
        return self.session.table.public_view().ecart_left

    def ecart_order(self, cards: Sequence[Card]) -> list[Discard] | None:
        """The engine's discards that make an écart holding `cards`, in an order the engine takes
        (suit cards before trumps) and filled up with other legal discards when `cards` is not
        complete; None when no legal écart holds them all. `legal_actions()` decides alone."""
        table: GameTable | None = self.session.table
        pending, size = list(cards), self.ecart_size()
        order: list[Discard] = []
        for _ in range(size):
            assert table is not None
            legal = table.legal_actions()
            action = next((DISCARD[c] for c in pending if DISCARD[c] in legal), None)
            if action is None and len(order) + len(pending) < size:
                action = next((a for a in legal if isinstance(a, Discard) and a.card not in pending), None)
            if action is None:
                return None
            pending = [c for c in pending if c != action.card]
            table = table.after([action])
            order.append(action)
        return order if not pending else None

    def may_tick(self, card: Card) -> bool:
        """A ticked card may be unticked; another may join when some legal écart holds it with
        the ticked ones (when the set is full, when some legal écart holds it at all)."""
        if card in self.ecart:
            return True
        full = len(self.ecart) >= self.ecart_size()
        return self.ecart_order([card] if full else [*self.ecart, card]) is not None

    def ecart_text(self) -> str:
        need = self.ecart_size()
        chosen = self.t("tarot.ui.ecart_set", count=len(self.ecart), need=need,
                        cards=cards_markup(self.ecart, self.glyphs))
        keys = "tarot.ui.ecart_ready" if len(self.ecart) == need else "tarot.ui.ecart_keys"
        return self.safe(f"{chosen}\n{self.t(keys, need=need)}")

    def enter_ecart(self, card: Card) -> None:
        """Enter: confirms a full écart; otherwise ticks (or unticks) the card under the cursor and
        moves to the next card not ticked."""
        if len(self.ecart) == self.ecart_size():
            order = self.ecart_order(self.ecart)
            self.ecart = []
            for action in order or ():
                self.apply(action)
            return
        ticked = card not in self.ecart
        self.tick(card)
        if ticked and card in self.ecart:
            after = [i for i, c in enumerate(self.choices) if c.enabled and not c.marked]
            target = next((i for i in after if i > self.cursor), after[0] if after else self.cursor)
            self.cursor = target
            self.query_one(ChoiceBar).select(target)
            self.describe()

    def tick(self, card: Card) -> None:
        """Tick or untick one card of the écart; a card no legal écart allows shows why."""
        if card in self.ecart:
            self.ecart.remove(card)
        elif len(self.ecart) >= self.ecart_size():
            self.explain_text(self.t("tarot.ui.ecart_full", need=self.ecart_size()))
            self.app.bell()
            return
        elif self.ecart_order([*self.ecart, card]) is None:
            self.explain_text(self.why_not(Choice("", False, DISCARD[card])))
            self.app.bell()
            return
        else:
            self.ecart.append(card)
        self.put("#banner", self.safe(self.banner_text()))  # the count; the rest of the table stays
        self.show_choices()
        self.query_one(ChoiceBar).select(self.cursor)

    def action_tick(self) -> None:
        """Space: tick or untick the card under the cursor for the écart."""
        value = self.choices[self.cursor].value if self.choices else None
        if isinstance(value, Discard):
            self.tick(value.card)

    def action_row(self, step: int) -> None:
        """↑ ↓: a row up or down in the card grid."""
        columns = self.grid_columns if self.choice_layout != "buttons" else 1
        target = self.cursor + step * columns
        if self.choices and 0 <= target < len(self.choices):
            self.cursor = target
            self.moved()

    def action_previous(self) -> None:
        self.show_previous = not self.show_previous
        self.redraw()

    def action_won(self) -> None:
        self.show_won = not self.show_won
        self.redraw()

    def action_scores(self) -> None:
        self.show_results(review=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tick":
            return str(self.session.table.phase) == "ecart" and bool(self.choices)
        if action == "row":
            return True if self.choices else None
        if action == "scores":
            return True if self.shown is not None and self.shown[1].results else None
        if action in ("previous", "won"):
            return True if self.shown is not None and self.shown[0].tricks else None
        return super().check_action(action, parameters)


TABLE = TarotScreen
"""The table screen of the game (found by the registry)."""
