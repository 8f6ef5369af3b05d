"""Which cards may be played to a trick, and who wins it (rules digest A9).

A hand is kept as six sorted buckets: the four suits (S H D C), the trumps and the Excuse, so the
obligations are a few list operations. `playable` is the one statement of the trick rules:
`legal_actions()` and `explain()` both read it.

- The trick is empty or holds only the Excuse: any card; the first other card sets the led suit.
- A suit is led: follow it if possible (no need to beat). Otherwise trump; if a trump is already
  in the trick, overtrump it when possible, else any trump (pisser). With neither: any card.
- A trump is led: overtrump the highest trump in the trick when possible, else any trump; with
  no trump any card.
- The Excuse may always be played.
- 5 players, FFT option: the first lead of the hand may not be in the called suit unless it is
  the called card [TA-15]. (A 15-card hand always keeps another card to lead: holding all 14
  cards of the suit means holding the called card too.)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from familia_tui.games.tarot.cards import (
    EXCUSE_ID,
    EXCUSE_SUIT,
    FIRST_TRUMP,
    HALF_POINTS,
    NO_SUIT,
    SUIT,
    TRUMP,
    Card,
)

EXCUSE_KEPT_HALF = 8
"""Half points the Excuse counts for whoever keeps it instead of the trick's winner: 4 points;
its last half point goes with the trick, as the low card given in exchange [A9, TA-20]."""

Buckets = list[list[Card]]
"""One hand: [spades, hearts, diamonds, clubs, trumps, excuse], each sorted low to high."""


class TrickRecord(NamedTuple):
    """A finished trick (a named tuple: one is made per trick, on the hot path)."""

    number: int
    """1-based number in the hand."""
    seats: tuple[int, ...]
    """The seats in play order, the leader first."""
    cards: tuple[Card, ...]
    """The cards in play order."""
    winner: int
    excuse_kept: int | None = None
    """The seat that keeps the Excuse instead of the trick's winner: its player, in any trick but
    the last [A9]; in the last trick, under `last_trick_excuse: changes_camp`, a player of the
    other camp when its player's own side wins the trick [TA-24]."""

    @property
    def leader(self) -> int:
        return self.seats[0]

    @property
    def points_half(self) -> int:
        """Card points its winner took, in half points: the Excuse's 4 go to whoever keeps it."""
        total = sum(map(HALF_POINTS.__getitem__, self.cards))
        return total - EXCUSE_KEPT_HALF if self.excuse_kept is not None else total

    @property
    def excuse_player(self) -> int | None:
        """The seat that played the Excuse to this trick, if one did."""
        return next((seat for seat, card in self.plays if SUIT[card] == EXCUSE_SUIT), None)

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) in play order."""
        return tuple(zip(self.seats, self.cards, strict=True))


class Duty(StrEnum):
    """The rule that decides the playable cards."""

    FREE = "free"
    """Empty trick (or only the Excuse played): any card."""
    FOLLOW = "follow"
    """A suit is led and the hand holds it."""
    RUFF = "ruff"
    """Void in the led suit, no trump in the trick yet: any trump."""
    OVERTRUMP = "overtrump"
    """A trump is in the trick and the hand holds a higher one."""
    UNDERTRUMP = "undertrump"
    """A trump is in the trick and the hand holds only lower ones: any trump (pisser)."""
    DISCARD = "discard"
    """Neither the led suit nor a trump: any card."""
    CALLED_SUIT = "called_suit"
    """The first lead of a 5-player hand avoids the called suit [TA-15]."""


FREE, FOLLOW, RUFF, OVERTRUMP, UNDERTRUMP, DISCARD, CALLED_SUIT = tuple(Duty)
"""The duties as module constants (an enum member looked up on its class costs a descriptor
call, and `playable` runs at every card)."""


def new_buckets(cards: Sequence[Card]) -> Buckets:
    buckets: Buckets = [[], [], [], [], [], []]
    for card in sorted(cards):
        buckets[SUIT[card]].append(card)
    return buckets


def flat(buckets: Buckets) -> list[Card]:
    """The hand as one sorted list."""
    return [*buckets[0], *buckets[1], *buckets[2], *buckets[3], *buckets[4], *buckets[5]]


def playable(buckets: Buckets, led: int, top: int) -> tuple[Duty, list[Card]]:
    """The duty and the playable cards; `led` is the led suit (or NO_SUIT), `top` the highest
    trump in the trick (-1 if none)."""
    if led == NO_SUIT:
        return FREE, flat(buckets)
    if led != TRUMP and buckets[led]:
        return FOLLOW, buckets[led] + buckets[EXCUSE_SUIT]
    trumps = buckets[TRUMP]
    if not trumps:
        return DISCARD, flat(buckets)
    if top < 0:
        return RUFF, trumps + buckets[EXCUSE_SUIT]
    higher = bisect_right(trumps, top)
    if higher < len(trumps):
        return OVERTRUMP, trumps[higher:] + buckets[EXCUSE_SUIT]
    return UNDERTRUMP, trumps + buckets[EXCUSE_SUIT]


def first_lead(buckets: Buckets, called: Card) -> tuple[Duty, list[Card]]:
    """The 5-player first lead under the called-suit restriction [TA-15]."""
    return CALLED_SUIT, [c for c in flat(buckets) if SUIT[c] != SUIT[called] or c == called]


def led_suit(cards: Sequence[Card]) -> int:
    """The suit of the first card that is not the Excuse, or NO_SUIT."""
    for card in cards:
        if SUIT[card] != EXCUSE_SUIT:
            return SUIT[card]
    return NO_SUIT


def trick_winner(cards: Sequence[Card], led: int | None = None, top: int | None = None) -> int:
    """Index of the winning card: the standard rule, the highest trump, else the highest card of
    the led suit, with the led suit set by the first card that is not the Excuse (`led`, when the
    caller knows it), so the Excuse never wins here (the slam exception is decided by the
    caller). A trick of the Excuse alone (or none) gives 0. (Card ids rise with the rank within a
    suit and among the trumps, so the highest is the largest id of its range.) `top` is the
    highest trump (-1 for none) when the caller knows it: the engine keeps it as cards are played."""
    if led is None:
        led = led_suit(cards)
    if led == NO_SUIT:
        return 0
    if top is None:
        top = -1
        for card in cards:
            if FIRST_TRUMP <= card < EXCUSE_ID and card > top:
                top = card
    best = top
    if best < 0:
        low = led * 14
        for card in cards:
            if low <= card < low + 14 and card > best:
                best = card
    return cards.index(best)
