"""The six-suit table: the face card at stake, the trick and the last one with its judgement, the
seats with their public counts, the acting hand, the log.

The screen drives a `Session` like every table (`screens/table.py`): bots at the configured pace,
a hot-seat curtain whenever another human's decision comes up, and the team's split of its
Jokers and white card shown only to the team's members behind a curtain naming them [R-S26]
(the session reads the state's `deciders`; the view holds only what the team may know).

Every decision made in several picks goes through `core/picks.py`, so Enter never chooses among
several legal actions: a hand card, then face up or face down (u / d choose directly; the first
card of a trick has only face up [R-S12] and is played at once); the rebuild, then the hand cards
to discard before it, then the rebuild itself; the split, one special card after another, each to
a member. Esc takes a pick back. The game's last trick stays on the table until a key, then the
results: every scoring item per player, the teams' totals and the tie-break used.

The rebuild is declared in rounds after every trick [R-S3], [R-S4], so each player who has not
rebuilt is asked again and again: the question starts on "No rebuild" (Enter, or n from anywhere
in it), and "No rebuild until my deck runs out" makes the screen answer "pass" for that seat,
without a question or a curtain, while its deck has cards (r asks again). The engine's rounds are
untouched: every answer is an action in the record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget

from familia_tui.core.cards import Card
from familia_tui.core.engine import Event
from familia_tui.core.picks import ActionPicks
from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session
from familia_tui.games.sixsuit.actions import DECK, PASS, Play, Rebuild, SixSuitAction, Split, play
from familia_tui.games.sixsuit.view import SixSuitView
from familia_tui.tui.games.sixsuit.widgets import (
    CLAUSES,
    HandPanel,
    SixFrame,
    SixTable,
    StakePanel,
    event_lines,
    sorted_hand,
)
from familia_tui.tui.glyphs import card_markup, cards_markup, rulings_shown
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.choices import Choice
from familia_tui.tui.widgets.footer import AppFooter
from familia_tui.tui.widgets.log import EventLog

REBUILD = "rebuild"
"""The first pick of a rebuild (the hand cards to discard come next)."""

LATER = "later"
"""No rebuild, and no more questions until the player's deck runs out (a standing order)."""


class Discard(NamedTuple):
    """A hand card ticked to be discarded before the rebuild (by place: two Jokers are two)."""

    index: int
    card: Card


class Give(NamedTuple):
    """One special card of the team's split given to a member [R-S26]."""

    seat: int
    card: Card


def parts(action: SixSuitAction, members: Sequence[int]) -> tuple[object, ...]:
    """An action's picks: a card and up/down; the rebuild and its discards; each special card of
    a split with its member; the deck's top card and a pass are one pick each."""
    if isinstance(action, Play):
        return (action.card, action.face_up)
    if isinstance(action, Rebuild):
        return (REBUILD, *action.discard)
    if isinstance(action, Split):
        return tuple(Give(seat, card) for seat, share in zip(members, action.shares) for card in share)
    return (str(action),)


class SixSuitScreen(TableScreen):
    """One six-suit game at the table."""

    CSS_PATH = "screen.tcss"
    game_id = "sixsuit"
    clause_style = CLAUSES
    held_texts = "six.ui.held"
    BINDINGS = [
        Binding("u", "face(True)", "Face up"),
        Binding("d", "face(False)", "Face down"),
        Binding("p", "previous", "Last trick"),
        Binding("ctrl+z", "undo", "Undo"),  # (u is face up here)
        Binding("n", "no_rebuild", "No rebuild"),
        Binding("r", "ask_rebuild", "Ask to rebuild", show=False),  # (the hand says so: the footer keeps its room)
    ]

    def __init__(self, session: Session, puzzle: ScenarioFile | None = None) -> None:
        super().__init__(session, puzzle)
        self.picked: list[object] = []
        """The parts of the decision picked so far (a card; the rebuild; the split's gifts)."""
        self.ticked: set[int] = set()
        """The hand cards (by place) ticked to be discarded before a rebuild."""
        self.show_previous = False
        """The last trick's plays shown beside the trick in play (p); the next play hides them."""
        self.not_asked: set[int] = set()
        """The seats whose players chose "no rebuild until my deck runs out": while their deck has
        cards, the screen answers the declaration for them without asking (or curtaining)
        [R-S3], [R-S4]; r asks them again. (Kept while the game is on the table.)"""

    def lesson_area(self, area: str) -> Widget | None:
        """A guided game's lesson points at the face card at stake (`table`) and the seats
        (`scores`) here; the base maps the rest."""
        found = self.query({"table": "#stake", "scores": "#seats-box"}.get(area, "#-none"))
        return found.first() if found else super().lesson_area(area)

    def compose(self) -> ComposeResult:
        from familia_tui.tui.widgets.choices import ChoiceBar

        yield self.banner_line()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield StakePanel(id="stake").data_bind(SixSuitScreen.frame)
                with VerticalScroll(id="seats-box"):
                    table = SixTable(id="table")
                    table.bottom = self.table_bottom()
                    yield table.data_bind(SixSuitScreen.frame)
            yield EventLog(id="log")
        yield HandPanel(id="hand").data_bind(SixSuitScreen.frame)
        yield ChoiceBar(id="choices")
        yield self.explain_line()
        yield AppFooter(show_command_palette=self.glyphs != "ascii")

    def on_mount(self) -> None:
        self.open_log("six.log.started", "six.log.resumed")
        self.advance()

    # ----- the flow of the game -----

    def advance(self, pause: float | None = None) -> None:
        self.picked, self.ticked = [], set()
        if self.declines_unasked():
            self.redraw()  # (the seat's decision is not shown: the viewer is whoever was there)
            self.bot_timer = self.set_timer(max(pause or 0, 0.01), self.decline_unasked)
            return
        super().advance(pause)

    def declines_unasked(self) -> bool:
        """Whether the seat to declare a rebuild asked not to be asked while its deck has cards,
        and its deck has cards (the rebuild is then never compulsory)."""
        session, table = self.session, self.session.table
        seat = table.to_act
        return (table.phase == "rebuild" and seat in self.not_asked and session.is_human_turn()
                and self.puzzle is None and bool(table.view(seat).deck_size) and PASS in table.legal_actions())

    def decline_unasked(self) -> None:
        """No rebuild, as the player ordered: nobody is asked, nothing is shown."""
        if self.is_current and self.declines_unasked():
            self.apply(PASS, standing=True)

    def event_lines(self, events: Sequence[Event]) -> list[str]:
        return event_lines(events, self.shown_seats, self.t, self.glyphs)

    def after_apply(self, events: Sequence[Event]) -> None:
        self.show_previous = False
        if any(e.kind == "game_over" for e in events):
            self.hold(self.show_results)  # the last face card's trick stays until a key
        else:
            ended = any(e.kind in ("trick_won", "no_winner") for e in events)
            self.advance(self.app.settings.trick_pause if ended else None)

    def show_results(self) -> None:
        from familia_tui.tui.games.sixsuit.results import SixSuitResultsScreen

        self.redraw()
        screen = SixSuitResultsScreen(self.session.table.result(), self.session.table.public_view(),
                                      self.shown_seats)
        self.app.push_screen(screen, self._after_result)

    # ----- drawing -----

    def view(self) -> SixSuitView:
        """The viewer's view; between two humans the public one (what every seat knows)."""
        seat, table = self.session.viewer_seat(), self.session.table
        view = table.public_view() if seat is None else table.view(seat)
        return replace(view, seats=self.shown_seats)

    def redraw(self) -> None:
        self.banner = self.banner_text()
        gifts = tuple((p.seat, p.card) for p in self.picked if isinstance(p, Give))
        viewer = self.session.viewer_seat()
        self.frame = SixFrame(self.view(), viewer, self.t, self.glyphs, split_so_far=gifts,
                              held=self.held is not None, previous=self.show_previous,
                              not_asked=viewer in self.not_asked, lang=self.lang)
        self.show_choices(self.t("six.ui.held_note") if self.held else "")
        if self.choices and self.choices[self.cursor].enabled:
            self.explain_text(self.decision_note())

    def turn_text(self, name: str) -> str:
        table, t = self.session.table, self.t
        view = self.view()
        if table.phase == "split":
            names = t("ui.names_separator").join(self.shown_seats[s].name for s in table.deciders)
            gifts = len(self.picked)
            card = sorted(view.team_specials)[gifts] if gifts < len(view.team_specials) else None
            return t("six.ui.turn_split", names=names, card=card_markup(card, self.glyphs) if card else "")
        if table.phase == "rebuild":
            if self.declines_unasked():
                return self.t("six.ui.turn_not_asked", name=name)
            if self.picked:
                return t("six.ui.turn_discard", name=name)
            forced = table.legal_actions() == [Rebuild(())]
            return rulings_shown(t("six.ui.turn_rebuild_forced" if forced else "six.ui.turn_rebuild", name=name))
        if self.picked:
            return t("six.ui.turn_updown", name=name, card=card_markup(self.picked[0], self.glyphs))  # type: ignore[arg-type]
        if not view.hand:
            return rulings_shown(t("six.ui.turn_pass", name=name))
        lead = not any(isinstance(a, Play) and not a.face_up for a in table.legal_actions())
        return rulings_shown(t("six.ui.turn_lead" if lead else "six.ui.turn_play", name=name))

    def may_decide(self) -> bool:
        """Not while the screen answers a declaration for the player (`declines_unasked`)."""
        return super().may_decide() and not self.declines_unasked()

    def decision_note(self) -> str:
        """A word on the decision on screen (face down, the rebuild, the split)."""
        phase = self.session.table.phase
        if phase == "split":
            return rulings_shown(self.t("six.ui.split_note"))
        if phase == "rebuild":
            return rulings_shown(self.t("six.ui.rebuild_note"))
        return rulings_shown(self.t("six.ui.updown_note")) if self.picked else ""

    # ----- the choices -----

    def picks(self) -> ActionPicks[object, SixSuitAction]:
        table = self.session.table
        members = table.deciders
        return ActionPicks(table.legal_actions(), parts=lambda action: parts(action, members))

    def make_choices(self) -> list[Choice]:
        phase = self.session.table.phase
        if phase == "split":
            return self.split_choices()
        if phase == "rebuild":
            return self.rebuild_choices()
        return self.play_choices()

    def play_choices(self) -> list[Choice]:
        t, glyphs, legal = self.t, self.glyphs, self.session.table.legal_actions()
        if self.picked:
            card = self.picked[0]
            assert isinstance(card, Card)
            return [Choice(t("six.ui.face_up", card=card_markup(card, glyphs)), play(card, True) in legal,
                           play(card, True)),
                    Choice(t("six.ui.face_down", card=card_markup(card, glyphs)), play(card, False) in legal,
                           play(card, False))]
        picks = self.picks()
        cards = [Choice(card_markup(card, glyphs), picks.may_add([], card), play(card, True))
                 for card in sorted_hand(self.view().hand)]
        return cards + [Choice(t("six.ui.deck_top"), DECK in legal, DECK),
                        Choice(t("six.ui.pass_turn"), PASS in legal, PASS)]

    def rebuild_choices(self) -> list[Choice]:
        t, glyphs, legal = self.t, self.glyphs, self.session.table.legal_actions()
        if not self.picked:
            forced = legal == [Rebuild(())]
            later = [Choice(t("six.ui.rebuild_later"), True, LATER)] if PASS in legal and self.view().deck_size else []
            return [Choice(t("six.ui.no_rebuild"), PASS in legal, PASS),
                    Choice(t("six.ui.rebuild_forced" if forced else "six.ui.rebuild"), True, REBUILD), *later]
        hand = sorted_hand(self.view().hand)
        discard = [hand[i] for i in sorted(self.ticked)]
        (action,) = self.picks().made([REBUILD, *discard])
        label = t("six.ui.rebuild_now", cards=cards_markup(discard, glyphs)) if discard else t("six.ui.rebuild_keep")
        return [Choice(card_markup(card, glyphs), True, Discard(i, card), marked=i in self.ticked)
                for i, card in enumerate(hand)] + [Choice(label, True, action)]

    def split_choices(self) -> list[Choice]:
        table, picks = self.session.table, self.picks()
        card = sorted(self.view().team_specials)[len(self.picked)]
        return [Choice(self.t("six.ui.give_to", card=card_markup(card, self.glyphs), name=self.shown_seats[s].name),
                       picks.may_add(self.picked, Give(s, card)), Give(s, card)) for s in table.deciders]

    def action_label(self, action: object) -> str:
        """A split, a rebuild or a face-down play in the words of the choices that make it."""
        t, glyphs = self.t, self.glyphs
        if isinstance(action, Split):
            table = self.session.table
            return ", ".join(t("six.ui.give_to", card=cards_markup(share, glyphs), name=self.shown_seats[seat].name)
                             for seat, share in zip(table.deciders, action.shares, strict=True) if share)
        if isinstance(action, Rebuild):
            return (t("six.ui.rebuild_now", cards=cards_markup(action.discard, glyphs)) if action.discard
                    else t("six.ui.rebuild_keep"))
        if isinstance(action, Play):
            return t("six.ui.face_up" if action.face_up else "six.ui.face_down", card=card_markup(action.card, glyphs))
        return super().action_label(action)

    # ----- keys and clicks -----

    def chosen(self, choice: Choice) -> None:
        value, picks = choice.value, self.picks()
        if isinstance(value, Play) and not self.picked:
            offers = picks.offers([value.card])
            if len(offers) == 1:  # the first card of a trick: face up only [R-S12]
                self.apply(offers[0])
            else:
                self.pick([value.card])
        elif value == REBUILD:
            offers = picks.offers([REBUILD])
            if len(offers) == 1:  # an empty hand: nothing to discard (the forced rebuild too)
                self.apply(offers[0])
            else:
                self.pick([REBUILD])
        elif value == LATER:
            seat = self.session.to_act
            assert seat is not None
            self.not_asked.add(seat)
            self.query_one(EventLog).add([self.t("six.log.rebuild_later", name=self.shown_seats[seat].name)])
            self.apply(PASS)
        elif isinstance(value, Discard):
            self.ticked ^= {value.index}
            self.redraw()
        elif isinstance(value, Give):
            made = picks.made([*self.picked, value])
            if len(made) == 1:
                self.apply(made[0])
            else:
                self.pick([*self.picked, value])
        else:
            self.apply(value)

    def pick(self, picked: list[object]) -> None:
        self.picked, self.cursor = picked, 0
        self.redraw()

    def moved(self) -> None:
        super().moved()
        if self.choices[self.cursor].enabled:
            self.explain_text(self.decision_note())

    def action_face(self, face_up: bool) -> None:
        """u / d: the card picked (or the card under the cursor) face up or face down."""
        if not self.choices or self.session.table.phase != "play":
            return
        card = self.picked[0] if self.picked else getattr(self.choices[self.cursor].value, "card", None)
        if not isinstance(card, Card):
            self.app.bell()
            return
        action = play(card, face_up)
        if action in self.session.table.legal_actions():
            self.apply(action)
        else:
            self.explain_text(self.why_not(Choice("", False, action)))
            self.app.bell()

    def may_say_no_rebuild(self) -> bool:
        """Whether the player on screen is asked to rebuild and may say no (not when compulsory)."""
        table = self.session.table
        return bool(self.choices) and table.phase == "rebuild" and PASS in table.legal_actions()

    def action_no_rebuild(self) -> None:
        """n: no rebuild this time, in one key (the declaration comes round again)."""
        if self.may_say_no_rebuild():
            self.apply(PASS)

    def action_ask_rebuild(self) -> None:
        """r: ask again at every cleanup (undoes "no rebuild until my deck runs out")."""
        seat = self.session.viewer_seat()
        if seat in self.not_asked:
            self.not_asked.discard(seat)
            self.query_one(EventLog).add([self.t("six.log.rebuild_ask", name=self.shown_seats[seat].name)])
            self.redraw()

    def action_back(self) -> None:
        """Esc takes the last pick back (the card, the rebuild with its ticks, a gift)."""
        if self.picked:
            self.ticked = set()
            self.pick(self.picked[:-1] if isinstance(self.picked[-1], Give) else [])
            return
        super().action_back()

    def action_previous(self) -> None:
        """p: the last trick's plays beside the trick in play, or not."""
        self.show_previous = not self.show_previous
        self.redraw()

    def spare_actions(self) -> tuple[str, ...]:
        """While a picked card waits for face up or down, its keys and Esc, which the banner
        names ("face up (u) or face down (d)? Esc goes back"), then undo and the hint; always
        last, the last trick (p). At 80 columns the keys that work need the room."""
        if self.picked and self.session.table.phase == "play":
            return ("face(True)", "face(False)", *super().spare_actions(), "back", "previous")
        return (*super().spare_actions(), "previous")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "previous":  # hidden until there is a last trick (the split, the first trick)
            return bool(self.view().last_trick)
        if action == "face":  # d is left out on a lead: only face up is allowed there [R-S12]
            legal = self.session.table.legal_actions()
            return self.session.table.phase == "play" and bool(self.choices) and (
                parameters[:1] != (False,) or any(isinstance(a, Play) and not a.face_up for a in legal))
        if action == "no_rebuild":
            return self.may_say_no_rebuild()
        if action == "ask_rebuild":
            return self.session.viewer_seat() in self.not_asked
        if action == "back" and self.picked:
            return True
        return super().check_action(action, parameters)


TABLE = SixSuitScreen
"""The table screen of the game (found by the registry)."""
