"""The Familia state machine: deals, tricks, draws, deal and game ends, the match.

Rules implemented here (rules digest A.4–A.9, A.12; trick legality and resolution in trick.py,
scoring and ranking in scoring.py):

- Set-up of a deal: the hand-card pool of the options (hand adjustment [R-F31a]), hands of
  tricks/2 + 1 cards, a face-up stock whose top card is public [R-F9]; face piles by colour with
  the face-set mode (through / split with carry-over / split without) and face Jokers per deal,
  spread equally with the odd one to the configured pile [R-F32][R-F33a].
- A trick: the leader chooses a colour only; the face card is the pile's top card [R-F10] (the
  other pile when one is empty). Stock tricks: the face card's suit is led and the leader plays
  under the same obligation as everyone [A.5]. Trump tricks (from the trick after the draw round
  that empties the stock [R-F7]): the face card's suit is trump, the leader leads any card, a led
  Joker names its suit [R-F14]; a face Joker means no trump [R-F17].
- After the trick: the winner takes the face card (public [R-F34]); a void trick discards it out
  of the game [R-F8a]; in stock tricks everyone draws from the winner (or the void trick's leader)
  clockwise, and drawn cards are public [R-F9a]; the winner (or the same leader) leads next.
- Deal and game: deals = face sets; the next deal starts clockwise of the previous start [R-F26];
  leftover face cards carry over or are discarded by mode; scoring once at game end [R-F23].
- Match formats: single, N games, target score, first to N wins, first to N last places, with
  meld, rank-point or hybrid scoring [R-F36].
- The 2-player game runs four hands A♂, B♂, A♀, B♀ [R-F27]; a player sees both own hands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from operator import itemgetter
from typing import ClassVar

from familia_tui.core.cards import COLOURS, JOKER, SUITS, Card, face_cards, number_cards, permutations
from familia_tui.core.engine import Event, Explanation, IllegalAction, Seat
from familia_tui.core.events import DEALT, GAME_OVER, PLAYED, TRICK_WON
from familia_tui.core.table import (
    BaseState,
    Copier,
    clone_value,
    copy_list,
    copy_rng,
    copy_rows,
    per_object,
    seat_ring,
)
from familia_tui.games.familia import trick as tr
from familia_tui.games.familia.actions import PILE, PLAY, Action, PlayCard
from familia_tui.games.familia.explain import explain_action
from familia_tui.games.familia.match import GameResult, MatchState, table_seats
from familia_tui.games.familia.options import FamiliaOptions
from familia_tui.games.familia.trick import (
    CARD_ID,
    FOLLOWS,
    HAND_CARDS,
    JOKER_ID,
    JOKER_KEY,
    OFF,
    POWER,
    SUIT_OF,
)
from familia_tui.games.familia.view import FamiliaView, TrickRecord


@cache
def hand_pool(decks: int, removed: tuple[int, ...], jokers: int) -> tuple[Card, ...]:
    """A–10 of the decks, less the removed sets (one rank of one deck each), plus hand Jokers."""
    cards = number_cards(decks)
    for rank in removed:
        for suit in SUITS:
            cards.remove(Card(rank, suit))
    return tuple(cards) + (JOKER,) * jokers


def by_colour(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A face set's black and red cards, each in the set's order (`Plan.face_piles`)."""
    black = tuple(card for card in cards if card.colour == "black")
    red = tuple(card for card in cards if card.colour == "red")
    assert len(black) + len(red) == len(cards), "face cards have a colour"
    return black, red


@dataclass(frozen=True, slots=True)
class Plan:
    """What the engine reads of its options at every deal and decision, read once per options
    object (`plan_of`): options are frozen, and a pydantic field or cached property costs
    several times a field of this. Slots, not a named tuple: the interpreter reads a slot
    directly, where a named tuple's field is a descriptor looked up in the type (legal_actions
    reads one at every decision)."""

    hands: int
    tricks: int
    deals: int
    hand_size: int
    decks: int
    pool: list[int]
    """The hand-card pool as card ids (`pool_ids`), a list never changed (a deal gathers it
    with `map`: see `trick.FOLLOWS`)."""
    hand_slices: tuple[slice, ...]
    """Each seat's hand in the dealt cards; the rest is the stock."""
    unique: bool
    """`FamiliaOptions.unique_hand_cards`."""
    face_mode: str
    odd_face_joker: str
    face_sets: tuple[tuple[Card, ...], ...]
    """A game's reserve of face sets: all sets at once in through mode, else one per deal."""
    face_piles: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]
    """`by_colour` of each face set (`Card.colour` is a Python property, and every deal fills
    its piles)."""
    styles: tuple[str, ...]
    """Per deal: normal or batting."""
    key_tables: tuple[list[int], ...]
    """Per deal: the batting keys by card id (`trick.key_table`), as lists never changed (read
    with `map`: see `trick.FOLLOWS`)."""
    face_jokers: tuple[int, ...]
    """Per deal: face Jokers added to the piles."""
    options: FamiliaOptions
    """The options this plan was worked out from (`FamiliaState.options`)."""


@per_object
def plan_of(options: FamiliaOptions) -> Plan:
    """The options' `Plan`, worked out once per options object."""
    deals, decks, sets = options.deals, options.pool_decks, options.sets
    styles = tuple(options.style_of(deal) for deal in range(deals))
    face_sets = ((tuple(face_cards(sets)),) if options.face_mode == "through"
                 else (tuple(face_cards(1)),) * sets)
    size = options.deal_hand_size
    return Plan(options.hands, options.deal_tricks, deals, size, decks,
                list(pool_ids(decks, *options.adjustment)),
                tuple(slice(seat * size, (seat + 1) * size) for seat in range(options.hands)),
                options.unique_hand_cards, options.face_mode, options.odd_face_joker, face_sets,
                tuple(map(by_colour, face_sets)), styles,
                tuple(list(tr.key_table(decks, style)) for style in styles),
                tuple(options.face_jokers_of(deal) for deal in range(deals)), options)


@cache
def pool_ids(decks: int, removed: tuple[int, ...], jokers: int) -> tuple[int, ...]:
    """`hand_pool` as card ids (`trick.HAND_CARDS`), in the same order."""
    return tuple(tr.ids_of(hand_pool(decks, removed, jokers)))


PLAYS: tuple[PlayCard, ...] = tuple(map(PLAY.__getitem__, tr.HAND_CARDS))
"""`PLAYS[id]`: the shared `PlayCard` of a card id (the same objects as `PLAY[card]`)."""
JOKER_LEADS = tuple(PlayCard(JOKER, suit) for suit in SUITS)
"""A hand Joker led in a trump trick names its suit [R-F14]."""
PILE_BLACK, PILE_RED = PILE["black"], PILE["red"]


class Phase(StrEnum):
    PILE = "pile"
    """The leader chooses the colour of the face pile."""
    PLAY = "play"
    """Players play hand cards in turn."""
    OVER = "over"
    """The match is over."""


PILE_PHASE, PLAY_PHASE, OVER_PHASE = Phase.PILE, Phase.PLAY, Phase.OVER
"""The phases as plain names: an enum member read through its class is slow (Python 3.11), and
the protocol's properties read the phase at every step."""


@dataclass(frozen=True, slots=True)
class StackedDeal:
    """A deal with every card placed: hands in seat order, stock and piles top card first."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    black: tuple[Card, ...]
    red: tuple[Card, ...]


_make = tuple.__new__
"""`_make(Event, (…every field…))`: a named tuple built without its Python-level `__new__` (the
events and trick records of every play; `NamedTuple._make` does the same)."""


MAX_HANDS = 10
"""The most hands a table has (`FamiliaOptions.players`: ten people, a hand each): the per-seat
tables below are made for every seat a table can have."""


def _card_events(kind: str) -> tuple[tuple[Event, ...], ...]:
    """`table[seat][id]`: the event `kind` of a seat and one hand card, made once for every seat
    a table can have (events are immutable, and every play and draw of a game makes one)."""
    return tuple(tuple(Event(kind, seat, (card,)) for card in HAND_CARDS) for seat in range(MAX_HANDS))


_PLAYED_EVENTS, _DRAWN_EVENTS = _card_events(PLAYED), _card_events("card_drawn")
_PLAY_ROWS: tuple[tuple[tuple[int, Card, None], ...], ...] = tuple(
    tuple((seat, card, None) for card in HAND_CARDS) for seat in range(MAX_HANDS))
"""`_PLAY_ROWS[seat][id]`: a trick record's play (seat, card, no declared suit), made once (a
trick's record holds one per play)."""


def _plays_of(ids: Sequence[int], seats: Sequence[int], trump_trick: bool,
              led: str | None) -> tuple[tuple[int, Card, str | None], ...]:
    """A trick's plays (seat, card, declared suit) from its card ids and its seats in play order:
    a Joker led in a trump trick names the led suit [R-F14]. The state keeps the ids alone,
    and the plays are made once per trick, for its record (a loop: see `legal_actions`)."""
    plays: list[tuple[int, Card, str | None]] = []
    rows = _PLAY_ROWS
    for seat, cid in zip(seats, ids):
        plays.append(rows[seat][cid])
    if trump_trick and ids and ids[0] == JOKER_ID:
        plays[0] = (seats[0], JOKER, led)
    return tuple(plays)


def _copy_piles(piles: dict[str, list[Card]]) -> dict[str, list[Card]]:
    return {colour: pile.copy() for colour, pile in piles.items()}


class FamiliaState(BaseState[Action, FamiliaView, MatchState]):
    """A Familia match in progress. Mutable; `clone()` gives an independent copy."""

    IMMUTABLE = ("seats", "ring", "deal_start", "deal", "batting", "trick_no", "leader",
                 "turn", "phase", "face", "led", "trump", "is_over")
    SHARED = ("plan", "key_of", "_legal_ids")
    """The options' plan and the deal's batting keys by card id (cached tables, holding lists)
    and the card ids of the cached legal plays (replaced with them): never changed in place."""
    COPIED: ClassVar[Mapping[str, Copier]] = {
        "rng": copy_rng, "match": clone_value, "piles": _copy_piles,
        "hand_ids": copy_rows, "known_ids": copy_rows, "captures": copy_rows,
        "stock_ids": copy_list, "played_ids": copy_list, "discard_ids": copy_list, "face_discard": copy_list,
        "history": copy_list,
    }
    """Hand cards (hands, drawn cards, stock, trick, discard) are held as card ids
    (`trick.HAND_CARDS`): the `hands`, `known`, `stock` and `played` properties show them as
    cards, and whoever writes a state (scenarios, the search's sampler) writes the ids.

    The state keeps at most 29 fields (`core.table.INLINE_FIELDS`): past that, CPython 3.11
    gives up the instance's shared key table, and then every `self.method()` call looks
    the name up in the instance's dict first (about 240 instructions a call) and every field
    read and write is slower (`test_a_state_keeps_the_fields_cpython_shares_between_instances`).
    What can be derived is a property instead: `options`, `n`, `tricks_per_deal`, `style`,
    `stock_trick`, `plays`, `tricks_won` and `reserve`; the face card and its pile are one
    field, `face`."""
    turn: int
    """The seat to choose a pile or play (`to_act` is None once the match is over). Never None:
    the hot paths read it without a test."""

    def __init__(self, options: FamiliaOptions, seats: Sequence[Seat],
                 seed: int | None = None, deal: StackedDeal | None = None) -> None:
        self.plan = plan = plan_of(options)
        self.seats = table_seats(seats)
        n = len(self.seats)
        if n != plan.hands:
            raise ValueError(f"{options.players} players need {plan.hands} seats, got {n}")
        self.ring = seat_ring(n)
        """Play and the deal's start pass clockwise [R-F26]."""
        self.rng = random.Random(seed)
        self.match = MatchState.start(options, self.seats, plan.deals)
        self.is_over = False
        self.events = []
        self._legal, self._legal_ids = None, []
        self.deal_start = (options.first_leader if options.first_leader is not None
                           else self.rng.randrange(n)) % n
        self._start_game(deal)

    # ----- protocol -----

    @property
    def to_act(self) -> int | None:
        return None if self.phase is OVER_PHASE else self.turn

    is_over: bool
    """The match is over (phase OVER): a field set with the match's end, not a property (the
    playouts ask after every action, and a field is read faster than a property is called)."""

    _legal_ids: list[int]
    """The card id of each cached legal play (`_legal`'s entries, in order): `apply` finds the
    action in the list and plays its card without hashing it. Replaced with `_legal` (and
    stale while `_legal` is None)."""

    def apply(self, action: Action) -> list[Event]:
        """`BaseState.apply` (the same membership check and `IllegalAction`), finding the action's
        place in the legal list: a play's card id is at the same place in `_legal_ids`. The
        action's effect is worked out here rather than in a handler: a Python call costs as much
        as a pile choice's work, and playouts apply every action (scenario positions come here
        too, through `_reveal` and `_play`)."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        try:
            index = legal.index(action)
        except ValueError:
            raise IllegalAction(action, self.explain(action)) from None
        self._legal = None
        # Each branch makes the action's events list with its first event in it (`self.events`
        # before a trick's end adds to it): a display, not an empty list and an append call.
        if self.phase is not PLAY_PHASE:  # the leader reveals the top card of a pile [R-F10]
            colour: str = action[0]  # type: ignore[assignment]  # a ChoosePile
            face = self.piles[colour].pop()
            self.face = (face, colour)
            stock_trick = bool(self.stock_ids)
            if face != JOKER:  # a face Joker: no led suit in a stock trick, no trump [R-F16][R-F17]
                if stock_trick:  # the face card's suit is led [R-F7]
                    self.led = face.suit
                else:  # the face card's suit is trump
                    self.trump = face.suit
            self.phase = PLAY_PHASE
            self.events = events = [_make(Event, ("face_revealed", self.leader, (face,), (
                ("colour", colour), ("stock_trick", stock_trick))))]
            return events
        # A play of hand card `card` (card id `cid`), a led Joker naming `declared`.
        cid = self._legal_ids[index]
        card, declared = action  # type: ignore[misc]  # a PlayCard
        seat, played = self.turn, self.played_ids
        if not played and not self.stock_ids:  # a trump trick's lead names the led suit
            self.led = declared or SUIT_OF[cid]
        hand, known = self.hand_ids[seat], self.known_ids[seat]
        if known and cid in known:  # the drawn copy: a hand keeps its drawn cards last, in draw order
            place = len(hand) - len(known) + known.index(cid)
            if hand[place] == cid:
                del hand[place]
            else:  # a position whose known cards are not last
                hand.remove(cid)
            known.remove(cid)
        else:
            hand.remove(cid)
        played.append(cid)
        self.events = events = [_make(Event, (PLAYED, seat, (card,), (("declared", declared),)))
                                if declared else _PLAYED_EVENTS[seat][cid]]
        seat = self.ring.following[seat]
        if seat != self.leader:
            self.turn = seat
        else:  # every seat has played
            self._finish_trick()
        return events

    def explain(self, action: Action) -> Explanation:
        return explain_action(self, action)

    def view(self, seat: int) -> FamiliaView:
        return FamiliaView.of(self, seat)

    def public_view(self) -> FamiliaView:
        """What every seat knows: a watcher's view, the hot-seat curtain's."""
        return FamiliaView.public(self)

    def result(self) -> MatchState:
        return self.match

    # ----- derived fields (see the class's note on its 29 fields) -----

    @property
    def options(self) -> FamiliaOptions:
        return self.plan.options

    @property
    def n(self) -> int:
        """Seats (hands) at the table."""
        return self.ring.players

    @property
    def tricks_per_deal(self) -> int:
        return self.plan.tricks

    @property
    def style(self) -> str:
        """The deal's style: normal or batting (the state holds `batting`)."""
        return "batting" if self.batting else "normal"

    phase: Phase
    led: str | None
    """The trick's led suit (`trick.Context.led`)."""
    trump: str | None
    """The trick's trump suit (`trick.Context.trump`)."""
    face: tuple[Card, str] | None
    """The trick's face card and the colour of the pile it came from; None before it is
    revealed."""

    @property
    def face_card(self) -> Card | None:
        face = self.face
        return None if face is None else face[0]

    @property
    def face_colour(self) -> str | None:
        face = self.face
        return None if face is None else face[1]

    @property
    def stock_trick(self) -> bool:
        """The trick is a stock trick: the stock is drawn only after a trick, so it holds cards
        for the whole of a stock trick and none in a trump trick [R-F7]."""
        return bool(self.stock_ids)

    @property
    def plays(self) -> tuple[tuple[int, Card, str | None], ...]:
        """The trick's plays so far: (seat, card, the suit a led Joker names), in play order."""
        ids = self.played_ids
        if len(ids) == self.ring.players:  # the match ended with this trick, whose winner now leads
            return self.history[-1].plays
        return _plays_of(ids, self.ring.orders[self.leader], not self.stock_ids, self.led)

    @property
    def tricks_won(self) -> list[int]:
        """Tricks won per seat this game: each won trick captures its face card [R-F34]."""
        return [len(cards) for cards in self.captures]

    @property
    def reserve(self) -> tuple[tuple[Card, ...], ...]:
        """Face sets not yet in the piles: the split modes' later deals' sets (through mode puts
        every set in the piles at the first deal)."""
        plan = self.plan
        return () if plan.face_mode == "through" else plan.face_sets[self.deal + 1:]

    # ----- decisions -----

    @property
    def context(self) -> tr.Context:
        """The trick as the player to act sees it."""
        return tr.Context(self.led, self.trump, self.stock_trick, self.face_card == JOKER,
                          self.batting, self.played)

    @property
    def keys(self) -> dict[Card, int]:
        """The deal's batting keys by card (`trick.batting_key`; the engine reads `key_of`)."""
        return tr.batting_key(self.plan.decks, self.style)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand as cards (read-only: the state holds `hand_ids`)."""
        return tuple(map(tr.cards_of, self.hand_ids))

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """The drawn cards each seat still holds, last in its hand in draw order [R-F9a]."""
        return tuple(map(tr.cards_of, self.known_ids))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-up stock, its top card last [R-F9]."""
        return tr.cards_of(self.stock_ids)

    @property
    def played(self) -> tuple[Card, ...]:
        """The trick's cards so far, in play order."""
        return tr.cards_of(self.played_ids)

    def obligations(self, seat: int | None = None) -> tr.Obligations:
        seat = self.turn if seat is None else seat
        return tr.obligations(self.hands[seat], self.context, self.keys)

    def legal_actions(self) -> list[Action]:
        """`BaseState.legal_actions` (the same cache, kept until the next action), with the list
        worked out here rather than in a second call (`_compute_legal`): playouts ask at every
        step, and a call costs about as much as a pile decision's work.

        A play's legal cards are the layers of `trick.obligations` joined, `(must_win or base)
        ∪ bats ∪ Jokers` [R-F12], worked out with as little as the trick needs, here rather than
        in a function of trick.py: a Python call with the trick's eight fields as arguments cost
        more than a play's whole check (a test checks this against `obligations(...).legal` on
        random positions of every preset). `_legal_ids` keeps each action's card id."""
        legal = self._legal
        if legal is not None:
            return legal  # type: ignore[return-value]
        phase = self.phase
        if phase is PLAY_PHASE:
            hand = self.hand_ids[self.turn]
            if len(hand) == 1 and hand[0] != JOKER_ID:  # the last card: every layer keeps it (the last trick of a deal)
                self._legal_ids = [hand[0]]
                legal = self._legal = [PLAYS[hand[0]]]
                return legal
            # Plain loops, no comprehensions, map or filter: over a hand's few cards, a
            # comprehension's function object and frame, or an iterator object, cost more than
            # the loop's bytecode. Copies are displays (`[*hand]`, `{*base}`): calling `list` or
            # `set` goes through the type's call.
            #   Equal cards of several decks are one play: the layers keep a hand's repeats, and
            # the legal cards lose theirs at the end (each layer keeps or drops every copy of a
            # card alike, and the first copies come in hand order), which checks the fewer cards
            # (a set display; `dict.fromkeys` calls a type, and most lists hold no repeat).
            played, led = self.played_ids, self.led
            cards: list[int]
            actions: list[Action]
            if played:
                # One pass over the hand: the cards of the led suit, of the trump suit, and
                # whether any other card bats (a Joker's key is always among the played ones)
                # [R-F1][R-F13]. `bats` only spares the last filter, so it may be True when none
                # does; a card of the led suit is not tested: the follow layer holds it anyway,
                # unless the must-win layer leaves it out (then `bats` is set).
                keys, trump = self.key_of, self.trump
                played_keys = {JOKER_KEY}
                for c in played:
                    played_keys.add(keys[c])
                suit_of = SUIT_OF
                follow: list[int] = []
                ruff: list[int] = []
                bats = False
                for c in hand:
                    suit = suit_of[c]
                    if suit == led:
                        follow.append(c)
                    else:
                        if suit == trump:
                            ruff.append(c)
                        if not bats and keys[c] in played_keys:
                            bats = True
                base = follow or ruff or None  # follow, else ruff, else any card (no led suit: any card)
                if self.batting:  # must win, judged on the strongest card so far [R-F11][R-F12]
                    power = POWER[led, trump]
                    best = OFF
                    for c in played:
                        if power[c] > best:
                            best = power[c]
                    beating: list[int] = []
                    for c in hand if base is None else base:
                        if power[c] > best and c != JOKER_ID:  # a Joker is never forced [R-F13]
                            beating.append(c)
                    if beating:
                        if base is follow and len(beating) < len(follow):
                            bats = True  # a card of the led suit left out, untested
                        base = beating
                if base is None:  # any card: bats and Jokers are among them
                    cards = [*hand]
                elif not bats:
                    cards = base  # no bat, no Joker: the layer alone
                else:
                    allowed = {*base}
                    cards = []
                    for c in hand:
                        if c in allowed or keys[c] in played_keys:  # a Joker's key is in played_keys
                            cards.append(c)
            elif not self.stock_ids:  # a free lead [R-F7]
                cards = [*hand]
                if JOKER_ID in cards:  # a led Joker names its suit [R-F14]: a rarer case
                    return self._joker_leads(cards)
            else:  # no must-win yet [R-F12a], nothing to bat
                cards = [*hand]  # a no-lead trick [R-F16], or a void in the led suit
                if led is not None:
                    follows, lead = FOLLOWS[led], []
                    for c in hand:
                        if follows[c]:
                            lead.append(c)
                    if len(lead) > lead.count(JOKER_ID):  # a card of the suit: follow it [A.5]
                        cards = lead
            if not self.plan.unique and len({*cards}) < len(cards):
                cards = list(dict.fromkeys(cards))
            actions = []
            for c in cards:  # a loop: a comprehension's or a map's set-up costs more than a few cards
                actions.append(PLAYS[c])
            self._legal_ids = cards
        elif phase is PILE_PHASE:
            piles = self.piles
            if piles["black"] and piles["red"]:
                actions = [PILE_BLACK, PILE_RED]
            else:
                actions = [PILE[c] for c in COLOURS if piles[c]]
        else:
            actions = []
        self._legal = actions
        return actions

    def _joker_leads(self, cards: list[int]) -> list[Action]:
        """The legal plays of a free lead [R-F7] from a hand holding a Joker (`cards`, the
        hand's ids): the Joker's plays last, naming each suit [R-F14]."""
        if not self.plan.unique:
            cards = list(dict.fromkeys(cards))
        cards.remove(JOKER_ID)
        actions: list[Action] = [*[PLAYS[c] for c in cards], *JOKER_LEADS]
        self._legal_ids = cards + [JOKER_ID] * len(JOKER_LEADS)
        self._legal = actions
        return actions

    # ----- game and deal set-up -----

    def _start_game(self, stacked: StackedDeal | None = None) -> None:
        self.deal = 0
        self.captures: list[list[Card]] = [[] for _ in range(self.ring.players)]
        self.face_discard: list[Card] = []
        self.history: list[TrickRecord] = []
        self.piles: dict[str, list[Card]] = {"black": [], "red": []}
        self._start_deal(stacked)

    def _start_deal(self, stacked: StackedDeal | None = None) -> None:
        plan = self.plan
        style = plan.styles[self.deal]
        self.batting = style == "batting"
        self.key_of = plan.key_tables[self.deal]
        self._fill_piles()
        self._deal_hands(stacked)
        self.trick_no = 0
        self.leader = self.turn = self.deal_start
        self.events.append(_make(Event, (DEALT, self.leader, (), (
            ("deal", self.deal + 1), ("game", self.match.game_no), ("style", style)))))
        self._new_trick()

    def _fill_piles(self) -> None:
        """Move this deal's face set (and face Jokers) into the piles (`_deal_hands` shuffles
        them)."""
        plan, deal = self.plan, self.deal
        mode = plan.face_mode
        if mode == "split_discard":
            for colour in COLOURS:
                self.face_discard.extend(self.piles[colour])
                self.piles[colour] = []
        if deal == 0 or mode != "through":  # through mode: every set at the first deal
            black, red = plan.face_piles[deal]
            self.piles["black"].extend(black)
            self.piles["red"].extend(red)
        if plan.face_jokers[deal]:
            self._add_face_jokers(plan.face_jokers[deal])

    def _add_face_jokers(self, count: int) -> None:
        """Equal numbers in each pile; the odd one to the configured pile [R-F32]."""
        for _ in range(count // 2):
            self.piles["black"].append(JOKER)
            self.piles["red"].append(JOKER)
        if count % 2:
            extra: str = self.plan.odd_face_joker
            if extra == "random":
                extra = self.rng.choice(COLOURS)
            self.piles[extra].append(JOKER)

    def _deal_hands(self, stacked: StackedDeal | None) -> None:
        # The black pile, the red pile and the hand cards are shuffled in that order, their
        # random keys drawn by one call (`permutations`: the same orders as one shuffle after
        # the other, so seeded deals do not change). A stacked deal still draws the piles' keys,
        # which keeps the generator's later draws as they were.
        piles, pool = self.piles, self.plan.pool
        black, red = piles["black"], piles["red"]
        if stacked is not None:
            permutations((len(black), len(red)), self.rng)
            self.hand_ids = [tr.ids_of(h) for h in stacked.hands]
            self.stock_ids = tr.ids_of(reversed(stacked.stock))
            self.piles = {"black": list(reversed(stacked.black)), "red": list(reversed(stacked.red))}
        else:
            black_order, red_order, order = permutations((len(black), len(red), len(pool)), self.rng)
            # The hands cut from the dealt cards by one map over slices made once per options.
            piles["black"] = [black[i] for i in black_order]
            piles["red"] = [red[i] for i in red_order]
            dealt = list(itemgetter(*order)(pool))  # one C call gathers the forty or more cards
            slices = self.plan.hand_slices
            self.hand_ids = list(map(dealt.__getitem__, slices))
            self.stock_ids = dealt[slices[-1].stop:]
        self.known_ids: list[list[int]] = [[] for _ in range(self.ring.players)]
        self.discard_ids: list[int] = []

    # ----- a trick -----

    def _new_trick(self) -> None:
        self.phase = PILE_PHASE
        self.turn = self.leader
        self.face = None
        self.played_ids: list[int] = []
        self.led = None
        self.trump = None

    def _reveal(self, colour: str) -> None:
        """Reveal the top card of a pile, legal or not (scenario positions place the card)."""
        self._legal = [PILE[colour]]
        self.apply(PILE[colour])

    def _play(self, card: Card, declared: str | None) -> None:
        """Play a card, legal or not (scenario positions replay a trick's cards with it)."""
        action = PlayCard(card, declared)
        self._legal, self._legal_ids = [action], [CARD_ID[card]]
        self.apply(action)

    def _finish_trick(self) -> None:
        cards, keys, led, trump = self.played_ids, self.key_of, self.led, self.trump
        played_keys: list[object] = []
        for cid in cards:
            played_keys.append(keys[cid])
        stage1, stage2, index = tr.judge(cards, played_keys, led, trump)
        leader, stock_trick = self.leader, bool(self.stock_ids)
        seats = self.ring.orders[leader]
        winner = None if index is None else seats[index]
        assert self.face is not None
        face, colour = self.face
        trick_no = self.trick_no
        record = _make(TrickRecord, (self.deal, trick_no, leader, face, colour, stock_trick,
                                     led, trump, _plays_of(cards, seats, not stock_trick, led),
                                     stage1, stage2, winner))
        self.history.append(record)
        self.discard_ids.extend(cards)
        self.events.append(_make(Event, (TRICK_WON, winner, (face,), (("trick", record),))))
        if winner is None:
            self.face_discard.append(face)
        else:
            self.captures[winner].append(face)
            self.leader = winner
        if stock_trick:  # everyone draws the stock's top card, clockwise from the winner or the leader [R-F9]
            stock, hands, known, events = self.stock_ids, self.hand_ids, self.known_ids, self.events
            drawn = _DRAWN_EVENTS
            for seat in self.ring.orders[self.leader]:
                cid = stock.pop()
                hands[seat].append(cid)
                known[seat].append(cid)
                events.append(drawn[seat][cid])
        self.trick_no = trick_no = trick_no + 1
        if trick_no < self.plan.tricks:
            self._new_trick()
        else:
            self._end_deal()

    # ----- deal, game and match ends -----

    def _end_deal(self) -> None:
        self.events.append(_make(Event, ("deal_ended", None, (), (("deal", self.deal + 1),))))
        self.deal += 1
        self.deal_start = self.ring.next(self.deal_start)
        if self.deal < self.plan.deals:
            self._start_deal()
        else:
            self._end_game()

    def _end_game(self) -> None:
        result = GameResult.score(self.plan.options, self.seats, self.captures, self.tricks_won,
                                  self.match.game_no)
        over = self.match.record(result)
        self.events.append(_make(Event, ("game_scored", None, (), (("result", result),))))
        if over:
            self.phase = OVER_PHASE
            self.is_over = True
            self.events.append(_make(Event, (GAME_OVER, None, (), (("match", self.match),))))
        else:
            self._start_game()

    # ----- bookkeeping for tests and views -----

    def unrevealed_face_cards(self) -> list[Card]:
        return [c for colour in COLOURS for c in self.piles[colour]] + [
            c for s in self.reserve for c in s]

    def card_census(self) -> dict[str, list[Card]]:
        """Where every card of the current deal is (for invariant tests)."""
        return {
            "hands": [c for h in self.hands for c in h],
            "stock": list(self.stock),
            "trick": [c for _, c, _ in self.plays],
            "discard": list(tr.cards_of(self.discard_ids)),
        }

