"""Tarot actions and their notation (every decision of a hand is one action).

| phase | action | notation |
|---|---|---|
| bidding | a bid, strictly higher than the highest so far [A4] | `bid prise`, `bid garde`, `bid garde-sans`, |
| | | `bid garde-contre` |
| bidding | a pass (final: each player speaks once) | `pass` |
| 5 players | the taker calls a card [A5, TA-14a] | `call RH` (a king; a queen, knight or jack when allowed) |
| écart | the taker discards one card; the écart is made card by card [A6] | `discard 3C` (repeated until |
| | | the écart is full) |
| slam | the taker announces a slam, or not [A7] | `slam`, `no-slam` |
| first card | nothing (more) to declare: the seat's declarations close for the hand [A8] | `declare none` |
| first card | a declaration before one's first card [A8] | `declare poignee-simple T21 T18 …` (exactly the |
| | | shown trumps, `EX` allowed as in TA-11), `declare poignee-double …`, |
| | | `declare poignee-triple …`, `declare misere-faces`, `declare misere-trumps` |
| play | play a card [A9] | `play 10H`, `play T1`, `play EX` |

Cards are in the notation of `cards.py`. Parsing accepts any letter case, `poignée` with its
accent and the card aliases (`play K♥` is `play RH`); `str()` always gives the canonical text.

>>> str(parse_action("BID Garde-Sans")), str(parse_action("play k♥"))
('bid garde-sans', 'play RH')
>>> str(parse_action("declare poignée-simple t1 t2 t3 t4 t5 t6 t7 t8 t9 ex"))
'declare poignee-simple T9 T8 T7 T6 T5 T4 T3 T2 T1 EX'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from familia_tui.core.engine import ActionSyntaxError
from familia_tui.games.tarot.cards import CARDS, EXCUSE, Card, CardError, parse_card


class Contract(StrEnum):
    """The four bids, low to high, with their multipliers [A4, TA-1]."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde-sans"
    GARDE_CONTRE = "garde-contre"

    @property
    def level(self) -> int:
        """0–3, low to high: a bid must be strictly higher than the highest so far."""
        return _CONTRACTS.index(self)

    @property
    def multiplier(self) -> int:
        """M = 1, 2, 4, 6."""
        return (1, 2, 4, 6)[self.level]

    @property
    def exchanges(self) -> bool:
        """Prise and Garde: the chien is shown and taken, and the taker makes an écart."""
        return self.level < 2


_CONTRACTS = tuple(Contract)


class Kind(StrEnum):
    """What a player may declare at his first card [A8]."""

    POIGNEE_SIMPLE = "poignee-simple"
    POIGNEE_DOUBLE = "poignee-double"
    POIGNEE_TRIPLE = "poignee-triple"
    MISERE_FACES = "misere-faces"
    """絵札なし: no R, D, C, V and no bout."""
    MISERE_TRUMPS = "misere-trumps"
    """切札なし: no trump and no Excuse."""

    @property
    def bonus(self) -> int:
        """The bonus: 20, 30, 40 for the poignées, 10 for a misère [A8]."""
        return {"poignee-simple": 20, "poignee-double": 30, "poignee-triple": 40}.get(str(self), 10)

    @property
    def is_poignee(self) -> bool:
        return str(self).startswith("poignee")


POIGNEES = (Kind.POIGNEE_SIMPLE, Kind.POIGNEE_DOUBLE, Kind.POIGNEE_TRIPLE)
MISERES = (Kind.MISERE_FACES, Kind.MISERE_TRUMPS)


@dataclass(frozen=True, slots=True)
class Bid:
    contract: Contract

    def __str__(self) -> str:
        return f"bid {self.contract}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Call:
    """5 players: the taker names the card whose holder becomes his secret partner."""

    card: Card

    def __str__(self) -> str:
        return f"call {self.card}"


@dataclass(frozen=True, slots=True)
class Discard:
    """One card of the écart."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Slam:
    """The taker announces a slam (chelem) or not."""

    announced: bool

    def __str__(self) -> str:
        return "slam" if self.announced else "no-slam"


def _shown_order(card: Card) -> tuple[bool, int]:
    """Shown trumps high to low, the Excuse last."""
    return (card == EXCUSE, -card)


@dataclass(frozen=True, slots=True)
class Declare:
    """A declaration at one's first card; a poignée carries exactly the shown cards."""

    kind: Kind
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_shown_order)))

    def __str__(self) -> str:
        return " ".join(["declare", str(self.kind), *map(str, self.cards)])


@dataclass(frozen=True, slots=True)
class DeclareNone:
    """At one's first card, while a declaration is open: nothing (more) to declare; the seat's
    declarations close for the hand and its first card follows [A8]."""

    def __str__(self) -> str:
        return "declare none"


class Play(NamedTuple):
    """Play a card. A named tuple, not a dataclass like the other actions: `apply()` checks
    membership in the legal list at every card, and a tuple compares in C where a dataclass calls
    its Python `__eq__` for every other card in the list. (No other action is a one-card tuple,
    so a play equals no other action.)"""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Bid | Pass | Call | Discard | Slam | Declare | DeclareNone | Play

PASS = Pass()
BID = {contract: Bid(contract) for contract in Contract}
SLAM = {True: Slam(True), False: Slam(False)}
PLAY = tuple(Play(card) for card in CARDS)
"""`PLAY[card]`: the shared action of each card (legal_actions is hot; `in` checks identity)."""
DISCARD = tuple(Discard(card) for card in CARDS)
CALL = tuple(Call(card) for card in CARDS)
MISERE = {kind: Declare(kind) for kind in MISERES}
DECLARE_NONE = DeclareNone()

_CARD_VERBS: dict[str, tuple[Action, ...]] = {"play": PLAY, "discard": DISCARD, "call": CALL}
USAGE = ("write 'bid prise|garde|garde-sans|garde-contre', 'pass', 'call RH', 'discard 3C', "
         "'slam', 'no-slam', 'declare poignee-simple T21 …', 'declare misere-faces', 'declare none' "
         "or 'play 10H'")


def parse_action(text: str) -> Action:
    """Read an action in the notation; raises ActionSyntaxError saying what is expected."""
    words = text.split()
    verb = words[0].lower() if words else ""
    rest = [w.lower().replace("é", "e") for w in words[1:]]
    try:
        if verb in _CARD_VERBS and len(words) == 2:
            return _CARD_VERBS[verb][parse_card(words[1])]
        if verb == "declare" and rest == ["none"]:
            return DECLARE_NONE
        if verb == "declare" and rest and rest[0] in set(Kind):
            kind = Kind(rest[0])
            if not kind.is_poignee and len(rest) == 1:
                return MISERE[kind]
            if kind.is_poignee:
                return Declare(kind, tuple(parse_card(w) for w in words[2:]))
    except CardError as error:
        raise ActionSyntaxError(str(error)) from None
    if verb == "bid" and len(rest) == 1 and rest[0] in set(Contract):
        return BID[Contract(rest[0])]
    if verb in ("pass", "slam", "no-slam") and not rest:
        return PASS if verb == "pass" else SLAM[verb == "slam"]
    raise ActionSyntaxError(f"{text!r} is not a Tarot action ({USAGE})")
