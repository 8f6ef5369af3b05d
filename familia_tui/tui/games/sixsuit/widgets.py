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
from typing import Literal

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from familia_tui.core.cards import Card
from familia_tui.core.engine import Event, Seat
from familia_tui.games.sixsuit.view import SixSuitView, TrickPlay
from familia_tui.tui.glyphs import (
    INK,
    ClauseStyle,
    card_markup,
    cards_markup,
    rulings_shown,
    suit_text,
)
from familia_tui.tui.widgets.panel import Frame, Panel

Translate = Callable[..., str]


def six_card(word: str, glyphs: str) -> str:
    """A card word of the six-suit notation (`10X`, `BJ`, `W`) as markup."""
    from familia_tui.core.cards import SIX_SUITS

    return card_markup(SIX_SUITS.parse_card(word), glyphs)


ASCII_HEAD = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)
"""SIMPLE_HEAD in ASCII: a line under the header, no columns drawn (80 columns hold the seats)."""

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


def play_markup(play: TrickPlay, view: SixSuitView, t: Translate, glyphs: str) -> str:
    """One play of a trick: a face-up card, a card back (its own player sees the card, dimmed),
    or a pass."""
    name = view.seats[play.seat].name
    if play.passed:
        return f"{name} [dim]{t('six.ui.pass')}[/]"
    if play.face_up and play.card is not None:
        return f"{name} {card_markup(play.card, glyphs)}"
    own = f" {card_markup(play.card, glyphs, 'dim')}" if play.card is not None else ""
    return f"{name} [reverse]{t('six.ui.down')}[/]{own}"


class Flow:
    """A message whose `{plays}` are a list of parts (each a name and its card, in markup), wrapped
    only between two parts: a player's name never parts from the card they played, whatever the
    width (80 columns, long or Japanese names). A line that breaks drops the separator there; the
    next lines are indented."""

    SLOT = "\x00"
    """Where the parts go in the message (`t(key, plays=Flow.SLOT)`)."""

    def __init__(self, message: str, parts: Sequence[str], separator: str, indent: int = 2) -> None:
        self.head, _, self.tail = message.partition(self.SLOT)
        self.parts, self.separator, self.indent = tuple(parts), separator, indent

    def lines(self, width: int) -> list[Text]:
        lines, line = [], Text.from_markup(self.head)
        gap = Text(self.separator)
        for index, markup in enumerate((*self.parts[:-1], self.parts[-1] + self.tail) if self.parts else ()):
            part = Text.from_markup(markup)
            glue = gap if index else Text()
            if line.cell_len + glue.cell_len + part.cell_len > width and line.plain.strip():
                lines.append(line)
                line, glue = Text(" " * self.indent), Text()
            line.append_text(glue)
            line.append_text(part)
        lines.append(line if self.parts else Text.from_markup(self.head + self.tail))
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)  # (a part wider than the line folds, as any text)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [Text.from_markup(part).cell_len for part in self.parts] or [0]
        whole = sum(line.cell_len for line in self.lines(10**6))
        return Measurement(max(widths) + self.indent, whole)


def plays_flow(key: str, plays: Sequence[TrickPlay], view: SixSuitView, t: Translate, glyphs: str,
               **params: object) -> Flow:
    """The message `key` with its `{plays}` as a `Flow`."""
    message = rulings_shown(t(key, plays=Flow.SLOT, **params))
    return Flow(message, [play_markup(p, view, t, glyphs) for p in plays], separator(glyphs))


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


class TrickPanel(Panel):
    """The trick in play order (face-up cards, card backs, passes) and the last trick with the
    judgement that decided it; before the first play, who leads, unless the last trick's verdict
    just said so (its winner leads), which keeps every seat's row in view at 80×24."""

    def draw(self, frame: SixFrame) -> Group:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        leader = view.seats[view.leader].name
        lines: list[Flow | str] = []
        if view.trick:
            lines.append(plays_flow("six.ui.trick", view.trick, view, t, glyphs, name=leader))
        elif view.phase != "over" and view.last_winner != view.leader:  # (else the verdict says who leads)
            lines.append(rulings_shown(t("six.ui.trick_empty", name=leader)))
        if view.last_trick:
            verdict = last_verdict(view, t, glyphs)
            if view.trick and not frame.previous:  # (the plays of the last trick are in the log, and on p)
                lines.append(rulings_shown(t("six.ui.last", plays=verdict)))
            else:
                lines.append(plays_flow("six.ui.last", view.last_trick, view, t, glyphs))
                lines.append(rulings_shown("  " + verdict))
        return Group(*lines)


def last_verdict(view: SixSuitView, t: Translate, glyphs: str) -> str:
    """Who took the last trick's face card and by which judgement."""
    why = f"[b]{judgement_text(view.last_judgement, t)}[/]"
    if view.last_winner is None:
        return t("six.ui.last_none", why=why)
    assert view.last_face is not None  # a trick's winner always takes its face card
    name = view.seats[view.last_winner].name
    return t("six.ui.last_won", name=name, face=card_markup(view.last_face, glyphs), why=why)


class SeatsPanel(Panel):
    """One row per seat in play order: its suit and team colour, hand size, deck and discard
    markers (the viewer's exact counts), rebuild marker and captured face cards (a count)."""

    def draw(self, frame: SixFrame) -> Table:
        view, t, glyphs = frame.view, frame.t, frame.glyphs
        table = Table(box=ASCII_HEAD if glyphs == "ascii" else box.SIMPLE_HEAD, expand=True,
                      padding=0, pad_edge=False, show_edge=False)  # (the box puts a space between columns)
        overflow: Literal["crop", "ellipsis"] = "crop" if glyphs == "ascii" else "ellipsis"  # (… is ambiguous)
        table.add_column(t("ui.seat"), ratio=1, min_width=6)
        teams = view.variant != "individual"  # (each for himself: no team to show)
        table.add_column(t("six.ui.col_suit"), no_wrap=True, overflow=overflow)
        if teams:
            table.add_column(t("six.ui.col_team"), no_wrap=True, overflow=overflow)
        for key in ("col_hand", "col_deck", "col_discard", "col_rebuilt", "col_faces"):
            table.add_column(t("six.ui." + key), justify="right", no_wrap=True, overflow=overflow)
        for seat in view.order:
            team = [team_text(view, seat, t)] if teams else []
            table.add_row(seat_name(view, seat, glyphs, overflow), suit_label(view.suits[seat], t, glyphs), *team,
                          str(view.hand_sizes[seat]),
                          pile_text(view, seat, view.deck_size, view.deck_empty, t),
                          pile_text(view, seat, view.discard_size, view.discard_empty, t),
                          t("six.ui.used") if view.rebuilt[seat] else "-", str(view.captured_counts[seat]))
        return table


class SeatName:
    """A seat's name with the Jokers and whites it showed: on one line when they fit, else the
    cards on a line of their own, so that they never cut the name (80 columns)."""

    def __init__(self, name: str, shown: str, overflow: Literal["crop", "ellipsis"]) -> None:
        self.name, self.shown, self.overflow = Text.from_markup(name), Text.from_markup(shown), overflow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        fits = self.name.cell_len + self.shown.cell_len <= width or not self.shown
        lines = [self.name + self.shown] if fits else [self.name.copy(), Text("   ") + self.shown]
        for line in lines:
            line.truncate(width, overflow=self.overflow)
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(6, self.name.cell_len), self.name.cell_len + self.shown.cell_len)


Overflow = Literal["crop", "ellipsis"]


def seat_name(view: SixSuitView, seat: int, glyphs: str, overflow: Overflow = "ellipsis") -> SeatName:
    """Turn marker, name, an S for the seat in the Spade role when it holds another suit [R-S21],
    and the Jokers and whites it played face up [R-S16a]."""
    marker = ">" if seat == view.to_act or (view.phase == "split" and seat in view.deciders) else (
        "*" if seat == view.leader and view.phase != "over" else " ")
    spade = " S" if seat == view.spade and view.suits[seat] != "S" else ""  # the Spade role [R-S21]
    shown = f" ({cards_markup(view.shown_specials[seat], glyphs)})" if view.shown_specials[seat] else ""
    name = f"{marker} {view.seats[seat].name}{spade}"
    return SeatName(f"[b reverse]{name}[/]" if seat == view.to_act else name, shown, overflow)


def pile_text(view: SixSuitView, seat: int, own: int | None, empty: Sequence[bool], t: Translate) -> str:
    """The viewer's exact count; for the others only whether the pile is empty [R-S25a]."""
    if seat == view.seat and own is not None:
        return str(own)
    return t("six.ui.empty") if empty[seat] else t("six.ui.some")


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
