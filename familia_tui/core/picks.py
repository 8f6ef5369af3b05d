"""One model for a decision made in several picks, built from the legal actions.

Some decisions are made of parts a player picks one after another: a led Joker and then the suit
it stands for (Familia [R-F14]), the cards of a set or a sequence and what a joker among them
stands for (Daifugō), the trumps a poignée shows, the cards of an écart (Tarot). A screen keeps
what the player picked so far (a list of parts: cards, suits) and asks a `Picks` three questions:

- `may_add(picked, part)`: may this part join, so that some legal action still uses all of them?
  (a card that may not is drawn dimmed, and ticking it explains why);
- `offers(picked)`: the legal actions that use every picked part, the ones to offer the player;
- `made(picked)`: the legal actions made of exactly the picked parts. The screen applies one only
  when it is the only one: Enter never chooses among several legal actions for a player.

Parts are compared as a multiset (two Jokers are two parts). `ActionPicks` reads the parts of each
action of an enumerated legal set; `RulePicks` answers from two rules when the legal set is too
large to list (a poignée of 13 trumps chosen among 17 is 2,380 actions).

>>> picks = ActionPicks(["JK=S", "JK=H", "5S"], parts=lambda a: a.split("=") if "=" in a else [a])
>>> picks.may_add([], "JK"), picks.may_add(["JK"], "5S")
(True, False)
>>> picks.offers(["JK"]), picks.made(["JK"]), picks.made(["JK", "H"])
(['JK=S', 'JK=H'], [], ['JK=H'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, Protocol, TypeVar

P = TypeVar("P", bound=Hashable)
A = TypeVar("A")
P_contra = TypeVar("P_contra", bound=Hashable, contravariant=True)
A_co = TypeVar("A_co", covariant=True)


class Picks(Protocol[P_contra, A_co]):
    """What a screen asks about the parts picked so far (module doc)."""

    def may_add(self, picked: Sequence[P_contra], part: P_contra) -> bool:
        """Whether some legal action uses every picked part and `part` too."""
        ...

    def offers(self, picked: Sequence[P_contra]) -> Sequence[A_co]:
        """The legal actions that use every picked part (all of them when none is picked)."""
        ...

    def made(self, picked: Sequence[P_contra]) -> Sequence[A_co]:
        """The legal actions made of exactly the picked parts."""
        ...


def _contains(whole: Counter[P], part: Counter[P]) -> bool:
    return all(whole[key] >= count for key, count in part.items())


class ActionPicks(Generic[P, A]):
    """Picks over an enumerated legal set: each action's parts come from `parts(action)`."""

    def __init__(self, legal: Iterable[A], parts: Callable[[A], Iterable[P]]) -> None:
        self.actions = [(Counter(parts(action)), action) for action in legal]

    def may_add(self, picked: Sequence[P], part: P) -> bool:
        wanted = Counter(picked)
        wanted[part] += 1
        return any(_contains(whole, wanted) for whole, _ in self.actions)

    def offers(self, picked: Sequence[P]) -> list[A]:
        wanted = Counter(picked)
        return [action for whole, action in self.actions if _contains(whole, wanted)]

    def made(self, picked: Sequence[P]) -> list[A]:
        wanted = Counter(picked)
        return [action for whole, action in self.actions if whole == wanted]


class RulePicks(Generic[P, A]):
    """Picks answered by two rules instead of a list: `extends(picked)` says whether some legal
    action uses all the picked parts, `made(picked)` gives the actions made of exactly them.
    `offers` is what `made` gives (a set too large to list is never offered whole)."""

    def __init__(self, extends: Callable[[Sequence[P]], bool],
                 made: Callable[[Sequence[P]], Sequence[A]]) -> None:
        self._extends = extends
        self._made = made

    def may_add(self, picked: Sequence[P], part: P) -> bool:
        return self._extends([*picked, part])

    def offers(self, picked: Sequence[P]) -> Sequence[A]:
        return self._made(picked)

    def made(self, picked: Sequence[P]) -> Sequence[A]:
        return self._made(picked)


def choose_from(pool: Sequence[P], count: int, build: Callable[[Sequence[P]], A]) -> RulePicks[P, A]:
    """Picks of exactly `count` distinct parts of `pool` (a poignée's trumps), the action built
    from them by `build`."""
    allowed = set(pool)

    def extends(picked: Sequence[P]) -> bool:
        return len(picked) <= count and len(set(picked)) == len(picked) and allowed.issuperset(picked)

    def made(picked: Sequence[P]) -> list[A]:
        return [build(picked)] if len(picked) == count and extends(picked) else []

    return RulePicks(extends, made)
