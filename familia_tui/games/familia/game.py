"""Familia (ファミリア): the six-role face-card trick-taking game: the game's spec, `GAME`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from familia_tui.core.bots import RandomBot
from familia_tui.core.cards import SUITS
from familia_tui.core.engine import GameSpec, Progress, Seat, SeatField
from familia_tui.core.table import per_object
from familia_tui.games.familia import ENTRY
from familia_tui.games.familia.actions import parse_action
from familia_tui.games.familia.bots import BasicBot
from familia_tui.games.familia.figures import STAT_FIGURES, seat_figures
from familia_tui.games.familia.match import table_seats
from familia_tui.games.familia.options import FamiliaOptions
from familia_tui.games.familia.queries import QUERIES
from familia_tui.games.familia.rules import FamiliaState, StackedDeal
from familia_tui.games.familia.search import SEARCH
from familia_tui.games.familia.seating import seating_problems
from familia_tui.games.familia.setup import position_state, stacked_deal
from familia_tui.games.familia.setup_keys import DealKeys, PositionKeys

ROLE = SeatField("role", ("M", "F"), label="fam.seat_role", value_label="fam.seat_role_{value}")
"""Male or female role: decides single-card scores (A.2)."""
CREST = SeatField("crest", tuple(SUITS), label="fam.seat_crest", value_label="fam.seat_crest_{value}",
                  suits=True, per_team=True, used=lambda options: bool(options.royal),
                  missing="fam.seat_crest_missing", width=16)
"""Royal option: the team's crest suit (家紋)."""


def default_seats(options: FamiliaOptions) -> list[Seat]:
    """Seats P1, P2 … with the table's roles, teams and crests (2 players: P1-M, P2-M, P1-F, P2-F)."""
    seats = []
    for index, plan in enumerate(options.default_table()):
        if options.players == 2:
            player = f"P{1 + 'AB'.index(plan.player)}" if plan.player in ("A", "B") else plan.player
            name = f"{player}-{plan.role}"
        else:
            player, name = None, f"P{index + 1}"
        seats.append(Seat(name=name, player=player, team=plan.team,
                          fields={"role": plan.role, "crest": plan.crest}))
    return seats


def new_game(options: FamiliaOptions, seats: list[Seat], seed: int | None = None,
             deal: StackedDeal | Mapping[str, Any] | None = None) -> FamiliaState:
    """A new Familia match; `deal` stacks the first deal (scenarios, tests, records)."""
    table = table_seats(seats)
    twice, no_crest = _seat_problems(table)
    if twice:
        raise ValueError(twice)
    if no_crest and options.royal:
        raise ValueError(no_crest)
    if deal is not None and isinstance(deal, Mapping):  # an ABC's isinstance is slow: most games have none
        deal = stacked_deal(options, deal, seed or 0)
    return FamiliaState(options, table, seed, deal)


@per_object
def _seat_problems(seats: tuple[Seat, ...]) -> tuple[str | None, str | None]:
    """What `new_game` finds wrong with a table's seats: names given twice, and (for the royal
    option) seats without a crest. Worked out once per table (`table_seats` gives the same
    tuple for the same seats): a search starts thousands of games on one table."""
    names = [seat.name for seat in seats]
    twice = None if len(set(names)) == len(names) else f"seat names must differ: {', '.join(names)}"
    missing = [seat.name for seat in seats if seat.field("crest") is None]
    return twice, f"royal is on but {', '.join(missing)} have no crest (家紋)" if missing else None


def progress(state: FamiliaState) -> Progress:
    """The game of the match and its deal, and the match totals, from the public view."""
    view = state.view(0)
    match = view.match
    games = {"single": 1, "games": match.rules.count}.get(match.rules.format)
    rounds = (("game", match.game_no, games), ("deal", min(view.deal + 1, view.deals), view.deals))
    return Progress(rounds, tuple(match.totals.items()))


GAME = GameSpec(
    entry=ENTRY,
    options_model=FamiliaOptions,
    new_game=new_game,
    parse_action=parse_action,
    bots={"random": RandomBot, "basic": BasicBot},
    default_preset="familia-4",
    default_seats=default_seats,
    queries=QUERIES,
    position=position_state,
    deal_keys=DealKeys,
    position_keys=PositionKeys,
    table_problems=seating_problems,
    teams=True,
    seat_fields=(ROLE, CREST),
    progress=progress,
    events=frozenset({"card_drawn", "deal_ended", "face_revealed"}),
    stats=seat_figures,
    stat_figures=STAT_FIGURES,
    search=SEARCH,
)
