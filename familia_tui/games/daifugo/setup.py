"""Starting a Daifugō game from a stacked deal or a position (scenarios, records, bug reports).

A **stacked deal** places the first game's cards: `hands` (seat → cards, a list in seat order or a
mapping) and `rule_card` (a card such as `5S` or `JK`, or `none`; left out, the options decide:
drawn from the seed, fixed, or off). The seeded filler completes the hands to an even deal (the
lower seats take the odd cards) unless `sizes` (seat → count) says otherwise; every one of the 56
cards is dealt. 天和 and ○○残し are then checked as after any deal.

A **position** is any moment of a game: `hands` (exact; `fill: {seat: count}` tops a hand up with
seeded free cards), `rule_card` (a card or `none`; left out: the preset's fixed rule card, else
none — a position never draws one) or `families` (a list of `shina`, `kana`, `jfugo`, `shishi`,
overriding the card's), `revolution`, `trick_reverse`, `trick` (the plays of the trick
in progress, in order, as `[seat, "7S 7H"]` or `{seat: 2, play: "5S JK=6S 7S"}`; the last one is
the top), `suit_lock` (`SH`, or a list of suits), `number_lock`, `passed` (seats that passed
since the last play), `places` (seats already out, in order), `to_act` and `leader`. Cards in no
hand and not on the table were played earlier (the discard). Every start is checked: each
natural card once, at most four jokers, finished seats without cards and the others with some.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from familia_tui.core.cards import JOKER, Card, CardError, parse_card, parse_cards
from familia_tui.core.engine import ActionSyntaxError, Seat
from familia_tui.core.position import (
    SetupError,
    Supply,
    card_list,
    per_seat,
    seat_list,
    seat_number,
)
from familia_tui.games.daifugo.actions import Play, parse_action
from familia_tui.games.daifugo.deck import DECK, NATURALS, deck_indexes
from familia_tui.games.daifugo.families import FAMILIES, families_of
from familia_tui.games.daifugo.legal import FOLLOW
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.rules import DaifugoState, StackedDeal
from familia_tui.games.daifugo.shapes import legal_shape, shape_of

__all__ = ["SetupError", "position_state", "stacked_deal"]


def _cards(value: str | Iterable[object] | None, where: str) -> list[Card]:
    """Cards written as a list or a space-separated string; errors name `where`."""
    return card_list(value, where, parse_cards, (CardError, TypeError))


def _seat(value: object, seats: int, where: str) -> int:
    return seat_number(value, seats, where)


def _per_seat(data: Mapping[str, Any], key: str, seats: int) -> dict[int, Any]:
    return per_seat(data, key, seats)


class _Supply(Supply[Card]):
    """The 56 cards: each natural card once, the jokers as often as the deck has them."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__([*NATURALS, *[JOKER] * DECK.count(JOKER)], rng, "the deck")

    def fill(self, cards: list[Card], size: int, where: str,
             allowed: Callable[[Card], bool] | None = None) -> list[Card]:
        """Top `cards` up to `size` with random free cards (more cards than `size` stay)."""
        return super().fill(cards, max(size, len(cards)), where, allowed)


def _rule_card(data: Mapping[str, Any]) -> tuple[bool, Card | None]:
    """(given, card): `rule_card` as a card, `none`, or absent (the options decide)."""
    if "rule_card" not in data:
        return False, None
    value = data["rule_card"]
    if value is None or str(value).lower() in ("none", "off"):
        return True, None
    try:
        return True, parse_card(str(value))
    except CardError as error:
        raise SetupError(f"rule_card: {error}") from None


def stacked_deal(options: DaifugoOptions, data: Mapping[str, Any], seed: int = 0) -> StackedDeal:
    """The first game's deal from a (possibly partial) stacked deal; the filler places the rest."""
    n = options.players
    supply = _Supply(random.Random(seed))
    given = {s: supply.take(_cards(c, f"hands.{s}"), f"hands.{s}")
             for s, c in _per_seat(data, "hands", n).items()}
    sizes = {s: int(v) for s, v in _per_seat(data, "sizes", n).items()}
    even = [len(DECK) // n + (s < len(DECK) % n) for s in range(n)]
    hands = [supply.fill(given.get(s, []), sizes.get(s, max(even[s], len(given.get(s, [])))),
                         f"hands.{s}") for s in range(n)]
    left = supply.rest()
    if left:
        raise SetupError(f"hands: {len(left)} cards are not dealt (sizes add up to "
                         f"{sum(map(len, hands))}, the deck has {len(DECK)})")
    chosen, card = _rule_card(data)
    if not chosen:
        card = _options_rule_card(options, seed)
    return StackedDeal(tuple(map(tuple, hands)), card)


def _options_rule_card(options: DaifugoOptions, seed: int) -> Card | None:
    """The rule card the options give a stacked deal that names none (drawn from the seed)."""
    if options.rule_card == "off":
        return None
    return options.fixed_rule_card or random.Random(seed).choice(DECK)


def position_state(options: DaifugoOptions, seats: Sequence[Seat], data: Mapping[str, Any],
                   seed: int = 0) -> DaifugoState:
    """A state at any moment of a game, as the position describes it."""
    state = DaifugoState(options, seats, seed)
    state.events = []
    _Position(options, state, data, random.Random(seed)).place()
    return state


class _Position:
    """Writes a position into a fresh state, checking it against the rules."""

    def __init__(self, options: DaifugoOptions, state: DaifugoState, data: Mapping[str, Any],
                 rng: random.Random) -> None:
        self.options, self.state, self.data = options, state, data
        self.n = options.players
        self.supply = _Supply(rng)

    def place(self) -> None:
        self._rules()
        plays = self._trick()
        self._hands()
        self._table(plays)
        self._turn()

    def _rules(self) -> None:
        state, data = self.state, self.data
        chosen, card = _rule_card(data)
        state.log.rule_card = card if chosen else self.options.fixed_rule_card
        families = data.get("families")
        if families is None:
            families = families_of(state.log.rule_card, self.options.shishi)
        unknown = [f for f in families if f not in FAMILIES]
        if unknown:
            raise SetupError(f"families: unknown {unknown} (families: {', '.join(FAMILIES)})")
        state.use_families(tuple(families))
        state.revolution = bool(data.get("revolution", False))
        state.trick_reverse = bool(data.get("trick_reverse", False))

    def _trick(self) -> list[tuple[int, Play]]:
        plays = []
        for number, entry in enumerate(self.data.get("trick") or []):
            where = f"trick.{number}"
            seat, text = (entry.get("seat"), entry.get("play")) if isinstance(entry, Mapping) else entry
            try:
                play = parse_action(f"play {text}" if not str(text).startswith("play") else str(text))
            except ActionSyntaxError as error:
                raise SetupError(f"{where}: {error}") from None
            if not isinstance(play, Play) or isinstance(shape_of(play), str):
                raise SetupError(f"{where}: {text!r} is not a combination")
            self.supply.take(list(play.naturals) + [JOKER] * len(play.jokers), where)
            plays.append((_seat(seat, self.n, f"{where}.seat"), play))
        return plays

    def _hands(self) -> None:
        state = self.state
        given = {s: self.supply.take(_cards(c, f"hands.{s}"), f"hands.{s}")
                 for s, c in _per_seat(self.data, "hands", self.n).items()}
        fill = {s: int(v) for s, v in _per_seat(self.data, "fill", self.n).items()}
        hands = [self.supply.fill(given.get(s, []), fill[s], f"fill.{s}") if s in fill
                 else given.get(s, []) for s in range(self.n)]
        state._set_hands([deck_indexes(hand) for hand in hands])
        state.log.places = seat_list(self.data.get("places"), self.n, "places")
        for seat in range(self.n):
            out = seat in state.places
            if out == bool(state.counts[seat]):
                raise SetupError(f"hands.{seat}: a seat in places has no cards, every other seat has"
                                 f" some (seat {seat} holds {state.counts[seat]})")

    def _table(self, plays: list[tuple[int, Play]]) -> None:
        state, data = self.state, self.data
        state._clear_trick()
        state.trick_reverse = bool(data.get("trick_reverse", False))
        for seat, play in plays:
            state.top, state.top_seat = legal_shape(play), seat
            state.trick.append((seat, play))
        lock = data.get("suit_lock")
        if lock:
            letters = "".join(lock) if isinstance(lock, list) else str(lock)
            if set(letters.upper()) - set("SHDC"):
                raise SetupError(f"suit_lock: {lock!r} is not suits such as SH")
            state.suit_lock = tuple(sorted("SHDC".index(x) for x in letters.upper()))
        state.number_lock = bool(data.get("number_lock", False))
        if (state.suit_lock or state.number_lock) and len(plays) < 2:
            raise SetupError("suit_lock/number_lock: a lock needs two plays in the trick")
        state.passed = seat_list(data.get("passed"), self.n, "passed")

    def _turn(self) -> None:
        state, data = self.state, self.data
        plays = state.trick
        default = state.next_holder(plays[-1][0]) if plays else next(
            s for s in range(self.n) if state.counts[s])
        state.to_act = _seat(data.get("to_act", default), self.n, "to_act")
        state.leader = _seat(data.get("leader", plays[0][0] if plays else state.to_act), self.n, "leader")
        if not state.counts[state.to_act]:
            raise SetupError(f"to_act: seat {state.to_act} holds no cards")
        state.log.first_leader = state.leader
        state.holders = sum(1 for c in state.counts if c)
        state._legal = None
        if plays:
            state.phase = FOLLOW
        else:
            state._start_trick(state.to_act)  # a stuck leader's チョンボ happens at once (DF-23a)


