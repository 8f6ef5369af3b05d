"""Game results and the match: units (teams or players), totals, formats and the match ranking.

A game is scored once at its end over all captured face cards [R-F23]: each seat by
`score_player` (melds, singles, zero-sum, misère, Joker zeroing), a team by the sum of its
members, ranked with the tie-breaks of A.11 [R-F25]. The match then adds to each unit's total the
game's meld score, its rank points, or the hybrid of both [R-F36], and ends by its format (A.12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from familia_tui.core.cards import Card
from familia_tui.core.engine import Seat
from familia_tui.core.table import Cloneable, Copier, copy_dict, copy_list, per_object
from familia_tui.games.familia.options import FamiliaOptions, MatchOptions
from familia_tui.games.familia.scoring import PlayerScore, Standing, cached_score, rank_units


def units_of(seats: Sequence[Seat]) -> list[tuple[str, tuple[int, ...]]]:
    """Scoring units in seat order: each team once, and each player without a team."""
    return list(_table(seats if isinstance(seats, tuple) else tuple(seats)).units)


class _SeatTable(NamedTuple):
    units: tuple[tuple[str, tuple[int, ...]], ...]
    roles: tuple[tuple[str, str | None], ...]
    """Per seat, its role and crest."""
    names: tuple[str, ...]
    zeros: dict[str, int]
    """Every unit at 0, for a new match's totals to copy (never changed in place)."""


_interned: dict[tuple[int, ...], tuple[Seat, ...]] = {}


def table_seats(seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """The seats as a tuple, the same tuple for the same seat objects: a new game on the same
    table then finds its seat table (`_table`) already read. Keyed by the seats' identities,
    which the kept tuple holds alive (seats are frozen, so equal identities mean equal seats)."""
    key = tuple(map(id, seats))
    known = _interned.get(key)
    if known is None:
        if len(_interned) > 64:
            _interned.clear()
        known = _interned[key] = tuple(seats)
    return known


@per_object
def _table(seats: tuple[Seat, ...]) -> _SeatTable:
    """What scoring reads of the seats, worked out once per table (a state keeps one tuple of
    frozen seats; hashing the seats would cost more than reading them)."""
    return _read_table(seats)


def _read_table(seats: tuple[Seat, ...]) -> _SeatTable:
    units: dict[str, list[int]] = {}
    for index, seat in enumerate(seats):
        units.setdefault(seat.team or seat.name, []).append(index)
    return _SeatTable(tuple((unit, tuple(members)) for unit, members in units.items()),
                      tuple((seat.field("role") or "M", seat.field("crest")) for seat in seats),
                      tuple(seat.name for seat in seats), dict.fromkeys(units, 0))


class GameResult(NamedTuple):
    """The end of one game: every seat's score, and the rankings of units and of players."""

    game_no: int
    players: tuple[PlayerScore, ...]
    tricks_won: tuple[int, ...]
    standings: tuple[Standing, ...]
    """Units (teams, or players in individual play) best first."""
    seat_names: tuple[str, ...]

    @property
    def player_standings(self) -> tuple[Standing, ...]:
        """Every seat on its own, best first."""
        return tuple(rank_units([(name, (i,), *_sums(self.players, (i,)))
                                 for i, name in enumerate(self.seat_names)]))

    @classmethod
    def score(cls, options: FamiliaOptions, seats: Sequence[Seat],
              captures: Sequence[Sequence[Card]], tricks_won: Sequence[int],
              game_no: int) -> GameResult:
        table = _table(seats if isinstance(seats, tuple) else tuple(seats))
        royal, misere = options.royal, options.misere_bonus
        players = tuple([cached_score(tuple(sorted(captures[i])), role, royal, crest, misere)
                         for i, (role, crest) in enumerate(table.roles)])
        units = [(unit, members, *_sums(players, members)) for unit, members in table.units]
        # Built without the named tuple's Python-level __new__ (every game end of every playout).
        return tuple.__new__(cls, (game_no, players, tuple(tricks_won), tuple(rank_units(units)),
                                   table.names))

    def unit_total(self, unit: str) -> int:
        return next(s.total for s in self.standings if s.unit == unit)


def _sums(players: Sequence[PlayerScore], members: Sequence[int]) -> tuple[int, int, int]:
    """A unit's total, face count and face points: its members' sums (one pass: every game end
    of every playout adds them)."""
    total = count = points = 0
    for i in members:
        player = players[i]
        total += player.total
        count += player.face_count
        points += player.face_points
    return total, count, points


@dataclass
class MatchState(Cloneable):
    """Totals across games and the match format's end test (A.12). `clone()` copies it."""

    IMMUTABLE = ("rules", "deals_per_game", "over")
    SHARED = ("units",)
    """Built once at the start, never changed."""
    COPIED: ClassVar[Mapping[str, Copier]] = {
        "games": copy_list, "totals": copy_dict, "wins": copy_dict, "last_places": copy_dict}

    rules: MatchOptions
    units: list[tuple[str, tuple[int, ...]]]
    deals_per_game: int
    games: list[GameResult] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)
    last_places: dict[str, int] = field(default_factory=dict)
    over: bool = False

    @classmethod
    def start(cls, options: FamiliaOptions, seats: Sequence[Seat], deals: int | None = None) -> MatchState:
        """A match before its first game; `deals` is `options.deals` when the caller has it (a
        property of the options that every new game would read again)."""
        table = _table(seats if isinstance(seats, tuple) else tuple(seats))  # read once per table
        zeros = table.zeros
        return cls(options.match, list(table.units), options.deals if deals is None else deals, [],
                   zeros.copy(), zeros.copy(), zeros.copy())

    @property
    def game_no(self) -> int:
        """The game being played (1-based); after the end, the last game's number."""
        return len(self.games) + (0 if self.over else 1)

    @property
    def deals_played(self) -> int:
        return self.deals_per_game * len(self.games)

    def rank_points(self, rank: int) -> int:
        table = self.rules.rank_points or tuple(range(len(self.units) - 1, -1, -1))
        return table[rank - 1] if rank - 1 < len(table) else 0

    def game_points(self, standing: Standing) -> int:
        """What a game adds to a unit's match total: melds, rank points, or hybrid [R-F36]."""
        scoring = self.rules.scoring
        if scoring == "melds":
            return standing.total
        points = self.rank_points(standing.rank)
        if scoring == "rank":
            return points
        if standing.total > 0:
            return points + standing.total
        return standing.total if standing.total < 0 else points

    def record(self, result: GameResult) -> bool:
        """Add a finished game; returns True when the match is over."""
        self.games.append(result)
        standings = result.standings
        worst = standings[-1].rank  # best first
        melds = self.rules.scoring == "melds"
        totals, wins, last_places = self.totals, self.wins, self.last_places
        for standing in standings:
            unit, rank = standing.unit, standing.rank
            totals[unit] += standing.total if melds else self.game_points(standing)
            wins[unit] += rank == 1
            last_places[unit] += rank == worst > 1
        self.over = self._finished()
        return self.over

    def _finished(self) -> bool:
        rules, played = self.rules, len(self.games)
        if rules.format == "single":
            return True
        if rules.format == "games":
            return played >= rules.count
        if played >= rules.max_games:
            return True
        if rules.format == "wins":
            return max(self.wins.values()) >= rules.count
        if rules.format == "last_places":
            return max(self.last_places.values()) >= rules.count
        high = rules.win_at is not None and max(self.totals.values()) >= rules.win_at
        low = rules.lose_at is not None and min(self.totals.values()) <= rules.lose_at
        return high or low

    def standings(self) -> list[Standing]:
        """The match ranking: by the format's measure, then the games' tie-breaks summed."""
        rows = []
        for unit, members in self.units:
            count = sum(g.standings[_index(g, unit)].face_count for g in self.games)
            points = sum(g.standings[_index(g, unit)].face_points for g in self.games)
            rows.append((unit, members, self.measure(unit), count, points))
        return rank_units(rows)

    def ranking(self) -> list[tuple[str, int]]:
        """(unit, rank) best first: the match ranking (`core.engine.Result`)."""
        return [(standing.unit, standing.rank) for standing in self.standings()]

    def measure(self, unit: str) -> int:
        """What ranks the match: wins, fewest last places (negated), or the total."""
        if self.rules.format == "wins":
            return self.wins[unit]
        if self.rules.format == "last_places":
            return -self.last_places[unit]
        return self.totals[unit]


def _index(result: GameResult, unit: str) -> int:
    return next(i for i, s in enumerate(result.standings) if s.unit == unit)
