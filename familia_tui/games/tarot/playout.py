"""The search bot's playout policy for Tarot: quick rules read off the (sampled) state.

Random playouts bid, discard and play at random, so every contract looks like a coin toss; the
search then misjudges its bids. These rules are the basic bot's, a few list operations per card
(no view is built):

- **Bidding, call, écart, slam, declarations**: the basic bot's rules on the seat's hand (its hand
  strength and thresholds, its call, its écart, no slam, the highest poignée).
- **Card play**: the basic bot's rules (`bots._Table`), read off the sampled state, where what
  a view only narrows down is known (the trumps the others hold, a taker's empty suits). Leading,
  a taker holding more trumps than the others draws them (from the top when his highest is
  sure); else a king of a suit nobody has played; else a low card of the shortest suit, the
  defence keeping face cards of a played suit the taker lacks out of his ruffs. Following, it
  gives points (the Petit first) to a trick its side holds for sure, takes the trick with the
  cheapest card that holds it, else plays its cheapest card (the Excuse rather than a knight or
  better); the Excuse goes before the last trick unless its side took every trick. In a Grasch
  hand each ducks with its most valuable losing card. No randomness: the search compares its
  actions on equal terms. Played by all seats, a hand comes out like one of basic bots (a
  Garde is made 67 % of the time by both in tarot-4); simpler rules that left the taker weaker
  than basic bots made the search refuse every contract basic bots take.
"""

from __future__ import annotations

import random
from typing import Any

from familia_tui.core.engine import GameState
from familia_tui.games.tarot.actions import BID, CALL, DISCARD, PASS, PLAY, SLAM, Contract, Declare, Play
from familia_tui.games.tarot.bots import BID_THRESHOLDS, LAST_SPEAKER_PRISE, VALUABLE, hand_strength
from familia_tui.games.tarot.cards import (
    EXCUSE,
    HALF_POINTS,
    IS_BOUT,
    JACK,
    KING,
    PETIT,
    RANK,
    SUIT,
    TRUMP,
    TRUMP_21,
    Card,
)
from familia_tui.games.tarot.declarations import ActionList
from familia_tui.games.tarot.exchange import callable_cards, discardable
from familia_tui.games.tarot.rules import Phase, TarotState
from familia_tui.games.tarot.trick import flat, trick_winner

_CHEAP = tuple((IS_BOUT[c], HALF_POINTS[c], SUIT[c] == TRUMP, RANK[c]) for c in range(78))
"""What losing a card costs, in order: a bout most, then its points, a trump, its rank (the basic
bot's cheapest card)."""


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
    """The basic bot's card (`bots._Table.choose`), read off the sampled state: what the view
    would only narrow down (the trumps still out, a taker's voids) is known here."""
    if state.grasch:
        return _grasch(state, cards)
    seat = state.to_act
    assert seat is not None
    hands, side = state.hands, state.side
    trick = state.trick
    leading = not trick or state.led < 0
    top_out, trumps_out = -1, 0  # the highest trump and the trumps the other seats hold
    for other, buckets in enumerate(hands):
        if other != seat and buckets[TRUMP]:
            trumps_out += len(buckets[TRUMP])
            top_out = max(top_out, buckets[TRUMP][-1])
    if EXCUSE in cards and len(cards) > 1 and sum(map(len, hands[seat])) == 2:
        # The Excuse is spent before the last trick, unless the side took every trick and the
        # seat leads now with a sure trump (the slam exception).
        mine = side[seat]
        swept = bool(state.tricks) and all(side[record.winner] == mine for record in state.tricks)
        other = next(c for c in cards if c != EXCUSE)
        if not (swept and leading and SUIT[other] == TRUMP and other > top_out):
            return EXCUSE
    playable = [c for c in cards if c != EXCUSE] or cards
    if leading:
        return _lead(state, seat, playable, top_out, trumps_out)
    led = state.led
    winning_at = trick_winner(trick, led)
    best = trick[winning_at]
    last = len(trick) == state.n - 1
    holder = state.ring.step(state.leader, winning_at)
    if side[holder] == side[seat] and (last or (SUIT[best] == TRUMP and best > top_out)):
        return _give(playable)
    holding = [c for c in playable if _beats(c, best, led) and (last or _holds(state, c, top_out))]
    if holding:
        safe = [c for c in holding if c != PETIT or last] or holding
        return min(safe, key=lambda c: (SUIT[c] == TRUMP, RANK[c]))
    cheap = min(playable, key=_CHEAP.__getitem__)
    if EXCUSE in cards and HALF_POINTS[cheap] >= VALUABLE:
        return EXCUSE
    return cheap


def _fresh(state: TarotState, suit: int) -> bool:
    """No card of `suit` went to an earlier trick (every one is in a hand, set aside or in the
    trick in play)."""
    count = sum(len(buckets[suit]) for buckets in state.hands)
    count += sum(SUIT[c] == suit for c in (state.ecart if state.chien_taken else state.chien))
    count += sum(SUIT[c] == suit for c in state.trick)
    return count == 14


def _holds(state: TarotState, card: Card, top_out: int) -> bool:
    """A winning card the later players are unlikely to beat."""
    if SUIT[card] == TRUMP:
        return card > top_out
    return RANK[card] == KING and _fresh(state, SUIT[card])


def _lead(state: TarotState, seat: int, playable: list[Card], top_out: int, trumps_out: int) -> Card:
    """The basic bot's lead: a taker with more trumps than the others draws them (from the top
    when that trump is sure); else a king of a fresh suit; else a low card of the shortest suit,
    a defender avoiding face cards of a played suit the taker lacks (he would ruff them)."""
    trumps = [c for c in playable if SUIT[c] == TRUMP]
    suits = [c for c in playable if SUIT[c] < TRUMP]
    if trumps and (not suits or (seat == state.taker and len(trumps) > trumps_out)):
        high = [c for c in trumps if c != PETIT] or trumps
        return high[-1] if high[-1] > top_out or not suits else high[0]
    kings = [c for c in suits if RANK[c] == KING and _fresh(state, SUIT[c])]
    if kings:
        return kings[0]
    taker = state.taker
    safe = suits
    if state.side[seat] == 1 and taker is not None and state.hands[taker][TRUMP]:
        # (the suits he is out of once they have been played: as the view's voids show them)
        held = state.hands[taker]
        safe = [c for c in suits if RANK[c] < JACK or held[SUIT[c]] or _fresh(state, SUIT[c])]
    if not safe:
        low = [c for c in trumps if c != PETIT and c != TRUMP_21]
        if low:
            return low[0]
    pool = safe or suits
    lengths = [0] * 4
    for card in pool:
        lengths[SUIT[card]] += 1
    return min(pool, key=lambda c: (lengths[SUIT[c]], HALF_POINTS[c], RANK[c]))


def _give(playable: list[Card]) -> Card:
    """Points for a trick the side keeps: the Petit, else the most valuable card (never the 21)."""
    if PETIT in playable:
        return PETIT
    pool = [c for c in playable if c != TRUMP_21] or playable
    if all(SUIT[c] == TRUMP for c in pool):
        return min(pool)
    return max(pool, key=lambda c: (SUIT[c] < TRUMP, HALF_POINTS[c], -RANK[c]))


def _grasch(state: TarotState, cards: list[Card]) -> Card:
    """Fewest points: duck with the most valuable losing card, the Excuse rather than win."""
    trick = state.trick
    if not trick or state.led < 0:
        pool = [c for c in cards if c != EXCUSE] or cards
        return min(pool, key=lambda c: (HALF_POINTS[c], RANK[c]))
    best = trick[trick_winner(trick, state.led)]
    losing = [c for c in cards if c != EXCUSE and not _beats(c, best, state.led)]
    if losing:
        return max(losing, key=lambda c: (HALF_POINTS[c], RANK[c]))
    if EXCUSE in cards and state.trick_no < state.tricks_per_hand - 1:
        return EXCUSE
    return max(cards, key=lambda c: (SUIT[c] == TRUMP, RANK[c]))


def _beats(card: Card, best: Card, led: int) -> bool:
    """`card` would take the trick from `best` (the card winning it now)."""
    suit = SUIT[card]
    if suit == TRUMP:
        return SUIT[best] != TRUMP or card > best
    return suit == led and SUIT[best] == led and card > best
