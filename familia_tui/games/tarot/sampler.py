"""The search bot's sampler for Tarot (issue 15, DESIGN.md §8): the cards one seat has not seen,
where each may be, and the whole state rebuilt from the view and a deal of them.

The places are the other seats' hands (in seat order) and then the stock: the hidden chien (while
bidding and calling, under Garde sans / Garde contre, in a Grasch hand), or, once a Prise/Garde
chien is taken, the taker's écart (which only the taker sees). What the seat knows, from its view
alone, and how each fact narrows where a card may be:

- **Its hand, the played cards, and (the taker) its écart** are seen: not dealt.
- **The shown chien** [A6]: its cards are in the taker's hand or in his écart.
- **The écart** [A6, TA-2, TA-14a]: never a king, a bout or the called card. Trumps: with
  `discarded_trumps_shown`, exactly the shown ones (known to be there), and once one is shown the
  taker holds no suit card he could have discarded instead. With hidden discards a trump may be
  there only if the taker has none of those left: a condition on two places, so `unseen` allows
  both and `sample` deals one of the two cases (no trump in the écart, or no such suit card with
  the taker) under exact constraints.
- **Poignées** [A8, TA-11]: the shown trumps (and Excuse) are in the declarer's hand (or the
  écart, for a taker's re-shown discards); a poignée showing the Excuse says its declarer holds no
  other trump.
- **Misères** [A8, TA-12]: no trump and no Excuse, or no face card and no bout, in the declarer's
  hand.
- **Trick play** [A9]: a seat that did not follow a led suit holds none of it; one that neither
  followed nor trumped holds no trump; one that played a trump below the trick's highest trump
  (led trumps, or ruffing over another trump) holds no trump above that one (it had to
  overtrump). The Excuse shows nothing.
- **The call** [A5, TA-13, TA-14a]: a queen called means the taker was dealt all four kings (so
  they are in his hand: a king is never discarded), a knight the kings and queens, a jack the
  kings, queens and knights; the called card is in nobody's known place until played (the taker
  may hold it himself). The tier called was not all in his dealt hand.
- **The deal** [A3, TA-18]: no seat was dealt the Petit as its only trump without the Excuse.

The last two (and the écart's hidden trumps) bind several cards at once, so `sample` deals under
the per-card constraints and deals again (a few times at most) when a deal breaks them.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, cast

from familia_tui.core.engine import GameState
from familia_tui.core.sampling import SamplingError, deal_unseen
from familia_tui.core.search import SearchSpec, Unseen
from familia_tui.core.table import SharedRandom, seat_ring
from familia_tui.games.tarot.actions import Contract, Play
from familia_tui.games.tarot.cards import (
    CARDS,
    EXCUSE,
    EXCUSE_SUIT,
    HALF_POINTS,
    IS_BOUT,
    KING,
    NO_SUIT,
    PETIT,
    RANK,
    SUIT,
    SUIT_LETTERS,
    TRUMP,
    Card,
    plain,
)
from familia_tui.games.tarot.playout import playout_policy
from familia_tui.games.tarot.rules import Phase, TarotState
from familia_tui.games.tarot.trick import new_buckets
from familia_tui.games.tarot.view import TarotView

HIDDEN_TRUMP_CASE = 0.05
"""With hidden discards, how often a sample takes the rare case of trumps in the écart (the taker
then holds no discardable suit card), when that case agrees with the view at all."""
REDEALS = 40
"""Deals tried again before a sample that breaks a several-card condition is kept anyway."""

_LETTER_SUIT = {letter: suit for suit, letter in enumerate(SUIT_LETTERS)} | {"T": TRUMP}


@dataclass(frozen=True)
class Analysis:
    """What one view tells about the unseen cards (computed once per view)."""

    unseen: Unseen
    others: tuple[int, ...]
    """The seat of each hand place (the stock is the place after them)."""
    stock: int
    """The stock's place: the hidden chien, or the taker's écart as others see it."""
    hidden_trump_cases: tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]] | None
    """With hidden discards seen by a non-taker: the constraints of the two cases (no trump in the
    écart; no discardable suit card with the taker), the second None-free only when possible."""
    played_by: tuple[tuple[Card, ...], ...]
    """The cards each seat has played this hand."""
    tier: tuple[Card, ...]
    """5 players: the called card's tier (the four cards of its rank), when the taker's dealt hand
    cannot have held all of it; () when there is nothing to check."""


def _played_by(view: TarotView) -> list[list[Card]]:
    played: list[list[Card]] = [[] for _ in view.seats]
    for record in view.tricks:
        for seat, card in zip(record.seats, record.cards, strict=True):
            played[seat].append(card)
    for seat, card in view.trick:
        played[seat].append(card)
    return played


def _trick_limits(view: TarotView, voids: list[set[int]], caps: list[int]) -> None:
    """What the tricks show [A9]: voids, and the highest trump each seat may still hold."""
    plays = [tuple(zip(record.seats, record.cards, strict=True)) for record in view.tricks]
    plays.append(view.trick)
    for trick in plays:
        led, top = NO_SUIT, -1
        for seat, card in trick:
            suit = SUIT[card]
            if suit == EXCUSE_SUIT:
                continue
            if led == NO_SUIT:
                led = suit
            elif suit != led:
                if led != TRUMP:
                    voids[seat].add(led)
                if suit != TRUMP:
                    voids[seat].add(TRUMP)
                elif top >= 0 and card < top:
                    caps[seat] = min(caps[seat], RANK[top])
            elif suit == TRUMP and card < top:
                caps[seat] = min(caps[seat], RANK[top])
            if suit == TRUMP and card > top:
                top = card


def analyse(view: TarotView) -> Analysis:
    """The unseen cards of `view.seat` and where each may be (see the module's text)."""
    me, n = view.seat, len(view.seats)
    others = tuple(seat for seat in range(n) if seat != me)
    place = {seat: index for index, seat in enumerate(others)}
    stock = len(others)
    chien_taken = view.chien is not None
    mine_ecart = chien_taken and me == view.taker
    played = _played_by(view)
    seen = set(view.hand)
    for plays in played:
        seen.update(plays)
    if mine_ecart:
        seen.update(view.ecart or ())
    cards = tuple(card for card in CARDS if card not in seen)
    stock_room = view.chien_size  # the hidden chien, or the écart made so far
    if chien_taken:
        stock_room = 0 if mine_ecart else view.chien_size - view.ecart_left
    room = (*(view.hand_counts[seat] for seat in others), stock_room)

    voids: list[set[int]] = [set() for _ in range(n)]
    caps = [21] * n
    _trick_limits(view, voids, caps)
    no_trumps = [False] * n  # no trump and no Excuse (misère de atouts)
    no_faces = [False] * n  # no face card and no bout (misère de têtes)
    fixed: dict[Card, int] = {}
    shown_ecart = set(view.ecart_shown)
    for declaration in view.declarations:
        seat = declaration.seat
        if declaration.kind.is_poignee:
            if EXCUSE in declaration.cards:
                caps[seat] = 0  # all its trumps were shown [TA-11]
            for card in declaration.cards:
                if card not in seen:
                    fixed[card] = stock if card in shown_ecart else place[seat]
        elif str(declaration.kind) == "misere-trumps":
            no_trumps[seat] = True
        else:
            no_faces[seat] = True
    if not mine_ecart:
        for card in shown_ecart:
            fixed[card] = stock
    called = view.called
    taker_place = place.get(view.taker) if view.taker is not None else None
    higher: set[Card] = set()  # the tiers above the called card: dealt to the taker [TA-14a]
    tier: tuple[Card, ...] = ()
    if called is not None and me != view.taker:
        for rank in range(RANK[called] + 1, KING + 1):
            higher.update(plain(rank, suit) for suit in range(4))
        tier = tuple(plain(RANK[called], suit) for suit in range(4))
    chien = set(view.chien or ())
    shown_trumps = bool(shown_ecart)
    hidden_discards = chien_taken and not mine_ecart and not view.options.discarded_trumps_shown

    def ecart_may(card: Card) -> bool:
        suit = SUIT[card]
        if IS_BOUT[card] or card == called or (suit < TRUMP and RANK[card] == KING):
            return False
        return suit != TRUMP or hidden_discards

    def discardable_suit(card: Card) -> bool:
        return SUIT[card] < TRUMP and RANK[card] != KING and card != called

    def seat_may(seat: int, card: Card) -> bool:
        suit = SUIT[card]
        if suit in voids[seat] or (suit == TRUMP and RANK[card] > caps[seat]):
            return False
        if no_trumps[seat] and suit >= TRUMP:
            return False
        return not (no_faces[seat] and (IS_BOUT[card] or (suit < TRUMP and RANK[card] > 10)))

    def allowed(card: Card, taker_discards: bool) -> frozenset[int]:
        if card in fixed:
            return frozenset((fixed[card],))
        if card in chien or card in higher:
            seats: tuple[int, ...] = (view.taker,) if view.taker is not None else ()
        else:
            seats = others
        result = {place[seat] for seat in seats if seat_may(seat, card)}
        if (taker_place is not None and not taker_discards and taker_place in result
                and discardable_suit(card)):
            result.discard(taker_place)
        if not chien_taken:
            if card not in higher:
                result.add(stock)
        elif not mine_ecart and ecart_may(card):
            result.add(stock)
        return frozenset(result)

    # Once a discarded trump is shown, the taker had no discardable suit card left [A6].
    loose = tuple(allowed(card, not shown_trumps) for card in cards)
    cases = None
    if hidden_discards:
        no_trump = tuple(frozenset(p for p in places if p != stock or SUIT[card] != TRUMP)
                         for card, places in zip(cards, loose, strict=True))
        forced = tuple(allowed(card, False) for card in cards)
        taker_played_suit = view.taker is not None and any(
            discardable_suit(card) for card in played[view.taker])
        cases = (no_trump, () if taker_played_suit else forced)
    # The taker's dealt hand did not hold the whole called tier: only a question when its cards
    # might all be with him.
    if tier and any(card in set(view.hand) or (card in chien) for card in tier):
        tier = ()
    return Analysis(Unseen(cards, room, loose), others, stock, cases,
                    tuple(tuple(cards) for cards in played), tier)


class _Memo(threading.local):
    """Per thread (bots may think in several threads at once): the last view analysed and its
    analysis (a search samples one view hundreds of times)."""

    def __init__(self) -> None:
        self.last: list[Any] = [None, None]


_memo = _Memo()


def _analysis(view: TarotView) -> Analysis:
    last = _memo.last
    if last[0] is view:
        result: Analysis = last[1]
        return result
    result = analyse(view)
    last[:] = [view, result]
    return result


def unseen(view: TarotView) -> Unseen:
    """The sampler's first half: the unseen cards, each place's room and where each card may be."""
    return _analysis(view).unseen


def _deal(analysis: Analysis, rng: random.Random) -> list[list[Card]]:
    unseen_cards = analysis.unseen
    cases = analysis.hidden_trump_cases
    if cases is None:
        return deal_unseen(unseen_cards.cards, unseen_cards.room, unseen_cards.may_hold, rng)
    no_trump, forced = cases
    order = [no_trump, forced] if not forced or rng.random() >= HIDDEN_TRUMP_CASE else [forced, no_trump]
    for may_hold in order:
        if may_hold:
            try:
                return deal_unseen(unseen_cards.cards, unseen_cards.room, may_hold, rng)
            except SamplingError:
                continue
    raise SamplingError("no deal of the unseen cards agrees with the écart's rules")


def _dealt_hand(view: TarotView, analysis: Analysis, dealt: list[list[Card]], seat: int) -> list[Card]:
    """What `seat` was dealt, in a sample (for the conditions on the deal)."""
    hand = list(dealt[analysis.others.index(seat)]) + list(analysis.played_by[seat])
    if seat == view.taker and view.chien is not None:
        chien = set(view.chien)
        hand = [card for card in hand + dealt[analysis.stock] if card not in chien]
    return hand


def _agrees(view: TarotView, analysis: Analysis, dealt: list[list[Card]]) -> bool:
    """The several-card conditions: nobody was dealt the petit sec [A3]; the taker's dealt hand
    lacked a card of the called tier [TA-14a]."""
    for index, seat in enumerate(analysis.others):
        if PETIT in dealt[index] or PETIT in analysis.played_by[seat] or (
                seat == view.taker and view.chien is not None and PETIT in dealt[analysis.stock]):
            hand = _dealt_hand(view, analysis, dealt, seat)
            if EXCUSE not in hand and sum(SUIT[card] == TRUMP for card in hand) == 1:
                return False
    taker = view.taker
    return not (analysis.tier and taker is not None
                and set(_dealt_hand(view, analysis, dealt, taker)).issuperset(analysis.tier))


def build(view: TarotView, dealt: list[list[Card]]) -> TarotState:
    """The sampler's second half: the whole state, each place's unseen cards from `dealt` and
    everything else from the view."""
    analysis = _analysis(view)
    me, n, options = view.seat, len(view.seats), view.options
    state = TarotState.__new__(TarotState)
    state.options, state.seats, state.n = options, view.seats, n
    state.seed = None
    state.tricks_per_hand = options.tricks
    state.ring = seat_ring(n)
    state.rng = SharedRandom(hash(tuple(map(tuple, dealt))))  # later deals: unknown, random (and
    # shared by the playouts' clones, which stop at the next deal)
    state.rng_owned = True
    state.stacked = []
    state.dealer = view.dealer
    state.hands_played = view.hand_number - 1
    state.deals_dealt = view.hand_number
    state.deals_passed = 0
    state.totals_half = [round(total * 2) for total in view.totals]
    state.results = list(view.results)
    state.events = []
    state._legal = None
    phase = state.phase = Phase(view.phase)
    state.is_over = phase is Phase.OVER
    state.to_act = view.to_act
    state.redeal = view.redeal
    state.bids = [(seat, Contract(bid) if bid else None) for seat, bid in view.bids]
    state.contract = Contract(view.contract) if view.contract else None
    state.taker = view.taker
    called = state.called = view.called
    hands: list[list[Card]] = [list(view.hand)] * n
    for index, seat in enumerate(analysis.others):
        hands[seat] = dealt[index]
    state.hands = [new_buckets(cards) for cards in hands]
    stock = dealt[analysis.stock]
    state.chien_taken = view.chien is not None
    if view.chien is not None:
        state.chien = list(view.chien)
        if me == view.taker:
            state.ecart = list(view.ecart or ())
        else:  # suit cards were discarded first, then trumps, in the order shown [A6]
            shown = {card: index for index, card in enumerate(view.ecart_shown)}
            state.ecart = ([card for card in stock if SUIT[card] != TRUMP]
                           + sorted((card for card in stock if SUIT[card] == TRUMP),
                                    key=lambda card: shown.get(card, -1)))
    else:
        state.chien = list(stock)
        state.ecart = []
    state.grasch = view.grasch
    state.slam_announced = view.slam_announced
    state.excuse_slam = False
    state.declarations = list(view.declarations)
    state.declined = [me] if view.declined else []
    state.trick_no = view.trick_number - 1
    state.leader = view.leader
    trick = state.trick = [card for _, card in view.trick]
    state.led = NO_SUIT if view.led is None else _LETTER_SUIT[view.led]
    state.top = max((card for card in trick if SUIT[card] == TRUMP), default=-1)
    state.tricks = list(view.tricks)
    state.won_half = [round(points * 2) for points in view.trick_points]
    state.won_bouts = list(view.trick_bouts)
    state.tricks_won = list(view.tricks_won)
    partner = None
    revealed = False
    if called is not None and phase is not Phase.CALL:
        holder = next((seat for seat, cards in enumerate(analysis.played_by) if called in cards), None)
        revealed = holder is not None
        if holder is None:
            holder = next((seat for seat in range(n) if called in hands[seat]), None)
        partner = None if holder == view.taker else holder
    state.partner, state.partner_revealed = partner, revealed
    taker = view.taker
    if taker is None or view.grasch or phase in (Phase.BID, Phase.CALL):
        state.side = [1] * n
    else:
        state.side = [0 if seat in (taker, partner) else 1 for seat in range(n)]
    return state


def deal(view: TarotView, rng: random.Random) -> list[list[Card]]:
    """A deal of the unseen cards under the per-card constraints, with hidden discards one of
    the écart's two cases first (see the module)."""
    return _deal(_analysis(view), rng)


def accept(view: TarotView, dealt: list[list[Card]]) -> bool:
    """Whether a deal keeps the several-card conditions (the petit sec, the called tier): the
    search bot deals again when not, `REDEALS` times at most (a hand's score swings far more
    with the deal than with one card, so a deal the seat could rule out is worth avoiding)."""
    return _agrees(view, _analysis(view), dealt)


def same_play(view: TarotView, legal: Sequence[Any]) -> list[Hashable]:
    """The search's key of equivalent actions: plays of interchangeable cards.

    Two cards of the seat's hand are interchangeable when they are of one suit (or both
    trumps), are worth the same card points [A1] and are no bout, and every card of that suit
    ranked between them is the seat's own or out of play (in a finished trick of this hand, or
    in its own écart; a card of the trick in play is not out): against any card that may still
    meet them, following, trumping and overtrumping [A9] read only suit and rank, so they win
    and lose alike, and they count the same points. Playing one or the other gives the same
    hand up to their labels. The bouts (the Petit au bout, the Excuse's rules) and every other
    action are their own."""
    if view.phase != Phase.PLAY:
        return list(range(len(legal)))
    out = {card for trick in view.tricks for card in trick.cards}
    if view.ecart and view.taker == view.seat:
        out.update(view.ecart)
    classes = _classes(view.hand, out)
    return [classes.get(action.card, action) if type(action) is Play else action for action in legal]


def _classes(hand: Sequence[Card], out: set[Card]) -> dict[Card, tuple[int, int, int]]:
    """Each card of the hand that has a class of interchangeable cards (see `same_play`): its
    suit, its stretch of the suit between cards that may still meet it, and its points."""
    held = set(hand)
    classes: dict[Card, tuple[int, int, int]] = {}
    for suit, cards in enumerate(_SUITS):
        stretch = 0
        for card in cards:
            if card in held:
                if not IS_BOUT[card]:
                    classes[card] = (suit, stretch, HALF_POINTS[card])
            elif card not in out:
                stretch += 1  # a card that may still meet them splits the suit
    return classes


_SUITS = tuple(tuple(card for card in CARDS if SUIT[card] == suit) for suit in (*range(4), TRUMP))
"""The four suits' cards and the trumps, lowest first (card ids rise with rank)."""


horizon = attrgetter("deals_dealt")
"""Changes with every new deal (a passed-out or annulled one too): a playout stops there."""


def value(state: GameState, seat: int) -> float:
    """The seat's score in half points (Tarot's scores sum to zero, so it is also its lead over
    the others' mean, scaled)."""
    return float(cast(TarotState, state).totals_half[seat])


SEARCH = SearchSpec(unseen=unseen, build=build, horizon=horizon, value=value, playout=playout_policy,
                    deal=deal, accept=accept, tries=REDEALS + 1, key=cast(Any, same_play))
"""The search bot's spec (rule-based playouts to the end of the deal)."""
