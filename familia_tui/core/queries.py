"""Scenario queries shared by every game, and the kinds of query a game may declare.

A query is a named read-out of a state in plain data (cards in notation, seats as numbers from 0
in turn order), so a scenario states the expected value in YAML (`expect: {to_act: 2}`). Each
game's `QUERIES` starts from `common_queries(...)` and adds only its own:

- `phase`, `to_act`, `over`, `hands` read the engine protocol (`phase`, `to_act`, `is_over`) and
  the game's `hand` accessor;
- `last_trick`, `tricks_won`, `scores`, `strongest` read accessors a game passes when it has them
  (a climbing game has no tricks won); the value's shape is the game's, documented in the README;
- `view` (a `Parameterised` query) reads what a seat, or a watcher, sees.

A `Parameterised` query takes arguments from the expected mapping: in
`expect: {view: {seat: 2, hand: [5H, 9H]}}` the `seat` key is the argument and the other keys are
compared with the result.

>>> plain({"hand": (1, 2), "seat": None})
{'hand': [1, 2], 'seat': None}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pydantic import BaseModel

Query = Callable[[Any], Any]
"""`query(state) -> plain data`."""

PUBLIC = "public"
"""The `seat` of a `view` expectation that asks for the public view (what a watcher sees)."""

PRIVATE_FIELDS = ("seat", "legal")
"""View fields that are never public: whose view it is and that seat's legal actions."""


@dataclass(frozen=True)
class Parameterised:
    """A query that takes arguments, named in the expected mapping beside the compared keys.

    `read(state, **arguments)` returns a mapping; only the keys the scenario names are compared.
    Raising `LookupError` reports a failure with the error's text (a missing argument, a seat
    out of range, a field the view does not have …).
    """

    read: Callable[..., Mapping[str, Any]]
    params: tuple[str, ...]
    """Argument names; an argument the expected mapping leaves out is not passed."""
    required: tuple[str, ...] = ()
    """Arguments the expected mapping must give."""

    def __call__(self, state: Any, **arguments: Any) -> Mapping[str, Any]:
        """The query with these arguments (the defaults of `read` for the others)."""
        return self.read(state, **arguments)


def plain(value: Any) -> Any:
    """A value as plain data: records and tuples become mappings and lists, cards and actions
    their notation, enums their value; numbers, booleans, text and None stay as they are."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, BaseModel):
        return plain(value.model_dump())
    if _has_notation(value):
        return str(value)  # a card or an action
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: plain(item) for name, item in zip(value._fields, value, strict=True)}
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((plain(item) for item in value), key=str)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return str(value)


def _has_notation(value: Any) -> bool:
    """Whether the value's class writes its own text (a card, an action), unlike a record."""
    return any("__str__" in vars(kind) for kind in type(value).__mro__ if kind.__module__ != "builtins")


def cards_text(cards: Iterable[Any]) -> list[str]:
    """Cards in notation."""
    return [str(card) for card in cards]


def seat_count(state: Any) -> int:
    return len(state.seats)


# ----- what a seat, or a watcher, sees -----


def public_fields(state: Any) -> dict[str, Any]:
    """The public view's fields: the state's `public_view()` when the game has one (less the
    fields its class declares `PRIVATE`, which it leaves empty); otherwise
    the fields of `view(seat)` that every seat sees alike (a hand, a private écart or a partner
    only some seats know differ between seats, so they are left out)."""
    if hasattr(state, "public_view"):
        return _public_fields(state.public_view())
    views = [_fields(state.view(seat)) for seat in range(seat_count(state))]
    first = views[0]
    return {name: value for name, value in first.items() if name not in PRIVATE_FIELDS
            and all(view.get(name) == value for view in views[1:])}


def _public_fields(view: Any) -> dict[str, Any]:
    """A public view's fields but those its class declares private."""
    hidden = private_fields(view)
    return {name: value for name, value in _fields(view).items() if name not in hidden}


def private_fields(view: Any) -> tuple[str, ...]:
    """The fields a view class declares private (`PRIVATE`): its public view leaves them empty,
    and a scenario's public view does not have them."""
    return (*PRIVATE_FIELDS, *getattr(type(view), "PRIVATE", ()))


def _fields(view: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    if isinstance(view, Mapping):
        return dict(view)
    return dict(vars(view))


class ViewReader(Mapping[str, Any]):
    """A view's fields as plain data, read one at a time (a view holds the whole match)."""

    def __init__(self, state: Any, seat: int | str) -> None:
        self.public = seat == PUBLIC
        self.view: Any = None
        self.hidden: tuple[str, ...] = ()
        if self.public:
            if hasattr(state, "public_view"):
                self.view = state.public_view()
                self.hidden = private_fields(self.view)
                self.fields = _public_fields(self.view)
            else:
                self.fields = public_fields(state)
        else:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seat_count(state):
                raise LookupError(f"seat: {seat!r} is not a seat number 0–{seat_count(state) - 1} "
                                  f"or {PUBLIC}")
            self.view = state.view(seat)
            self.fields = _fields(self.view)

    def __getitem__(self, name: str) -> Any:
        if name in self.fields:
            return plain(self.fields[name])
        if self.view is not None and name not in self.hidden and isinstance(
                getattr(type(self.view), name, None), property):
            return plain(getattr(self.view, name))  # a derived field, such as Familia's `hand`
        raise KeyError(name)

    def __iter__(self) -> Any:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def check(self, names: Iterable[str]) -> None:
        """Raise `LookupError` naming the fields this view does not have."""
        missing = [name for name in names if name not in self]
        if missing:
            where = "the public view" if self.public else "this view"
            raise LookupError(f"{where} has no {', '.join(missing)} (its fields: "
                              f"{', '.join(sorted(self.fields))})")

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):  # field names are text
            return False
        try:
            self[name]
        except KeyError:
            return False
        return True


def _view(state: Any, seat: int | str = PUBLIC) -> ViewReader:
    return ViewReader(state, seat)


VIEW = Parameterised(_view, ("seat",), ("seat",))
"""`view: {seat: 2, hand: [...]}`: fields of `view(2)`; `seat: public` for the public view."""


# ----- the queries every game shares -----


def common_queries(
    hand: Callable[[Any, int], Iterable[Any]],
    *,
    last_trick: Query | None = None,
    tricks_won: Callable[[Any], Iterable[int]] | None = None,
    scores: Query | None = None,
    strongest: Query | None = None,
) -> dict[str, Query | Parameterised]:
    """The queries every game answers the same way, plus those it has accessors for.

    Args:
        hand: `hand(state, seat)`: the cards a seat holds now.
        last_trick: The last finished trick in the game's shape, or None.
        tricks_won: Tricks won per seat, in seat order.
        scores: `{seat: score}` in the game's sense (documented with the game's queries).
        strongest: The strongest play of the trick in progress as `{seat, card}` (or the
            game's shape), None before the first card.
    """
    queries: dict[str, Query | Parameterised] = {
        "phase": lambda s: str(s.phase),
        "to_act": lambda s: s.to_act,
        "over": lambda s: s.is_over,
        "hands": lambda s: {seat: cards_text(hand(s, seat)) for seat in range(seat_count(s))},
        "view": VIEW,
    }
    optional: dict[str, Query | None] = {
        "last_trick": last_trick,
        "tricks_won": None if tricks_won is None else lambda s: dict(enumerate(tricks_won(s))),
        "scores": scores,
        "strongest": strongest,
    }
    queries.update({name: query for name, query in optional.items() if query is not None})
    return queries
