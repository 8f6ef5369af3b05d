"""Starting a Chinkway game from stacked deals or from a position (scenarios, tests, bug reports).

A **stacked deal** (`deal:` in a scenario) places cards of the first deal: `dealer` (the first
dealer's seat; default the options' `first_dealer`, else 0), `hands` (seat → cards; the dealer
holds 12, the others 10; a seeded filler completes them), `quest` (the top of the quest pack:
its first five cards are the first deal's quest, the next five the second's …), `removed` (the
two pictures left out of the quest pack; default a seeded draw among the pictures the quest does
not name) and `then` (a list of further deals, each with `hands`).

A **position** (`position:`) starts at the beginning of a later deal: `deal` (its number, from
1), `scores` (each finished deal's scores in seat order, one row per deal before it), `dealer`
(the dealer of deal 1, or with `deal` … `dealer_now`), `hands` and `quest` for that deal (its
quest first), `removed`, and `actions`: the deal's actions so far in their notation, replayed
through the rules, so a position may stop anywhere in the deal (a refused action is a
`SetupError` naming it). The re-seated deal's table follows from the scores [CW-4, CW-8].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from familia_tui.core.cards import Card, parse_cards
from familia_tui.core.engine import ActionSyntaxError, IllegalAction, Seat
from familia_tui.core.position import SetupError, card_list, seat_cards, seat_number
from familia_tui.games.chinkway.actions import parse_action
from familia_tui.games.chinkway.options import ChinkwayOptions
from familia_tui.games.chinkway.quest import ALL_PICTURES, quest_pack
from familia_tui.games.chinkway.rules import PLAYERS, ChinkwayState, StackedHands


def _hands(data: Mapping[str, Any], where: str) -> StackedHands:
    hands = seat_cards(data, "hands", PLAYERS, parse_cards)
    placed = [card for cards in hands.values() for card in cards]
    twice = sorted({str(c) for c in placed if placed.count(c) > 1})
    if twice:
        raise SetupError(f"{where}hands: {' '.join(twice)} placed more than once")
    for seat, cards in hands.items():
        if len(cards) > 12:
            raise SetupError(f"{where}hands.{seat}: {len(cards)} cards, but no hand holds more than 12")
    return StackedHands(tuple((seat, tuple(cards)) for seat, cards in sorted(hands.items())))


def _quest(data: Mapping[str, Any]) -> tuple[list[Card], list[Card] | None]:
    top = card_list(data.get("quest"), "quest", parse_cards)
    removed = card_list(data.get("removed"), "removed", parse_cards) if data.get("removed") else None
    if len(set(top)) != len(top):
        raise SetupError("quest: a quest card is placed more than once")
    if removed is not None:
        try:
            quest_pack(removed)
        except ValueError as error:
            raise SetupError(f"removed: {error}") from None
        clash = [str(c) for c in top if c in removed]
        if clash:
            raise SetupError(f"quest: {' '.join(clash)} is one of the removed pictures")
    elif sum(1 for c in top if c in ALL_PICTURES) > len(ALL_PICTURES) - 2:
        raise SetupError("quest: the quest pack holds only 10 pictures")
    return top, removed


def stacked_state(options: ChinkwayOptions, seats: Sequence[Seat], seed: int | None,
                  deal: Mapping[str, Any]) -> ChinkwayState:
    """A new game whose first deals are stacked (module docstring)."""
    dealer = deal.get("dealer", options.first_dealer if options.first_dealer is not None else 0)
    first = seat_number(dealer, PLAYERS, "dealer")
    stacked = [_hands(deal, "")]
    for index, further in enumerate(deal.get("then") or []):
        stacked.append(_hands(further, f"then.{index}."))
    top, removed = _quest(deal)
    return _build(options, seats, seed, stacked=stacked, quest_top=top, removed=removed, first_dealer=first)


def position_state(options: ChinkwayOptions, seats: Sequence[Seat], data: Mapping[str, Any],
                   seed: int | None = None) -> ChinkwayState:
    """A game at the start of deal `deal` with the scores so far (module docstring)."""
    number = data.get("deal", 1)
    if not isinstance(number, int) or not 1 <= number <= options.deals:
        raise SetupError(f"deal: {number!r} is not a deal of this game (1–{options.deals})")
    rows = data.get("scores") or []
    if len(rows) != number - 1 or any(
            not isinstance(row, list) or len(row) != PLAYERS or not all(isinstance(v, int) for v in row)
            for row in rows):
        raise SetupError(f"scores: give {number - 1} rows of 5 whole numbers (one per finished deal, "
                         "in seat order)")
    if "dealer" in data and "dealer_now" in data:
        raise SetupError("give dealer (of deal 1) or dealer_now (of this deal), not both")
    if "dealer_now" in data:
        first = (seat_number(data["dealer_now"], PLAYERS, "dealer_now") - (number - 1)) % PLAYERS
    else:
        default = options.first_dealer if options.first_dealer is not None else 0
        first = seat_number(data.get("dealer", default), PLAYERS, "dealer")
    top, removed = _quest(data)
    state = _build(options, seats, seed, stacked=[_hands(data, "")], quest_top=top, removed=removed,
                   first_dealer=first, start_deal=number, rows=rows)
    for index, text in enumerate(data.get("actions") or []):
        try:
            state.apply(parse_action(str(text)))
        except (ActionSyntaxError, IllegalAction) as error:
            raise SetupError(f"actions.{index}: {error}") from None
    return state


def _build(options: ChinkwayOptions, seats: Sequence[Seat], seed: int | None, **kwargs: Any) -> ChinkwayState:
    try:
        return ChinkwayState(options, seats, seed, **kwargs)
    except ValueError as error:
        raise SetupError(str(error)) from None
