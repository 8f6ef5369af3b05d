"""The six-suit actions and their notation.

| action | notation | when |
|---|---|---|
| `Play(card, True)` | `play 7S` | a hand card face up |
| `Play(card, False)` | `play 7S down` | a hand card face down (never the trick's first card [R-S12]) |
| `DECK` | `deck` | the top card of one's own deck, face up, unseen |
| `PASS` | `pass` | no hand card [R-S13]; or no rebuild in a declaration round [R-S4] |
| `Rebuild(cards)` | `rebuild`, `rebuild 5S 7S` | declare a rebuild, discarding these hand cards first [R-S3] |
| `Split(shares)` | `split BJ+W BJ -` | a team's Jokers and white card, per member in play order [R-S26] |

Actions are named tuples (fast to compare in `legal_actions()`); each class's fields differ in
shape, so actions of two classes are never equal.

>>> str(parse_action("play 10x down")), str(parse_action("split bj+w - rj"))
('play 10X down', 'split BJ+W - RJ')
"""

from __future__ import annotations

from typing import NamedTuple

from familia_tui.core.cards import SIX_SUITS, Card, CardError
from familia_tui.core.engine import ActionSyntaxError


class Play(NamedTuple):
    """A hand card to the trick, face up or face down."""

    card: Card
    face_up: bool

    def __str__(self) -> str:
        return f"play {self.card}" if self.face_up else f"play {self.card} down"


class Word(NamedTuple):
    """An action that is one word: `deck` (the deck's top card, face up) or `pass`."""

    word: str

    def __str__(self) -> str:
        return self.word


DECK = Word("deck")
PASS = Word("pass")


class Rebuild(NamedTuple):
    """Declare the rebuild: discard these hand cards, shuffle deck and discards into a new deck,
    draw back to 3 [B.2.6]."""

    discard: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(["rebuild", *map(str, self.discard)])


class Split(NamedTuple):
    """A team's specials per member, the members in play order [R-S26]."""

    shares: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "split " + " ".join("+".join(map(str, share)) or "-" for share in self.shares)


SixSuitAction = Play | Word | Rebuild | Split

_PLAYS: dict[tuple[Card, bool], Play] = {}


def play(card: Card, face_up: bool = True) -> Play:
    """The (shared) `Play` of a card."""
    key = (card, face_up)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(card, face_up)
    return found


def parse_action(text: str) -> SixSuitAction:
    """Read an action in the notation (see the module table)."""
    words = text.strip().split()
    try:
        return _parse(words)
    except (CardError, IndexError) as error:
        raise ActionSyntaxError(f"not a six-suit action: {text!r} ({error}); write e.g. play 7S, "
                                "play 7S down, deck, pass, rebuild 5S, split BJ+W BJ -") from None


def _parse(words: list[str]) -> SixSuitAction:
    verb = words[0].lower() if words else ""
    if verb in ("deck", "pass") and len(words) == 1:
        return DECK if verb == "deck" else PASS
    if verb == "play" and len(words) in (2, 3):
        if len(words) == 3 and words[2].lower() not in ("down", "up"):
            raise CardError(f"{words[2]!r} is neither up nor down")
        return play(SIX_SUITS.parse_card(words[1]), len(words) == 2 or words[2].lower() == "up")
    if verb == "rebuild":
        return Rebuild(tuple(SIX_SUITS.parse_cards(words[1:])))
    if verb == "split" and len(words) >= 3:
        shares = tuple(() if word == "-" else tuple(sorted(SIX_SUITS.parse_cards(word.split("+"))))
                       for word in words[1:])
        return Split(shares)
    raise CardError("unknown action")
