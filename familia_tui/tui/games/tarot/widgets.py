"""Drawing the Tarot table from a seat's view: cards, the hand, the contract, the trick, the seats.

Everything here reads a `TarotView` (never the state) and returns Rich markup or renderables:
a seat's view, or the public one (seat −1, the engine's `public_view()`: what every seat knows,
between two humans' decisions). Names come from the seats; the log never says "you" (hot-seat).

Cards: unicode `R♥ 10♠ T21 Exc` (red suits red); letters and ascii write every card in the
game's notation, `RH 10S T21 EX`, as scenarios and actions do. Trumps have their own colour.
Court cards keep the source's letters R D C V in both languages.
In ascii mode every text goes through `ascii_safe`: no ambiguous-width character reaches the
screen (é, −, →, ★ …).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import RenderableType
from textual.reactive import reactive

from familia_tui.core.engine import Event, Seat
from familia_tui.core.events import DEAL_SCORED, DEALT, GAME_OVER, PLAYED
from familia_tui.games.tarot.cards import (
    EXCUSE,
    NAMES,
    SUIT,
    SUIT_SYMBOLS,
    TRUMP,
    Card,
    half_to_points,
    parse_card,
)
from familia_tui.games.tarot.scoring import TARGETS
from familia_tui.games.tarot.trick import TrickRecord
from familia_tui.games.tarot.view import TarotView
from familia_tui.tui.glyphs import ClauseStyle, glyph_safe, ink_style
from familia_tui.tui.widgets.panel import Frame, Panel
from familia_tui.tui.widgets.table_view import CardFace, SeatSpot, TableData, TableView

Translate = Callable[..., str]

CARD_INK = ("", "red", "red", "", "yellow", "magenta")
"""Colour (a key of `glyphs.INK`) by `SUIT[card]`: spades, hearts, diamonds, clubs, trumps, the Excuse."""


def number(value: float) -> str:
    """Card points or a score: `45`, `45.5`."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def signed(value: float) -> str:
    """`+45`, `-3.5`, `0` (ASCII signs)."""
    return "0" if value == 0 else f"{'+' if value > 0 else '-'}{number(abs(value))}"


# ----- cards -----

def card_text(card: Card, glyphs: str) -> str:
    """`R♥`, `10♠`, `T21`, `Exc` (unicode); the notation `RH`, `10S`, `T21`, `EX` otherwise."""
    name = NAMES[card]
    if glyphs != "unicode":
        return name
    if card == EXCUSE:
        return "Exc"
    return name[:-1] + SUIT_SYMBOLS[name[-1]] if SUIT[card] < TRUMP else name


def card_markup(card: Card, glyphs: str) -> str:
    return f"[{ink_style(CARD_INK[SUIT[card]])}]{card_text(card, glyphs)}[/]"


def cards_markup(cards: Sequence[Card], glyphs: str) -> str:
    return " ".join(card_markup(c, glyphs) for c in cards) or "-"


def hand_markup(cards: Sequence[Card], glyphs: str) -> str:
    """A sorted hand, grouped by suit (trumps and the Excuse last)."""
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(min(SUIT[card], TRUMP), []).append(card)
    return "  ".join(cards_markup(groups[s], glyphs) for s in sorted(groups)) or "-"


def suit_name(letter: str, t: Translate) -> str:
    return t(f"tarot.suit.{letter}")


def contract_name(contract: str | None, t: Translate) -> str:
    return t(f"tarot.contract.{contract}") if contract else "-"


CLAUSES = ClauseStyle(
    card=lambda word, glyphs: card_markup(parse_card(word), glyphs),
    named={"suit": "tarot.suit.", "bid": "tarot.contract.", "highest": "tarot.contract.",
           "kind": "tarot.kind.", "phase": "tarot.phase.", "wanted": "tarot.phase.", "rank": "tarot.ui.rank_"},
    suits=())
"""Tarot's explanation parameters: suits and contracts named, cards in Tarot notation."""


# ----- the table -----

def role_text(view: TarotView, public: TarotView, seat: int, t: Translate) -> str:
    """Taker (and contract), partner, secret when only the viewer knows."""
    if seat == view.taker and view.phase != "bid":
        alone = len(view.seats) == 5 and bool(view.taker_alone)
        secret = alone and public.taker_alone is None
        text = t("tarot.ui.tag_taker")
        if alone:
            text += f" ({t('tarot.label.alone')}" + (f", {t('tarot.ui.secret')})" if secret else ")")
        return f"[bold cyan]{text}[/]"
    if seat == view.partner and view.partner is not None:
        secret = public.partner is None
        text = t("tarot.ui.tag_partner") + (f" ({t('tarot.ui.secret')})" if secret else "")
        return f"[bold cyan]{text}[/]"
    return ""


def where_markup(view: TarotView, t: Translate) -> str:
    """Hand n/N · dealer · trick n/N."""
    parts = [t("tarot.ui.hand_no", hand=view.hand_number, hands=view.hands_total),
             t("tarot.ui.dealer", name=view.seats[view.dealer].name)]
    if view.phase == "play":
        parts.append(t("tarot.ui.trick_no", trick=view.trick_number, tricks=view.tricks_total))
    return "[b]" + " · ".join(parts) + "[/]"


def bids_markup(view: TarotView, t: Translate) -> str:
    """Each bid so far, by name."""
    said = [f"{view.seats[s].name} {contract_name(c, t) if c else t('tarot.ui.pass')}" for s, c in view.bids]
    return t("tarot.ui.bids", bids="  ".join(said) if said else "-")


def contract_markup(view: TarotView, t: Translate, glyphs: str) -> str:
    """Taker and contract, the called card and what the viewer knows of the partner."""
    if view.grasch:
        return t("tarot.ui.grasch_line")
    if view.phase == "bid" or view.taker is None:
        if view.taker is None:
            return t("tarot.ui.bidding_none")
        return t("tarot.ui.bidding_highest", contract=contract_name(view.contract, t),
                 name=view.seats[view.taker].name)
    multiplier = (1, 2, 4, 6)[("prise", "garde", "garde-sans", "garde-contre").index(view.contract or "prise")]
    text = t("tarot.ui.contract_line", name=view.seats[view.taker].name,
             contract=contract_name(view.contract, t), multiplier=multiplier)
    if len(view.seats) == 5:
        if view.called is None:
            text += " · " + t("tarot.ui.call_pending")
        else:
            text += " · " + t("tarot.ui.called", card=card_markup(view.called, glyphs))
            if view.partner is not None:
                text += " · " + t("tarot.ui.partner_is", name=view.seats[view.partner].name)
            elif view.taker_alone:
                text += " · " + t("tarot.ui.partner_none")
            else:
                text += " · " + t("tarot.ui.partner_unknown")
    if view.slam_announced:
        text += " · [b]" + t("tarot.ui.slam_announced") + "[/]"
    return text


def stock_markup(view: TarotView, t: Translate, glyphs: str) -> str:
    """The chien (shown, or where it goes) and the écart as far as the viewer may see it."""
    if view.phase == "bid" or view.grasch or view.taker is None:
        return t("tarot.ui.chien_down", count=view.chien_size)
    if view.chien is None:
        key = {"garde-sans": "tarot.ui.chien_taker", "garde-contre": "tarot.ui.chien_defence"}.get(
            view.contract or "", "tarot.ui.chien_after_call")
        return t(key, count=view.chien_size)
    lines = [t("tarot.ui.chien", cards=cards_markup(view.chien, glyphs))]
    if view.ecart is not None and not view.ecart:
        lines.append(t("tarot.ui.ecart_none"))
    elif view.ecart is not None:
        points = half_to_points(sum(c.half_points for c in view.ecart))
        lines.append(t("tarot.ui.ecart_own", cards=cards_markup(view.ecart, glyphs), points=number(points)))
    elif view.phase != "ecart" or view.ecart_shown:
        shown = t("tarot.ui.ecart_shown", cards=cards_markup(view.ecart_shown, glyphs)) if view.ecart_shown else ""
        lines.append(t("tarot.ui.ecart_hidden", count=view.chien_size) + (f" {shown}" if shown else ""))
    return "\n".join(lines)


def declarations_markup(view: TarotView, t: Translate, glyphs: str) -> str:
    """Every declaration made, with a poignée's shown cards."""
    if not view.declarations:
        return ""
    parts = []
    for declaration in view.declarations:
        cards = f" {cards_markup(declaration.cards, glyphs)}" if declaration.cards else ""
        parts.append(f"{view.seats[declaration.seat].name}: {t(f'tarot.kind.{declaration.kind}')}{cards}")
    return t("tarot.ui.declarations", list="; ".join(parts))


def plays_markup(plays: Sequence[tuple[int, Card]], seats: Sequence[Seat], glyphs: str,
                 winner: int | None = None) -> str:
    """Cards in play order with their players; the winner's card highlighted."""
    parts = []
    for seat, card in plays:
        text = card_markup(card, glyphs)
        if seat == winner:
            text = f"[reverse]{text}[/]"
        parts.append(f"{seats[seat].name} {text}")
    return "  ".join(parts)


def trick_markup(view: TarotView, t: Translate, glyphs: str, previous: bool = False) -> str:
    """The bidding, the trick in play, or (empty trick, or `previous`) the last trick."""
    if view.phase != "play":
        return bids_markup(view, t)
    if view.trick and not previous:
        return trick_now_markup(view, t, glyphs)
    if view.last_trick is None:
        return t("tarot.ui.trick_first", name=view.seats[view.leader].name)
    return last_trick_markup(view.last_trick, view.seats, t, glyphs)


def trick_now_markup(view: TarotView, t: Translate, glyphs: str) -> str:
    """The trick in play: who led what. A led Excuse sets no suit; the next card does [A9]."""
    leader, plays = view.seats[view.leader].name, plays_markup(view.trick, view.seats, glyphs)
    led = suit_name(view.led, t) if view.led else ""
    if view.trick[0][1] != EXCUSE:
        return t("tarot.ui.trick_now", number=view.trick_number, leader=leader, led=led, plays=plays)
    key = "tarot.ui.trick_now_excuse_then" if led else "tarot.ui.trick_now_excuse"
    return t(key, number=view.trick_number, leader=leader, led=led, plays=plays)


def last_trick_markup(trick: TrickRecord, seats: Sequence[Seat], t: Translate, glyphs: str) -> str:
    """A finished trick: its winner, the card points he took (as the log says) and the cards."""
    text = t("tarot.ui.trick_last", number=trick.number, name=seats[trick.winner].name,
             plays=plays_markup(trick.plays, seats, glyphs, trick.winner),
             points=number(half_to_points(trick.points_half)))
    note = excuse_note(trick.excuse_player, trick.excuse_kept, seats, t)
    return f"{text} {note}" if note else text


def excuse_note(player: int | None, kept: int | None, seats: Sequence[Seat], t: Translate) -> str:
    """Where the Excuse went when not with the trick: its player kept it [A9], or it changed camp
    in the last trick [TA-24]; empty otherwise."""
    if player is None or kept is None:
        return ""
    key = "tarot.ui.excuse_kept" if kept == player else "tarot.ui.excuse_changes_camp"
    return t(key, name=seats[kept].name)


def event_trick(event: Event, players: int) -> TrickRecord:
    """The trick of a `trick_won` event."""
    leader, winner = int(event.get("leader")), event.seat
    assert winner is not None  # a trick_won event names its winner
    return TrickRecord(int(event.get("number")), tuple((leader + i) % players for i in range(len(event.cards))),
                       tuple(event.cards), winner, event.get("excuse_kept"))


def hand_end_markup(event: Event, result: object, seats: Sequence[Seat], t: Translate, glyphs: str) -> str:
    """The last trick of a hand, from its `trick_won` event, with the petit au bout when the
    hand's result (a `ContractResult`) has one."""
    trick = event_trick(event, len(seats))
    text = last_trick_markup(trick, seats, t, glyphs)
    pab = getattr(result, "petit_au_bout", None)
    if pab is not None:
        text += "\n" + t("tarot.ui.petit_au_bout", name=seats[pab].name)
    return text


def sides_markup(view: TarotView, t: Translate) -> str:
    """The public tally of the sides' card points in tricks, and what the taker needs."""
    if view.phase != "play" or view.grasch:
        return ""
    if view.side_trick_points is None or view.side_trick_bouts is None:
        return t("tarot.ui.sides_unknown")
    (taker, defence), (taker_bouts, defence_bouts) = view.side_trick_points, view.side_trick_bouts
    return t("tarot.ui.sides", taker=number(taker), taker_bouts=taker_bouts, defence=number(defence),
             defence_bouts=defence_bouts, target=TARGETS[min(taker_bouts, 3)])


def face(card: Card, glyphs: str) -> CardFace:
    """A Tarot card as the table draws it: `R` `♥`, `T21`, `Exc`, in its colour."""
    text, style = card_text(card, glyphs), ink_style(CARD_INK[SUIT[card]])
    if SUIT[card] < TRUMP:
        return CardFace(text[:-1], text[-1], style)
    return CardFace(text, "", style)


def headline(text: str) -> str:
    """A trick's line without its plays (the table draws them in front of the seats)."""
    return text.rstrip().rstrip(":：").rstrip()


def seat_spots(frame: TarotFrame, plays: Sequence[tuple[int, Card]]) -> tuple[SeatSpot, ...]:
    """Every seat: dealer and role; its bid while bidding; cards, tricks, points, bouts and the
    total; its won cards (w); the card it played."""
    view, t, glyphs = frame.view, frame.t, frame.glyphs
    played = {seat: (face(card, glyphs),) for seat, card in plays}
    bids = {seat: (contract_name(c, t) if c else t("tarot.ui.pass")) for seat, c in view.bids}
    won = won_cards(view)
    spots = []
    for index, seat in enumerate(view.seats):
        marks = (t("tarot.ui.dealer_mark") if index == view.dealer else "",
                 role_text(view, frame.shared, index, t))
        facts = [f"[b]{bids[index]}[/]"] if view.phase == "bid" and index in bids else []
        facts += [t("tarot.ui.seat_facts", tricks=view.tricks_won[index], points=number(view.trick_points[index])),
                  t("tarot.ui.seat_total", bouts=view.trick_bouts[index], total=f"[b]{signed(view.totals[index])}[/]")]
        if frame.won and won[index]:
            facts.append(hand_markup(sorted(won[index], key=lambda c: (min(SUIT[c], TRUMP), c)), glyphs))
        spots.append(SeatSpot(index, seat.name, tuple(m for m in marks if m), acting=index == view.to_act,
                              cards=view.hand_counts[index], facts=tuple(facts), played=played.get(index, ())))
    return tuple(spots)


def table_data(frame: TarotFrame, bottom: int) -> TableData:
    """The table: the trick in play in front of its players (or the last one: p, a trick just
    won, the hand's last one held) with its headline in the middle, or the bids."""
    view, t, glyphs = frame.view, frame.t, frame.glyphs
    bottom = view.seat if view.seat >= 0 else bottom
    clockwise = view.options.direction == "clockwise"
    trick = frame.held_record
    centre = frame.held_trick or ""
    if trick is None and view.phase == "play" and (frame.previous or not view.trick) and view.last_trick:
        trick = view.last_trick
        centre = headline(t("tarot.ui.trick_last", number=trick.number, name=view.seats[trick.winner].name,
                            plays="", points=number(half_to_points(trick.points_half))))
        note = excuse_note(trick.excuse_player, trick.excuse_kept, view.seats, t)
        centre += f" {note}" if note else ""
    elif trick is None and view.phase == "play":
        centre = headline(trick_markup(view, t, glyphs).replace(plays_markup(view.trick, view.seats, glyphs), "")
                          if view.trick else trick_markup(view, t, glyphs))
    if frame.won:
        centre = t("tarot.ui.won_title") + "\n" + centre
    sides = sides_markup(view, t)
    if sides:
        centre += "\n" + sides
    plays = trick.plays if trick is not None else (view.trick if view.phase == "play" else ())
    return TableData(seat_spots(frame, plays), t, glyphs, bottom=bottom, clockwise=clockwise,
                     centre=glyph_safe(centre, glyphs, frame.lang).strip(),
                     winner=trick.winner if trick is not None else None)


def won_cards(view: TarotView) -> dict[int, list[Card]]:
    """Each seat's cards won in this hand's tricks (public): the Excuse with whoever kept it."""
    won: dict[int, list[Card]] = {seat: [] for seat in range(len(view.seats))}
    for trick in view.tricks:
        for _seat, card in trick.plays:
            keeper = trick.excuse_kept if card == EXCUSE and trick.excuse_kept is not None else trick.winner
            won[keeper].append(card)
    return won


# ----- the log -----

def event_lines(events: Sequence[Event], seats: Sequence[Seat], t: Translate, glyphs: str) -> list[str]:
    """Log lines for the engine's events, by seat name."""
    lines = []
    for event in events:
        name = seats[event.seat].name if event.seat is not None else ""
        cards = cards_markup(event.cards, glyphs)
        kind = event.kind
        if kind == DEALT:
            lines.append(f"[b]{t('tarot.event.dealt', hand=event.get('hand'), seat=name)}[/]")
        elif kind == "hand_annulled":
            key = f"tarot.event.hand_annulled.{event.get('reason')}"
            lines.append(f"[b reverse]{t(key, seat=name)}[/]")  # every hand is new: hard to miss
        elif kind in ("bid", "taker"):
            lines.append(t(f"tarot.event.{kind}", seat=name, contract=contract_name(event.get("contract"), t)))
        elif kind == "card_discarded":
            shown = event.get("shown")
            lines.append(t("tarot.event.card_discarded" + (".shown" if shown else ""), seat=name, card=cards))
        elif kind == "slam":
            lines.append(t("tarot.event.slam." + ("announced" if event.get("announced") else "none"), seat=name))
        elif kind == "declared":
            lines.append(t("tarot.event.declared", seat=name, kind=t(f"tarot.kind.{event.get('kind')}"),
                           cards=cards if event.cards else ""))
        elif kind == "partner_revealed":
            key = "tarot.event.partner_revealed" + (".alone" if event.get("alone") else "")
            lines.append(f"[b]{t(key, seat=name, card=cards)}[/]")
        elif kind == "trick_won":
            lines.append("  " + t("tarot.event.trick_won", seat=name, number=event.get("number"),
                                  points=number(event.get("points"))))
            note = excuse_note(_excuse_player(event, len(seats)), event.get("excuse_kept"), seats, t)
            if note:
                lines.append(f"  {note}")
        elif kind == DEAL_SCORED:
            lines.append(f"[b]{t('tarot.event.deal_scored', hand=event.get('result').number)}[/]")
        elif kind in ("passed", "grasch", "card_called", "chien_shown", PLAYED, GAME_OVER):
            lines.append(t(f"tarot.event.{kind}", seat=name, card=cards, cards=cards))
    return lines


def _excuse_player(event: Event, players: int) -> int | None:
    """The seat that played the Excuse to the trick of a `trick_won` event, if one did."""
    if EXCUSE not in event.cards:
        return None
    return (int(event.get("leader")) + event.cards.index(EXCUSE)) % players


_LEADING_MARKUP = re.compile(r"^((?:\[[^\]]*\])*)(.)", re.DOTALL)


def sentence(text: str) -> str:
    """Markup text with its first letter in capitals (after any leading style tags)."""
    return _LEADING_MARKUP.sub(lambda m: m.group(1) + m.group(2).upper(), text, count=1)


# ----- the table's panels -----


@dataclass(frozen=True)
class TarotFrame(Frame):
    """What the Tarot table shows now: the view drawn (the viewer's, or the public one), the
    public view beside it (what only the viewer knows is marked secret), and what the screen
    holds on the table."""

    view: TarotView
    public: TarotView | None = None
    """The public view (None: the view drawn is the public one)."""
    held_trick: str | None = None
    """The last trick of the hand just scored (markup), while `hold()` keeps it on the table."""
    held_record: TrickRecord | None = None
    """That trick's cards and winner."""
    previous: bool = False
    """The last trick instead of the trick in play (p)."""
    won: bool = False
    """The seats' won cards instead of the seats table (w)."""
    lang: str = "en"
    """The app's language (the text pipeline reads the games' terms in romaji in English ascii)."""
    hand_shown: bool = True
    """The hand shows above the choices (not when the choices are the hand's cards)."""

    @property
    def shared(self) -> TarotView:
        return self.public or self.view


class TarotPanel(Panel):
    """A part of the Tarot table, updated only when what it shows changed (every update costs a
    layout): its markup, or `content_key()` for a renderable."""

    frame: reactive[Frame | None] = reactive(None, always_update=True)
    _content: object = None

    def watch_frame(self, frame: Frame | None) -> None:
        if not isinstance(frame, TarotFrame):
            return
        key = self.content_key(frame)
        if key != self._content:
            self._content = key
            self.update(self.draw(frame))

    def content_key(self, frame: TarotFrame) -> object:
        """What the panel's content is drawn from (by default its markup)."""
        return self.draw(frame)

    def draw(self, frame: TarotFrame) -> RenderableType:
        return glyph_safe(self.markup(frame), frame.glyphs, frame.lang)

    def markup(self, frame: TarotFrame) -> str:
        raise NotImplementedError


class ContractPanel(TarotPanel):
    """Where the game is (hand, dealer, trick), the bidding or the contract and the call."""

    def markup(self, frame: TarotFrame) -> str:
        return where_markup(frame.view, frame.t) + "\n" + contract_markup(frame.view, frame.t, frame.glyphs)


class StockPanel(TarotPanel):
    """The chien and the écart, as far as the viewer may see them."""

    def markup(self, frame: TarotFrame) -> str:
        return stock_markup(frame.view, frame.t, frame.glyphs)


class DeclaredPanel(TarotPanel):
    """The declarations made (shown only once there is one)."""

    def markup(self, frame: TarotFrame) -> str:
        text = declarations_markup(frame.view, frame.t, frame.glyphs)
        self.display = bool(text)
        return text


class TarotTable(TableView):
    """The seats around the table with the trick in front of them (`table_data`)."""

    frame: reactive[Frame | None] = reactive(None, always_update=True)
    bottom = 0
    """The seat drawn at the bottom when the view is the public one (`TableScreen.table_bottom`)."""

    def watch_frame(self, frame: Frame | None) -> None:
        if isinstance(frame, TarotFrame):
            data = table_data(frame, self.bottom)
            if data != self.data:
                self.data = data


class HandPanel(TarotPanel):
    """The viewer's hand above the choices (a word while hands are hidden or a trick is held)."""

    def markup(self, frame: TarotFrame) -> str:
        self.display = frame.hand_shown
        view, t = frame.view, frame.t
        if frame.held_trick is not None:
            return t("tarot.ui.held_note")
        if view.seat < 0:
            return t("ui.hands_hidden")
        return t("ui.hand_of", name=view.seats[view.seat].name, cards=hand_markup(view.hand, frame.glyphs))
