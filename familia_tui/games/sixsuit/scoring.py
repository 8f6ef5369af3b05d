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

from familia_tui.core.cards import BLACK_JOKER, JOKER, RED_JOKER, WHITE_CARD, Card

ITEMS = ("own", "other", "jokers", "ace", "sets_own", "sets_other", "ranks")
RANK_BONUS = {4: 2, 5: 5, 6: 8}
"""The same-rank bonus by count, one per rank, not cumulative [R-S18]."""


SUIT_ORDER = "SHXLCD"
FACE_RANKS = (11, 12, 13)
_FACE_CODE = {Card(rank, suit): 1 << 3 * place | 1 << 18 + 3 * FACE_RANKS.index(rank)
              for place, suit in enumerate(SUIT_ORDER) for rank in FACE_RANKS}
"""Each face card as one octal digit of its suit (digits 0–5) plus one of its rank (J, Q, K:
digits 6–8): a seat's captured cards summed give how many it has of each suit and each rank in
one number, one dictionary look-up per card (reading a card's fields in Python costs more)."""
_SUIT_SHIFT = {suit: 3 * place for place, suit in enumerate(SUIT_ORDER)}
_SET_DIGITS = 0o111111
"""The low bit of each suit digit: a suit's digit is 3 (its J, Q and K: each face card is in
the game once) where its two low bits are both set."""
_RANK_POINTS = tuple(sum(RANK_BONUS.get(digits >> shift & 7, 0) for shift in (0, 3, 6)) for digits in range(512))
"""The rank bonus of the three rank digits (count of J, of Q, of K) [R-S18]."""
_HELD_CODE = {**{Card(rank, suit): 0 for suit in SUIT_ORDER for rank in range(2, 14)},
              **{Card(14, suit): 1 << 8 + 4 * place for place, suit in enumerate(SUIT_ORDER)},
              **{special: 1 << 4 * special.rank for special in (JOKER, BLACK_JOKER, RED_JOKER, WHITE_CARD)}}
"""A held card as a hex digit: Jokers (digit 0), white cards (digit 1), each suit's A (digits
2–7); summed over a hand or deck, the counts the items need."""
_ACE_SHIFT = {suit: 8 + 4 * place for place, suit in enumerate(SUIT_ORDER)}


def seat_items(captured_rows: Sequence[Sequence[Card]], hands: Sequence[Sequence[Card]],
               decks: Sequence[Sequence[Card]], suits: Sequence[str], black_suits: Sequence[str],
               white_is_joker: bool) -> tuple[tuple[int, ...], ...]:
    """Each seat's points per item, in `ITEMS` order. (All seats in one frame, the cards
    counted by the digit codes above: every game's end scores every seat, and so does the
    search bot's playout.)"""
    held_of, face_of = _HELD_CODE.__getitem__, _FACE_CODE.__getitem__
    special_mask = 0xFF if white_is_joker else 0xF
    rows = []
    for captured, hand, deck, suit in zip(captured_rows, hands, decks, suits):
        held = sum(map(held_of, hand))
        ace = held >> _ACE_SHIFT[suit] & 0xF
        if deck:
            held += sum(map(held_of, deck))
        held &= special_mask
        unused = (held & 0xF) + (held >> 4)  # [R-S29]
        if not captured:
            rows.append((0, 0, unused, ace, 0, 0, 0))
            continue
        counts = sum(map(face_of, captured))
        own = counts >> _SUIT_SHIFT[suit] & 7
        sets_own = sets_other = 0
        if counts & counts >> 1 & _SET_DIGITS:  # a whole suit captured [R-S20]
            mine = suit in black_suits
            for face_suit, shift in _SUIT_SHIFT.items():
                if counts >> shift & 7 == 3:
                    if (face_suit in black_suits) == mine:
                        sets_own += 2
                    else:
                        sets_other += 3
        rows.append((3 * own, 2 * (len(captured) - own), unused, ace, sets_own, sets_other,
                     _RANK_POINTS[counts >> 18]))
    return tuple(rows)


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
