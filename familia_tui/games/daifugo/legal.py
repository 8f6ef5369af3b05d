"""Every legal decision of the seat to act, as a list built from cached tables of plays.

Jokers make the number of distinct plays explode: a joker's declared card is part of the play
(its suit can start or satisfy a suit lock, its rank a number lock), so a pair made of ♠5 and a
joker is four plays (`JK=5S` … `JK=5C`), three jokers beside a rank are twenty, and a single joker
following a 5 is forty declared cards and the top joker. Declarations that cannot lead to
different states are one play: jokers in 8s with a natural 8 cut the trick, so their suit is left
open (`JK=8*`).

So plays are never built one by one per decision. The plays of one position — its natural
cards (a 4-bit suit mask), the jokers held, the size asked for, and, when they matter, the suit
lock, the finishing limit and strict ウノ — depend on nothing else, so each such table is built
once, as a tuple of `Play` objects, and cached (`COMMON` for the usual case, `group_table` for
the rest). Sequences come from a cached tuple per suit row and joker count. A decision's legal
list is then the concatenation of a few cached tuples (each added to the list by C code), and
a random bot's `len`, indexing and `in` are plain list operations; the list is still complete,
every distinct play once.

A hand is seen here as 13 "slots", `pos << 4 | suit mask`, one per position (see rules.py).

Rules applied here (and re-checked per play in `explain`): C4 combinations and following (same
form, stronger under the effective order), jokers-only plays never lead and never form or answer
sequences (DF-17, DF-17a), top jokers beat every group and ignore locks (DF-18, DF-19), the suit
lock (DF-10a / DF-10) and number lock (DF-12, DF-36), the ♠3 answer to a single joker (DF-20),
forbidden finishes (DF-21, DF-22a) and strict ウノ's two versions of a play leaving one card
(DF-26a).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from familia_tui.core.cards import JOKER, Card
from familia_tui.games.daifugo.actions import CALL, DECLINE, PASS, Action, Play
from familia_tui.games.daifugo.deck import (
    CARD,
    CARDS_OF,
    DECLS,
    POPCOUNT,
    POS3,
    POS8,
    POS_OF_RANK,
    POSITIONS,
    SPADE,
    SUBMASKS,
    SUITS_OF,
    WILD_CARD,
)
from familia_tui.games.daifugo.shapes import GROUP, SEQUENCE, shape_of

if TYPE_CHECKING:
    from familia_tui.games.daifugo.rules import DaifugoState

Plays = tuple[Play, ...]


class Phase(StrEnum):
    LEAD = "lead"
    """The leader puts the first play of a trick on the empty table."""
    FOLLOW = "follow"
    """A player answers the top play or passes."""
    DOBON = "dobon"
    """A seat decides whether to call ドボン on the last play."""
    CHOMBO = "chombo"
    """A seat decides whether to call チョンボ on a missed ウノ."""
    OVER = "over"
    """The session is over."""


LEAD, FOLLOW, DOBON, CHOMBO, OVER = (Phase.LEAD, Phase.FOLLOW, Phase.DOBON, Phase.CHOMBO,
                                     Phase.OVER)
"""The phases as module constants: an enum member's attribute look-up is slow in Python 3.11."""

# ----- groups -----


_new_play = tuple.__new__
"""`_new_play(Play, (naturals, jokers, uno))`: a play without the named tuple's Python-level
constructor (building tables is the cold path of every new hand); `Sequences` too."""


@lru_cache(maxsize=1 << 16)
def group_table(pos: int, mask: int, jokers: int, size: int, lock: tuple[int, ...] | None,
                finish: int, forbidden: bool, uno: int) -> Plays:
    """The groups (single cards, N of a kind) of position `pos` from the natural suits `mask`
    and `jokers` jokers.

    Args:
        size: the size a follow must have; 0 when leading (any size, never jokers alone).
        lock: the suit multiset a suit lock demands, or None.
        finish: the hand size when a group of this position could empty the hand, else 0; such a
            group is forbidden with a joker or when `forbidden` (this rank may not finish).
        uno: with strict ウノ, the size that leaves one card (0: none); that play comes with and
            without the announcement.
    """
    plays: list[Play] = []
    for sub in SUBMASKS[mask]:
        count = POPCOUNT[sub]
        if size:
            used = size - count
            if not 0 <= used <= jokers or count + used == 0:
                continue
            uses: Iterable[int] = (used,)
        elif count:
            uses = range(jokers + 1)
        else:
            continue  # jokers alone never lead (DF-17)
        for used in uses:
            total = count + used
            if total == finish and (used or forbidden):
                continue  # a forbidden finish (DF-22a)
            group = plays_of(pos, sub, used, lock)
            plays += group
            if total == uno:
                plays += [play._replace(uno=True) for play in group]
    return tuple(plays)


@lru_cache(maxsize=1 << 14)
def plays_of(pos: int, sub: int, jokers: int, lock: tuple[int, ...] | None) -> Plays:
    """The plays of the naturals `sub` of `pos` beside `jokers` jokers, one per distinct
    declaration (shared by every table they appear in)."""
    naturals = CARDS_OF[pos][sub]
    return tuple([_new_play(Play, (naturals, declared, False))
                  for declared in _declarations(pos, sub, jokers, lock)])


def _declarations(pos: int, sub: int, jokers: int,
                  lock: tuple[int, ...] | None) -> tuple[tuple[Card, ...], ...]:
    """The distinct declarations of `jokers` jokers beside the naturals `sub` of `pos`."""
    if jokers == 0:
        return ((),) if lock is None or SUITS_OF[sub] == lock else ()
    if sub and pos == POS8:
        if lock is not None and _remainder(lock, SUITS_OF[sub]) is None:
            return ()
        return ((WILD_CARD[pos],) * jokers,)  # the play cuts: the suits cannot matter
    if lock is None:
        return DECLS[pos][jokers]
    rest = _remainder(lock, SUITS_OF[sub])
    return () if rest is None else (tuple(CARD[pos][s] for s in rest),)


def _remainder(lock: tuple[int, ...], suits: tuple[int, ...]) -> tuple[int, ...] | None:
    """The suits `lock` still needs once `suits` are placed, or None if `suits` do not fit."""
    rest = list(lock)
    for suit in suits:
        if suit not in rest:
            return None
        rest.remove(suit)
    return tuple(rest)


class _Common(dict[int, Plays]):
    """The groups of every slot for one (size, jokers) with no lock, finish or ウノ limit, built
    the first time a slot is asked for (hands with three jokers or more are rare)."""

    def __init__(self, size: int, jokers: int) -> None:
        super().__init__()
        self.size, self.jokers = size, jokers

    def __missing__(self, slot: int) -> Plays:
        plays = self[slot] = group_table(slot >> 4, slot & 15, self.jokers, self.size, None, 0,
                                         False, 0)
        return plays


COMMON: tuple[tuple[Sequence[Plays] | _Common, ...], ...] = tuple(
    tuple([group_table(slot >> 4, slot & 15, jokers, size, None, 0, False, 0)
           for slot in range(POSITIONS << 4)] if jokers < 3 else _Common(size, jokers)
          for jokers in range(5))
    for size in range(9))
"""`COMMON[size][jokers][slot]`: the plays of a slot (`pos << 4 | mask`) when no suit lock,
finish or strict ウノ is within reach; size 0 is leading. Those with up to two jokers, the plays
of most decisions (four jokers in 56 cards: a hand often holds two), are lists built here at
once (a few ms; built on demand, each new two-joker hand's slots missed the cache during play);
the others are filled in as slots are asked for."""


def _make_group_shapes() -> None:
    """The shapes of the groups with at most one joker (982), made at import at once rather than
    on the first play of each in a process."""
    for play in {play for row in COMMON for table in row[:2] for slot in range(POSITIONS << 4)
                 for play in table[slot]}:
        shape_of(play)


_make_group_shapes()


LOCK_MASK = {SUITS_OF[mask]: mask for mask in range(1, 16)}
"""The suit mask of a lock whose suits are all different (a multiset with a repeat, such as
♠♠, needs jokers)."""


@cache
def top_jokers(size: int, uno: int) -> Plays:
    """Jokers alone as the top group of `size` (DF-17), for a hand that holds that many jokers
    and more cards (jokers never finish, DF-22a); made once per (size, uno)."""
    play = Play((), (JOKER,) * size)
    return (play, play._replace(uno=True)) if size == uno else (play,)


# ----- sequences -----


def may_hold_sequence(row: int, jokers: int) -> bool:
    """Cheap test before the enumeration: three in a row, or two within one joker's reach, or
    any card with two jokers."""
    if jokers == 0:
        return bool(row & row >> 1 & row >> 2)
    if jokers == 1:
        return bool(row & (row >> 1 | row >> 2))
    return bool(row)


class Sequences(NamedTuple):
    """The sequences one suit row and some jokers can make, as parallel tuples."""

    plays: Plays
    sizes: tuple[int, ...]
    lows: tuple[int, ...]
    """The lowest position of each sequence."""
    longest: int
    """The size of the longest (0: none)."""


ROW_CARDS = tuple((tuple(tuple(CARD[p][suit] for p in range(7) if bits >> p & 1) for bits in range(128)),
                   tuple(tuple(CARD[p][suit] for p in range(7, POSITIONS) if bits >> (p - 7) & 1)
                         for bits in range(64)))
                  for suit in range(4))
"""`ROW_CARDS[suit]`: the cards of the positions 3 … 9 (7 bits) and 10 … 2 (6 bits) of a suit
row, weakest first; a row's cards are `low[bits & 127] + high[bits >> 7]`."""


WINDOWS = tuple(tuple((high - low + 1, ((1 << (high - low + 1)) - 1) << low,
                       ((1 << (high - low + 1)) - 1) << low << 13)
                      for high in range(low + 2, POSITIONS)) for low in range(POSITIONS - 2))
"""`WINDOWS[low]`: (size, 13-bit mask, the mask shifted as in a `sequence_play` key) of every run
of three positions or more from `low`."""
LOWS = (1 << (POSITIONS - 2)) - 1
"""The positions a sequence can start at (three or more, no wrap)."""


def sequence_candidates(suit: int, row: int, jokers: int) -> Sequences:
    """Every sequence of `suit` from the positions in `row` (a 13-bit mask) and up to `jokers`
    jokers: at least one natural card (DF-17), jokers filling gaps or standing in for held
    cards (DF-34), no wrap (DF-9).

    Only the cards that can be in a sequence matter: with no joker those of three in a row,
    with one those of three places holding two (a longer sequence with one joker is made of
    such places). The others are dropped from the row before the cached look-up, so that the
    many hands differing only in them share one entry (most hands are new: each new row built
    its sequences again)."""
    if jokers == 0:
        starts = row & row >> 1 & row >> 2
        row = starts | starts << 1 | starts << 2
    elif jokers == 1:
        starts = (row & (row >> 1 | row >> 2) | row >> 1 & row >> 2) & LOWS
        row &= starts | starts << 1 | starts << 2
    return _sequences(suit, row, jokers)


class _Bits(dict[int, tuple[int, ...]]):
    """`BITS_OF[mask]`: the single bits of a 13-bit mask, lowest first, made the first time."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        bits = self[mask] = tuple(1 << p for p in range(POSITIONS) if mask >> p & 1)
        return bits


BITS_OF = _Bits()


@lru_cache(maxsize=1 << 16)
def _sequences(suit: int, row: int, jokers: int) -> Sequences:
    """`sequence_candidates` of a row (written for speed: most rows are new). Each sequence is
    found as a key of `sequence_play`, its play taken from there."""
    found: list[tuple[int, int, int]] = []  # (size, low, `sequence_play` key)
    base = suit << 26
    if not jokers:
        starts = row & row >> 1 & row >> 2  # positions that begin three in a row
        while starts:
            low = (starts & -starts).bit_length() - 1
            starts &= starts - 1
            for size, window, shifted in WINDOWS[low]:
                if row & window != window:
                    break
                found.append((size, low, base | shifted | window))
    else:
        # a sequence's first natural card is at most `jokers` places above its start; with one
        # joker, two of its first three places are natural
        if jokers == 1:
            starts = row & (row >> 1 | row >> 2) | row >> 1 & row >> 2
        else:
            starts = row
            for shift in range(1, jokers + 1):
                starts |= row >> shift
        starts &= LOWS
        while starts:
            low = (starts & -starts).bit_length() - 1
            starts &= starts - 1
            for size, window, shifted in WINDOWS[low]:
                held = row & window
                spare = jokers - size + held.bit_count()
                if spare < 0:
                    break  # a longer window only misses more
                if not held:
                    continue
                found.append((size, low, base | shifted | held))
                if spare:  # jokers standing in for held cards: those cards left out
                    key, bits = base | shifted | held, BITS_OF[held]
                    for extra in range(1, min(spare, len(bits) - 1) + 1):
                        found += [(size, low, key ^ sum(replaced))
                                  for replaced in combinations(bits, extra)]
    if not found:
        return NO_SEQUENCES
    sizes, lows, keys = zip(*found)
    return _new_play(Sequences, (tuple(map(sequence_play, keys)), sizes, lows, max(sizes)))


class _SequencePlays(dict[int, Play]):
    """The play of each sequence by `suit << 26 | window << 13 | natural bits` (13-bit position
    masks; jokers stand for the window's other places), built the first time it is asked for:
    the same sequences recur in many rows."""

    def __missing__(self, key: int) -> Play:
        if len(self) >= 1 << 16:
            self.clear()  # a bound, as the other caches have
        suit, window, kept = key >> 26, key >> 13 & 8191, key & 8191
        low_cards, high_cards = ROW_CARDS[suit]
        play = self[key] = _new_play(Play, (low_cards[kept & 127] + high_cards[kept >> 7],
                                            low_cards[(window ^ kept) & 127]
                                            + high_cards[(window ^ kept) >> 7], False))
        return play


sequence_play = _SequencePlays().__getitem__


def _make_sequence_plays() -> None:
    """The sequences with at most two jokers (7,348, most of those played), made at import at
    once rather than the first time a row holds one."""
    for suit in range(4):
        for low, windows in enumerate(WINDOWS):
            for size, window, shifted in windows:
                places = [1 << p for p in range(low, low + size)]
                for jokers in (0, *places, *map(sum, combinations(places, 2))):
                    sequence_play(suit << 26 | shifted | window & ~jokers)


_make_sequence_plays()


NO_SEQUENCES = Sequences((), (), (), 0)


def _make_natural_sequences() -> None:
    """The sequences of every row without jokers, as `sequence_candidates` reduces it (305 rows
    of runs of three or more, per suit: a few ms), made at import rather than the first time a
    hand holds one."""
    for row in {starts | starts << 1 | starts << 2
                for starts in (row & row >> 1 & row >> 2 for row in range(1 << POSITIONS))}:
        for suit in range(4):
            _sequences(suit, row, 0)


_make_natural_sequences()


def _sequence_plays(sizes: Iterable[int], plays: Iterable[Play], count: int, uno: int,
                    forbidden: tuple[bool, ...]) -> list[Play]:
    """Sequences as the hand may play them: no forbidden finish (DF-22a), and both versions of
    one that leaves one card with strict ウノ (DF-26a)."""
    legal = []
    for size, play in zip(sizes, plays):
        if size == count:
            if not play.jokers and not any(forbidden[POS_OF_RANK[c.rank]] for c in play.naturals):
                legal.append(play)
        elif size == uno:
            legal += (play, play._replace(uno=True))
        else:
            legal.append(play)
    return legal


# ----- the seat to act -----


WINDOW: dict[str, list[Action]] = {"dobon": [CALL["dobon"], DECLINE], "chombo": [CALL["chombo"], DECLINE]}
"""The decisions of a ドボン or チョンボ window (lists are copied before use)."""


def lead_legal(state: DaifugoState, seat: int) -> list[Action]:
    """Every lead: any group or sequence with a natural card (C4, DF-17), no forbidden finish."""
    slots, jokers, count = state.slots[seat], state.jokers[seat], state.counts[seat]
    uno = count - 1 if state.plan.strict_uno else 0
    table = COMMON[0][jokers]
    legal: list[Action] = []
    # each slot's tuple added in a loop: cheaper than chain(map()) (see `legal_actions`)
    if not uno and count > 4 + jokers:  # no group can finish or leave one card
        for slot in slots:
            legal += table[slot]
    else:
        forbidden, reach = state.rulebook.forbidden[state.revolution], uno or count
        for slot in slots:
            if not slot & 15:
                continue
            # a slot whose groups cannot reach the last card (nor ウノ) leads from the common
            # table (what `_exact_groups` would find, without its call)
            legal += table[slot] if POPCOUNT[slot & 15] + jokers < reach else _exact_groups(
                slot, jokers, 0, None, count, forbidden, uno)
    for suit, row in enumerate(state.rows[seat]):
        if not (row & row >> 1 & row >> 2 if not jokers  # may_hold_sequence, written out
                else row & (row >> 1 | row >> 2) if jokers == 1 else row):
            continue
        found = sequence_candidates(suit, row, jokers)
        if found.longest < count and not uno:
            legal += found.plays
        else:
            legal += _sequence_plays(found.sizes, found.plays, count, uno,
                                     state.rulebook.forbidden[state.revolution])
    return legal


def legal_actions(state: DaifugoState) -> list[Action]:
    """The state's `legal_actions` (see `DaifugoState`), every distinct action once; the list
    is kept in `state._legal` until the next action. Follows of a group with no finish, ウノ or
    ♠3 in reach, most decisions, are made here rather than in `follow_legal` (one Python call
    less each)."""
    legal = state._legal
    if legal is not None:
        return legal  # type: ignore[return-value]  # a list made below
    phase, seat = state.phase, state.to_act
    if phase is FOLLOW:
        assert seat is not None
        top = state.top
        assert top is not None
        jokers, count = state.jokers[seat], state.counts[seat]
        lock = state.suit_lock
        if top.kind == GROUP and jokers < top.size < count and not (
                top.single_joker or state.plan.strict_uno and top.size == count - 1):
            # no group of jokers alone, no finish, ウノ or ♠3 to consider
            table = COMMON[top.size][jokers]
            if lock is None and not state.number_lock:  # group_slots, written out
                slots, key = state.slots[seat], top.key
                legal = [PASS]
                # each slot's tuple added in a loop: under callgrind, cheaper than chain(map())
                # for a dozen slots (a map step through a bound method costs ~600 instructions)
                for slot in (slots[key - 1::-1] if key else ()) if (
                        state.revolution != state.trick_reverse) else slots[key + 1:]:
                    legal += table[slot]
            elif lock is None:  # the number lock: the next position only (group_slots, written out)
                key = top.key + (-1 if state.revolution != state.trick_reverse else 1)
                legal = [PASS, *table[state.slots[seat][key]]] if 0 <= key < POSITIONS else [PASS]
            elif (need := LOCK_MASK.get(lock)) is not None and jokers == 0:
                legal = [PASS]
                for slot in state.group_slots(seat, top):
                    if slot & need == need:  # only the cards of exactly the locked suits
                        legal += table[slot & ~15 | need]
            else:
                legal = follow_legal(state, seat)
        else:
            legal = follow_legal(state, seat)
    elif phase is LEAD:
        assert seat is not None
        legal = lead_legal(state, seat)
    else:  # a call window, or the session is over
        legal = list(WINDOW.get(phase, ()))
    state._legal = legal
    return legal


def follow_legal(state: DaifugoState, seat: int) -> list[Action]:
    """Pass, and every play that answers the top (C4, C7): same form, stronger, within the locks;
    top jokers whatever the locks; ♠3 on a single joker. (The common cases, a group with no
    finish, ウノ or ♠3 in reach, are written in `legal_actions`, which calls this for the rest.)"""
    top = state.top
    assert top is not None
    jokers, count = state.jokers[seat], state.counts[seat]
    slots: Sequence[int]
    uno = count - 1 if state.plan.strict_uno else 0
    legal: list[Action] = [PASS]
    if top.kind == GROUP:
        size = top.size
        slots = state.group_slots(seat, top)
        lock = state.suit_lock
        if lock is None and count != size and uno != size:
            table = COMMON[size][jokers]
            for slot in slots:
                legal += table[slot]
        else:
            forbidden = state.rulebook.forbidden[state.revolution]
            # under a suit lock the other suits' cards take no part: dropped, hands differing
            # only in them share `group_table`'s entries
            keep = -1 if lock is None else ~15 | LOCK_MASK[tuple(sorted(set(lock)))]
            for slot in slots:
                slot &= keep
                if POPCOUNT[slot & 15] + jokers >= size:
                    legal.extend(_exact_groups(slot, jokers, size, lock, count, forbidden, uno))
        if jokers >= size and count != size:
            legal.extend(top_jokers(size, uno))
    elif top.kind == SEQUENCE:
        legal.extend(_sequence_follows(state, seat, top.size, jokers, count, uno))
    if top.single_joker:
        _spade3(legal, state, seat, uno)
    return legal


def _exact_groups(slot: int, jokers: int, size: int, lock: tuple[int, ...] | None, count: int,
                  forbidden: tuple[bool, ...], uno: int) -> Plays:
    """The groups of one slot when a suit lock, the last cards or strict ウノ are in reach."""
    pos, mask = slot >> 4, slot & 15
    reach = POPCOUNT[mask] + jokers
    finish = count if count <= reach else 0
    uno = uno if 0 < uno <= reach else 0
    if lock is None and not finish and not uno:  # none in reach after all
        return COMMON[size][jokers][slot]
    return group_table(pos, mask, jokers, size, lock, finish, bool(finish) and forbidden[pos], uno)


def _sequence_follows(state: DaifugoState, seat: int, size: int, jokers: int, count: int,
                      uno: int) -> list[Play]:
    """Sequences of the top's length that beat it, in the locked suit and at the locked key."""
    lows = set(state.sequence_lows())
    suits = (state.suit_lock[0],) if state.suit_lock else range(4)
    plays = []
    for suit in suits:
        row = state.rows[seat][suit]
        if may_hold_sequence(row, jokers):
            found = sequence_candidates(suit, row, jokers)
            plays += [play for length, low, play in zip(found.sizes, found.lows, found.plays)
                      if length == size and low in lows]
    return _sequence_plays([size] * len(plays), plays, count, uno,
                           state.rulebook.forbidden[state.revolution])


def _spade3(legal: list[Action], state: DaifugoState, seat: int, uno: int) -> None:
    """A natural ♠3 may answer a single joker, whatever the order and locks (DF-20); it is
    listed once even when it also beats the joker the ordinary way."""
    count = state.counts[seat]
    if not state.slots[seat][POS3] >> SPADE & 1 or (
            count == 1 and state.rulebook.forbidden[state.revolution][POS3]):
        return
    three = Play((CARD[POS3][SPADE],), ())
    for play in (three, three._replace(uno=True)) if uno == 1 else (three,):
        if play not in legal:
            legal.append(play)


def every_lead_is_forbidden(slots: Sequence[int], jokers: int, count: int,
                            forbidden: tuple[bool, ...]) -> bool:
    """The stuck leader (DF-23a): only jokers, or one natural card that may not finish. Any
    other hand can lead one natural card and keep the rest."""
    if count == jokers:
        return True
    if count != 1:
        return False
    return forbidden[next(slot >> 4 for slot in slots if slot & 15)]
