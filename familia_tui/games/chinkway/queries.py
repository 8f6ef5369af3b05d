"""Chinkway's scenario queries: the shared ones plus the quest, the sides and the standings.

| query | value |
|---|---|
| `scores` | `{seat: total}` |
| `last_trick` | `{winner, cards}`: the last finished trick in play order |
| `tricks_won` | `{seat: tricks}` this deal |
| `strongest` | `{seat, card}` winning the trick in progress |
| `deal` | the deal being played, from 1 |
| `dealer`, `positions` | the dealer; the seats at #1 … #5 |
| `reseated` | whether this deal follows the re-seat by standings |
| `partners` | `{seat: partner}` (the dealer: null) |
| `sides` | the sides as lists of seats, the dealer's first |
| `trump` | `S` `H` `D` `C` `NT`, null until named |
| `quest` | the quest cards; `quest_counts`: `{S, H, D, C, P}` |
| `collected` | `{seat: [cards]}`: what each seat's side has collected (partners share it) |
| `needs` | `{seat: {S, H, D, C, P}}`: what each seat's side still needs |
| `pick` | the categories the trick's winner chooses among |
| `discards` | the dealer's two discards |
| `deal_scores` | each finished deal's `{seat: score}` |
| `standings` | seats best first, ties broken [CW-8] |
| `quest_left` | quest cards left before the reshuffle |
| `ranking` | `{seat: rank}` of the result (ties share a rank) |
"""

from __future__ import annotations

from typing import Any

from familia_tui.core.queries import common_queries
from familia_tui.core.table import trick_winner
from familia_tui.games.chinkway.quest import CATEGORIES
from familia_tui.games.chinkway.rules import PLAYERS, ChinkwayState


def _counts(counts: tuple[int, ...] | list[int]) -> dict[str, int]:
    return dict(zip(CATEGORIES, counts, strict=True))


def _strongest(state: ChinkwayState) -> dict[str, Any] | None:
    if not state.trick:
        return None
    seat, card = state.trick[trick_winner([c for _, c in state.trick], state.trump, state.led)]
    return {"seat": seat, "card": str(card)}


def _last_trick(state: ChinkwayState) -> dict[str, Any] | None:
    if not state.last_trick:
        return None
    return {"winner": state.last_winner, "cards": [str(c) for _, c in state.last_trick]}


def _ranking(state: ChinkwayState) -> dict[int, int]:
    names = {seat.name: index for index, seat in enumerate(state.seats)}
    return {names[name]: rank for name, rank in state.result().ranking()}


QUERIES: dict[str, Any] = {
    **common_queries(lambda state, seat: state.hands[seat],
                     last_trick=_last_trick,
                     tricks_won=lambda state: state.tricks_won,
                     scores=lambda state: dict(enumerate(state.totals)),
                     strongest=_strongest),
    "deal": lambda state: state.deal_number,
    "dealer": lambda state: state.dealer,
    "positions": lambda state: list(state.positions),
    "reseated": lambda state: state.reseated,
    "partners": lambda state: {seat: state.partner(seat) for seat in range(PLAYERS)},
    "sides": lambda state: [list(side) for side in state.sides],
    "trump": lambda state: (state.trump or "NT") if state.trump_named else None,
    "quest": lambda state: [str(c) for c in state.quest],
    "quest_counts": lambda state: _counts(state.quest_need),
    "collected": lambda state: {seat: [str(c) for c in state.collected[state.side_of[seat]]]
                                for seat in range(PLAYERS)},
    "needs": lambda state: {seat: _counts(state.side_need(seat)) for seat in range(PLAYERS)},
    "pick": lambda state: list(state.pick_choices),
    "discards": lambda state: [str(c) for c in state.discards],
    "deal_scores": lambda state: [dict(enumerate(row)) for row in state.rows],
    "standings": lambda state: state.standings(),
    "quest_left": lambda state: len(state.quest_pack),
    "ranking": _ranking,
}
