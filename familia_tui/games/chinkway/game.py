"""Chinkway (ファーファリア), Derek Carver's 5-player quest game: the game's spec, `GAME`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from familia_tui.core.bots import RandomBot
from familia_tui.core.engine import GameSpec, Progress, Seat
from familia_tui.games.chinkway import ENTRY
from familia_tui.games.chinkway.actions import parse_action
from familia_tui.games.chinkway.bots import BasicBot
from familia_tui.games.chinkway.figures import STAT_FIGURES, seat_figures
from familia_tui.games.chinkway.options import ChinkwayOptions
from familia_tui.games.chinkway.queries import QUERIES
from familia_tui.games.chinkway.rules import ChinkwayState
from familia_tui.games.chinkway.search import SEARCH
from familia_tui.games.chinkway.setup import position_state, stacked_state
from familia_tui.games.chinkway.setup_keys import DealKeys, PositionKeys


def default_seats(options: ChinkwayOptions) -> list[Seat]:
    """Seats P1 … P5 clockwise (no teams: the partnerships change every deal)."""
    return [Seat(name=f"P{i + 1}") for i in range(5)]


def new_game(options: ChinkwayOptions, seats: list[Seat], seed: int | None = None,
             deal: Mapping[str, Any] | None = None) -> ChinkwayState:
    """A new game; `deal` stacks the first deals (see setup.py)."""
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise ValueError(f"seat names must differ: {', '.join(names)}")
    if deal is None:
        return ChinkwayState(options, seats, seed)
    return stacked_state(options, seats, seed, deal)


def progress(state: ChinkwayState) -> Progress:
    """The deal being played and every seat's total, from the public view."""
    view = state.public_view()
    return Progress((("deal", view.deal, view.deals_total),),
                    tuple((seat.name, total) for seat, total in zip(view.seats, view.totals, strict=True)))


GAME = GameSpec(
    entry=ENTRY,
    options_model=ChinkwayOptions,
    new_game=new_game,
    parse_action=parse_action,
    bots={"random": RandomBot, "basic": BasicBot},
    default_preset="chinkway-11",
    default_seats=default_seats,
    queries=QUERIES,
    position=position_state,
    deal_keys=DealKeys,
    position_keys=PositionKeys,
    progress=progress,
    events=frozenset({"discarded", "trump_named", "quest_revealed", "quest_reshuffled", "quest_taken",
                      "reseated"}),
    stats=seat_figures,
    stat_figures=STAT_FIGURES,
    search=SEARCH,
)
