"""One Familia trick: batting keys, card strength, legal plays and resolution.

Pure functions on small values; `rules.py` owns the state. `obligations` states the legal plays
layer by layer (explanations, bots); the engine's fast statement of the same plays, on card ids,
is `FamiliaState.legal_actions`, which a test checks against it. Implements (rules digest
A.6–A.8):

- Batting keys by hand-pool decks and style (A.7 table) [R-F3]; Jokers collide only with Jokers;
  the face card never bats [R-F4].
- Legal plays: must-follow; must-ruff in trump tricks; must-win in batting Familia, judged on the
  strongest card so far ignoring batting [R-F11], as a filter on the follow/ruff set [R-F12], and
  only once a hand card is in the trick [R-F12a]; a batting card is always allowed, alone [R-F1];
  a hand Joker is always allowed and never forced [R-F13]; a face-Joker trick has no trump and, in
  a stock trick, no lead [R-F16][R-F17].
- Strength: trump > led suit > others; a hand Joker is the led suit's A-minus everywhere [R-F15a],
  rank between A and 10 with no led suit [R-F16].
- Resolution: stage 1 removes every card whose key occurs twice or more [R-F2]; the best following
  card wins [R-F5][R-F6]; else stage 2 removes equal ranks and the highest rank wins; nothing left
  is a void trick [R-F8].
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import NamedTuple

from familia_tui.core.cards import COLOURS, JOKER, SUITS, Card, number_cards

JOKER_VALUE = 13
"""A hand Joker ranks between the A (14) and the 10."""

OFF, LED, TRUMP = 0, 100, 200
"""Strength categories, added to the rank value: off-suit < led suit < trump."""

JOKER_KEY = -1
"""A hand Joker's batting key: it collides with Jokers only."""

BattingKey = Callable[[Card], object]


def rank_value(card: Card) -> int:
    return JOKER_VALUE if card.is_joker else card.rank


HAND_CARDS: tuple[Card, ...] = (*number_cards(1), JOKER)
"""Every hand card value by its card id: the engine holds hands, stock, known and played cards
as these small integers (read by subscript in tables, hashed as ints) and makes `Card`s only at the
edges (actions, events, records, views). Equal cards of several decks share an id."""
CARD_ID: dict[Card, int] = {card: index for index, card in enumerate(HAND_CARDS)}
JOKER_ID = CARD_ID[JOKER]
SUIT_OF: tuple[str, ...] = tuple(card.suit for card in HAND_CARDS)
"""A card id's suit letter (the Joker's `X` is no suit that is led or trump)."""
FOLLOWS: dict[str | None, list[bool]] = {
    led: [card.suit == led or card.is_joker for card in HAND_CARDS] for led in (*SUITS, None)}
"""`FOLLOWS[led][id]`: the card is of the led suit or a Joker (a stock trick's lead layer).

The per-id tables (this one, `POWER`, `VALUE` and the engine's key tables) are lists, never
changed: where one is read with `map` (the sampler, a deal's forty cards), a list's `__getitem__`
is a C method taking its argument directly, where a tuple's builds an argument tuple per call.
Over a trick's or a hand's few cards the hot paths use plain loops instead (see
`FamiliaState.legal_actions`)."""


def cards_of(ids: Iterable[int]) -> tuple[Card, ...]:
    """The cards of some card ids (the edges: views, properties, tests)."""
    return tuple(map(HAND_CARDS.__getitem__, ids))


def ids_of(cards: Iterable[Card]) -> list[int]:
    """The card ids of some hand cards (scenarios and samplers write the state with them)."""
    return list(map(CARD_ID.__getitem__, cards))


@cache
def key_table(decks: int, style: str) -> tuple[int, ...]:
    """The collision key of every hand card id for this deal (A.7 table) [R-F3]: two cards bat
    when their keys are equal. The keys are small integers (rank, colour and rank, or suit and
    rank): the hot paths hash them for every play."""
    level = {("normal", 1): "colour", ("batting", 1): "rank", ("batting", 2): "colour"}.get(
        (style, decks), "suit"
    )
    return tuple(JOKER_KEY if card.is_joker else {
        "rank": card.rank,
        "colour": 16 * COLOURS.index(card.colour or "") + card.rank,
        "suit": 16 * SUITS.index(card.suit) + card.rank,
    }[level] for card in HAND_CARDS)


@cache
def batting_key(decks: int, style: str) -> dict[Card, int]:
    """`key_table` by card (explanations, bots, tests)."""
    return dict(zip(HAND_CARDS, key_table(decks, style)))


def strength(card: Card, led: str | None, trump: str | None) -> int:
    """How strong a card is in this trick, ignoring batting [R-F11][R-F15a][R-F16]."""
    if card.is_joker:
        if led is None:
            return OFF + JOKER_VALUE
        return (TRUMP if led == trump else LED) + JOKER_VALUE
    if card.suit == trump:
        return TRUMP + card.rank
    if card.suit == led:
        return LED + card.rank
    return OFF + card.rank


POWER: dict[tuple[str | None, str | None], list[int]] = {
    (led, trump): [strength(card, led, trump) for card in HAND_CARDS]
    for led in (*SUITS, None) for trump in (*SUITS, None)}
"""`POWER[led, trump][id]`: `strength` of every card id in a trick with these suits (a list:
see `FOLLOWS`)."""
VALUE: list[int] = list(map(rank_value, HAND_CARDS))
"""`rank_value` of every card id (stage 2 of a resolution)."""


class Context(NamedTuple):
    """What the player to act knows of the trick: suits, stage, style and the cards so far."""

    led: str | None
    """The led suit: the face card's suit in a stock trick, the lead card's (or the Joker's
    declared) suit in a trump trick; None before the lead and in a stock face-Joker trick."""
    trump: str | None
    """The face card's suit in a trump trick; None in stock tricks and face-Joker tricks."""
    stock_trick: bool
    face_joker: bool
    batting: bool
    played: tuple[Card, ...]

    @property
    def leading(self) -> bool:
        """The player leads freely: a trump trick with nothing played yet [R-F7]."""
        return not self.stock_trick and not self.played


class Obligations(NamedTuple):
    """The legal plays of one hand and why: the layers the rules apply in order (A.6)."""

    base: tuple[Card, ...]
    """Cards the follow/ruff layer allows."""
    base_rule: str
    """Which follow layer applied: free, no_lead, follow, ruff or any."""
    must_win: tuple[Card, ...] | None
    """Batting Familia: the cards that beat the strongest so far, when the filter applies."""
    bats: tuple[Card, ...]
    """Cards that collide with a card already in the trick (always legal) [R-F1]."""
    jokers: bool
    """The hand holds a Joker (always legal) [R-F13]."""

    @property
    def legal(self) -> set[Card]:
        cards = set(self.must_win or self.base)
        cards.update(self.bats)
        if self.jokers:
            cards.add(JOKER)
        return cards


def obligations(hand: Sequence[Card], ctx: Context, keys: Mapping[Card, object]) -> Obligations:
    """Apply follow, ruff, must-win, batting and Joker freedom to a hand (A.6, A.13 `legal`).

    Written with plain loops: this runs for every decision of every bot and simulation.
    """
    led, trump, played = ctx.led, ctx.trump, ctx.played
    plain = [c for c in hand if c.rank]
    jokers = len(plain) < len(hand)
    if not ctx.stock_trick and not played:
        base, rule = plain, "free"
    elif led is None:
        base, rule = plain, "no_lead"
    else:
        base, rule = _follow(plain, led, trump)
    if not played:
        return Obligations(tuple(base), rule, None, (), jokers)
    must_win = None
    if ctx.batting:
        best = max([strength(c, led, trump) for c in played])
        must_win = tuple([c for c in base if strength(c, led, trump) > best])
    played_keys = {keys[c] for c in played}
    bats = tuple([c for c in plain if keys[c] in played_keys])
    return Obligations(tuple(base), rule, must_win, bats, jokers)


def _follow(plain: list[Card], led: str, trump: str | None) -> tuple[list[Card], str]:
    follow = [c for c in plain if c.suit == led]
    if follow:
        return follow, "follow"
    if trump is not None:
        ruff = [c for c in plain if c.suit == trump]
        if ruff:
            return ruff, "ruff"
    return plain, "any"


_make = tuple.__new__
"""`_make(Resolution, (…))`: a named tuple without its Python-level `__new__` (every trick)."""


class Resolution(NamedTuple):
    """How a trick ended: the batted cards of each stage (indexes into the plays) and the winner."""

    stage1: tuple[int, ...]
    stage2: tuple[int, ...]
    winner: int | None
    """Index into the plays of the winning card; None for a void trick."""

    @property
    def void(self) -> bool:
        return self.winner is None


def resolve(cards: Sequence[Card], led: str | None, trump: str | None,
            keys: Mapping[Card, object]) -> Resolution:
    """`judge` on cards (bots and tests; `keys` is the deal's `batting_key`)."""
    return judge(list(map(CARD_ID.__getitem__, cards)), list(map(keys.__getitem__, cards)),
                 led, trump)


def judge(ids: Sequence[int], played_keys: list[object], led: str | None,
          trump: str | None) -> Resolution:
    """Resolve a complete trick (A.7): stage 1, following cards, stage 2, void. `ids` are the
    cards' ids in play order, `played_keys` their batting keys (`key_table`)."""
    power, powers = POWER[led, trump], []
    for c in ids:
        powers.append(power[c])
    if len({*played_keys}) == len(played_keys):  # displays, not type calls (see `legal_actions`)
        # No batting: the strongest card (a bot may judge no card; `max`'s default= keyword
        # makes a slower call)
        best = max(powers) if powers else OFF
        if best >= LED:  # a following card (led suit, trump, a led Joker) wins [R-F5]
            return _make(Resolution, ((), (), powers.index(best)))
        stage1: tuple[int, ...] = ()
        alive: Sequence[int] = range(len(ids))
    else:
        stage1, alive = _bat(played_keys, range(len(ids)))
        best, winner = LED - 1, None
        for i in alive:
            if powers[i] > best:
                best, winner = powers[i], i
        if winner is not None:
            return _make(Resolution, (stage1, (), winner))
    value, ranks = VALUE, []
    for i in alive:
        ranks.append(value[ids[i]])
    stage2, left = _bat(ranks, alive)
    winner, best = None, 0
    for i in left:  # the highest rank left, the first played of equals (`max` with a key)
        if value[ids[i]] > best:
            winner, best = i, value[ids[i]]
    return _make(Resolution, (stage1, stage2, winner))


def _bat(keys: Sequence[object], indexes: Sequence[int]) -> tuple[tuple[int, ...], list[int]]:
    """Split plays into those whose key occurs twice or more (batted) and the rest [R-F2].
    A trick holds at most ten cards: counting in the list (in C) beats a table of counts."""
    batted: list[int] = []
    left: list[int] = []
    count = keys.count
    for i, key in zip(indexes, keys):
        (batted if count(key) > 1 else left).append(i)
    return tuple(batted), left
