"""French Tarot (フレンチタロット) for 3, 4 or 5 players: the game's spec, `GAME`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from familia_tui.core.bots import RandomBot
from familia_tui.core.engine import GameSpec, Progress, Seat
from familia_tui.games.tarot import ENTRY
from familia_tui.games.tarot.actions import parse_action
from familia_tui.games.tarot.bots import BasicBot
from familia_tui.games.tarot.cards import parse_card
from familia_tui.games.tarot.figures import STAT_FIGURES, TarotFigures, seat_figures
from familia_tui.games.tarot.options import TarotOptions
from familia_tui.games.tarot.queries import QUERIES
from familia_tui.games.tarot.rules import TarotState
from familia_tui.games.tarot.sampler import SEARCH
from familia_tui.games.tarot.setup import position_state, stacked_deals
from familia_tui.games.tarot.setup_keys import DealKeys, PositionKeys


def default_seats(options: TarotOptions) -> list[Seat]:
    """Seats P1 … Pn in the order of play (no roles or teams: sides change every hand)."""
    return [Seat(name=f"P{i + 1}") for i in range(options.players)]


def new_game(options: TarotOptions, seats: list[Seat], seed: int | None = None,
             deal: Mapping[str, Any] | None = None) -> TarotState:
    """A new game of `options.hand_count` hands; `deal` stacks the first deals (see setup.py)."""
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise ValueError(f"seat names must differ: {', '.join(names)}")
    if deal is None:
        return TarotState(options, seats, seed)
    deals, dealer = stacked_deals(options, deal, seed or 0)
    return TarotState(options, seats, seed, deals, dealer)


def progress(state: TarotState) -> Progress:
    """The hand being played and every seat's total, from the public view."""
    view = state.view(0)
    hand = min(view.hand_number, view.hands_total)
    return Progress((("hand", hand, view.hands_total),),
                    tuple((seat.name, total) for seat, total in zip(view.seats, view.totals, strict=True)))


GAME = GameSpec(
    entry=ENTRY,
    options_model=TarotOptions,
    new_game=new_game,
    parse_action=parse_action,
    bots={"random": RandomBot, "basic": BasicBot},
    default_preset="tarot-4",
    default_seats=default_seats,
    queries=QUERIES,
    position=position_state,
    deal_keys=DealKeys,
    position_keys=PositionKeys,
    parse_card=parse_card,
    progress=progress,
    events=frozenset({"bid", "card_called", "card_discarded", "chien_shown", "declared", "grasch",
                      "hand_annulled", "partner_revealed", "slam", "taker"}),
    figures=TarotFigures,
    stats=seat_figures,
    stat_figures=STAT_FIGURES,
    search=SEARCH,
)
