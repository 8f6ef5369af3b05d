"""The 78-card Tarot deck, card points in half points, and the card notation (rules digest A1).

A card is a `Card`: an int 0–77 (so the hot rule code indexes flat tables with it) that prints in
the notation. The four suits hold 1–10, V (valet, jack), C (cavalier, knight), D (dame, queen) and
R (roi, king); the trumps are T1 (the Petit) … T21; the Excuse is EX.

Notation (canonical form first; `parse_card` also accepts the others, in any letter case):

| card | canonical | also accepted |
|---|---|---|
| suit cards | rank then suit: `1S` … `10S`, `VH`, `CD`, `DC`, `RH` | `J`/`N`/`Q`/`K` for V/C/D/R, `A` for 1, |
| | | suit symbols `♠♥♦♣` |
| trumps | `T1` … `T21` | |
| the Excuse | `EX` | `EXC`, `EXCUSE`, `★` |

The rank comes first and the suit letter last, so `DD` (dame of diamonds) and `CC` (cavalier of
clubs) are unambiguous. Card points are kept as integers in **half points** (a king 9, a queen 7,
a knight 5, a jack 3, a bout 9, any other card 1; 182 in all) and converted only for display.

>>> str(parse_card("k♥")), str(parse_card("Exc")), str(parse_card("t21"))
('RH', 'EX', 'T21')
>>> sum(HALF_POINTS) == 182, half_to_points(91)
(True, 45.5)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

Glyphs = Literal["unicode", "letters", "ascii"]

SUIT_LETTERS = ("S", "H", "D", "C")
"""The four suits in card-id order: spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
TRUMP = 4
"""`SUIT[card]` of a trump."""
EXCUSE_SUIT = 5
"""`SUIT[card]` of the Excuse."""
NO_SUIT = -1
"""No suit led yet (the trick is empty or holds only the Excuse)."""

RANK_LETTERS = {11: "V", 12: "C", 13: "D", 14: "R"}
"""Valet, cavalier, dame, roi (jack, knight, queen, king)."""
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14
_RANK_WORDS = {"V": JACK, "J": JACK, "C": KNIGHT, "N": KNIGHT, "D": QUEEN, "Q": QUEEN,
               "R": KING, "K": KING, "A": 1}
_SUIT_WORDS = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3,
               "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_EXCUSE_WORDS = ("EX", "EXC", "EXCUSE", "★")

FIRST_TRUMP = 56
"""Card id of T1; T n is `FIRST_TRUMP + n - 1`."""
EXCUSE_ID = 77
TOTAL_HALF_POINTS = 182
"""91 card points."""


class CardError(ValueError):
    """A card written in the notation could not be read."""


class Card(int):
    """One Tarot card: an int 0–77 that prints in the notation (see the module docstring)."""

    __slots__ = ()

    def __str__(self) -> str:
        return NAMES[self]

    def __format__(self, spec: str) -> str:
        return format(NAMES[self], spec)

    def __repr__(self) -> str:
        return f"Card({NAMES[self]})"

    @property
    def suit(self) -> int:
        """0–3 for S H D C, `TRUMP` (4) or `EXCUSE_SUIT` (5)."""
        return SUIT[self]

    @property
    def rank(self) -> int:
        """1–14 in a suit (V 11, C 12, D 13, R 14), 1–21 for a trump, 0 for the Excuse."""
        return RANK[self]

    @property
    def is_trump(self) -> bool:
        """T1–T21 (the Excuse is not a trump)."""
        return SUIT[self] == TRUMP

    @property
    def is_bout(self) -> bool:
        """T1, T21 or the Excuse (oudlers, ウドレ)."""
        return IS_BOUT[self]

    @property
    def half_points(self) -> int:
        return HALF_POINTS[self]


def _name(card_id: int) -> str:
    if card_id == EXCUSE_ID:
        return "EX"
    if card_id >= FIRST_TRUMP:
        return f"T{card_id - FIRST_TRUMP + 1}"
    rank = card_id % 14 + 1
    return RANK_LETTERS.get(rank, str(rank)) + SUIT_LETTERS[card_id // 14]


def _half_points(card_id: int) -> int:
    if card_id == EXCUSE_ID or card_id in (FIRST_TRUMP, FIRST_TRUMP + 20):
        return 9
    if card_id >= FIRST_TRUMP:
        return 1
    return {KING: 9, QUEEN: 7, KNIGHT: 5, JACK: 3}.get(card_id % 14 + 1, 1)


NAMES: tuple[str, ...] = tuple(_name(i) for i in range(78))
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(78))
"""Every card, by id: the one shared `Card` object of each."""
SUIT: tuple[int, ...] = tuple(i // 14 if i < FIRST_TRUMP else TRUMP if i < EXCUSE_ID else EXCUSE_SUIT
                              for i in range(78))
RANK: tuple[int, ...] = tuple(i % 14 + 1 if i < FIRST_TRUMP else i - FIRST_TRUMP + 1 if i < EXCUSE_ID
                              else 0 for i in range(78))
HALF_POINTS: tuple[int, ...] = tuple(_half_points(i) for i in range(78))
IS_BOUT: tuple[bool, ...] = tuple(i in (FIRST_TRUMP, FIRST_TRUMP + 20, EXCUSE_ID) for i in range(78))

EXCUSE = CARDS[EXCUSE_ID]
PETIT = CARDS[FIRST_TRUMP]
TRUMP_21 = CARDS[FIRST_TRUMP + 20]
BOUTS = (PETIT, TRUMP_21, EXCUSE)


def plain(rank: int, suit: int) -> Card:
    """The suit card of `rank` (1–14) in suit `suit` (0–3)."""
    return CARDS[suit * 14 + rank - 1]


def trump(number: int) -> Card:
    """Trump `number` (1–21)."""
    return CARDS[FIRST_TRUMP + number - 1]


def parse_card(text: str) -> Card:
    """Read one card in the notation; raises `CardError` naming the text and what is expected."""
    raw = str(text).strip()
    word = raw.upper()
    if word in _EXCUSE_WORDS:
        return EXCUSE
    if len(word) >= 2 and word[0] == "T" and word[1:].isdigit():
        number = int(word[1:])
        if 1 <= number <= 21:
            return trump(number)
        raise CardError(f"{raw!r}: trumps are T1 to T21")
    if len(word) < 2 or word[-1] not in _SUIT_WORDS:
        raise CardError(f"{raw!r} is not a Tarot card (write e.g. 10H, RS, DD, T21 or EX)")
    rank_text, suit = word[:-1], _SUIT_WORDS[word[-1]]
    rank = _RANK_WORDS.get(rank_text) or (int(rank_text) if rank_text.isdigit() else 0)
    if not 1 <= rank <= 14 or (rank_text.isdigit() and rank > 10):
        raise CardError(f"{raw!r}: unknown rank {rank_text!r} (use 1–10, V, C, D or R)")
    return plain(rank, suit)


def parse_cards(text: str | Iterable[object]) -> list[Card]:
    """Read a space-separated string (or a list) of cards."""
    items = text.split() if isinstance(text, str) else [str(item) for item in text]
    return [parse_card(item) for item in items]


def format_card(card: Card, glyphs: Glyphs = "letters") -> str:
    """The card as shown to a player: `R♥` in unicode mode, the notation (`RH`) otherwise."""
    if glyphs == "unicode" and SUIT[card] < TRUMP:
        return NAMES[card][:-1] + SUIT_SYMBOLS[NAMES[card][-1]]
    return NAMES[card]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in notation, space-separated, in the order given."""
    return " ".join(NAMES[c] for c in cards)


def half_to_points(half: int) -> int | float:
    """Half points as card points: a whole number when it is one, else x.5 (exact)."""
    return half // 2 if half % 2 == 0 else half / 2
