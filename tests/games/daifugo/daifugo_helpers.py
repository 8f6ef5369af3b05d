"""Small builders shared by the Daifugō tests: options, stacked deals, positions, plays.

Cards are written in the project's notation (`10H` = 10♥, `JK` = a joker); actions as in the
game's notation (`play 7S 7H`, `play 5S JK=6S 7S`, `pass`, `call dobon`).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from familia_tui.core.cards import JOKER, Card, parse_cards
from familia_tui.core.engine import Seat
from familia_tui.games.daifugo.actions import Play, make_play, parse_action
from familia_tui.games.daifugo.deck import NATURALS, WILD
from familia_tui.games.daifugo.explain import FAILING
from familia_tui.games.daifugo.game import default_seats, new_game
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.rules import DaifugoState
from familia_tui.games.daifugo.setup import position_state


def options(**fields: Any) -> DaifugoOptions:
    """Options with the rule card off unless told otherwise (tests name their rule card)."""
    fields.setdefault("rule_card", "off")
    return DaifugoOptions(**fields)


def seats(opts: DaifugoOptions, bots: tuple[int, ...] = ()) -> list[Seat]:
    """Default seats; those in `bots` are played by the basic bot."""
    return [s.model_copy(update={"controller": "bot:basic"}) if i in bots else s
            for i, s in enumerate(default_seats(opts))]


def stacked(opts: DaifugoOptions, seed: int = 0, bots: tuple[int, ...] = (),
            **deal: Any) -> DaifugoState:
    """A new game whose first deal is stacked: `hands={0: "3H 4S"}`, `rule_card="5S"`; the
    seeded filler deals the rest evenly."""
    return new_game(opts, seats(opts, bots), seed=seed, deal=deal)


def position(opts: DaifugoOptions, seed: int = 0, bots: tuple[int, ...] = (),
             **data: Any) -> DaifugoState:
    """A state at any moment of a game (see `familia_tui.games.daifugo.setup`)."""
    return position_state(opts, seats(opts, bots), data, seed=seed)


def act(state: DaifugoState, *notations: str) -> DaifugoState:
    """Apply actions written in the notation, in order; returns the state for chaining."""
    for text in notations:
        state.apply(parse_action(text))
    return state


def legal(state: DaifugoState) -> set[str]:
    """The legal actions of the seat to act, as notations."""
    return {str(action) for action in state.legal_actions()}


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def judged_legal(state: DaifugoState, action: Any) -> bool:
    """The verdict of the explanation's own rule chain: no clause says the action breaks a rule."""
    return not any(c.key in FAILING for c in state.explain(action).clauses)


def candidate_plays(state: DaifugoState, max_jokers: int = 1,
                    declared: tuple[Card, ...] | None = None) -> list[Play]:
    """Every play the seat to act could write down: each subset of its natural cards, with up to
    `max_jokers` of its jokers as top jokers or declared as any card of `declared` (default:
    all 52, and the open-suit 8), with and without `uno`."""
    hand = state.hand(state.to_act)
    naturals = [c for c in hand if not c.is_joker]
    held = min(max_jokers, len(hand) - len(naturals))
    pool = list(declared or NATURALS) + [Card(8, WILD)]
    found = set()
    for size in range(len(naturals) + 1):
        for chosen in combinations(naturals, size):
            for jokers in range(held + 1):
                options_ = [(JOKER,) * jokers] + list(combinations_with_replacement(pool, jokers))
                for joker_cards in options_:
                    if size + jokers == 0:
                        continue
                    for uno in (False, True):
                        found.add(make_play(chosen, joker_cards, uno))
    return sorted(found, key=str)
