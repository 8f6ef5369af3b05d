"""The six-suit search's sampler (issue 15, DESIGN.md §8): the game as one seat may imagine it.

`unseen(view)` lists what the view's seat cannot know, as cards for places; `build(view, dealt)`
makes the whole state from the view and one dealing of them. What is hidden [R-S25], [R-S25a],
[R-S16a], [R-S26], and how it is dealt:

- **Face cards**: the face pile's order and who captured which face card (even one's own are
  hidden [R-S25]). The face cards not in sight (the one at stake, and the last trick's, which
  its winner holds) go to the pile (`faces_left`) and to each seat's captures (its count).
- **The seat's own deck and discard pile**: it knows their sizes, not which of its cards are
  where, nor the deck's order; nor which of its Jokers it played face down (removed
  silently [R-S16a]: their number follows from the sizes). Places: deck, discard, removed.
- **Another seat's cards**: its numbers are its suit's A–10, known; where they are is not
  (hand: its size; a face-down card in this trick or the last; deck and discard: only whether
  each is empty [R-S25a]). One place per seat holds them all, read in order: the hand, a
  face-down card in this trick, its face-down card of the last trick, the deck, then after a
  `divider` token the discard pile (build moves the divider when a side the view says is not
  empty came out empty). `gap` tokens fill these places and the seats' removed places, so that
  a seat may hold more or fewer specials and its Jokers may have been removed.
- **Specials** (Jokers, white cards): in the team game the other team's split [R-S26] is
  secret: its Jokers and white card go to any member's places (a card shown face up pins it to
  its player [R-S16a]). In the individual game each seat has one special (seats 5 and 6 a white
  card, B.3); in the secret-team game the 4 Jokers and 2 whites are dealt one each, and the
  pairs are the matching ones [R-S23]: the **pairing** is sampled as which special each seat
  received (`identity` tokens to one `id` place per seat), and where that seat's special now is
  as a `slot` token in its places, so each seat gets exactly one, the shown ones and the seat's
  own staying as they are.
- **The last trick's face-down cards of other seats** (their players see them): a card of the
  seat in its discard pile (removed for a Joker), unless the seat rebuilt in the cleanup after
  that trick (public: `fresh_rebuilds`); then it may be anywhere, so a `shadow` token names
  which of its cards it was (a shadow that the sample cannot have, such as a Joker it did not
  remove, becomes its A). The last trick's face-up cards are in their discard piles likewise.
- **Whether a seat played a Joker face down** in an earlier trick (removed silently): any of its
  Jokers may have been, once a trick has been played (the view keeps no longer history).

The rest is public and copied from the view; the state's random generator (for rebuilds) is
seeded from the dealing, so a view and a dealing give one state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from familia_tui.core.cards import BLACK_JOKER, RED_JOKER, WHITE_CARD, Card
from familia_tui.core.search import Unseen
from familia_tui.games.sixsuit.options import SixSuitOptions
from familia_tui.games.sixsuit.rules import (
    FACE_PILE,
    NUMBER_CARDS,
    SPECIAL_TEAM,
    TEAM_NAMES,
    SixSuitState,
    declaration_rounds,
)
from familia_tui.games.sixsuit.view import SixSuitView


class Token(NamedTuple):
    """An unseen thing that is not simply a card: `special` (a Joker or white card whose place is
    unknown; `seat` its holder when known, else -1), `slot` (where the seat's one special is, in
    the individual and secret-team games), `identity` (which special a seat received), `gap`
    (room left empty), `divider` (in a seat's cards, the deck from the discard pile), `shadow`
    (which card the seat played face down in the last trick)."""

    kind: str
    seat: int
    card: Card | None
    number: int
    """Its place among the unseen cards (tokens of a kind differ)."""

    def __str__(self) -> str:
        return f"{self.kind}.{self.seat}.{self.card}.{self.number}"


class _Table(NamedTuple):
    """What never changes in a game (cached per rules, seats and suits)."""

    options: SixSuitOptions
    n: int
    team_game: bool
    order: tuple[int, ...]
    following: tuple[int, ...]
    spade: int
    battalion_size: int | None
    out_limit: int


class Plan:
    """The sampler's reading of one view: the places, the unseen cards, and what build needs."""

    def __init__(self, view: SixSuitView) -> None:
        assert view.seat is not None, "the sampler reads a seat's view"
        self.view = view
        self.me = view.seat
        self.n = n = len(view.seats)
        self.team_game = view.variant == "team"
        self.cards: list[Any] = []
        self.room: list[int] = []
        self.may: list[frozenset[int]] = []
        self.numbers = [list(NUMBER_CARDS[view.suits[s]]) for s in range(n)]
        self.pile = self._place(view.faces_left)
        self.captures: list[int] = []
        self.cards_place: dict[int, int] = {}
        self.last: dict[int, int] = {}
        self.last_within: set[int] = set()
        """Seats whose last face-down card is read from their cards' place (not a place of its own)."""
        self.shadow: dict[int, int] = {}
        self.removed_place: dict[int, int] = {}
        self.ident: dict[int, int] = {}
        self.hold: dict[int, int] = {}
        self.known_discard: list[list[Card]] = [[] for _ in range(n)]
        self.removed_known: list[list[Card]] = [[] for _ in range(n)]
        self.holds: list[list[Card]] = [[] for _ in range(n)]
        """Each seat's specials whose holder the seat knows (all of them where it knows the split)."""
        if view.phase == "split":
            self._split_phase()
        else:
            self._faces()
            self._play_phase()
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.unseen = Unseen(tuple(self.cards), tuple(self.room), tuple(self.may))

    # ----- places and cards -----

    def _place(self, room: int) -> int:
        self.room.append(room)
        return len(self.room) - 1

    def _card(self, card: Any, places: Sequence[int]) -> None:
        self.cards.append(card)
        self.may.append(frozenset(places))

    def _token(self, kind: str, seat: int, card: Card | None, places: Sequence[int]) -> Token:
        token = Token(kind, seat, card, len(self.cards))
        self._card(token, places)
        return token

    def _faces(self) -> None:
        view = self.view
        seen = {view.face, view.last_face}
        self.captures = [self._place(count - (1 if s == view.last_winner and view.last_face else 0))
                         for s, count in enumerate(view.captured_counts)]
        places = [self.pile, *self.captures]
        for card in FACE_PILE:
            if card not in seen:
                self._card(card, places)

    # ----- the team split [R-S26] -----

    def _split_phase(self) -> None:
        """Before play: the face pile's order; when the Spade team has split and the seat is
        not in it, that split (3 specials over its members, gaps for the rest)."""
        view = self.view
        for card in FACE_PILE:
            self._card(card, [self.pile])
        known = dict(view.team_split)
        if view.team_split:
            for seat, share in view.team_split:
                self.holds[seat] = list(share)
        spade_team = view.teams[view.spade]
        deciding = view.teams[view.to_act] if view.to_act is not None else spade_team
        if deciding == spade_team or view.teams[self.me] == spade_team or known:
            return
        members = [s for s in view.order if view.teams[s] == spade_team]
        self.hold = {m: self._place(3) for m in members}
        joker = BLACK_JOKER if spade_team == TEAM_NAMES[0] else RED_JOKER
        places = list(self.hold.values())
        for card in (joker, joker, WHITE_CARD):
            self._token("special", -1, card, places)
        for _ in range(3 * len(members) - 3):
            self._token("gap", -1, None, places)

    # ----- play and cleanup -----

    def removable(self, card: Card) -> bool:
        """A card removed from the game once played: Jokers (and whites outside the team game) [R-S16]."""
        return card.rank == 0 or (card.rank == 1 and not self.team_game)

    def _play_phase(self) -> None:
        view, n, me = self.view, self.n, self.me
        self.trick_up = {p.seat: p.card for p in view.trick if p.face_up}
        self.trick_down = {p.seat for p in view.trick if not p.face_up and not p.passed}
        self.last_down = {p.seat for p in view.last_trick if not p.face_up and not p.passed}
        self.past = bool(view.last_trick)
        for play in view.last_trick:
            card = play.card
            if card is None:
                continue
            if self.removable(card):
                if not play.face_up:  # the seat's own face-down Joker, gone silently
                    self.removed_known[play.seat].append(card)
            elif not view.fresh_rebuilds[play.seat]:
                self.known_discard[play.seat].append(card)
        for seat in range(n):
            shown = [c for c in view.shown_specials[seat] if self.removable(c)]
            up = self.trick_up.get(seat)
            if up is not None and up in shown:
                shown.remove(up)
            self.removed_known[seat] += shown
        pool = self._known_specials()
        self._own_places()
        gap_places: list[int] = []
        spots: dict[int, tuple[list[int], list[int], int]] = {}
        for seat in view.order:
            if seat != me:
                spots[seat] = self._seat_places(seat, pool)
                gap_places += [self.cards_place[seat], spots[seat][2]]
        for card in pool:  # the other team's specials, holder unknown [R-S26]
            places = []
            for seat in self.opponents:
                where, last, removed = spots[seat]
                if self.removable(card):
                    places += [*where, *last, removed]
                else:
                    places += where
            self._token("special", -1, card, places)
        self._identities()
        for seat in view.order:
            if seat != me and seat in self.last_down and view.fresh_rebuilds[seat]:
                self._shadows(seat)
        if self.shadow:
            sink = self._place(sum(1 for c in self.cards if isinstance(c, Token) and c.kind == "shadow")
                               - len(self.shadow))
            for i, card in enumerate(self.cards):
                if isinstance(card, Token) and card.kind == "shadow":
                    self.may[i] = self.may[i] | {sink}
        for _ in range(sum(self.room) - len(self.cards)):
            self._token("gap", -1, None, gap_places)

    def _known_specials(self) -> list[Card]:
        """Fill `holds` with the specials whose holder the seat knows; return those whose holder
        it does not know (the other team's in the team game)."""
        view = self.view
        if self.team_game:
            for seat, share in view.team_split:
                self.holds[seat] = list(share)
            mine = view.teams[self.me]
            other = next(t for t in TEAM_NAMES if t != mine)
            joker = BLACK_JOKER if other == TEAM_NAMES[0] else RED_JOKER
            pool = [joker, joker, WHITE_CARD]
            for seat in range(self.n):
                if view.teams[seat] != other:
                    continue
                for card in _pins(view.shown_specials[seat]):
                    pool.remove(card)
                    self.holds[seat].append(card)
            self.opponents = {s for s in range(self.n) if view.teams[s] == other}
            return pool
        self.opponents = set()
        self.holds[self.me] = list(view.my_specials)
        for seat in range(self.n):
            if seat != self.me and view.shown_specials[seat]:
                self.holds[seat] = [view.shown_specials[seat][0]]
        return []

    def _own_places(self) -> None:
        """The seat's own cards: deck, discard pile, removed (exact counts)."""
        view, me = self.view, self.me
        cards = self.numbers[me] + self.holds[me]
        gone = [*view.hand, *self.known_discard[me], *self.removed_known[me]]
        for play in view.trick:
            if play.seat == me and play.card is not None:
                gone.append(play.card)
        for card in gone:
            cards.remove(card)
        assert view.deck_size is not None and view.discard_size is not None
        deck = self._place(view.deck_size)
        discard = self._place(view.discard_size - len(self.known_discard[me]))
        removed = self._place(len(cards) - view.deck_size - self.room[discard])
        self.own = (deck, discard, removed)
        for card in cards:
            self._card(card, [deck, discard, removed] if self.removable(card) else [deck, discard])

    def _seat_places(self, seat: int, pool: list[Card]) -> tuple[list[int], list[int], int]:
        """Another seat's places and cards: its cards' place (read in order by build: the hand,
        a face-down card in this trick, its last face-down card, the deck, a divider, the discard
        pile), the place of its last face-down card when that must be a Joker (its discard pile
        is empty), its removed place."""
        view = self.view
        numbers = list(self.numbers[seat])
        specials = list(self.holds[seat])
        for card in (self.trick_up.get(seat), *self.known_discard[seat], *self.removed_known[seat]):
            if card is None:
                continue
            (numbers if card.rank >= 2 else specials).remove(card)
        others = pool if seat in self.opponents else []
        slot = not self.team_game and not self.holds[seat]
        cap = len(specials) + len(others) + slot
        assert not (view.deck_empty[seat] and view.discard_empty[seat]), "a seat's numbers are always somewhere"
        if seat in self.last_down and not view.fresh_rebuilds[seat]:
            if view.discard_empty[seat]:
                self.last[seat] = self._place(1)
            else:
                self.last_within.add(seat)
        place = self.cards_place[seat] = self._place(len(numbers) + cap + 1 - (seat in self.last))
        removable = sum(1 for c in [*specials, *others] if self.removable(c)) + slot if self.past else 0
        removed = self.removed_place[seat] = self._place(removable)
        last = [self.last[seat]] if seat in self.last else []
        for card in numbers:
            self._card(card, [place])
        for card in specials:
            self._token("special", seat, card, [place, *last, removed] if self.removable(card) else [place])
        self._token("divider", seat, None, [place])
        if slot:
            self._token("slot", seat, None, [place, *last, removed])
        return [place], last, removed

    def _identities(self) -> None:
        """Individual and secret-team games: which special each other seat received."""
        if self.team_game:
            return
        view = self.view
        if view.variant == "secret_team":
            pool = [BLACK_JOKER, BLACK_JOKER, RED_JOKER, RED_JOKER, WHITE_CARD, WHITE_CARD]
        else:
            pool = [BLACK_JOKER, BLACK_JOKER, RED_JOKER, RED_JOKER] + [WHITE_CARD] * max(0, self.n - 4)
        for share in self.holds:
            for card in share:
                pool.remove(card)
        unknown = [s for s in range(self.n) if not self.holds[s]]
        self.ident = {s: self._place(1) for s in unknown}
        out = self._place(len(pool) - len(unknown))
        for card in pool:
            if view.variant == "secret_team" or self.n <= 4:
                seats = unknown
            else:  # the first four seats hold the Jokers, the others a white card each (B.3)
                seats = [s for s in unknown if (s >= 4) == (card.rank == 1)]
            self._token("identity", -1, card, [self.ident[s] for s in seats] + [out])

    def _shadows(self, seat: int) -> None:
        """The seat's face-down card in the last trick, after a rebuild: any of its cards."""
        self.shadow[seat] = place = self._place(1)
        specials: list[Card] = [BLACK_JOKER, RED_JOKER, WHITE_CARD] if not self.team_game else list(
            dict.fromkeys([*self.holds[seat], BLACK_JOKER if self.view.teams[seat] == TEAM_NAMES[0] else RED_JOKER,
                           WHITE_CARD]))
        for card in [*self.numbers[seat], *specials]:
            self._token("shadow", seat, card, [place])


def _pins(shown: Sequence[Card]) -> list[Card]:
    """The specials a team-game seat showed and so holds: each Joker (removed once played) and
    the white card once (it comes back)."""
    jokers = [c for c in shown if c.rank == 0]
    return jokers + ([WHITE_CARD] if WHITE_CARD in shown else [])


_last: list[Any] = [None, None]


def plan(view: SixSuitView) -> Plan:
    """The view's plan (the last one is kept: the search samples one view many times)."""
    if _last[0] is not view:
        _last[1] = Plan(view)
        _last[0] = view
    found: Plan = _last[1]
    return found


def unseen(view: SixSuitView) -> Unseen:
    """What `view.seat` cannot see, and where it may be (see the module's text)."""
    return plan(view).unseen


_tables: dict[tuple[Any, ...], _Table] = {}


def _table(view: SixSuitView) -> _Table:
    key = (view.options, view.order, view.battalion_size)
    table = _tables.get(key)
    if table is None:
        options, n = view.options, len(view.seats)
        following = [0] * n
        for place, seat in enumerate(view.order):
            following[seat] = view.order[(place + 1) % n]
        team_game = options.variant == "team"
        out_limit = (3 if n == 6 else 2) if team_game else (2 if n <= 4 else 3)
        table = _tables[key] = _Table(options, n, team_game, view.order, tuple(following), view.spade,
                                      view.battalion_size, out_limit)
    return table


def build(view: SixSuitView, dealt: list[list[Any]]) -> SixSuitState:
    """The whole state from the view and one dealing of `unseen(view)` (see the module's text)."""
    the_plan = plan(view)
    state = _blank(view, the_plan, dealt)
    if view.phase == "split":
        _build_split(state, view, the_plan, dealt)
    else:
        _build_play(state, view, the_plan, dealt)
    _set_teams(state, view)
    return state


def _blank(view: SixSuitView, the_plan: Plan, dealt: list[list[Any]]) -> SixSuitState:
    table = _table(view)
    n = table.n
    state = object.__new__(SixSuitState)
    seed = 0
    index = the_plan.index
    for cards in dealt:
        for card in cards:
            seed = (seed * 131 + index[card] + 1) % 2305843009213693951
    state.__dict__.update(
        rng=random.Random(seed), options=table.options, seats=view.seats, n=n, team_game=table.team_game,
        suits=view.suits, colours=view.colours, order=table.order, following=table.following, spade=table.spade,
        rounds=declaration_rounds(table.order),
        battalion_size=table.battalion_size, out_limit=table.out_limit, phase=view.phase, turn=view.to_act,
        leader=view.leader, face=view.face, last_winner=view.last_winner, last_judgement=view.last_judgement,
        last_face=view.last_face, tricks=0, end=None, final=None, is_over=False, judged={}, _legal=None, events=[],
        rebuilt=list(view.rebuilt), rebuilt_after=[0 if fresh else -1 for fresh in view.fresh_rebuilds],
        shown=[list(s) for s in view.shown_specials], removed=[],
        hands=[[] for _ in range(n)], decks=[[] for _ in range(n)], discards=[[] for _ in range(n)],
        captured=[[] for _ in range(n)], trick=[], last_trick=(), trick_cards=0, split_team=0,
        decl_start=view.leader, decl_index=0, decl_any=view.round_declared,
        face_pile=list(dealt[the_plan.pile]))
    return state


def _build_split(state: SixSuitState, view: SixSuitView, the_plan: Plan, dealt: list[list[Any]]) -> None:
    splits = [tuple(sorted(share)) for share in the_plan.holds]
    for seat, place in the_plan.hold.items():
        splits[seat] = tuple(sorted(t.card for t in dealt[place] if t.kind == "special"))
    state.splits = tuple(splits)
    state.split_team = TEAM_NAMES.index(view.teams[view.deciders[0]])


def _build_play(state: SixSuitState, view: SixSuitView, the_plan: Plan, dealt: list[list[Any]]) -> None:
    me = the_plan.me
    holders = [list(share) for share in the_plan.holds]
    identity: dict[int, Card] = {seat: dealt[place][0].card for seat, place in the_plan.ident.items()}
    for seat, card in identity.items():
        holders[seat] = [card]

    def real(token: Card | Token, seat: int) -> Card:
        if isinstance(token, Card):
            return token
        if token.kind == "slot":
            return identity[seat]
        card = token.card
        assert card is not None
        if token.seat < 0:
            holders[seat].append(card)
        return card

    removed = [c for share in the_plan.removed_known for c in share]
    deck, discard, gone = the_plan.own
    state.hands[me] = list(view.hand)
    state.decks[me] = list(dealt[deck])
    state.discards[me] = list(dealt[discard]) + the_plan.known_discard[me]
    removed += dealt[gone]
    down: dict[int, Card] = {}
    last_down: dict[int, Card] = {}
    for seat, place in the_plan.cards_place.items():
        cards: list[Card] = []
        split = 0
        for token in dealt[place]:
            if isinstance(token, Card):
                cards.append(token)
            elif token.kind == "divider":
                split = len(cards)
            elif token.kind != "gap":
                cards.append(real(token, seat))
        at = view.hand_sizes[seat]
        state.hands[seat] = cards[:at]
        if seat in the_plan.trick_down:
            down[seat] = cards[at]
            at += 1
        discards = list(the_plan.known_discard[seat])
        if seat in the_plan.last_within:
            last_down[seat] = cards[at]
            at += 1
        elif seat in the_plan.last:
            last_down[seat] = real(dealt[the_plan.last[seat]][0], seat)
        if seat in last_down:
            card = last_down[seat]
            (removed if the_plan.removable(card) else discards).append(card)
        taken = [real(t, seat) for t in dealt[the_plan.removed_place[seat]] if t.kind != "gap"]
        removed += taken
        state.decks[seat], state.discards[seat] = _stock(view, seat, cards[at:], max(0, split - at), discards)
        if seat in the_plan.shadow:
            last_down[seat] = _shadow(state, the_plan, seat, dealt[the_plan.shadow[seat]][0].card, taken,
                                      holders[seat])
    state.removed = removed
    for seat, place in enumerate(the_plan.captures):
        state.captured[seat] = list(dealt[place])
    if view.last_face is not None and view.last_winner is not None:
        state.captured[view.last_winner].append(view.last_face)
    state.trick = [(p.seat, p.card if p.card is not None or p.passed else down[p.seat], p.face_up)
                   for p in view.trick]
    state.trick_cards = sum(1 for p in view.trick if not p.passed)
    state.last_trick = tuple((p.seat, p.card if p.card is not None or p.passed else last_down[p.seat], p.face_up)
                             for p in view.last_trick)
    state.splits = tuple(tuple(sorted(share)) for share in holders)
    if view.phase == "rebuild":
        start = view.order.index(view.leader)
        state.decl_index = (view.order.index(view.to_act) - start) % the_plan.n if view.to_act is not None else 0


def _stock(view: SixSuitView, seat: int, cards: list[Card], split: int,
           discards: list[Card]) -> tuple[list[Card], list[Card]]:
    """A seat's deck (top card last) and discard pile from its cards after the hand: the deck
    before the divider (`split` cards), the discard pile after it; the divider moved when a side
    the view says holds cards came out empty."""
    if view.deck_empty[seat]:
        split = 0
    elif view.discard_empty[seat]:
        split = len(cards)
    else:
        split = max(split, 1)
        if not discards:
            split = min(split, len(cards) - 1)
    return cards[:split], cards[split:] + discards


def _shadow(state: SixSuitState, the_plan: Plan, seat: int, card: Card, taken: list[Card],
            holds: list[Card]) -> Card:
    """The seat's last face-down card named by its shadow, if the sample allows it: a Joker it
    removed, a white it holds, any of its numbers; else its A."""
    if card.rank >= 2:
        return card
    if the_plan.removable(card):
        return card if card in taken else the_plan.numbers[seat][0]
    return card if card in holds else the_plan.numbers[seat][0]


def _set_teams(state: SixSuitState, view: SixSuitView) -> None:
    n = state.n
    if state.team_game:
        state.team_of = tuple(TEAM_NAMES.index(t or "") for t in view.teams)
    elif view.variant == "secret_team":
        state.team_of = tuple(SPECIAL_TEAM[share[0]] if share else 0 for share in state.splits)
    else:
        state.team_of = tuple(range(n))
    state.team_count = max(state.team_of) + 1
    state.members = tuple(tuple(s for s in state.order if state.team_of[s] == t) for t in range(state.team_count))
    state.battalions = list(view.battalions) if state.team_game else [0] * state.team_count


