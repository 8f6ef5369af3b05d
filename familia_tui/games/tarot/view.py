"""What one seat may know of a Tarot game (`TarotView`), and the game's result (`TarotResult`).

Public: every seat's card count, the dealer, the bids, the taker and contract, the called card
(5 players), the chien once shown (Prise/Garde), the discarded trumps when the options show
them, the slam announcement, every declaration with a poignée's shown cards (a misère shows
nothing), the trick in play and every finished trick of the hand, tricks and card points taken
in tricks, the scores and every scored hand's breakdown.
Private: the seat's own hand and whether it said `declare none`; the écart (the taker only); the
partner's identity until the called card is played, except to the partner himself and when the
chien shows the called card; a Garde sans / Garde contre chien (never shown during the hand; it
is in the hand's result).
The public view (`TarotView.public`, the state's `public_view()`) is what every seat knows, for
a watcher or the hot-seat curtain: no hand, no écart, and the partner, the taker's being alone
and the sides' tallies only once every seat knows them.
Legal actions are not part of the view: they come from the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypeVar

from familia_tui.core.engine import Seat
from familia_tui.core.table import seat_ring
from familia_tui.games.tarot.cards import (
    EXCUSE_SUIT,
    NO_SUIT,
    SUIT,
    SUIT_LETTERS,
    TRUMP,
    Card,
    half_to_points,
)
from familia_tui.games.tarot.options import TarotOptions
from familia_tui.games.tarot.rules import Phase
from familia_tui.games.tarot.scoring import Declaration, HandResult
from familia_tui.games.tarot.trick import TrickRecord, led_suit

if TYPE_CHECKING:
    from familia_tui.games.tarot.rules import TarotState

Number = int | float
"""Card points and scores: whole numbers, or exact x.5 values."""


@dataclass(frozen=True, slots=True)
class TarotView:
    """One seat's view of the game (`of`), or what every seat knows (`public`, seat −1); bots
    and screens see only this."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("hand", "ecart", "declined")
    """Fields the public view leaves empty (a scenario's public view does not have them)."""
    SHOWN: ClassVar[tuple[str, ...]] = ("declarations", "called", "chien")
    """Fields that may name a card some seat holds (or its twin) and still show nothing
    private: cards the rules show while they are held, and cards of another pack or pile."""
    FINISHED: ClassVar[tuple[str, ...]] = ("results",)
    """Fields that hold earlier deals too (their cards are dealt again later)."""

    seat: int
    seats: tuple[Seat, ...]
    options: TarotOptions
    """The rules of the game (public)."""
    phase: str
    """`bid`, `call`, `ecart`, `slam`, `play` or `over`."""
    to_act: int | None
    hand_number: int
    """The hand being played, from 1 (annulled hands are not numbered)."""
    hands_total: int
    dealer: int
    redeal: str | None
    """While this hand is bid: why its cards were dealt again (`all_passed`, `petit_sec`), so that
    nobody misses that his hand changed; None otherwise."""
    hand: tuple[Card, ...]
    """This seat's cards, sorted (suits ♠♥♦♣ low to high, trumps, the Excuse)."""
    hand_counts: tuple[int, ...]
    bids: tuple[tuple[int, str | None], ...]
    """(seat, contract) in speaking order; None for a pass."""
    taker: int | None
    """The highest bidder so far (during bidding), then the taker; None in a Grasch hand."""
    contract: str | None
    grasch: bool
    """This hand is played under the Grasch rule (everyone passed) [A11]."""
    called: Card | None
    """5 players: the called card, once called."""
    partner: int | None
    """5 players: the partner's seat when this seat knows it (revealed, or he is the partner)."""
    taker_alone: bool | None
    """True when this seat knows the taker plays alone (always in 3 and 4 players), False when it
    knows he has a partner, None when it cannot tell yet."""
    chien: tuple[Card, ...] | None
    """The chien once shown to all (Prise/Garde); None while it is hidden."""
    chien_size: int
    ecart: tuple[Card, ...] | None
    """The écart so far: to the taker only (None for everyone else)."""
    ecart_left: int
    """While the taker makes the écart: how many cards it still needs (public); 0 otherwise."""
    ecart_shown: tuple[Card, ...]
    """Discarded trumps shown to all (option `discarded_trumps_shown`) [TA-2]."""
    slam_announced: bool
    declarations: tuple[Declaration, ...]
    """Every declaration made so far, with a poignée's shown cards."""
    leader: int
    """Who leads (or led) the trick in play."""
    trick: tuple[tuple[int, Card], ...]
    """The trick in play: (seat, card) in play order."""
    led: str | None
    """The led suit of the trick in play: S H D C, T for trumps, None before a card sets it."""
    trick_number: int
    """The trick in play, from 1."""
    tricks_total: int
    tricks: tuple[TrickRecord, ...]
    """Every finished trick of this hand (public), the last one last."""
    tricks_won: tuple[int, ...]
    trick_points: tuple[Number, ...]
    """Public: card points each seat took in tricks, the Excuse's accounting applied [A9]."""
    trick_bouts: tuple[int, ...]
    side_trick_points: tuple[Number, Number] | None
    """Public tally (taker side, defence) of card points taken in **tricks only**, when this seat
    knows the sides; the écart and a Garde sans/contre chien are not public and not included."""
    side_trick_bouts: tuple[int, int] | None
    totals: tuple[Number, ...]
    """Cumulative scores by seat."""
    results: tuple[HandResult, ...]
    """Every scored hand's breakdown, the last one last."""
    declined: bool = False
    """This seat, to play its first card, has said `declare none` (its own secret: no event
    tells the others) [A8]; False in the public view."""

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def voids(self) -> tuple[str, ...]:
        """Public: the suits each seat has shown it lacks in this hand, as letters (S H D C, T for
        trumps), from the finished tricks and the trick in play (see `shown_voids`)."""
        plays = [(t.seats, t.cards) for t in self.tricks]
        plays.append((tuple(s for s, _ in self.trick), tuple(c for _, c in self.trick)))
        return tuple("".join(SUIT_LETTERS[s] if s < TRUMP else "T" for s in sorted(suits))
                     for suits in shown_voids(plays, len(self.seats)))

    @classmethod
    def of(cls, state: TarotState, seat: int) -> TarotView:
        """What `seat` may know."""
        partner, alone = _partner_knowledge(state, seat)
        return cls._build(state, seat, tuple(state.hand(seat)),
                          tuple(state.ecart) if seat == state.taker else None,
                          partner, alone, _side_tallies(state, _sides_known(state, partner, alone)),
                          _declined(state, seat))

    @classmethod
    def public(cls, state: TarotState) -> TarotView:
        """What every seat knows (a watcher, the hot-seat curtain): seat −1, no hand and no
        écart; the partner, whether the taker plays alone and the sides' tallies only when every
        seat knows them."""
        knowledge = [_partner_knowledge(state, seat) for seat in range(state.n)]
        tallies = _common(_side_tallies(state, _sides_known(state, partner, alone))
                          for partner, alone in knowledge)
        return cls._build(state, -1, (), None, _common(k[0] for k in knowledge),
                          _common(k[1] for k in knowledge), tallies)

    @classmethod
    def _build(cls, state: TarotState, seat: int, hand: tuple[Card, ...], ecart: tuple[Card, ...] | None,
               partner: int | None, alone: bool | None, tallies: SideTallies | None,
               declined: bool = False) -> TarotView:
        return cls(
            seat=seat, seats=state.seats, options=state.options, phase=str(state.phase),
            to_act=state.to_act,
            hand_number=state.hands_played + (0 if state.is_over else 1),
            hands_total=state.options.hand_count, dealer=state.dealer,
            redeal=state.redeal if state.phase is Phase.BID else None,
            hand=hand, hand_counts=tuple(len(state.hand(s)) for s in range(state.n)),
            bids=tuple((s, str(c) if c else None) for s, c in state.bids),
            taker=state.taker, contract=str(state.contract) if state.contract else None,
            grasch=state.grasch, called=state.called, partner=partner, taker_alone=alone,
            chien=tuple(state.chien) if state.chien_taken else None,
            chien_size=state.options.chien_size, ecart=ecart,
            ecart_left=state.options.chien_size - len(state.ecart) if state.phase is Phase.ECART else 0,
            ecart_shown=tuple(c for c in state.ecart if SUIT[c] == TRUMP)
            if state.options.discarded_trumps_shown else (),
            slam_announced=state.slam_announced, declarations=tuple(state.declarations),
            leader=state.leader,
            trick=tuple(zip(seat_ring(state.n).order(state.leader), state.trick)),
            led=None if state.led < 0 else (SUIT_LETTERS[state.led] if state.led < TRUMP else "T"),
            trick_number=state.trick_no + 1, tricks_total=state.tricks_per_hand,
            tricks=tuple(state.tricks), tricks_won=tuple(state.tricks_won),
            trick_points=tuple(half_to_points(h) for h in state.won_half),
            trick_bouts=tuple(state.won_bouts),
            side_trick_points=None if tallies is None else tallies[0],
            side_trick_bouts=None if tallies is None else tallies[1],
            totals=state.totals(), results=tuple(state.results), declined=declined,
        )


def _declined(state: TarotState, seat: int) -> bool:
    """`seat` said `declare none` and has its first card still to play (the only time it matters)."""
    return state.trick_no == 0 and state.to_act == seat and seat in state.declined


SideTallies = tuple[tuple[Number, Number], tuple[int, int]]
"""(card points, bouts) taken in tricks by (the taker's side, the defence)."""

T = TypeVar("T")


def _common(values: Iterable[T]) -> T | None:
    """The value every seat has, or None when they differ."""
    distinct = set(values)
    return distinct.pop() if len(distinct) == 1 else None


def _side_tallies(state: TarotState, sides: list[int] | None) -> SideTallies | None:
    """The sides' card points and bouts taken in tricks, when the sides are known."""
    if sides is None:
        return None
    seats = range(state.n)
    points = tuple(half_to_points(sum(state.won_half[s] for s in seats if sides[s] == side)) for side in (0, 1))
    bouts = tuple(sum(state.won_bouts[s] for s in seats if sides[s] == side) for side in (0, 1))
    return (points[0], points[1]), (bouts[0], bouts[1])


def shown_voids(plays: Iterable[tuple[Sequence[int], Sequence[Card]]], n: int) -> list[set[int]]:
    """The suits (0–3, `TRUMP`) each of `n` seats has shown it lacks in the tricks `plays`, each
    (seats, cards) in play order (see `note_voids`)."""
    voids: list[set[int]] = [set() for _ in range(n)]
    for seats, cards in plays:
        note_voids(voids, seats, cards)
    return voids


def note_voids(voids: list[set[int]], seats: Sequence[int], cards: Sequence[Card]) -> None:
    """Add what one trick shows [A9]: a seat that does not follow the led suit lacks it, and lacks
    trumps too when it neither follows nor trumps; the Excuse shows nothing."""
    led = led_suit(cards)
    if led == NO_SUIT:
        return
    for seat, card in zip(seats, cards, strict=True):
        suit = SUIT[card]
        if suit != led and suit != EXCUSE_SUIT:
            voids[seat].add(led)
            if suit != TRUMP:
                voids[seat].add(TRUMP)


def _partner_knowledge(state: TarotState, seat: int) -> tuple[int | None, bool | None]:
    """(partner seat if known, taker alone?) as `seat` knows them [A5]."""
    if state.taker is None or state.phase is Phase.BID:
        return None, None
    if state.n < 5:
        return None, True
    called = state.called
    if called is None:
        return None, None
    if state.partner_revealed or state.is_over:
        return state.partner, state.partner is None
    if state.chien_taken and called in state.chien:
        return None, True
    if called in state.hand(seat):
        return (None, True) if seat == state.taker else (seat, False)
    if seat == state.taker and state.chien_taken:
        return None, False
    return None, None


def _sides_known(state: TarotState, partner: int | None, alone: bool | None) -> list[int] | None:
    """The side of every seat (0 taker, 1 defence) when the viewer knows them all."""
    if state.grasch or state.taker is None or state.phase is Phase.BID or alone is None:
        return None
    if not alone and partner is None:
        return None
    return [0 if s in (state.taker, partner) else 1 for s in range(state.n)]


@dataclass(frozen=True, slots=True)
class TarotResult:
    """The game's scores: one unit per seat, cumulative totals, and every hand's breakdown."""

    units: tuple[tuple[str, tuple[int, ...]], ...]
    """(seat name, (seat,)): every player scores for himself."""
    totals_half: tuple[int, ...]
    """Cumulative scores by seat in half points (exact)."""
    hands: tuple[HandResult, ...]
    """Every scored hand, in order."""
    over: bool
    deals_passed: int = 0
    """Deals annulled because everyone passed (they are not hands)."""

    @property
    def totals(self) -> dict[str, Number]:
        """Cumulative score by seat name; they sum to zero."""
        return {name: half_to_points(t) for (name, _), t in zip(self.units, self.totals_half, strict=True)}

    @property
    def deals_played(self) -> int:
        """Completed hands (annulled ones are not counted)."""
        return len(self.hands)

    def ranking(self) -> list[tuple[str, int]]:
        """(seat name, rank) best first; equal totals share a rank (a shared win, TA-21)."""
        order = sorted(range(len(self.units)), key=lambda s: -self.totals_half[s])
        ranking, rank = [], 0
        for place, seat in enumerate(order):
            if place == 0 or self.totals_half[seat] != self.totals_half[order[place - 1]]:
                rank = place + 1
            ranking.append((self.units[seat][0], rank))
        return ranking

    @classmethod
    def of(cls, state: TarotState) -> TarotResult:
        units = tuple((seat.name, (index,)) for index, seat in enumerate(state.seats))
        return cls(units, tuple(state.totals_half), tuple(state.results), state.is_over,
                   state.deals_passed)
