"""The scenario position kit: what every game's stacked deal and position read the same way.

A game's `setup` module reads its own keys (Familia's face piles, Tarot's bids, Daifugō's locks)
and uses this kit for the common parts, so they read and fail alike in every game:

- seats (`leader`, `dealer`, `to_act`, `places`): numbers from 0, text keys of JSON accepted;
- per-seat values (`hands`, `captures`, `known`, `fill`, `voids`): a list in seat order or a
  mapping seat → value;
- cards (`hands.2`, `stock`, `trick_cards`, `chien`): a list or a space-separated text, read
  with the game's own card parser;
- `voids`: letters per seat that the filler must not give that hand;
- `Supply`: the cards still free to place, so a card is never placed more often than the game
  has it, and the seeded filler that completes what a start leaves out.

Every problem is a `SetupError` naming the key path.

>>> per_seat({"hands": {"2": "5S"}}, "hands", 4)
{2: '5S'}
>>> seat_number(7, 4, "leader")
Traceback (most recent call last):
...
familia_tui.core.position.SetupError: leader: 7 is not a seat number 0–3
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from familia_tui.core.errors import FamiliaTuiError

C = TypeVar("C")
"""A game's card type."""


class SetupError(FamiliaTuiError):
    """A stacked deal or position that does not fit the rules; names the key and the problem."""


def seat_number(value: object, seats: int, where: str) -> int:
    """A seat number 0 … seats − 1 (JSON writes mapping keys as text: `"2"` reads as 2)."""
    seat = int(value) if isinstance(value, str) and value.isdigit() else value
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise SetupError(f"{where}: {value!r} is not a seat number 0–{seats - 1}")
    return seat


def seat_list(values: Iterable[object] | None, seats: int, where: str) -> list[int]:
    """A list of seat numbers (`places`, `passed`)."""
    return [seat_number(value, seats, where) for value in values or []]


def per_seat(data: Mapping[str, Any], key: str, seats: int) -> dict[int, Any]:
    """`data[key]` by seat: a list in seat order, or a mapping seat → value."""
    value = data.get(key) or {}
    items = enumerate(value) if isinstance(value, list) else value.items()
    result: dict[int, Any] = {}
    for seat, item in items:
        checked = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
        if not isinstance(checked, int) or isinstance(checked, bool) or not 0 <= checked < seats:
            raise SetupError(f"{key}: seat {seat!r} is not a seat number 0–{seats - 1}")
        result[checked] = item
    return result


def card_list(value: str | Iterable[object] | None, where: str, parse: Callable[[Any], list[C]],
              errors: tuple[type[Exception], ...] = (ValueError, TypeError)) -> list[C]:
    """Cards written as a list or a space-separated text, read with the game's `parse`."""
    if value is None:
        return []
    try:
        return parse(value if isinstance(value, str) else [str(v) for v in value])
    except errors as error:
        raise SetupError(f"{where}: {error}") from None


def seat_cards(data: Mapping[str, Any], key: str, seats: int, parse: Callable[[Any], list[C]],
               errors: tuple[type[Exception], ...] = (ValueError, TypeError)) -> dict[int, list[C]]:
    """Cards per seat (`hands`, `captures`, `known`), each list named `key.seat` in errors."""
    return {seat: card_list(cards, f"{key}.{seat}", parse, errors)
            for seat, cards in per_seat(data, key, seats).items()}


def seat_letters(data: Mapping[str, Any], key: str, seats: int, letters: str, hint: str,
                 aliases: Mapping[str, str] | None = None) -> dict[int, str]:
    """Letters per seat (`voids: {2: S, 3: SH}`), upper-cased, each one of `letters`; `aliases`
    rewrites names first (`JK` → `X`)."""
    value = data.get(key) or {}
    if not isinstance(value, Mapping | list):
        raise SetupError(f"{key}: write seat: letters, e.g. {{2: S, 3: SH}}")
    result = {}
    for seat, text in per_seat(data, key, seats).items():
        checked = str(text).upper().replace(" ", "")
        for name, letter in (aliases or {}).items():
            checked = checked.replace(name, letter)
        if set(checked) - set(letters):
            raise SetupError(f"{key}.{seat}: {text!r} — {hint}")
        result[seat] = checked
    return result


class Supply(Generic[C]):
    """The cards still free to place, and the seeded filler that completes a start.

    Placing a card the game does not have (again) is a `SetupError`. The free cards keep the
    order of `cards`, so a seed always fills the same way.
    """

    def __init__(self, cards: Iterable[C], rng: random.Random, what: str = "the game") -> None:
        self.free: Counter[C] = Counter(cards)
        self.rng = rng
        self.what = what
        """Named in errors: `the game`, `the deck`."""

    def take(self, cards: Sequence[C], where: str) -> list[C]:
        """Place `cards`: each must still be free."""
        for card in cards:
            if self.free[card] <= 0:
                raise SetupError(f"{where}: {card} is placed more often than {self.what} has it")
            self.free[card] -= 1
        return list(cards)

    def rest(self, allowed: Callable[[C], bool] | None = None) -> list[C]:
        """The free cards (those `allowed`), shuffled."""
        spare = [card for card in self.free.elements() if allowed is None or allowed(card)]
        self.rng.shuffle(spare)
        return spare

    def fill(self, cards: list[C], size: int, where: str,
             allowed: Callable[[C], bool] | None = None) -> list[C]:
        """`cards` topped up to `size` with shuffled free cards (those `allowed`)."""
        if len(cards) > size:
            raise SetupError(f"{where}: {len(cards)} cards given but it holds {size} here")
        extra = self.rest(allowed)[:size - len(cards)]
        if len(extra) < size - len(cards):
            raise SetupError(f"{where}: needs {size} cards but only {len(cards) + len(extra)} are left")
        return cards + self.take(extra, where)
