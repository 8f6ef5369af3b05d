"""Scoring a finished game (B.2.8, B.3, B.4) and choosing the winner (B.2.9, R-S19, R-S23, R-S27).

Each player scores, and every item stacks [R-S18]:

| item | points |
|---|---|
| `own`: each captured face card of one's own suit | 3 |
| `other`: each other captured face card [R-S28] | 2 |
| `jokers`: each unused Joker in hand or deck (a white card too where it is a Joker) [R-S29] | 1 |
| `ace`: one's own A in hand at the end | 1 |
| `sets_own`: J+Q+K of a suit of one's colour [R-S20] | +2 each |
| `sets_other`: J+Q+K of a suit of the other colour | +3 each |
| `ranks`: 4 / 5 / 6 captured face cards of one rank | +2 / +5 / +8 per rank |

The team game adds 2 per battalion to the team, never to a player [R-S19].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from familia_tui.core.cards import Card

ITEMS = ("own", "other", "jokers", "ace", "sets_own", "sets_other", "ranks")
RANK_BONUS = {4: 2, 5: 5, 6: 8}
"""The same-rank bonus by count, one per rank, not cumulative [R-S18]."""


_RANK = itemgetter(0)
_SUIT = itemgetter(1)
ACES = {suit: Card(14, suit) for suit in "SHXLCD"}
"""Each suit's A (the `ace` item)."""


def player_items(captured: Sequence[Card], hand: Sequence[Card], deck: Sequence[Card], suit: str,
                 colour: Callable[[str], str], white_is_joker: bool) -> tuple[int, ...]:
    """One player's points per item, in `ITEMS` order. (Counted with `map` and `count`, in C:
    every game's end scores every seat, and so does the search bot's playout.)"""
    ranks = [*map(_RANK, hand), *map(_RANK, deck)]
    unused = ranks.count(0) + ranks.count(1) if white_is_joker else ranks.count(0)
    ace = 1 if ACES[suit] in hand else 0
    suits = list(map(_SUIT, captured))
    own = suits.count(suit)
    if len(captured) < 3:  # no set, no rank bonus
        return (3 * own, 2 * (len(captured) - own), unused, ace, 0, 0, 0)
    mine = colour(suit)
    sets_own = sets_other = 0
    for face_suit in set(suits):
        if suits.count(face_suit) == 3:  # its J, Q and K (each face card is in the game once)
            if colour(face_suit) == mine:
                sets_own += 2
            else:
                sets_other += 3
    ranks = list(map(_RANK, captured))
    bonus = RANK_BONUS.get(ranks.count(11), 0) + RANK_BONUS.get(ranks.count(12), 0) + RANK_BONUS.get(ranks.count(13), 0)
    return (3 * own, 2 * (len(captured) - own), unused, ace, sets_own, sets_other, bonus)


def team_winner(members: Sequence[Sequence[int]], scores: Sequence[int], totals: Sequence[int],
                spade_team: int) -> tuple[int, str]:
    """(winning team, tie-break used) of the two-team game [B.2.9]: the higher total when the
    totals differ by more than 1; else the higher second-highest member [R-S19, R-S27]; else
    the Spade player's team. Tie-breaks: `total`, `second`, `spade`."""
    if abs(totals[0] - totals[1]) > 1:
        return (0 if totals[0] > totals[1] else 1), "total"
    seconds = [sorted((scores[s] for s in team), reverse=True)[1] for team in members]
    if seconds[0] != seconds[1]:
        return (0 if seconds[0] > seconds[1] else 1), "second"
    return spade_team, "spade"


def secret_order(members: Sequence[Sequence[int]], scores: Sequence[int], distance: Callable[[int], int]) -> list[int]:
    """The secret-team game's teams best first [R-S23]: total, then the lower member's score,
    then the team of the player nearest the Spade player in turn order."""
    def key(team: int) -> tuple[int, int, int]:
        seats = members[team]
        return (-sum(scores[s] for s in seats), -min(scores[s] for s in seats), min(map(distance, seats)))
    return sorted(range(len(members)), key=key)


def individual_order(scores: Sequence[int], captured: Sequence[int], distance: Callable[[int], int]) -> list[int]:
    """The individual game's seats best first [B.3]: points, then fewer captured face cards,
    then nearest the Spade player in turn order from the Spade player."""
    return sorted(range(len(scores)), key=lambda s: (-scores[s], captured[s], distance(s)))
