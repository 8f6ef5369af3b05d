"""The search bot's playout policy for Tarot: quick rules read off the (sampled) state.

Random playouts bid, discard and play at random, so every contract looks like a coin toss; the
search then misjudges its bids. These rules are the basic bot's in spirit and a few list
operations per card (no view is built):

- **Bidding, call, écart, slam, declarations**: the basic bot's rules on the seat's hand (its hand
  strength and thresholds, its call, its écart, no slam, the highest poignée).
- **Leading**: the taker's side cashes its kings, then leads its shortest suit low; the defence
  leads its longest suit low; trumps only when no suit card is left (never a bout if avoidable).
  No randomness: the search compares its actions on equal terms.
- **Following**: when its side holds the trick and nobody is left to play, the most valuable card
  it may give; when it can take the trick, the cheapest card that does; otherwise its least
  valuable card (the Excuse rather than a valuable one, and the Excuse before the last trick).
  The Petit is kept back unless it wins or is all it may play. In a Grasch hand each plays for
  himself and ducks.
"""

from __future__ import annotations

import random
from typing import Any

from familia_tui.core.engine import GameState
from familia_tui.games.tarot.actions import BID, CALL, DISCARD, PASS, PLAY, SLAM, Contract, Declare, Play
from familia_tui.games.tarot.bots import BID_THRESHOLDS, LAST_SPEAKER_PRISE, hand_strength
from familia_tui.games.tarot.cards import EXCUSE, HALF_POINTS, IS_BOUT, KING, PETIT, RANK, SUIT, TRUMP, Card
from familia_tui.games.tarot.declarations import ActionList
from familia_tui.games.tarot.exchange import callable_cards, discardable
from familia_tui.games.tarot.rules import Phase, TarotState
from familia_tui.games.tarot.trick import flat, trick_winner

_WORTH = tuple(HALF_POINTS[c] * 100 + RANK[c] + (2000 if IS_BOUT[c] else 0) for c in range(78))
"""How much a card is worth keeping: its points, then its rank; bouts most."""


def playout_policy(state: GameState, rng: random.Random) -> Any:
    """The playout's action for the seat to act (see the module's text)."""
    assert isinstance(state, TarotState)
    phase = state.phase
    if phase is Phase.PLAY:
        legal = state.legal_actions()
        if state.trick_no == 0 and isinstance(legal, ActionList):
            level = legal.handfuls[-1]
            return Declare(level.kind, (*level.fixed, *level.pool[:level.choose]))
        if len(legal) == 1:
            return legal[0]
        return PLAY[_card(state, [action.card for action in legal if isinstance(action, Play)], rng)]
    seat = state.acting()
    if phase is Phase.BID:
        return _bid(state, seat)
    if phase is Phase.ECART:
        return _discard(state, seat)
    if phase is Phase.CALL:
        hand = state.hand(seat)
        held = set(hand)
        calls = callable_cards(hand)
        return CALL[max(calls, key=lambda c: (c not in held, len(state.hands[seat][SUIT[c]])))]
    return SLAM[False]


def _bid(state: TarotState, seat: int) -> Any:
    strength = hand_strength(state.hand(seat))
    level = state.contract.level if state.contract else -1
    for contract, need in BID_THRESHOLDS:
        if strength >= need and contract.level > level:
            return BID[contract]
    if len(state.bids) == state.n - 1 and state.taker is None and strength >= LAST_SPEAKER_PRISE:
        return BID[Contract.PRISE]
    return PASS


def _discard(state: TarotState, seat: int) -> Any:
    buckets = state.hands[seat]
    _, cards = discardable(flat(buckets), state.called)

    def cost(card: Card) -> tuple[int, int]:
        if SUIT[card] == TRUMP:
            return (100, RANK[card])
        return (len(buckets[SUIT[card]]), -HALF_POINTS[card])

    return DISCARD[min(cards, key=cost)]


def _card(state: TarotState, cards: list[Card], rng: random.Random) -> Card:
    trick = state.trick
    if not trick or state.led < 0:
        lead = _lead(state, cards)
        return lead if lead in cards else min(cards, key=_WORTH.__getitem__)  # the called suit [TA-15]
    worth = _WORTH
    seat = state.to_act
    assert seat is not None
    n = state.n
    last_trick = state.trick_no == state.tricks_per_hand - 1
    winning_at = trick_winner(trick, state.led)
    best = trick[winning_at]
    last = len(trick) == n - 1
    if state.grasch:
        below = [c for c in cards if not _beats(c, best, state.led)]
        if below:
            return max(below, key=worth.__getitem__)
        return EXCUSE if EXCUSE in cards and not last_trick else max(cards, key=worth.__getitem__)
    side = state.side
    holder = state.ring.step(state.leader, winning_at)
    if side[holder] == side[seat] and (last or (SUIT[best] == TRUMP and RANK[best] >= 19)):
        gifts = [c for c in cards if not IS_BOUT[c]]
        if gifts:
            return max(gifts, key=HALF_POINTS.__getitem__)
    winners = [c for c in cards if c != EXCUSE and _beats(c, best, state.led)]
    if winners and (side[holder] != side[seat] or HALF_POINTS[best] > 1):
        return min(winners, key=worth.__getitem__)
    if EXCUSE in cards and not last_trick:
        if state.trick_no >= state.tricks_per_hand - 2:
            return EXCUSE
        low = [c for c in cards if c != EXCUSE]
        if low and min(HALF_POINTS[c] for c in low) >= 5:
            return EXCUSE
    low = [c for c in cards if c != EXCUSE and c != PETIT] or [c for c in cards if c != EXCUSE] or cards
    return min(low, key=worth.__getitem__)


def _lead(state: TarotState, cards: list[Card]) -> Card:
    """A lead: the taker's side cashes a king, else leads its shortest suit low; the defence
    leads its longest suit low; trumps (lowest, never a bout) only when no suit card is left."""
    seat = state.to_act
    assert seat is not None
    buckets = state.hands[seat]
    suits = [suit for suit in range(4) if buckets[suit]]
    if not suits:
        plain = [c for c in cards if not IS_BOUT[c]]
        return min(plain or cards, key=_WORTH.__getitem__)
    if state.side[seat] == 0 and not state.grasch:
        kings = [buckets[suit][-1] for suit in suits if RANK[buckets[suit][-1]] == KING]
        if kings:
            return kings[state.trick_no % len(kings)]
        suit = min(suits, key=lambda s: (len(buckets[s]), s))
    else:
        suit = max(suits, key=lambda s: (len(buckets[s]), -s))
    return buckets[suit][0]


def _beats(card: Card, best: Card, led: int) -> bool:
    """`card` would take the trick from `best` (the card winning it now)."""
    suit = SUIT[card]
    if suit == TRUMP:
        return SUIT[best] != TRUMP or card > best
    return suit == led and SUIT[best] == led and card > best
