"""Drawing the Daifugō table from a seat's view, and the hand's multi-card selection.

Everything here reads a `DaifugoView` (never the state), the events or the legal actions:

- markup and Rich tables for the rule card and its families, the order and the locks, the trick,
  the seats and the log (`glyphs.glyph_safe` keeps messages in the glyph mode: ascii, nothing of
  ambiguous width);
- `PlayIndex`, `Selection`, `sync_chips`: the legal plays filtered for the card under the
  cursor or the ticked cards, turned into the card chips and the offers under them;
- `footer_cells`, `spare_that_fit`: how much of the footer the keys take, and which spare keys
  still fit; `ThinkTimer`: the optional think timer's countdown (DF-27).

Names come from the seats; nothing says "you" (hot-seat: several people read the screen).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from rich import box
from rich.cells import cell_len
from rich.table import Table

from familia_tui.core.cards import JOKER, Card, parse_card, rank_text
from familia_tui.core.engine import Event, Explanation, Seat
from familia_tui.games.daifugo.actions import PASS, Action, Play, make_play
from familia_tui.games.daifugo.deck import POS_OF_RANK, RANK_OF_POS, WILD, sort_key
from familia_tui.games.daifugo.log import event_text
from familia_tui.games.daifugo.view import DaifugoView, TablePlay
from familia_tui.tui.glyphs import (
    ClauseStyle,
    card_markup,
    card_text,
    clause_renderer,
    ink_style,
    suit_text,
)
from familia_tui.tui.glyphs import explanation_markup as shown_explanation
from familia_tui.tui.markup import escape
from familia_tui.tui.widgets.choices import Chip, Choice, ChoiceBar

Translate = Callable[..., str]

# ----- cards and plays -----


def declared_markup(card: Card, glyphs: str) -> str:
    """A joker in a play: `JK` (top), `JK=7♠` (declared), `JK=8` (an 8 whose suit is open)."""
    if card.is_joker:
        return card_markup(JOKER, glyphs)
    shown = rank_text(card.rank) if card.suit == WILD else card_markup(card, glyphs)
    return f"[{ink_style('magenta')}]JK=[/]{shown}"


def play_markup(play: Play, glyphs: str) -> str:
    """The cards of a play weakest first, jokers with the card they stand for."""
    tokens = [(sort_key(c), 0, card_markup(c, glyphs)) for c in play.naturals]
    tokens += [(sort_key(c), 1, declared_markup(c, glyphs)) for c in play.jokers]
    return " ".join(text for _, _, text in sorted(tokens))


def play_text(play: Play, glyphs: str) -> str:
    """The play as plain text (no markup), for the banner."""
    tokens = [(sort_key(c), 0, card_text(c, glyphs)) for c in play.naturals]
    tokens += [(sort_key(c), 1, "JK" if c.is_joker else "JK=" + (
        rank_text(c.rank) if c.suit == WILD else card_text(c, glyphs))) for c in play.jokers]
    return " ".join(text for _, _, text in sorted(tokens))


def form_markup(play: Play, glyphs: str, open_suits: bool) -> str:
    """A play whose jokers' suits are still to be chosen: `7♠ JK=7?`."""
    if not open_suits:
        return play_markup(play, glyphs)
    tokens = [(sort_key(c), 0, card_markup(c, glyphs)) for c in play.naturals]
    tokens += [(sort_key(c) if c.is_joker else (sort_key(c)[0], 9), 1,
                "JK" if c.is_joker else f"[{ink_style('magenta')}]JK=[/]{rank_text(c.rank)}?") for c in play.jokers]
    return " ".join(text for _, _, text in sorted(tokens))


def kind_text(top: TablePlay, t: Translate) -> str:
    size = top.play.size
    if top.kind == "group":
        return t("dfg.ui.kind.single") if size == 1 else t("dfg.ui.kind.group", size=size)
    return t(f"dfg.ui.kind.{top.kind}", size=size)


def place_text(place: int, t: Translate) -> str:
    """1st, 2nd …, or 1位, 2位 …"""
    return t(f"dfg.ui.place.{place}") if place <= 3 else t("dfg.ui.place.n", n=place)


# ----- the rule card, the order, the locks -----


def families_text(families: Sequence[str], t: Translate) -> str:
    return " + ".join(t(f"dfg.family.{f}") for f in families)


def rule_markup(view: DaifugoView, t: Translate, glyphs: str) -> str:
    """Game k/K, the rule card and its families; the ability cards and what they do."""
    game = t("dfg.ui.game", game=view.game, games=view.games)
    if view.rule_card is None:
        rule = t("dfg.ui.rule_none")
    elif view.families:
        rule = t("dfg.ui.rule_card", card=card_markup(view.rule_card, glyphs),
                 families=f"[b]{families_text(view.families, t)}[/]")
    else:
        rule = t("dfg.ui.rule_plain", card=card_markup(view.rule_card, glyphs))
    ranks = " ".join(rank_text(r) for r in view.ability_ranks)
    ability = (t("dfg.ui.ability", ranks=f"[b magenta]{ranks}[/]") if view.ability_ranks
               else t("dfg.ui.no_ability"))
    return f"[b]{game}[/] · {rule}\n[dim]{ability}[/]"


def order_markup(view: DaifugoView, t: Translate) -> str:
    """The effective order weakest first, ability ranks coloured; 革命 and ○○バック when on."""
    ability = set(view.ability_ranks)
    ranks = " ".join(f"[magenta]{rank_text(r)}[/]" if r in ability else rank_text(r) for r in view.order)
    flags = []
    if view.revolution:
        flags.append(f"[b reverse red] {t('dfg.ui.revolution')} [/]")
    if view.trick_reverse:
        flags.append(f"[b reverse magenta] {t('dfg.ui.back')} [/]")
    line = f"{t('dfg.ui.order')} {ranks} [b]JK[/] [dim]{t('dfg.ui.weak_strong')}[/]"
    return " ".join([line, *flags])


def lock_suits(letters: str, glyphs: str) -> tuple[str, bool]:
    """The suits a suit lock asks for, and whether they are one suit. A lock of one suit (a
    single, a sequence, a group all of one suit) shows that suit once; a suit-set lock shows
    each card's suit, a repeated one too (♠♠♥: two ♠ and a ♥, DF-10a)."""
    one = len(set(letters)) == 1
    return "".join(suit_text(s, glyphs) for s in (letters[:1] if one else letters)), one


def locks_markup(view: DaifugoView, t: Translate, glyphs: str) -> str:
    locks = []
    if view.suit_lock:
        suits, one = lock_suits(view.suit_lock, glyphs)
        locks.append(t("dfg.ui.lock_suit" if one else "dfg.ui.lock_suits", suits=f"[b]{suits}[/]"))
    if view.number_lock:
        locks.append(t("dfg.ui.lock_number", rank=f"[b]{rank_text(view.next_rank)}[/]")
                     if view.next_rank is not None else t("dfg.ui.lock_number_dead"))
    shown = " · ".join(f"[b yellow]{lock}[/]" for lock in locks) if locks else t("dfg.ui.lock_none")
    return f"{t('dfg.ui.locks')} {shown}"


# ----- the table -----


def plays_markup(plays: Iterable[tuple[int, Play]], seats: Sequence[Seat], glyphs: str) -> str:
    arrow = " > " if glyphs == "ascii" else " › "
    return arrow.join(f"{escape(seats[seat].name)} {play_markup(play, glyphs)}" for seat, play in plays)


def table_markup(view: DaifugoView, t: Translate, glyphs: str, show_last: bool) -> str:
    """The top play (with its kind and ドボン value) and the plays before it, or the empty
    table with the trick that just ended."""
    seats, last = view.seats, view.last_trick
    if show_last or view.top is None:
        lines = [] if view.top is not None else [t("dfg.ui.empty", name=escape(seats[view.to_act].name))
                                                 if view.to_act is not None else ""]
        if last is not None:
            lines.append(t("dfg.ui.last_trick", why=t(f"dfg.why.{last.why}"),
                           plays=plays_markup(last.plays, seats, glyphs)))
        elif show_last:
            lines.append(t("dfg.ui.no_last_trick"))
        return "\n".join(lines)
    top = view.top
    line = t("dfg.ui.top", name=f"[b]{escape(seats[top.seat].name)}[/]",
             cards=f"[b]{play_markup(top.play, glyphs)}[/]") + f" [dim]({kind_text(top, t)})[/]"
    if view.options.dobon != "off" and view.last_value is not None:
        line += f" [dim]{t('dfg.ui.value', value=view.last_value)}[/]"
    before = view.trick[:-1][-4:]
    if before:
        ellipsis = "... " if glyphs == "ascii" else "… "
        more = ellipsis if len(view.trick) > 5 else ""
        line += "\n[italic]" + t("dfg.ui.before", plays=more + plays_markup(
            ((p.seat, p.play) for p in before), seats, glyphs)) + "[/]"
    return line


def seats_table(view: DaifugoView, t: Translate, glyphs: str) -> Table:
    """One row per seat: turn marker and name, cards held, what the seat did, session ビリ."""
    table = Table(box=box.ASCII if glyphs == "ascii" else box.SIMPLE_HEAD, expand=True,
                  padding=(0, 1), show_edge=False)
    table.add_column(t("dfg.ui.col_seat"), no_wrap=True, ratio=3)
    table.add_column(t("dfg.ui.col_cards"), justify="right", no_wrap=True)
    table.add_column(t("dfg.ui.col_state"), ratio=3)
    table.add_column(t("dfg.ui.col_biri"), justify="right", no_wrap=True)
    for seat, who in enumerate(view.seats):
        name = f"{'>' if seat == view.to_act else ' '} {escape(who.name)}"
        if seat == view.to_act:
            name = f"[b reverse]{name}[/]"
        table.add_row(name, str(view.counts[seat]), seat_state(view, seat, t),
                      str(view.biri_counts[seat]))
    return table


def seat_state(view: DaifugoView, seat: int, t: Translate) -> str:
    if seat in view.places:
        return f"[green]{t('dfg.ui.st_out', place=place_text(view.places.index(seat) + 1, t))}[/]"
    states = []
    if view.top is not None and view.top.seat == seat:
        states.append(t("dfg.ui.st_top"))
    if seat in view.passed:
        states.append(f"[dim]{t('dfg.ui.st_passed')}[/]")
    if view.uno_missed == seat:
        states.append(f"[b red]{t('dfg.ui.st_uno_missed')}[/]")
    elif view.counts[seat] == 1:
        states.append(f"[b yellow]{t('dfg.ui.st_uno')}[/]")
    return ", ".join(states)


# ----- the log -----


def event_lines(events: Sequence[Event], seats: Sequence[Seat], lang: str, t: Translate,
                glyphs: str) -> list[str]:
    """Log lines for events, by seat name; plays show their jokers' declared cards."""
    names = [escape(s.name) for s in seats]
    lines = []
    for event in events:
        if event.kind == "played" and not event.get("spade3"):
            line = t("dfg.ev.played", name=names[event.seat],  # type: ignore[index]
                     cards=play_markup(event.get("play"), glyphs))
        elif event.kind == "suit_lock":
            line = t("dfg.ev.suit_lock", suits=lock_suits(str(event.get("suits")), glyphs)[0])
        else:
            line = event_text(event, names, lang, lambda c: card_markup(c, glyphs))
        if event.kind in ("rule_card", "game_scored", "game_over"):
            line = f"[b]{line}[/]"
        elif event.kind in ("revolution", "trick_reverse", "suit_lock", "number_lock", "dobon",
                            "dobon_gaeshi", "chombo", "nasuritsuke", "tenho", "nokoshi"):
            line = f"[b yellow]{line}[/]"
        elif event.kind == "passed" or event.kind == "trick_won":
            line = f"[dim]{line}[/]"
        lines.append(line)
        if event.kind == "rule_card" and event.get("revolution"):
            rule_card = " ".join(card_markup(c, glyphs) for c in event.cards)
            lines.append(f"[b yellow]{t('dfg.ev.rule_card.revolution', cards=rule_card)}[/]")
    return lines


def explanation_markup(explanation: Explanation, lang: str, seats: Sequence[Seat], glyphs: str) -> str:
    """An explain() chain through the shared text pipeline, seats named."""
    return shown_explanation(explanation, lang, glyphs, clause_renderer(CLAUSES, lang, glyphs, seats))


def clause_card(word: str, glyphs: str) -> str:
    """A word of a play in an explanation: a card, or a joker with what it stands for (`JK=7S`)."""
    head, _, declared = word.partition("=")
    return declared_markup(_declared(declared), glyphs) if declared else card_markup(parse_card(head), glyphs)


CLAUSES = ClauseStyle(card=clause_card, suits=("suits",))
"""Daifugō's explanation parameters: plays with declared jokers, lock suits, seat names."""


def _declared(text: str) -> Card:
    if text.endswith(WILD):
        return Card(parse_card(text[:-1] + "S").rank, WILD)
    return parse_card(text)


# ----- the multi-card selection -----


@dataclass(frozen=True)
class Form:
    """One offer: legal plays that differ only in the suits their jokers are declared as."""

    plays: tuple[Play, ...]

    @property
    def play(self) -> Play:
        return self.plays[0]


class PlayIndex:
    """The legal plays of one decision, indexed by the cards they use: which cards can still join
    a selection, and which plays use all of the chosen cards. Built once per decision (a hand
    with jokers may have a couple of thousand legal plays)."""

    def __init__(self, legal: Iterable[Action]) -> None:
        self.entries = [(a, frozenset(a.naturals), len(a.jokers)) for a in legal if type(a) is Play]
        self.plays = frozenset(play for play, _, _ in self.entries)
        self.passing = PASS in legal  # type: ignore[operator]
        self.strict_uno = any(play.uno for play, _, _ in self.entries)
        self.using: dict[Card, list[tuple[Play, frozenset[Card], int]]] = {}
        """The entries that use a card (`JOKER`: the entries that use a joker)."""
        for entry in self.entries:
            for card in entry[1] | ({JOKER} if entry[2] else set()):
                self.using.setdefault(card, []).append(entry)
        self.offers: dict[tuple[frozenset[Card], int, bool], list[Form]] = {}
        """`forms` already worked out (the cursor comes back to the same cards)."""

    def lit(self, naturals: frozenset[Card], jokers: int) -> tuple[frozenset[Card], bool]:
        """(natural cards that some legal play adds to the selection, whether a joker can be
        added)."""
        cards: set[Card] = set()
        joker = False
        for _, used, count in self.entries:
            if count >= jokers and used >= naturals:
                cards |= used
                joker = joker or count > jokers
        return frozenset(cards - naturals), joker

    def forms(self, naturals: frozenset[Card], jokers: int, uno: bool) -> list[Form]:
        """The offers for chosen cards: every legal play that uses all of them (and at least the
        chosen number of jokers), natural plays first, then those that need jokers, fewest first
        (`_form_order`). Strict ウノ: of a play with and without ウノ, the one that matches `uno`."""
        known = self.offers.get((naturals, jokers, uno))
        if known is not None:
            return known
        keys = [*naturals] + ([JOKER] if jokers else [])
        if not keys:
            return []
        grouped: dict[tuple[object, ...], list[Play]] = {}
        for play, used, count in min((self.using.get(k, []) for k in keys), key=len):
            if count < jokers or not used >= naturals:
                continue
            if play.uno != uno and play._replace(uno=uno) in self:
                continue
            key = (play.naturals, tuple(0 if j.is_joker else j.rank for j in play.jokers), play.uno)
            grouped.setdefault(key, []).append(play)
        forms = self.offers[naturals, jokers, uno] = sorted(
            (Form(tuple(plays)) for plays in grouped.values()), key=_form_order)
        return forms

    def __contains__(self, play: object) -> bool:
        return play in self.plays


def _form_order(form: Form) -> tuple[int, int, int, int]:
    """Natural sets and sequences first, then joker completions with fewest jokers; declared
    jokers before top jokers; smaller plays first, then the weaker."""
    play = form.play
    top = all(j.is_joker for j in play.jokers) and not play.naturals
    low = min((POS_OF_RANK[c.rank] for c in play.cards if not c.is_joker), default=99)
    return (len(play.jokers), int(top), play.size, low)


def closest_play(naturals: Sequence[Card], jokers: int) -> Play:
    """The play a selection most likely means, to explain why it is not legal: jokers stand for
    the rank of a same-rank selection or fill a same-suit run; otherwise they are top jokers."""
    naturals = sorted(naturals, key=sort_key)
    if not naturals or not jokers:
        return make_play(naturals, [JOKER] * jokers)
    ranks, suits = {c.rank for c in naturals}, {c.suit for c in naturals}
    if len(ranks) == 1:
        rank = naturals[0].rank
        free = [s for s in "SHDC" if s not in suits] + list("SHDC")
        return make_play(naturals, [Card(rank, free[i % len(free)]) for i in range(jokers)])
    if len(suits) == 1:
        suit = naturals[0].suit
        held = {POS_OF_RANK[c.rank] for c in naturals}
        low = min(held)
        gaps = [p for p in range(low, 13) if p not in held][:jokers]
        if len(gaps) == jokers:
            return make_play(naturals, [Card(RANK_OF_POS[p], suit) for p in gaps])
    return make_play(naturals, [JOKER] * jokers)


# ----- the selection and its chips -----


UNO = "uno"
"""The value of the strict-ウノ toggle chip."""


@dataclass(frozen=True)
class HandCard:
    """A card chip's value: its place in the hand (jokers are alike, so the place tells them
    apart) and the card."""

    index: int
    card: Card


@dataclass(eq=False)
class Selection:
    """One decision's multi-card selection: the ticked cards, the card whose plays are offered
    when none is ticked, the offer whose jokers' cards are being chosen, and strict ウノ. It turns
    the hand and the `PlayIndex` into choices; it never chooses a play itself."""

    ticked: set[int] = field(default_factory=set)
    """Places in the hand of the ticked cards."""
    focus: int = 0
    """The place in the hand of the card last under the cursor: with nothing ticked, the offers
    are its plays."""
    form: Form | None = None
    uno: bool = False

    @property
    def chosen(self) -> set[int]:
        """The cards the offers use: the ticked ones, else the card in focus."""
        return self.ticked or {self.focus}

    def cards(self, hand: Sequence[Card], places: Iterable[int] | None = None) -> tuple[frozenset[Card], int]:
        """(the natural cards, how many jokers) at these places (default: the ticked ones)."""
        cards = [hand[i] for i in (self.ticked if places is None else places) if i < len(hand)]
        return frozenset(c for c in cards if not c.is_joker), sum(c.is_joker for c in cards)

    def forms(self, hand: Sequence[Card], index: PlayIndex) -> list[Form]:
        """The offers: the legal plays that use every chosen card."""
        return index.forms(*self.cards(hand, self.chosen), self.uno)

    def sole_play(self, hand: Sequence[Card], index: PlayIndex) -> Play | None:
        """The one legal play that uses the chosen cards, when there is exactly one and it adds
        no joker to them (Enter may play it; otherwise the player chooses among the offers)."""
        forms = self.forms(hand, index)
        if len(forms) != 1 or len(forms[0].plays) != 1:
            return None
        play = forms[0].play
        return play if len(play.jokers) == self.cards(hand, self.chosen)[1] else None

    def hand_choices(self, hand: Sequence[Card], index: PlayIndex, glyphs: str) -> list[Choice]:
        """A chip per card: ticked ones marked (the chip adds `*`), the ones no legal play adds
        dimmed."""
        lit, joker_lit = index.lit(*self.cards(hand))
        return [Choice(card_markup(card, glyphs),
                       i in self.ticked or (joker_lit if card.is_joker else card in lit),
                       HandCard(i, card), marked=i in self.ticked) for i, card in enumerate(hand)]

    def offer_choices(self, hand: Sequence[Card], index: PlayIndex, t: Translate,
                      glyphs: str) -> list[Choice]:
        """The ウノ toggle (strict), the plays of the chosen cards (natural ones first, then those
        with jokers), then Pass (when following); the play whose joker's card is being chosen
        stays in place, marked, its cards right after it."""
        offers = []
        if index.strict_uno:
            offers.append(Choice(f"{escape('[x]' if self.uno else '[ ]')} {t('dfg.ui.uno_chip')}",
                                 True, UNO, marked=self.uno))
        for form in self.forms(hand, index):
            open_ = form == self.form
            offers.append(Choice(form_markup(form.play, glyphs, len(form.plays) > 1), True, form,
                                 marked=open_))
            if open_:
                offers += [Choice(play_markup(p, glyphs), True, p) for p in form.plays]
        if index.passing:
            offers.append(Choice(t("dfg.ui.pass"), True, PASS))
        return offers

    def note(self, hand: Sequence[Card], index: PlayIndex, t: Translate, glyphs: str) -> str:
        """What Enter does with the chosen cards, or how to play."""
        cards = " ".join(card_markup(hand[i], glyphs) for i in sorted(self.chosen) if i < len(hand))
        forms = self.forms(hand, index)
        sole = self.sole_play(hand, index)
        if self.form is not None:
            note = t("dfg.ui.choose_declared")
        elif not forms:  # (ticked cards are always part of a play: a card is ticked only then)
            note = t("dfg.ui.help_follow" if index.passing else "dfg.ui.help_lead")
        elif sole is not None and self.ticked and sole.size == len(self.ticked):
            note = t("dfg.ui.ticked", cards=cards)
        elif sole is not None:
            note = t("dfg.ui.enter_plays", play=play_markup(sole, glyphs), cards=cards)
        elif len(forms) == 1 and len(forms[0].plays) > 1:
            note = t("dfg.ui.choose_form", cards=cards)
        elif len(forms) == 1:
            note = t("dfg.ui.joker_play", cards=cards, play=play_markup(forms[0].play, glyphs))
        else:
            note = t("dfg.ui.choose_play", cards=cards, count=len(forms))
        if index.strict_uno:
            note += " " + t("dfg.ui.uno_on" if self.uno else "dfg.ui.uno_off")
        return note


def sync_chips(bar: ChoiceBar, chips: Sequence[tuple[int, Choice]], cursor: int) -> None:
    """Show these chips (global choice index, choice) in a bar, reusing the chips already there
    (`ChoiceBar.sync`); a bar that shows a note (hands hidden) is emptied first."""
    if not all(isinstance(w, Chip) for w in bar.children):
        bar.remove_children()
    bar.sync(chips, cursor)


# ----- the footer's room, the think timer -----


def footer_cells(keys: Iterable[tuple[str, str]], compact: bool) -> int:
    """Cells Textual's footer takes for these (key, description) pairs: ` key description `
    each, or compact `key description` and a space."""
    return sum(cell_len(key) + cell_len(text) + (2 if compact else 3) for key, text in keys)


def spare_that_fit(used: int, spare: Sequence[tuple[str, int]], width: int) -> tuple[str, ...]:
    """Of the spare keys (action, cells), the most that fit beside `used` cells: both, the
    first, the second, or none."""
    for shown in (spare, spare[:1], spare[1:], ()):
        if used + sum(cells for _, cells in shown) <= width:
            return tuple(action for action, _ in shown)
    return ()


@dataclass
class ThinkTimer:
    """The think timer of the decision on screen (DF-27): it starts afresh for each decision,
    counts only while that decision is in front of its player, and says when the time is up;
    it decides nothing."""

    seconds: int
    """Seconds per decision (the `think_timer` option); 0: off."""
    left: float | None = None
    """Seconds left, None when no decision is timed."""
    decision: int = -1
    """The decision timed (the number of actions before it)."""
    clock: float = 0.0
    """When it last counted (monotonic seconds)."""

    def start(self, decision: int | None, now: float) -> bool:
        """A human's decision is on screen (its number), or none is (None). Whether what the
        timer shows changed."""
        if not self.seconds or decision is None:
            shown, self.left, self.decision = self.left is not None, None, -1
            return shown
        if decision == self.decision:
            return False
        self.left, self.decision, self.clock = float(self.seconds), decision, now
        return True

    def step(self, now: float, running: bool) -> tuple[bool, bool]:
        """Count down to `now` if the decision was in front of its player: (whether the seconds
        shown changed, whether the time has just run out)."""
        before, self.clock = self.clock, now
        left = self.left
        if left is None or left <= 0 or not running:
            return False, False
        shown = self.shown
        self.left = max(0.0, left - (now - before))
        return self.shown != shown, self.left == 0

    @property
    def shown(self) -> int | None:
        """The whole seconds shown (0: time is up), None when nothing is timed."""
        return None if self.left is None else math.ceil(self.left)


def think_markup(timer: ThinkTimer, t: Translate) -> str:
    """The banner's countdown, or that the time is up."""
    seconds = timer.shown
    if seconds is None:
        return ""
    if seconds == 0:
        return f"  [b red]{t('dfg.ui.think_up')}[/]"
    return f"  [dim]{t('dfg.ui.think', seconds=seconds)}[/]"
