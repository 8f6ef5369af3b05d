"""Toy whist's rules engine (see the package docstring), on the kit's shared parts only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from familia_tui.core.bots import RandomBot
from familia_tui.core.cards import SUITS, Card, parse_card
from familia_tui.core.engine import (
    ActionSyntaxError,
    Event,
    Explanation,
    GameSpec,
    Progress,
    Seat,
    allowed_clause,
    clause,
)
from familia_tui.core.presets import StrictModel
from familia_tui.core.queries import common_queries
from familia_tui.core.search import SearchSpec, Unseen
from familia_tui.core.table import BaseState, copy_list, copy_rows, follow_suit, handles, seat_ring, trick_winner
from toy import ENTRY

RANKS = (10, 11, 12, 13, 14)
TEAMS = ("A", "B")
"""Team A sits at seats 0 and 2 and chooses trumps; team B at seats 1 and 3."""


class ToyOptions(StrictModel):
    """Toy whist has one rule set."""

    players: Literal[4] = 4
    """Four players in two teams."""


@dataclass(frozen=True)
class Trump:
    """The first team's trump suit."""

    suit: str

    def __str__(self) -> str:
        return f"trump {self.suit}"


@dataclass(frozen=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


ToyAction = Trump | Play


def parse_action(text: str) -> ToyAction:
    """`trump S` or `play 10H`."""
    word, _, rest = text.strip().partition(" ")
    if word == "trump" and rest.strip().upper() in SUITS:
        return Trump(rest.strip().upper())
    if word == "play" and rest.strip():
        return Play(parse_card(rest.strip()))
    raise ActionSyntaxError(f"not a toy whist action: {text!r} (trump S, play 10H)")


@dataclass(frozen=True)
class ToyView:
    """What one seat (or a watcher, `seat` None) may know."""

    seat: int | None
    seats: tuple[Seat, ...]
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    """The seat's own hand (the team's hands while its team chooses trumps: `team_hands`)."""
    team_hands: tuple[tuple[int, tuple[Card, ...]], ...]
    """During the trump choice, the hands of the choosing team, for its members only."""
    counts: tuple[int, ...]
    trump: str | None
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, int]
    played: tuple[tuple[int, Card], ...] = ()
    """Every card played so far, with its seat, in order (the trick in play last)."""


@dataclass(frozen=True)
class ToyResult:
    """Tricks per team."""

    units: tuple[tuple[str, tuple[int, ...]], ...]
    totals: dict[str, float]
    deals_played: int = 1

    def ranking(self) -> list[tuple[str, int]]:
        first, second = sorted(self.totals, key=lambda unit: -self.totals[unit])
        tied = self.totals[first] == self.totals[second]
        return [(first, 1), (second, 1 if tied else 2)]


class ToyState(BaseState[ToyAction, ToyView, ToyResult]):
    IMMUTABLE = ("seats", "phase", "leader", "trump", "to_move")
    COPIED = {"hands": copy_rows, "trick": copy_list, "last_trick": copy_list, "tricks": copy_list,
              "played": copy_list}

    def __init__(self, options: ToyOptions, seats: Sequence[Seat], seed: int | None = None,
                 hands: Sequence[Sequence[Card]] | None = None) -> None:
        if len(seats) != 4:
            raise ValueError(f"toy whist is for 4 players; {len(seats)} seats given")
        self.seats = tuple(seats)
        if hands is None:
            deck = [Card(rank, suit) for suit in SUITS for rank in RANKS]
            random.Random(seed).shuffle(deck)
            hands = [deck[i * 5:(i + 1) * 5] for i in range(4)]
        self.hands = [list(hand) for hand in hands]
        self.phase = "trump"
        self.leader = 0
        self.to_move: int | None = 0
        self.trump: str | None = None
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: list[tuple[int, Card]] = []
        self.tricks = [0, 0]
        self.played: list[tuple[int, Card]] = []
        self._legal = None
        self.events = []

    @property
    def to_act(self) -> int | None:
        return self.to_move

    @property
    def deciders(self) -> tuple[int, ...]:
        """Who may see the decision now: the whole first team while it chooses trumps."""
        if self.phase == "trump":
            return (0, 2)
        return () if self.to_move is None else (self.to_move,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def _compute_legal(self) -> list[ToyAction]:
        if self.phase == "trump":
            return [Trump(suit) for suit in SUITS]
        if self.phase == "play":
            assert self.to_move is not None
            led = self.trick[0][1].suit if self.trick else None
            return [Play(card) for card in follow_suit(self.hands[self.to_move], led)]
        return []

    def explain(self, action: ToyAction) -> Explanation:
        legal = action in self.legal_actions()
        if self.phase == "over":
            return Explanation(False, (clause("toy.game_over"),))
        if self.phase == "trump":
            if isinstance(action, Trump):
                return Explanation(legal, (allowed_clause("toy.trump_now", list(SUITS)),))
            return Explanation(False, (clause("toy.trump_first"),))
        assert self.to_move is not None
        if not isinstance(action, Play):
            return Explanation(False, (clause("toy.trump_first"),))
        if action.card not in self.hands[self.to_move]:
            return Explanation(False, (clause("toy.not_in_hand", card=action.card),))
        led = self.trick[0][1].suit if self.trick else None
        if led is not None and any(card.suit == led for card in self.hands[self.to_move]):
            allowed = [str(a.card) for a in self.legal_actions() if isinstance(a, Play)]
            return Explanation(legal, (allowed_clause("toy.must_follow", allowed, suit=led),))
        return Explanation(legal, (clause("toy.any_card"),))

    @handles(Trump)
    def _trump(self, action: Trump) -> None:
        self.trump = action.suit
        self.phase = "play"
        self.events.append(Event("trump_chosen", 0, info=(("team", "A"), ("suit", action.suit))))

    @handles(Play)
    def _play(self, action: Play) -> None:
        seat = self.to_move
        assert seat is not None
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        self.played.append((seat, action.card))
        self.events.append(Event("played", seat, (action.card,)))
        ring = seat_ring(4)
        if len(self.trick) < 4:
            self.to_move = ring.next(seat)
            return
        winner = self.trick[trick_winner([card for _, card in self.trick], self.trump)][0]
        self.tricks[winner % 2] += 1
        self.last_trick, self.trick = self.trick, []
        self.events.append(Event("trick_won", winner, tuple(card for _, card in self.last_trick)))
        if any(self.hands):
            self.leader = self.to_move = winner
            return
        self.phase, self.to_move = "over", None
        self.events.append(Event("game_over"))

    def view(self, seat: int | None) -> ToyView:
        mine = seat is not None and seat in self.deciders and self.phase == "trump"
        return ToyView(
            seat, self.seats, self.phase, self.to_move,
            tuple(self.hands[seat]) if seat is not None else (),
            tuple((s, tuple(self.hands[s])) for s in self.deciders) if mine else (),
            tuple(len(hand) for hand in self.hands), self.trump, tuple(self.trick),
            tuple(self.last_trick), (self.tricks[0], self.tricks[1]), tuple(self.played))

    def public_view(self) -> ToyView:
        """What a watcher or a curtain may show: no hand."""
        return self.view(None)

    def result(self) -> ToyResult:
        return ToyResult((("A", (0, 2)), ("B", (1, 3))), {"A": self.tricks[0], "B": self.tricks[1]})


def new_game(options: ToyOptions, seats: list[Seat], seed: int | None = None,
             deal: dict[str, list[str]] | None = None) -> ToyState:
    """A new game; `deal` stacks the hands (`{"hands": ["10S JS …", …]}`)."""
    hands = None
    if deal is not None:
        hands = [[parse_card(card) for card in text.split()] for text in deal["hands"]]
    return ToyState(options, seats, seed, hands)


def default_seats(options: ToyOptions) -> list[Seat]:
    return [Seat(name=f"P{i + 1}", team=TEAMS[i % 2]) for i in range(4)]


def progress(state: ToyState) -> Progress:
    view = state.public_view()
    return Progress((("deal", 1, 1),), (("A", view.tricks[0]), ("B", view.tricks[1])))


def _strongest(state: ToyState) -> dict[str, object] | None:
    if not state.trick:
        return None
    seat, card = state.trick[trick_winner([card for _, card in state.trick], state.trump)]
    return {"seat": seat, "card": str(card)}


QUERIES = {
    **common_queries(lambda state, seat: state.hands[seat],
                     last_trick=lambda state: [[seat, str(card)] for seat, card in state.last_trick],
                     scores=lambda state: {"A": state.tricks[0], "B": state.tricks[1]},
                     strongest=_strongest),
    "trump": lambda state: state.trump,
}


def seat_figures(state: ToyState, events: Sequence[Event]) -> list[dict[str, int]]:
    """The statistics' figure of each seat: the tricks it won (from the events)."""
    won = [0] * len(state.seats)
    for event in events:
        if event.kind == "trick_won" and event.seat is not None:
            won[event.seat] += 1
    return [{"tricks": count} for count in won]


def unseen(view: ToyView) -> Unseen:
    """The search's sampler, first half: the cards `view.seat` has not seen (nor its team's,
    while the team chooses trumps), for the other seats, none to a seat that failed to follow
    that suit."""
    known = _known(view)
    seen = {card for hand in known.values() for card in hand} | {card for _, card in view.played}
    cards = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS if Card(rank, suit) not in seen)
    others = [seat for seat in range(4) if seat not in known]
    voids: dict[int, set[str]] = {seat: set() for seat in others}
    for start in range(0, len(view.played), 4):
        trick = view.played[start:start + 4]
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led and seat in voids:
                voids[seat].add(led)
    may_hold = tuple(frozenset(i for i, seat in enumerate(others) if card.suit not in voids[seat])
                     for card in cards)
    return Unseen(cards, tuple(view.counts[seat] for seat in others), may_hold)


def build(view: ToyView, dealt: list[list[Card]]) -> ToyState:
    """The sampler's second half: the state with the other seats' hands dealt."""
    known = _known(view)
    others = iter(dealt)
    hands = [list(known[seat]) if seat in known else next(others) for seat in range(4)]
    state = ToyState(ToyOptions(), view.seats, hands=hands)
    state.phase, state.to_move, state.trump = view.phase, view.to_act, view.trump
    state.leader = view.trick[0][0] if view.trick else (view.to_act or 0)
    state.trick, state.last_trick = list(view.trick), list(view.last_trick)
    state.tricks, state.played = list(view.tricks), list(view.played)
    return state


def _known(view: ToyView) -> dict[int, tuple[Card, ...]]:
    assert view.seat is not None
    return dict(view.team_hands) or {view.seat: view.hand}


SEARCH = SearchSpec(unseen=unseen, build=build, horizon=lambda state: 0,
                    value=lambda state, seat: float(state.tricks[seat % 2] - state.tricks[1 - seat % 2]))
"""One deal is the game: a playout runs to its end; a seat's value is its team's trick lead."""


GAME = GameSpec(
    entry=ENTRY,
    options_model=ToyOptions,
    new_game=new_game,
    parse_action=parse_action,
    bots={"random": RandomBot, "basic": RandomBot},
    default_preset="toy-4",
    default_seats=default_seats,
    queries=QUERIES,
    teams=True,
    progress=progress,
    stats=seat_figures,
    stat_figures=("tricks",),
    search=SEARCH,
)
