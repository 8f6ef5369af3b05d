"""The French Tarot state machine: deals, bidding, the call, chien and écart, slam, declarations,
trick play, scoring and the game of N hands.

Rules implemented here (rules digest Part A; trick legality in trick.py, the call and écart
rules in exchange.py, declarations in declarations.py, the formulas in scoring.py, explanations
in explain.py):

- Deal [A3]: 24/18/15 cards each and a chien of 6/6/3. A player with the Petit as his only trump
  and no Excuse (petit sec) annuls the hand before bidding; an annulled hand does not count and the
  deal moves on [TA-18]. Next dealer per option `next_dealer` [TA-10, TA-23].
- Bidding [A4]: from the seat after the dealer, once round the table; a pass is final and a bid
  must be strictly higher. All pass: annul and redeal, or a Grasch hand when that option is on.
- 5 players [A5, TA-13, TA-14, TA-14a]: the taker calls a king (any, his own included); holding
  all four kings he calls a queen, then a knight, then a jack. The holder of the called card is the
  secret partner, revealed when it is played; the taker is alone when it is in his hand or the chien.
- Chien and écart [A6, TA-2]: under Prise/Garde the chien is shown and taken, and the taker
  discards as many cards one at a time: never a king, a bout or the called card; trumps only once
  no other card is left to discard (shown to all when `discarded_trumps_shown`). Garde sans: the
  chien counts for the taker; Garde contre: for the defence; neither is shown.
- Slam [A7]: the taker announces or not; an announced slam makes him lead the first trick.
- Declarations [A8]: at one's first card (see declarations.py); none in a Grasch hand [TA-19].
  While one is open a player may say `declare none` instead: his declarations close for the
  hand (no event: whether he could have declared is his secret).
- Tricks [A9]: the Excuse stays with its side (credited 4 points, the trick's winner +0.5) except
  in the last trick, where it goes to the trick's winner (option `last_trick_excuse: winner`, the
  text) or changes camp even when its own side wins the trick (`changes_camp`, FFT: the other
  camp is credited 4 points and a bout, the winner the half point) [TA-24]; or it wins the last
  trick when led by a side that has won every previous trick (the slam exception, TA-3, whether
  announced or not).
- Scoring [A10, A11] and the game [A12]: N counted hands, cumulative scores in half points.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Literal

from familia_tui.core.cards import shuffled
from familia_tui.core.engine import Event, Explanation, Seat
from familia_tui.core.events import DEAL_SCORED, DEALT, PLAYED
from familia_tui.core.table import (
    BaseState,
    Copier,
    copy_list,
    copy_rng,
    handles,
    seat_ring,
)
from familia_tui.games.tarot.actions import (
    BID,
    CALL,
    DECLARE_NONE,
    DISCARD,
    MISERE,
    MISERES,
    PASS,
    PLAY,
    SLAM,
    Action,
    Bid,
    Call,
    Contract,
    Declare,
    DeclareNone,
    Discard,
    Kind,
    Pass,
    Play,
    Slam,
)
from familia_tui.games.tarot.cards import (
    CARDS,
    EXCUSE,
    HALF_POINTS,
    IS_BOUT,
    NO_SUIT,
    PETIT,
    SUIT,
    TOTAL_HALF_POINTS,
    TRUMP,
    Card,
    half_to_points,
)
from familia_tui.games.tarot.declarations import THRESHOLDS, ActionList, handfuls, misere_holds
from familia_tui.games.tarot.exchange import callable_cards, discardable
from familia_tui.games.tarot.options import TarotOptions
from familia_tui.games.tarot.scoring import (
    ContractResult,
    Declaration,
    GraschResult,
    HandResult,
    contract_score,
    contract_shares,
    grasch_shares,
)
from familia_tui.games.tarot.trick import (
    EXCUSE_KEPT_HALF,
    Buckets,
    TrickRecord,
    first_lead,
    flat,
    new_buckets,
    playable,
    trick_winner,
)

if TYPE_CHECKING:
    from familia_tui.games.tarot.declarations import Handful
    from familia_tui.games.tarot.trick import Duty
    from familia_tui.games.tarot.view import TarotResult, TarotView


class Phase(StrEnum):
    BID = "bid"
    """Each player in turn bids or passes, once."""
    CALL = "call"
    """5 players: the taker calls a card."""
    ECART = "ecart"
    """Prise/Garde: the taker, holding the chien, discards one card at a time."""
    SLAM = "slam"
    """The taker announces a slam or not."""
    PLAY = "play"
    """Tricks (and declarations at each player's first card)."""
    OVER = "over"
    """The game is over."""


BID_PHASE, CALL_PHASE, ECART_PHASE, SLAM_PHASE, PLAY_PHASE, OVER_PHASE = tuple(Phase)
"""The phases as module constants: looking an enum member up on its class calls a descriptor
each time (Python 3.11), and the hot code reads the phase at every action."""
_BID_CHOICES: tuple[list[Action], ...] = tuple([PASS, *(BID[c] for c in Contract if c.level > level)]
                                               for level in range(-1, 4))
"""`_BID_CHOICES[level + 1]`: the bidding's legal actions above the highest bid's level."""
_GARDE_CONTRE = Contract.GARDE_CONTRE
_POINTS = tuple(half_to_points(half) for half in range(TOTAL_HALF_POINTS + 1))
"""`_POINTS[half points]`: card points as shown (a trick's, at every trick)."""


@dataclass(frozen=True, slots=True)
class StackedDeal:
    """One deal with every card placed: hands in seat order and the chien."""

    hands: tuple[tuple[Card, ...], ...]
    chien: tuple[Card, ...]


_PLAYED = tuple(tuple(Event(PLAYED, seat, (card,)) for card in CARDS) for seat in range(5))
"""`_PLAYED[seat][card]`: the shared `card_played` event (cards are played on the hot path)."""


_new_record = tuple.__new__
"""Makes a named tuple (`TrickRecord`, `Event`) from all its fields in order without the named
tuple's Python-level `__new__` (twice per trick)."""


def _copy_hands(hands: list[Buckets]) -> list[Buckets]:
    return [[bucket.copy() for bucket in hand] for hand in hands]


class TarotState(BaseState[Action, "TarotView", "TarotResult"]):
    """A game of Tarot in progress. Mutable; `clone()` gives an independent copy."""

    IMMUTABLE = ("options", "seats", "n", "ring", "seed", "tricks_per_hand", "dealer",
                 "hands_played", "deals_dealt", "deals_passed", "phase", "is_over", "to_act", "redeal",
                 "contract", "taker", "called", "partner", "partner_revealed", "grasch",
                 "chien_taken", "slam_announced", "excuse_slam", "trick_no", "leader", "led", "top",
                 "rng_owned")
    SHARED = ("rng",)
    """The deals' generator is copied on write: a clone shares it until either deals (`_own_rng`);
    a search clones a state for every playout and rarely deals."""
    COPIED: ClassVar[Mapping[str, Copier]] = {
        "hands": _copy_hands, "stacked": copy_list, "totals_half": copy_list,
        "results": copy_list, "chien": copy_list, "ecart": copy_list, "bids": copy_list,
        "side": copy_list, "declarations": copy_list, "trick": copy_list, "tricks": copy_list,
        "won_half": copy_list, "won_bouts": copy_list, "tricks_won": copy_list, "declined": copy_list,
    }

    def __init__(self, options: TarotOptions, seats: Sequence[Seat], seed: int | None = None,
                 deals: Sequence[StackedDeal] = (), dealer: int | None = None) -> None:
        self.options = options
        self.seats = tuple(seats)
        self.n = n = len(self.seats)
        if n != options.players:
            raise ValueError(f"{options.players} players need {options.players} seats, got {n}")
        self.seed = seed
        self.tricks_per_hand = options.tricks
        self.ring = seat_ring(n)
        """Play passes to the seat numbered one higher; the deal per `next_dealer`."""
        self.rng = random.Random(seed)
        self.rng_owned = True
        """No clone shares `rng`: this state may draw from it."""
        self.stacked = list(deals)
        """Deals still to be used before random ones (scenarios, tests)."""
        first = dealer if dealer is not None else options.first_dealer
        self.dealer = first if first is not None else self.rng.randrange(n)
        self.hands_played = 0
        """Completed hands that count (contract and Grasch hands) [TA-18]."""
        self.deals_dealt = 0
        """Deals so far, annulled ones included."""
        self.deals_passed = 0
        """Deals annulled because everyone passed (no Grasch)."""
        self.totals_half = [0] * n
        self.results: list[HandResult] = []
        self.events = []
        self._legal = None
        self.is_over = False
        """The game is over (phase `over`): a plain attribute, read after every action."""
        self._start_hand()

    # ----- protocol -----

    def clone(self) -> TarotState:
        """An independent copy; the two share the deals' generator until one of them deals."""
        twin = super().clone()
        self.rng_owned = twin.rng_owned = False
        return twin

    def explain(self, action: Action) -> Explanation:
        from familia_tui.games.tarot.explain import explain_action

        return explain_action(self, action)

    def view(self, seat: int) -> TarotView:
        from familia_tui.games.tarot.view import TarotView

        return TarotView.of(self, seat)

    def public_view(self) -> TarotView:
        """What every seat knows: a watcher's view, the hot-seat curtain's."""
        from familia_tui.games.tarot.view import TarotView

        return TarotView.public(self)

    def result(self) -> TarotResult:
        from familia_tui.games.tarot.view import TarotResult

        return TarotResult.of(self)

    # ----- who acts, who took -----

    def acting(self) -> int:
        """The seat to act; `LookupError` once nobody is (the game is over)."""
        seat = self.to_act
        if seat is None:
            raise LookupError("no seat is to act: the game is over")
        return seat

    def taking(self) -> tuple[int, Contract]:
        """The taker and his contract; `LookupError` while nobody has taken (bidding, a Grasch
        hand)."""
        taker, contract = self.taker, self.contract
        if taker is None or contract is None:
            raise LookupError("nobody has taken this hand")
        return taker, contract

    def taker_seat(self) -> int:
        """The taker's seat (see `taking`)."""
        return self.taking()[0]

    def called_card(self) -> Card:
        """The called card; `LookupError` when none is (3 or 4 players, or before the call)."""
        card = self.called
        if card is None:
            raise LookupError("no card is called in this hand")
        return card

    # ----- legal actions -----

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards, sorted."""
        return flat(self.hands[seat])

    def play_duty(self, seat: int | None = None) -> tuple[Duty, list[Card]]:
        """(duty, playable cards) of the seat to act in the trick now [A9, TA-15]."""
        buckets = self.hands[self.acting() if seat is None else seat]
        if self.lead_restricted():
            return first_lead(buckets, self.called_card())
        return playable(buckets, self.led, self.top)

    def lead_restricted(self) -> bool:
        """The 5-player called-suit restriction applies to this lead [TA-15]."""
        return (self.trick_no == 0 and not self.trick and self.called is not None
                and self.options.called_suit_lead_restriction)

    def declaring(self) -> bool:
        """The seat to act may still declare: its first card, declarations on, no Grasch [A8]."""
        return self.trick_no == 0 and self.options.declarations != "none" and not self.grasch

    def poignee_levels(self, seat: int) -> tuple[Handful, ...]:
        """The poignée levels open to `seat` now (none once it declared one) [A8, TA-11]."""
        buckets = self.hands[seat]
        discarded: list[Card] = []
        if seat == self.taker and self.options.poignee_shows_discarded_trumps:
            discarded = [c for c in self.ecart if SUIT[c] == TRUMP]
        if len(buckets[TRUMP]) + len(discarded) + 1 < THRESHOLDS[self.n][0]:
            return ()  # not even a simple poignée with the Excuse (the usual case, at every first card)
        if any(d.seat == seat and d.kind.is_poignee for d in self.declarations):
            return ()
        return handfuls(self.n, buckets[TRUMP], bool(buckets[5]), discarded)

    def misere_open(self, seat: int, kind: Kind) -> bool:
        """Misère `kind` may be declared by `seat` now (option on, not yet declared, held)."""
        return (self.options.declarations == "poignees-miseres"
                and not any(d.seat == seat and d.kind == kind for d in self.declarations)
                and misere_holds(kind, self.hand(seat)))

    def legal_actions(self) -> list[Action] | ActionList:
        """`BaseState.legal_actions` (the same cache, kept until the next action), worked out
        here rather than in a second call (`_compute_legal`): playouts ask at every step, and
        the call costs about as much as a trick's plays."""
        legal = self._legal
        if legal is not None:
            return legal  # type: ignore[return-value]
        phase, seat = self.phase, self.to_act
        if seat is None:  # the game is over
            legal = []
        elif phase is PLAY_PHASE:  # (a comprehension: `map` over a tuple's `__getitem__` calls a slot wrapper a card)
            legal = (self._first_trick_legal(seat) if self.trick_no == 0 else
                     [PLAY[c] for c in playable(self.hands[seat], self.led, self.top)[1]])
        elif phase is BID_PHASE:
            legal = list(_BID_CHOICES[self.contract.level + 1 if self.contract else 0])
        elif phase is ECART_PHASE:
            legal = [DISCARD[c] for c in discardable(self.hand(seat), self.called)[1]]
        elif phase is CALL_PHASE:
            legal = [CALL[c] for c in callable_cards(self.hand(seat))]
        elif phase is SLAM_PHASE:
            legal = [SLAM[False], SLAM[True]]
        else:
            legal = []
        self._legal = legal
        return legal

    def _first_trick_legal(self, seat: int) -> list[Action] | ActionList:
        """Plays (with the called-suit lead restriction) and declarations, at first cards."""
        actions: list[Action] = [PLAY[c] for c in self.play_duty(seat)[1]]
        if not self.declaring() or seat in self.declined:
            return actions
        miseres = [MISERE[k] for k in MISERES if self.misere_open(seat, k)]
        levels = self.poignee_levels(seat)
        if miseres or levels:  # a declaration is open: nothing (more) may be said instead
            actions += [*miseres, DECLARE_NONE]
        return ActionList(actions, levels) if levels else actions

    # ----- a new hand -----

    def _start_hand(self, redeal: str | None = None) -> None:
        """Deal; annul and redeal while someone holds the petit sec [A3, TA-18]. `redeal` says why
        the hand is dealt again (`all_passed`), if it is."""
        while True:
            self._reset_hand(redeal)
            deal = self._next_deal()
            self.deals_dealt += 1
            self.hands = [new_buckets(cards) for cards in deal.hands]
            self.chien = list(deal.chien)
            self.events.append(Event(DEALT, self.dealer, info=(
                ("hand", self.hands_played + 1), ("deal", self.deals_dealt))))
            petit_sec = next((s for s in range(self.n) if self._petit_sec(s)), None)
            if petit_sec is None:
                break
            self.events.append(Event("hand_annulled", petit_sec, tuple(self.hand(petit_sec)),
                                     (("reason", "petit_sec"),)))
            self._rotate_dealer()
            redeal = "petit_sec"
        self.phase = BID_PHASE
        self.to_act: int | None = self.ring.next(self.dealer)

    def _reset_hand(self, redeal: str | None) -> None:
        self.phase = BID_PHASE
        self.to_act = None
        self.redeal = redeal
        """Why this hand's cards were dealt again (`all_passed`, `petit_sec`), if they were."""
        self.bids: list[tuple[int, Contract | None]] = []
        self.contract: Contract | None = None
        self.taker: int | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        """Engine truth: the holder of the called card (None when the taker is alone)."""
        self.partner_revealed = False
        self.side = [1] * self.n
        """0 for the taker's side, 1 for the defence (unused in a Grasch hand)."""
        self.grasch = False
        self.chien_taken = False
        """Prise/Garde: the chien is in the taker's hand (and shown to all) [A6]."""
        self.slam_announced = False
        self.excuse_slam = False
        """The Excuse won the last trick under the slam exception [TA-3]."""
        self.ecart: list[Card] = []
        self.declarations: list[Declaration] = []
        self.declined: list[int] = []
        """Seats that said `declare none` this hand: their declarations are closed [A8]."""
        self.trick_no = 0
        self.leader = 0
        self.trick: list[Card] = []
        self.led = NO_SUIT
        self.top = -1
        self.tricks: list[TrickRecord] = []
        self.won_half = [0] * self.n
        """Card points each seat took in tricks (Excuse accounting applied), in half points."""
        self.won_bouts = [0] * self.n
        self.tricks_won = [0] * self.n

    def _next_deal(self) -> StackedDeal:
        if self.stacked:
            return self.stacked.pop(0)
        if not self.rng_owned:  # shared with a clone: draw from a copy of our own
            self.rng, self.rng_owned = copy_rng(self.rng), True
        cards = shuffled(CARDS, self.rng)
        size = self.options.hand_size
        hands = tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(self.n))
        return StackedDeal(hands, tuple(cards[self.n * size:]))

    def _petit_sec(self, seat: int) -> bool:
        buckets = self.hands[seat]
        return buckets[TRUMP] == [PETIT] and not buckets[5]

    def _rotate_dealer(self) -> None:
        if self.options.next_dealer == "next":
            self.dealer = self.ring.next(self.dealer)
        else:
            self.dealer = self.ring.previous(self.dealer)

    # ----- bidding, call, chien, écart, slam -----

    @handles(Bid)
    def _bid(self, action: Bid) -> None:
        self._speak(action.contract)

    @handles(Pass)
    def _pass(self, action: Pass) -> None:
        self._speak(None)

    def _speak(self, contract: Contract | None) -> None:
        seat = self.acting()
        self.bids.append((seat, contract))
        if contract is None:
            self.events.append(Event("passed", seat))
        else:
            self.contract, self.taker = contract, seat
            self.events.append(Event("bid", seat, info=(("contract", str(contract)),)))
        if len(self.bids) < self.n:
            self.to_act = self.ring.next(seat)
        elif self.taker is not None:
            self.events.append(Event("taker", self.taker, info=(("contract", str(self.contract)),)))
            self.to_act = self.taker
            if self.n == 5:
                self.phase = CALL_PHASE
            else:
                self._after_call()
        elif self.options.grasch:
            self.grasch = True
            self.events.append(Event("grasch", None))
            self._start_play()
        else:
            self.events.append(Event("hand_annulled", None, info=(("reason", "all_passed"),)))
            self.deals_passed += 1
            self._rotate_dealer()
            self._start_hand("all_passed")

    @handles(Call)
    def _call(self, action: Call) -> None:
        card = self.called = action.card
        self.events.append(Event("card_called", self.taker, (card,)))
        self._after_call()

    def _after_call(self) -> None:
        """Show and take the chien (Prise/Garde), and find the partner [A5, A6]."""
        taker, contract = self.taking()
        if contract.exchanges:
            self.events.append(Event("chien_shown", taker, tuple(self.chien)))
            self.chien_taken = True
            buckets = self.hands[taker]
            for card in self.chien:
                buckets[SUIT[card]].append(card)
            for bucket in buckets:
                bucket.sort()
            self.phase = ECART_PHASE
        else:
            self.phase = SLAM_PHASE
        if self.called is not None:
            holder = next((s for s in range(self.n) if self.called in self.hands[s][SUIT[self.called]]),
                          None)
            self.partner = None if holder == taker else holder
        self.side = [0 if s in (taker, self.partner) else 1 for s in range(self.n)]

    @handles(Discard)
    def _discard(self, action: Discard) -> None:
        card, seat = action.card, self.taker_seat()
        self.hands[seat][SUIT[card]].remove(card)
        self.ecart.append(card)
        shown = SUIT[card] == TRUMP and self.options.discarded_trumps_shown
        self.events.append(Event("card_discarded", seat, (card,) if shown else (),
                                 (("shown", shown),)))
        if len(self.ecart) == self.options.chien_size:
            self.phase = SLAM_PHASE

    @handles(Slam)
    def _announce(self, action: Slam) -> None:
        announced = self.slam_announced = action.announced
        self.events.append(Event("slam", self.taker, info=(("announced", announced),)))
        self._start_play()

    def _start_play(self) -> None:
        """The first lead: the seat after the dealer, or the taker after a slam announcement [A7]."""
        self.phase = PLAY_PHASE
        self.leader = self.taker_seat() if self.slam_announced else self.ring.next(self.dealer)
        self.to_act = self.leader

    # ----- declarations and tricks -----

    @handles(Declare)
    def _declare(self, action: Declare) -> None:
        seat = self.acting()
        self.declarations.append(Declaration(seat, action.kind, action.cards))
        self.events.append(Event("declared", seat, action.cards, (
            ("kind", str(action.kind)), ("bonus", action.kind.bonus))))

    @handles(DeclareNone)
    def _declare_none(self, action: DeclareNone) -> None:
        self.declined.append(self.acting())  # no event: it would tell what the hand could declare

    @handles(Play)
    def _play(self, action: Play) -> None:
        card = action.card
        seat, suit = self.to_act, SUIT[card]
        assert seat is not None
        self.hands[seat][suit].remove(card)
        trick = self.trick
        trick.append(card)
        if suit == TRUMP:
            if card > self.top:
                self.top = card
            if self.led == NO_SUIT:
                self.led = TRUMP
        elif self.led == NO_SUIT and suit != 5:
            self.led = suit
        self.events.append(_PLAYED[seat][card])
        if self.called is not None and card == self.called and not self.partner_revealed:
            self.partner_revealed = True
            self.events.append(Event("partner_revealed", seat, (card,), (("alone", seat == self.taker),)))
        if len(trick) < self.n:
            self.to_act = self.ring.following[seat]
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        """Give the trick to its winner, with the Excuse's accounting and exception [A9, TA-3]."""
        ring, trick, leader = self.ring, self.trick, self.leader
        last = self.trick_no == self.tricks_per_hand - 1
        excuse_at = trick.index(EXCUSE) if EXCUSE in trick else -1
        if last and excuse_at == 0 and not self.grasch and all(
                self.side[t.winner] == self.side[leader] for t in self.tricks):
            winner_at = 0
            self.excuse_slam = True
        else:
            winner_at = trick_winner(trick, self.led, self.top)
        order = ring.orders[leader]
        winner = order[winner_at]
        total = bouts = 0
        for card in trick:  # (a loop: `map` over a tuple's `__getitem__` calls a slot wrapper per card)
            total += HALF_POINTS[card]
            bouts += IS_BOUT[card]
        kept = None
        if excuse_at >= 0 and excuse_at != winner_at:
            kept = self._excuse_keeper(order[excuse_at], winner, last)
        if kept is not None:
            self.won_half[kept] += EXCUSE_KEPT_HALF
            self.won_bouts[kept] += 1
            total, bouts = total - EXCUSE_KEPT_HALF, bouts - 1
        self.won_half[winner] += total
        self.won_bouts[winner] += bouts
        self.tricks_won[winner] += 1
        cards = tuple(trick)
        self.tricks.append(_new_record(TrickRecord, (self.trick_no + 1, order, cards, winner, kept)))
        self.events.append(_new_record(Event, ("trick_won", winner, cards, (
            ("number", self.trick_no + 1), ("leader", leader), ("points", _POINTS[total]),
            ("excuse_kept", kept)))))
        self.trick_no += 1
        self.trick = []
        self.led, self.top = NO_SUIT, -1
        self.leader = self.to_act = winner
        if self.trick_no == self.tricks_per_hand:
            self._end_hand()

    def _excuse_keeper(self, player: int, winner: int, last: bool) -> int | None:
        """Who keeps the Excuse `player` played to a trick that `winner` wins; None when it goes
        with the trick. Its player keeps it, except in the last trick: there it goes to the
        winner, or, under `last_trick_excuse: changes_camp`, when its player's own side wins,
        to the other camp: its first player after the Excuse's [A9, TA-24, TA-19a]."""
        if not last:
            return player
        side = self.side
        if self.grasch or self.options.last_trick_excuse == "winner" or side[player] != side[winner]:
            return None
        return next(seat for seat in self.ring.order(player) if side[seat] != side[player])

    # ----- end of a hand and of the game -----

    def _end_hand(self) -> None:
        result = self._grasch_result() if self.grasch else self._contract_result()
        self.results.append(result)
        for seat, share in enumerate(result.shares_half):
            self.totals_half[seat] += share
        self.hands_played += 1
        self.events.append(Event(DEAL_SCORED, None, info=(("result", result),)))
        if self.hands_played >= self.options.hand_count:
            self.phase = OVER_PHASE
            self.is_over = True
            self.to_act = None
            self.events.append(Event("game_over", None, info=(("totals", self.totals()),)))
        else:
            self._rotate_dealer()
            self._start_hand()

    def totals(self) -> tuple[int | float, ...]:
        """Cumulative scores by seat (exact: x.5 only after Grasch hands in 3 or 5 players)."""
        return tuple(half_to_points(t) for t in self.totals_half)

    def side_points(self) -> tuple[int, int, int, int]:
        """(taker side half points, taker side bouts, defence half points, defence bouts) as they
        stand: tricks, plus the écart (Prise/Garde) or the chien (Garde sans / Garde contre)."""
        taker_half = sum(h for h, side in zip(self.won_half, self.side, strict=True) if side == 0)
        taker_bouts = sum(b for b, side in zip(self.won_bouts, self.side, strict=True) if side == 0)
        defence_half = sum(self.won_half) - taker_half
        defence_bouts = sum(self.won_bouts) - taker_bouts
        stock = self.ecart if self.contract and self.contract.exchanges else self.chien
        stock_half = sum(HALF_POINTS[c] for c in stock)
        stock_bouts = sum(IS_BOUT[c] for c in stock)
        if self.contract is _GARDE_CONTRE:
            return taker_half, taker_bouts, defence_half + stock_half, defence_bouts + stock_bouts
        return taker_half + stock_half, taker_bouts + stock_bouts, defence_half, defence_bouts

    def _petit_au_bout(self) -> int | None:
        """The seat whose side gets the petit-au-bout bonus: the winner of the last trick holding
        T1, or of the second-to-last when the Excuse won the last [A10 step 5, TA-3a, TA-4]."""
        last = self.tricks[-1]
        if PETIT in last.cards:
            return last.winner
        if self.excuse_slam and len(self.tricks) > 1 and PETIT in self.tricks[-2].cards:
            return self.tricks[-2].winner
        return None

    def _contract_result(self) -> ContractResult:
        taker, contract = self.taking()
        points_half, bouts, _, _ = self.side_points()
        pab_seat = self._petit_au_bout()
        pab = 0 if pab_seat is None else (1 if self.side[pab_seat] == 0 else -1)
        winners = {self.side[t.winner] for t in self.tricks}
        slam: Literal["taker", "defence"] | None = (
            ("taker" if winners == {0} else "defence") if len(winners) == 1 else None)
        handfuls_bonus = sum(d.bonus for d in self.declarations)
        score = contract_score(
            contract=contract, points_half=points_half, bouts=bouts, pab=pab,
            handfuls=handfuls_bonus, slam_announced=self.slam_announced, slam=slam,
            defence_slam_bonus=self.options.defence_slam_bonus, rounding=self.options.rounding)
        shares = contract_shares(self.n, taker, self.partner, score.d)
        return ContractResult(
            self.hands_played + 1, self.dealer, taker, contract, self.called, self.partner,
            tuple(self.chien), tuple(self.ecart), points_half, bouts, pab_seat, pab,
            tuple(self.declarations), handfuls_bonus, self.slam_announced, slam, score, shares,
            tricks=tuple(self.tricks))

    def _grasch_result(self) -> GraschResult:
        points = list(self.won_half)
        chien_to = self.tricks[-1].winner if self.options.grasch_chien == "last_trick" else None
        if chien_to is not None:
            points[chien_to] += sum(HALF_POINTS[c] for c in self.chien)
        return GraschResult(self.hands_played + 1, self.dealer, tuple(points), tuple(self.chien),
                            chien_to, grasch_shares(points))

    # ----- bookkeeping for tests and views -----

    def card_census(self) -> dict[str, list[Card]]:
        """Where every card of the hand is (for invariant tests)."""
        in_hands = [c for seat in range(self.n) for c in self.hand(seat)]
        taken = [c for t in self.tricks for c in t.cards]
        chien = [] if self.chien_taken else list(self.chien)
        return {"hands": in_hands, "chien": chien, "ecart": list(self.ecart), "tricks": taken,
                "trick": list(self.trick)}
