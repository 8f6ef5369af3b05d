"""Familia scoring: melds, singles, bonuses, captured Jokers and the final ranking.

Rules implemented (rules digest A.10, A.11 and the rulings named):

- **Melds**, each card in at most one (a partition, per the amendment "one meld per card"):
  Royal Family 30 and Royal Marriage 20 (K+Q+J / K+Q of the owner's crest suit, royal option
  only; a crest-suit Family or Marriage is always the royal one), Familia 20 (four cards of one
  rank, one of each suit S H D C [R-F22]), Family 15 (K+Q+J of one suit), Marriage 10 (K+Q of one
  suit). With several face sets a player may hold two or three copies of a card.
- **Singles** (A.10.2): male K +3, Q −4, J +1; female K −6, Q +2, J −2.
- **Zero-sum** (A.10.3): singles adding up to exactly 0, at least one of them, earn 2 × their
  number. Captured Jokers are 0-point singles, zeroed singles still count, and the sum is taken
  after zeroing [R-F19].
- **Misère**: a player who captured nothing at all earns `misere_bonus` (6, 18 or 54 for 1, 2 or 3
  face sets) [R-F24]. Bonuses are never zeroed.
- **No captured Joker**: the arrangement that maximises the score, zero-sum included [R-F21]; on
  equal scores the one with more meld points, then the one with more Familias / Families (the
  search tries big melds first), so the display reads naturally.
- **Captured Jokers**: the arrangement is forced (A.10.4): melds greedily in priority Royal Family >
  Royal Marriage > Familia > Family > Marriage, the rest singles with the penalty first (male Q, K,
  J; female K, J, Q); each Joker zeroes the next entry of that list [R-F18]; extra Jokers zero
  nothing more [R-F20].
- **Ranking** (A.11): higher total, then fewer captured face cards (Jokers count), then a lower
  face-point sum (K 3, Q 2, J 1, Joker 0), then a shared rank; teams use their sums [R-F25].

>>> from familia_tui.core.cards import parse_cards
>>> score_player(parse_cards("KS QS JH"), "M").total   # Marriage 10 + J 1 beats zero-sum 6
11
>>> score_player(parse_cards("KS JH JK QD QC"), "M").total   # the Joker zeroes a Q: zero-sum
10
>>> [(s.unit, s.rank) for s in rank_units([("A", (0,), 6, 3, 7), ("B", (1,), 6, 3, 6)])]
[('B', 1), ('A', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Literal, NamedTuple

from familia_tui.core.cards import FACE_RANKS, JACK, JOKER, KING, QUEEN, SUITS, Card

EntryKind = Literal[
    "royal_family", "royal_marriage", "familia", "family", "marriage", "single", "joker"
]
Role = Literal["M", "F"]

_make = tuple.__new__
"""`_make(Entry, (…every field…))`: a named tuple built without its Python-level `__new__` (the
lines, sheets and standings of every game end that is scored)."""

MELD_POINTS: dict[str, int] = {
    "royal_family": 30,
    "royal_marriage": 20,
    "familia": 20,
    "family": 15,
    "marriage": 10,
}
"""Points of each meld kind (A.10.1)."""

MELD_PRIORITY: tuple[str, ...] = tuple(MELD_POINTS)
"""The forced order of meld formation and of the Joker-zeroing list (A.10.4)."""

SINGLE_POINTS: dict[str, dict[int, int]] = {
    "M": {KING: 3, QUEEN: -4, JACK: 1},
    "F": {KING: -6, QUEEN: 2, JACK: -2},
}
"""Value of a single face card by role (A.10.2)."""

SINGLE_ORDER: dict[str, tuple[int, ...]] = {"M": (QUEEN, KING, JACK), "F": (KING, JACK, QUEEN)}
"""Order of the singles in the Joker-zeroing list, penalty first [R-F18]."""

FACE_POINTS: dict[int, int] = {KING: 3, QUEEN: 2, JACK: 1}
"""Face-point values for ranking tie-break 3; a Joker is worth 0 (A.11)."""

_FACES: dict[str, tuple[Card, Card, Card]] = {
    suit: (Card(KING, suit), Card(QUEEN, suit), Card(JACK, suit)) for suit in SUITS
}
"""K, Q, J of each suit, built once."""

_SINGLE_INDEXES = {
    role: tuple((rank, FACE_RANKS.index(rank)) for rank in order)
    for role, order in SINGLE_ORDER.items()
}
"""`SINGLE_ORDER` with each rank's index in `FACE_RANKS`."""

_Counts = dict[str, list[int]]
"""Captured face cards by suit: `[kings, queens, jacks]` (the order of `FACE_RANKS`)."""

_Plan = tuple[tuple[int, int, int], int, int]
"""A free arrangement: (Familias of K, Q, J), number of Families, number of Marriages."""


class Entry(NamedTuple):
    """One line of a player's score sheet: a meld, a single or a captured Joker."""

    kind: EntryKind
    """What the line is."""
    cards: tuple[Card, ...]
    """The cards it uses."""
    points: int
    """Its value before any Joker zeroing (a Joker line: 0)."""
    zeroed: bool = False
    """Set to 0 by a captured Joker [R-F18]."""

    @property
    def scored(self) -> int:
        """The points this line adds to the total."""
        return 0 if self.zeroed else self.points

    @property
    def is_single(self) -> bool:
        """Singles and Jokers take part in the zero-sum test [R-F19]."""
        return self.kind in _SINGLE_KINDS


_SINGLE_KINDS = ("single", "joker")
"""The lines that take part in the zero-sum test (`Entry.is_single`) [R-F19]."""
_FACE_INDEX = {rank: index for index, rank in enumerate(FACE_RANKS)}
"""A face rank's index in `FACE_RANKS` (a count's position)."""


_SINGLE_ENTRIES = {
    role: tuple((index, suit, Entry("single", (_FACES[suit][index],), SINGLE_POINTS[role][rank]))
                for rank, index in _SINGLE_INDEXES[role] for suit in SUITS)
    for role in SINGLE_ORDER
}
"""Each role's single lines in its zeroing order, built once (entries are immutable)."""


_SINGLE_PLACES = {
    role: {entry.cards[0]: place for place, (_, _, entry) in enumerate(entries)}
    for role, entries in _SINGLE_ENTRIES.items()
}
"""Each face card's place in the role's zeroing order."""
_SINGLE_LINES = {role: {entry.cards[0]: entry for _, _, entry in entries}
                 for role, entries in _SINGLE_ENTRIES.items()}
"""Each face card's single line by role."""
_MARRIAGES = tuple((kings_queen[0], kings_queen[1]) for kings_queen in _FACES.values())
"""The K and Q of each suit: a hand without both of one suit holds no Marriage (nor Family)."""


class PlayerScore(NamedTuple):
    """A player's score at game end, with everything the score sheet and the ranking need."""

    role: Role
    """Male or female role."""
    captured: tuple[Card, ...]
    """Every face card and face Joker the player captured in the game [R-F23]."""
    entries: tuple[Entry, ...]
    """Melds first (priority order), then singles (penalty first), then the Jokers."""
    zero_sum_bonus: int
    """2 × the number of singles when they add up to 0, else 0 [R-F19]."""
    misere_bonus: int
    """The misère bonus when nothing was captured, else 0 [R-F24]."""
    total: int
    """Sum of the entries' scored points plus both bonuses."""
    forced: bool
    """True when a captured Joker forced the arrangement (A.10.4)."""
    face_count: int
    """Captured cards, Jokers included (ranking tie-break 2)."""
    face_points: int
    """K 3, Q 2, J 1, Joker 0 over the captured cards (ranking tie-break 3)."""


class Standing(NamedTuple):
    """One unit's place in the final ranking (A.11)."""

    unit: str
    """Team id, or the seat name in individual play."""
    seats: tuple[int, ...]
    """The seats that make up the unit."""
    total: int
    """Score (the team's sum)."""
    face_count: int
    """Captured face cards, Jokers included (the team's sum) [R-F25]."""
    face_points: int
    """Face-point sum (the team's sum) [R-F25]."""
    rank: int
    """1-based; tied units share the rank (1, 1, 3 …)."""


def score_player(
    captured: Sequence[Card],
    role: str,
    *,
    royal: bool = False,
    crest: str | None = None,
    misere_bonus: int = 6,
) -> PlayerScore:
    """Score one player's captured cards.

    Args:
        captured: The face cards (K, Q, J of any suit, duplicates allowed) and face Jokers won.
        role: `"M"` or `"F"`.
        royal: Whether the royal option is on; royal melds need `crest` (a seat with no crest
            simply has no royal suit).
        crest: The player's crest suit (`S`, `H`, `D` or `C`).
        misere_bonus: Misère value for the game's number of face sets (6, 18 or 54) [R-F24].

    Returns:
        The score sheet: entries, bonuses, total and the ranking tie-break values.

    Raises:
        ValueError: For an unknown role or crest, or a captured card that is not a face card.
    """
    cards = tuple(captured)
    # The checks inline (every game end scores every seat, and a call costs more than a test).
    if role != "M" and role != "F":
        raise ValueError(f"role must be 'M' (male) or 'F' (female), not {role!r}")
    checked_role: Role = "M" if role == "M" else "F"
    if crest is not None and crest not in SUITS:
        raise ValueError(f"crest must be one of {', '.join(SUITS)}, not {crest!r}")
    royal_suit = crest if royal else None  # the suit whose Family and Marriage are royal
    if len(cards) < 4:  # most hands: no Joker, no meld
        hand = tuple(sorted(cards))
        sheets = _SINGLES_ONLY.get(hand)
        if sheets is not None:
            sheet = sheets[checked_role]
            if cards and cards == hand:  # the sheet made at import shows the cards sorted
                return sheet
            return _sheet(cards, checked_role, list(sheet.entries), False, misere_bonus)
    counts = _count_faces(cards)
    jokers = len(cards) - sum(map(sum, counts.values()))
    if jokers:
        entries = _forced_entries(counts, checked_role, royal_suit, jokers)
    else:
        melds = _planned_melds(counts, _best_plan(counts, checked_role, royal_suit), royal_suit)
        entries = melds + _singles(counts, checked_role)
    return _sheet(cards, checked_role, entries, bool(jokers), misere_bonus)


def rank_units(units: Sequence[tuple[str, tuple[int, ...], int, int, int]]) -> list[Standing]:
    """Rank teams (or players) by A.11 and [R-F25].

    Args:
        units: `(unit, seats, total, face_count, face_points)` for each unit; teams pass the sums
            of their members.

    Returns:
        The standings best first: higher total, then fewer face cards, then fewer face points;
        units equal on all three share a rank (1, 1, 3 …) and keep their input order.
    """
    ordered = sorted(units, key=_ranking_key)
    standings: list[Standing] = []
    previous = None
    for index, (unit, seats, total, face_count, face_points) in enumerate(ordered):
        key = (-total, face_count, face_points)  # _ranking_key
        rank = standings[-1].rank if key == previous else index + 1
        standings.append(_make(Standing, (unit, tuple(seats), total, face_count, face_points, rank)))
        previous = key
    return standings


def _ranking_key(unit: tuple[str, tuple[int, ...], int, int, int]) -> tuple[int, int, int]:
    return (-unit[2], unit[3], unit[4])


def _count_faces(cards: Sequence[Card]) -> _Counts:
    counts = {suit: [0, 0, 0] for suit in SUITS}
    for card in cards:
        rank, suit = card  # one unpacking rather than two field reads
        index = _FACE_INDEX.get(rank)
        if index is None:
            if card.is_joker:
                continue
            raise ValueError(f"only face cards and Jokers are captured in Familia, not {card}")
        counts[suit][index] += 1
    return counts


def _sheet(
    cards: tuple[Card, ...], role: Role, entries: list[Entry], forced: bool, misere: int
) -> PlayerScore:
    """Add the bonuses and the tie-break values to a finished list of entries."""
    misere_bonus = 0 if cards else misere
    singles: list[int] = []
    scored = 0
    for kind, _, points, zeroed in entries:  # one unpacking reads a line faster than its fields
        if zeroed:
            points = 0
        scored += points
        if kind in _SINGLE_KINDS:
            singles.append(points)
    # 2 × the number of singles if there is one and they add up to 0 (A.10.3)
    zero_sum = 2 * len(singles) if singles and sum(singles) == 0 else 0
    total = scored + zero_sum + misere_bonus
    face_points = 0
    for rank, _ in cards:
        face_points += FACE_POINTS.get(rank, 0)
    return _make(PlayerScore, (
        role, cards, tuple(entries), zero_sum, misere_bonus, total, forced, len(cards), face_points))


_ROLES: tuple[Role, Role] = ("M", "F")
_SINGLES_ONLY: dict[tuple[Card, ...], dict[str, PlayerScore]] = {
    hand: {role: _sheet(hand, role, [_SINGLE_LINES[role][card] for card in sorted(
        hand, key=_SINGLE_PLACES[role].__getitem__)], False, 0) for role in _ROLES}
    for size in range(4) for hand in combinations_with_replacement(sorted(_SINGLE_LINES["M"]), size)
    if not any(king in hand and queen in hand for king, queen in _MARRIAGES)}
"""Every sorted hand of fewer than four face cards (any number of face sets) without a K and a
Q of one suit: every card is a single (no Familia needs fewer than four cards, and every other
meld holds a K and a Q of one suit). One look-up of the hand, rather than a test card by card,
gives its score sheet by role, made at import (806 sheets; every game end scores such hands,
and sheets are immutable): its single lines in the role's zeroing order and its bonuses (the
empty hand's misère depends on the game, and is added by `score_player`)."""


# Forced arrangement (at least one captured Joker)


def _forced_entries(
    counts: _Counts, role: Role, royal_suit: str | None, jokers: int
) -> list[Entry]:
    """Greedy melds, singles penalty first, the top `jokers` entries zeroed, then the Jokers."""
    listed = _forced_melds(counts, royal_suit) + _singles(counts, role)
    # Only the zeroed lines are new objects: the others are the shared, unzeroed ones.
    zeroed = [_make(Entry, (kind, cards, points, True)) for kind, cards, points, _ in listed[:jokers]]
    return zeroed + listed[jokers:] + [_JOKER_LINE] * jokers


_JOKER_LINE = Entry("joker", (JOKER,), 0)


def _forced_melds(counts: _Counts, royal_suit: str | None) -> list[Entry]:
    """Each level takes as many melds as it can from what the levels above left (A.10.4)."""
    melds: list[Entry] = []
    if royal_suit is not None:
        melds += _take_runs(counts, royal_suit, 3, "royal_family")
        melds += _take_runs(counts, royal_suit, 2, "royal_marriage")
    melds += _take_familias(counts, _familia_limits(counts))
    # The crest suit has no K+Q left once the royal levels ran, so these never fall in it.
    # Only suits holding a K and a Q can give a run (most hands have none).
    married = [suit for suit in SUITS if counts[suit][0] and counts[suit][1]]
    for suit in married:
        melds += _take_runs(counts, suit, 3, "family")
    for suit in married:
        melds += _take_runs(counts, suit, 2, "marriage")
    return melds


# Building entries


def _take_runs(
    counts: _Counts, suit: str, size: int, kind: EntryKind, limit: int = 99
) -> list[Entry]:
    """Take up to `limit` K+Q+J (size 3) or K+Q (size 2) of `suit` out of `counts`."""
    held = counts[suit]
    number = min(limit, *held[:size])
    if number <= 0:
        return []
    for index in range(size):
        held[index] -= number
    return [_RUNS[kind, suit]] * number  # immutable lines


_RUN_SIZES: tuple[tuple[EntryKind, int], ...] = (
    ("royal_family", 3), ("family", 3), ("royal_marriage", 2), ("marriage", 2))
_RUNS = {(kind, suit): Entry(kind, _FACES[suit][:size], MELD_POINTS[kind])
         for kind, size in _RUN_SIZES for suit in SUITS}
"""The line of each run kind and suit, made once (entries are immutable)."""


def _take_familias(counts: _Counts, familias: Sequence[int]) -> list[Entry]:
    """Take `familias[i]` Familias of rank `FACE_RANKS[i]` (one of each suit) out of `counts`."""
    melds: list[Entry] = []
    for index, number in enumerate(familias):
        if not number:
            continue
        for suit in SUITS:
            counts[suit][index] -= number
        cards = tuple(_FACES[suit][index] for suit in SUITS)
        melds += [Entry("familia", cards, MELD_POINTS["familia"])] * number  # immutable lines
    return melds


def _familia_limits(counts: _Counts) -> list[int]:
    """The most Familias of K, Q and J the cards allow [R-F22]."""
    return [min(column) for column in zip(*counts.values())]


def _singles(counts: _Counts, role: Role) -> list[Entry]:
    """Every card left in `counts` as a single, in the role's zeroing order."""
    singles: list[Entry] = []
    for index, suit, entry in _SINGLE_ENTRIES[role]:
        number = counts[suit][index]
        if number:
            singles.extend([entry] * number)
    return singles


# Free arrangement (no captured Joker) [R-F21]


_SINGLE_VALUES = {role: tuple(SINGLE_POINTS[role][rank] for rank in FACE_RANKS) for role in SINGLE_POINTS}
"""A single K, Q and J's points by role."""


def _best_plan(counts: _Counts, role: Role, royal_suit: str | None) -> _Plan:
    """The plan with the highest score, then the most meld points, big melds tried first.

    Only the Familias per rank and the numbers of Families and Marriages matter: the singles
    left, and so the zero-sum bonus, follow from those, and the Families and Marriages can always
    be spread over the suits, crest suit first: any numbers with Families ≤ Σ min(K, Q, J) and
    Families + Marriages ≤ Σ min(K, Q) can be spread, and the crest suit takes as many Families,
    then Marriages, as it can (royal ones score double), which is what `_planned_melds` does.

    Written with plain loops on integers: every hand with a possible meld that is not in the
    cache runs it (a search scores thousands of game ends).
    """
    rows = list(counts.values())
    limit_k = limit_q = limit_j = 99  # the most Familias of each rank [R-F22]
    total_k = total_q = total_j = 0
    married = False  # a K and a Q of one suit
    for held_k, held_q, held_j in rows:
        limit_k, limit_q, limit_j = min(limit_k, held_k), min(limit_q, held_q), min(limit_j, held_j)
        total_k, total_q, total_j = total_k + held_k, total_q + held_q, total_j + held_j
        married = married or (held_k > 0 and held_q > 0)
    if not (limit_k or limit_q or limit_j or married):
        return (0, 0, 0), 0, 0  # no Marriage and no Familia possible: all singles
    value_k, value_q, value_j = _SINGLE_VALUES[role]
    crest = counts[royal_suit] if royal_suit is not None else None
    familia = MELD_POINTS["familia"]
    best_key, best_plan = (-(10**9), -1), ((0, 0, 0), 0, 0)
    for fam_k in range(limit_k, -1, -1):
        for fam_q in range(limit_q, -1, -1):
            for fam_j in range(limit_j, -1, -1):
                triples = pairs = 0
                for held_k, held_q, held_j in rows:
                    pair = min(held_k - fam_k, held_q - fam_q)
                    pairs += pair
                    triples += min(pair, held_j - fam_j)
                crest_kq = crest_kqj = 0  # K+Q and K+Q+J of the crest suit left
                if crest is not None:
                    crest_kq = min(crest[0] - fam_k, crest[1] - fam_q)
                    crest_kqj = min(crest_kq, crest[2] - fam_j)
                familia_points = familia * (fam_k + fam_q + fam_j)
                for families in range(triples, -1, -1):
                    royal_families = min(families, crest_kqj)
                    for marriages in range(pairs - families, -1, -1):
                        royal_marriages = min(marriages, crest_kq - royal_families)
                        meld_points = familia_points + 15 * (families + royal_families) + 10 * (
                            marriages + royal_marriages)
                        left_k = total_k - 4 * fam_k - families - marriages
                        left_q = total_q - 4 * fam_q - families - marriages
                        left_j = total_j - 4 * fam_j - families
                        singles = left_k * value_k + left_q * value_q + left_j * value_j
                        number = left_k + left_q + left_j
                        if number and singles == 0:
                            singles = 2 * number  # the zero-sum bonus [R-F19]
                        key = (meld_points + singles, meld_points)
                        if key > best_key:
                            best_key = key
                            best_plan = ((fam_k, fam_q, fam_j), families, marriages)
    return best_plan


def _planned_melds(counts: _Counts, plan: _Plan, royal_suit: str | None) -> list[Entry]:
    """Take the plan's melds out of `counts`, crest suit first, listed in priority order."""
    familias, families, marriages = plan
    if not (any(familias) or families or marriages):
        return []
    melds = _take_familias(counts, familias) if any(familias) else []
    suits = _CREST_FIRST[royal_suit]
    for size, wanted in ((3, families), (2, marriages)):
        for suit in suits:
            if not wanted:  # nothing more of this size to take
                break
            taken = _take_runs(counts, suit, size, _run_kind(size, suit == royal_suit), limit=wanted)
            wanted -= len(taken)
            melds += taken
    if len(melds) < 2:
        return melds
    return sorted(melds, key=lambda meld: MELD_PRIORITY.index(meld.kind))


_CREST_FIRST = {royal: tuple(sorted(SUITS, key=lambda suit: suit != royal)) for royal in (*SUITS, None)}
"""The suits with the crest suit first (in `SUITS` order otherwise), by crest suit or None."""


def _run_kind(size: int, royal: bool) -> EntryKind:
    if size == 3:
        return "royal_family" if royal else "family"
    return "royal_marriage" if royal else "marriage"


@lru_cache(maxsize=65536)
def cached_score(captured: tuple[Card, ...], role: str, royal: bool, crest: str | None,
                 misere_bonus: int) -> PlayerScore:
    """`score_player` memoised on a sorted hand: simulations and bots score the same hands often."""
    return score_player(captured, role, royal=royal, crest=crest, misere_bonus=misere_bonus)
