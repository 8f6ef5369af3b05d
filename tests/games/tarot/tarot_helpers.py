"""Small builders shared by the Tarot rules tests: options, stacked deals, positions, plays.

Cards are written in the Tarot notation (`RH` roi de cœur, `DD` dame de carreau, `T21`, `EX`);
actions as in the game's notation (`bid garde`, `discard 3C`, `play T1`).
"""

from __future__ import annotations

from typing import Any

from familia_tui.games.tarot.actions import parse_action
from familia_tui.games.tarot.cards import CARDS, Card, parse_card, parse_cards
from familia_tui.games.tarot.game import default_seats, new_game
from familia_tui.games.tarot.options import TarotOptions
from familia_tui.games.tarot.rules import TarotState
from familia_tui.games.tarot.scoring import ContractResult, GraschResult
from familia_tui.games.tarot.setup import position_state


def cards(text: str) -> list[Card]:
    """`cards("RH T21 EX")` → the cards, in order."""
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_card(text)


def options(players: int = 4, **fields: Any) -> TarotOptions:
    """Options for `players`; seat 0 deals the first hand unless told otherwise."""
    fields.setdefault("first_dealer", 0)
    return TarotOptions(players=players, **fields)


def stacked(opts: TarotOptions, seed: int = 0, **deal: Any) -> TarotState:
    """A new game whose first deal is stacked: `hands={0: "RH T21"}`, `chien="1S 2S"`,
    `voids={1: "T"}`, `then=[…]`; the seeded filler places the rest."""
    return new_game(opts, default_seats(opts), seed=seed, deal=deal)


def position(opts: TarotOptions, seed: int = 0, **data: Any) -> TarotState:
    """A state at any moment of a hand (see `familia_tui.games.tarot.setup`)."""
    return position_state(opts, default_seats(opts), data, seed=seed)


def play(state: TarotState, *notations: str) -> TarotState:
    """Apply actions written in the notation, in order; returns the state for chaining."""
    for text in notations:
        state.apply(parse_action(text))
    return state


def legal(state: TarotState) -> set[str]:
    """The legal actions of the seat to act, as notations."""
    return {str(action) for action in state.legal_actions()}


def suit_cards(letter: str) -> list[Card]:
    """Every card of a suit (`"H"`), low to high."""
    return [c for c in CARDS if str(c).endswith(letter) and not str(c).startswith("T")]


def finish_hand(state: TarotState) -> ContractResult | GraschResult:
    """Play the first legal card (declaring nothing) until the hand in progress is scored."""
    scored = len(state.results)
    while len(state.results) == scored:
        state.apply(next(a for a in state.legal_actions() if str(a).startswith(("play", "discard",
                                                                                 "no-slam", "call"))))
    return state.results[-1]


def play_out(state: TarotState, order: dict[int, str] | None = None,
             keep: dict[int, str] | None = None, tricks_left: int = 0) -> TarotState:
    """Play the hand in progress until `tricks_left` tricks remain (0: until it is scored).

    Each seat plays the earliest legal card of its `order` (seat → cards in the order it wants to
    play them), else its first legal card that it does not `keep` (seat → cards held back to the
    end), else its first legal card; the taker announces no slam and makes the first legal écart;
    nobody declares."""
    wanted = {seat: cards(text) for seat, text in (order or {}).items()}
    held = {seat: cards(text) for seat, text in (keep or {}).items()}
    scored = len(state.results)
    while len(state.results) == scored and not state.is_over:
        if state.phase == "play" and state.tricks_per_hand - state.trick_no == tricks_left and not state.trick:
            break
        actions = [a for a in state.legal_actions() if not str(a).startswith("declare")]
        plays = {a.card: a for a in actions if str(a).startswith("play")}  # type: ignore[attr-defined]
        seat = state.to_act
        choice = next((plays[c] for c in wanted.get(seat, []) if c in plays), None)  # type: ignore[arg-type]
        choice = choice or next((a for c, a in plays.items() if c not in held.get(seat, [])), None)  # type: ignore[arg-type]
        state.apply(choice or actions[0])
    return state
