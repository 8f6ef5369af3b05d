"""The keys of a Daifugō stacked deal and position (see `setup`), with the types they are read as.

A scenario's misspelt key or mistyped value is reported with its key path before the setup
reads the start.
"""

from __future__ import annotations

from familia_tui.core.presets import StrictModel
from familia_tui.core.scenario import CardsText, SeatCards, SeatCounts


class DealKeys(StrictModel):
    """A stacked first deal."""

    hands: SeatCards | None = None
    """Cards per seat; the filler completes the hands to an even deal."""
    sizes: SeatCounts | None = None
    """Cards per seat when the deal is not even."""
    rule_card: str | None = None
    """The rule card (`5S`, `JK`) or `none`."""


class TrickPlayKeys(StrictModel):
    """One play of the trick in progress."""

    seat: int
    """Who played."""
    play: str
    """The cards, in the action notation (`5S JK=6S 7S`)."""


class PositionKeys(StrictModel):
    """Any moment of a game."""

    hands: SeatCards | None = None
    """Cards per seat, exact (see `fill`)."""
    fill: SeatCounts | None = None
    """Cards per seat to top a hand up to with seeded free cards."""
    rule_card: str | None = None
    """The rule card (`5S`, `JK`) or `none`."""
    families: list[str] | None = None
    """The rule families in force, overriding the rule card's."""
    revolution: bool | None = None
    """Whether a revolution is on."""
    trick_reverse: bool | None = None
    """Whether the trick's order is reversed."""
    trick: list[tuple[int, str] | TrickPlayKeys] | None = None
    """The plays of the trick in progress, in order; the last one is the top."""
    suit_lock: CardsText | None = None
    """The locked suits (`SH`, or a list of suits)."""
    number_lock: bool | None = None
    """Whether the numbers are locked."""
    passed: list[int] | None = None
    """Seats that passed since the last play."""
    places: list[int] | None = None
    """Seats already out, in order."""
    to_act: int | None = None
    """The seat to act."""
    leader: int | None = None
    """The seat that led the trick."""
