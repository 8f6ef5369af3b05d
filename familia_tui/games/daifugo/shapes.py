"""What a play is on the table: its kind, size, strength key, suits and ドボン value (C4–C9).

A play is a **group** (one card, or N of a kind: naturals of one rank and jokers declared as
that rank, or jokers alone declared as a rank when following, DF-17a), a **sequence** (three or
more cards of one suit on consecutive positions 3 … 2, no wrap, DF-9), or **top jokers** (jokers
alone, the strongest N of a kind, DF-17). `shape_of` reads any play and says what is wrong with
one that is none of these; the strength and lock rules below are the ones the legal-play
generator applies, written once more per play for `apply` and `explain`.

>>> from familia_tui.games.daifugo.actions import parse_action
>>> shape_of(parse_action("play 5S JK=6S 7S")).kind, shape_of(parse_action("play JK JK")).key
('sequence', 13)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from familia_tui.core.cards import JOKER, Card
from familia_tui.core.engine import Event
from familia_tui.games.daifugo.actions import Play
from familia_tui.games.daifugo.deck import (
    POS3,
    POS8,
    POS9,
    POS_OF_RANK,
    SPADE,
    SUIT_INDEX,
    TOP,
    VALUE,
)

GROUP, SEQUENCE, TOP_JOKERS = "group", "sequence", "top"
MAX_SEATS = 8
"""The most players a table has (C1; `DaifugoOptions.players`)."""


@dataclass(slots=True)
class Shape:
    """A valid play as the rules see it. Built by `shape_of` only, cached and shared: never
    change one. (A plain slotted class rather than a named tuple or a frozen dataclass: Python
    3.11 reads a slot with a specialized instruction and a shape is read a few dozen times per
    move, and new hands keep building new shapes, which a frozen class makes slow.)"""

    kind: str
    """`group`, `sequence` or `top`."""
    size: int
    key: int
    """Strength position: the rank of a group, the lowest card of a sequence, TOP for jokers."""
    high: int
    """The highest position (sequences); the key otherwise."""
    suits: tuple[int, ...]
    """Suit indexes of the natural and declared cards, sorted (4 = an open suit); () for top."""
    value: int | None
    """ドボン value (C5): A 1 … K 13, declared jokers as their rank; None for top jokers."""
    cuts: bool
    """Contains a natural 8 (8切り, DF-15)."""
    single_joker: bool
    """Exactly one joker, however declared: ♠3 may answer it (DF-20)."""
    coup: bool
    """Exactly three 9s, natural or declared (クーデター, DF-14)."""
    spade3: bool
    """A natural ♠3 alone."""
    lock_suits: tuple[int, ...] | None
    """The suits a suit lock would take from this play (DF-10a); None for top jokers and open
    suits."""
    one_suit: bool
    """All its cards have the same suit (what the single-suit lock needs, DF-10)."""
    natural_positions: tuple[int, ...]
    """Positions of its natural cards (○○バック counts only these, DF-16)."""
    takes: tuple[tuple[int, int, int, int], ...]
    """(position, suit bit, suit, position bit) of each natural card: what leaves the hand."""
    natural_value: int
    """The ドボン value of its natural cards (what leaves the hand's sum)."""
    jokers: int
    """How many jokers it holds."""
    cards: tuple[Card, ...]
    """The cards as they count, weakest first (declared jokers as their card, top ones as JK)."""
    turns: bool
    """The play turns the order for good: 4 cards or more (革命) or three 9s (クーデター)."""
    natural_bits: int
    """A 13-bit mask of the positions of its natural cards."""
    played: tuple[tuple[str, object], ...]
    """The info of its `played` event when it is no ♠3 answer (built once: every play makes
    one)."""
    step: int
    """How far one step of the number lock goes from it without overlap: a sequence's size, 1
    for a group (see `step_of`)."""
    played_events: list[Event | None] = field(default_factory=lambda: [None] * MAX_SEATS,
                                              compare=False, repr=False)
    """Each seat's `played` event of it when it is no ♠3 answer, made the first time that seat
    plays it (an event costs ~2,000 instructions to build; events are immutable values, so
    this cache is the only part of a shape that ever changes)."""


def _shape(play: Play) -> Shape | str:
    """The shape of `play`, or the message key of why it is no combination (see `shape_of`;
    new hands bring new plays, so it is written for speed)."""
    naturals, jokers = play.naturals, play.jokers
    size = len(naturals) + len(jokers)
    if jokers and JOKER in jokers:
        if jokers.count(JOKER) != size:
            return "dfg.x.top_mixed"
        return Shape(TOP_JOKERS, size, TOP, TOP, (), None, False, size == 1, False, False, None,
                     False, (), (), 0, size, play.cards, size >= 4, 0, played(play, TOP_JOKERS), 1)
    cards = naturals + jokers
    positions = [POS_OF_RANK[c.rank] for c in cards]
    suit_list = [SUIT_INDEX.get(c.suit, 4) for c in cards]
    suits = tuple(sorted(suit_list))
    natural_positions = tuple(positions[:len(naturals)])
    takes = tuple([(pos, 1 << suit, suit, 1 << pos) for pos, suit in zip(natural_positions, suit_list)])
    natural_value = sum(map(VALUE.__getitem__, natural_positions))
    value = natural_value + sum(map(VALUE.__getitem__, positions[len(naturals):]))
    removed = (takes, natural_value, len(jokers), play.cards)
    bits = sum(set(map(POS_BIT.__getitem__, natural_positions)))
    cuts = POS8 in natural_positions
    lock_suits = None if 4 in suits else suits
    one_suit = suits[0] == suits[-1]
    low, high = min(positions), max(positions)
    if lock_suits is None and not (cuts and low == high):
        return "dfg.x.wild_only_eight"
    if low == high:
        spade3 = size == 1 and low == POS3 and suits == (SPADE,) and not jokers
        coup = size == 3 and low == POS9
        return Shape(GROUP, size, low, low, suits, value, cuts, len(jokers) == 1 and size == 1,
                     coup, spade3, lock_suits, one_suit, natural_positions,
                     *removed, size >= 4 or coup, bits, played(play, GROUP), 1)
    if size < 3 or not one_suit:
        return "dfg.x.not_combination"
    if high - low + 1 != size or len(set(positions)) != size:
        held = set(positions)
        wraps = len(held) == size and any(
            held == {(start + i) % 13 for i in range(size)} for start in held)
        return "dfg.x.no_wrap" if wraps else "dfg.x.not_combination"
    if not naturals:
        return "dfg.x.jokers_no_sequence"
    return Shape(SEQUENCE, size, low, high, suits, value, cuts, False, False, False, lock_suits,
                 one_suit, natural_positions, *removed, size >= 4, bits, played(play, SEQUENCE),
                 size)


class _Shapes(dict[Play, "Shape | str"]):
    """Every play's shape, computed the first time it is asked for (the same plays recur in
    every game). A dict with `__missing__` rather than `lru_cache`: a hit is one look-up done
    in C, without the argument tuple and the recency list (a play is applied on most actions)."""

    def __missing__(self, play: Play) -> Shape | str:
        if len(self) >= 1 << 16:
            self.clear()  # a bound, as the other caches have
        shape = self[play] = _shape(play)
        return shape


shape_of = _Shapes().__getitem__
"""`shape_of(play)`: the shape of `play`, or the message key of why it is no combination."""


def legal_shape(play: Play) -> Shape:
    """The shape of a play known to be a combination (a legal play, a checked position):
    `shape_of` without the reason, so that the type says `Shape`."""
    shape = shape_of(play)
    if isinstance(shape, str):
        raise ValueError(f"{play} is no combination ({shape})")
    return shape


POS_BIT = tuple(1 << pos for pos in range(TOP))


def played(play: Play, kind: str, spade3: bool = False) -> tuple[tuple[str, object], ...]:
    """The info of a play's `played` event (see log.py)."""
    return (("play", play), ("kind", kind), ("spade3", spade3))


def lock_signature(shape: Shape, single_suit: bool) -> tuple[int, ...] | None:
    """The suits a play can lock: its suit multiset (DF-10a), or with the single-suit option only
    when all its cards share one suit (DF-10). Top jokers have no suit."""
    return None if single_suit and not shape.one_suit else shape.lock_suits


def step_of(shape: Shape, overlap: bool) -> int:
    """How far one step of the number lock goes: one rank, or a whole sequence without overlap."""
    return 1 if overlap else shape.step


def beats(new: Shape, top: Shape, reversed_: bool, overlap: bool) -> bool:
    """Is `new` stronger than `top` under the effective order (C4, C6, DF-8)? Same kind and
    size are checked by the caller."""
    if top.kind == TOP_JOKERS:
        return False
    if new.kind == TOP_JOKERS:
        return top.kind != SEQUENCE
    if new.kind == SEQUENCE and not overlap:
        return new.high < top.key if reversed_ else new.key > top.high
    return new.key < top.key if reversed_ else new.key > top.key


def same_form(new: Shape, top: Shape) -> bool:
    """Same number of cards, and a sequence answers a sequence, a group (or top jokers) a group."""
    if new.size != top.size:
        return False
    return (new.kind == SEQUENCE) == (top.kind == SEQUENCE)
