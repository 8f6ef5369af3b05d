"""Chinkway actions and their notation (every decision of a deal is one action).

| phase | action | notation |
|---|---|---|
| discard | the dealer lays aside two of his twelve cards, out of play [B3, CW-7] | `discard 3C 4C` |
| trump | the dealer names trumps or No Trump, before the quest [B3, CW-11] | `trump S` … `trump C`, `trump NT` |
| play | play a card to the trick [B5, CW-2] | `play 10H` |
| pick | the winner takes a card of a category his side needs [B6, CW-6] | `take S` … `take C`, `take P` (pictures) |

A pick is offered only when two or more categories are eligible (one is taken at once, none
means nothing to take); which card of the category is taken does not matter and is the first
one played. `take 7H` is read as `take H`.

>>> str(parse_action("discard 4c 3c")), str(parse_action("Trump nt")), str(parse_action("take k♥"))
('discard 3C 4C', 'trump NT', 'take P')
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from familia_tui.core.cards import SUITS, Card, CardError, parse_card, parse_cards
from familia_tui.core.engine import ActionSyntaxError
from familia_tui.games.chinkway.quest import CATEGORIES, PLAY_PACK, category

NO_TRUMP = "NT"
TRUMP_CHOICES = (*SUITS, NO_TRUMP)
_ORDER = {card: index for index, card in enumerate(PLAY_PACK)}


def card_key(card: Card) -> int:
    """Cards in pack order: ♠ ♥ ♦ ♣, A 2 … 10 J Q K within a suit."""
    return _ORDER[card]


class Discard(NamedTuple):
    """The dealer's two discards, in pack order."""

    cards: tuple[Card, Card]

    def __str__(self) -> str:
        return f"discard {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Trump:
    """The dealer's trump suit, or `NT` for No Trump."""

    suit: str

    def __str__(self) -> str:
        return f"trump {self.suit}"

    @property
    def trump(self) -> str | None:
        """The trump suit for the tricks (None: No Trump)."""
        return None if self.suit == NO_TRUMP else self.suit


class Play(NamedTuple):
    """A card to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Take:
    """The trick's winner takes a card of this quest category."""

    category: str

    def __str__(self) -> str:
        return f"take {self.category}"


Action = Discard | Trump | Play | Take
"""`Play` and `Discard` are named tuples: `apply()` compares the action with the legal ones, and
tuples compare in C where a dataclass's `__eq__` is a Python call (a play's membership check was
a tenth of an action's time). Their fields differ in shape from each other's and from the
one-word `Trump` and `Take`, so actions of two classes are never equal."""

PLAY = {card: Play(card) for card in PLAY_PACK}
TRUMP = {suit: Trump(suit) for suit in TRUMP_CHOICES}
TAKE = {cat: Take(cat) for cat in CATEGORIES}
DISCARD = {pair: Discard(pair) for pair in combinations(PLAY_PACK, 2)}
"""Every discard, by its two cards in pack order (a hand kept in pack order gives them so)."""


def discard(first: Card, second: Card) -> Discard:
    """The discard of these two cards, in canonical order."""
    low, high = sorted((first, second), key=card_key)
    return DISCARD[low, high]


def parse_action(text: str) -> Action:
    """Read an action's notation (any letter case; suit symbols accepted)."""
    word, _, rest = text.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    try:
        if word == "play":
            return PLAY[_pack_card(rest)]
        if word == "discard":
            cards = parse_cards(rest)
            if len(cards) == 2 and cards[0] != cards[1] and all(c in _ORDER for c in cards):
                return discard(*cards)
        elif word == "trump" and rest.upper() in TRUMP:
            return TRUMP[rest.upper()]
        elif word == "take":
            if rest.upper() in TAKE:
                return TAKE[rest.upper()]
            return TAKE[category(_pack_card(rest))]
    except (CardError, KeyError):
        pass
    raise ActionSyntaxError(f"not a Chinkway action: {text!r} (discard 3C 4C, trump S, trump NT, "
                            "play 10H, take H, take P)")


def _pack_card(text: str) -> Card:
    card = parse_card(text)
    if card not in _ORDER:
        raise CardError(f"{text!r} is not a card of the play pack")
    return card
