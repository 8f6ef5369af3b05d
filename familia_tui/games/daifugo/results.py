"""Results: how each game ended (ビリ and why) and the session of K games (C14, DF-31).

The text defines only who is ビリ. A game ends when one player is left holding cards, or at once
on a チョンボ or a ドボン; players still holding cards then are unranked ("middle"), shown by
fewest cards, then in turn order from the game's first leader. The session's proposal (DF-31):
fewest ビリ wins, ties broken by more first places. `totals` gives each seat minus its ビリ count,
so higher is better like every other game's totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from operator import neg
from typing import ClassVar, Literal, NamedTuple

from familia_tui.core.cards import Card
from familia_tui.core.table import Cloneable, Copier, copy_list
from familia_tui.games.daifugo.actions import Play

Reason = Literal["last", "stuck", "all_stuck", "uno", "dobon", "dobon_gaeshi", "nasuritsuke"]
"""Why the ビリ is ビリ: the last player holding cards; a stuck leader's チョンボ (DF-23a) or
everyone stuck (the pass-on option); a called missed ウノ (DF-26a); ドボン (DF-28), ドボン返し
(DF-29) or なすりつけ (DF-30)."""


class FinishedTrick(NamedTuple):
    """A trick that ended (流れる, 8切り, スペ3): its plays in order and why it ended. (A named
    tuple: one is made at the end of every trick, and a tuple is built in C.)"""

    plays: tuple[tuple[int, Play], ...]
    why: str
    """`passes`, `eight` or `spade3`."""


@dataclass(frozen=True, slots=True)
class DobonCall:
    """A ドボン that ended a game: who called it on whom, the caller's hand (shown) and the value
    it matched, the play that was worth it (None when the whole trick's cards counted), and for
    ドボン返し the target's own hand (shown)."""

    caller: int
    target: int
    value: int
    hand: tuple[Card, ...]
    play: Play | None
    returned: tuple[Card, ...] | None = None


class GameRecord(NamedTuple):
    """One finished game of the session. (A named tuple, built by `game_record` without its
    Python-level constructor: a frozen dataclass cost ~20,000 instructions to build, at the end
    of every game.)"""

    number: int
    """1-based game number."""
    rule_card: Card | None
    families: tuple[str, ...]
    places: tuple[int, ...]
    """Seats that went out, first place first."""
    middle: tuple[int, ...]
    """Seats still holding cards when a penalty ended the game, best shown first."""
    biri: int
    """The ビリ's seat."""
    reason: Reason
    caller: int | None = None
    """Who called the チョンボ or ドボン that ended the game."""
    revolutions: int = 0
    """How many plays turned the order for good (革命 and クーデター, DF-13, DF-14)."""
    opening: tuple[int, Play] | None = None
    """The game's first play (seat, play); None when the game ended before one (天和 …)."""
    outs: tuple[tuple[int, str], ...] = ()
    """(seat, how) of every seat that went out, in order: `empty`, `tenho`, `nokoshi`."""
    left: tuple[int, ...] = ()
    """The cards each seat still held when the game ended."""
    dobon: DobonCall | None = None
    """The ドボン called in the game, if one was."""

    @property
    def order(self) -> tuple[int, ...]:
        """Every seat for display: places, then the unranked, then ビリ."""
        return self.places + self.middle + (self.biri,)


class Standing(NamedTuple):
    """One seat in the session ranking. (A named tuple, built in C: every game's end builds the
    standings, its event, and a frozen dataclass cost ~8,000 instructions a seat.)"""

    unit: str
    seat: int
    rank: int
    """1-based; seats with the same ビリ count and first places share a rank."""
    biri: int
    firsts: int


@dataclass
class SessionResult(Cloneable):
    """The session so far: every finished game and the ビリ count of each seat. `clone()`
    copies it."""

    IMMUTABLE = ("names", "games_planned")
    COPIED: ClassVar[Mapping[str, Copier]] = {"games": copy_list}

    names: tuple[str, ...]
    games_planned: int
    games: list[GameRecord] = field(default_factory=list)

    @property
    def units(self) -> list[tuple[str, tuple[int, ...]]]:
        """One unit per seat (no teams in Daifugō)."""
        return [(name, (seat,)) for seat, name in enumerate(self.names)]

    @property
    def biri_counts(self) -> tuple[int, ...]:
        return tuple(self._counts()[0])

    @property
    def first_places(self) -> tuple[int, ...]:
        return tuple(self._counts()[1])

    def _counts(self) -> tuple[list[int], list[int]]:
        """Per seat: its ビリ count and its first places."""
        biri, firsts = [0] * len(self.names), [0] * len(self.names)
        for game in self.games:
            biri[game.biri] += 1
            if game.places:
                firsts[game.places[0]] += 1
        return biri, firsts

    @property
    def totals(self) -> dict[str, int]:
        """Minus each seat's ビリ count: higher is better (DF-31)."""
        return {name: -count for name, count in zip(self.names, self.biri_counts, strict=True)}

    @property
    def deals_played(self) -> int:
        """Games played (a Daifugō game is one deal)."""
        return len(self.games)

    @property
    def over(self) -> bool:
        return len(self.games) >= self.games_planned

    def ranking(self) -> list[tuple[str, int]]:
        """(seat name, rank) best first: fewest ビリ, then most first places (`core.engine.Result`)."""
        return [(standing.unit, standing.rank) for standing in self.standings()]

    def standings(self) -> list[Standing]:
        """Fewest ビリ first, then most first places (DF-31)."""
        # every game's end builds the standings (its event): the counts read once, the previous
        # row's kept in locals rather than read back from its named tuple
        names, (biri, firsts) = self.names, self._counts()
        standings: list[Standing] = []
        last, rank = None, 0
        for index, (count, minus_firsts, seat) in enumerate(sorted(zip(biri, map(neg, firsts),
                                                                       range(len(names))))):
            if (count, minus_firsts) != last:
                last, rank = (count, minus_firsts), index + 1
            standings.append(standing((names[seat], seat, rank, count, -minus_firsts)))
        return standings


standing = partial(tuple.__new__, Standing)
"""`standing((unit, seat, rank, biri, firsts))`: a `Standing` without the named tuple's
Python-level constructor."""
game_record = partial(tuple.__new__, GameRecord)
"""`game_record((number, rule_card, …, dobon))`, every field given: a `GameRecord` without the
named tuple's Python-level constructor (at the end of every game)."""


def middle_order(seats: Sequence[int], counts: Sequence[int], first_leader: int,
                 players: int) -> tuple[int, ...]:
    """Unranked seats by fewest cards, then turn order from the first leader (C14)."""
    # (counts, place after the first leader) as one number: `seat_ring(players).distance`
    # written out (turns go clockwise), without a Python call per seat
    return tuple(sorted(seats, key=[counts[s] * players + (s - first_leader) % players
                                    for s in range(players)].__getitem__))
