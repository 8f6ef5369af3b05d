"""Playing cards, suits, colours, deck builders and the card notation.

A card is a small immutable value. Several physical decks may hold identical cards (two ♠5 in a
2-deck game); they are equal values, and hands are lists so duplicates are kept.

Notation (round-trips through `parse_card`/`str`): rank then suit letter, `AS 10H 7D KC`,
and `JK` for a joker. `parse_card` also accepts `T` for 10, lower case and the suit symbols
`♠♥♦♣` (`10♥`), and a suit symbol written first (`♥10`, `♠A`), as players copy cards from the
screen. Only a symbol may come first: `S10` or `HA` are not cards.

>>> parse_card("10h")
Card(rank=10, suit='H')
>>> str(parse_card("A♠")), str(parse_card("♠A")), str(JOKER)
('AS', 'AS', 'JK')
>>> format_card(parse_card("QD"), "unicode")
'Q♦'
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from itertools import repeat, starmap
from typing import Literal, NamedTuple

Glyphs = Literal["unicode", "letters", "ascii"]

SUITS = ("S", "H", "D", "C")
"""The four French suits in notation order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}
COLOURS = ("black", "red")

JOKER_SUIT = "X"
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
NUMBER_RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10)
"""A and 2–10: the hand cards of Familia, A first as in the source's tables."""
FACE_RANKS = (KING, QUEEN, JACK)

RANK_LETTERS = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_LETTER_RANKS = {"J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "T": 10}


class CardError(ValueError):
    """A card written in the notation could not be read."""


class Card(NamedTuple):
    """One playing card: rank 2–10, J=11, Q=12, K=13, A=14; a joker has rank 0 and suit `X`."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def colour(self) -> str | None:
        """`black` for ♠♣, `red` for ♥♦, None for a joker."""
        return SUIT_COLOUR.get(self.suit)

    @property
    def is_face(self) -> bool:
        return self.rank in (JACK, QUEEN, KING)

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        return RANK_LETTERS.get(self.rank, str(self.rank)) + self.suit

    def __repr__(self) -> str:
        return f"Card(rank={self.rank}, suit={self.suit!r})"


JOKER = Card(0, JOKER_SUIT)


def rank_text(rank: int) -> str:
    """`A`, `10`, `K` …: the rank part of the notation."""
    return RANK_LETTERS.get(rank, str(rank))


_SUIT_OF_SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def parse_card(text: str) -> Card:
    """Read one card in the notation (or suit symbol first, `♥10`); raises `CardError` with the
    offending text."""
    raw = text.strip()
    word = raw.upper()
    if word in ("JK", "JOKER", "JO", "🃏"):
        return JOKER
    if len(word) < 2:
        raise CardError(f"{raw!r} is not a card (write rank then suit, e.g. 10H, AS, JK)")
    rank_part, suit_part = word[:-1], word[-1]
    if word[0] in _SUIT_OF_SYMBOL and suit_part not in _SUIT_OF_SYMBOL and suit_part not in SUITS:
        rank_part, suit_part = word[1:], word[0]  # suit first, as on the screen: ♥10, ♠A
    suit = _SUIT_OF_SYMBOL.get(suit_part, suit_part)
    if suit not in SUITS:
        raise CardError(f"{raw!r}: unknown suit {suit_part!r} (use S, H, D or C)")
    if rank_part in _LETTER_RANKS:
        return Card(_LETTER_RANKS[rank_part], suit)
    if rank_part.isdigit() and 2 <= int(rank_part) <= 10:
        return Card(int(rank_part), suit)
    raise CardError(f"{raw!r}: unknown rank {rank_part!r} (use A, 2–10, J, Q or K)")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a space-separated string (or a list of strings) of cards."""
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_card(str(item)) for item in items]


def format_card(card: Card, glyphs: Glyphs = "letters") -> str:
    """The card as shown to a player: `10♥` in unicode mode, `10H` otherwise."""
    if card.is_joker:
        return "JK"
    if glyphs == "unicode":
        return rank_text(card.rank) + SUIT_SYMBOLS[card.suit]
    return str(card)


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """A uniformly random order of `cards` from `rng`."""
    items = list(cards)
    return [items[i] for i in permutation(len(items), rng)]


def permutation(count: int, rng: random.Random) -> list[int]:
    """A uniformly random order of `range(count)`: a sort on random keys drawn in C, several
    times faster than `Random.shuffle`, which matters for simulations."""
    keys = list(starmap(rng.random, repeat((), count)))
    return sorted(range(count), key=keys.__getitem__)


def suit_order_key(card: Card) -> tuple[int, int]:
    """Sort key for showing a hand: by suit (♠♥♣♦, colours alternating), then rank high first."""
    order = {"S": 0, "H": 1, "C": 2, "D": 3, JOKER_SUIT: 4}
    return (order[card.suit], -(card.rank or 99))


def number_cards(decks: int = 1) -> list[Card]:
    """The A–10 cards of `decks` standard decks (40 per deck)."""
    return list(_number_cards(decks))


def face_cards(sets: int = 1, colour: str | None = None) -> list[Card]:
    """The K, Q, J of `sets` decks (12 per set), optionally one colour only (6 per set)."""
    return list(_face_cards(sets, colour))


@cache
def _number_cards(decks: int) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for _ in range(decks) for suit in SUITS for rank in NUMBER_RANKS)


@cache
def _face_cards(sets: int, colour: str | None) -> tuple[Card, ...]:
    suits = [s for s in SUITS if colour is None or SUIT_COLOUR[s] == colour]
    return tuple(Card(rank, suit) for _ in range(sets) for suit in suits for rank in FACE_RANKS)
