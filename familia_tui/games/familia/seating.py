"""The seating rules of Familia (A.3), as checks on a table and an arrangement that keeps them.

- Pairs (teams of two) sit opposite each other.
- ① In a mixed game the males sit together as one block and the females as another.
- ② A male and a female of the same team never sit next to each other.
- Same-sex teams: teammates spread out, never side by side where that can be avoided [R-F29].
- The 2-player game seats the hands A♂, B♂, A♀, B♀ [R-F27].

Any composition may be played [R-F28], so these are reported, not enforced by the engine: the
setup screen shows them before a game starts, and `arrange()` finds an order that keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations

from familia_tui.core.engine import Clause, Seat, clause
from familia_tui.core.table import seat_ring


def seating_problems(seats: Sequence[Seat]) -> list[Clause]:
    """Every seating rule the table breaks, in rule order (empty when it keeps them all)."""
    n = len(seats)
    if n < 3:
        return []
    return [*_pairs_opposite(seats), *_blocks(seats), *_neighbours(seats)]


def _teams(seats: Sequence[Seat]) -> dict[str, list[int]]:
    teams: dict[str, list[int]] = {}
    for index, seat in enumerate(seats):
        if seat.team is not None:
            teams.setdefault(seat.team, []).append(index)
    return teams


def _pairs_opposite(seats: Sequence[Seat]) -> list[Clause]:
    n = len(seats)
    if n % 2:
        return []
    return [clause("fam.seat_pair_opposite", "A.3", team=team,
                   seats=" & ".join(seats[i].name for i in members))
            for team, members in _teams(seats).items()
            if len(members) == 2 and seat_ring(n).distance(members[0], members[1]) != n // 2]


def _blocks(seats: Sequence[Seat]) -> list[Clause]:
    """① males in one block: around the circle the role changes at most twice."""
    roles = [seat.field("role") for seat in seats]
    if len(set(roles)) < 2:
        return []
    changes = sum(roles[i] != roles[i - 1] for i in range(len(roles)))
    return [clause("fam.seat_blocks", "A.3 ①")] if changes > 2 else []


def _neighbours(seats: Sequence[Seat]) -> list[Clause]:
    """② no same-team M and F side by side; same-sex teammates apart where possible [R-F29]."""
    if not seats:
        return []
    ring, problems = seat_ring(len(seats)), []
    for i in range(len(seats)):
        j = ring.next(i)
        a, b = seats[i], seats[j]
        if a.team is None or a.team != b.team:
            continue
        if a.field("role") != b.field("role"):
            problems.append(clause("fam.seat_mixed_neighbours", "A.3 ②", a=a.name, b=b.name))
        elif _single_sex(seats, a.team) and _can_spread(seats, a.team):
            problems.append(clause("fam.seat_team_neighbours", "R-F29", a=a.name, b=b.name))
    return problems


def _single_sex(seats: Sequence[Seat], team: str) -> bool:
    return len({seat.field("role") for seat in seats if seat.team == team}) == 1


def _can_spread(seats: Sequence[Seat], team: str) -> bool:
    """A team can avoid sitting side by side when it holds at most half the seats."""
    return 2 * sum(seat.team == team for seat in seats) <= len(seats)


def arrange(seats: Sequence[Seat]) -> list[Seat] | None:
    """A reordering of the same seats that keeps every seating rule, or None if none exists.

    The first seat stays first; up to 8 seats are searched exhaustively, larger tables are
    tried block by block (males then females) in a few orders.
    """
    first, rest = seats[0], list(seats[1:])
    if len(seats) <= 8:
        candidates: Iterable[list[Seat]] = (([first, *order]) for order in permutations(rest))
    else:
        candidates = _block_orders(seats)
    for table in candidates:
        if not seating_problems(table):
            return list(table)
    return None


def _block_orders(seats: Sequence[Seat]) -> list[list[Seat]]:
    males = [s for s in seats if s.field("role") == "M"]
    females = [s for s in seats if s.field("role") != "M"]
    orders = []
    for shift in range(max(1, len(females))):
        turned = females[shift:] + females[:shift]
        orders.append(males + turned)
        orders.append(males + turned[::-1])
    return orders
