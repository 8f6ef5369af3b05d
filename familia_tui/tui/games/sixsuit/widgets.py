"""Drawing the six-suit table from a seat's view: the face card at stake, the trick and the last
one with its judgement, the seats with their public counts, the acting hand, and the log.

Everything here reads a `SixSuitView` (never the state). What the view holds is what the seat may
know [R-S25], [R-S25a], [R-S16a]: for another seat only hand sizes, whether its deck and discard
pile are empty, its rebuild marker and how many face cards it captured (never which); the
viewer's own exact counts; the team split only for the viewer's own team [R-S26]. The panels
draw themselves from the screen's `SixFrame` (`tui/widgets/panel.py`). The log never says "you"
(hot-seat: several people read it) and names no private card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual.reactive import reactive

from familia_tui.core.cards import Card
from familia_tui.core.engine import Event, Seat
from familia_tui.games.sixsuit.view import SixSuitView, TrickPlay
from familia_tui.tui.glyphs import (
    INK,
    ClauseStyle,
    card_markup,
    cards_markup,
    glyph_safe,
    rulings_shown,
    suit_text,
)
from familia_tui.tui.widgets.panel import Frame, Panel
from familia_tui.tui.widgets.table_view import CardFace, SeatSpot, TableData, TableView, face_of

Translate = Callable[..., str]


def six_card(word: str, glyphs: str) -> str:
    """A card word of the six-suit notation (`10X`, `BJ`, `W`) as markup."""
    from familia_tui.core.cards import SIX_SUITS

    return card_markup(SIX_SUITS.parse_card(word), glyphs)


CLAUSES = ClauseStyle(card=six_card)
"""The six-suit explanation parameters: cards of the six-suit set."""


def colour_ink(colour: str | None) -> str:
    return f"b {INK['red']}" if colour in ("red", "red-pair") else "b"


def team_text(view: SixSuitView, seat: int, t: Translate) -> str:
    """A seat's team colour: the team game's colour; in the secret-team game only the viewer's
    own pair [R-S23]; nothing in the individual game."""
    team = view.teams[seat]
    if team is None and seat == view.seat and view.my_team is not None:
        team = view.my_team
    if team is None:
        return t("six.ui.secret") if view.variant == "secret_team" else "-"
    return f"[{colour_ink(team)}]{t('six.ui.colour.' + team)}[/]"


def suit_label(suit: str, t: Translate, glyphs: str) -> str:
    ink = f"b {INK['red']}" if suit in ("H", "L", "D") else "b"
    return f"[{ink}]{suit_text(suit, glyphs)}[/] {t('six.suit.' + suit)}"


def separator(glyphs: str) -> str:
    """Between two parts of a line: a middle dot, which is ambiguous-width, only in unicode mode."""
    return " · " if glyphs == "unicode" else " - "


def judgement_text(kind: str | None, t: Translate) -> str:
    return t(f"six.judgement.{kind or 'none'}")


# ----- the frame and the panels -----


@dataclass(frozen=True)
class SixFrame(Frame):
    """What the six-suit table shows now: the view, the Jokers and white card given so far in a
    team's split, whether the last trick is held on screen, whether its plays are shown while
    a trick is in play (p), and whether the viewer is not asked to rebuild until their deck runs
    out."""

    view: SixSuitView
    split_so_far: tuple[tuple[int, Card], ...] = ()
    held: bool = False
    previous: bool = False
    not_asked: bool = False
    lang: str = "en"


class StakePanel(Panel):
    """The face card at stake, how many remain, and the battalions so far (once there is one, in
    rules that have them: the 4-player game has none by default [R-S6])."""

    def draw(self, frame: SixFrame) -> str:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        trick = 18 - view.faces_left - (1 if view.face is not None else 0) + 1
        if view.face is not None:
            line = t("six.ui.stake", card=card_markup(view.face, glyphs), left=view.faces_left, trick=trick)
        else:
            line = t("six.ui.stake_none", left=view.faces_left)
        if view.battalion_size is not None and any(view.battalions):  # (none yet: nothing to say)
            teams = t("ui.names_separator").join(f"[{colour_ink(name)}]{t('six.ui.colour.' + name)}[/] {count}"
                                                 for name, count in zip(("black", "red"), view.battalions))
            line += separator(glyphs) + t("six.ui.battalions", teams=teams)
        return line


def headline(text: str) -> str:
    """A trick's line without its plays (the table draws them in front of the seats)."""
    return text.rstrip().rstrip(":：").rstrip()


def last_verdict(view: SixSuitView, t: Translate, glyphs: str) -> str:
    """Who took the last trick's face card and by which judgement."""
    why = f"[b]{judgement_text(view.last_judgement, t)}[/]"
    if view.last_winner is None:
        return t("six.ui.last_none", why=why)
    assert view.last_face is not None  # a trick's winner always takes its face card
    name = view.seats[view.last_winner].name
    return t("six.ui.last_won", name=name, face=card_markup(view.last_face, glyphs), why=why)


def play_face(play: TrickPlay, glyphs: str) -> tuple[CardFace, ...]:
    """A play as the table draws it: a face-up card, a card back (face down: never its face, even
    the viewer's own, which its seat's facts name), nothing for a pass (its seat says so)."""
    if play.passed:
        return ()
    if play.face_up and play.card is not None:
        return (face_of(play.card, glyphs),)
    return (CardFace("", down=True),)


def seat_spots(frame: SixFrame, plays: Sequence[TrickPlay]) -> tuple[SeatSpot, ...]:
    """Every seat in play order: its suit, team colour and the Spade role [R-S21]; hand size; deck
    and discard (the viewer's exact counts, else only empty or not [R-S25a]); face cards captured
    (a count) and the rebuild; the Jokers and whites it showed face up [R-S16a]; its play."""
    view, t, glyphs = frame.view, frame.t, frame.glyphs
    played = {play.seat: play for play in plays}
    teams = view.variant != "individual"  # (each for himself: no team to show)
    spots = []
    for seat in view.order:
        suit = view.suits[seat]
        marks = [suit_label(suit, t, glyphs)]
        if teams:
            marks.append(team_text(view, seat, t))
        if seat == view.spade and suit != "S":  # the Spade role [R-S21]
            marks.append("S")
        piles = (f"{t('six.ui.col_deck')} {pile_text(view, seat, view.deck_size, view.deck_empty, t)} "
                 f"{t('six.ui.col_discard')} {pile_text(view, seat, view.discard_size, view.discard_empty, t)}")
        facts = [piles, f"{t('six.ui.col_faces')} {view.captured_counts[seat]} "
                        f"{t('six.ui.col_rebuilt')} {t('six.ui.used') if view.rebuilt[seat] else '-'}"]
        if view.shown_specials[seat]:
            facts.append(f"({cards_markup(view.shown_specials[seat], glyphs)})")
        play = played.get(seat)
        if play is not None and play.passed:
            facts.append(f"[b]{t('six.ui.pass')}[/]")
        elif play is not None and not play.face_up:
            own = f" {card_markup(play.card, glyphs, 'dim')}" if play.card is not None else ""
            facts.append(f"[reverse]{t('six.ui.down')}[/]{own}")
        acting = seat == view.to_act or (view.phase == "split" and seat in view.deciders)
        spots.append(SeatSpot(seat, view.seats[seat].name, tuple(marks), acting=acting,
                              cards=view.hand_sizes[seat], facts=tuple(facts),
                              played=play_face(play, glyphs) if play is not None else ()))
    return tuple(spots)


def table_data(frame: SixFrame, bottom: int | None) -> TableData:
    """The table: the trick in play in front of its players, with who leads in the middle; the
    last trick (before the next one's first play, or on p) with its winner marked and its verdict
    in the middle; while a trick is in play the middle names the last one's verdict too."""
    view, t, glyphs = frame.view, frame.t, frame.glyphs
    leader = view.seats[view.leader].name
    lines: list[str] = []
    plays: Sequence[TrickPlay] = view.trick
    winner = None
    if view.trick and not frame.previous:
        lines.append(headline(t("six.ui.trick", name=leader, plays="")))
        if view.last_trick:
            lines.append(t("six.ui.last", plays=last_verdict(view, t, glyphs)))
    elif view.last_trick:
        plays, winner = view.last_trick, view.last_winner
        lines.append(t("six.ui.last", plays=last_verdict(view, t, glyphs)))
        if view.phase != "over" and not view.trick and view.last_winner != view.leader:
            lines.append(t("six.ui.trick_empty", name=leader))
    elif view.phase != "over":
        lines.append(t("six.ui.trick_empty", name=leader))
    centre = rulings_shown("\n".join(lines))
    return TableData(seat_spots(frame, plays), t, glyphs, bottom=view.seat if view.seat is not None else bottom,
                     clockwise=True, centre=glyph_safe(centre, glyphs, frame.lang), winner=winner)


def pile_text(view: SixSuitView, seat: int, own: int | None, empty: Sequence[bool], t: Translate) -> str:
    """The viewer's exact count; for the others only whether the pile is empty [R-S25a]."""
    if seat == view.seat and own is not None:
        return str(own)
    return t("six.ui.empty") if empty[seat] else t("six.ui.some")


class SixTable(TableView):
    """The seats around the table in play order with the trick in front of them (`table_data`)."""

    frame: reactive[Frame | None] = reactive(None, always_update=True)
    bottom: int | None = None
    """The seat at the keyboard when the view is the public one (`TableScreen.table_bottom`)."""

    def watch_frame(self, frame: Frame | None) -> None:
        if isinstance(frame, SixFrame):
            data = table_data(frame, self.bottom)
            if data != self.data:
                self.data = data


class HandPanel(Panel):
    """The viewer's hand with their exact deck and discard counts, the specials received and the
    team's split (their own team only [R-S26]); between two humans, nothing."""

    def draw(self, frame: SixFrame) -> str:
        view, t, glyphs, seat = frame.view, frame.t, frame.glyphs, frame.viewer
        if seat is None or view.seat is None:
            return t("ui.hands_hidden")
        lines = [] if view.phase == "split" else [t(
            "six.ui.hand", name=view.seats[seat].name, cards=cards_markup(sorted_hand(view.hand), glyphs),
            deck=view.deck_size, discard=view.discard_size)]
        if view.team_specials:
            names = t("ui.names_separator").join(view.seats[s].name for s in view.deciders)
            lines.append(t("six.ui.to_split", names=names, cards=cards_markup(view.team_specials, glyphs)))
            if frame.split_so_far:
                lines.append(t("six.ui.split_so_far", shares=shares_markup(
                    _shares(frame.split_so_far), view.seats, t, glyphs)))
        elif view.team_split:
            lines.append(t("six.ui.team_split", shares=shares_markup(view.team_split, view.seats, t, glyphs)))
        elif view.my_specials:
            lines.append(t("six.ui.specials", cards=cards_markup(view.my_specials, glyphs)))
        if view.variant == "secret_team" and view.my_team is not None:
            lines.append(t("six.ui.my_team", team=team_text(view, seat, t)))
        if frame.not_asked and not view.rebuilt[seat]:
            lines.append(f"[dim]{t('six.ui.not_asked')}[/]")
        return "\n".join(lines)


def sorted_hand(hand: Sequence[Card]) -> list[Card]:
    """Specials first, then the numbers by rank (2 … 10, A)."""
    return sorted(hand, key=lambda card: (card.rank >= 2, card.rank, card.suit))


def _shares(pairs: Sequence[tuple[int, Card]]) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    found: dict[int, list[Card]] = {}
    for seat, card in pairs:
        found.setdefault(seat, []).append(card)
    return tuple((seat, tuple(cards)) for seat, cards in found.items())


def shares_markup(shares: Sequence[tuple[int, Sequence[Card]]], seats: Sequence[Seat], t: Translate,
                  glyphs: str) -> str:
    """Each member's share of a team's split, joined as the language joins names."""
    return t("ui.names_separator").join(
        f"{seats[seat].name} {'+'.join(card_markup(c, glyphs) for c in cards) or '-'}" for seat, cards in shares)


# ----- the log -----


def event_lines(events: Sequence[Event], seats: Sequence[Seat], t: Translate, glyphs: str) -> list[str]:
    """Log lines for the events of one action, by seat name; a face-down card is never named."""
    lines = []
    for event in events:
        name = seats[event.seat].name if event.seat is not None else ""
        cards = cards_markup(event.cards, glyphs) if event.cards else ""
        kind = event.kind
        if kind == "played":
            key = "six.log.played_up" if event.get("face_up") else "six.log.played_down"
            lines.append(t(key, name=name, card=cards))
        elif kind == "passed":
            lines.append(t("six.log.passed", name=name))
        elif kind == "trick_won":
            lines.append(t("six.log.won", name=name, card=cards, why=judgement_text(event.get("judgement"), t)))
        elif kind == "dealt":
            lines.append(t("six.log.dealt", name=name))
        elif kind == "battalion":
            lines.append(t("six.event.battalion", team=t("six.team." + str(event.get("team")))))
        elif kind == "no_winner":
            lines.append(t("six.event.no_winner", card=cards))
        elif kind == "game_over":
            lines.append(t("six.log.over", end=t("six.end." + str(event.get("reason")))))
        elif kind in ("split_asked", "split", "face_revealed", "rebuilt"):  # (not each "no rebuild")
            lines.append(t("six.event." + kind, seat=name, card=cards))
    return [rulings_shown(line) for line in lines]
