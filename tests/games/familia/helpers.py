"""Small builders shared by the Familia rules tests: options, stacked deals, positions, plays.

Cards are written in the project's notation (`10H` = 10♥, `JK` = a Joker); actions as in the
game's notation (`pile red`, `play 5H`, `play JK as D`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from familia_tui.core.cards import COLOURS, Card, parse_card, parse_cards
from familia_tui.games.familia import trick as tr
from familia_tui.games.familia.actions import ChoosePile, parse_action
from familia_tui.games.familia.game import default_seats, new_game
from familia_tui.games.familia.options import FamiliaOptions
from familia_tui.games.familia.rules import FamiliaState, Phase
from familia_tui.games.familia.setup import position_state


def cards(text: str) -> list[Card]:
    """`cards("5H 8S JK")` → the cards, in order."""
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_card(text)


def options(players: int | None = None, **fields: Any) -> FamiliaOptions:
    """Options for `players` with the first trick led by seat 0 unless told otherwise."""
    fields.setdefault("first_leader", 0)
    if players is not None:
        fields["players"] = players
    return FamiliaOptions(**fields)


def stacked(opts: FamiliaOptions, seed: int = 0, **deal: Any) -> FamiliaState:
    """A new game whose first deal is stacked: `hands={0: "AH 5H"}`, `stock="AD 8D"`,
    `black="KS"`, `red="QH"` (top card first); the seeded filler places the rest."""
    return new_game(opts, default_seats(opts), seed=seed, deal=deal)


def position(opts: FamiliaOptions, seed: int = 0, **data: Any) -> FamiliaState:
    """A state at any moment of a deal (see `familia_tui.games.familia.setup`)."""
    return position_state(opts, default_seats(opts), data, seed=seed)


def play(state: FamiliaState, *notations: str) -> FamiliaState:
    """Apply actions written in the notation, in order; returns the state for chaining."""
    for text in notations:
        state.apply(parse_action(text))
    return state


def legal(state: FamiliaState) -> set[str]:
    """The legal actions of the seat to act, as notations."""
    return {str(action) for action in state.legal_actions()}


def legal_cards(hand: str, ctx: tr.Context, decks: int = 1) -> set[str]:
    """The legal plays of `hand` in a trick context, as card notations."""
    style = "batting" if ctx.batting else "normal"
    duty = tr.obligations(cards(hand), ctx, tr.batting_key(decks, style))
    return {str(c) for c in duty.legal}


def stock_trick(led: str | None, played: str = "", batting: bool = False) -> tr.Context:
    """A phase-1 trick: the face card's suit `led` (None for a face Joker), the cards so far."""
    return tr.Context(led, None, True, led is None, batting, tuple(cards(played)))


def trump_trick(trump: str | None, led: str | None = None, played: str = "",
                batting: bool = False) -> tr.Context:
    """A phase-2 trick: `trump` from the face card (None for a face Joker), the led suit once
    a card is led, the cards so far."""
    return tr.Context(led, trump, False, trump is None, batting, tuple(cards(played)))


def resolve(plays: str, led: str | None, trump: str | None = None, decks: int = 1,
            style: str = "normal") -> tr.Resolution:
    return tr.resolve(cards(plays), led, trump, tr.batting_key(decks, style))


Chooser = Callable[[FamiliaState], str]


def alternate_piles(state: FamiliaState) -> str:
    """Black on even tricks, red on odd ones (the other pile when one is empty)."""
    wanted = COLOURS[state.trick_no % 2]
    return wanted if state.piles[wanted] else COLOURS[1 - COLOURS.index(wanted)]


def play_first_legal(state: FamiliaState, until: Callable[[FamiliaState], bool],
                     colour: Chooser = alternate_piles, limit: int = 2000) -> FamiliaState:
    """Play deterministically (the chosen pile, then the first legal card) until `until`."""
    for _ in range(limit):
        if until(state) or state.is_over:
            return state
        if state.phase is Phase.PILE:
            state.apply(ChoosePile(colour(state)))
        else:
            state.apply(state.legal_actions()[0])
    raise AssertionError("the game did not reach the wanted moment")


def finish_deal(state: FamiliaState, colour: Chooser = alternate_piles) -> list[Any]:
    """Play the current deal to its end; returns the events of the deal's last action."""
    while True:
        if state.phase is Phase.PILE:
            events = state.apply(ChoosePile(colour(state)))
        else:
            events = state.apply(state.legal_actions()[0])
        if any(event.kind == "deal_ended" for event in events):
            return events
