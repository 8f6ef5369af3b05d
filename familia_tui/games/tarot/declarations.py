"""Declarations at one's first card: poignées and misères (rules digest A8, TA-11, TA-12).

- Poignée thresholds by player count (trumps shown, bonus): 4 players 10/13/15, 3 players
  13/15/18, 5 players 8/10/13; simple 20, double 30, triple 40 [A8].
- The player shows **exactly** the threshold: with more trumps he chooses which to show, so the
  legal declarations of a level are every choice of that many trumps [TA-11]. The Excuse may
  stand in for a trump only when the player holds no other trump, i.e. exactly threshold − 1
  trumps: then he shows all of them and the Excuse [TA-11].
- One poignée per player, of any level whose threshold he meets [A8].
- Option `poignee_shows_discarded_trumps` (FFT §10): trumps the taker had to discard count too and
  must be among the shown cards.
- Misères (option `poignees-miseres`), 10 each, not shown: *no face cards* (no R D C V and no
  bout), *no trumps* (no T1–T21 and no Excuse); tested on the hand at the moment of declaration,
  both may be declared [TA-12].

The choices of shown trumps can run to thousands, so `ActionList` enumerates them lazily: its
length, indexing and membership are computed, not listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb
from typing import overload

from familia_tui.games.tarot.actions import POIGNEES, Action, Declare, Kind
from familia_tui.games.tarot.cards import EXCUSE, IS_BOUT, RANK, SUIT, TRUMP, Card

THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
"""Trumps to show for a simple, double and triple poignée, by number of players [A8]."""


def threshold(players: int, kind: Kind) -> int:
    return THRESHOLDS[players][POIGNEES.index(kind)]


@dataclass(frozen=True, slots=True)
class Handful:
    """Every legal `declare` of one poignée level: `fixed` cards plus any `choose` of `pool`."""

    kind: Kind
    fixed: tuple[Card, ...]
    pool: tuple[Card, ...]
    choose: int

    def __len__(self) -> int:
        return comb(len(self.pool), self.choose)

    def action(self, index: int) -> Declare:
        """The `index`-th choice, in lexicographic order of the pool."""
        chosen, start, pool = [], 0, self.pool
        for remaining in range(self.choose, 0, -1):
            for j in range(start, len(pool)):
                count = comb(len(pool) - j - 1, remaining - 1)
                if index < count:
                    chosen.append(pool[j])
                    start = j + 1
                    break
                index -= count
        return Declare(self.kind, (*self.fixed, *chosen))

    def allows(self, action: Declare) -> bool:
        cards = set(action.cards)
        return (action.kind == self.kind and len(cards) == len(action.cards)
                == len(self.fixed) + self.choose and cards.issuperset(self.fixed)
                and cards.difference(self.fixed).issubset(self.pool))


def handfuls(players: int, trumps: Sequence[Card], has_excuse: bool,
             discarded: Sequence[Card] = ()) -> tuple[Handful, ...]:
    """The poignée levels a hand may declare, with the trumps it may show [A8, TA-11].

    `discarded` are the taker's discarded trumps when they count (FFT §10 option)."""
    total = len(trumps) + len(discarded)
    levels = []
    for kind, need in zip(POIGNEES, THRESHOLDS[players], strict=True):
        if total >= need:
            levels.append(Handful(kind, tuple(discarded), tuple(trumps), need - len(discarded)))
        elif total == need - 1 and has_excuse:
            levels.append(Handful(kind, (*discarded, *trumps, EXCUSE), (), 0))
    return tuple(levels)


def misere_holds(kind: Kind, hand: Sequence[Card]) -> bool:
    """Whether the hand qualifies for the misère `kind` [A8]: no faces and no bout, or no trump
    and no Excuse."""
    if kind == Kind.MISERE_FACES:
        return not any(IS_BOUT[c] or (SUIT[c] < TRUMP and RANK[c] > 10) for c in hand)
    return not any(SUIT[c] >= TRUMP for c in hand)


class ActionList(Sequence[Action]):
    """Legal actions: a list, then the poignée choices of each `Handful`, enumerated lazily."""

    __slots__ = ("_size", "actions", "handfuls")

    def __init__(self, actions: list[Action], levels: tuple[Handful, ...]) -> None:
        self.actions = actions
        self.handfuls = levels
        """The poignée levels on offer (a screen builds its 'show N trumps' choice from them)."""
        self._size = len(actions) + sum(len(level) for level in levels)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        if index < len(self.actions):
            return self.actions[index]
        index -= len(self.actions)
        for level in self.handfuls:
            if index < len(level):
                return level.action(index)
            index -= len(level)
        raise IndexError(index)

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Declare) and action.kind.is_poignee:
            return any(level.allows(action) for level in self.handfuls)
        return action in self.actions

    def __iter__(self) -> Iterator[Action]:
        yield from self.actions
        for level in self.handfuls:
            for index in range(len(level)):
                yield level.action(index)

    def __repr__(self) -> str:
        return f"ActionList({len(self.actions)} actions + {len(self) - len(self.actions)} poignée choices)"
