"""Familia actions and their notation.

- `pile black` / `pile red`: the leader chooses the colour of the face pile [R-F10].
- `play 5H`: play a hand card; `play JK` plays a hand Joker, and a Joker led in a trump trick
  names its suit: `play JK as H` [R-F14].

>>> str(parse_action("play jk as h")), str(parse_action("pile RED"))
('play JK as H', 'pile red')
"""

from __future__ import annotations

from typing import NamedTuple

from familia_tui.core.cards import COLOURS, SUITS, Card, CardError, parse_card
from familia_tui.core.engine import ActionSyntaxError


class ChoosePile(NamedTuple):
    """The leader reveals the top card of the black or red face pile.

    Actions are named tuples: `apply()` looks an action up in the legal list, and a tuple
    compares in C (a dataclass's generated `__eq__` is a Python call for every entry passed)."""

    colour: str

    def __str__(self) -> str:
        return f"pile {self.colour}"


class PlayCard(NamedTuple):
    """Play one hand card; `declared` is the suit named for a led Joker [R-F14]."""

    card: Card
    declared: str | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" as {self.declared}" if self.declared else "")


Action = ChoosePile | PlayCard

class _Plays(dict[Card, "PlayCard"]):
    def __missing__(self, card: Card) -> PlayCard:
        action = self[card] = PlayCard(card)
        return action


PLAY = _Plays()
PILE = {colour: ChoosePile(colour) for colour in COLOURS}
"""`PILE[colour]`: the shared `ChoosePile` action of a colour."""
"""`PLAY[card]`: the shared `PlayCard` action of a card (built once: legal_actions is hot)."""


def parse_action(text: str) -> Action:
    """Read an action in the notation; raises ActionSyntaxError saying what is expected."""
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "pile" and len(words) == 2 and words[1].lower() in COLOURS:
        return ChoosePile(words[1].lower())
    if verb == "play" and len(words) in (2, 4):
        try:
            card = parse_card(words[1])
        except CardError as error:
            raise ActionSyntaxError(str(error)) from None
        if len(words) == 2:
            return PlayCard(card)
        suit = words[3].upper()
        if words[2].lower() == "as" and card.is_joker and suit in SUITS:
            return PlayCard(card, suit)
    raise ActionSyntaxError(
        f"{text!r} is not a Familia action (write 'pile black', 'pile red', 'play 10H' or "
        f"'play JK as S')"
    )
