"""The 56-card Daifugō deck (52 cards and 4 jokers) and the tables the engine works from.

Inside the engine a natural card is a (position, suit index) pair: the position is the strength
in normal order, 3 → 0, 4 → 1 … A → 11, 2 → 12 (C1); suits ♠♥♦♣ are 0–3 and have no rank. A hand
is 13 slots, `pos << 4 | suit mask` (one per position), four suit rows (13-bit masks of the
positions held in each suit) and a joker count, so taking cards out, counting them and cloning
are a few integer operations, and a slot indexes the precomputed tables directly. Everything a
play generator needs per (position, mask) is precomputed here once: the cards of a mask, its
suits, its sub-masks, and the joker declarations.

>>> str(CARD[0][1]), POS_OF_RANK[2], VALUE[POS_OF_RANK[14]]
('3H', 12, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement

from familia_tui.core.cards import JOKER, SUITS, Card

RANK_OF_POS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2)
"""Natural ranks weakest first in normal order (C1)."""
POS_OF_RANK = {rank: pos for pos, rank in enumerate(RANK_OF_POS)}
POSITIONS = 13
POS3, POS8, POS9, POS2 = POS_OF_RANK[3], POS_OF_RANK[8], POS_OF_RANK[9], POS_OF_RANK[2]
TOP = 13
"""The position of a top joker: above every natural card in every order (DF-18)."""

SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
SPADE, HEART = SUIT_INDEX["S"], SUIT_INDEX["H"]
WILD = "*"
"""The suit of a joker whose suit cannot matter: jokers in 8s with a natural 8, which cut."""

CARD = tuple(tuple(Card(rank, suit) for suit in SUITS) for rank in RANK_OF_POS)
"""`CARD[pos][suit index]`: the natural card."""
WILD_CARD = tuple(Card(rank, WILD) for rank in RANK_OF_POS)
"""`WILD_CARD[pos]`: a joker declared as that rank with its suit left open."""
NATURALS = tuple(card for row in CARD for card in row)
DECK = NATURALS + (JOKER,) * 4
"""The 56 cards: 3♠ … 2♣ and four identical jokers."""

VALUE = tuple(1 if rank == 14 else rank for rank in RANK_OF_POS)
"""ドボン values by position: A = 1, 2–10 face value, J 11, Q 12, K 13 (C5)."""

POPCOUNT = tuple(mask.bit_count() for mask in range(16))
SUITS_OF = tuple(tuple(s for s in range(4) if mask >> s & 1) for mask in range(16))
"""Suit indexes of a 4-bit suit mask, ♠ first."""
SUBMASKS = tuple(tuple(sub for sub in range(16) if sub & mask == sub) for mask in range(16))
"""Every sub-mask of a mask, the empty one first."""
CARDS_OF = tuple(tuple(tuple(CARD[pos][s] for s in SUITS_OF[mask]) for mask in range(16))
                 for pos in range(POSITIONS))
"""`CARDS_OF[pos][mask]`: the natural cards of a suit mask, ♠ first."""
MULTISETS = tuple(tuple(combinations_with_replacement(range(4), j)) for j in range(5))
"""`MULTISETS[j]`: every multiset of j suits, sorted; the distinct declarations of j jokers."""
DECLS = tuple(tuple(tuple(tuple(CARD[pos][s] for s in suits) for suits in MULTISETS[j])
                    for j in range(5)) for pos in range(POSITIONS))
"""`DECLS[pos][j]`: every distinct declaration of j jokers as that rank (C9, DF-34)."""


def sort_key(card: Card) -> tuple[int, int]:
    """Canonical order inside a play or a hand: weakest position first, then ♠♥♦♣, top jokers
    and open suits last."""
    if card.is_joker:
        return (TOP, 0)
    return (POS_OF_RANK[card.rank], SUIT_INDEX.get(card.suit, 4))


def pos_of(card: Card) -> int:
    """The strength position of a natural (or declared) card."""
    return POS_OF_RANK[card.rank]


CARD_INDEX = {card: pos * 4 + suit for pos, row in enumerate(CARD) for suit, card in enumerate(row)}
"""A natural card's index in the deck, 0–51 (position × 4 + suit); jokers are 52–55."""
JOKER_INDEX = 52


def deck_indexes(cards: Iterable[Card]) -> list[int]:
    """Cards as deck indexes (jokers 52), the form hands are dealt in."""
    return [CARD_INDEX.get(card, JOKER_INDEX) for card in cards]


EMPTY_SLOTS = tuple(pos << 4 for pos in range(POSITIONS))
"""A hand's slots hold `pos << 4 | suit mask` per position; these are an empty hand's."""


def slots_of(cards: Iterable[Card]) -> tuple[list[int], int]:
    """The 13 slots and the joker count of some cards (each natural card at most once)."""
    slots, jokers = list(EMPTY_SLOTS), 0
    for card in cards:
        if card.is_joker:
            jokers += 1
            continue
        pos, bit = POS_OF_RANK[card.rank], 1 << SUIT_INDEX[card.suit]
        if slots[pos] & bit:
            raise ValueError(f"{card} is there twice; the deck has one")
        slots[pos] |= bit
    return slots, jokers


def cards_of(slots: Iterable[int], jokers: int) -> list[Card]:
    """The cards of a hand, weakest first in normal order, jokers last."""
    cards = [card for slot in slots if slot & 15 for card in CARDS_OF[slot >> 4][slot & 15]]
    return cards + [JOKER] * jokers


def suit_rows(slots: Iterable[int]) -> list[int]:
    """The positions held in each suit, as four 13-bit masks (for sequences)."""
    rows = [0, 0, 0, 0]
    for slot in slots:
        for suit in SUITS_OF[slot & 15]:
            rows[suit] |= 1 << (slot >> 4)
    return rows


def hand_value(slots: Iterable[int]) -> int:
    """The ドボン sum of the natural cards of a hand (C5)."""
    return sum(VALUE[slot >> 4] * POPCOUNT[slot & 15] for slot in slots)
