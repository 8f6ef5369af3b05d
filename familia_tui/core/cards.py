"""Playing cards, suits, colours, deck builders and the card notation, for any suit set.

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

Suit sets. `parse_card` reads the four French suits (`STANDARD`); a game with other suits reads
its cards through its `SuitSet`. The six-suit game's set (`SIX_SUITS`) adds Cross `X` (black,
✚) and Leaf `L` (red, ❦), Jokers by colour (`BJ`, `RJ`) and white (blank) cards (`W`):

>>> SIX_SUITS.parse_cards("10x ❦A BJ rj w")  # doctest: +NORMALIZE_WHITESPACE
[Card(rank=10, suit='X'), Card(rank=14, suit='L'), Card(rank=0, suit='B'), Card(rank=0, suit='R'),
 Card(rank=1, suit='W')]
>>> [format_card(card, "unicode") for card in SIX_SUITS.parse_cards("10X AL BJ W")]
['10✚', 'A❦', 'BJ', 'W']
>>> SIX_SUITS.colour_of("X"), SIX_SUITS.colour_of("L"), BLACK_JOKER.colour, WHITE_CARD.colour
('black', 'red', 'black', None)

Special cards have a rank below 2: a Joker has rank 0 and its colour code as suit (`X` no
colour, `B` black, `R` red), a white card has rank 1 and suit `W`. So the plain Joker's suit code
`X` is also Cross's letter: no set holds both (`STANDARD` has the plain Joker and no Cross,
`SIX_SUITS` has Cross and only coloured Jokers), and `is_joker` reads the rank, never the suit.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import repeat, starmap
from typing import Literal, NamedTuple, TypeVar

Glyphs = Literal["unicode", "letters", "ascii"]

SUITS = ("S", "H", "D", "C")
"""The four French suits in notation order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}
COLOURS = ("black", "red")

JOKER_SUIT = "X"
"""The suit code of the Joker of no colour (rank 0); Cross cards share the letter (module doc)."""
BLACK_JOKER_SUIT, RED_JOKER_SUIT, WHITE_SUIT = "B", "R", "W"
JOKER_RANK, WHITE_RANK = 0, 1
"""Special cards have a rank below 2: Jokers 0, white (blank) cards 1."""
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
NUMBER_RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10)
"""A and 2–10: the hand cards of Familia, A first as in the source's tables."""
FACE_RANKS = (KING, QUEEN, JACK)
RANKS = (*NUMBER_RANKS, JACK, QUEEN, KING)
"""Every rank of a suit: A, 2–10, J, Q, K."""

RANK_LETTERS = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_LETTER_RANKS = {"J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "T": 10}


class CardError(ValueError):
    """A card written in the notation could not be read."""


class Suit(NamedTuple):
    """One suit of a suit set: its notation letter, name, colour and Unicode symbol."""

    letter: str
    """The one-letter notation (`S`, `X`), also the `Card.suit` of its cards."""
    name: str
    """The English name (`spade`, `cross`)."""
    colour: str
    """`black` or `red`."""
    symbol: str
    """The unicode-mode glyph: one cell wide, never an emoji presentation."""

    @property
    def symbol_name(self) -> str:
        """The Unicode name of the symbol (`HEAVY GREEK CROSS`)."""
        return unicodedata.name(self.symbol)


SPADE = Suit("S", "spade", "black", "\N{BLACK SPADE SUIT}")
HEART = Suit("H", "heart", "red", "\N{BLACK HEART SUIT}")
DIAMOND = Suit("D", "diamond", "red", "\N{BLACK DIAMOND SUIT}")
CLUB = Suit("C", "club", "black", "\N{BLACK CLUB SUIT}")
CROSS = Suit("X", "cross", "black", "\N{HEAVY GREEK CROSS}")
"""✚: East-Asian-width Neutral (♠♥♣ are Ambiguous) and no emoji (✝ LATIN CROSS is one)."""
LEAF = Suit("L", "leaf", "red", "\N{FLORAL HEART}")
"""❦, the hedera (ivy leaf) of typography: East-Asian-width Neutral, no emoji (☘ is one)."""
ALL_SUITS = {suit.letter: suit for suit in (SPADE, HEART, DIAMOND, CLUB, CROSS, LEAF)}
"""Every suit any set uses, by letter."""
SYMBOL_OF = {letter: suit.symbol for letter, suit in ALL_SUITS.items()}
"""The unicode-mode symbol of every suit letter."""
_SYMBOL_ALIASES = {"♤": "S", "♡": "H", "♢": "D", "♧": "C"}
"""Outline symbols read as their suits too."""

_COLOUR_OF_CODE = {**{s.letter: s.colour for s in ALL_SUITS.values()},
                   BLACK_JOKER_SUIT: "black", RED_JOKER_SUIT: "red"}
_SPECIAL_NOTATION = {JOKER_SUIT: "JK", BLACK_JOKER_SUIT: "BJ", RED_JOKER_SUIT: "RJ", WHITE_SUIT: "W"}


class Card(NamedTuple):
    """One playing card: rank 2–10, J=11, Q=12, K=13, A=14; a joker has rank 0 and its colour
    code as suit (`X` none, `B` black, `R` red); a white (blank) card is rank 1, suit `W`."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        """A Joker of any colour."""
        return self.rank == JOKER_RANK

    @property
    def is_white(self) -> bool:
        """A white (blank) card."""
        return self.rank == WHITE_RANK

    @property
    def is_special(self) -> bool:
        """A Joker or a white card: no suit, no number."""
        return self.rank < 2

    @property
    def colour(self) -> str | None:
        """`black` for ♠♣✚ and the black Joker, `red` for ♥♦❦ and the red Joker, None for the
        Joker of no colour and a white card."""
        if self.suit == JOKER_SUIT and self.rank == JOKER_RANK:
            return None
        return _COLOUR_OF_CODE.get(self.suit)

    @property
    def is_face(self) -> bool:
        return self.rank in (JACK, QUEEN, KING)

    def __str__(self) -> str:
        if self.rank < 2 and self.suit in _SPECIAL_NOTATION:
            return _SPECIAL_NOTATION[self.suit]
        return RANK_LETTERS.get(self.rank, str(self.rank)) + self.suit

    def __repr__(self) -> str:
        return f"Card(rank={self.rank}, suit={self.suit!r})"


JOKER = Card(JOKER_RANK, JOKER_SUIT)
BLACK_JOKER = Card(JOKER_RANK, BLACK_JOKER_SUIT)
RED_JOKER = Card(JOKER_RANK, RED_JOKER_SUIT)
WHITE_CARD = Card(WHITE_RANK, WHITE_SUIT)
"""A blank card used as a white card (白札)."""


def joker(colour: str | None = None) -> Card:
    """The Joker of `colour` (`black`, `red`), or the Joker of no colour."""
    return {None: JOKER, "black": BLACK_JOKER, "red": RED_JOKER}[colour]


def rank_text(rank: int) -> str:
    """`A`, `10`, `K` …: the rank part of the notation."""
    return RANK_LETTERS.get(rank, str(rank))


@dataclass(frozen=True)
class SuitSet:
    """The suits and special cards of one deck, and the notation that reads them.

    `str(card)` and `format_card` write a card of any set; a set reads only its own cards, so
    `5X` is a card of `SIX_SUITS` and an error in a four-suit game.
    """

    name: str
    suits: tuple[Suit, ...]
    """In notation order (the order error messages list them)."""
    specials: tuple[Card, ...]
    """The Jokers and white cards the notation reads, in hand order after the suits."""
    hand_order: str = ""
    """Suit letters in the order a hand is shown (colours alternating); default: notation order."""
    aliases: tuple[tuple[str, Card], ...] = ()
    """Other words for special cards: (`JOKER`, JOKER) …"""
    _suits: Mapping[str, Suit] = field(init=False, repr=False, compare=False)
    _symbols: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _order: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _words: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        letters = self.letters
        symbols = {s.symbol: s.letter for s in self.suits}
        symbols.update({a: s for a, s in _SYMBOL_ALIASES.items() if s in letters})
        order = self.hand_order or "".join(letters)
        object.__setattr__(self, "_suits", {s.letter: s for s in self.suits})
        object.__setattr__(self, "_symbols", symbols)
        object.__setattr__(self, "_order", {letter: i for i, letter in enumerate(order)})
        object.__setattr__(self, "_words", {**{str(c): c for c in self.specials}, **dict(self.aliases)})

    @property
    def letters(self) -> tuple[str, ...]:
        """The suit letters in notation order."""
        return tuple(s.letter for s in self.suits)

    def suit(self, letter: str) -> Suit:
        """The suit of `letter` (KeyError if the set has none)."""
        return self._suits[letter]

    def colour_of(self, letter: str) -> str:
        """`black` or `red`."""
        return self.suit(letter).colour

    def of_colour(self, colour: str) -> tuple[str, ...]:
        """The letters of the suits of one colour, in notation order."""
        return tuple(s.letter for s in self.suits if s.colour == colour)

    def cards(self, ranks: Iterable[int] = RANKS, suits: Iterable[str] | None = None) -> list[Card]:
        """One card of each rank in each suit (all suits unless `suits`), suit by suit."""
        ranks = tuple(ranks)
        return [Card(rank, letter) for letter in (self.letters if suits is None else suits) for rank in ranks]

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Sort key for showing a hand: suits in hand order, rank high first, specials last."""
        if card.rank < 2:
            return (len(self.suits), self.specials.index(card) - 99)
        return (self._order[card.suit], -card.rank)

    def parse_card(self, text: str) -> Card:
        """Read one card of this set in the notation (or suit symbol first, `♥10`); raises
        `CardError` with the offending text."""
        raw = text.strip()
        word = raw.upper()
        if word in self._words:
            return self._words[word]
        if len(word) < 2:
            raise CardError(f"{raw!r} is not a card (write rank then suit, e.g. {self._example()})")
        rank_part, suit_part = word[:-1], word[-1]
        symbols, letters = self._symbols, self.letters
        if word[0] in symbols and suit_part not in symbols and suit_part not in letters:
            rank_part, suit_part = word[1:], word[0]  # suit first, as on the screen: ♥10, ♠A
        suit = symbols.get(suit_part, suit_part)
        if suit not in letters:
            listed = ", ".join(letters[:-1]) + " or " + letters[-1]
            raise CardError(f"{raw!r}: unknown suit {suit_part!r} (use {listed})")
        if rank_part in _LETTER_RANKS:
            return Card(_LETTER_RANKS[rank_part], suit)
        if rank_part.isdigit() and 2 <= int(rank_part) <= 10:
            return Card(int(rank_part), suit)
        raise CardError(f"{raw!r}: unknown rank {rank_part!r} (use A, 2–10, J, Q or K)")

    def parse_cards(self, text: str | Iterable[str]) -> list[Card]:
        """Read a space-separated string (or a list of strings) of this set's cards."""
        items = text.split() if isinstance(text, str) else list(text)
        return [self.parse_card(str(item)) for item in items]

    def _example(self) -> str:
        first, second = self.letters[1], self.letters[0]
        return ", ".join([f"10{first}", f"A{second}", *(str(c) for c in self.specials)])


STANDARD = SuitSet("standard", (SPADE, HEART, DIAMOND, CLUB), (JOKER,), hand_order="SHCD",
                   aliases=(("JOKER", JOKER), ("JO", JOKER), ("🃏", JOKER)))
"""The four French suits and the Joker of no colour: Familia, Daifugō."""
SIX_SUITS = SuitSet("six-suit", (SPADE, HEART, CROSS, LEAF, CLUB, DIAMOND),
                    (BLACK_JOKER, RED_JOKER, WHITE_CARD), aliases=(("WHITE", WHITE_CARD),))
"""The six-suit game: seat order Spade, Heart, Cross, Leaf, Club, Diamond (colours alternate),
Jokers by colour and white cards [R-S1][R-S2]."""
SUIT_SETS = (STANDARD, SIX_SUITS)


def parse_card(text: str) -> Card:
    """Read one card in the notation (or suit symbol first, `♥10`); raises `CardError` with the
    offending text."""
    return STANDARD.parse_card(text)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a space-separated string (or a list of strings) of cards."""
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_card(str(item)) for item in items]


def format_card(card: Card, glyphs: Glyphs = "letters") -> str:
    """The card as shown to a player: `10♥` in unicode mode, `10H` otherwise; Jokers and white
    cards are their notation (`JK`, `BJ`, `W`) in every mode."""
    if glyphs == "unicode" and card.rank >= 2:
        return rank_text(card.rank) + SYMBOL_OF[card.suit]
    return str(card)


_T = TypeVar("_T")


def shuffled(cards: Iterable[_T], rng: random.Random) -> list[_T]:
    """A uniformly random order of `cards` from `rng`."""
    items = list(cards)
    return [items[i] for i in permutation(len(items), rng)]


def permutation(count: int, rng: random.Random) -> list[int]:
    """A uniformly random order of `range(count)`: a sort on random keys drawn in C, several
    times faster than `Random.shuffle`, which matters for simulations."""
    keys = list(starmap(rng.random, repeat((), count)))
    return sorted(range(count), key=keys.__getitem__)


def permutations(counts: Sequence[int], rng: random.Random) -> list[list[int]]:
    """`permutation` of each count in turn (the same orders from the same generator state), with
    the random keys of all of them drawn by one call: a six-suit game shuffles 4 or 6 decks."""
    keys = list(starmap(rng.random, repeat((), sum(counts))))
    orders, start = [], 0
    for count in counts:
        end = start + count
        orders.append(sorted(range(count), key=keys[start:end].__getitem__))
        start = end
    return orders


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
