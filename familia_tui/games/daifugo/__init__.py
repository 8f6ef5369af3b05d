"""Integrated Daifugō (大富豪統合ルール), as `GAME`.

A climbing game for 3–8 players with a 56-card deck (four jokers): a rule card drawn each game
activates rule families (しなふごう, かなふごう, J富豪; ししふごう and the ◆ start as options)
whose ability cards reverse the order, and 8切り, 革命, クーデター, スペ3, locks, 天和, ○○残し, ウノ,
ドボン and チョンボ decide who is ビリ. The rules are in `rules.py` (the state machine), `legal.py`
(legal plays), `shapes.py` (combinations and strength), `families.py` (the rule card).

Notation (actions.py): `play 7S 7H`, `play 5S JK=6S 7S`, `play JK JK`, `play 8S JK=8*`,
`play 4S uno`, `pass`, `call dobon`, `call chombo`, `decline`.

Queries for scenarios (queries.py): `phase` (lead, follow, dobon, chombo, over), `to_act`,
`game`, `leader`, `hands` {seat: [cards]}, `counts` {seat: n}, `rule_card`, `families`,
`ability_ranks`, `top` {seat, play, kind, size, rank}, `trick_plays` [[seat, play], …],
`passed`, `suit_lock` [suits] or null, `number_lock`, `next_rank`, `revolution`,
`trick_reverse`, `order` (ranks weakest first), `value` (ドボン value of the top), `places`,
`kept`, `uno_missed`, `biri`, `reason`, `final_places` (of the last finished game), `session`
{seat: ビリ count}, `first_places`, `games_played`, `over`, `last_events` (event kinds of the
last action).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from familia_tui.core.bots import RandomBot
from familia_tui.core.engine import GameSpec, Progress, Seat
from familia_tui.games.daifugo.actions import parse_action
from familia_tui.games.daifugo.bots import BasicBot
from familia_tui.games.daifugo.figures import DaifugoFigures
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.queries import QUERIES
from familia_tui.games.daifugo.rules import DaifugoState, StackedDeal
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
                    score_word="biri")


GAME = GameSpec(
    id="daifugo",
    names={"en": "Daifugō (integrated rules)", "ja": "大富豪統合ルール"},
    options_model=DaifugoOptions,
    new_game=new_game,
    parse_action=parse_action,
    bots={"random": RandomBot, "basic": BasicBot},
    default_preset="daifugo-4",
    default_seats=default_seats,
    players=(3, 8),
    queries=QUERIES,
    position=position_state,
    progress=progress,
    figures=DaifugoFigures,
    deal_keys=DealKeys,
    position_keys=PositionKeys,
)
