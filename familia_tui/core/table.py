"""Shared table helpers: seat order, standard follow-suit tricks and a base for game states.

- **Seat order.** `seat_ring(players, direction)` gives the table's `SeatRing`: the next and the
  previous seat in the direction of play, the seat some places on, every seat in play order from
  a leader (or from the seat after one), and how far a seat plays after another. Seats are
  numbered 0…n−1 clockwise; play goes clockwise (seat + 1) unless a game says otherwise.
- **Standard tricks.** `follow_suit` (must follow the led suit if able, else any card; no duty to
  trump) and `trick_winner` (the highest trump, else the highest card of the led suit) for a
  plain trick-taker such as Chinkway. Games whose tricks have rules of their own (Familia's
  batting and must-ruff, Tarot's Excuse and must-trump) use them only where the rule is exactly
  this one.
- **A base for states.** `BaseState[A, V, R]`: the legal-action cache, the membership check of
  `apply()`, dispatch by action type (methods marked `@handles(ActionClass)`), and `Cloneable`'s
  `clone()`, which copies every field by a policy the class declares once: immutable values,
  objects shared on purpose, and fields copied by a named copier. A field the policy does not
  name is reported by `undeclared_fields` (a test runs it over every game).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, wraps
from operator import attrgetter
from typing import Any, ClassVar, Final, Generic, Literal, Self, TypeVar

from familia_tui.core.engine import Event, Explanation, IllegalAction

# ----- seat order -----

Direction = Literal[1, -1]
CLOCKWISE: Final = 1
"""Play passes to the seat numbered one higher (the project's seats are numbered clockwise)."""
COUNTER_CLOCKWISE: Final = -1
"""Play passes to the seat numbered one lower."""


@dataclass(frozen=True, slots=True)
class SeatRing:
    """The seats of a table in the direction of play. Immutable and shared: get it from
    `seat_ring`. The tuples are public for hot paths (`ring.following[seat]`)."""

    players: int
    direction: Direction
    following: tuple[int, ...]
    """`following[seat]`: the seat that plays after `seat`."""
    preceding: tuple[int, ...]
    """`preceding[seat]`: the seat that plays before `seat`."""
    orders: tuple[tuple[int, ...], ...]
    """`orders[first]`: every seat in play order, `first` first."""
    afters: tuple[tuple[int, ...], ...]
    """`afters[seat]`: the other seats in play order from the one after `seat`, then `seat`."""

    def next(self, seat: int) -> int:
        """The seat after `seat` in the direction of play."""
        return self.following[seat]

    def previous(self, seat: int) -> int:
        """The seat before `seat` in the direction of play."""
        return self.preceding[seat]

    def step(self, seat: int, places: int) -> int:
        """The seat `places` places after `seat` (before it when negative): the player of the
        `places`-th card of a trick that `seat` led."""
        return (seat + places * self.direction) % self.players

    def order(self, first: int) -> tuple[int, ...]:
        """Every seat in play order from `first` (a leader, a dealer …)."""
        return self.orders[first]

    def after(self, seat: int) -> tuple[int, ...]:
        """The other seats in play order from the one after `seat`, then `seat` itself last."""
        return self.afters[seat]

    def distance(self, origin: int, seat: int) -> int:
        """How many places after `origin` `seat` plays (0 for `origin` itself)."""
        return (seat - origin) * self.direction % self.players


def seat_ring(players: int, direction: Direction = CLOCKWISE) -> SeatRing:
    """The table of `players` seats with play in `direction` (built once per size and
    direction, then shared)."""
    return _ring(players, direction)


@cache
def _ring(players: int, direction: Direction) -> SeatRing:
    if players < 1:
        raise ValueError(f"a table needs at least one seat, not {players}")
    orders = tuple(tuple((first + i * direction) % players for i in range(players))
                   for first in range(players))
    following = tuple(order[1 % players] for order in orders)
    preceding = tuple(order[-1] for order in orders)
    afters = tuple(orders[seat] for seat in following)
    return SeatRing(players, direction, following, preceding, orders, afters)


# ----- standard follow-suit tricks -----

C = TypeVar("C")

SuitOf = Callable[[Any], Hashable]
RankOf = Callable[[Any], Any]
suit_attribute: SuitOf = attrgetter("suit")
rank_attribute: RankOf = attrgetter("rank")


def follow_suit(hand: Sequence[C], led: Hashable | None, suit: SuitOf = suit_attribute) -> list[C]:
    """The cards of `hand` that may be played to a trick whose led suit is `led`: the cards of
    that suit when the hand holds one, else every card (no duty to trump or to overtrump).
    `led` None (the lead) allows every card. `suit(card)` reads a card's suit."""
    if led is None:
        return list(hand)
    following = [card for card in hand if suit(card) == led]
    return following or list(hand)


def trick_winner(cards: Sequence[C], trump: Hashable | None = None, led: Hashable | None = None,
                 suit: SuitOf = suit_attribute, rank: RankOf = rank_attribute) -> int:
    """Index in `cards` (play order) of the card that wins the trick: the highest trump when a
    trump was played, else the highest card of the led suit. `led` defaults to the first card's
    suit; `trump` None is a no-trump deal. A card of neither suit never wins. `rank(card)`
    orders cards within a suit (higher wins; a tie goes to the card played first)."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    if led is None:
        led = suit(cards[0])
    best, best_rank, trumped = -1, None, False
    for index, card in enumerate(cards):
        card_suit = suit(card)
        if trump is not None and card_suit == trump:
            value = rank(card)
            if not trumped or value > best_rank:
                best, best_rank, trumped = index, value, True
        elif card_suit == led and not trumped:
            value = rank(card)
            if best < 0 or value > best_rank:
                best, best_rank = index, value
    if best < 0:
        raise ValueError(f"no card of the led suit {led!r} or of trumps in the trick")
    return best


# ----- cloning by a declared policy -----

Copier = Callable[[Any], Any]
"""Makes the clone's value of one field from the original's."""


def copy_list(value: list[Any]) -> list[Any]:
    """A new list holding the same (immutable) items."""
    return value.copy()


def copy_rows(value: list[list[Any]]) -> list[list[Any]]:
    """A new list of new lists (hands, per-seat lists)."""
    return [row.copy() for row in value]


def copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    """A new dict holding the same (immutable) keys and values."""
    return value.copy()


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state (a `SharedRandom` is its own copy).

    As a field's copier in a `Cloneable` it is copy-on-write: the clone and the original share
    the generator's state until one of them draws (see `Cloneable`), as a search clones a state
    for every playout and a playout seldom deals."""
    if type(rng) is SharedRandom:
        return rng
    if type(rng) is _LazyCopy:
        rng = rng._source
    other = random.Random.__new__(random.Random)  # no seeding: the state is replaced next
    other.setstate(rng.getstate())
    return other


class SharedRandom(random.Random):
    """A generator that clones share rather than copy (`copy_rng` returns it as it is): for a
    search's sampled state only, whose later deals are the search's own guess, so that a playout
    that runs into the next deal copies no generator state. A game's own state never has one: it
    would break DESIGN.md §2's rule that clones draw independently."""


def lazy_copy(source: random.Random) -> random.Random:
    """A copy of `source` made only when it first draws (or is read): `source` must never draw
    again (it stays the frozen origin of every lazy copy of it; a sampler's template, say).
    Cheap: no state is copied until then."""
    if type(source) is _LazyCopy:
        source = source._source
    copy = _new_random(_LazyCopy)
    fields = copy.__dict__
    fields["_source"] = source
    fields["gauss_next"] = source.__dict__["gauss_next"]  # (`gauss` reads it before drawing)
    return copy


_new_random = random.Random.__new__
_setstate = random.Random.setstate


class _LazyCopy(random.Random):
    """A generator that is a copy of `_source`, a generator nobody draws from any more, made on
    its first draw: then it copies the source's state and becomes a plain `random.Random`, so
    later draws cost what a generator's always do. Every way to draw or read the state goes
    through `random`, `getrandbits` or `getstate` (the rest of `random.Random` is built on them);
    `setstate` and `seed` replace the state without copying it."""

    _source: random.Random

    def random(self) -> float:
        _own(self)
        return random.Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        _own(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        _own(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        _disown(self)
        _setstate(self, state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        _disown(self)
        random.Random.seed(self, a, version)

    def __reduce__(self) -> str | tuple[Any, ...]:
        _own(self)
        return random.Random.__reduce__(self)


def _own(rng: random.Random) -> None:
    """Give a lazy copy its own state (no-op once it has one: a method bound before the first
    draw, such as `shuffle`'s, may call again)."""
    fields = rng.__dict__
    if "_source" in fields:
        gauss = fields["gauss_next"]  # its own already (`gauss` may have used the source's)
        _setstate(rng, fields.pop("_source").getstate())
        fields["gauss_next"] = gauss
        rng.__class__ = random.Random


def _disown(rng: random.Random) -> None:
    """Make a lazy copy a plain generator whose state is about to be replaced."""
    if rng.__dict__.pop("_source", None) is not None:
        rng.__class__ = random.Random


def _share(fields: dict[str, Any], name: str) -> random.Random | None:
    """Clone the generator in `fields[name]` copy-on-write: the original's becomes a lazy copy
    too when it owned its state (which then freezes, the origin of both)."""
    rng = fields[name]
    if rng is None or type(rng) is SharedRandom:
        return rng
    if type(rng) is not _LazyCopy:
        fields[name] = lazy_copy(rng)
    return lazy_copy(rng)


def clone_value(value: Cloneable) -> Any:
    """The value's own `clone()` (a nested `Cloneable`: the match, the session)."""
    return value.clone()


def fresh_list(value: list[Any]) -> list[Any]:
    """An empty list: the clone starts with none of it (the events of the last action)."""
    return []


INLINE_FIELDS = 29
"""CPython 3.11 keeps an object's fields in a compact array, read and written by the fastest
specialised instructions, while its class's shared key table has room for them: 29 names. An
object with more, or whose `__dict__` was assigned, has a dict of its own, and every method
call on it looks the name up in that dict first (about 240 instructions). A state that keeps
to 29 fields (Familia's and Daifugō's; a test in each keeps it so) is cloned field by field,
which keeps the array: a Familia search playout on such a clone took 18 % fewer instructions
(1.45 → 1.19 million, `benchmarks/search_playouts.py`), for 23,000 more a clone. A state with
more fields gains nothing from that, so its clone is given the copied dict."""


class Cloneable:
    """An object whose `clone()` copies every field by a policy declared once in the class.

    Each field (instance attribute) is named in exactly one of:

    - `IMMUTABLE`: values that never change in place (numbers, text, enums, tuples, frozen
      models); the clone shares them.
    - `SHARED`: mutable objects shared on purpose because nobody changes them in place (a cached
      table, the legal-action list that is replaced, never edited).
    - `COPIED`: field → `Copier` (`copy_list`, `copy_rows`, `copy_rng`, `clone_value` …).

    A generator copied by `copy_rng` is copied on write: the clone and the original each get a
    lazy copy of the generator's state at the clone (`lazy_copy`), which copies the state only
    when it first draws. A clone costs no copy of the 625-word state, and each side still draws
    exactly what it would have drawn from a copy of its own (DESIGN.md §2: the same seed and
    actions give the same game), never moving the other's.

    A subclass adds to its parents' declarations (and may move a field to another kind).
    `undeclared_fields(obj)` names the fields the policy misses; a test runs it over every game,
    so a new field cannot be forgotten.
    """

    IMMUTABLE: ClassVar[tuple[str, ...]] = ()
    SHARED: ClassVar[tuple[str, ...]] = ()
    COPIED: ClassVar[Mapping[str, Copier]] = {}
    _policy: ClassVar[dict[str, Copier | None]] = {}
    """Every declared field: its copier, or None for a field the clone shares."""
    _immutable: ClassVar[frozenset[str]] = frozenset()
    _copiers: ClassVar[tuple[tuple[str, Copier], ...]] = ()
    _generators: ClassVar[tuple[str, ...]] = ()
    """The fields copied by `copy_rng`: shared copy-on-write."""
    _inline: ClassVar[bool] = True
    """The class declares at most `INLINE_FIELDS` fields: a clone sets them one by one."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        immutable = tuple(own.get("IMMUTABLE", ()))
        shared = tuple(own.get("SHARED", ()))
        copied: dict[str, Copier] = dict(own.get("COPIED", {}))
        names = [*immutable, *shared, *copied]
        twice = {name for name in names if names.count(name) > 1}
        if twice:
            raise TypeError(f"{cls.__name__}: fields declared more than once: {sorted(twice)}")
        policy = dict(cls._policy)
        policy.update(dict.fromkeys(immutable + shared))
        policy.update(copied)
        cls._policy = policy
        cls._immutable = (cls._immutable - set(shared) - copied.keys()) | set(immutable)
        cls._copiers = tuple((name, copy) for name, copy in policy.items()
                             if copy is not None and copy is not copy_rng)
        cls._generators = tuple(name for name, copy in policy.items() if copy is copy_rng)
        cls._inline = len(policy) <= INLINE_FIELDS

    def clone(self) -> Self:
        """An independent copy: every field copied by the class's policy."""
        other = object.__new__(type(self))
        fields = self.__dict__.copy()
        for name, copy in self._copiers:
            fields[name] = copy(fields[name])
        for name in self._generators:
            fields[name] = _share(self.__dict__, name)
        if self._inline:  # (see INLINE_FIELDS)
            for name, value in fields.items():
                setattr(other, name, value)
        else:
            other.__dict__ = fields
        return other


def undeclared_fields(obj: Cloneable) -> set[str]:
    """The fields of `obj` that its class's clone policy does not name (should be none)."""
    return set(vars(obj)) - type(obj)._policy.keys()


def immutable_fields(obj: Cloneable) -> frozenset[str]:
    """The fields `obj`'s class declares immutable (a test checks that their values are)."""
    return type(obj)._immutable


def copied_fields(obj: Cloneable) -> tuple[str, ...]:
    """The fields `obj`'s class copies on `clone()` (its generators copy-on-write)."""
    return tuple(name for name, _ in type(obj)._copiers) + type(obj)._generators


# ----- tables worked out once per options or seats -----

K = TypeVar("K")
T = TypeVar("T")
PER_OBJECT_ENTRIES = 64
"""How many objects a `per_object` table keeps before it starts again (a long session may make
options or seats again and again)."""


def per_object(make: Callable[[K], T]) -> Callable[[K], T]:
    """`make(key)` worked out once per object `key`, found by identity: for frozen values that
    a search or a tournament passes to thousands of new games (options, a state's seats), whose
    hash would cost more than the work (a frozen model hashes its fields in Python). An entry
    holds its key, so no other object gets that identity while the entry lives."""
    entries: dict[int, tuple[K, T]] = {}

    @wraps(make)
    def made(key: K) -> T:
        entry = entries.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        if len(entries) >= PER_OBJECT_ENTRIES:
            entries.clear()
        value = make(key)
        entries[id(key)] = (key, value)
        return value

    return made


# ----- a base for game states -----

A = TypeVar("A")
V = TypeVar("V")
R = TypeVar("R")
Handler = Callable[[Any, Any], None]


def handles(*kinds: type) -> Callable[[Callable[[Any, Any], None]], Callable[[Any, Any], None]]:
    """Mark a state method as the handler of actions of these classes: `apply()` calls it with
    the action once it has checked that the action is legal."""
    def mark(method: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        method.__dict__["handles"] = kinds  # read back by BaseState.__init_subclass__
        return method
    return mark


class BaseState(Cloneable, ABC, Generic[A, V, R]):
    """What every game state shares (DESIGN.md §2): the legal-action cache (computed by
    `_compute_legal` once per decision and kept until the next action: do not change the list),
    `apply()`'s membership check (an action not in `legal_actions()` raises `IllegalAction`
    with the game's `explain()`), dispatch by action type to the `@handles` methods, and a
    `clone()` by the declared field policy.

    A game defines `_compute_legal` (or overrides `legal_actions`), `explain`, `view`, `result`, its handlers, `phase`,
    `to_act` and `is_over`, and declares every field of its state in `IMMUTABLE`, `SHARED` or
    `COPIED`.
    """

    SHARED: ClassVar[tuple[str, ...]] = ("_legal",)
    """The cached legal actions: replaced after each action, never changed in place."""
    COPIED: ClassVar[Mapping[str, Copier]] = {"events": fresh_list}
    """The events of the last `apply()` belong to the original."""
    _handlers: ClassVar[dict[type, Handler]] = {}

    _legal: Sequence[A] | None
    events: list[Event]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers = dict(cls._handlers)
        for method in cls.__dict__.values():
            for kind in getattr(method, "handles", ()):
                handlers[kind] = method
        cls._handlers = handlers

    def legal_actions(self) -> Sequence[A]:
        """The legal actions of the seat to act, each once; kept until the next action."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def apply(self, action: A) -> list[Event]:
        """Apply a legal action; returns the events it caused. Raises `IllegalAction` (with the
        explanation) for an action that `legal_actions()` does not contain."""
        legal = self._legal
        if action not in (legal if legal is not None else self.legal_actions()):
            raise IllegalAction(action, self.explain(action))
        self._legal = None
        self.events = []
        self._handlers[type(action)](self, action)
        return self.events

    def _compute_legal(self) -> Sequence[A]:
        """The legal actions now (called once per decision). A game whose playouts cannot spare
        this second call overrides `legal_actions` instead, keeping its cache."""
        raise NotImplementedError(f"{type(self).__name__} defines _compute_legal or overrides legal_actions")

    @abstractmethod
    def explain(self, action: A) -> Explanation:
        """Why `action` is or is not legal now, as a chain of rule clauses."""

    @abstractmethod
    def view(self, seat: int) -> V:
        """What `seat` may know."""

    @abstractmethod
    def result(self) -> R:
        """The scores, ranking and per-deal rows so far."""
