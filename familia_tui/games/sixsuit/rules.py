"""The six-suit game's state: setup, the team split, tricks, cleanup, rebuilds, the end.

Rules implemented (digest B with its amendments; option switches in `options.py`):

- **Deck** [R-S1, R-S2]: 6 suits × 13, 2 black and 2 red Jokers, 2 white cards; the 4-player
  team game leaves out Cross and Leaf A–10 [R-S28]. Face cards form the central face pile.
- **Setup** [B.2.1, R-S30, R-S21, R-S23]: suits by the Ace draw (a seeded shuffle) or, with fixed
  teams, from each seat's `suit` field (colour = team colour); play goes in the canonical order
  S → H → X → L → C → D among the suits in play. The seat numbers stay those of the table; `order`
  is the order of play. Team game: each team splits its 2 Jokers and 1 white card, one decision
  seen by its members only (`deciders`) [R-S26], the Spade player's team first. Individual: one
  Joker (or white, from the 5th player on) each; secret team: 4 Jokers and 2 whites dealt, the
  matching pairs are the teams [R-S23]. Each deck is shuffled, 3 cards drawn, the Spade player
  reveals the first face card and leads.
- **Trick** [B.2.2]: a hand card face up or down, or the deck's top card face up; the first card
  of a trick face up [R-S12]; pass only with an empty hand [R-S13]; a face card revealed per
  trick [R-S14]. Judgement in `judge.py` [R-S6–R-S11]; no face-up card: the face card stays and
  the leader leads again [R-S15, R-S15a].
- **Cleanup** [B.2.5, R-S16]: played cards to their own discard pile, Jokers removed (white cards
  too outside the team game); draw to 3; declaration rounds from the winner (the leader when
  nobody won) [R-S4, R-S5, R-S24, R-S15a]: once per game, forced with no hand and no deck [R-S3];
  a rebuild discards any hand cards, shuffles deck and discards into the new deck, draws to 3.
- **End** [R-S17]: right after the last face card's trick is judged (no draw), or after a
  cleanup when 3 players (2 with 4 or fewer) have no hand, no deck and no rebuild left.
- **Scoring and winner**: `scoring.py` [R-S18–R-S20, R-S23, R-S27, R-S29].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cache, partial
from itertools import chain, combinations
from operator import attrgetter, itemgetter
from typing import Any

from familia_tui.core.cards import BLACK_JOKER, RED_JOKER, WHITE_CARD, Card, permutation, permutations
from familia_tui.core.engine import Event, Explanation, IllegalAction, Seat
from familia_tui.core.table import BaseState, copy_dict, copy_list, copy_rng, copy_rows, handles, per_object
from familia_tui.games.sixsuit.actions import DECK, PASS, Play, Rebuild, SixSuitAction, Split, Word, play
from familia_tui.games.sixsuit.judge import JUDGEMENT_KINDS, Judgement, PlayRecord, judge_individual, judge_team
from familia_tui.games.sixsuit.options import CANONICAL, SixSuitOptions
from familia_tui.games.sixsuit.scoring import individual_order, seat_items, secret_order, team_winner
from familia_tui.games.sixsuit.view import SixSuitView, TrickPlay

HAND_SIZE = 3
NUMBERS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10)
FACE_PILE = tuple(Card(rank, suit) for suit in CANONICAL for rank in (11, 12, 13))
"""The 18 face cards: always all of them [R-S28]."""
TEAM_NAMES = ("black", "red")
SECRET_NAMES = ("black-pair", "red-pair", "white-pair")
"""The secret-team game's pairs (not `white`: that word is the white card's notation)."""
SPECIAL_TEAM = {BLACK_JOKER: 0, RED_JOKER: 1, WHITE_CARD: 2}
_ALL_CARDS = [Card(rank, suit) for suit in CANONICAL for rank in range(2, 15)] + [BLACK_JOKER, RED_JOKER, WHITE_CARD]
FACE_UP = {card: play(card, True) for card in _ALL_CARDS}
FACE_DOWN = {card: play(card, False) for card in _ALL_CARDS}
"""Every card's plays, made once (the legal actions are built from them on every turn)."""
PLAYS = {card: (FACE_UP[card], FACE_DOWN[card]) for card in _ALL_CARDS}
"""A follower's two plays of each card."""
_FACE_UP_OF = FACE_UP.__getitem__
_PLAYS_OF = PLAYS.__getitem__
_chain = chain.from_iterable
_UP_INFO = (("face_up", True),)
_DOWN_INFO = (("face_up", False),)
_new = tuple.__new__
"""`_new(Rebuild, (cards,))` is `Rebuild(cards)` without a Python call (the rebuild choices are
made on every cleanup)."""
_FACE_REVEALED = tuple({face: Event("face_revealed", seat, (face,)) for face in FACE_PILE} for seat in range(6))
_NO_WINNER = tuple({face: Event("no_winner", seat, (face,)) for face in FACE_PILE} for seat in range(6))
_TRICK_WON = {kind: tuple({face: Event("trick_won", seat, (face,), (("judgement", kind),)) for face in FACE_PILE}
                          for seat in range(6)) for kind in JUDGEMENT_KINDS}
"""Each seat's events of a face card revealed, not won and won (by judgement), made once: a
trick's events cost more to make and free than to look up."""
_PLAYED_UP = tuple({card: Event("played", seat, (card,), _UP_INFO) for card in _ALL_CARDS} for seat in range(6))
_PLAYED_DOWN = tuple(Event("played", seat, (), _DOWN_INFO) for seat in range(6))
_PASSED = tuple(Event("passed", seat) for seat in range(6))
_REBUILD_PASSED = tuple(Event("rebuild_passed", seat) for seat in range(6))
"""Each seat's events of a card played face up (by card) or down, a pass and a rebuild not
declared (events are values: made once and shared)."""
_REBUILT = tuple(tuple(Event("rebuilt", seat, info=(("discarded", count),)) for count in range(HAND_SIZE + 1))
                 for seat in range(6))
"""Each seat's rebuild event by the number of cards discarded."""
_PASS_ONLY: list[SixSuitAction] = [PASS]
_DEALT = tuple(Event("dealt", seat) for seat in range(6))
_FORCED_REBUILD: list[SixSuitAction] = [Rebuild(())]
_CARD = {card: card for card in _ALL_CARDS}
NUMBER_CARDS = {suit: tuple(_CARD[Card(rank, suit)] for rank in NUMBERS) for suit in CANONICAL}
"""Each suit's A–10 (a private deck's numbers), made once: the same card objects as the plays'
(a hand's `remove` and the plays' lookups then find a card by identity, without comparing)."""


def _plays(hand: Sequence[Card], leading: bool, deck: list[Card]) -> list[SixSuitAction]:
    """Each hand card face up, and face down unless it leads [R-S12]; the deck's top card; a
    pass with no hand [R-S13]. Equal cards (two Jokers) give one choice."""
    if not hand:
        return _PASS_ONLY
    legal: list[SixSuitAction] = list(map(_FACE_UP_OF, hand)) if leading else list(_chain(map(_PLAYS_OF, hand)))
    if len(set(hand)) < len(hand):
        legal = list(dict.fromkeys(legal))
    if deck:
        legal.append(DECK)
    return legal


def _draw_to_three(hand: list[Card], deck: list[Card]) -> None:
    """Draw from the deck's top (its last card) back up to 3 hand cards, or what it has [B.2.5]."""
    while deck and len(hand) < HAND_SIZE:  # (card by card: cheaper than slicing the few cards)
        hand.append(deck.pop())


def _rebuilds(hand: list[Card]) -> list[SixSuitAction]:
    """Pass, or a rebuild discarding any part of the (sorted) hand [R-S3]. Alike cards (two
    Jokers) give one choice: only then are the rebuilds deduplicated (hashing them costs more
    than making them; no cache either: a hand is one of thousands, seldom seen again)."""
    if len(hand) == HAND_SIZE:  # the usual hand, unpacked: half the cost of `combinations` and `map`
        a, b, c = hand
        rebuilds: list[SixSuitAction] = [
            PASS, _KEEP_ALL, _new(Rebuild, ((a,),)), _new(Rebuild, ((b,),)),
            _new(Rebuild, ((c,),)), _new(Rebuild, ((a, b),)), _new(Rebuild, ((a, c),)),
            _new(Rebuild, ((b, c),)), _new(Rebuild, ((a, b, c),))]
    else:
        combos = chain.from_iterable(map(partial(combinations, hand), range(len(hand) + 1)))
        rebuilds = [PASS, *map(partial(_new, Rebuild), zip(combos))]
    if len(hand) > 1 and (hand[0] == hand[1] or hand[-2] == hand[-1]):  # sorted: alike cards are neighbours
        return list(dict.fromkeys(rebuilds))
    return rebuilds


_KEEP_ALL = Rebuild(())


@cache
def declaration_rounds(order: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Every seat in play order from each seat (the declaration rounds [R-S4])."""
    return {seat: order[place:] + order[:place] for place, seat in enumerate(order)}


@cache
def _splits(joker: Card, members: int) -> list[Split]:
    """Every split of a team's 2 Jokers and 1 white card among its members, 3-0-0 included
    [R-S26]; the Jokers are alike, so 6 × 3 = 18 splits for 3 members, 3 × 2 = 6 for 2. (One
    list, the legal actions of every split: never changed.)"""
    found: dict[Split, None] = {}
    for first in range(members):
        for second in range(first, members):
            for white in range(members):
                shares: list[list[Card]] = [[] for _ in range(members)]
                shares[first].append(joker)
                shares[second].append(joker)
                shares[white].append(WHITE_CARD)
                found[Split(tuple(tuple(sorted(share)) for share in shares))] = None
    return list(found)


def _empty_rows(n: int) -> list[list[Any]]:
    """`n` new empty lists, n ≤ 6 (a literal cut to size: a new game makes five such rows, and
    a list literal costs a fifth of calling `list` n times)."""
    return [[], [], [], [], [], []][:n]


_SEAT_FIELDS = attrgetter("fields")
_TEAM_OF_COLOUR = {"black": 0, "red": 1}
"""The team game's team of each colour [B.2.1]: `TEAM_NAMES` order."""


def _members(order: tuple[int, ...], team_of: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    """Each team's seats in play order."""
    members: list[list[int]] = _empty_rows(count)
    for seat in order:
        members[team_of[seat]].append(seat)
    return tuple(map(tuple, members))


class _Table:
    """What a new game takes from its options alone, worked out once per options object (a
    search or a tournament starts thousands of games with one): the fields every game starts
    with, and the seating of each Ace draw met so far (4! or 6! of them at most)."""

    def __init__(self, options: SixSuitOptions) -> None:
        self.options = options
        self.suit_set = suit_set = options.suit_set
        self.n = n = len(suit_set)
        self.team_game = team_game = options.variant == "team"
        battalion_size = (3 if n == 6 else (2 if options.battalion_4p else None)) if team_game else None
        self.colour_at = tuple(map(options.colour, suit_set))
        """The colour of each suit in play [R-S2]."""
        self.start: dict[str, Any] = dict(
            options=options, n=n, team_game=team_game, battalion_size=battalion_size,
            out_limit=(3 if n == 6 else 2) if team_game else (2 if n <= 4 else 3),
            trick_cards=0, face=None, last_trick=(), last_winner=None, last_judgement=None, last_face=None,
            tricks=0, end=None, decl_start=0, decl_index=0, decl_any=False, final=None, is_over=False,
            split_team=0, splits=((),) * n, _legal=None)
        """A new game's fields that are the same in every game of these options (see
        `SixSuitState.__init__`)."""
        self.seatings: dict[tuple[int, ...], dict[str, Any]] = {}

    def seating(self, places: tuple[int, ...]) -> dict[str, Any]:
        """The fields that follow from each seat's place in the order of play (its suit's index
        among the suits in play, which are in the canonical order [B.2.1]): suits, colours, the
        order of play, each seat's follower, the Spade player; in the team and individual games
        the teams (the secret-team game's come from the specials dealt)."""
        found = self.seatings.get(places)
        if found is not None:
            return found
        order = [0] * len(places)
        for seat, place in enumerate(places):
            order[place] = seat
        after = order[1:] + order[:1]
        colours = tuple(map(self.colour_at.__getitem__, places))
        found = dict(suits=tuple(map(self.suit_set.__getitem__, places)), colours=colours, order=tuple(order),
                     following=tuple(map(after.__getitem__, places)), spade=order[0], leader=order[0],
                     turn=order[0])
        team_of = (tuple(map(_TEAM_OF_COLOUR.__getitem__, colours)) if self.team_game
                   else tuple(range(self.n)) if self.options.variant == "individual" else None)
        if team_of is not None:
            count = max(team_of) + 1
            found.update(team_of=team_of, team_count=count, members=_members(found["order"], team_of, count))
        found["rounds"] = declaration_rounds(found["order"])
        self.seatings[places] = found
        return found


@per_object
def _table(options: SixSuitOptions) -> _Table:
    """Each options object's table (a frozen model hashes its fields in Python, slower than
    working the table out again)."""
    return _Table(options)


_SPLIT_ASKED = tuple(tuple(Event("split_asked", seat, info=(("team", team),)) for seat in range(6))
                     for team in TEAM_NAMES)
_SPLIT_DONE = tuple(tuple(Event("split", seat, info=(("team", team),)) for seat in range(6)) for team in TEAM_NAMES)
"""The split's events by team and seat, made once."""


@dataclass(frozen=True)
class Deal:
    """A stacked start (scenarios): any part left None is drawn from the seed.

    `suits`: each seat's suit. `specials`: each seat's Jokers and white cards (the team split
    then is not asked). `decks`: each seat's whole private deck, top card first (specials
    included; then `specials` is read off it). `face_pile`: top card first."""

    suits: tuple[str, ...] | None = None
    specials: tuple[tuple[Card, ...], ...] | None = None
    decks: tuple[tuple[Card, ...], ...] | None = None
    face_pile: tuple[Card, ...] | None = None


_NO_DEAL = Deal()
@dataclass(frozen=True)
class SixSuitResult:
    """Scores per unit (team, or seat in the individual game), the items per seat, the winner."""

    units: tuple[tuple[str, tuple[int, ...]], ...]
    totals: dict[str, float]
    items: tuple[tuple[int, ...], ...]
    """Each seat's points per item (`scoring.ITEMS`)."""
    battalion_points: tuple[int, ...]
    """Per team (team game): 2 per battalion."""
    order: tuple[str, ...]
    """The units best first, ties broken by the rules."""
    tie_break: str
    """What decided the first place: `total`, `second`, `spade` (team game), `lower`, `nearest`
    (secret team), `captures`, `nearest` (individual) …"""
    end: str | None = None
    """`last_face` or `players_out` once the game is over [R-S17]."""
    judgements: tuple[tuple[str, int], ...] = ()
    """How many tricks each judgement decided (`judge.Judgement.kind`)."""
    deals_played: int = 1

    def ranking(self) -> list[tuple[str, int]]:
        return [(unit, place + 1) for place, unit in enumerate(self.order)]

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's own points (battalions not included [R-S19])."""
        return tuple(sum(row) for row in self.items)


@cache
def _units(names: tuple[str, ...], members: tuple[tuple[int, ...], ...]) -> tuple[
        tuple[tuple[str, tuple[int, ...]], ...], tuple[tuple[int, ...], ...]]:
    """The result's units (each team's name and seats in seat order) and those seats, made once
    per seating (a game's end asks, and a seating is one of 4! or 6!)."""
    ordered = tuple(tuple(sorted(seats)) for seats in members)
    return tuple(zip(names, ordered)), ordered


_RESULT_FIELDS = tuple(field.name for field in fields(SixSuitResult))


def _result(*values: Any) -> SixSuitResult:
    """`SixSuitResult(*values)` without the frozen class's `__init__`, which sets each field
    through `object.__setattr__` (a sixth of a game's scoring): the fields put in the new
    object's dictionary at once."""
    result = object.__new__(SixSuitResult)
    vars(result).update(zip(_RESULT_FIELDS, values))
    return result


class SixSuitState(BaseState[SixSuitAction, SixSuitView, SixSuitResult]):
    """A six-suit game in progress (mutable; `clone()` copies by the declared policy)."""

    SHARED = ("final", "rounds")
    """The result once the game is over, the declaration rounds' orders (never changed after)."""
    IMMUTABLE = ("options", "seats", "n", "team_game", "suits", "colours", "team_of", "team_count",
                 "members", "order", "following", "spade", "battalion_size", "out_limit", "phase", "turn",
                 "leader", "face", "trick_cards", "is_over", "split_team", "splits", "decl_start",
                 "decl_index", "decl_any", "last_trick", "last_winner", "last_judgement", "last_face", "tricks",
                 "end")
    COPIED = {"hands": copy_rows, "decks": copy_rows, "discards": copy_rows, "captured": copy_rows,
              "face_pile": copy_list, "removed": copy_list, "rebuilt": copy_list, "rebuilt_after": copy_list,
              "battalions": copy_list,
              "trick": copy_list, "shown": copy_rows, "rng": copy_rng, "judged": copy_dict}

    options: SixSuitOptions
    n: int
    team_game: bool
    battalion_size: int | None
    out_limit: int
    suits: tuple[str, ...]
    colours: tuple[str, ...]
    order: tuple[int, ...]
    """The seats in the order of play, from the Spade player."""
    following: tuple[int, ...]
    """Each seat's follower in the order of play."""
    spade: int
    leader: int
    turn: int
    team_of: tuple[int, ...]
    team_count: int
    members: tuple[tuple[int, ...], ...]
    """Each team's seats in play order."""
    rounds: dict[int, tuple[int, ...]]
    """Every seat in play order from each seat (`declaration_rounds`: the declaration rounds [R-S4])."""
    trick_cards: int
    face: Card | None
    last_trick: tuple[PlayRecord, ...]
    last_winner: int | None
    last_judgement: str | None
    last_face: Card | None
    tricks: int
    end: str | None
    decl_start: int
    decl_index: int
    decl_any: bool
    final: SixSuitResult | None
    is_over: bool
    """The game is over (kept with the phase: the playouts ask it after every action)."""
    split_team: int
    splits: tuple[tuple[Card, ...], ...]
    phase: str

    def __init__(self, options: SixSuitOptions, seats: Sequence[Seat], seed: int | None = None,
                 deal: Deal | None = None) -> None:
        table = _table(options)
        n = table.n
        if len(seats) != n:
            raise ValueError(f"these rules seat {n} players, not {len(seats)}")
        deal = deal or _NO_DEAL
        self.rng = random.Random(seed)
        # The fields the options and the seating decide, each set of them made once (`_Table`):
        # options, n, team_game, battalion_size, out_limit; the trick, the last trick and the end
        # as none yet; `splits` empty; then suits, colours, order, following, spade, leader,
        # turn (the Spade player), team_of, team_count, members (but in the secret-team game).
        vars(self).update(table.start)
        self.seats = tuple(seats)
        if deal.suits is None and options.teams == "draw" and not any(map(_SEAT_FIELDS, self.seats)):
            places: Sequence[int] = permutation(n, self.rng)  # the Ace draw [B.2.1] (the usual case, no call)
        else:
            places = self._draw_places(deal, table.suit_set)
        vars(self).update(table.seating(tuple(places)))
        self.hands: list[list[Card]] = _empty_rows(n)
        self.decks: list[list[Card]] = _empty_rows(n)
        self.discards: list[list[Card]] = _empty_rows(n)
        self.captured: list[list[Card]] = _empty_rows(n)
        self.shown: list[list[Card]] = _empty_rows(n)
        self.removed: list[Card] = []
        self.rebuilt = [False] * n
        self.rebuilt_after = [-1] * n
        """Per seat, the number of tricks judged when it rebuilt (-1: not yet, or before a
        position's start): a rebuild in the cleanup after the last trick took that trick's
        card back, which everyone knows."""
        self.trick: list[PlayRecord] = []
        self.judged: dict[str, int] = {}
        self.events = []
        self.face_pile = list(deal.face_pile)[::-1] if deal.face_pile is not None else self._shuffled(FACE_PILE)
        if self.team_game and deal is _NO_DEAL:  # (the usual start: the split is asked)
            self.battalions = [0, 0]
            self.phase = "split"
            self.split_team = team = self.team_of[self.spade]
            self.turn = self.members[team][0]
            self.events.append(_SPLIT_ASKED[team][self.turn])
            return
        specials = self._deal_specials(deal)
        self._set_teams(specials)
        self._check_specials(specials)
        if self.team_game and specials is None:
            self.phase = "split"
            self.split_team = self.team_of[self.spade]
            self.turn = self.members[self.split_team][0]
            self.events.append(_SPLIT_ASKED[self.split_team][self.turn])
        else:
            assert specials is not None
            self._start(specials, deal.decks)

    # ----- setup -----

    def _shuffled(self, cards: Sequence[Card]) -> list[Card]:
        order = permutation(len(cards), self.rng)
        if len(order) < 2:  # (`itemgetter` of one index gives the item, not a tuple)
            return list(cards)
        return list(itemgetter(*order)(cards))  # one call picks them all: a new game shuffles 8 times

    def _shuffled_each(self, piles: Sequence[Sequence[Card]]) -> list[list[Card]]:
        """`_shuffled` of each pile in turn (`permutations`: the same draws and the same decks,
        with one call for the random keys of all; a new game deals 4 or 6 of them)."""
        orders = permutations(list(map(len, piles)), self.rng)
        return [list(itemgetter(*order)(pile)) if len(order) > 1 else list(pile)
                for pile, order in zip(piles, orders)]

    def _draw_places(self, deal: Deal, suit_set: tuple[str, ...]) -> Sequence[int]:
        """Each seat's suit as its index in `suit_set` (its place in the order of play): the Ace
        draw [B.2.1], or fixed suits [R-S30] (from the deal or the seats' fields)."""
        given = deal.suits or tuple(s.field("suit") or "" for s in self.seats)
        if all(given):
            if sorted(given) != sorted(suit_set):
                raise ValueError(f"the seats' suits {list(given)} are not the suits in play {list(suit_set)}")
            if self.options.teams == "fixed" and deal.suits is None:
                self._check_fixed_teams(given)
            return tuple(map(suit_set.index, given))
        if self.options.teams == "fixed":
            raise ValueError("fixed teams: every seat needs a suit of its team's colour [R-S30]")
        return permutation(len(suit_set), self.rng)

    def _check_fixed_teams(self, suits: Sequence[str]) -> None:
        """Each team's suits share one colour and the two teams differ [R-S30]."""
        colour_of_team: dict[str | None, set[str]] = {}
        for seat, suit in zip(self.seats, suits):
            colour_of_team.setdefault(seat.team, set()).add(self.options.colour(suit))
        if None in colour_of_team or len(colour_of_team) != 2 or any(len(c) != 1 for c in colour_of_team.values()):
            raise ValueError("fixed teams: two teams, each given suits of its own colour only [R-S30]")
        if len({next(iter(c)) for c in colour_of_team.values()}) != 2:
            raise ValueError("fixed teams: the two teams must have different colours [R-S30]")

    def _deal_specials(self, deal: Deal) -> tuple[tuple[Card, ...], ...] | None:
        """Each seat's Jokers and white cards, or None while the teams are still to split."""
        if deal.decks is not None:
            return tuple(tuple(sorted(c for c in deck if c.rank < 2)) for deck in deal.decks)
        if deal.specials is not None:
            return tuple(tuple(sorted(s)) for s in deal.specials)

        if self.team_game:
            return None
        if self.options.variant == "secret_team":
            cards = self._shuffled((BLACK_JOKER, BLACK_JOKER, RED_JOKER, RED_JOKER, WHITE_CARD, WHITE_CARD))
        else:
            cards = self._shuffled((BLACK_JOKER, BLACK_JOKER, RED_JOKER, RED_JOKER, WHITE_CARD, WHITE_CARD)[:4])
            cards += [WHITE_CARD] * max(0, self.n - 4)
            cards = cards[:self.n]
        return tuple((card,) for card in cards)

    def _check_specials(self, specials: tuple[tuple[Card, ...], ...] | None) -> None:
        """A stacked team game gives each team its own 2 Jokers and 1 white card [B.2.1]."""
        if specials is None or not self.team_game:
            return
        for team, members in enumerate(self.members):
            given = sorted(c for seat in members for c in specials[seat])
            joker = BLACK_JOKER if team == 0 else RED_JOKER
            if given != [joker, joker, WHITE_CARD]:
                names = " ".join(map(str, given)) or "nothing"
                raise ValueError(f"the {TEAM_NAMES[team]} team's specials are {joker} {joker} W, not {names}")

    def _set_teams(self, specials: tuple[tuple[Card, ...], ...] | None) -> None:
        """The secret-team game's teams, the pairs of matching specials [R-S23] (the other
        games' come with the seating); every game's battalion counts."""
        if self.options.variant == "secret_team":
            assert specials is not None
            self.team_of = tuple(SPECIAL_TEAM[share[0]] if share else 0 for share in specials)
            self.team_count = max(self.team_of) + 1
            self.members = _members(self.order, self.team_of, self.team_count)
        self.battalions = [0] * self.team_count

    def _start(self, specials: tuple[tuple[Card, ...], ...], decks: tuple[tuple[Card, ...], ...] | None) -> None:
        """Shuffle each private deck, draw 3 each, reveal the first face card [B.2.1 (4)–(5)]."""
        self.splits = specials
        if decks is not None:
            self.decks = [list(deck)[::-1] for deck in decks]
        else:
            self.decks = self._shuffled_each([NUMBER_CARDS[suit] + share for suit, share in zip(self.suits, specials)])
        self.hands = [deck[:-HAND_SIZE - 1:-1] for deck in self.decks]  # (the hands are empty: 3 cards each
        for deck in self.decks:                                         # from the top, the end, as `_draw`)
            del deck[-HAND_SIZE:]
        self.events.append(_DEALT[self.spade])
        self._end_of_cleanup()  # (nobody is out: the Spade player, the leader, starts the first trick)

    def _draw(self, seat: int) -> None:
        _draw_to_three(self.hands[seat], self.decks[seat])

    # ----- the protocol -----

    @property
    def to_act(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def deciders(self) -> tuple[int, ...]:
        """The splitting team's members during its split [R-S26]; else the seat to act."""
        if self.phase == "split":
            return self.members[self.split_team]
        return () if self.phase == "over" else (self.turn,)

    def hand(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def legal_actions(self) -> list[SixSuitAction]:
        """The legal actions (kept until the next action: do not change the list)."""
        legal = self._legal
        if legal is not None:
            return legal  # type: ignore[return-value]
        if self.phase == "play":  # on every turn: `_plays`, inline
            turn = self.turn
            hand = self.hands[turn]
            if not hand:
                legal = _PASS_ONLY
            else:
                # Equal cards (two Jokers) give one choice: only a seat given both (its sorted
                # specials then start with them) and holding both (no hashing on other turns).
                specials = self.splits[turn]
                if len(specials) > 1 and specials[0] == specials[1] and hand.count(specials[0]) > 1:
                    hand = list(dict.fromkeys(hand))
                if len(hand) == HAND_SIZE:  # the usual hand, unpacked: half the cost of a comprehension
                    first, second, third = hand
                    legal = [FACE_UP[first], FACE_UP[second], FACE_UP[third]] if self.trick_cards == 0 \
                        else [*PLAYS[first], *PLAYS[second], *PLAYS[third]]
                else:
                    legal = [FACE_UP[card] for card in hand] if self.trick_cards == 0 \
                        else [play for card in hand for play in PLAYS[card]]
                if self.decks[turn]:
                    legal.append(DECK)
            self._legal = legal
        else:
            legal = self._legal = self._compute_legal()
        return legal

    def apply(self, action: SixSuitAction) -> list[Event]:
        """`BaseState.apply` (the same membership check), with a hand card's play and the
        deck's top card handled here rather than through the dispatch: most actions are one,
        and the calls saved are a tenth of a random playout's time."""
        legal = self._legal
        if action not in (legal if legal is not None else self.legal_actions()):
            raise IllegalAction(action, self.explain(action))
        self._legal = None
        seat = self.turn
        if type(action) is Play:  # `_play` and `_played`, inline
            card, face_up = action
            self.hands[seat].remove(card)
        elif action is DECK:  # the deck's top card, face up (`_word` and `_played`, inline: a play in 6)
            card, face_up = self.decks[seat].pop(), True
        else:
            self.events = []
            self._handlers[type(action)](self, action)
            return self.events
        trick = self.trick
        trick.append((seat, card, face_up))
        self.trick_cards += 1
        if face_up:
            if card.rank < 2:
                self.shown[seat].append(card)
            self.events = events = [_PLAYED_UP[seat][card]]
        else:
            self.events = events = [_PLAYED_DOWN[seat]]
        if len(trick) < self.n:
            self.turn = self.following[seat]
        else:
            self._judge()
        return events

    def _compute_legal(self) -> list[SixSuitAction]:
        phase = self.phase
        if phase == "play":
            return _plays(self.hands[self.turn], self.trick_cards == 0, self.decks[self.turn])
        if phase == "rebuild":
            hand = self.hands[self.turn]
            if not hand and not self.decks[self.turn]:
                return _FORCED_REBUILD  # no hand, no deck: the rebuild is forced [B.2.6]
            return _rebuilds(sorted(hand))
        if phase == "split":
            return self._split_actions()  # type: ignore[return-value]  # (the shared list of `_splits`)
        return []

    def _split_actions(self) -> list[Split]:
        return _splits(BLACK_JOKER if self.split_team == 0 else RED_JOKER, len(self.members[self.split_team]))

    def explain(self, action: SixSuitAction) -> Explanation:
        from familia_tui.games.sixsuit.explain import explain

        return explain(self, action)

    # ----- the team split [R-S26] -----

    @handles(Split)
    def _split(self, action: Split) -> None:
        members = self.members[self.split_team]
        splits = list(self.splits)
        for seat, share in zip(members, action.shares):
            splits[seat] = share
        self.splits = tuple(splits)
        self.events.append(_SPLIT_DONE[self.split_team][self.turn])
        if self.split_team == self.team_of[self.spade]:
            self.split_team = 1 - self.split_team
            self.turn = self.members[self.split_team][0]
            self.events.append(_SPLIT_ASKED[self.split_team][self.turn])
            return
        self._start(self.splits, None)

    # ----- playing a trick -----

    @handles(Play)
    def _play(self, action: Play) -> None:
        seat = self.turn
        card, face_up = action
        self.hands[seat].remove(card)
        self._played(seat, card, face_up)

    @handles(Word)
    def _word(self, action: Word) -> None:
        seat = self.turn
        if action.word == "deck":
            self._played(seat, self.decks[seat].pop(), True)
        elif self.phase == "rebuild":
            self.events.append(_REBUILD_PASSED[seat])
            self._ask_declaration(self.decl_index + 1)  # the next declarer
        else:
            self.trick.append((seat, None, False))
            self.events.append(_PASSED[seat])
            self._next_player(seat)

    def _played(self, seat: int, card: Card, face_up: bool) -> None:
        """A card played to the trick (from the hand or, `deck`, the top of the deck)."""
        trick = self.trick
        trick.append((seat, card, face_up))
        self.trick_cards += 1
        if face_up:
            if card.rank < 2:
                self.shown[seat].append(card)
            self.events.append(_PLAYED_UP[seat][card])
        else:
            self.events.append(_PLAYED_DOWN[seat])
        if len(trick) < self.n:  # (`_next_player`, inlined: every card comes here)
            self.turn = self.following[seat]
        else:
            self._judge()

    def _next_player(self, seat: int) -> None:
        if len(self.trick) < self.n:
            self.turn = self.following[seat]
        else:
            self._judge()

    def judgement(self) -> Judgement:
        """The judgement of the trick as it stands (the whole trick once everyone has acted)."""
        if self.team_game:
            return judge_team(self.trick, self.team_of, self.battalion_size)
        return judge_individual(self.trick)

    def _judge(self) -> None:
        trick = self.trick
        verdict = (judge_team(trick, self.team_of, self.battalion_size) if self.team_game
                   else judge_individual(trick))
        events = self.events
        winner, kind, formed = verdict
        if formed:
            for team in formed:
                self.battalions[team] += 1
                events.append(Event("battalion", None, info=(("team", TEAM_NAMES[team]),)))
        face = self.face
        assert face is not None  # (a trick is played for a face card [R-S14])
        self.last_trick, self.last_winner, self.last_judgement = tuple(trick), winner, kind
        judged = self.judged
        judged[kind] = judged.get(kind, 0) + 1
        self.tricks += 1
        if winner is not None:
            self.last_face = face
            self.captured[winner].append(face)
            self.face = None
            events.append(_TRICK_WON[kind][winner][face])
        else:
            self.last_face = None
            events.append(_NO_WINNER[self.leader][face])
        self.trick, self.trick_cards = [], 0
        drawing = winner is None or self.face_pile  # the last face card's trick: no draw [R-S17]
        limit = 1 if self.team_game else 2
        removed, discards, hands, decks = self.removed, self.discards, self.hands, self.decks
        for seat, card, _ in trick:  # every seat has one play in the trick
            if card is not None:  # [R-S16]: Jokers (whites outside the team game) removed
                if card.rank < limit:
                    removed.append(card)
                else:
                    discards[seat].append(card)
            if drawing:  # `_draw_to_three`, inline (one pass for both: a trick's end is hot)
                hand = hands[seat]
                if len(hand) < HAND_SIZE:
                    deck = decks[seat]
                    while deck and len(hand) < HAND_SIZE:  # (one card, nearly always)
                        hand.append(deck.pop())
        if not drawing:
            self._finish("last_face")  # no draw, no rebuild [R-S17]
            return
        start = winner if winner is not None else self.leader  # [R-S24], [R-S15a]
        self.decl_start, self.decl_index, self.decl_any = start, 0, False
        self.leader = start
        if False in self.rebuilt:
            self._ask_declaration(0)
        else:  # nobody may rebuild again [R-S3]
            self._end_of_cleanup()

    # ----- rebuild declaration rounds [R-S3]–[R-S5], [R-S24] -----

    def _ask_declaration(self, index: int) -> None:
        """Ask the next seat from play position `index` (from the round's start) that may still
        rebuild; a round with no declaration ends the cleanup [R-S4]."""
        order = self.rounds[self.decl_start]  # (`_declaration_order`)
        rebuilt = self.rebuilt
        while True:
            while index < self.n and rebuilt[order[index]]:
                index += 1
            if index < self.n:
                self.phase, self.decl_index, self.turn = "rebuild", index, order[index]
                return
            if not self.decl_any or all(rebuilt):
                self._end_of_cleanup()
                return
            index, self.decl_any = 0, False

    def _declaration_order(self) -> tuple[int, ...]:
        return self.rounds[self.decl_start]

    @handles(Rebuild)
    def _rebuild(self, action: Rebuild) -> None:
        seat = self.turn
        hand, discard = self.hands[seat], self.discards[seat]
        for card in action.discard:
            hand.remove(card)
            discard.append(card)
        cards = self.decks[seat] + discard
        self.decks[seat] = self._shuffled(cards)
        self.discards[seat] = []
        _draw_to_three(self.hands[seat], self.decks[seat])
        self.rebuilt[seat] = True
        self.rebuilt_after[seat] = self.tricks
        self.decl_any = True
        self.events.append(_REBUILT[seat][len(action.discard)])
        self._ask_declaration(self.decl_index + 1)  # the next declarer

    def _end_of_cleanup(self) -> None:
        """End condition (b) after the rebuilds [R-S17]; else the next trick: the leader reveals
        the next face card (unless one is still at stake) and leads [R-S14]."""
        out = 0
        if [] in self.hands:
            for rebuilt, hand, deck in zip(self.rebuilt, self.hands, self.decks, strict=True):
                if rebuilt and not hand and not deck:
                    out += 1
        if out >= self.out_limit:
            self._finish("players_out")
            return
        leader = self.leader
        if self.face is None:
            self.face = self.face_pile.pop()
            self.events.append(_FACE_REVEALED[leader][self.face])
        self.turn = leader
        self.phase = "play"  # (the trick was emptied when the last one was judged)

    def _finish(self, reason: str) -> None:
        self.phase, self.end, self.is_over = "over", reason, True
        result = self.final = self.result()
        self.events.append(_new(Event, ("game_over", None, (), (("reason", reason), ("order", result.order),
                                                                ("tie_break", result.tie_break)))))

    # ----- scoring -----

    def items(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's points per item (`scoring.ITEMS`), as the game stands."""
        return seat_items(self.captured, self.hands, self.decks, self.suits, self.options.black_suits,
                          not self.team_game)

    def unit_names(self) -> tuple[str, ...]:
        if self.team_game:
            return TEAM_NAMES
        if self.options.variant == "secret_team":
            return SECRET_NAMES
        return tuple(seat.name for seat in self.seats)

    def result(self) -> SixSuitResult:
        if self.final is not None:
            return self.final
        items = self.items()
        scores = list(map(sum, items))
        names = self.unit_names()
        members: Sequence[Sequence[int]]
        if self.team_game:
            black, red = self.battalions
            bonus: tuple[int, ...] = (2 * black, 2 * red)
            units, members = _units(names, self.members)
            totals = [sum(map(scores.__getitem__, m)) + bonus[t] for t, m in enumerate(members)]
            best, tie_break = team_winner(members, scores, totals, self.team_of[self.spade])
            ranked = [best, 1 - best]
        elif self.options.variant == "secret_team":
            bonus = ()
            units, members = _units(names, self.members)
            totals = [sum(map(scores.__getitem__, m)) for m in members]
            ranked = secret_order(members, scores, self.order.index)
            tie_break = _secret_tie_break(ranked, members, scores, totals)
        else:
            bonus = ()
            units = tuple((name, (seat,)) for seat, name in enumerate(names))
            totals = scores
            counts = [len(c) for c in self.captured]
            ranked = individual_order(scores, counts, self.order.index)
            tie_break = _individual_tie_break(ranked, scores, counts)
        return _result(units, dict(zip(names, map(float, totals))), items, bonus,
                       tuple(map(names.__getitem__, ranked)), tie_break, self.end, tuple(sorted(self.judged.items())))

    # ----- views -----

    def view(self, seat: int | None) -> SixSuitView:
        from familia_tui.games.sixsuit.view import make_view

        return make_view(self, seat)

    def public_view(self) -> SixSuitView:
        return self.view(None)

    def card_census(self) -> dict[str, list[Card]]:
        """Every card of the game by where it is (each exactly once)."""
        census: dict[str, list[Card]] = {"face_pile": list(self.face_pile), "removed": list(self.removed),
                                         "face": [self.face] if self.face is not None else [],
                                         "trick": [c for _, c, _ in self.trick if c is not None]}
        for seat in range(self.n):
            census[f"hand.{seat}"] = list(self.hands[seat])
            census[f"deck.{seat}"] = list(self.decks[seat])
            census[f"discard.{seat}"] = list(self.discards[seat])
            census[f"captured.{seat}"] = list(self.captured[seat])
        if self.phase == "split":
            census["unsplit"] = [c for s in self._split_actions()[0].shares for c in s]
        return census

    def trick_view(self, seat: int | None, plays: Sequence[PlayRecord]) -> tuple[TrickPlay, ...]:
        """A trick as `seat` may see it: another seat's face-down card as None, a pass marked."""
        return tuple(TrickPlay(s, card if up or s == seat else None, up, passed=card is None) for s, card, up in plays)


def _secret_tie_break(ranked: list[int], members: Sequence[Sequence[int]], scores: list[int],
                      totals: list[int]) -> str:
    first, second = ranked[0], ranked[1]
    if totals[first] != totals[second]:
        return "total"
    if min(scores[s] for s in members[first]) != min(scores[s] for s in members[second]):
        return "lower"
    return "nearest"


def _individual_tie_break(ranked: list[int], scores: list[int], counts: list[int]) -> str:
    first, second = ranked[0], ranked[1]
    if scores[first] != scores[second]:
        return "total"
    return "captures" if counts[first] != counts[second] else "nearest"
