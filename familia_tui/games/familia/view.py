"""What one seat may know of a Familia game: its own hand(s) and everything public.

Public: the face-up stock's top card [R-F9], every drawn card until it is played [R-F9a], the
captured face cards [R-F34], the cards played in every trick of the deal, the pile sizes and the
face cards not yet revealed (known from the sets in play), hand sizes, tricks won and the match.
The 2-player game shows a player both of their hands [R-F27].
The public view (`FamiliaView.public`, the state's `public_view()`), for a watcher or the
hot-seat curtain, has no hand and no legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from familia_tui.core.cards import COLOURS, Card
from familia_tui.core.engine import Seat
from familia_tui.games.familia.options import FamiliaOptions

if TYPE_CHECKING:
    from familia_tui.games.familia.match import MatchState
    from familia_tui.games.familia.rules import FamiliaState


class TrickRecord(NamedTuple):
    """A finished trick: the face card, the plays in order, what was batted and who won."""

    deal: int
    number: int
    leader: int
    face: Card
    colour: str
    stock_trick: bool
    led: str | None
    trump: str | None
    plays: tuple[tuple[int, Card, str | None], ...]
    """(seat, card, declared suit of a led Joker) in play order."""
    stage1: tuple[int, ...]
    """Indexes into `plays` of the cards batted at stage 1."""
    stage2: tuple[int, ...]
    """Indexes into `plays` of the cards batted at stage 2."""
    winner: int | None
    """The winning seat; None for a void trick."""


@dataclass(frozen=True, slots=True)
class FamiliaView:
    """One seat's view of the game (`of`), or what every seat knows (`public`, seat −1); bots
    and screens see only this."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("own_hands", "hand", "legal")
    """Fields the public view leaves empty (a scenario's public view does not have them)."""
    SHOWN: ClassVar[tuple[str, ...]] = ("known", "unrevealed", "face_card", "captures")
    """Fields that may name a card some seat holds (or its twin) and still show nothing
    private: cards the rules show while they are held, and cards of another pack or pile."""
    FINISHED: ClassVar[tuple[str, ...]] = ("match", "history")
    """Fields that hold earlier deals too (their cards are dealt again later)."""

    seat: int
    seats: tuple[Seat, ...]
    options: FamiliaOptions
    """The rules of the game (public: decks, royal, misère value …)."""
    phase: str
    to_act: int | None
    deal: int
    deals: int
    trick_no: int
    tricks: int
    style: str
    own_hands: dict[int, tuple[Card, ...]]
    """This seat's hand, and in the 2-player game the player's other hand too."""
    hand_counts: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    """Cards each seat drew from the face-up stock and still holds [R-F9a]."""
    stock_top: Card | None
    stock_count: int
    piles: dict[str, int]
    unrevealed: dict[str, tuple[Card, ...]]
    """The face cards still in each pile, sorted (their order is hidden)."""
    leader: int
    face_card: Card | None
    face_colour: str | None
    stock_trick: bool
    led: str | None
    trump: str | None
    plays: tuple[tuple[int, Card, str | None], ...]
    captures: tuple[tuple[Card, ...], ...]
    tricks_won: tuple[int, ...]
    history: tuple[TrickRecord, ...]
    """Finished tricks of the current game."""
    match: MatchState
    legal: tuple[object, ...]
    """The seat's legal actions when it is to act, else empty."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's hand (none in the public view)."""
        return self.own_hands.get(self.seat, ())

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.history[-1] if self.history else None

    @classmethod
    def of(cls, state: FamiliaState, seat: int) -> FamiliaView:
        """What `seat` may know."""
        person = state.seats[seat].person
        own = {i: tuple(state.hands[i]) for i, s in enumerate(state.seats) if s.person == person}
        legal = tuple(state.legal_actions()) if state.to_act == seat else ()
        return cls._build(state, seat, own, legal)

    @classmethod
    def public(cls, state: FamiliaState) -> FamiliaView:
        """What every seat knows (a watcher, the hot-seat curtain): seat −1, no hand, no legal
        actions."""
        return cls._build(state, -1, {}, ())

    @classmethod
    def _build(cls, state: FamiliaState, seat: int, own: dict[int, tuple[Card, ...]],
               legal: tuple[object, ...]) -> FamiliaView:
        return cls(
            seat=seat, seats=state.seats, options=state.options, phase=str(state.phase),
            to_act=state.to_act,
            deal=state.deal, deals=state.options.deals, trick_no=state.trick_no,
            tricks=state.options.deal_tricks, style=state.style, own_hands=own,
            hand_counts=tuple(len(h) for h in state.hands),
            known=tuple(tuple(k) for k in state.known),
            stock_top=state.stock[-1] if state.stock else None, stock_count=len(state.stock),
            piles={c: len(state.piles[c]) for c in COLOURS},
            unrevealed={c: tuple(sorted(state.piles[c])) for c in COLOURS},
            leader=state.leader, face_card=state.face_card, face_colour=state.face_colour,
            stock_trick=state.stock_trick, led=state.led, trump=state.trump,
            plays=tuple(state.plays), captures=tuple(tuple(c) for c in state.captures),
            tricks_won=tuple(state.tricks_won), history=tuple(state.history),
            match=state.match.clone(),
            legal=legal,
        )
