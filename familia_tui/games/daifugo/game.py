"""Integrated Daifugō (大富豪統合ルール): the game's spec, `GAME`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from familia_tui.core.bots import RandomBot
from familia_tui.core.engine import GameSpec, Progress, Seat
from familia_tui.games.daifugo import ENTRY
from familia_tui.games.daifugo.actions import parse_action
from familia_tui.games.daifugo.bots import BasicBot
from familia_tui.games.daifugo.figures import STAT_FIGURES, DaifugoFigures, seat_figures
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.queries import QUERIES
from familia_tui.games.daifugo.rules import DaifugoState, StackedDeal
from familia_tui.games.daifugo.search import SEARCH
from familia_tui.games.daifugo.setup import position_state, stacked_deal
from familia_tui.games.daifugo.setup_keys import DealKeys, PositionKeys


def default_seats(options: DaifugoOptions) -> list[Seat]:
    """Seats P1 … Pn: no roles, no teams."""
    return [Seat(name=f"P{index + 1}") for index in range(options.players)]


def new_game(options: DaifugoOptions, seats: list[Seat], seed: int | None = None,
             deal: StackedDeal | Mapping[str, Any] | None = None) -> DaifugoState:
    """A new Daifugō session; `deal` stacks the first game (scenarios, tests, records)."""
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise ValueError(f"seat names must differ: {', '.join(names)}")
    if isinstance(deal, Mapping):
        deal = stacked_deal(options, deal, seed or 0)
    return DaifugoState(options, seats, seed, deal)


def progress(state: DaifugoState) -> Progress:
    """The game of the session and each seat's ビリ count, from the public view."""
    view = state.view(0)
    return Progress((("game", view.game, view.games),),
                    tuple((seat.name, count) for seat, count in zip(view.seats, view.biri_counts, strict=True)),
                    scores_key="dfg.score_biri")


GAME = GameSpec(
    entry=ENTRY,
    options_model=DaifugoOptions,
    new_game=new_game,
    parse_action=parse_action,
    bots={"random": RandomBot, "basic": BasicBot},
    default_preset="daifugo-4",
    default_seats=default_seats,
    queries=QUERIES,
    position=position_state,
    progress=progress,
    events=frozenset({"chombo", "declined", "dobon", "dobon_gaeshi", "nasuritsuke", "nokoshi",
                      "number_lock", "revolution", "rule_card", "stuck", "suit_lock", "tenho",
                      "trick_reverse", "uno", "uno_missed", "went_out"}),
    figures=DaifugoFigures,
    stats=seat_figures,
    stat_figures=STAT_FIGURES,
    deal_keys=DealKeys,
    position_keys=PositionKeys,
    search=SEARCH,
)
