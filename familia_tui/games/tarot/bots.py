"""Tarot bots: `BasicBot`, a fast heuristic player that sees only its seat's `TarotView`.

How the basic bot thinks (no search; one pass over the legal actions):

- **Bidding.** Hand strength in the usual club count: T21 10, the Excuse 8, the Petit 8 when
  guarded by 5+ trumps (5 with 4), 2 per trump and 1 more per trump from T16, king 6, queen 3,
  knight 2, jack 1, a long suit 5 (6+ cards 7), a void 6, a singleton 3, scaled to an 18-card
  hand. Prise from 40, Garde 56, Garde sans 71, Garde contre 81, only above the highest bid.
- **Call (5 players).** The allowed card of the suit it holds most of, preferring a card it
  does not hold itself (calling its own card means playing alone).
- **Écart.** Empties its shortest suits first and, within a suit, discards the most valuable
  card it may (a queen in the écart is a queen counted), trumps only when forced (lowest first).
- **Slam.** Announced only with a hand that cannot lose a trick: T21 and the Excuse, every
  other trump above the others' and nothing but trumps and kings.
- **Declarations.** Declares the highest poignée it holds, showing its lowest trumps, and any
  misère it holds.
- **Play.** It knows its side (the taker and a known partner against the defence; in 5 players
  an unknown partner counts as neither). Second hand on: when its side's card is winning and
  nobody can take it (it is last, or the card is a trump no unseen trump beats) it gives points
  (highest-value card, never T21); when it can win with a card that holds it takes the trick
  with the cheapest such card; otherwise it plays its least valuable card. Leading: the taker
  with more trumps than are unseen draws trumps from the top; otherwise kings of fresh suits,
  then low cards of its shortest suit. A defender never leads a face card of a suit the taker
  has shown he lacks (the view's `voids`) while he may still hold a trump: it leads another
  suit, or a low trump. The shown chien is not counted as out of play: it is in the taker's
  hand. **The Petit** is played only when it wins for sure or
  its side keeps the trick; **the Excuse** is kept out of the last trick (led there only under
  the slam exception), spent on the second-to-last trick at the latest, or to save a valuable
  card from being captured.
- **Grasch.** Fewest points: it ducks with its most valuable losing card, wins (when it must)
  with its highest card, and plays the Excuse rather than win.

The bot is deterministic (ties go to the first legal action), so it needs no randomness.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from familia_tui.games.tarot.actions import (
    Action,
    Bid,
    Call,
    Contract,
    Declare,
    Discard,
    Play,
    Slam,
)
from familia_tui.games.tarot.cards import (
    CARDS,
    EXCUSE,
    HALF_POINTS,
    IS_BOUT,
    JACK,
    KING,
    PETIT,
    RANK,
    SUIT,
    SUIT_LETTERS,
    TRUMP,
    TRUMP_21,
    Card,
)
from familia_tui.games.tarot.declarations import ActionList
from familia_tui.games.tarot.trick import trick_winner
from familia_tui.games.tarot.view import TarotView

BID_THRESHOLDS = ((Contract.GARDE_CONTRE, 81), (Contract.GARDE_SANS, 71), (Contract.GARDE, 56),
                  (Contract.PRISE, 40))
"""Hand strength needed for each contract (an 18-card hand), highest first."""
HONOURS = {KING: 6, KING - 1: 3, KING - 2: 2, KING - 3: 1}
"""Strength of a king, queen, knight and jack."""
SUIT_SHAPE = {0: 6, 1: 3, 5: 5, 6: 7}
"""Strength of a suit's length: a void, a singleton, a long suit of 5, of 6 or more."""
VALUABLE = 5
"""Half points from which a card is worth saving with the Excuse (a knight and up)."""


def hand_strength(hand: Sequence[Card]) -> float:
    """The club count described in the module docstring, scaled to an 18-card hand."""
    trumps = [c for c in hand if SUIT[c] == TRUMP]
    score = 2.0 * len(trumps) + sum(1 for c in trumps if RANK[c] >= 16)
    score += 10 * (TRUMP_21 in hand) + 8 * (EXCUSE in hand)
    if PETIT in hand:
        score += 8 if len(trumps) >= 5 else 5 if len(trumps) == 4 else 0
    for suit in range(4):
        cards = [c for c in hand if SUIT[c] == suit]
        score += sum(HONOURS.get(RANK[c], 0) for c in cards) + SUIT_SHAPE.get(min(len(cards), 6), 0)
    return score * 18 / len(hand)


class BasicBot:
    """A sensible, quick Tarot player (see the module docstring)."""

    needs_view = True

    def choose(self, view: TarotView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "bid":
            return self._bid(view, legal)
        if view.phase == "call":
            return self._call(view, legal)
        if view.phase == "ecart":
            return self._discard(view, legal)
        if view.phase == "slam":
            return _slam_choice(view, legal)
        declaration = _declaration(view, legal)
        if declaration is not None:
            return declaration
        plays = [a for a in legal if isinstance(a, Play)]
        card = _Table(view).choose([a.card for a in plays])
        return next(a for a in plays if a.card == card)

    # ----- before play -----

    def _bid(self, view: TarotView, legal: Sequence[Action]) -> Action:
        strength = hand_strength(view.hand)
        bids = {a.contract: a for a in legal if isinstance(a, Bid)}
        for contract, need in BID_THRESHOLDS:
            if strength >= need and contract in bids:
                return bids[contract]
        return next(a for a in legal if not isinstance(a, Bid))

    def _call(self, view: TarotView, legal: Sequence[Action]) -> Action:
        calls = [a for a in legal if isinstance(a, Call)]
        held = set(view.hand)

        def preference(action: Call) -> tuple[bool, int]:
            length = sum(1 for c in view.hand if SUIT[c] == SUIT[action.card])
            return (action.card not in held, length)

        return max(calls, key=preference)

    def _discard(self, view: TarotView, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        lengths = [sum(1 for c in view.hand if SUIT[c] == suit) for suit in range(6)]

        def cost(action: Discard) -> tuple[int, int]:
            card = action.card
            if SUIT[card] == TRUMP:
                return (100, RANK[card])
            return (lengths[SUIT[card]], -HALF_POINTS[card])

        return min(discards, key=cost)


def _slam_choice(view: TarotView, legal: Sequence[Action]) -> Action:
    hand = view.hand
    trumps = [c for c in hand if SUIT[c] == TRUMP]
    others = [c for c in hand if SUIT[c] < TRUMP]
    sure = (TRUMP_21 in hand and EXCUSE in hand and all(RANK[c] == KING for c in others)
            and len(trumps) >= len(hand) - 5 and len(trumps) >= 21 - len(trumps))
    return next(a for a in legal if isinstance(a, Slam) and a.announced == sure)


def _declaration(view: TarotView, legal: Sequence[Action]) -> Action | None:
    """The highest poignée (showing its lowest trumps), else a misère, else None."""
    if isinstance(legal, ActionList) and legal.handfuls:
        level = legal.handfuls[-1]
        return Declare(level.kind, (*level.fixed, *level.pool[:level.choose]))
    return next((a for a in legal if isinstance(a, Declare)), None)


class _Table:
    """What one card decision needs from the view, worked out once."""

    def __init__(self, view: TarotView) -> None:
        self.view = view
        self.me = view.seat
        self.n = len(view.seats)
        seen = set(view.hand)
        seen.update(c for t in view.tricks for c in t.cards)
        seen.update(c for _, c in view.trick)
        seen.update(view.ecart or ())  # the shown chien is in the taker's hand, not out of play
        seen.update(view.ecart_shown)
        self.unseen_trumps = [c for c in CARDS if SUIT[c] == TRUMP and c not in seen]
        self.played_suits = [sum(1 for t in view.tricks for c in t.cards if SUIT[c] == s) for s in range(4)]
        self.cards = [c for _, c in view.trick]
        self.last_to_play = len(view.trick) == self.n - 1
        self.voids = view.voids

    # ----- sides -----

    def side(self, seat: int) -> int | None:
        """0 taker side, 1 defence, None unknown (a Grasch hand: every seat its own)."""
        view = self.view
        if view.grasch:
            return None
        if seat == view.taker or seat == view.partner:
            return 0
        if view.taker_alone or view.partner is not None:
            return 1
        return 1 if seat == self.me else None

    def friend(self, seat: int) -> bool:
        if seat == self.me:
            return True
        mine, theirs = self.side(self.me), self.side(seat)
        return mine is not None and mine == theirs

    # ----- the decision -----

    def choose(self, legal: list[Card]) -> Card:
        if len(legal) == 1:
            return legal[0]
        if self.view.grasch:
            return self._grasch(legal)
        excuse = self._excuse(legal)
        if excuse is not None:
            return excuse
        playable = [c for c in legal if c != EXCUSE] or legal
        if not self.cards or self.cards == [EXCUSE]:
            return self._lead(playable)
        return self._follow(playable, EXCUSE in legal)

    def _excuse(self, legal: list[Card]) -> Card | None:
        """The Excuse now: led to the last trick under the slam exception, or before the last."""
        if EXCUSE not in legal:
            return None
        view = self.view
        remaining = len(view.hand)
        my_side_all = view.tricks and all(self.friend(t.winner) for t in view.tricks)
        if remaining == 2 and not (my_side_all and self._leads_next(legal)):
            return EXCUSE
        return None

    def _leads_next(self, legal: list[Card]) -> bool:
        """Whether this seat is likely to lead the last trick (it leads now and holds a sure card)."""
        other = [c for c in legal if c != EXCUSE]
        return not self.cards and bool(other) and self._sure_trump(other[0])

    def _sure_trump(self, card: Card) -> bool:
        return SUIT[card] == TRUMP and all(t < card for t in self.unseen_trumps)

    # ----- leading -----

    def _lead(self, playable: list[Card]) -> Card:
        view = self.view
        trumps = [c for c in playable if SUIT[c] == TRUMP]
        suits = [c for c in playable if SUIT[c] < TRUMP]
        if trumps and (not suits or (view.taker == self.me and len(trumps) > len(self.unseen_trumps))):
            high = [c for c in trumps if c != PETIT] or trumps
            return max(high) if self._sure_trump(max(high)) or not suits else min(high)
        kings = [c for c in suits if RANK[c] == KING and self.played_suits[SUIT[c]] == 0]
        if kings:
            return kings[0]
        safe = [c for c in suits if not self._feeds_taker(c)]
        if not safe:
            low = [c for c in trumps if c not in (PETIT, TRUMP_21)]
            if low:
                return min(low)
        pool = safe or suits
        lengths = {s: sum(1 for c in pool if SUIT[c] == s) for s in range(4)}
        return min(pool, key=lambda c: (lengths[SUIT[c]], HALF_POINTS[c], RANK[c]))

    def _feeds_taker(self, card: Card) -> bool:
        """A defender's face card of a suit the taker has shown he lacks, while he may still
        hold a trump: he would ruff it and take its points."""
        view = self.view
        if self.side(self.me) != 1 or view.taker is None or RANK[card] < JACK:
            return False
        voids = self.voids[view.taker]
        return SUIT_LETTERS[SUIT[card]] in voids and "T" not in voids and bool(self.unseen_trumps)

    # ----- following -----

    def _follow(self, playable: list[Card], has_excuse: bool) -> Card:
        cards = self.cards
        best_at = trick_winner(cards)
        winner = (self.view.leader + best_at) % self.n
        best = cards[best_at]
        winning = [c for c in playable if trick_winner([*cards, c]) == len(cards)]
        if self.friend(winner) and (self.last_to_play or self._sure_trump(best)):
            return self._give(playable)
        holding = [c for c in winning if self.last_to_play or self._holds(c)]
        if holding:
            return self._cheapest_win(holding)
        cheap = self._cheapest(playable)
        if has_excuse and HALF_POINTS[cheap] >= VALUABLE:
            return EXCUSE
        return cheap

    def _holds(self, card: Card) -> bool:
        """A winning card that later players are unlikely to beat."""
        if SUIT[card] == TRUMP:
            return self._sure_trump(card)
        return RANK[card] == KING and self.played_suits[SUIT[card]] == 0

    def _give(self, playable: list[Card]) -> Card:
        """Points for a trick the side keeps: the most valuable card, never T21, Petit welcome."""
        if PETIT in playable:
            return PETIT
        pool = [c for c in playable if c != TRUMP_21] or playable
        if all(SUIT[c] == TRUMP for c in pool):
            return min(pool)
        return max(pool, key=lambda c: (SUIT[c] < TRUMP, HALF_POINTS[c], -RANK[c]))

    def _cheapest_win(self, cards: list[Card]) -> Card:
        safe = [c for c in cards if c != PETIT or self.last_to_play] or cards
        return min(safe, key=lambda c: (SUIT[c] == TRUMP, RANK[c]))

    def _cheapest(self, playable: list[Card]) -> Card:
        """The card that costs least to lose: low points, no bout, the Petit last."""
        return min(playable, key=lambda c: (IS_BOUT[c], HALF_POINTS[c], SUIT[c] == TRUMP, RANK[c]))

    # ----- Grasch -----

    def _grasch(self, legal: list[Card]) -> Card:
        cards = self.cards
        if not cards:
            pool = [c for c in legal if c != EXCUSE] or legal
            return min(pool, key=lambda c: (HALF_POINTS[c], RANK[c]))
        losing = [c for c in legal if c != EXCUSE and trick_winner([*cards, c]) != len(cards)]
        if losing:
            return max(losing, key=lambda c: (HALF_POINTS[c], RANK[c]))
        if EXCUSE in legal and len(self.view.hand) > 1:
            return EXCUSE
        return max(legal, key=lambda c: (SUIT[c] == TRUMP, RANK[c]))
