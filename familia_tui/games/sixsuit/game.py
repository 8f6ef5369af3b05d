"""The six-suit game's spec, `GAME`."""

from __future__ import annotations

from familia_tui.core.bots import RandomBot
from familia_tui.core.cards import SIX_SUITS
from familia_tui.core.engine import GameSpec, Progress, Seat, SeatField
from familia_tui.games.sixsuit import ENTRY
from familia_tui.games.sixsuit.actions import parse_action
from familia_tui.games.sixsuit.bots import BasicBot
from familia_tui.games.sixsuit.figures import STAT_FIGURES, SixSuitFigures, seat_figures
from familia_tui.games.sixsuit.options import SixSuitOptions
from familia_tui.games.sixsuit.queries import QUERIES
from familia_tui.games.sixsuit.rules import SixSuitState
from familia_tui.games.sixsuit.search import SEARCH
from familia_tui.games.sixsuit.setup import DealKeys, PositionKeys, new_game, position_state

SUIT_FIELD = SeatField(
    name="suit", values=("S", "H", "X", "L", "C", "D"), label="six.seat_suit", value_label="six.suit.{value}",
    suits=True, required=True, used=lambda options: options.teams == "fixed", missing="six.seat_suit_missing",
)
"""Fixed teams: each seat's suit, of its team's colour [R-S30]."""


def default_seats(options: SixSuitOptions) -> list[Seat]:
    """P1 … Pn; with fixed teams, the suits in the canonical order and their colours' teams."""
    if options.teams != "fixed":
        return [Seat(name=f"P{i + 1}") for i in range(len(options.suit_set))]
    return [Seat(name=f"P{i + 1}", team=options.colour(suit), fields={"suit": suit})
            for i, suit in enumerate(options.suit_set)]


def progress(state: SixSuitState) -> Progress:
    """The trick being played and the face cards each seat has captured (points stay hidden)."""
    view = state.public_view()
    total = 18
    done = min(total, total - view.faces_left - (1 if view.face is not None else 0) + 1)
    return Progress((("hand", done, total),),
                    tuple((seat.name, float(count)) for seat, count in zip(view.seats, view.captured_counts)),
                    "six.progress_captures")


GAME = GameSpec(
    entry=ENTRY,
    options_model=SixSuitOptions,
    new_game=new_game,
    parse_action=parse_action,
    bots={"random": RandomBot, "basic": BasicBot},
    default_preset="sixsuit-6",
    default_seats=default_seats,
    queries=QUERIES,
    position=position_state,
    deal_keys=DealKeys,
    position_keys=PositionKeys,
    parse_card=SIX_SUITS.parse_card,
    teams=True,
    seat_fields=(SUIT_FIELD,),
    progress=progress,
    figures=SixSuitFigures,
    stats=seat_figures,
    stat_figures=STAT_FIGURES,
    events=frozenset({"split_asked", "split", "face_revealed", "battalion", "no_winner", "rebuilt",
                      "rebuild_passed"}),
    search=SEARCH,
)
