"""What Chinkway's search bot needs (core/search.py): its sampler, where a playout stops, and a
seat's value.

The sampler reads one seat's view only and deals what that seat has not seen:

- **The play pack.** The cards outside its hand, not played this deal (the view's `played`)
  and, for the dealer, not among his own discards, go to the other four hands (their sizes are
  public) and, for anyone but the dealer once he has discarded, to the dealer's two discards
  (out of play and never shown [CW-7]). A seat that failed to follow a suit this deal holds
  none of it (follow suit if able [B5, CW-2]); its discards may (they were laid aside before
  the play).
- **The quest pack** (cards of the other pack, `QuestCard`). The quests turned since the last
  reshuffle that the view shows (the earlier deals' records and the turned quest) are known; the
  rest of the 52 are the pack still to turn, in order (the next quest is its top five: before
  the dealer names trumps nobody knows it [CW-11]), the turned cards the view does not show (a
  position's earlier deals) and the two pictures left out of the pack [B1], which are none of
  the quest cards ever turned [CW-9].

Trumps once named, the quest once turned, the sides, collections, tricks and scores are public
and copied from the view. A playout stops at the end of the deal (the deal number changes, or
the game ends) and plays by cheap rules of thumb (`playout_policy`: against the basic bot they
gave the search a clearer edge than random playouts at the same count); a seat's value is its
total less the mean of the others' (a partner's score counts as the others', so the side's gain
is weighed against the table's).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from familia_tui.core.cards import Card
from familia_tui.core.search import SearchSpec, Unseen
from familia_tui.core.table import SharedRandom, seat_ring
from familia_tui.games.chinkway.actions import TRUMP, card_key
from familia_tui.games.chinkway.bots import trump_choice
from familia_tui.games.chinkway.quest import (
    ALL_PICTURES,
    CATEGORY_INDEX,
    INDEX_OF,
    PLAY_PACK,
    QUEST_SIZE,
)
from familia_tui.games.chinkway.rules import PLAYERS, ChinkwayState, Phase
from familia_tui.games.chinkway.view import ChinkwayView

QUEST_PACK_SIZE = len(PLAY_PACK) - 2
"""The quest pack: 52 cards less two pictures [B1]."""
DISCARDS, PACK, USED, REMOVED = 4, 5, 6, 7
"""The unseen places after the four other hands (0–3, in seat order): the dealer's discards,
the quest pack still to turn (top first), the quest cards turned unseen since the reshuffle,
and the two pictures left out of the quest pack."""
_PICTURES = frozenset(ALL_PICTURES)


@dataclass(frozen=True, slots=True)
class QuestCard:
    """A card of the quest pack (the twin of a play-pack card, a different card to deal)."""

    card: Card

    def __str__(self) -> str:
        return f"quest {self.card}"


QUEST_CARDS = {card: QuestCard(card) for card in PLAY_PACK}


def unseen(view: ChinkwayView) -> Unseen:
    """The sampler's first half: what `view.seat` has not seen, and where it may be (module
    docstring). The search asks it again for every sample of one decision: the last view's
    answer is kept (a view never changes)."""
    last_view, last = _last_unseen
    if view is last_view:
        known: Unseen = last
        return known
    answer = _unseen(view)
    _last_unseen[:] = [view, answer]
    return answer


_last_unseen: list[Any] = [None, None]
"""The last view asked about, and its unseen cards."""


def _unseen(view: ChinkwayView) -> Unseen:
    seat = view.seat
    assert seat is not None
    others = [other for other in range(PLAYERS) if other != seat]
    voids = _voids(view.played)
    discards_hidden = seat != view.dealer and view.phase != Phase.DISCARD
    seen = {*view.hand, *view.discards, *(card for _, card in view.played)}
    hidden = [card for card in PLAY_PACK if card not in seen]
    may_hold = [frozenset([*(i for i, other in enumerate(others) if card.suit not in voids[other]), DISCARDS])
                for card in hidden]
    cards: list[Card | QuestCard] = list(hidden)
    room = [*(view.hand_counts[other] for other in others), 2 if discards_hidden else 0]
    known, turned_unseen = _turned_quests(view)
    ever = {card for record in view.history for card in record.quest} | set(view.quest)
    for card in PLAY_PACK:
        if card not in known:
            cards.append(QUEST_CARDS[card])
            removable = card in _PICTURES and card not in ever
            may_hold.append(frozenset((PACK, USED, REMOVED) if removable else (PACK, USED)))
    room += [view.quest_left, turned_unseen, 2]
    return Unseen(tuple(cards), tuple(room), tuple(may_hold))


def build(view: ChinkwayView, dealt: list[list[Any]]) -> ChinkwayState:
    """The sampler's second half: the whole state, with `dealt[place]` in each unseen place and
    everything else copied from the view."""
    seat = view.seat
    assert seat is not None
    state = object.__new__(ChinkwayState)
    hidden = iter(dealt[:DISCARDS])
    hands: list[list[Card]] = [list(view.hand) if other == seat else sorted(next(hidden), key=card_key)
                               for other in range(PLAYERS)]
    known, _ = _turned_quests(view)
    _set_table(state, view, seed=hash(tuple(map(card_key, hands[(seat + 1) % PLAYERS]))))
    state.hands = hands
    state.discards = list(view.discards) if seat == view.dealer else sorted(dealt[DISCARDS], key=card_key)
    state.quest_pack = [quest.card for quest in dealt[PACK]]
    state.quest_used = [*(quest.card for quest in dealt[USED]), *known]
    state.removed = tuple(quest.card for quest in dealt[REMOVED])
    return state


def _set_table(state: ChinkwayState, view: ChinkwayView, seed: int) -> None:
    """Every public field of the state, from the view."""
    state.options, state.seats, state.seed = view.options, view.seats, None
    state.ring = seat_ring(PLAYERS)
    state.rng = SharedRandom(seed)  # later deals are the search's own guess (playouts stop before)
    state.deals_total, state.first_dealer = view.options.deals, view.first_dealer
    state.stacked = []
    state.reshuffles = 0
    state.rows, state.totals = list(view.rows), list(view.totals)
    state.history, state.events, state._legal = list(view.history), [], None
    state.deal_number, state.reseated = view.deal, view.reseated
    state.rotation_dealer = state.dealer = view.dealer
    positions = state.positions = view.positions
    state.next_seat = tuple(positions[(positions.index(s) + 1) % PLAYERS] for s in range(PLAYERS))
    state.sides = view.sides
    side_of = [0] * PLAYERS
    for index, side in enumerate(view.sides):
        for member in side:
            side_of[member] = index
    state.side_of = tuple(side_of)
    phase = state.phase = Phase(view.phase)
    state.trump_named = view.trump is not None
    state.trump = None if view.trump in (None, "NT") else view.trump
    state.quest, state.quest_need = view.quest, view.quest_counts
    state.collected = [list(cards) for cards in view.collected]
    state.needs = [list(need) for need in view.needs]
    state.trick, state.played = list(view.trick), list(view.played)
    state.led = view.trick[0][1].suit if view.trick else None
    state.trick_no = sum(view.tricks_won)
    state.tricks_won = list(view.tricks_won)
    state.last_trick, state.last_winner = view.last_trick, view.last_winner
    state.pick_choices = view.pick
    state.to_move = view.to_act
    if view.trick:
        state.leader = view.trick[0][0]
    elif phase in (Phase.PLAY, Phase.PICK) and view.to_act is not None:
        state.leader = view.to_act
    elif phase is Phase.OVER:
        state.leader = view.last_winner  # type: ignore[assignment]
    else:
        state.leader = positions[1]


def _turned_quests(view: ChinkwayView) -> tuple[list[Card], int]:
    """The quest cards turned since the last reshuffle that the view shows, in the order they
    were turned, and how many more were turned unseen (a position's earlier deals) [CW-9]."""
    turned = QUEST_PACK_SIZE - view.quest_left
    quests = [record.quest for record in view.history]
    if view.quest and view.phase != Phase.OVER:
        quests.append(view.quest)
    shown = quests[len(quests) - min(len(quests), turned // QUEST_SIZE):]
    return [card for quest in shown for card in quest], turned - QUEST_SIZE * len(shown)


def _voids(played: Sequence[tuple[int, Card]]) -> list[set[str]]:
    """The suits each seat failed to follow this deal (it holds none of them) [B5, CW-2]."""
    voids: list[set[str]] = [set() for _ in range(PLAYERS)]
    for start in range(0, len(played), PLAYERS):
        trick = played[start:start + PLAYERS]
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led:
                voids[seat].add(led)
    return voids


def horizon(state: Any) -> int:
    """The deal in play: a playout stops when it is scored (`state`: a `ChinkwayState`)."""
    deal: int = state.deal_number
    return deal


def value(state: Any, seat: int) -> float:
    """The seat's total less the mean of the others' totals."""
    totals: list[int] = state.totals
    return totals[seat] - (sum(totals) - totals[seat]) / (PLAYERS - 1)


def playout_policy(state: Any, rng: random.Random) -> Any:
    """A playout's move: the basic bot's rules of thumb read off the sampled state, cheaply (a
    random move one time in `WANDER`, and a random lead): the dealer names his longest suit;
    a trick's winner takes the category his side needs most; a player wins, as cheaply as he
    can, a trick that holds a card his side or the winning side needs, plays low to a trick his
    partner wins and otherwise sheds his lowest card."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase is Phase.PLAY and state.trick and rng.random() >= WANDER:
        return _follow(state, legal)
    if phase is Phase.PICK:
        need = state.needs[state.side_of[state.to_move]]
        return max(legal, key=lambda take: need[CATEGORY_INDEX[take.category]])
    if phase is Phase.TRUMP:
        return TRUMP[trump_choice(state.hands[state.to_move])]
    return legal[int(rng.random() * len(legal))]


WANDER = 0.1
"""How often a playout's follower plays at random."""


def _follow(state: Any, legal: Sequence[Any]) -> Any:
    trick, trump = state.trick, state.trump
    winner, best = trick[0]
    for seat, card in trick:
        if card.suit == best.suit:
            if card.rank > best.rank:
                winner, best = seat, card
        elif card.suit == trump:
            winner, best = seat, card
    side_of, needs = state.side_of, state.needs
    mine = side_of[state.to_act]
    cheapest = min(legal, key=lambda play: (play.card.suit == trump, play.card.rank))
    if side_of[winner] == mine:
        return cheapest
    wanted = needs[mine]
    theirs = needs[side_of[winner]]
    worth = any(wanted[INDEX_OF[card]] or theirs[INDEX_OF[card]] for _, card in trick)
    beating = [play for play in legal if (play.card.suit == best.suit and play.card.rank > best.rank)
               or (play.card.suit == trump != best.suit)]
    if beating and (worth or any(wanted[INDEX_OF[play.card]] for play in beating)):
        return min(beating, key=lambda play: (play.card.suit == trump, play.card.rank))
    return cheapest


def same_cards(view: ChinkwayView, legal: Sequence[Any]) -> list[Hashable]:
    """The search's key of equivalent actions: discards, or plays, of interchangeable cards.

    Two cards of one hand are interchangeable when they have one suit and one quest category
    [B4] and every card of that suit ranked between them is the seat's own or out of play (in
    a finished trick of this deal, or the dealer's own discard [B3.2, CW-7]; a card of the trick
    in play is not out): against any card that may still meet them (follow suit and the
    winner read only suit and rank [B5]) they win and lose alike, they collect as the same
    category [B6], and two cards of one hand never meet in a trick. So playing one or the other
    gives the same game up to their labels, and two discards (out of play, counting for nothing)
    are the same when they take as many cards from each class. With ♥2 ♥4 ♥5 ♥6 in hand and ♥3
    elsewhere, ♥4 ♥5 ♥6 are one class; with ♥10 J Q K A and the lower hearts elsewhere, ♥10
    and ♥A are one class. The trump choice and a trick winner's take are each their own."""
    phase = view.phase
    if phase != Phase.DISCARD and phase != Phase.PLAY:
        return list(range(len(legal)))
    in_trick = {card for _, card in view.trick}
    out = {card for _, card in view.played if card not in in_trick}
    out.update(view.discards)
    classes = _classes(view.hand, out)
    if phase == Phase.PLAY:
        return [classes[action.card] for action in legal]
    return [tuple(sorted(classes[card] for card in action.cards)) for action in legal]


def _classes(hand: Sequence[Card], out: set[Card]) -> dict[Card, tuple[str, int, int]]:
    """Each card of the hand's class of interchangeable cards (see `same_cards`): its suit, its
    stretch of the suit between cards that may still meet it, and its quest category."""
    held = set(hand)
    classes: dict[Card, tuple[str, int, int]] = {}
    for suit in "SHDC":
        stretch = 0
        for card in _BY_RANK[suit]:
            if card in held:
                classes[card] = (suit, stretch, INDEX_OF[card])
            elif card not in out:
                stretch += 1  # a card that may still meet them splits the suit
    return classes


_BY_RANK = {suit: sorted((c for c in PLAY_PACK if c.suit == suit), key=lambda c: c.rank) for suit in "SHDC"}
"""Each suit's cards, lowest first."""


SEARCH = SearchSpec(unseen=unseen, build=build, horizon=horizon, value=value, playout=playout_policy,
                    key=same_cards)
"""Chinkway's search bot: deals sampled from the seat's view, played out to the deal's end."""
