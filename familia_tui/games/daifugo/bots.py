"""Daifugō bots: `BasicBot`, a fast heuristic player that sees only its seat's `DaifugoView`.

How the basic bot thinks (no search, one pass over the legal plays, alike plays weighed once):

- **What a card is worth keeping.** Its strength in the game's lasting order (revolution counts,
  a trick's ○○バック does not), rising steeply for the three strongest ranks (the control
  cards: K A 2, or 4 3 in revolution), a natural 8 at least as much as a 10 (it cuts and wins
  the lead), a joker most of all. Spending control cards early loses the lead later. But cards
  that may not finish (2s, or 3s in revolution, 8s, ability cards, jokers) must all leave the
  hand before its last card: once they are half the hand or more, the bot wants to be rid of
  them.
- **Leading** sheds as many weak cards as it can at once: a play scores ten per card minus what
  its cards are worth keeping, minus a little for breaking up a pair or a triple.
- **Following** plays the cheapest answer: staying in the trick is worth something (the play
  may win the lead), so a single is beaten whenever a card below the control cards can do it,
  in revolution and under ○○バック alike. It passes when every answer costs more than that
  (a control card early, a joker); with three cards or fewer it is keener to play, to go out.
- **Going out.** A play that empties the hand always wins (the engine never offers a forbidden
  finish); a play that leaves a ○○残し hand is almost as good; a play that leaves only cards that
  may not finish (2s or 3s in revolution, 8s, ability cards, jokers) is avoided, and so is one
  that leaves a joker beside a single natural card (jokers never lead alone, so the hand would
  end stuck with the joker, DF-23a).
- **Jokers' cards.** Of plays that differ only in the suits declared for their jokers, it takes
  the one whose jokers stand for cards it neither holds nor declares twice (`9S JK=9H`, not
  `9S JK=9S`): the rules allow either (DF-34), but a duplicate reads like a mistake.
- **革命.** A play of four or more (or three 9s) turns the order: it counts the strength the
  cards left lose by it, or half what they gain (an opponent it hurts may turn it back), so it
  is welcomed when the hand left is weak and avoided when it is strong; the jokers it spends
  cost their full worth
  even when the bot is dumping cards that may not finish (jokers win tricks in either order).
- **ドボン.** A play whose value an opponent with few cards could match is risky: the bot weighs
  the chance (about one in 13 per card that opponent holds) against losing the game.
- **Calls.** It calls チョンボ on a missed ウノ, and ドボン whenever asked, except on a play that
  missed its ウノ (the blame would fall on the caller, なすりつけ). Strict ウノ is always said.

The bot is deterministic (ties go to the first legal action), so it needs no randomness.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from familia_tui.core.cards import JOKER, Card
from familia_tui.games.daifugo.actions import CALL, DECLINE, PASS, Action, Play
from familia_tui.games.daifugo.deck import POS8, POS9, POS_OF_RANK, VALUE, WILD
from familia_tui.games.daifugo.families import Rulebook
from familia_tui.games.daifugo.view import DaifugoView

SHED = 10.0
"""Points for each card a play sheds."""
JOKER_KEEP = 20.0
"""What a joker is worth keeping (above a 2)."""
CONTROL = 9
"""Strengths above this (the three strongest ranks) are control cards, worth keeping more."""
CONTROL_STEP = 2.5
"""Extra keeping value per strength step above `CONTROL`."""
FOLLOW = 5.0
"""What answering the top is worth beyond the cards shed: the play may win the lead."""
EIGHT_KEEP = 8.0
"""What a natural 8 is worth keeping at least (a 10's strength): it cuts the trick."""
SPLIT = 3.0
"""Cost per card of the same rank left behind when a play breaks a group."""
STRANDED = 25.0
"""Cost of a hand left with only cards that may not finish."""
JOKER_TRAP = 20.0
"""Cost of a hand left with jokers beside one natural card: once that card is led, the jokers
are stuck (DF-23a)."""
ENDGAME = 3
"""With this many cards or fewer the bot values shedding more when following."""
DUMP = -5.0
"""What a card that may not finish is worth keeping once such cards are half the hand."""
REVOLT = 0.5
"""How much of the strength a revolution adds to the cards left counts: an opponent may turn
the order back with four of a kind or three 9s."""
LOSS = 100.0
"""What being ビリ costs, to weigh the ドボン risk of a play."""


class BasicBot:
    """Sheds weak cards and combinations, keeps control cards, avoids hands that cannot finish."""

    def choose(self, view: DaifugoView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.decision == "chombo":
            return CALL["chombo"]
        if view.decision == "dobon":
            return DECLINE if view.uno_missed == view.call_target else CALL["dobon"]
        plays = _distinct_plays(legal, view.hand)
        if not plays:
            return legal[0]
        judge = _Judge(view)
        best = max(plays, key=judge.score)
        if PASS in legal and judge.score(best) <= 0:
            return PASS
        return best


def _distinct_plays(legal: Sequence[Action], hand: Sequence[Card]) -> list[Play]:
    """One play per (natural cards, declared ranks, ウノ said): joker suits seldom matter to the
    bot, so of those it keeps the one whose jokers duplicate fewest cards (`_duplicates`)."""
    held = frozenset(hand)
    seen: dict[tuple[object, ...], tuple[int, Play]] = {}
    for action in legal:
        if isinstance(action, Play):
            key = (action.naturals, tuple(j.rank for j in action.jokers), action.uno)
            known = seen.get(key)
            if known is None or known[0] > 0:
                duplicates = _duplicates(action, held)
                if known is None or duplicates < known[0]:
                    seen[key] = (duplicates, action)
    return [play for _, play in seen.values()]


def _duplicates(play: Play, held: frozenset[Card]) -> int:
    """How many of the play's jokers stand for a card the hand holds (the play's own natural
    cards included) or that another joker of the play stands for too."""
    declared = [j for j in play.jokers if not j.is_joker and j.suit != WILD]
    return sum(card in held for card in declared) + len(declared) - len(set(declared))


class _Judge:
    """Scores plays for one decision."""

    def __init__(self, view: DaifugoView) -> None:
        self.view = view
        self.hand = view.hand
        self.leading = view.top is None
        self.revolution = view.revolution
        self.book = Rulebook.of(view.families)
        self.ranks = Counter(c.rank for c in self.hand if not c.is_joker)
        self.strict = view.options.uno == "strict"
        unfinishable = sum(1 for c in self.hand if self._unfinishable(c, self.revolution))
        self.dumping = 2 * unfinishable >= len(self.hand)
        self.threats = [count for seat, count in enumerate(view.counts)
                        if seat != view.seat and 0 < count <= 3]

    def _unfinishable(self, card: Card, revolution: bool) -> bool:
        return card.is_joker or self.book.forbidden[revolution][POS_OF_RANK[card.rank]]

    def keep(self, card: Card, revolution: bool) -> float:
        """What a card is worth keeping: its strength, or `DUMP` for a card that may not finish
        once such cards are half the hand."""
        if self.dumping and self._unfinishable(card, revolution):
            return DUMP
        return self.strength(card, revolution)

    def strength(self, card: Card, revolution: bool) -> float:
        """What a card is worth in the lasting order: its strength (0 to 12), more steeply for
        the control cards, a natural 8 as much as a 10, a joker most."""
        if card.is_joker:
            return JOKER_KEEP
        pos = POS_OF_RANK[card.rank]
        strength = float(12 - pos if revolution else pos)
        strength += CONTROL_STEP * max(0.0, strength - CONTROL)
        return max(strength, EIGHT_KEEP) if pos == POS8 else strength

    def dobon_risk(self, play: Play) -> float:
        """The rough chance that an opponent with few cards holds exactly the play's value."""
        if any(j.is_joker for j in play.jokers):
            return 0.0  # top jokers have no value
        value = sum(VALUE[POS_OF_RANK[c.rank]] for c in play.naturals + play.jokers)
        return sum(1 / (13 * n) for n in self.threats if n <= value <= 13 * n)

    def score(self, play: Play) -> float:
        left = _without(self.hand, play)
        if not left:
            return 1000.0
        if self.strict and len(left) == 1 and not play.uno:
            return -1000.0
        toggles = play.size >= 4 or (play.size == 3 and _all_nines(play))
        revolution = self.revolution != toggles
        value = SHED * play.size - sum(self.keep(c, self.revolution) for c in play.naturals)
        value -= self.keep(JOKER, self.revolution) * len(play.jokers)
        value -= SPLIT * sum(self.ranks[c.rank] - sum(1 for x in play.naturals if x.rank == c.rank)
                             for c in set(play.naturals))
        if toggles:
            value += self.revolution_gain(left, revolution)
            value -= (JOKER_KEEP - self.keep(JOKER, self.revolution)) * len(play.jokers)
        value -= LOSS * self.dobon_risk(play)
        if self._nokoshi(left):
            value += 500.0
        elif self._stranded(left, revolution):
            value -= STRANDED
        elif _joker_trap(left):
            value -= JOKER_TRAP
        if not self.leading:
            value += FOLLOW + (SHED if len(self.hand) <= ENDGAME else 0.0)
        return value

    def revolution_gain(self, left: Sequence[Card], revolution: bool) -> float:
        """What turning the order for good is worth to the cards left: the change in their
        strength, only half of a gain (the opponents it hurts may turn the order back; those
        it helps will not)."""
        change = sum(self.strength(c, revolution) - self.strength(c, self.revolution) for c in left)
        return REVOLT * change if change > 0 else change

    def _stranded(self, left: list[Card], revolution: bool) -> bool:
        """Every card left may not finish (C11): the hand could never go out."""
        return all(self._unfinishable(c, revolution) for c in left)

    def _nokoshi(self, left: list[Card]) -> bool:
        if any(c.is_joker for c in left):
            return False
        positions = sorted(POS_OF_RANK[c.rank] for c in left)
        return any(list(s) == positions for _, s in self.book.nokoshi_sets)


def _joker_trap(left: Sequence[Card]) -> bool:
    """Jokers beside a single natural card: leading it (a lead may not be jokers alone) would
    leave only jokers, a stuck leader (DF-23a); they must go out first, when following."""
    jokers = sum(c.is_joker for c in left)
    return jokers > 0 and len(left) - jokers == 1


def _without(hand: Sequence[Card], play: Play) -> list[Card]:
    left = list(hand)
    for card in play.naturals:
        left.remove(card)
    jokers = len(play.jokers)
    return [c for c in left if not c.is_joker] + [c for c in left if c.is_joker][jokers:]


def _all_nines(play: Play) -> bool:
    """Three 9s, natural or declared: a クーデター (DF-14)."""
    return all(not c.is_joker and POS_OF_RANK[c.rank] == POS9 for c in play.naturals + play.jokers)
