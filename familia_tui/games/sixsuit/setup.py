"""Stacked deals and positions for six-suit scenarios.

A **deal** (`DealKeys`) fixes any of: each seat's suit (`suits`, seat order; otherwise the Ace
draw), its Jokers and white cards (`specials`; the team split is then not asked), its whole
private deck top card first (`decks`), and the face pile top card first (`face_pile`).

A **position** (`PositionKeys`) is any moment of a trick (before it is judged): the deal's keys (`decks` for
some seats only, the cards of a seat placed nowhere else going to its discard pile), plus `hands`,
`discards`, `captured`, `removed` (played Jokers and whites), `rebuilt` (seats whose rebuild is
used), `face` (the face card at stake), `battalions` (per team), `leader`, and the `trick` so far
(`AS`, `9H down`, `pass` from the leader, played through the engine so its rules hold). A seat's deck,
when not given, is the rest of its cards (own A–10 and specials) shuffled; a hand not given is
drawn from it. Every card is placed at most once. The scenario then plays the trick with `do:`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from familia_tui.core.cards import BLACK_JOKER, RED_JOKER, SIX_SUITS, WHITE_CARD, Card, CardError
from familia_tui.core.engine import IllegalAction, Seat
from familia_tui.core.position import SetupError, Supply, card_list, per_seat, seat_number
from familia_tui.core.presets import StrictModel
from familia_tui.core.scenario import CardsText, SeatCards, SeatTexts
from familia_tui.games.sixsuit.actions import PASS, play
from familia_tui.games.sixsuit.options import SixSuitOptions
from familia_tui.games.sixsuit.rules import FACE_PILE, NUMBERS, Deal, SixSuitState


class DealKeys(StrictModel):
    """A stacked start."""

    suits: SeatTexts | None = None
    """Each seat's suit letter."""
    specials: SeatCards | None = None
    """Each seat's Jokers and white cards (`-` or empty for none)."""
    decks: SeatCards | None = None
    """Each seat's whole deck, top card first."""
    face_pile: CardsText | None = None
    """The face pile, top card first (the first is revealed for the first trick)."""


class PositionKeys(DealKeys):
    """A moment between tricks."""

    hands: SeatCards | None = None
    discards: SeatCards | None = None
    captured: SeatCards | None = None
    removed: CardsText | None = None
    rebuilt: list[int] | None = None
    """Seats whose rebuild is used."""
    face: str | None = None
    """The face card at stake; default: the face pile's top card."""
    battalions: list[int] | None = None
    """Battalions formed so far, per team."""
    leader: int | None = None
    trick: list[str] | None = None
    """The trick so far from the leader: `AS` (face up), `9H down`, or `pass`; each card is
    taken from its player's cards (a seat that has played holds 2 unless `hands` says)."""


def _parse(value: Any) -> list[Card]:
    return SIX_SUITS.parse_cards(value)


def _cards(value: object, where: str) -> list[Card]:
    if value in ("-", ""):
        return []
    if value is None or isinstance(value, (str, list, tuple)):
        return card_list(value, where, _parse, (CardError, ValueError, TypeError))
    raise SetupError(f"{where}: {value!r} is not cards (write a list or a space-separated text)")


def _per_seat_cards(data: Mapping[str, Any], key: str, n: int) -> dict[int, list[Card]]:
    return {seat: _cards(v, f"{key}.{seat}") for seat, v in per_seat(data, key, n).items()}


def read_deal(data: Mapping[str, Any], n: int) -> Deal:
    """The `Deal` of a scenario's mapping."""
    suits = per_seat(data, "suits", n)
    if suits and len(suits) != n:
        raise SetupError(f"suits: give all {n} seats a suit")
    specials = _per_seat_cards(data, "specials", n)
    decks = _per_seat_cards(data, "decks", n)
    for key, found in (("specials", specials), ("decks", decks)):
        if found and len(found) != n:
            raise SetupError(f"{key}: give all {n} seats")
    pile = _cards(data.get("face_pile"), "face_pile") if data.get("face_pile") is not None else None
    return Deal(tuple(str(suits[s]).upper() for s in range(n)) if suits else None,
                tuple(tuple(specials[s]) for s in range(n)) if specials else None,
                tuple(tuple(decks[s]) for s in range(n)) if decks else None,
                tuple(pile) if pile is not None else None)


def new_game(options: SixSuitOptions, seats: Sequence[Seat], seed: int | None = None,
             deal: Mapping[str, Any] | None = None) -> SixSuitState:
    """A new game; `deal` stacks the start (`DealKeys`)."""
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise ValueError(f"seat names must differ: {', '.join(names)}")
    if deal is None:
        return SixSuitState(options, seats, seed)
    try:
        return SixSuitState(options, seats, seed, read_deal(deal, len(seats)))
    except (ValueError, IndexError) as error:
        raise SetupError(str(error)) from None


def position_state(options: SixSuitOptions, seats: Sequence[Seat], data: Mapping[str, Any],
                   seed: int | None = None) -> SixSuitState:
    """A state at a moment between tricks (`PositionKeys`)."""
    n = len(seats)
    deal = read_deal({k: v for k, v in data.items() if k != "decks"}, n)
    state = SixSuitState(options, seats, seed, Deal(deal.suits, deal.specials, None, None))
    if state.phase == "split":
        state.splits = _default_split(state)
    rng = random.Random(seed)
    faces = Supply(FACE_PILE, rng, "the face pile")
    captured = _per_seat_cards(data, "captured", n)
    for seat in range(n):
        state.captured[seat] = faces.take(captured.get(seat, []), f"captured.{seat}")
    face = [SIX_SUITS.parse_card(data["face"])] if data.get("face") else []
    faces.take(face, "face")
    pile = faces.take(list(deal.face_pile), "face_pile") if deal.face_pile is not None else faces.rest()
    if not face:
        if not pile:
            raise SetupError("face_pile: no face card left to play for")
        face = [pile.pop(0)]
    state.face, state.face_pile = face[0], pile[::-1]
    leader = seat_number(data.get("leader", state.spade), n, "leader")
    plays = _trick_plays(state, data.get("trick") or [], leader)
    _place_numbers(state, data, rng, {seat: card for seat, card, _ in plays if card is not None})
    state.rebuilt = [False] * n
    for seat in data.get("rebuilt") or []:
        state.rebuilt[seat_number(seat, n, "rebuilt")] = True
    if data.get("battalions") is not None:
        state.battalions = [int(b) for b in data["battalions"]]
    state.leader = state.turn = leader
    state.trick, state.trick_cards, state.phase, state.events, state._legal = [], 0, "play", [], None
    for number, (seat, card, face_up) in enumerate(plays):
        if card is not None:
            state.hands[seat].append(card)
        try:
            state.apply(PASS if card is None else play(card, face_up))
        except IllegalAction as error:
            raise SetupError(f"trick.{number}: {error}") from None
    state.events = []
    return state


def _trick_plays(state: SixSuitState, texts: Sequence[object], leader: int) -> list[tuple[int, Card | None, bool]]:
    """The trick's plays as (seat, card or None for a pass, face up), seats from the leader."""
    if len(texts) >= state.n:
        raise SetupError(f"trick: at most {state.n - 1} plays (a position stops before the trick is judged)")
    plays: list[tuple[int, Card | None, bool]] = []
    seat = leader
    for number, text in enumerate(texts):
        words = str(text).split()
        if words == ["pass"]:
            plays.append((seat, None, False))
        elif len(words) in (1, 2) and (len(words) == 1 or words[1] == "down"):
            plays.append((seat, _cards(words[0], f"trick.{number}")[0], len(words) == 1))
        else:
            raise SetupError(f"trick.{number}: {text!r} — write a card (AS), a card face down (9H down) or pass")
        seat = state.following[seat]
    return plays


def _default_split(state: SixSuitState) -> tuple[tuple[Card, ...], ...]:
    """Without `specials`: in each team, a Joker to each of the first two members in play order
    and the white card to the third (to the first with 4 players)."""
    splits: list[tuple[Card, ...]] = [()] * state.n
    for team, members in enumerate(state.members):
        joker = BLACK_JOKER if team == 0 else RED_JOKER
        shares = [[joker], [joker], [WHITE_CARD]] if len(members) == 3 else [[joker, WHITE_CARD], [joker]]
        for seat, share in zip(members, shares):
            splits[seat] = tuple(sorted(share))
    return tuple(splits)


def _place_numbers(state: SixSuitState, data: Mapping[str, Any], rng: random.Random,
                   played: Mapping[int, Card]) -> None:
    n = state.n
    pools = [Supply([Card(r, state.suits[s]) for r in NUMBERS] + list(state.splits[s]), rng, f"seat {s}'s cards")
             for s in range(n)]
    hands = _per_seat_cards(data, "hands", n)
    discards = _per_seat_cards(data, "discards", n)
    decks = _per_seat_cards(data, "decks", n)
    for seat, card in played.items():
        pools[seat].take([card], f"trick (seat {seat})")
    for seat in range(n):
        pool = pools[seat]
        state.hands[seat] = pool.take(hands.get(seat, []), f"hands.{seat}")
        state.discards[seat] = pool.take(discards.get(seat, []), f"discards.{seat}")
        if seat in decks:
            state.decks[seat] = pool.take(decks[seat], f"decks.{seat}")[::-1]
    removed = _cards(data.get("removed"), "removed")
    for card in removed:
        owner = next((s for s in range(n) if pools[s].free[card] > 0), None)
        if owner is None:
            raise SetupError(f"removed: {card} is placed more often than the game has it")
        pools[owner].take([card], "removed")
    state.removed = removed
    for seat in range(n):
        pool = pools[seat]
        left = pool.rest()
        pool.take(left, f"decks.{seat}")
        if seat not in decks:
            state.decks[seat] = left
        elif left and seat in discards:
            raise SetupError(f"seat {seat}: {' '.join(map(str, left))} placed nowhere (hand, deck, discards)")
        else:
            state.discards[seat] += left
        if seat not in hands:
            state.hands[seat] = []
            state._draw(seat)
            if seat in played:
                state.decks[seat].append(state.hands[seat].pop())
        state.shown[seat] = []
