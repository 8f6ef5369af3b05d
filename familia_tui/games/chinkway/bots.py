"""Chinkway's basic bot: sensible play from its own view only.

- **The dealer's discard and trumps** (the quest is not yet known [CW-11]): the trump suit is the
  longest suit, the stronger on a tie, or No Trump when no suit has four cards and the hand holds
  three Aces or more; he discards the two lowest cards outside that suit, from the shortest suits
  first (voids help him trump).
- **Play**: a card "helps" a side when its category is one that side still needs. A player wins
  tricks that help his own side and those that would help another side if left alone, with the
  cheapest card that wins; when his partner is winning he plays low, giving the partner a card his
  side needs when he can; otherwise he plays his lowest card, keeping back the cards that would
  help the side winning the trick. He leads a sure winner of a needed category (an Ace) when he
  has one, else his highest card of a suit that trumps do not threaten, else his lowest.
- **The quest pick**: the category his side needs most (so the most categories stay open), the
  scarcer category (pictures less often) on a tie.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from familia_tui.core.cards import ACE, SUITS, Card
from familia_tui.core.table import trick_winner
from familia_tui.games.chinkway.actions import NO_TRUMP, Discard, Play, Take, Trump, discard
from familia_tui.games.chinkway.quest import CATEGORIES, INDEX_OF
from familia_tui.games.chinkway.view import ChinkwayView


def trump_choice(hand: Sequence[Card]) -> str:
    """The suit (or `NT`) the dealer names from his hand alone."""
    def strength(suit: str) -> tuple[int, int]:
        cards = [c for c in hand if c.suit == suit]
        return len(cards), sum(c.rank for c in cards)

    best = max(SUITS, key=strength)
    aces = sum(1 for c in hand if c.rank == ACE)
    if strength(best)[0] < 4 and aces >= 3:
        return NO_TRUMP
    return best


def discard_choice(hand: Sequence[Card]) -> tuple[Card, Card]:
    """The two lowest cards outside the chosen trump, shortest suits first."""
    trump = trump_choice(hand)
    length = {suit: sum(1 for c in hand if c.suit == suit) for suit in SUITS}
    spare = [c for c in hand if c.suit != trump and c.rank != ACE] or list(hand)
    spare.sort(key=lambda c: (length[c.suit], c.rank))
    if len(spare) < 2:
        spare += sorted((c for c in hand if c not in spare), key=lambda c: c.rank)
    return spare[0], spare[1]


class BasicBot:
    """Plays toward its side's quest and away from the others' (module docstring)."""

    needs_view = True

    def choose(self, view: ChinkwayView, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, Discard):
            wanted = discard(*discard_choice(view.hand))
            return wanted if wanted in legal else first
        if isinstance(first, Trump):
            choice = trump_choice(view.hand)
            return next(a for a in legal if a.suit == choice)
        if isinstance(first, Take):
            return self._pick(view, legal)
        return self._play(view, [a for a in legal if isinstance(a, Play)])

    def _pick(self, view: ChinkwayView, legal: Sequence[Take]) -> Take:
        assert view.seat is not None
        need = view.need_of(view.seat)
        return max(legal, key=lambda a: (need[CATEGORIES.index(a.category)], a.category != "P"))

    def _play(self, view: ChinkwayView, legal: list[Play]) -> Play:
        assert view.seat is not None
        seat = view.seat
        cards = [a.card for a in legal]
        trump = None if view.trump in (None, NO_TRUMP) else view.trump
        mine = view.need_of(seat)
        if not view.trick:
            return _by_card(legal, self._lead(cards, mine, trump))
        played = [c for _, c in view.trick]
        winning = view.trick[trick_winner(played, trump)][0]
        partner = next((s for s in view.sides[view.side or 0] if s != seat), None)
        helps_me = any(mine[INDEX_OF[c]] for c in played)
        helps_them = any(view.need_of(winning)[INDEX_OF[c]] for c in played)
        winners = [c for c in cards if trick_winner([*played, c], trump) == len(played)]
        if winning == partner:
            gift = [c for c in cards if mine[INDEX_OF[c]]]
            if gift and not helps_me:
                return _by_card(legal, min(gift, key=lambda c: c.rank))
            return _by_card(legal, self._shed(cards, view, winning, trump))
        if winners and (helps_me or helps_them or any(mine[INDEX_OF[c]] for c in winners)):
            return _by_card(legal, min(winners, key=lambda c: (c.suit == trump, c.rank)))
        return _by_card(legal, self._shed(cards, view, winning, trump))

    @staticmethod
    def _lead(cards: list[Card], mine: Sequence[int], trump: str | None) -> Card:
        sure = [c for c in cards if c.rank == ACE and mine[INDEX_OF[c]]]
        if sure:
            return sure[0]
        aces = [c for c in cards if c.rank == ACE and c.suit != trump]
        if aces:
            return aces[0]
        return min(cards, key=lambda c: (c.suit == trump, c.rank))

    @staticmethod
    def _shed(cards: list[Card], view: ChinkwayView, winning: int, trump: str | None) -> Card:
        """The lowest card that does not help the side winning the trick, if any."""
        theirs = view.need_of(winning)
        harmless = [c for c in cards if not theirs[INDEX_OF[c]]] or cards
        return min(harmless, key=lambda c: (c.suit == trump, c.rank))


def _by_card(legal: Sequence[Play], card: Card) -> Play:
    return next(a for a in legal if a.card == card)
