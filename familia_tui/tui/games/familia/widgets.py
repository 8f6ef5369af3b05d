"""Drawing the Familia table from a seat's view: seats around the table with the trick in front
of them (`widgets/table_view.py`), piles and stock, the log.

Everything here reads a `FamiliaView` (never the state) and returns Rich renderables or markup.
The table's panels draw themselves from the screen's `FamiliaFrame` (`tui/widgets/panel.py`).
Names come from the seats; the log never says "you" (hot-seat: several people read it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual.reactive import reactive

from familia_tui.core.cards import Card, suit_order_key
from familia_tui.core.engine import Event, Seat
from familia_tui.core.events import DEALT, GAME_OVER, PLAYED, TRICK_WON
from familia_tui.games.familia.scoring import score_player
from familia_tui.games.familia.view import FamiliaView, TrickRecord
from familia_tui.tui.glyphs import (
    ClauseStyle,
    card_markup,
    cards_markup,
    colour_glyph,
    suit_text,
)
from familia_tui.tui.widgets.panel import Frame, Panel
from familia_tui.tui.widgets.table_view import SeatSpot, TableData, TableView, face_of

Translate = Callable[..., str]

CLAUSES = ClauseStyle(named={"colour": "fam.colour."})
"""Familia's explanation parameters: standard cards, suits drawn, face-pile colours named."""


def role_text(seat: Seat, glyphs: str) -> str:
    role = seat.field("role")
    if role is None:
        return ""
    if glyphs == "unicode":
        return "♂" if role == "M" else "[magenta]♀[/]"
    return role


def seat_label(seat: Seat, glyphs: str) -> str:
    team = f" {seat.team}" if seat.team else ""
    return f"{seat.name} {role_text(seat, glyphs)}{team}"


def running_score(view: FamiliaView, seat: int) -> int:
    """What the seat's captures are worth now (the game is scored at its end [R-F23])."""
    s = view.seats[seat]
    return score_player(view.captures[seat], s.field("role") or "M", royal=view.options.royal,
                        crest=s.field("crest"),
                        misere_bonus=0).total  # misère is decided only at the game's end


def seat_spots(view: FamiliaView, plays: Sequence[tuple[int, Card, str | None]], notes: dict[int, str],
               leader: int, t: Translate, glyphs: str) -> tuple[SeatSpot, ...]:
    """Every seat as the table draws it: role, team, who leads; cards in hand, tricks, running
    score and captured face cards; the card it played (batted ones struck, with their stage)."""
    played = {seat: face_of(card, glyphs, note=(f"={suit_text(declared, glyphs)}" if declared else "")
                            + notes.get(index, ""), struck=index in notes)
              for index, (seat, card, declared) in enumerate(plays)}
    spots = []
    for index, seat in enumerate(view.seats):
        marks = (role_text(seat, glyphs), seat.team or "",
                 f"[dim]{t('fam.ui.leads')}[/]" if index == leader else "")
        facts = [t("fam.ui.seat_facts", tricks=view.tricks_won[index], score=f"{running_score(view, index):+d}")]
        if view.captures[index]:
            facts.append(cards_markup(view.captures[index], glyphs))
        spots.append(SeatSpot(index, seat.name, tuple(m for m in marks if m), acting=index == view.to_act,
                              cards=view.hand_counts[index], facts=tuple(facts),
                              played=(played[index],) if index in played else ()))
    return tuple(spots)


def table_data(frame: FamiliaFrame, bottom: int | None) -> TableData:
    """The table: the trick in progress in front of its players, or the trick shown in its place
    (the deal's last one held, the previous one on p, the last one until the next is led) with its
    batting stages and its winner; what became of it in the middle."""
    view, t, glyphs = frame.view, frame.t, frame.glyphs
    trick = frame.shown_trick
    if trick is None and not view.plays and view.last_trick is not None and view.last_trick.deal == view.deal:
        trick = view.last_trick
    if trick is None:
        spots = seat_spots(view, view.plays, {}, view.leader, t, glyphs)
        return TableData(spots, t, glyphs, bottom=bottom)
    notes = {i: "¹" if glyphs == "unicode" else "(1)" for i in trick.stage1}
    notes |= {i: "²" if glyphs == "unicode" else "(2)" for i in trick.stage2}
    lines = result_markup(trick, view.seats, t, glyphs).splitlines()[1:]
    centre = "\n".join([t("fam.ui.trick_for", number=trick.number + 1, face=card_markup(trick.face, glyphs)), *lines])
    return TableData(seat_spots(view, trick.plays, notes, trick.leader, t, glyphs), t, glyphs, bottom=bottom,
                     centre=centre, winner=trick.winner)


def centre_markup(view: FamiliaView, t: Translate, glyphs: str) -> str:
    """Piles with counts, the face card and what it means, the face-up stock and its top card."""
    piles = "   ".join(
        f"{colour_glyph(c, glyphs)} {t('fam.ui.pile_' + c)} {view.piles[c]}" for c in ("black", "red"))
    if view.face_card is None:
        face = t("fam.ui.face_none")
    elif view.face_card.is_joker:
        face = t("fam.ui.face_joker", card=card_markup(view.face_card, glyphs))
    elif view.stock_trick:
        face = t("fam.ui.face_led", card=card_markup(view.face_card, glyphs),
                 suit=suit_text(view.face_card.suit, glyphs))
    else:
        face = t("fam.ui.face_trump", card=card_markup(view.face_card, glyphs),
                 suit=suit_text(view.face_card.suit, glyphs))
    top = card_markup(view.stock_top, glyphs) if view.stock_top else "-"
    stock = t("fam.ui.stock", count=view.stock_count, top=top)
    return f"{piles}\n{face}\n{stock}"


def plays_markup(plays: Sequence[tuple[int, Card, str | None]], seats: Sequence[Seat],
                 glyphs: str, batted: dict[int, str] | None = None, winner: int | None = None) -> str:
    """Cards in play order with their players; batted cards struck, the winner marked."""
    parts = []
    for index, (seat, card, declared) in enumerate(plays):
        text = card_markup(card, glyphs)
        if declared:
            text += f"={suit_text(declared, glyphs)}"
        if batted and index in batted:
            text = f"[strike dim]{text}[/]{batted[index]}"
        if winner is not None and index == winner:
            text = f"[b reverse]{text}[/]"
        parts.append(f"{seats[seat].name} {text}")
    return "  ".join(parts)


def result_markup(trick: TrickRecord, seats: Sequence[Seat], t: Translate, glyphs: str) -> str:
    """A finished trick: plays, stage-1 and stage-2 batting, and the winner or a void trick."""
    batted = {i: "¹" if glyphs == "unicode" else "(1)" for i in trick.stage1}
    batted |= {i: "²" if glyphs == "unicode" else "(2)" for i in trick.stage2}
    win_index = next((i for i, p in enumerate(trick.plays) if p[0] == trick.winner), None)
    lines = [t("fam.ui.trick_last", number=trick.number + 1, face=card_markup(trick.face, glyphs),
               plays=plays_markup(trick.plays, seats, glyphs, batted, win_index))]
    cards = [p[1] for p in trick.plays]
    if trick.stage1:
        lines.append(t("fam.ui.batted1", cards=cards_markup([cards[i] for i in trick.stage1], glyphs)))
    if trick.stage2:
        lines.append(t("fam.ui.batted2", cards=cards_markup([cards[i] for i in trick.stage2], glyphs)))
    if trick.winner is None:
        lines.append(t("fam.ui.void", face=card_markup(trick.face, glyphs)))
    else:
        lines.append(t("fam.ui.won", name=seats[trick.winner].name, face=card_markup(trick.face, glyphs)))
    return "\n".join(lines)


def event_lines(events: Sequence[Event], seats: Sequence[Seat], t: Translate, glyphs: str) -> list[str]:
    """Log lines for events, by seat name."""
    lines = []
    for event in events:
        name = seats[event.seat].name if event.seat is not None else ""
        cards = " ".join(card_markup(c, glyphs) for c in event.cards)
        if event.kind == DEALT:
            lines.append(t("fam.log.deal", deal=event.get("deal"), game=event.get("game"),
                           style=t("fam.ui.style_" + str(event.get("style"))), name=name))
        elif event.kind == "face_revealed":
            lines.append(t("fam.log.face", name=name, colour=t("fam.ui.pile_" + event.get("colour")), card=cards))
        elif event.kind == PLAYED:
            declared = event.get("declared")
            lines.append(t("fam.log.played", name=name, card=cards)
                         + (f" = {suit_text(declared, glyphs)}" if declared else ""))
        elif event.kind == TRICK_WON:
            lines.extend(f"  {line}" for line in
                         result_markup(event.get("trick"), seats, t, glyphs).splitlines()[1:])
        elif event.kind == "card_drawn":
            lines.append(t("fam.log.drew", name=name, card=cards))
        elif event.kind == "game_scored":
            lines.append(t("fam.log.game_scored"))
        elif event.kind == GAME_OVER:
            lines.append(t("fam.log.match_over"))
    return lines


# ----- the table's panels -----


@dataclass(frozen=True)
class FamiliaFrame(Frame):
    """What the Familia table shows now: the view, and the trick shown in place of the current
    one (the deal's last trick while it is held, or the previous trick on `p`)."""

    view: FamiliaView
    shown_trick: TrickRecord | None = None
    held: bool = False
    """The deal's last trick is held on screen: its deal and number head the table."""
    hand_shown: bool = False
    """The acting hand shows above the choices (they are the face piles or a Joker's suits)."""


class FamiliaTable(TableView):
    """The seats around the table with the trick in front of them (`table_data`)."""

    frame: reactive[Frame | None] = reactive(None, always_update=True)
    bottom: int | None = None
    """The seat at the keyboard (`TableScreen.table_bottom`), set by the screen."""

    def watch_frame(self, frame: Frame | None) -> None:
        if isinstance(frame, FamiliaFrame):
            self.data = table_data(frame, frame.viewer if frame.viewer is not None else self.bottom)


class CentrePanel(Panel):
    """Where the game is, the piles, the face card and the stock; in the 2-player game the
    viewer's other hand [R-F27]."""

    def draw(self, frame: FamiliaFrame) -> str:
        view, t = frame.view, frame.t
        shown = frame.shown_trick if frame.held else None
        deal, trick_no = (shown.deal, shown.number) if shown else (view.deal, view.trick_no)
        where = t("fam.ui.where", deal=deal + 1, deals=view.deals, trick=trick_no + 1, tricks=view.tricks,
                  style=t("fam.ui.style_" + view.style), game=view.match.game_no)
        centre = f"[b]{where}[/]\n" + centre_markup(view, t, frame.glyphs)
        viewer = frame.viewer
        if viewer is not None and len(view.own_hands) > 1 and not frame.held:
            other = next(s for s in view.own_hands if s != viewer)
            centre += "\n" + t("fam.ui.other_hand", name=view.seats[other].name,
                               cards=cards_markup(sorted(view.own_hands[other], key=suit_order_key),
                                                  frame.glyphs))
        return centre


class HandPanel(Panel):
    """The acting hand above the choices when they are not its cards (the face piles, a led
    Joker's suits), with a word on an empty pile [R-F10]."""

    def draw(self, frame: FamiliaFrame) -> str:
        self.display = frame.hand_shown and frame.viewer is not None
        if not self.display:
            return ""
        view, t = frame.view, frame.t
        text = hand_note(frame)
        empty = [c for c in ("black", "red") if not view.piles[c]]
        if view.phase == "pile" and len(empty) == 1:
            text += "\n" + empty_pile_note(empty[0], t)
        return text


def hand_note(frame: FamiliaFrame) -> str:
    """The viewer's hand, or a word that hands are hidden (between two humans)."""
    if frame.viewer is None:
        return frame.t("ui.hands_hidden")
    hand = sorted(frame.view.own_hands[frame.viewer], key=suit_order_key)
    return frame.t("ui.hand_of", name=frame.view.seats[frame.viewer].name, cards=cards_markup(hand, frame.glyphs))


def empty_pile_note(colour: str, t: Translate) -> str:
    other = "red" if colour == "black" else "black"
    return t("fam.ui.pile_empty_note", colour=t("fam.ui.pile_" + colour), other=t("fam.ui.pile_" + other))
