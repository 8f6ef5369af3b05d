"""Tarot bots: `BasicBot`, a fast heuristic player that sees only its seat's `TarotView`.

How the basic bot thinks (no search; one pass over the legal actions):

- **Bidding.** Hand strength is the expected margin of a Prise (card points over the target),
  a linear count fitted on the bot's own play: 3.5 per trump and 1.5 more from T16, the 21 8.5
  more, the Excuse 10, the Petit 3 and 0.75 per guarding trump (up to 7), king 4.5, queen 1.25,
  knight 0.5, jack 0.25, a singleton 1, 1 per card of a suit beyond four, from -45, scaled to
  an 18-card hand. Prise from -7, Garde from -2, Garde sans 25, Garde contre 35, only above the
  highest bid; the last to speak after three passes takes a Prise from -10.
- **Call (5 players).** The allowed card of the suit it holds most of, preferring a card it
  does not hold itself (calling its own card means playing alone).
- **Écart.** Empties its shortest suits first and, within a suit, discards the most valuable
  card it may (a queen in the écart is a queen counted), trumps only when forced (lowest first).
- **Slam.** Announced only with a hand that cannot lose a trick: T21 and the Excuse, every
  other trump above the others' and nothing but trumps and kings.
- **Declarations.** Declares the highest poignée it holds, showing its lowest trumps, and any
  misère it holds; it never spends a move on `declare none` (it plays its card instead).
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

from familia_tui.core.table import seat_ring
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

BID_THRESHOLDS = ((Contract.GARDE_CONTRE, 35.0), (Contract.GARDE_SANS, 25.0), (Contract.GARDE, -2.0),
                  (Contract.PRISE, -7.0))
"""Expected margin (`hand_strength`) needed for each contract, highest first. A Prise from -7 is
made about a third of the time, a Garde from -2 about two in three; Garde sans and contre lose
the chien's exchange, so only near-certain hands play them."""
LAST_SPEAKER_PRISE = -10.0
"""The last to speak after three passes takes a Prise from this margin rather than let the deal
be annulled: with four basic bots, at most one deal in ten is passed out."""
TRUMP_WORTH = 3.5
"""What each trump adds to the expected margin; a trump from T16 up adds `BIG_TRUMP` more."""
BIG_TRUMP = 1.5
BOUT_WORTH = {TRUMP_21: 8.5, EXCUSE: 10.0}
"""What the 21 (beyond being a high trump) and the Excuse add."""
PETIT_WORTH = 3.0
"""What the Petit adds beyond being a trump, and `PETIT_GUARD` more per trump guarding it (up to 7)."""
PETIT_GUARD = 0.75
HONOURS = {KING: 4.5, KING - 1: 1.25, KING - 2: 0.5, KING - 3: 0.25}
"""What a king, queen, knight and jack add."""
SINGLETON = 1.0
"""What a singleton suit adds; each card of a suit beyond four adds `LONG` (a void adds nothing
the trumps do not already count)."""
LONG = 1.0
BASE_MARGIN = -45.0
"""The expected margin of a hand with none of the above."""
VALUABLE = 5
"""Half points from which a card is worth saving with the Excuse (a knight and up)."""


def hand_strength(hand: Sequence[Card]) -> float:
    """The expected margin (card points over the target) of a Prise taken with this hand, scaled
    to an 18-card hand: a linear count fitted on the basic bot's own play (forced Prises over
    5,600 hands of tarot-4), weights as in the constants above."""
    trumps = [c for c in hand if SUIT[c] == TRUMP]
    score = sum(TRUMP_WORTH + BIG_TRUMP * (RANK[c] >= 16) for c in trumps)
    score += sum(BOUT_WORTH.get(c, 0.0) for c in hand)
    if PETIT in hand:
        score += PETIT_WORTH + PETIT_GUARD * min(len(trumps), 7)
    for suit in range(4):
        cards = [c for c in hand if SUIT[c] == suit]
        score += sum(HONOURS.get(RANK[c], 0.0) for c in cards)
        score += SINGLETON * (len(cards) == 1) + LONG * max(0, len(cards) - 4)
    return BASE_MARGIN + score * 18 / len(hand)


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
        last = len(view.bids) == len(view.seats) - 1 and view.taker is None
        if last and strength >= LAST_SPEAKER_PRISE:
            return bids[Contract.PRISE]
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
        winner = seat_ring(self.n).step(self.view.leader, best_at)
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
