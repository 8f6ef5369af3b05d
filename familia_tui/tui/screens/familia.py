"""The Familia table: seats, piles and stock, the trick and its batting, the hand, the log.

The screen drives a `Session`: it shows the view of the person at the keyboard, runs bots at the
configured pace, covers the table with a handoff whenever another human's decision comes up, and
shows the game's breakdown when a game is scored. Legality comes only from `legal_actions()`;
an illegal card can be selected to read `explain()`.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from familia_tui.core.cards import JOKER, suit_order_key
from familia_tui.core.engine import IllegalAction
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.familia.actions import ChoosePile, PlayCard
from familia_tui.games.familia.view import FamiliaView
from familia_tui.tui.glyphs import card_markup, cards_markup, clause_renderer, colour_glyph, suit_text
from familia_tui.tui.widgets.choices import Choice, ChoiceBar
from familia_tui.tui.widgets.familia import (
    centre_markup,
    event_lines,
    result_markup,
    seats_table,
    trick_markup,
)
from familia_tui.tui.widgets.log import EventLog
from familia_tui.tui.screens.base import AppScreen


class FamiliaScreen(AppScreen[None]):
    """One Familia match at the table."""

    CSS_PATH = "familia.tcss"
    game_id = "familia"
    BINDINGS = [
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("enter", "choose", "Choose", key_display="Enter"),
        *[Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)],
        Binding("b", "pile('black')", "Black", show=False),
        Binding("r", "pile('red')", "Red", show=False),
        Binding("p", "previous", "Last trick"),
        Binding("h", "hint", "Hint"),
        Binding("a", "answer", "Answer"),
        Binding("q", "leave", "Save & quit"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(classes="familia")
        self.session = session
        self.puzzle = puzzle
        """A practice puzzle: its question is shown, one decision is taken, then the answer."""
        self.hints_shown = 0
        self.cursor = 0
        self.choices: list[Choice] = []
        self.joker_suits = False
        """The leader picked a Joker and now names its suit [R-F14]."""
        self.show_previous = False
        self.bot_timer = None

    @property
    def rules_options(self):  # type: ignore[no-untyped-def]
        return self.session.record.options

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="centre")
                yield Static(id="trick")
                with VerticalScroll(id="seats-box"):
                    yield Static(id="seats")
            yield EventLog(id="log")
        yield ChoiceBar(id="choices")
        yield Static(id="explain")
        yield Footer(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        state = self.session.state
        if self.puzzle is not None:
            self.query_one(EventLog).add([self.t("ui.practice_started")])
        elif self.session.record.actions:
            self.query_one(EventLog).add([self.t("log.resumed", game=state.match.game_no)]
                                         + self.history_lines())
        else:
            self.query_one(EventLog).add([self.t("log.started", game=state.match.game_no)])
        self.advance()

    def history_lines(self) -> list[str]:
        """The finished tricks of the game so far, for the log of a resumed game."""
        seats = self.session.seats
        return [line for trick in self.session.state.history
                for line in result_markup(trick, seats, self.t, self.glyphs).splitlines()]

    @property
    def practice_done(self) -> bool:
        return self.puzzle is not None and bool(self.session.record.actions)

    # ----- the flow of the game -----

    def advance(self, pause: float | None = None) -> None:
        """After every change: redraw, then let a bot move, hand over, or wait for a human."""
        self.joker_suits = False
        self.redraw()
        session = self.session
        if session.state.is_over:
            return
        if self.practice_done:
            self.action_answer()
            return
        if not session.is_human_turn():
            delay = self.app.settings.bot_delay if pause is None else pause  # type: ignore[attr-defined]
            if delay > 0:
                self.bot_timer = self.set_timer(delay, self.bot_step)
            else:
                self.call_after_refresh(self.bot_step)
            return
        person = session.handoff_due()
        if person is not None:
            from familia_tui.tui.screens.handoff import HandoffScreen

            self.app.push_screen(HandoffScreen(person), self._handed_over)

    def _handed_over(self, person: str | None) -> None:
        if person:
            self.session.confirm(person)
        self.redraw()

    def bot_step(self) -> None:
        if self.session.is_human_turn() or self.session.state.is_over or not self.is_current:
            return
        self.apply(self.session.bot_action())

    def apply(self, action: object) -> None:
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            self.explain_text(error.explanation.text(self.app.settings.lang) if error.explanation else str(error))  # type: ignore[attr-defined]
            return
        self.query_one(EventLog).add(event_lines(events, self.session.seats, self.t, self.glyphs))
        if self.session.save_error:
            self.notify(self.session.save_error, severity="error")
        scored = [e for e in events if e.kind == "game_scored"]
        trick_done = any(e.kind == "trick_resolved" for e in events)
        if scored:
            self.redraw()
            self._show_result(scored[0].get("result"))
        else:
            self.advance(self.app.settings.trick_pause if trick_done else None)  # type: ignore[attr-defined]

    def _show_result(self, result: object) -> None:
        from familia_tui.tui.screens.familia_results import FamiliaResultsScreen

        state = self.session.state
        screen = FamiliaResultsScreen(result, self.session.seats, self.rules_options,  # type: ignore[arg-type]
                                      state.match, final=state.is_over)
        self.app.push_screen(screen, self._after_result)

    def _after_result(self, _: object = None) -> None:
        if self.session.state.is_over:
            self.app.pop_screen()
        else:
            self.advance()

    # ----- drawing -----

    def view(self) -> FamiliaView:
        seat = self.session.viewer_seat()
        return self.session.state.view(seat if seat is not None else 0)

    def redraw(self) -> None:
        view = self.view()
        viewer = self.session.viewer_seat()
        self.query_one("#banner", Static).update(self.banner(view))
        self.query_one("#seats", Static).update(seats_table(view, self.t, self.glyphs))
        where = self.t("ui.where", deal=view.deal + 1, deals=view.deals, trick=view.trick_no + 1,
                       tricks=view.tricks, style=self.t("ui.style_" + view.style),
                       game=self.session.state.match.game_no)
        centre = f"[b]{where}[/]\n" + centre_markup(view, self.t, self.glyphs)
        if viewer is not None and len(view.own_hands) > 1:  # 2 players: the other hand [R-F27]
            other = next(s for s in view.own_hands if s != viewer)
            centre += "\n" + self.t("ui.other_hand", name=view.seats[other].name,
                                    cards=cards_markup(sorted(view.own_hands[other], key=suit_order_key), self.glyphs))
        self.query_one("#centre", Static).update(centre)
        trick = (result_markup(view.last_trick, view.seats, self.t, self.glyphs)
                 if self.show_previous and view.last_trick else trick_markup(view, self.t, self.glyphs))
        self.query_one("#trick", Static).update(trick)
        self.choices = self.make_choices(view, viewer)
        self.cursor = min(self.cursor, max(len(self.choices) - 1, 0))
        if self.choices and not self.choices[self.cursor].enabled:
            self.cursor = next((i for i, c in enumerate(self.choices) if c.enabled), 0)
        self.query_one(ChoiceBar).show(self.choices, self.cursor, self.hand_note(view, viewer))
        self.explain_text("")
        self.refresh_bindings()

    def banner(self, view: FamiliaView) -> str:
        """What happens now: the puzzle's question, whose turn it is, or the end."""
        if self.puzzle is not None:
            key = "ui.practice_done" if self.practice_done else "ui.practice_banner"
            return f"[b reverse] {self.t(key)} [/] {self.text_of(self.puzzle.question)}"
        if self.session.state.is_over:
            return self.t("ui.match_over")
        seat = view.seats[view.to_act] if view.to_act is not None else None
        if seat is None:
            return ""
        if not seat.is_human:
            return self.t("ui.bot_turn", name=seat.name)
        key = "ui.turn_pile" if view.phase == "pile" else "ui.turn_play"
        return f"[b reverse] {self.t(key, name=seat.name)} [/]"

    def hand_note(self, view: FamiliaView, viewer: int | None) -> str:
        if viewer is None:
            return self.t("ui.hands_hidden")
        hand = sorted(view.own_hands[viewer], key=suit_order_key)
        return self.t("ui.hand_of", name=view.seats[viewer].name, cards=cards_markup(hand, self.glyphs))

    def make_choices(self, view: FamiliaView, viewer: int | None) -> list[Choice]:
        """The decision of the acting human, if the screen may show it."""
        if self.practice_done or viewer is None or viewer != view.to_act or not self.session.is_human_turn():
            return []
        legal = set(self.session.state.legal_actions())
        if view.phase == "pile":
            return [Choice(f"{colour_glyph(c, self.glyphs)} {self.t('ui.pile_' + c)} ({view.piles[c]})",
                           ChoosePile(c) in legal, ChoosePile(c)) for c in ("black", "red")]
        if self.joker_suits:
            return [Choice(suit_text(s, self.glyphs), PlayCard(JOKER, s) in legal, PlayCard(JOKER, s))
                    for s in ("S", "H", "D", "C")]
        playable = {a.card for a in legal if isinstance(a, PlayCard)}
        hand = sorted(view.hand, key=suit_order_key)
        return [Choice(card_markup(c, self.glyphs), c in playable, PlayCard(c)) for c in hand]

    def explain_text(self, text: str) -> None:
        self.query_one("#explain", Static).update(text)

    # ----- keys and clicks -----

    def action_cursor(self, step: int) -> None:
        if self.choices:
            self.cursor = (self.cursor + step) % len(self.choices)
            self._moved()

    def action_pick(self, index: int) -> None:
        if index < len(self.choices):
            self.cursor = index
            self._moved()

    def _moved(self) -> None:
        self.query_one(ChoiceBar).select(self.cursor)
        choice = self.choices[self.cursor]
        self.explain_text("" if choice.enabled else self.why_not(choice))

    def why_not(self, choice: Choice) -> str:
        """The explain() chain for a dimmed choice [in the app's language]."""
        explanation = self.session.state.explain(choice.value)
        text = explanation.text(self.app.settings.lang, clause_renderer(self.glyphs))  # type: ignore[attr-defined]
        return f"[b]{self.t('ui.not_allowed')}[/] {text}"

    def action_choose(self) -> None:
        if not self.choices:
            return
        choice = self.choices[self.cursor]
        if not choice.enabled:
            self.explain_text(self.why_not(choice))
            self.app.bell()
            return
        action = choice.value
        if isinstance(action, PlayCard) and action.card == JOKER and not self.joker_suits and \
                PlayCard(JOKER) not in self.session.state.legal_actions():
            self.joker_suits = True  # the leader names the Joker's suit [R-F14]
            self.choices = self.make_choices(self.view(), self.session.viewer_seat())
            self.cursor = 0
            self.query_one(ChoiceBar).show(self.choices, 0)
            self.explain_text(self.t("ui.name_suit"))
            return
        self.show_previous = False
        self.apply(action)

    def on_choice_bar_picked(self, message: ChoiceBar.Picked) -> None:
        self.cursor = message.index
        self.action_choose()

    def action_pile(self, colour: str) -> None:
        for index, choice in enumerate(self.choices):
            if choice.value == ChoosePile(colour):
                self.cursor = index
                self.action_choose()

    def action_previous(self) -> None:
        self.show_previous = not self.show_previous
        self.redraw()

    def text_of(self, text: object) -> str:
        """A puzzle text in the app's language (texts may be a plain string or {en, ja})."""
        if isinstance(text, dict):
            return str(text.get(self.app.settings.lang) or text.get("en") or "")  # type: ignore[attr-defined]
        return str(text or "")

    def action_hint(self) -> None:
        if self.puzzle is None or not self.puzzle.hints:
            return
        self.hints_shown = min(self.hints_shown + 1, len(self.puzzle.hints))
        hints = [self.text_of(h) for h in self.puzzle.hints[:self.hints_shown]]
        self.explain_text("\n".join(f"{self.t('ui.hint')} {i + 1}: {h}" for i, h in enumerate(hints)))

    def action_answer(self) -> None:
        if self.puzzle is not None:
            self.explain_text(f"[b]{self.t('ui.answer')}[/] {self.text_of(self.puzzle.explanation)}")

    def action_back(self) -> None:
        """Leave a practice puzzle."""
        self.app.pop_screen()

    def action_leave(self) -> None:
        """Back home; the game is already autosaved after the last action."""
        if self.bot_timer is not None:
            self.bot_timer.stop()
        self.app.pop_screen()
        if self.puzzle is None:
            self.app.notify(self.t("ui.saved"), timeout=4)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("choose", "cursor", "pick"):
            return True if self.choices else None
        if action == "pile":
            return self.session.state.phase == "pile" and bool(self.choices)
        if action in ("hint", "answer", "back"):
            return self.puzzle is not None
        if action == "leave":
            return self.puzzle is None
        return True
