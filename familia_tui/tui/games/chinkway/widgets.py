"""Drawing the Chinkway table from a seat's view: the deal (dealer, trumps, the re-seat of the
final deal), the quest with each side's collected cards and what it still needs, the trick and
the last one, the seats with their scores, the acting hand, and the log.

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
    ink_style,
    rulings_shown,
    standard_card,
    suit_text,
)
from familia_tui.tui.widgets.panel import Frame, Panel

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


class TrickPanel(Panel):
    """The trick in play, and the last trick with its winner and the card taken."""

    def draw(self, frame: ChinkwayFrame) -> str:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        lines = []
        if not frame.held and view.phase in ("play", "pick"):
            if view.trick:
                lines.append(t("cw.ui.trick", plays=plays_markup(view.trick, view.seats, glyphs)))
            elif view.phase == "play" and view.to_act is not None and not view.last_trick:
                lines.append(t("cw.ui.trick_lead", name=view.seats[view.to_act].name))
        if view.last_trick and view.phase != "discard":
            lines.append(last_trick_markup(view, t, glyphs))
        return "\n".join(lines)


def plays_markup(plays: Sequence[tuple[int, Card]], seats: Sequence[Seat], glyphs: str,
                 winner: int | None = None) -> str:
    parts = []
    for seat, card in plays:
        text = card_markup(card, glyphs)
        if seat == winner:
            text = f"[b reverse]{text}[/]"
        parts.append(f"{seats[seat].name} {text}")
    return "  ".join(parts)


def last_trick_markup(view: ChinkwayView, t: Translate, glyphs: str) -> str:
    """The last trick, its winner, and the quest card taken (or what the winner chooses among)."""
    winner = view.last_winner
    assert winner is not None
    plays = plays_markup(view.last_trick, view.seats, glyphs, winner)
    name = view.seats[winner].name
    if view.phase == "pick":
        choosing = " ".join(category_glyph(c, glyphs) for c in view.pick)
        return t("cw.ui.last_choosing", plays=plays, name=name, categories=choosing)
    collected = view.collected[side_of(view, winner)]
    taken = next((card for _, card in view.last_trick if card in collected), None)
    if taken is None:
        return t("cw.ui.last_nothing", plays=plays, name=name)
    return t("cw.ui.last", plays=plays, name=name, card=card_markup(taken, glyphs))


class SeatsPanel(Panel):
    """One row per seat in the order of play from the dealer (#1, whom the deal line names):
    position, name, cards, tricks, the last deal's score, and the total with the place."""

    def draw(self, frame: ChinkwayFrame) -> Table:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        table = Table(box=ASCII_HEAD if glyphs == "ascii" else box.SIMPLE_HEAD, expand=True,
                      padding=(0, 1), show_edge=False)
        table.add_column(t("ui.seat"), no_wrap=True)
        table.add_column(t("ui.cards"), justify="right")
        table.add_column(t("ui.tricks"), justify="right")
        table.add_column(t("cw.ui.col_last_deal"), justify="right")
        table.add_column(t("cw.ui.col_total"), justify="right")
        place = {seat: i + 1 for i, seat in enumerate(view.standings)}
        for seat in view.positions:
            marker = ">" if seat == view.to_act else " "
            name = f"{marker} {position_label(view, seat)} {view.seats[seat].name}"
            if seat == view.to_act:
                name = f"[b reverse]{name}[/]"
            last = str(view.rows[-1][seat]) if view.rows else "-"
            total = f"{view.totals[seat]} ({ordinal(place[seat], t)})" if view.rows else "0"
            table.add_row(name, str(view.hand_counts[seat]), str(view.tricks_won[seat]), last, total)
        return table


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

