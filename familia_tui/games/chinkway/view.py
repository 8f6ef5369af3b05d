"""What one seat may know of a Chinkway game (`ChinkwayView`), and the game's result.

Public: the options, the first dealer, the deal number, the dealer and the table's positions
#1–#5 (re-seated or not), the sides, every hand's size, trumps once named, the quest once
turned, each side's collected cards and what it still needs, the trick in play and the last
trick, the pick the winner is making, tricks won, every card played this deal in order (who
failed to follow which suit), every deal's scores and the totals.
Private: the seat's own hand; the dealer's two discards (the dealer only: they are out of
play and never shown [CW-7]).
The public view (seat None) is what every seat knows: no hand, no discards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from familia_tui.core.cards import Card
from familia_tui.core.engine import Seat
from familia_tui.games.chinkway.options import ChinkwayOptions
from familia_tui.games.chinkway.quest import CATEGORIES, quest_counts, standings

if TYPE_CHECKING:
    from familia_tui.games.chinkway.rules import ChinkwayState, DealRecord


@dataclass(frozen=True, slots=True)
class ChinkwayView:
    """One seat's view (`of(state, seat)`), or a watcher's (seat None); bots and screens see
    only this."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("hand", "discards")
    """Fields the public view leaves empty."""
    SHOWN: ClassVar[tuple[str, ...]] = ("quest",)
    """Cards of the other pack: the quest cards are quest-pack cards, twins of play cards."""
    FINISHED: ClassVar[tuple[str, ...]] = ("history",)
    """Earlier deals (their cards are dealt again later)."""

    seat: int | None
    seats: tuple[Seat, ...]
    options: ChinkwayOptions
    """The game's rules (the game length, the final re-seat)."""
    first_dealer: int
    """The dealer of deal 1 (a tie in the standings counts seat order from the last dealer)."""
    phase: str
    """`discard` `trump` `play` `pick` `over`; `scored` in the view of a finished deal (`of_deal`)."""
    to_act: int | None
    deal: int
    """The deal being played, from 1."""
    deals_total: int
    dealer: int
    positions: tuple[int, ...]
    """Seats at #1 (the dealer), #2 (leads first) … #5, in the order of play."""
    reseated: bool
    """This deal is dealt after the re-seat by standings [CW-4]."""
    sides: tuple[tuple[int, ...], ...]
    """The dealer alone, then the two partnerships (seats)."""
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    """The dealer's two discards, out of play: the dealer's own view only [CW-7]."""
    hand_counts: tuple[int, ...]
    trump: str | None
    """`S` `H` `D` `C`, `NT` for No Trump, None until named."""
    quest: tuple[Card, ...]
    """The five quest cards, once turned [CW-11]."""
    quest_counts: tuple[int, ...]
    """The quest per category (`CATEGORIES` order: S H D C P)."""
    collected: tuple[tuple[Card, ...], ...]
    """Each side's collected cards (order of `sides`)."""
    needs: tuple[tuple[int, ...], ...]
    """What each side still needs, per category."""
    trick: tuple[tuple[int, Card], ...]
    """The trick in play: (seat, card) in play order."""
    played: tuple[tuple[int, Card], ...]
    """Every card played this deal, (seat, card) in play order, the trick in play last."""
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    pick: tuple[str, ...]
    """The categories the trick's winner chooses among (the pick phase)."""
    tricks_won: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    """Each finished deal's scores, in seat order."""
    totals: tuple[int, ...]
    standings: tuple[int, ...]
    """Seats best first, every tie broken [B8, CW-8]."""
    quest_left: int
    """Quest cards still to be turned before the reshuffle [CW-9]."""
    history: tuple[DealRecord, ...]

    @property
    def side(self) -> int | None:
        """The index in `sides` of the viewer's side (None for a watcher)."""
        if self.seat is None:
            return None
        return next(i for i, side in enumerate(self.sides) if self.seat in side)

    def need_of(self, seat: int) -> tuple[int, ...]:
        return next(n for side, n in zip(self.sides, self.needs, strict=True) if seat in side)

    def of_deal(self, record: DealRecord) -> ChinkwayView:
        """This view showing a finished deal as it ended: its dealer, sides, trumps, quest,
        collections and last trick (the screen holds it before the deal's scores)."""
        collected = record.collected
        counts = quest_counts(record.quest)
        needs = tuple(tuple(q - n for q, n in zip(counts, quest_counts(cards), strict=True))
                      for cards in collected)
        return replace(
            self, phase="scored", to_act=None, deal=record.number, dealer=record.dealer,
            positions=record.positions, reseated=record.reseated, sides=record.sides, hand=(),
            discards=(), hand_counts=(0,) * len(self.seats), trump=record.trump, quest=record.quest,
            quest_counts=counts, collected=collected, needs=needs, trick=(), played=(),
            last_trick=record.last_trick, last_winner=record.last_winner, pick=(),
            tricks_won=record.tricks_won)

    @classmethod
    def of(cls, state: ChinkwayState, seat: int | None) -> ChinkwayView:
        return cls(
            seat=seat, seats=state.seats, options=state.options, first_dealer=state.first_dealer,
            phase=str(state.phase), to_act=state.to_move,
            deal=state.deal_number, deals_total=state.deals_total, dealer=state.dealer,
            positions=state.positions, reseated=state.reseated, sides=state.sides,
            hand=tuple(state.hands[seat]) if seat is not None else (),
            discards=tuple(state.discards) if seat is not None and seat == state.dealer else (),
            hand_counts=tuple(len(h) for h in state.hands),
            trump=(state.trump or "NT") if state.trump_named else None,
            quest=state.quest, quest_counts=state.quest_need,
            collected=tuple(tuple(c) for c in state.collected),
            needs=tuple(tuple(n) for n in state.needs) if state.quest else ((0,) * len(CATEGORIES),) * 3,
            trick=tuple(state.trick), played=tuple(state.played), last_trick=state.last_trick,
            last_winner=state.last_winner,
            pick=state.pick_choices, tricks_won=tuple(state.tricks_won), rows=tuple(state.rows),
            totals=tuple(state.totals), standings=tuple(state.standings()),
            quest_left=len(state.quest_pack), history=tuple(state.history))


@dataclass(frozen=True)
class ChinkwayResult:
    """The game's scores: one unit per seat, every deal's row, and the ranking [B8, CW-8]."""

    units: tuple[tuple[str, tuple[int, ...]], ...]
    """(seat name, (seat,)): every player scores for himself."""
    rows: tuple[tuple[int, ...], ...]
    over: bool
    last_dealer: int

    @property
    def totals(self) -> dict[str, float]:
        return {name: sum(row[seat] for row in self.rows) for name, (seat,) in self.units}

    @property
    def deals_played(self) -> int:
        return len(self.rows)

    def key(self, seat: int) -> tuple[int, ...]:
        """What ranks a seat: its total, then its latest deal's score, the one before …"""
        return (sum(row[seat] for row in self.rows), *(row[seat] for row in reversed(self.rows)))

    def ranking(self) -> list[tuple[str, int]]:
        """(seat name, rank) best first: total, then the latest deals [B8]; players still tied
        share the rank (a shared win) [CW-8]."""
        players = len(self.units)
        totals = [sum(row[s] for row in self.rows) for s in range(players)]
        order = standings(totals, self.rows, self.last_dealer)
        ranking, rank = [], 0
        for place, seat in enumerate(order):
            if place == 0 or self.key(seat) != self.key(order[place - 1]):
                rank = place + 1
            ranking.append((self.units[seat][0], rank))
        return ranking

    @classmethod
    def of(cls, state: ChinkwayState) -> ChinkwayResult:
        units = tuple((seat.name, (index,)) for index, seat in enumerate(state.seats))
        return cls(units, tuple(state.rows), state.is_over, state.last_dealer())
