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

from familia_tui.core.cards import Card

ITEMS = ("own", "other", "jokers", "ace", "sets_own", "sets_other", "ranks")
RANK_BONUS = {4: 2, 5: 5, 6: 8}
"""The same-rank bonus by count, one per rank, not cumulative [R-S18]."""


def player_items(captured: Sequence[Card], hand: Sequence[Card], deck: Sequence[Card], suit: str,
                 colour: Callable[[str], str], white_is_joker: bool) -> tuple[int, ...]:
    """One player's points per item, in `ITEMS` order."""
    top = 2 if white_is_joker else 1
    unused = 0
    for card in hand:
        if card.rank < top:
            unused += 1
    for card in deck:
        if card.rank < top:
            unused += 1
    ace = 1 if Card(14, suit) in hand else 0
    if not captured:
        return (0, 0, unused, ace, 0, 0, 0)
    own = 0
    by_suit: dict[str, int] = {}
    by_rank = [0, 0, 0]
    for card in captured:
        face_suit = card.suit
        if face_suit == suit:
            own += 1
        by_suit[face_suit] = by_suit.get(face_suit, 0) + (1 << (card.rank - 11) * 4)
        by_rank[card.rank - 11] += 1
    mine = colour(suit)
    sets_own = sets_other = 0
    for face_suit, counts in by_suit.items():
        if counts & 0xF and counts & 0xF0 and counts & 0xF00:
            if colour(face_suit) == mine:
                sets_own += 2
            else:
                sets_other += 3
    ranks = RANK_BONUS.get(by_rank[0], 0) + RANK_BONUS.get(by_rank[1], 0) + RANK_BONUS.get(by_rank[2], 0)
    return (3 * own, 2 * (len(captured) - own), unused, ace, sets_own, sets_other, ranks)


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
