"""The Chinkway state machine: deals, the dealer's discard and trumps, the quest, tricks, quest
picks, scoring, the rotation and the final re-seat.

Rules implemented here (rules digest Part B with its amendments; the quest, sides and standings
in quest.py, explanations in explain.py):

- Five players [B1]; seats 0–4 clockwise. The first dealer is the options' `first_dealer` or a
  seeded draw; the deal passes one seat clockwise (to the left) [B2].
- Each deal [B3]: 10 cards to each player, 12 to the dealer; the dealer discards 2, out of play
  [CW-7]; he announces trumps or No Trump; then 5 cards of the quest pack are turned [CW-11].
  The quest pack is drawn on from deal to deal; all 50 are reshuffled when fewer than 5 are
  left, that is before deal 11 [CW-9].
- Sides [B2]: the dealer alone; #2+#3 / #4+#5 in deals 1–5, #2+#4 / #3+#5 from deal 6 on.
- Tricks [B5, CW-2]: #2 leads the first; follow suit if able, else any card; the highest trump,
  else the highest card of the led suit, wins; the winner leads the next [CW-12].
- The quest pick [B6, CW-6, CW-10]: the trick's winner takes one card of a category his side
  still needs: chosen when two or more categories are eligible, taken at once when one is,
  none when none is. Partners share one collection, capped at the quest.
- Scoring [B7]: 0/1/3/6/10/15 by cards collected, each partner scoring in full.
- The game [B8, CW-4, CW-5a, CW-8]: 11 or 10 deals; with `final_reseat` the last deal is dealt
  by the 3rd in the standings, 1st at #2 with 4th at #4, 2nd at #3 with 5th at #5.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, cached_property
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from familia_tui.core.cards import Card, permutation, shuffled
from familia_tui.core.engine import Event, Explanation, IllegalAction, Seat
from familia_tui.core.events import DEAL_SCORED, DEALT, GAME_OVER, PLAYED, TRICK_WON
from familia_tui.core.table import (
    BaseState,
    Copier,
    copy_list,
    copy_rng,
    copy_rows,
    handles,
    seat_ring,
)
from familia_tui.games.chinkway.actions import (
    DISCARD,
    PLAY,
    TAKE,
    TRUMP,
    Action,
    Discard,
    Play,
    Take,
    Trump,
    card_key,
)
from familia_tui.games.chinkway.options import ChinkwayOptions
from familia_tui.games.chinkway.quest import (
    ALL_PICTURES,
    CATEGORIES,
    CATEGORY_INDEX,
    INDEX_OF,
    PLAY_PACK,
    QUEST_SIZE,
    quest_counts,
    quest_pack,
    reseat_positions,
    sides_of,
    standings,
    triangle,
)

if TYPE_CHECKING:
    from familia_tui.games.chinkway.view import ChinkwayResult, ChinkwayView

PLAYERS = 5
HAND = 10
DEALER_HAND = 12
TRICKS = 10


class Phase(StrEnum):
    DISCARD = "discard"
    """The dealer lays aside two cards."""
    TRUMP = "trump"
    """The dealer names trumps or No Trump."""
    PLAY = "play"
    """Tricks."""
    PICK = "pick"
    """The trick's winner chooses the category of the quest card he takes."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A finished deal, for the score sheet and the results screen."""

    number: int
    dealer: int
    positions: tuple[int, ...]
    """Seats at #1 (the dealer) … #5."""
    sides: tuple[tuple[int, ...], ...]
    reseated: bool
    trump: str
    quest: tuple[Card, ...]
    collected: tuple[tuple[Card, ...], ...]
    """Each side's collected cards, in the order of `sides`."""
    scores: tuple[int, ...]
    """Each seat's score for the deal, in seat order."""
    tricks_won: tuple[int, ...]
    """Each seat's tricks, in seat order."""
    last_trick: tuple[tuple[int, Card], ...]
    """The deal's last trick, (seat, card) in play order; `last_winner` won it."""
    last_winner: int


@dataclass(frozen=True, slots=True)
class StackedHands:
    """Cards placed in one deal's hands (seat → cards); a seeded filler completes them."""

    hands: tuple[tuple[int, tuple[Card, ...]], ...]


_NUMBER = tuple((("number", number),) for number in range(TRICKS + 1))
"""The `trick_won` event's info for each trick number."""
_PLAYED = {(seat, card): Event(PLAYED, seat, (card,)) for seat in range(PLAYERS) for card in PLAY_PACK}


@cache
def table_of(late: bool, positions: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                                                               tuple[int, ...]]:
    """The table of a deal from its positions (#1 … #5), `late` from deal 6 on: the seat after
    each seat, the sides (the dealer alone, then the partnerships [B2]) and each seat's side."""
    following = tuple(positions[(positions.index(seat) + 1) % PLAYERS] for seat in range(PLAYERS))
    sides = sides_of(6 if late else 1, positions)
    side_of = [0] * PLAYERS
    for index, side in enumerate(sides):
        for seat in side:
            side_of[seat] = index
    return following, sides, tuple(side_of)


_new_event = tuple.__new__
"""`_new_event(Event, (kind, seat, cards, info))`: the same value as `Event(...)`, without a
Python call (every trick's end makes one)."""
_PLAY, _OVER = Phase.PLAY, Phase.OVER
"""The phases the hot paths test (a module constant is read faster than an enum member)."""


class ChinkwayState(BaseState[Action, "ChinkwayView", "ChinkwayResult"]):
    """A game of Chinkway in progress. Mutable; `clone()` gives an independent copy."""

    IMMUTABLE = ("options", "seats", "seed", "ring", "deals_total", "first_dealer", "removed",
                 "deal_number", "dealer", "rotation_dealer", "positions", "next_seat", "sides",
                 "side_of", "reseated", "phase", "to_move", "trump", "trump_named", "quest",
                 "quest_need", "leader", "led", "trick_no", "last_trick", "last_winner",
                 "pick_choices", "reshuffles", "is_over")
    COPIED: ClassVar[Mapping[str, Copier]] = {
        "rng": copy_rng, "stacked": copy_list, "quest_pack": copy_list, "quest_used": copy_list,
        "hands": copy_rows, "discards": copy_list, "trick": copy_list, "collected": copy_rows,
        "needs": copy_rows, "tricks_won": copy_list, "played": copy_list, "rows": copy_list,
        "totals": copy_list, "history": copy_list,
    }

    def __init__(self, options: ChinkwayOptions, seats: Sequence[Seat], seed: int | None = None, *,
                 stacked: Sequence[StackedHands] = (), quest_top: Sequence[Card] = (),
                 removed: Sequence[Card] | None = None, first_dealer: int | None = None,
                 start_deal: int = 1, rows: Sequence[Sequence[int]] = ()) -> None:
        self.options = options
        self.seats = tuple(seats)
        if len(self.seats) != PLAYERS:
            raise ValueError(f"Chinkway is for exactly 5 players; {len(self.seats)} seats given")
        self.seed = seed
        self.ring = seat_ring(PLAYERS)
        self.rng = random.Random(seed)
        self.deals_total = options.deals
        first = first_dealer if first_dealer is not None else options.first_dealer
        self.first_dealer = first if first is not None else self.rng.randrange(PLAYERS)
        self.stacked = list(stacked)
        """Hands still to be used before random ones (scenarios, tests)."""
        self.removed = tuple(removed) if removed is not None else tuple(
            self.rng.sample([c for c in ALL_PICTURES if c not in quest_top], 2))
        """The two pictures left out of the quest pack [B1]."""
        rest = shuffled([c for c in quest_pack(self.removed) if c not in quest_top], self.rng)
        turned = (start_deal - 1) * QUEST_SIZE
        size = len(rest) + len(quest_top)
        used = turned % size
        self.quest_used: list[Card] = rest[:used]
        """Quest cards already turned, set aside until the reshuffle [CW-9]."""
        self.quest_pack = [*quest_top, *rest[used:]]
        """The quest pack still to be turned, top first (a position's `quest_top` is its deal's)."""
        self.reshuffles = turned // size
        self.rows = [tuple(row) for row in rows]
        """Each finished deal's scores, in seat order."""
        self.totals = [sum(row[seat] for row in self.rows) for seat in range(PLAYERS)]
        self.history: list[DealRecord] = []
        self.events = []
        self._legal = None
        self.deal_number = start_deal
        self.rotation_dealer = (self.first_dealer + start_deal - 1) % PLAYERS
        self.is_over = False
        self._start_deal()

    # ----- protocol -----

    @property
    def to_act(self) -> int | None:
        return self.to_move

    @cached_property
    def is_over(self) -> bool:
        """The game is over. Kept as a field, set with the last deal's end (the playouts ask
        after every action, and a field is read faster than a property is called); this
        computes it only for a state made without `__init__` (the search's sampler)."""
        return self.phase is _OVER

    def explain(self, action: Action) -> Explanation:
        from familia_tui.games.chinkway.explain import explain_action

        return explain_action(self, action)

    def view(self, seat: int) -> ChinkwayView:
        from familia_tui.games.chinkway.view import ChinkwayView

        return ChinkwayView.of(self, seat)

    def public_view(self) -> ChinkwayView:
        """What every seat knows: a watcher's view, the hot-seat curtain's."""
        from familia_tui.games.chinkway.view import ChinkwayView

        return ChinkwayView.of(self, None)

    def result(self) -> ChinkwayResult:
        from familia_tui.games.chinkway.view import ChinkwayResult

        return ChinkwayResult.of(self)

    # ----- legal actions -----

    def legal_actions(self) -> list[Action]:
        """`BaseState.legal_actions` (the same cache, kept until the next action), worked out
        here rather than in a second call (`_compute_legal`): playouts ask at every step, and
        the call costs about as much as a trick's plays."""
        cached = self._legal
        if cached is not None:
            return cached  # type: ignore[return-value]
        phase, seat = self.phase, self.to_move
        legal: list[Action]
        if seat is None:
            legal = []
        elif phase is _PLAY:
            hand, led = self.hands[seat], self.led
            following = [PLAY[c] for c in hand if c.suit == led] if led is not None else None
            legal = following or list(map(PLAY.__getitem__, hand))  # type: ignore[assignment]
        elif phase is Phase.PICK:
            legal = [TAKE[cat] for cat in self.pick_choices]
        elif phase is Phase.DISCARD:  # the hand is in pack order, as each pair's key
            legal = list(map(DISCARD.__getitem__, combinations(self.hands[seat], 2)))
        elif phase is Phase.TRUMP:
            legal = list(TRUMP.values())
        else:
            legal = []
        self._legal = legal
        return legal

    def reseat_due(self, deal: int) -> bool:
        """Whether deal `deal` (from 1) is dealt after the re-seat by standings [B8, CW-5a]."""
        return self.options.final_reseat and deal == self.deals_total

    def standings(self) -> list[int]:
        """Seats best first by the game so far, every tie broken [B8, CW-8]."""
        return standings(self.totals, self.rows, self.last_dealer())

    def last_dealer(self) -> int:
        """The dealer of the last finished deal (the seat order of a final tie counts from him)."""
        if self.history:
            return self.history[-1].dealer
        return (self.first_dealer + len(self.rows) - 1) % PLAYERS

    # ----- a new deal -----

    def _start_deal(self) -> None:
        number = self.deal_number
        if len(self.quest_pack) < QUEST_SIZE:
            self._reshuffle_quest()
        self.reseated = self.reseat_due(number)
        if self.reseated:
            positions = reseat_positions(self.standings())
            self.events.append(Event("reseated", positions[0], info=(("positions", positions),)))
        else:
            positions = self.ring.order(self.rotation_dealer)
        self.positions = positions
        self.dealer = positions[0]
        self.next_seat, self.sides, self.side_of = table_of(number > 5, positions)
        self.hands = self._deal_hands()
        self.discards: list[Card] = []
        self.trump: str | None = None
        self.trump_named = False
        self.quest: tuple[Card, ...] = ()
        self.quest_need: tuple[int, ...] = (0,) * len(CATEGORIES)
        self.collected: list[list[Card]] = [[], [], []]
        self.needs: list[list[int]] = [[0] * len(CATEGORIES) for _ in range(3)]
        self.trick: list[tuple[int, Card]] = []
        self.led: str | None = None
        self.trick_no = 0
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        self.last_winner: int | None = None
        self.pick_choices: tuple[str, ...] = ()
        self.tricks_won = [0] * PLAYERS
        self.played: list[tuple[int, Card]] = []
        """Every card played this deal, (seat, card) in play order: public, and it shows who
        failed to follow which suit (the search's sampler reads it)."""
        self.leader = positions[1]
        self.phase = Phase.DISCARD
        self.to_move: int | None = self.dealer
        self.events.append(Event(DEALT, self.dealer, info=(("deal", number), ("positions", positions))))

    def _deal_hands(self) -> list[list[Card]]:
        """Ten cards each and twelve to the dealer [B3]; stacked cards first, if any."""
        if not self.stacked:  # the pack shuffled and dealt in seat order, each hand in pack order
            order = permutation(len(PLAY_PACK), self.rng)
            hands, start = [], 0
            for seat in range(PLAYERS):
                size = DEALER_HAND if seat == self.dealer else HAND
                hands.append(list(map(PLAY_PACK.__getitem__, sorted(order[start:start + size]))))
                start += size
            return hands
        given: dict[int, tuple[Card, ...]] = dict(self.stacked.pop(0).hands)
        placed = [card for cards in given.values() for card in cards]
        free = set(PLAY_PACK) - set(placed)
        if len(free) != len(PLAY_PACK) - len(placed):
            raise ValueError("a stacked deal places a card twice")
        spare = shuffled([card for card in PLAY_PACK if card in free], self.rng)
        hands = []
        for seat in range(PLAYERS):
            size = DEALER_HAND if seat == self.dealer else HAND
            cards = list(given.get(seat, ()))
            if len(cards) > size:
                raise ValueError(f"hands.{seat}: {len(cards)} cards given, but this seat holds {size}")
            missing = size - len(cards)
            cards += spare[:missing]
            del spare[:missing]
            cards.sort(key=card_key)
            hands.append(cards)
        return hands

    # ----- the dealer's discard and trumps, the quest -----

    @handles(Discard)
    def _discard(self, action: Discard) -> None:
        hand = self.hands[self.dealer]
        for card in action.cards:
            hand.remove(card)
        self.discards = list(action.cards)
        self.events.append(Event("discarded", self.dealer))
        self.phase = Phase.TRUMP

    @handles(Trump)
    def _trump(self, action: Trump) -> None:
        self.trump = action.trump
        self.trump_named = True
        self.events.append(Event("trump_named", self.dealer, info=(("trump", action.suit),)))
        self._reveal_quest()
        self.phase = Phase.PLAY
        self.to_move = self.leader

    def _reshuffle_quest(self) -> None:
        """Before a deal the quest pack cannot serve (deal 11), all fifty are reshuffled [CW-9]."""
        self.quest_pack = shuffled([*self.quest_pack, *self.quest_used], self.rng)
        self.quest_used = []
        self.reshuffles += 1
        self.events.append(Event("quest_reshuffled", None, info=(("cards", len(self.quest_pack)),)))

    def _reveal_quest(self) -> None:
        """Turn the next five quest cards, after the trump is named [CW-11]."""
        self.quest = tuple(self.quest_pack[:QUEST_SIZE])
        del self.quest_pack[:QUEST_SIZE]
        self.quest_used += self.quest
        self.quest_need = quest_counts(self.quest)
        self.needs = [list(self.quest_need) for _ in range(3)]
        self.events.append(Event("quest_revealed", self.dealer, self.quest,
                                 (("counts", dict(zip(CATEGORIES, self.quest_need, strict=True))),)))

    # ----- tricks and quest picks -----

    def apply(self, action: Action) -> list[Event]:
        """`BaseState.apply` (the same membership check), with a card's play handled here rather
        than through the dispatch: most actions are one."""
        legal = self._legal
        if action not in (legal if legal is not None else self.legal_actions()):
            raise IllegalAction(action, self.explain(action))
        self._legal = None
        if type(action) is not Play:
            self.events = []
            self._handlers[type(action)](self, action)
            return self.events
        card = action.card  # `_play`, inline
        seat = self.to_move
        self.hands[seat].remove(card)  # type: ignore[index]
        trick = self.trick
        play = (seat, card)
        trick.append(play)  # type: ignore[arg-type]
        self.played.append(play)  # type: ignore[arg-type]
        if self.led is None:
            self.led = card.suit
        self.events = events = [_PLAYED[seat, card]]  # type: ignore[index]
        if len(trick) < PLAYERS:
            self.to_move = self.next_seat[seat]  # type: ignore[index]
        else:
            self._finish_trick()
        return events

    @handles(Play)
    def _play(self, action: Play) -> None:
        card = action.card
        seat = self.to_move
        assert seat is not None
        self.hands[seat].remove(card)
        trick = self.trick
        play = (seat, card)
        trick.append(play)
        self.played.append(play)
        if self.led is None:
            self.led = card.suit
        self.events.append(_PLAYED[seat, card])
        if len(trick) < PLAYERS:
            self.to_move = self.next_seat[seat]
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        winner, best = trick[0]
        trump = self.trump
        for seat, card in trick:  # core.table.trick_winner's rule, unrolled: this runs every trick
            if card.suit == best.suit:
                if card.rank > best.rank:
                    winner, best = seat, card
            elif card.suit == trump:
                winner, best = seat, card
        self.tricks_won[winner] += 1
        number = self.trick_no = self.trick_no + 1
        self.last_trick = tuple(trick)
        self.last_winner = winner
        self.trick = []
        self.led = None
        self.leader = winner
        cards = tuple([card for _, card in trick])
        self.events.append(_new_event(Event, (TRICK_WON, winner, cards, _NUMBER[number])))
        need = self.needs[self.side_of[winner]]
        eligible: list[int] = []
        for card in cards:
            category = INDEX_OF[card]
            if need[category] and category not in eligible:
                eligible.append(category)
        if len(eligible) > 1:
            self.pick_choices = tuple(CATEGORIES[i] for i in sorted(eligible))
            self.phase = Phase.PICK
            self.to_move = winner
            return
        if eligible:
            self._collect(winner, CATEGORIES[eligible[0]], automatic=True)
        self._next_trick()

    @handles(Take)
    def _take(self, action: Take) -> None:
        winner = self.to_move
        assert winner is not None
        self.pick_choices = ()
        self.phase = Phase.PLAY
        self._collect(winner, action.category, automatic=False)
        self._next_trick()

    def _collect(self, winner: int, cat: str, automatic: bool) -> None:
        """The winner takes the first card of category `cat` of the last trick [B6, CW-6]."""
        index = CATEGORY_INDEX[cat]
        for _, card in self.last_trick:
            if INDEX_OF[card] == index:
                break
        side = self.side_of[winner]
        self.collected[side].append(card)
        self.needs[side][index] -= 1
        self.events.append(Event("quest_taken", winner, (card,), (
            ("category", cat), ("side", self.sides[side]), ("automatic", automatic))))

    def _next_trick(self) -> None:
        if self.trick_no == TRICKS:
            self._end_deal()
        else:
            self.to_move = self.leader

    # ----- scoring, the next deal, the end -----

    def _end_deal(self) -> None:
        side_scores = [triangle(len(cards)) for cards in self.collected]
        row = tuple(side_scores[self.side_of[seat]] for seat in range(PLAYERS))
        self.rows.append(row)
        for seat in range(PLAYERS):
            self.totals[seat] += row[seat]
        record = DealRecord(self.deal_number, self.dealer, self.positions, self.sides, self.reseated,
                            self.trump or "NT", self.quest, tuple(tuple(c) for c in self.collected), row,
                            tuple(self.tricks_won), self.last_trick, self.leader)  # the winner leads next
        self.history.append(record)
        self.events.append(Event(DEAL_SCORED, self.dealer, info=(("deal", self.deal_number),
                                                                   ("scores", row), ("record", record))))
        if self.deal_number >= self.deals_total:
            self.phase = Phase.OVER
            self.is_over = True
            self.to_move = None
            self.events.append(Event(GAME_OVER, None, info=(("totals", tuple(self.totals)),)))
            return
        self.deal_number += 1
        if not self.reseated:
            self.rotation_dealer = self.ring.next(self.rotation_dealer)
        self._start_deal()

    # ----- bookkeeping for tests and views -----

    def hand(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def side_need(self, seat: int) -> tuple[int, ...]:
        """What the seat's side still needs, per category."""
        return tuple(self.needs[self.side_of[seat]])

    def partner(self, seat: int) -> int | None:
        """The seat's partner in this deal (None for the dealer)."""
        side = self.sides[self.side_of[seat]]
        return next((s for s in side if s != seat), None)

    def card_census(self) -> dict[str, list[Card]]:
        """Where every card of the play pack is (for invariant tests)."""
        collected = [c for side in self.collected for c in side]
        done = PLAYERS * (self.trick_no - (self.phase is Phase.PICK))
        return {"hands": [c for hand in self.hands for c in hand], "discards": list(self.discards),
                "trick": [c for _, c in self.trick], "collected": collected,
                "taken": [c for _, c in self.played[:done] if c not in collected],
                "pick": [c for _, c in self.last_trick] if self.phase is Phase.PICK else []}
