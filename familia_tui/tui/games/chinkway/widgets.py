"""Drawing the Chinkway table from a seat's view: the deal (dealer, trumps, the re-seat of the
final deal), the quest with each side's collected cards and what it still needs, the trick and
the last one in front of the seats around the table (the table widget) with their scores, the
acting hand, and the log.

Everything here reads a `ChinkwayView` (never the state). What the view holds is what the seat
may know: hand sizes of the others, the dealer's two discards only in the dealer's own view
[CW-7]. The panels draw themselves from the screen's `ChinkwayFrame` (`tui/widgets/panel.py`).
The log never says "you" (hot-seat: several people read it) and names no private card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich import box
from rich.table import Table
from textual.reactive import reactive

from familia_tui.core.cards import Card
from familia_tui.core.engine import Event, Seat
from familia_tui.core.events import DEAL_SCORED, DEALT, GAME_OVER, PLAYED, TRICK_WON
from familia_tui.games.chinkway.quest import CATEGORIES, PICTURES, triangle
from familia_tui.games.chinkway.view import ChinkwayView
from familia_tui.tui.glyphs import (
    ClauseStyle,
    card_ink,
    card_markup,
    cards_markup,
    glyph_safe,
    ink_style,
    rulings_shown,
    standard_card,
    suit_text,
)
from familia_tui.tui.widgets.panel import Frame, Panel
from familia_tui.tui.widgets.table_view import SeatSpot, TableData, TableView, face_of

Translate = Callable[..., str]

ASCII_HEAD = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)
"""SIMPLE_HEAD in ASCII: a line under the header, no columns drawn."""


def clause_card(word: str, glyphs: str) -> str:
    """A word of an explanation: a quest category (`H`, `P`) or a card (`10H`)."""
    if word in CATEGORIES:
        return category_glyph(word, glyphs)
    return standard_card(word, glyphs)


CLAUSES = ClauseStyle(card=clause_card, named={"category": "cw.category.", "phase": "cw.phase.",
                                               "wanted": "cw.phase.", "trump": "cw.trump."})
"""Chinkway's explanation parameters: categories and phases by name, categories and cards drawn."""


def category_glyph(cat: str, glyphs: str) -> str:
    """A quest category in a word: its suit symbol (letter), or `JQK` for the pictures."""
    if cat == PICTURES:
        return "JQK"
    ink = card_ink(Card(2, cat))
    return f"[{ink_style(ink)}]{suit_text(cat, glyphs)}[/]" if ink is not None else suit_text(cat, glyphs)


def need_markup(counts: Sequence[int], glyphs: str) -> str:
    """Categories with their counts: `♠ ♥×2 JQK×2` (a count of 1 is not written)."""
    times = "x" if glyphs == "ascii" else "×"
    parts = [category_glyph(cat, glyphs) + (f"{times}{n}" if n > 1 else "")
             for cat, n in zip(CATEGORIES, counts, strict=True) if n]
    return " ".join(parts) or ("-" if glyphs == "ascii" else "—")


def sorted_hand(hand: Sequence[Card]) -> list[Card]:
    """A hand by suit (♠ ♥ ♣ ♦ alternate colours), each suit from 2 up to the Ace (A is high)."""
    order = {suit: i for i, suit in enumerate(("S", "H", "C", "D"))}
    return sorted(hand, key=lambda c: (order[c.suit], c.rank))


def side_name(side: Sequence[int], seats: Sequence[Seat], t: Translate) -> str:
    """A side by its members: the dealer alone, or two partners."""
    if len(side) == 1:
        return t("cw.ui.side_dealer", name=seats[side[0]].name)
    return t("cw.ui.side_pair", first=seats[side[0]].name, second=seats[side[1]].name)


def side_of(view: ChinkwayView, seat: int) -> int:
    return next(i for i, side in enumerate(view.sides) if seat in side)


def trump_text(trump: str | None, t: Translate, glyphs: str) -> str:
    if trump is None:
        return t("cw.ui.trump_unnamed")
    if trump == "NT":
        return t("cw.trump.NT")
    return f"{suit_text(trump, glyphs)} {t('cw.trump.' + trump)}"


def position_label(view: ChinkwayView, seat: int) -> str:
    return f"#{view.positions.index(seat) + 1}"


# ----- the frame and the panels -----


@dataclass(frozen=True)
class ChinkwayFrame(Frame):
    """What the Chinkway table shows now: the view, and whether a deal's last trick is held."""

    view: ChinkwayView
    held: bool = False
    """The deal's last trick is held on screen until a key."""
    hand_shown: bool = False
    """The acting hand shows above the choices (they are trumps or quest picks, not its cards)."""
    lang: str = "en"


class DealPanel(Panel):
    """The deal and its dealer, trumps (and for the dealer the two cards he laid aside, which
    only he sees [CW-7]), the quest; the re-seat of the final deal explained."""

    def draw(self, frame: ChinkwayFrame) -> str:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        dealer = view.seats[view.dealer].name
        lines = [t("cw.ui.deal", deal=view.deal, deals=view.deals_total, name=dealer,
                   trump=trump_text(view.trump, t, glyphs))]
        if view.discards:  # the dealer's own view only [CW-7]
            lines[0] += rulings_shown(t("cw.ui.discards", cards=cards_markup(view.discards, glyphs)))
        if view.quest:
            lines.append(t("cw.ui.quest", cards=cards_markup(view.quest, glyphs),
                           needs=need_markup(view.quest_counts, glyphs)))
        else:
            lines.append(t("cw.ui.quest_hidden"))
        if view.reseated:
            lines.append(rulings_shown(reseat_text(view, t)))
        return "\n".join(lines)


def reseat_text(view: ChinkwayView, t: Translate) -> str:
    """How the final deal was seated: 3rd deals; 1st (#2) with 4th (#4), 2nd (#3) with 5th (#5)
    [CW-4]. The places are the standings after the deal before it."""
    name = [view.seats[s].name for s in view.positions]
    return t("cw.ui.reseat", third=name[0], first=name[1], second=name[2], fourth=name[3], fifth=name[4])


class QuestPanel(Panel):
    """Each side (the dealer alone, the two partnerships): its collected quest cards, what it
    still needs, and what they are worth now."""

    def draw(self, frame: ChinkwayFrame) -> Table:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        table = Table(box=ASCII_HEAD if glyphs == "ascii" else box.SIMPLE_HEAD, expand=True,
                      padding=(0, 1), show_edge=False)
        table.add_column(t("cw.ui.col_side"), no_wrap=True)
        table.add_column(t("cw.ui.col_collected"))
        table.add_column(t("cw.ui.col_needs"))
        table.add_column(t("cw.ui.col_worth"), justify="right")
        own = side_of(view, frame.viewer) if frame.viewer is not None else None
        for index, cards in enumerate(view.collected):
            name = side_name(view.sides[index], view.seats, t)
            needs = need_markup(view.needs[index], glyphs) if view.quest else "?"
            row = [f"[b]{name}[/]" if index == own else name, cards_markup(cards, glyphs), needs,
                   str(triangle(len(cards)))]
            table.add_row(*row)
        return table


PLAYS = "\x00"
"""Where a trick's plays would go in a message (the table draws them in front of the seats)."""


def without_plays(text: str) -> str:
    """A trick's message without its plays: `Last trick: Aki won …`."""
    for gap in (" · ", "・", "  ", " "):
        text = text.replace(PLAYS + gap, "")
    return text.replace(PLAYS, "").replace(":  ", ": ").rstrip().rstrip(":：").rstrip()


def last_verdict(view: ChinkwayView, t: Translate, glyphs: str) -> str:
    """The last trick's winner and the quest card taken (or what the winner chooses among)."""
    winner = view.last_winner
    assert winner is not None
    name = view.seats[winner].name
    if view.phase == "pick":
        choosing = " ".join(category_glyph(c, glyphs) for c in view.pick)
        return without_plays(t("cw.ui.last_choosing", plays=PLAYS, name=name, categories=choosing))
    collected = view.collected[side_of(view, winner)]
    taken = next((card for _, card in view.last_trick if card in collected), None)
    if taken is None:
        return without_plays(t("cw.ui.last_nothing", plays=PLAYS, name=name))
    return without_plays(t("cw.ui.last", plays=PLAYS, name=name, card=card_markup(taken, glyphs)))


def seat_spots(frame: ChinkwayFrame, plays: Sequence[tuple[int, Card]]) -> tuple[SeatSpot, ...]:
    """Every seat in the order of play from the dealer: its position (#1 deals), the dealer alone
    or its partner [CW-3]; cards, tricks, the last deal's score, the total with the place; the
    card it played. (The dealer's two cards laid aside are never drawn here [CW-7].)"""
    view, t = frame.view, frame.t
    played = {seat: (face_of(card, frame.glyphs),) for seat, card in plays}
    place = {seat: i + 1 for i, seat in enumerate(view.standings)}
    spots = []
    for seat in view.positions:
        side = view.sides[side_of(view, seat)]
        if len(side) == 1:
            role = f"[b]{t('cw.ui.dealer_mark')}[/]"
        else:
            role = t("cw.ui.partner_mark", name=view.seats[next(s for s in side if s != seat)].name)
        last = str(view.rows[-1][seat]) if view.rows else "-"
        total = f"{view.totals[seat]} ({ordinal(place[seat], t)})" if view.rows else "0"
        facts = (f"{t('ui.tricks')} {view.tricks_won[seat]} {t('cw.ui.col_last_deal')} {last}",
                 f"{t('cw.ui.col_total')} [b]{total}[/]")
        spots.append(SeatSpot(seat, view.seats[seat].name, (position_label(view, seat), role),
                              acting=seat == view.to_act, cards=view.hand_counts[seat], facts=facts,
                              played=played.get(seat, ())))
    return tuple(spots)


def table_data(frame: ChinkwayFrame, bottom: int | None) -> TableData:
    """The table: the trick in play in front of its players; else the last one (held at the
    end of a deal, or until the next card) with its winner marked and what the side took."""
    view, t, glyphs = frame.view, frame.t, frame.glyphs
    lines: list[str] = []
    plays: Sequence[tuple[int, Card]] = ()
    winner = None
    if view.phase == "discard":
        pass  # (a new deal: nothing on the table yet)
    elif view.trick and not frame.held:
        plays = view.trick
        lines.append(without_plays(t("cw.ui.trick", plays=PLAYS)))
        if view.last_trick:
            lines.append(last_verdict(view, t, glyphs))
    elif view.last_trick:
        plays, winner = view.last_trick, view.last_winner
        lines.append(last_verdict(view, t, glyphs))
    elif view.phase == "play" and view.to_act is not None:
        lines.append(t("cw.ui.trick_lead", name=view.seats[view.to_act].name))
    centre = rulings_shown("\n".join(lines))
    return TableData(seat_spots(frame, plays), t, glyphs, bottom=view.seat if view.seat is not None else bottom,
                     clockwise=True, centre=glyph_safe(centre, glyphs, frame.lang), winner=winner)


class ChinkwayTable(TableView):
    """The five seats around the table in the order of play with the trick in front of them."""

    frame: reactive[Frame | None] = reactive(None, always_update=True)
    bottom: int | None = None
    """The seat at the keyboard when the view is the public one (`TableScreen.table_bottom`)."""

    def watch_frame(self, frame: Frame | None) -> None:
        if isinstance(frame, ChinkwayFrame):
            data = table_data(frame, self.bottom)
            if data != self.data:
                self.data = data


def ordinal(place: int, t: Translate) -> str:
    return t(f"cw.ui.place.{place}")


class HandPanel(Panel):
    """The acting hand above the choices when they are not its cards (trumps, a quest pick)."""

    def draw(self, frame: ChinkwayFrame) -> str:
        viewer = frame.viewer
        self.display = frame.hand_shown and viewer is not None
        if viewer is None or not frame.hand_shown:
            return ""
        view = frame.view
        return frame.t("ui.hand_of", name=view.seats[viewer].name,
                       cards=cards_markup(sorted_hand(view.hand), frame.glyphs))


# ----- the log -----


def event_lines(events: Sequence[Event], seats: Sequence[Seat], t: Translate, glyphs: str) -> list[str]:
    """Log lines for events, by seat name (no private card: the discards are not named)."""
    lines = []
    for event in events:
        name = seats[event.seat].name if event.seat is not None else ""
        if event.kind == DEALT:
            lines.append(t("cw.event.dealt", deal=event.get("deal"), seat=name))
        elif event.kind == "reseated":
            lines.append(t("cw.event.reseated", seat=name))
        elif event.kind == "discarded":
            lines.append(t("cw.event.discarded", seat=name))
        elif event.kind == "trump_named":
            lines.append(t("cw.event.trump_named", seat=name, trump=trump_text(event.get("trump"), t, glyphs)))
        elif event.kind == "quest_reshuffled":
            lines.append(t("cw.event.quest_reshuffled"))
        elif event.kind == "quest_revealed":
            lines.append(t("cw.event.quest_revealed", cards=cards_markup(event.cards, glyphs)))
        elif event.kind == PLAYED:
            lines.append(t("cw.ui.log_played", name=name, card=cards_markup(event.cards, glyphs)))
        elif event.kind == TRICK_WON:
            lines.append(t("cw.ui.log_won", name=name, number=event.get("number")))
        elif event.kind == "quest_taken":
            card = event.cards[0]
            lines.append("  " + t("cw.event.quest_taken", seat=name, card=card_markup(card, glyphs)))
        elif event.kind == DEAL_SCORED:
            scores = event.get("scores")
            points = t("ui.names_separator").join(f"{seats[s].name} {scores[s]}" for s in range(len(seats)))
            lines.append(t("cw.event.deal_scored", deal=event.get("deal")) + f": {points}")
        elif event.kind == GAME_OVER:
            lines.append(t("ui.match_over"))
    return lines

