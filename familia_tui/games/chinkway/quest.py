"""The quest, the sides and the standings: Chinkway's rules that are not about tricks.

- Quest categories [B4, CW-1, CW-10]: ♠ A–10, ♥ A–10, ♦ A–10, ♣ A–10 and pictures (any J, Q
  or K); an Ace is a suit card. A quest is the multiset of its five cards' categories.
- The quest pack [B1]: 52 cards less any two pictures, 10 of each category.
- Sides [B2]: the dealer alone; deals 1–5 #2+#3 and #4+#5, deals 6 on #2+#4 and #3+#5.
- Scoring [B7]: a side's n collected cards score the triangular number n(n+1)/2 for each of
  its members.
- Standings [B8, CW-8]: total, then the latest deal's score, the one before …, then seat
  order clockwise from the last dealer; the re-seat [CW-4] puts 3rd at #1, 1st at #2, 2nd at
  #3, 4th at #4 and 5th at #5.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from familia_tui.core.cards import FACE_RANKS, NUMBER_RANKS, SUITS, Card

CATEGORIES = ("S", "H", "D", "C", "P")
"""The five quest categories: the four suits (A–10) and `P`, the pictures (J, Q, K)."""
PICTURES = "P"
CATEGORY_INDEX = {category: index for index, category in enumerate(CATEGORIES)}
TRIANGLE = (0, 1, 3, 6, 10, 15)
"""Score by cards collected, 0–5 [B7]."""
QUEST_SIZE = 5
"""Cards turned for each deal's quest [B3]."""

PLAY_PACK = tuple(Card(rank, suit) for suit in SUITS for rank in (*NUMBER_RANKS, *FACE_RANKS))
"""The 52-card play pack (A high) [B1]."""
ALL_PICTURES = tuple(card for card in PLAY_PACK if card.rank in FACE_RANKS)


def category(card: Card) -> str:
    """A card's quest category: its suit letter (A–10), or `P` for J, Q, K [CW-1, CW-10]."""
    return PICTURES if card.rank in FACE_RANKS else card.suit


CATEGORY_OF = {card: category(card) for card in PLAY_PACK}
INDEX_OF = {card: CATEGORY_INDEX[category(card)] for card in PLAY_PACK}


def quest_counts(cards: Iterable[Card]) -> tuple[int, ...]:
    """How many of each category (in `CATEGORIES` order) the cards hold.

    >>> from familia_tui.core.cards import parse_cards
    >>> quest_counts(parse_cards("7S 9H 3H JC KH"))   # pagat's example
    (1, 2, 0, 0, 2)
    """
    counts = [0] * len(CATEGORIES)
    for card in cards:
        counts[INDEX_OF[card]] += 1
    return tuple(counts)


def quest_pack(removed: Sequence[Card]) -> list[Card]:
    """The quest pack: the 52 cards less the two `removed` pictures [B1]."""
    if len(removed) != 2 or len(set(removed)) != 2 or any(c not in ALL_PICTURES for c in removed):
        raise ValueError(f"the quest pack leaves out exactly two different pictures, not {removed}")
    return [card for card in PLAY_PACK if card not in removed]


def triangle(collected: int) -> int:
    """The score of a side that collected this many quest cards [B7]."""
    return TRIANGLE[collected]


def partnership_pattern(deal: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two partnerships as positions (#1 = 0 the dealer … #5 = 4) of deal `deal` (from 1):
    #2+#3 / #4+#5 for deals 1–5, #2+#4 / #3+#5 from deal 6 on [B2]."""
    return ((1, 2), (3, 4)) if deal <= 5 else ((1, 3), (2, 4))


def sides_of(deal: int, positions: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The three sides of a deal as seats: the dealer alone, then the two partnerships."""
    first, second = partnership_pattern(deal)
    return ((positions[0],), tuple(positions[i] for i in first), tuple(positions[i] for i in second))


def standings(totals: Sequence[int], rows: Sequence[Sequence[int]], last_dealer: int) -> list[int]:
    """Seats best first: by total, then by the latest deal's score, the one before … [B8], then
    by seat order clockwise from the last dealer, himself first [CW-8]."""
    players = len(totals)

    def key(seat: int) -> tuple[object, ...]:
        latest_first = tuple(-row[seat] for row in reversed(rows))
        return (-totals[seat], latest_first, (seat - last_dealer) % players)

    return sorted(range(players), key=key)


def tie_break(first: int, second: int, rows: Sequence[Sequence[int]]) -> int | None:
    """The deal (from 1) whose scores separate two seats of equal totals, the latest deal first
    [B8]; None when they scored the same in every deal (then seat order, or a shared place
    [CW-8]).

    >>> tie_break(0, 1, [(3, 1), (1, 3), (6, 6)])
    2
    """
    for number in range(len(rows), 0, -1):
        row = rows[number - 1]
        if row[first] != row[second]:
            return number
    return None


def reseat_positions(ranked: Sequence[int]) -> tuple[int, ...]:
    """The re-seated table (#1 … #5) from the standings (1st … 5th): 3rd deals, 1st at #2,
    2nd at #3, 4th at #4, 5th at #5 [B8, CW-4]."""
    first, second, third, fourth, fifth = ranked
    return (third, first, second, fourth, fifth)
