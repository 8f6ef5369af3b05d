"""Starting a Familia game from a stacked deal or a position (scenarios, records, bug reports).

A **stacked deal** places the first deal's cards: `hands` (a list in seat order, or a mapping
seat → cards), `stock`, `black` and `red` (each top card first). A **position** is any moment of
a deal, like a chess FEN: `deal`, `trick` (1-based), `leader`, `face` (the revealed face card, if
the trick has started), `trick_cards` (played so far from the leader on), `declared` (the suit a
led Joker named), `hands`, `known` (drawn cards still held [R-F9a]), `stock`, `black`, `red`,
`captures`, `voided` and `deal_start`. Both may name `voids` (seat → suits the filler must not
give that hand, e.g. `{2: S}`).

Cards a scenario leaves out are placed by a seeded filler, so a test may give one hand and the
trick so far. Every start is checked: each card at most as often as the game has it, hand and
stock sizes consistent with the trick, pile cards of the pile's colour.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from familia_tui.core.cards import (
    COLOURS,
    JOKER,
    Card,
    CardError,
    face_cards,
    parse_cards,
)
from familia_tui.core.engine import Seat
from familia_tui.core.position import (
    SetupError,
    Supply,
    card_list,
    seat_cards,
    seat_letters,
    seat_number,
)
from familia_tui.games.familia import trick as tr
from familia_tui.games.familia.options import FamiliaOptions
from familia_tui.games.familia.rules import FamiliaState, Phase, StackedDeal, hand_pool

__all__ = ["SetupError", "position_state", "stacked_deal"]

CARD_ERRORS = (CardError, TypeError)


def _cards(data: Mapping[str, Any], key: str) -> list[Card]:
    return card_list(data.get(key), key, parse_cards, CARD_ERRORS)


def _per_seat(data: Mapping[str, Any], key: str, seats: int) -> dict[int, list[Card]]:
    return seat_cards(data, key, seats, parse_cards, CARD_ERRORS)


def _supply(cards: Sequence[Card], rng: random.Random) -> Supply[Card]:
    return Supply(cards, rng, "the game")


def _fill(supply: Supply[Card], cards: list[Card], size: int, where: str, void: str = "") -> list[Card]:
    """Top `cards` up to `size` with random free cards, none of the `void` suits."""
    return supply.fill(cards, size, where, (lambda card: card.suit not in void) if void else None)


def _voids(data: Mapping[str, Any], seats: int) -> dict[int, str]:
    """`voids: {2: S, 3: SH}`: suits the filler must not give a seat (JK for Jokers)."""
    return seat_letters(data, "voids", seats, "SHDCX", "use S, H, D, C, JK", {"JK": "X"})


def stacked_deal(options: FamiliaOptions, data: Mapping[str, Any], seed: int = 0) -> StackedDeal:
    """The first deal from a (possibly partial) stacked deal; the filler places the rest."""
    rng = random.Random(seed)
    n, size = options.hands, options.deal_hand_size
    hands_given = _per_seat(data, "hands", n)
    supply = _supply(hand_pool(options.pool_decks, *options.adjustment), rng)
    given = {s: supply.take(cards, f"hands.{s}") for s, cards in hands_given.items()}
    stock = supply.take(_cards(data, "stock"), "stock")
    voids = _voids(data, n)
    hands = [_fill(supply, given.get(s, []), size, f"hands.{s}", voids.get(s, "")) for s in range(n)]
    stock = _fill(supply, stock, _stock_size(options), "stock")
    black, red = _piles(options, data, _deal_face_cards(options, 0), rng)
    return StackedDeal(tuple(map(tuple, hands)), tuple(stock), tuple(black), tuple(red))


def _stock_size(options: FamiliaOptions) -> int:
    return options.pool_size - options.hands * options.deal_hand_size


def _deal_face_cards(options: FamiliaOptions, deal: int) -> list[Card]:
    """Face cards (and face Jokers) that are in the piles at the start of deal `deal`."""
    if options.face_mode == "through" or options.face_mode == "split_carry":
        sets = options.sets if options.face_mode == "through" else deal + 1
        jokers = sum(options.face_jokers_of(d) for d in range(deal + 1))
    else:
        sets, jokers = 1, options.face_jokers_of(deal)
    return face_cards(sets) + [JOKER] * jokers


def _piles(options: FamiliaOptions, data: Mapping[str, Any], available: Sequence[Card],
           rng: random.Random, taken: Sequence[Card] = ()) -> tuple[list[Card], list[Card]]:
    """The two face piles, top first: the given tops, then the rest shuffled below."""
    supply = _supply(available, rng)
    supply.take(taken, "captures/voided/face")
    tops = {c: supply.take(_cards(data, c), c) for c in COLOURS}
    for colour, cards in tops.items():
        wrong = [str(c) for c in cards if c.colour not in (colour, None)]
        if wrong:
            raise SetupError(f"{colour}: {' '.join(wrong)} cannot be in the {colour} pile")
    rest = list(supply.free.elements())
    rng.shuffle(rest)
    jokers = [c for c in rest if c == JOKER]
    piles = {c: tops[c] + [x for x in rest if x.colour == c] for c in COLOURS}
    for index, joker in enumerate(jokers):  # spread the remaining face Jokers [R-F32]
        piles[COLOURS[index % 2]].append(joker)
    return piles["black"], piles["red"]


def position_state(options: FamiliaOptions, seats: Sequence[Seat], data: Mapping[str, Any],
                   seed: int = 0) -> FamiliaState:
    """A state at any moment of a deal, as the position describes it."""
    state = FamiliaState(options, seats, seed)
    _Position(options, state, data, random.Random(seed)).place()
    return state


class _Position:
    """Writes a position into a fresh state, checking every count against the rules."""

    def __init__(self, options: FamiliaOptions, state: FamiliaState, data: Mapping[str, Any],
                 rng: random.Random) -> None:
        self.options, self.state, self.data, self.rng = options, state, data, rng
        self.n = options.hands
        self.deal = int(data.get("deal", 1)) - 1
        self.trick = int(data.get("trick", 1)) - 1
        if not 0 <= self.deal < options.deals:
            raise SetupError(f"deal: {self.deal + 1} is not a deal of this game (1–{options.deals})")
        if not 0 <= self.trick < options.deal_tricks:
            raise SetupError(f"trick: {self.trick + 1} is not a trick of a deal "
                             f"(1–{options.deal_tricks})")
        if options.face_mode == "split_discard" and self.deal > 0:
            raise SetupError("deal: positions after deal 1 need face_mode through or split_carry")
        self.leader = self._seat("leader", 0)

    def _seat(self, key: str, default: int) -> int:
        return seat_number(self.data.get(key, default), self.n, key)

    def place(self) -> None:
        state = self.state
        state.deal, state.trick_no, state.leader = self.deal, self.trick, self.leader
        state.deal_start = self._seat("deal_start", self.leader)
        style = self.options.style_of(self.deal)
        state.batting = style == "batting"
        state.key_of = state.plan.key_tables[self.deal]
        state.history, state.events, state._legal = [], [], None
        plays = self._place_hand_cards()
        self._place_face_cards()
        if plays and state.phase is not Phase.PLAY:
            raise SetupError("trick_cards: a trick in progress needs its face card ('face')")
        self._replay_trick(plays)

    # ----- face cards -----

    def _place_face_cards(self) -> None:
        state, opts = self.state, self.options
        captures = _per_seat(self.data, "captures", self.n)
        captured = [c for cards in captures.values() for c in cards]
        named_voided = _cards(self.data, "voided")
        face = _cards(self.data, "face")
        tops = [c for colour in COLOURS for c in _cards(self.data, colour)]
        revealed = self.deal * opts.deal_tricks + self.trick
        if len(captured) + len(named_voided) > revealed:
            raise SetupError(f"captures/voided: {len(captured) + len(named_voided)} face cards taken, "
                             f"but only {revealed} tricks were played before this one")
        available = _deal_face_cards(opts, self.deal)
        pool = _supply(available, self.rng)
        pool.take(captured + named_voided + face + tops, "captures/voided/face/piles")
        voided = named_voided + _fill(pool, [], revealed - len(captured) - len(named_voided), "voided")
        black, red = _piles(opts, self.data, available, self.rng, captured + voided + face)
        state.captures = [captures.get(s, []) for s in range(self.n)]
        state.face_discard = voided
        state.piles = {"black": list(reversed(black)), "red": list(reversed(red))}
        state._new_trick()
        if face:
            colour = face[0].colour or str(self.data.get("colour", "black"))
            state.piles[colour].append(face[0])
            state._reveal(colour)

    # ----- hand cards -----

    def _place_hand_cards(self) -> list[Card]:
        """Hands, stock and discard; returns the cards of the trick in progress."""
        state, opts = self.state, self.options
        stock_tricks = opts.deal_tricks - opts.deal_hand_size
        in_stock = self.trick < stock_tricks
        base_size = opts.deal_hand_size if in_stock else opts.deal_tricks - self.trick
        stock_size = (stock_tricks - self.trick) * self.n if in_stock else 0
        plays = _cards(self.data, "trick_cards")
        if len(plays) >= self.n:
            raise SetupError(f"trick_cards: {len(plays)} cards, but a trick has {self.n}")
        supply = _supply(hand_pool(opts.pool_decks, *opts.adjustment), self.rng)
        given = {s: supply.take(c, f"hands.{s}") for s, c in _per_seat(self.data, "hands", self.n).items()}
        supply.take(plays, "trick_cards")
        stock = supply.take(_cards(self.data, "stock"), "stock")
        played_seats = set(state.ring.order(self.leader)[:len(plays)])
        voids = _voids(self.data, self.n)
        hands = [_fill(supply, given.get(s, []), base_size - (s in played_seats), f"hands.{s}",
                       voids.get(s, "")) for s in range(self.n)]
        known = self._known(hands)
        state.hand_ids = [tr.ids_of(hand) for hand in hands]
        state.known_ids = [tr.ids_of(cards) for cards in known]
        state.stock_ids = tr.ids_of(reversed(_fill(supply, stock, stock_size, "stock")))
        state.discard_ids = tr.ids_of(supply.free.elements())
        return plays

    def _known(self, hands: list[list[Card]]) -> list[list[Card]]:
        known = _per_seat(self.data, "known", self.n)
        for seat, cards in known.items():
            if Counter(cards) - Counter(hands[seat]):
                raise SetupError(f"known.{seat}: every known card must be in that hand")
            rest = list(hands[seat])
            for card in cards:
                rest.remove(card)
            hands[seat][:] = rest + list(cards)  # drawn cards are held last, as in play
        return [known.get(s, []) for s in range(self.n)]

    def _replay_trick(self, plays: list[Card]) -> None:
        state = self.state
        for card in plays:
            seat = state.turn
            declared = self.data.get("declared") if card == JOKER and not state.plays else None
            state.hand_ids[seat].append(tr.CARD_ID[card])
            state._play(card, declared)
        state._legal = None
        state.events = []
