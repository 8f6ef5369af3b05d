"""Daifugō actions and their notation (every decision is one of these).

- `play 7S 7H`: a play of natural cards (a single, N of a kind, or a same-suit sequence).
- `play 5S JK=6S 7S`: a joker declared as a card (rank and suit) stands in for it (C9, DF-34).
- `play JK JK`: jokers alone as the top N of a kind, strongest in every order (DF-17, DF-18).
- `play JK=9S JK=9H JK=9D`: jokers alone declared as a rank, when following (DF-17a).
- `play 8S JK=8*`: in 8s with a natural 8 the play cuts the trick, so a joker's suit cannot
  matter and is left open (`*`); `JK=8H` there is read as `JK=8*`.
- `play 4S uno`: the play that leaves one card announces ウノ (strict ウノ only, DF-26a).
- `pass`; `call dobon` / `call chombo` and `decline` in a ドボン or チョンボ window.

Cards are written in the project's notation (`10H`, `AS`, `♠A`, `JK`). The canonical text lists
the cards weakest first (3 … A 2), suits ♠♥♦♣, a declared joker at its declared card, so
`str(parse_action(text))` is the same play in canonical form and round-trips.

>>> str(parse_action("play 7s jk=5s 6S"))
'play JK=5S 6S 7S'
>>> str(parse_action("play JK=8H 8s")), str(parse_action("call DOBON"))
('play 8S JK=8*', 'call dobon')
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from familia_tui.core.cards import JOKER, Card, CardError, parse_card
from familia_tui.core.engine import ActionSyntaxError
from familia_tui.games.daifugo.deck import POS8, POS_OF_RANK, WILD, sort_key


class Play(NamedTuple):
    """Cards put on the table: natural cards and jokers (top `JK`, or declared cards).

    Every action is a named tuple of its own shape (a play has three fields, pass one, a call
    two): equality and `in` on a list of legal actions are then done by C code."""

    naturals: tuple[Card, ...]
    """The natural cards, in canonical order."""
    jokers: tuple[Card, ...] = ()
    """One entry per joker: `JOKER` for a top joker, else the card it is declared as (suit
    `*` when the suit is left open), in canonical order."""
    uno: bool = False
    """Strict ウノ: the play announces ウノ (it leaves exactly one card)."""

    def __str__(self) -> str:
        tokens = [(sort_key(c), 0, str(c)) for c in self.naturals]
        tokens += [(sort_key(c), 1, "JK" if c.is_joker else f"JK={c}") for c in self.jokers]
        text = "play " + " ".join(t for _, _, t in sorted(tokens))
        return text + " uno" if self.uno else text

    @property
    def size(self) -> int:
        return len(self.naturals) + len(self.jokers)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as they count on the table: naturals and declared cards (top jokers as JK),
        weakest first."""
        if not self.jokers:
            return self.naturals
        return tuple(sorted(self.naturals + self.jokers, key=sort_key))


class Pass(NamedTuple):
    """Pass: allowed any number of times while following (C4); never when leading (DF-32)."""

    verb: Literal["pass"] = "pass"

    def __str__(self) -> str:
        return "pass"


class Call(NamedTuple):
    """Call ドボン on the last play (DF-28) or チョンボ on a missed ウノ (DF-26a)."""

    kind: Literal["dobon", "chombo"]
    verb: Literal["call"] = "call"

    def __str__(self) -> str:
        return f"call {self.kind}"


class Decline(NamedTuple):
    """Let a ドボン or チョンボ call go."""

    verb: Literal["decline"] = "decline"

    def __str__(self) -> str:
        return "decline"


Action = Play | Pass | Call | Decline
PASS = Pass()
DECLINE = Decline()
CALL = {"dobon": Call("dobon"), "chombo": Call("chombo")}


def make_play(naturals: list[Card] | tuple[Card, ...], jokers: list[Card] | tuple[Card, ...] = (),
              uno: bool = False) -> Play:
    """A play in canonical form: cards sorted, and jokers in 8s with a natural 8 left open."""
    naturals = tuple(sorted(naturals, key=sort_key))
    if naturals and all(POS_OF_RANK[c.rank] == POS8 for c in naturals) and jokers and all(
            not j.is_joker and POS_OF_RANK[j.rank] == POS8 for j in jokers):
        jokers = [Card(8, WILD)] * len(jokers)
    return Play(naturals, tuple(sorted(jokers, key=sort_key)), uno)


def _joker(token: str) -> Card:
    """`JK` (top) or `JK=7S` / `JK=8*` (declared)."""
    head, _, declared = token.partition("=")
    if parse_card(head) != JOKER:
        raise CardError(f"{token!r}: only a joker is declared (JK=7S)")
    if not declared:
        return JOKER
    if declared.endswith(WILD):
        card = parse_card(declared[:-1] + "S")
        return Card(card.rank, WILD)
    card = parse_card(declared)
    if card.is_joker:
        raise CardError(f"{token!r}: a joker is declared as a natural card (JK=7S)")
    return card


def parse_action(text: str) -> Action:
    """Read an action in the notation; raises ActionSyntaxError saying what is expected."""
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "pass" and len(words) == 1:
        return PASS
    if verb == "decline" and len(words) == 1:
        return DECLINE
    if verb == "call" and len(words) == 2 and words[1].lower() in CALL:
        return CALL[words[1].lower()]
    if verb == "play" and len(words) >= 2:
        tokens = words[1:]
        uno = tokens[-1].lower() in ("uno", "ウノ")
        if uno:
            tokens = tokens[:-1]
        try:
            cards = [(t.upper().startswith(("JK", "JOKER", "JO")), t) for t in tokens]
            naturals = [parse_card(t) for is_joker, t in cards if not is_joker]
            jokers = [_joker(t.upper()) for is_joker, t in cards if is_joker]
        except CardError as error:
            raise ActionSyntaxError(str(error)) from None
        if naturals or jokers:
            return make_play(naturals, jokers, uno)
    raise ActionSyntaxError(
        f"{text!r} is not a Daifugō action (write 'play 7S 7H', 'play 5S JK=6S 7S', "
        "'play JK JK', 'play 4S uno', 'pass', 'call dobon', 'call chombo' or 'decline')")
