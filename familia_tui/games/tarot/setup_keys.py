"""The keys of a Tarot stacked deal and position (see `setup`), with the types they are read as.

A scenario's misspelt key or mistyped value is reported with its key path before the setup
reads the start.
"""

from __future__ import annotations

from familia_tui.core.presets import StrictModel
from familia_tui.core.scenario import CardsText, SeatCards, SeatTexts


class FurtherDealKeys(StrictModel):
    """A deal after the first (`then`)."""

    hands: SeatCards | None = None
    """Cards per seat; the filler completes each hand."""
    chien: CardsText | None = None
    """The chien."""
    voids: SeatTexts | None = None
    """Letters the filler must not give a seat: S H D C, T for trumps, X for the Excuse."""


class DealKeys(FurtherDealKeys):
    """The stacked deals of a game."""

    dealer: int | None = None
    """The first dealer's seat."""
    then: list[FurtherDealKeys] | None = None
    """The following deals, annulled ones included."""


class PositionKeys(FurtherDealKeys):
    """Any moment of a hand."""

    dealer: int | None = None
    """The dealer's seat."""
    bids: list[str] | None = None
    """The speeches so far from the seat after the dealer."""
    taker: int | None = None
    """With `contract`: the taker, everyone else having passed."""
    contract: str | None = None
    """The taker's contract."""
    called: str | None = None
    """5 players: the called card."""
    ecart: CardsText | None = None
    """The taker's discards so far."""
    slam: bool | None = None
    """Whether the taker announced a slam."""
    declarations: dict[int, list[str]] | list[list[str]] | None = None
    """Declarations per seat, made at its first card."""
    tricks: list[CardsText] | None = None
    """The finished tricks, each in play order from its leader."""
    trick_cards: CardsText | None = None
    """The trick in play so far."""
    phase: str | None = None
    """Where the position stops: bid, call, ecart, slam or play."""
