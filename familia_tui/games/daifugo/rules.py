"""The integrated Daifugō state machine (大富豪統合ルール, rules digest Part C).

Rules implemented here (legal plays in legal.py, shapes and strength in shapes.py, the families
in families.py):

- A session of K games; before each a rule card is drawn from the 56 cards and returned (DF-1),
  activating its families (C2, DF-2–DF-4, DF-35; ◆ start as an option, DF-3). Dealing is equal
  from a random player, or the rough split (DF-5). The ♥3 holder leads (DF-7); turns go
  clockwise (DF-6); 天和 and ○○残し are checked right after the deal in turn order (DF-24, DF-25).
- One play resolves in the order of C15: the cards go on the table; the suit lock (DF-10a /
  DF-10, consecutive plays with passes between, DF-11) and number lock (DF-12) are updated from
  the previous top with the current direction; 4+ cards toggle 革命 and exactly three 9s toggle
  クーデター, once (DF-13, DF-14); ability cards toggle the trick's reversal by parity (○○バック,
  DF-16, DF-16a); the player goes out on an empty hand or a ○○残し hand (DF-25a), or says ウノ
  (DF-26, DF-26a); then the ドボン window (DF-28, DF-28a, DF-29, DF-30) and the チョンボ window of
  a missed strict ウノ; then a natural 8 (DF-15) or ♠3 on a single joker (DF-20) ends the trick.
- Passing any number of times (C4, DF-27); when every other player holding cards has passed
  since the last play the trick ends and the last player leads, or the next player holding
  cards if he is out (C4). A leader who cannot lead commits チョンボ, or the lead passes on
  (DF-23a). The game ends when one player holds cards (ビリ) or at once on a チョンボ or a ドボン
  (C14); the session counts ビリ (DF-31).

Every decision is one seat's: plays and passes, each ドボン call of a seat that decides (bots
always; humans with `dobon: ask`; the first eligible human calls by himself with `auto`), and each
チョンボ call after a missed strict ウノ. Everything else happens inside `apply`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import TYPE_CHECKING, ClassVar

from familia_tui.core.cards import JOKER, Card, permutation
from familia_tui.core.engine import Event, Explanation, IllegalAction, Seat
from familia_tui.core.table import (
    BaseState,
    Cloneable,
    Copier,
    SeatRing,
    clone_value,
    copy_list,
    copy_rng,
    copy_rows,
    handles,
    per_object,
    seat_ring,
)
from familia_tui.games.daifugo.actions import Action, Call, Decline, Pass, Play
from familia_tui.games.daifugo.deck import (
    CARD,
    DECK,
    EMPTY_SLOTS,
    HEART,
    JOKER_INDEX,
    POPCOUNT,
    POS3,
    POSITIONS,
    RANK_OF_POS,
    TOP,
    VALUE,
    cards_of,
    deck_indexes,
)
from familia_tui.games.daifugo.families import (
    Family,
    Rulebook,
    families_of,
    starts_in_revolution,
)
from familia_tui.games.daifugo.legal import (
    CHOMBO,
    DOBON,
    FOLLOW,
    LEAD,
    OVER,
    every_lead_is_forbidden,
    legal_actions,
)
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.results import (
    DobonCall,
    FinishedTrick,
    Reason,
    SessionResult,
    game_record,
    middle_order,
)
from familia_tui.games.daifugo.shapes import (
    MAX_SEATS,
    Shape,
    legal_shape,
    lock_signature,
    played,
    shape_of,
    step_of,
)

if TYPE_CHECKING:
    from familia_tui.games.daifugo.view import DaifugoView


finished_trick = partial(tuple.__new__, FinishedTrick)
"""`finished_trick((plays, why))`: a `FinishedTrick` without the named tuple's Python-level
constructor (every trick ends with one)."""
fast_event = partial(tuple.__new__, Event)
"""`fast_event((kind, seat, cards, info))`: an `Event` without the named tuple's Python-level
constructor, for the event of every play and the events of every game's start and end."""


PACKED = tuple(1 << 8 * (index >> 2) + (index & 3) | 1 << 104 + 13 * (index & 3) + (index >> 2)
               | VALUE[index >> 2] << 160 for index in range(JOKER_INDEX)) + (1 << 156,) * (
                   len(DECK) - JOKER_INDEX)
"""Per deck index, what a card adds to a hand, as one integer of fields: its suit bit in its
position's byte (bits 0–103, a byte per position), its bit in the four 13-bit suit rows (bits
104–155), one joker (bits 156–159) and its ドボン value (bits 160 on). The cards of a hand
are distinct, so the sum of their entries holds the whole hand (`_set_hands`: one addition per
card instead of three updates)."""
SLOT_POSITIONS = sum(pos << 4 << 8 * pos for pos in range(POSITIONS))
"""Every position in its byte (`pos << 4`): with a hand's suit masks, its 13 slots."""
BYTE_MASK = (1 << 8 * POSITIONS) - 1


@cache
def passed_events(players: int) -> tuple[Event, ...]:
    """Each seat's `passed` event, built once per table size (events are immutable values)."""
    return tuple(Event("passed", seat) for seat in range(players))


UNO_EVENTS = tuple(Event("uno", seat) for seat in range(MAX_SEATS))
"""Each seat's `uno` event (DF-26), built once (events are immutable values)."""
TRICK_ENDS = ("passes", "eight", "spade3")
"""Why a trick ends (C4, DF-15, DF-20): the `why` of its `trick_won` event."""


@cache
def trick_won_events(players: int) -> dict[str, tuple[Event, ...]]:
    """Each next leader's `trick_won` event by why the trick ended, built once per table size:
    an event costs ~2,000 instructions to build, and a trick ends every five actions."""
    return {why: tuple(Event("trick_won", seat, info=(("why", why),)) for seat in range(players))
            for why in TRICK_ENDS}


@dataclass(frozen=True, slots=True)
class Plan:
    """What stays fixed for a session: its options, and the switches and tables read from them,
    made once per options (a new session takes the cached one). One field of the state: see
    `core.table.INLINE_FIELDS`."""

    options: DaifugoOptions
    n: int
    strict_uno: bool
    dobon_on: bool
    trick_sum: bool
    single_suit: bool
    overlap: bool
    per_family: bool
    ring: SeatRing
    """Turns go clockwise (DF-6)."""
    after: tuple[tuple[int, ...], ...]
    """`after[seat]`: the other seats in turn order from the next one, then the seat."""
    passed_events: tuple[Event, ...]
    trick_won_events: dict[str, tuple[Event, ...]]

    @staticmethod
    def of(options: DaifugoOptions) -> Plan:
        """The plan of a session with these options."""
        return _plan(options)


@per_object
def _plan(options: DaifugoOptions) -> Plan:
    n = options.players
    ring = seat_ring(n)
    return Plan(options, n, options.uno == "strict", options.dobon != "off",
                options.dobon_sum == "trick", options.suit_lock == "single_suit",
                options.sequences == "overlap", options.back_count == "per_family", ring,
                ring.afters, passed_events(n), trick_won_events(n))


class GameLog(Cloneable):
    """The public record of the game in progress, read by views and at the game's end, rarely
    written: one field of the state (see `Plan`)."""

    IMMUTABLE = ("rule_card", "first_leader", "revolutions", "outs", "finished", "declines",
                 "stucks", "dobon_call")
    COPIED: ClassVar[Mapping[str, Copier]] = {"places": copy_list, "kept": copy_rows}

    def __init__(self, rule_card: Card | None, n: int) -> None:
        self.rule_card = rule_card
        self.first_leader = 0
        """The ♥3 holder, who led the game's first trick (DF-7)."""
        self.revolutions = 0
        """Plays of this game that turned the order for good (革命, クーデター)."""
        self.places: list[int] = []
        """The seats that went out, in order."""
        self.outs: tuple[tuple[int, str], ...] = ()
        """(seat, how) of every seat that went out this game, in order."""
        self.kept: list[list[Card]] = [[] for _ in range(n)]
        """The hands shown by 天和 and 残し, out of play."""
        self.finished: tuple[FinishedTrick, ...] = ()
        """The tricks of this game that ended, in order (public: every play was seen)."""
        self.declines: tuple[tuple[int, int, str], ...] = ()
        """(plays made so far this game, seat, call) of every call window declined this game:
        public, as the window's pause is (DF-28a)."""
        self.stucks: tuple[tuple[int, int], ...] = ()
        """(plays made so far this game, seat) of every leader passed over as stuck (DF-23a,
        the `pass_on` option): public, as the `stuck` event is."""
        self.dobon_call: DobonCall | None = None
        """The ドボン called in this game, once one is."""


@dataclass(frozen=True, slots=True)
class StackedDeal:
    """A first game with every hand placed (scenarios, tests, records)."""

    hands: tuple[tuple[Card, ...], ...]
    rule_card: Card | None
    """The rule card of the first game (None: no rule card)."""


class DaifugoState(BaseState[Action, "DaifugoView", SessionResult]):
    """A Daifugō session in progress. Mutable; `clone()` gives an independent copy."""

    IMMUTABLE = ("seed", "seats", "is_over", "to_act", "phase", "rulebook", "revolution", "holders",
                 "top_seat", "suit_lock", "number_lock", "trick_reverse", "uno_missed",
                 "leader")
    SHARED = ("plan", "top")
    """The session's `Plan` (frozen, but holding the shared dict of `trick_won` events) and the
    top play's `Shape` (built by `shape_of`, cached and shared, never changed but for its cache
    of events)."""
    COPIED: ClassVar[Mapping[str, Copier]] = {
        "rng": copy_rng, "session": clone_value, "log": clone_value, "slots": copy_rows,
        "rows": copy_rows, "jokers": copy_list, "counts": copy_list, "sums": copy_list,
        "trick": copy_list, "passed": copy_list, "pending": copy_list,
    }
    # A state has at most `core.table.INLINE_FIELDS` (29) fields, which CPython 3.11 keeps
    # inline (fast reads, writes and method calls; a test keeps it so): what is fixed for a
    # session is in `plan`, the game's public record in `log`, and what can be derived is a
    # read-only property.

    def __init__(self, options: DaifugoOptions, seats: Sequence[Seat], seed: int | None = None,
                 deal: StackedDeal | None = None) -> None:
        if len(seats) != options.players:
            raise ValueError(f"{options.players} players need {options.players} seats, got {len(seats)}")
        self.plan = Plan.of(options)
        self.seats = tuple(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        self.session = SessionResult(tuple(s.name for s in seats), options.games)
        self.events = []
        self._legal = None
        self.is_over = False
        self.to_act: int | None = None
        self._start_game(deal)

    # ----- protocol -----
    # `to_act` (the seat whose decision it is, None when the session is over) and `is_over` are
    # plain attributes, kept up to date by every transition: simulations read them per action.

    legal_actions = legal_actions
    """The legal actions of the seat to act, every distinct one once, kept until the next
    action: legal.py's `legal_actions` (`BaseState.legal_actions` with the phase dispatch and
    the common follows written in, in one Python call)."""

    def apply(self, action: Action) -> list[Event]:
        """`BaseState.apply` (the same membership check and `IllegalAction`) with the dispatch
        written in: a play calls `_play` and a pass is made here (they are nearly every action;
        the handlers' look-up and a pass's own call cost as much as the pass)."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(action, self.explain(action))
        self._legal = None
        events: list[Event] = []
        self.events = events
        kind = type(action)
        if kind is Play:
            self._play(action)
        elif kind is Pass:  # a pass (C4), any number of times while following
            seat = self.to_act
            assert seat is not None and self.top_seat is not None
            passed = self.passed
            passed.append(seat)
            events.append(self.plan.passed_events[seat])
            counts = self.counts
            if len(passed) >= self.holders - (counts[self.top_seat] > 0):
                self._end_trick("passes")
                return events
            for other in self.plan.after[seat]:  # next_holder, written out
                if counts[other]:
                    self.to_act = other
                    return events
        else:
            self._handlers[kind](self, action)
        return events

    def explain(self, action: Action) -> Explanation:
        from familia_tui.games.daifugo.explain import explain_action

        return explain_action(self, action)

    def view(self, seat: int) -> DaifugoView:
        from familia_tui.games.daifugo.view import DaifugoView

        return DaifugoView.of(self, seat)

    def public_view(self) -> DaifugoView:
        """What every seat knows: a watcher's view, the hot-seat curtain's."""
        from familia_tui.games.daifugo.view import DaifugoView

        return DaifugoView.public(self)

    def result(self) -> SessionResult:
        return self.session

    # ----- derived values -----
    # (read-only: what the session's plan, the game's log or the other fields already hold)

    @property
    def options(self) -> DaifugoOptions:
        return self.plan.options

    @property
    def n(self) -> int:
        return self.plan.n

    @property
    def strict_uno(self) -> bool:
        return self.plan.strict_uno

    @property
    def game_no(self) -> int:
        """The game in progress (the last one once the session is over)."""
        return len(self.session.games) + (not self.is_over)

    @property
    def rule_card(self) -> Card | None:
        return self.log.rule_card

    @property
    def families(self) -> tuple[Family, ...]:
        return self.rulebook.families

    @property
    def first_leader(self) -> int:
        return self.log.first_leader

    @property
    def places(self) -> list[int]:
        return self.log.places

    @property
    def outs(self) -> tuple[tuple[int, str], ...]:
        return self.log.outs

    @property
    def kept(self) -> list[list[Card]]:
        return self.log.kept

    @property
    def finished(self) -> tuple[FinishedTrick, ...]:
        return self.log.finished

    @property
    def last_trick(self) -> FinishedTrick | None:
        """The trick of this game that ended last (public)."""
        finished = self.log.finished
        return finished[-1] if finished else None

    @property
    def opening(self) -> tuple[int, Play] | None:
        """The game's first play, once the first trick has ended."""
        finished = self.log.finished
        return finished[0].plays[0] if finished else None

    @property
    def declines(self) -> tuple[tuple[int, int, str], ...]:
        return self.log.declines

    @property
    def stucks(self) -> tuple[tuple[int, int], ...]:
        return self.log.stucks

    @property
    def dobon_call(self) -> DobonCall | None:
        return self.log.dobon_call

    @property
    def revolutions(self) -> int:
        return self.log.revolutions

    @property
    def last_play_value(self) -> int | None:
        """The ドボン value of the top play, or of the whole trick with `dobon_sum: trick` (DF-28);
        None with a top joker in it, or on a lead."""
        top = self.top
        if top is None:
            return None
        return self._trick_value() if self.plan.trick_sum else top.value

    @property
    def top_play(self) -> Play | None:
        """The play on top of the trick (None on a lead)."""
        return self.trick[-1][1] if self.top is not None else None

    @property
    def cut(self) -> str | None:
        """How the top play ends the trick once its call windows close: a natural 8 (DF-15), or
        ♠3 on a single joker (DF-20); None if it does not."""
        top, trick = self.top, self.trick
        if top is None:
            return None
        if top.cuts:
            return "eight"
        answer = top.spade3 and len(trick) > 1 and legal_shape(trick[-2][1]).single_joker
        return "spade3" if answer else None

    def acting(self) -> int:
        """The seat to act; `LookupError` once nobody is (the session is over)."""
        seat = self.to_act
        if seat is None:
            raise LookupError("no seat is to act: the session is over")
        return seat

    def top_player(self) -> int:
        """The seat whose play is on top; `LookupError` when the table is empty (a lead)."""
        seat = self.top_seat
        if seat is None:
            raise LookupError("no play is on the table")
        return seat

    @property
    def reversed(self) -> bool:
        """The effective order: revolution XOR the trick's reversal (C6)."""
        return self.revolution != self.trick_reverse

    def hand(self, seat: int) -> list[Card]:
        """The seat's cards, weakest first in normal order, jokers last."""
        return cards_of(self.slots[seat], self.jokers[seat])

    def next_holder(self, seat: int) -> int:
        """The next seat clockwise that still holds cards (DF-6)."""
        counts = self.counts
        for other in self.plan.after[seat]:
            if counts[other]:
                return other
        return seat

    def group_slots(self, seat: int, top: Shape) -> Sequence[int]:
        """The seat's slots that may answer `top` (the top group), in order: the positions
        stronger in the effective order, or only the number lock's next one if it exists (DF-12,
        DF-36). (The hot path of following: the order test is written out.)"""
        slots, key = self.slots[seat], top.key
        if self.number_lock:
            key += -1 if self.revolution != self.trick_reverse else 1
            return (slots[key],) if 0 <= key < POSITIONS else ()
        if self.revolution != self.trick_reverse:
            return slots[key - 1::-1] if key else ()
        return slots[key + 1:]

    def sequence_lows(self) -> Sequence[int]:
        """Lowest positions a sequence of the top's length may start at to beat it (DF-8, DF-12)."""
        top = self.top
        assert top is not None
        size, reverse = top.size, self.reversed
        last = POSITIONS - size  # the lowest start that still fits below the 2
        if self.number_lock:
            key = top.key + (-1 if reverse else 1) * step_of(top, self.plan.overlap)
            return (key,) if 0 <= key <= last else ()
        if self.plan.overlap:
            return range(top.key) if reverse else range(top.key + 1, last + 1)
        return range(top.key - size + 1) if reverse else range(top.high + 1, last + 1)

    def required_key(self) -> int | None:
        """The position the number lock demands of the next play, or None."""
        if not self.number_lock or self.top is None:
            return None
        return self.top.key + (-1 if self.reversed else 1) * step_of(self.top, self.plan.overlap)

    # ----- a game -----

    def _start_game(self, stacked: StackedDeal | None = None) -> None:
        options, n = self.plan.options, self.plan.n
        rule_card = stacked.rule_card if stacked else self._draw_rule_card()
        log = self.log = GameLog(rule_card, n)
        self.use_families(families_of(rule_card, options.shishi))
        self.revolution = starts_in_revolution(rule_card, options.diamond_revolution)
        self.events.append(fast_event(("rule_card", None, (rule_card,) if rule_card else (), (
            ("game", len(self.session.games) + 1), ("families", self.rulebook.families),
            ("ability_ranks", self.rulebook.ability_ranks), ("revolution", self.revolution)))))
        self._set_hands([deck_indexes(hand) for hand in stacked.hands] if stacked else self._deal())
        self._clear_trick()
        self.pending: list[tuple[str, int]] = []
        self.uno_missed: int | None = None
        first = log.first_leader = next(s for s in range(n) if self.slots[s][POS3] >> HEART & 1)
        self.to_act = self.leader = first
        self.phase = LEAD
        self.events.append(fast_event(("dealt", first, (), (
            ("counts", tuple(self.counts)), ("leader", first)))))
        self._deal_checks()

    def use_families(self, families: tuple[Family, ...]) -> None:
        """Activate rule families: the ability cards and what depends on them (C2)."""
        self.rulebook = Rulebook.of(families)

    def _draw_rule_card(self) -> Card | None:
        """Turn one card of the full 56 face up; it goes back before the shuffle (DF-1)."""
        options = self.plan.options
        if options.rule_card == "off":
            return None
        return options.fixed_rule_card or DECK[int(self.rng.random() * len(DECK))]

    def _deal(self) -> list[list[int]]:
        """Equal deal from a random player, or the rough split (DF-5); cards as deck indexes."""
        deck = permutation(len(DECK), self.rng)
        n = self.plan.n
        start = int(self.rng.random() * n)
        # a seat's place from the first dealt, `ring.distance` written out (turns go
        # clockwise): (seat - start) % n
        if self.plan.options.deal == "even":
            return [deck[(seat - start) % n::n] for seat in range(n)]
        cuts = [0] + [round(i * len(deck) / n) + int(self.rng.random() * 7) - 3 for i in range(1, n)]
        cuts.append(len(deck))
        piles = [deck[cuts[i]:cuts[i + 1]] for i in range(n)]
        return [piles[(seat - start) % n] for seat in range(n)]

    def _set_hands(self, hands: list[list[int]]) -> None:
        """Hands from deck indexes: suit masks, suit rows, joker counts, sizes and ドボン sums,
        read from the sum of the cards' `PACKED` fields."""
        self.slots, self.rows, self.jokers, self.counts, self.sums = [], [], [], [], []
        for hand in hands:
            packed = 0
            for index in hand:
                packed += PACKED[index]
            self.slots.append([*(packed & BYTE_MASK | SLOT_POSITIONS).to_bytes(POSITIONS, "little")])
            row = packed >> 104
            self.rows.append([row & 8191, row >> 13 & 8191, row >> 26 & 8191, row >> 39 & 8191])
            self.jokers.append(row >> 52 & 15)
            self.counts.append(len(hand))
            self.sums.append(row >> 56)
        self.holders = sum(1 for c in self.counts if c)

    def _clear_trick(self) -> None:
        self.top: Shape | None = None
        self.top_seat: int | None = None
        self.trick: list[tuple[int, Play]] = []
        self.passed: list[int] = []
        self.suit_lock: tuple[int, ...] | None = None
        self.number_lock = False
        self.trick_reverse = False

    def _deal_checks(self) -> None:
        """天和 and ○○残し right after the deal, in turn order from the ♥3 holder (DF-24, DF-25)."""
        first = self.log.first_leader
        for seat in self.plan.ring.order(first) if self.rulebook.nokoshi_sets else ():
            if self.holders <= 1:
                break
            family, cards = self._tenho(seat)
            if family:
                self._go_out(seat, "tenho", family, cards)
            elif self.counts[seat] <= self.rulebook.nokoshi_max:
                self._check_nokoshi(seat)
        if self.holders <= 1:
            self._end_game(self.next_holder(first), "last")
            return
        self._start_trick(first if self.counts[first] else self.next_holder(first))

    def _tenho(self, seat: int) -> tuple[str | None, tuple[Card, ...]]:
        """(family, cards) of a 天和: one of each ability rank of a family, in one suit."""
        rows = self.rows[seat]
        for family, positions, mask in self.rulebook.tenho_masks:
            for suit in range(4):
                if rows[suit] & mask == mask:
                    return family, tuple(CARD[p][suit] for p in positions)
        return None, ()

    def _check_nokoshi(self, seat: int) -> bool:
        """The hand is exactly one natural card of each rank of a 残し set (DF-25a): out."""
        if self.jokers[seat]:
            return False
        count, slots = self.counts[seat], self.slots[seat]
        for family, positions in self.rulebook.nokoshi_sets:
            if len(positions) == count and all(POPCOUNT[slots[p] & 15] == 1 for p in positions):
                self._go_out(seat, "nokoshi", family, tuple(self.hand(seat)))
                return True
        return False

    def _go_out(self, seat: int, how: str, family: str | None = None,
                shown: tuple[Card, ...] = ()) -> None:
        """The seat goes out; a 天和 or 残し hand is shown and kept, out of play."""
        if family is not None:
            self.events.append(Event(how, seat, shown, (("family", family),)))
        log = self.log
        log.kept[seat].extend(self.hand(seat))
        self.slots[seat] = list(EMPTY_SLOTS)
        self.rows[seat] = [0] * 4
        self.jokers[seat] = self.counts[seat] = self.sums[seat] = 0
        self.holders -= 1
        log.places.append(seat)
        log.outs += ((seat, how),)
        self.events.append(fast_event(("went_out", seat, (), (("place", len(log.places)),
                                                              ("how", how)))))

    # ----- tricks -----

    def _start_trick(self, leader: int) -> None:
        """The leader leads, unless he is stuck (DF-23a)."""
        count = self.counts[leader]
        if count > 1 and count > self.jokers[leader]:  # a natural card to lead and one to keep
            self.phase = LEAD
            self.to_act = self.leader = leader
            return
        forbidden = self.rulebook.forbidden[self.revolution]
        stuck = leader
        while every_lead_is_forbidden(self.slots[stuck], self.jokers[stuck], self.counts[stuck],
                                      forbidden):
            if self.plan.options.stuck_leader == "chombo":
                self.events.append(Event("chombo", leader, info=(("why", "stuck"),)))
                self._end_game(leader, "stuck")
                return
            self.events.append(Event("stuck", stuck))
            self.log.stucks += ((self._plays_made(), stuck),)
            stuck = self.next_holder(stuck)
            if stuck == leader:
                self._end_game(leader, "all_stuck")
                return
        self.phase = LEAD
        self.to_act = self.leader = stuck

    def _end_trick(self, why: str) -> None:
        """The trick is over (流れる): its cards are out of play, locks and reversal cleared (C15)."""
        seat = self.top_seat
        assert seat is not None  # a trick ends on a play
        leader = seat if self.counts[seat] else self.next_holder(seat)
        self.log.finished += (finished_trick((tuple(self.trick), why)),)
        # _clear_trick, written out (a trick ends every few actions)
        self.top = self.top_seat = self.suit_lock = None
        self.trick = []
        self.passed = []
        self.number_lock = self.trick_reverse = False
        self.events.append(self.plan.trick_won_events[why][leader])
        count = self.counts[leader]
        if count > 1 and count > self.jokers[leader]:  # _start_trick's common case, written out
            self.phase = LEAD
            self.to_act = self.leader = leader
        else:
            self._start_trick(leader)

    @handles(Play)
    def _play(self, play: Play) -> None:
        """A play, in the order of C15: the cards go on the table; locks; 革命 or クーデター;
        ○○バック; then going out, ウノ, the call windows and the end of the trick. (One method:
        most actions are plays or passes.)"""
        seat, shape = self.to_act, shape_of(play)
        if seat is None or isinstance(shape, str):  # what acting() and legal_shape() check,
            # written out on the hot path; apply() lets only a legal play through
            raise LookupError(f"{play}: no seat is to act, or it is no combination")
        previous = self.top
        answer = previous is not None and shape.spade3 and previous.single_joker
        slots, rows = self.slots[seat], self.rows[seat]  # the cards leave the hand
        for pos, bit, suit, pos_bit in shape.takes:
            slots[pos] ^= bit
            rows[suit] ^= pos_bit
        self.sums[seat] -= shape.natural_value
        self.jokers[seat] -= shape.jokers
        count = self.counts[seat] = self.counts[seat] - shape.size
        events = self.events
        if answer:
            events.append(fast_event(("played", seat, shape.cards, played(play, shape.kind, True))))
        else:
            event = shape.played_events[seat]
            if event is None:
                event = shape.played_events[seat] = fast_event(("played", seat, shape.cards,
                                                                shape.played))
            events.append(event)
        if previous is not None and not answer:
            # lock the suits and the numbers from two consecutive plays (DF-10a, DF-11, DF-12)
            if self.suit_lock is None and shape.lock_suits == previous.lock_suits:
                single = self.plan.single_suit
                suits = lock_signature(shape, single)
                if suits is not None and suits == lock_signature(previous, single):
                    self.suit_lock = suits
                    events.append(Event("suit_lock", seat, info=(
                        ("suits", "".join("SHDC"[s] for s in suits)),)))
            if not self.number_lock and shape.key != TOP and previous.key != TOP:
                step = 1 if self.plan.overlap else previous.step  # step_of, written out
                if shape.key == previous.key + (-step if self.revolution != self.trick_reverse
                                                else step):
                    self.number_lock = True
                    events.append(fast_event(("number_lock", seat, (), (
                        ("rank", RANK_OF_POS[shape.key]),))))
        self.top, self.top_seat = shape, seat
        self.trick.append((seat, play))
        self.passed = []
        if shape.turns:
            self.revolution = not self.revolution
            self.log.revolutions += 1
            events.append(Event("revolution", seat, info=(
                ("on", self.revolution), ("coup", shape.size == 3))))
        book, plan = self.rulebook, self.plan
        if book.ability_bits & shape.natural_bits and self._back_count(shape) % 2:
            self.trick_reverse = not self.trick_reverse
            events.append(Event("trick_reverse", seat, info=(("on", self.trick_reverse),)))
        # going out and ウノ, the call windows, then the trick goes on or ends (C15 6–8)
        if count < 2 or count <= book.nokoshi_max:
            self._going_out(seat, play, count)
            if self.holders <= 1:
                self._end_game(self.next_holder(seat), "last")
                return
        value = self._trick_value() if plan.trick_sum else shape.value  # `last_play_value`
        if self.uno_missed is not None or (plan.dobon_on and count and value in self.sums):
            self.pending = self._windows(seat, value)
            if self.pending:
                self._advance()
                return
        if shape.cuts or answer:  # the trick ends on a natural 8 or ♠3 on a joker (`cut`)
            self._end_trick("eight" if shape.cuts else "spade3")
            return
        self.phase = FOLLOW
        counts = self.counts
        for other in plan.after[seat]:  # next_holder, written out: the next seat holding cards
            if counts[other]:
                self.to_act = other
                return
        self.to_act = seat

    def _back_count(self, shape: Shape) -> int:
        """○○バック: ability cards × families per card (DF-16), or families hit (DF-16a)."""
        book, positions = self.rulebook, shape.natural_positions
        if self.plan.per_family:
            return sum(1 for mask in book.family_pos_masks if any(mask >> p & 1 for p in positions))
        weight = book.back_weight
        return sum(weight[p] for p in positions)

    def _going_out(self, seat: int, play: Play, count: int) -> None:
        """An empty hand goes out, a ○○残し hand too (DF-25a); one card left says ウノ (DF-26)."""
        if count == 0:
            self._go_out(seat, "empty")
        elif count == 1:
            if self.plan.strict_uno and not play.uno:
                self.uno_missed = seat
                self.events.append(Event("uno_missed", seat))
            else:
                self.events.append(UNO_EVENTS[seat])
        else:  # a 残し set has two cards or more
            self._check_nokoshi(seat)

    def _windows(self, seat: int, value: int | None) -> list[tuple[str, int]]:
        """Who may call ドボン (in turn order after the player, DF-28, DF-28a), then who may call
        チョンボ on a missed ウノ (DF-26a)."""
        pending: list[tuple[str, int]] = []
        counts = self.counts
        others = [other for other in self.plan.after[seat][:-1] if counts[other]]
        if self.plan.dobon_on and counts[seat] and value is not None:
            for other in others:
                if self.sums[other] == value and not self.jokers[other]:
                    if self.uno_missed is not None and self._calls_by_itself(other):
                        continue  # automatic ドボン never fires on a missed ウノ (DF-26a)
                    pending.append(("dobon", other))
        if self.uno_missed is not None:
            pending.extend(("chombo", other) for other in others)
        return pending

    def _trick_value(self) -> int | None:
        """The ドボン value of the whole trick (`dobon_sum: trick`); none with a top joker in it."""
        total = 0
        for _, play in self.trick:
            value = legal_shape(play).value
            if value is None:
                return None
            total += value
        return total

    def _calls_by_itself(self, seat: int) -> bool:
        """With automatic ドボン a human's call is made for him (DF-28a); bots decide."""
        return self.plan.options.dobon == "auto" and self.seats[seat].is_human

    def _advance(self) -> None:
        """Open the next call window, or let play go on."""
        if self.pending:
            kind, seat = self.pending[0]
            if kind == "dobon" and self._calls_by_itself(seat):
                self._dobon(seat, automatic=True)
                return
            self.phase = DOBON if kind == "dobon" else CHOMBO
            self.to_act = seat
            return
        self.uno_missed = None
        cut = self.cut
        if cut:
            self._end_trick(cut)
            return
        self.phase = FOLLOW
        self.to_act = self.next_holder(self.top_player())

    # ----- calls -----

    @handles(Call)
    def _call(self, action: Call) -> None:
        seat = self.acting()
        if self.phase is DOBON:
            self._dobon(seat, automatic=False)
            return
        offender = self.uno_missed
        assert offender is not None
        self.events.append(Event("chombo", offender, info=(("why", "uno"), ("caller", seat))))
        self._end_game(offender, "uno", caller=seat)

    def _dobon(self, caller: int, automatic: bool) -> None:
        """ドボン on the last play's player; ドボン返し and なすりつけ (DF-28–DF-30)."""
        target = self.top_player()
        value = self.last_play_value
        hand = tuple(self.hand(caller))
        self.events.append(Event("dobon", caller, hand, (
            ("target", target), ("value", value), ("automatic", automatic))))
        last = self.trick[-1] if self.trick and self.trick[-1][0] == target else None
        log = self.log
        call = log.dobon_call = DobonCall(caller, target, int(value or 0), hand,
                                          None if self.plan.trick_sum or last is None else last[1])
        if self.uno_missed == target:
            self.events.append(Event("nasuritsuke", caller, info=(("target", target),)))
            self._end_game(caller, "nasuritsuke", caller=caller)
        elif self.jokers[target] == 0 and self.sums[target] == value:
            returned = tuple(self.hand(target))
            log.dobon_call = replace(call, returned=returned)
            self.events.append(Event("dobon_gaeshi", target, returned, (
                ("caller", caller), ("value", value))))
            self._end_game(caller, "dobon_gaeshi", caller=target)
        else:
            self._end_game(target, "dobon", caller=caller)

    def _plays_made(self) -> int:
        """Plays made so far this game: where a stuck leader or a declined call stands in it."""
        return sum(len(trick.plays) for trick in self.log.finished) + len(self.trick)

    @handles(Decline)
    def _decline(self, action: Decline) -> None:
        kind, seat = self.pending.pop(0)
        self.log.declines += ((self._plays_made(), seat, kind),)
        self.events.append(Event("declined", seat, info=(("call", kind),)))
        self._advance()

    # ----- the end of a game -----

    def _end_game(self, biri: int, reason: Reason, caller: int | None = None) -> None:
        n, log = self.plan.n, self.log
        holders = [s for s in range(n) if self.counts[s] and s != biri]
        middle = middle_order(holders, self.counts, log.first_leader, n)
        opening = self.opening or (self.trick[0] if self.trick else None)
        record = game_record((len(self.session.games) + 1, log.rule_card, self.rulebook.families,
                              tuple(log.places), middle, biri, reason, caller, log.revolutions,
                              opening, log.outs, tuple(self.counts), log.dobon_call))
        self.session.games.append(record)
        self.events.append(fast_event(("game_scored", biri, (), (("reason", reason),
                                                                  ("record", record)))))
        self.pending = []
        if self.session.over:
            self.phase, self.to_act, self.is_over = OVER, None, True
            session = self.session
            self.events.append(fast_event(("game_over", None, (), (
                ("biri", session.biri_counts), ("standings", tuple(session.standings()))))))
        else:
            self._start_game()

    # ----- bookkeeping for tests and views -----

    def card_census(self) -> dict[str, list[Card]]:
        """Where every card of the current game is (for invariant tests): hands, the trick in
        progress, the hands kept by 天和 and 残し, and the rest, played in earlier tricks."""
        places = {
            "hands": [c for s in range(self.n) for c in self.hand(s)],
            "table": [c for _, play in self.trick for c in play.naturals]
            + [JOKER for _, play in self.trick for _ in play.jokers],
            "kept": [c for k in self.kept for c in k],
        }
        left = Counter(DECK) - Counter(c for cards in places.values() for c in cards)
        return places | {"discard": list(left.elements())}
