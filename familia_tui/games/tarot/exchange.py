"""The taker's call (5 players) and écart: which cards he may call and discard (A5, A6).

- Call [A5, TA-13, TA-14, TA-14a]: any king, his own included (he then plays alone); holding all
  four kings, a queen; all kings and queens, a knight; kings, queens and knights, a jack.
- Écart [A6, TA-2, TA-14a]: never a king, a bout or the called card; suit cards first, trumps
  (T2–T20) only once no such suit card is left. A king is never forced: 24 cards less 4 kings and
  3 bouts leave 17 ≥ 6 (and 18 − 4 − 3 − 1 ≥ 3 in 5 players).
"""

from __future__ import annotations

from collections.abc import Sequence

from familia_tui.games.tarot.cards import IS_BOUT, KING, RANK, SUIT, TRUMP, Card, plain


def callable_cards(hand: Sequence[Card]) -> list[Card]:
    """The cards the taker may call: the kings, or the next rank down whose higher ranks he holds
    all of (queens with four kings, then knights, then jacks) [A5, TA-13, TA-14a]."""
    held = set(hand)
    for rank in (KING, KING - 1, KING - 2, KING - 3):
        tier = [plain(rank, suit) for suit in range(4)]
        if not held.issuperset(tier):
            return tier
    return []


def discardable(hand: Sequence[Card], called: Card | None) -> tuple[bool, list[Card]]:
    """(trumps forced, the cards the taker may discard now) [A6, TA-2, TA-14a]: suit cards other
    than kings and the called card; trumps other than bouts only when none of those is left."""
    suit_cards = [c for c in hand if SUIT[c] < TRUMP and RANK[c] != KING and c != called]
    if suit_cards:
        return False, suit_cards
    return True, [c for c in hand if SUIT[c] == TRUMP and not IS_BOUT[c]]
