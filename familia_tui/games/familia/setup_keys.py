"""The keys of a Familia stacked deal and position (see `setup`), with the types they are read as.

A scenario's misspelt key or mistyped value is reported with its key path before the setup
reads the start.
"""

from __future__ import annotations

from typing import Literal

from familia_tui.core.presets import StrictModel
from familia_tui.core.scenario import CardsText, SeatCards, SeatTexts


class DealKeys(StrictModel):
    """A stacked first deal."""

    hands: SeatCards | None = None
    """Cards per seat; the filler completes each hand."""
    stock: CardsText | None = None
    """The stock, top card first."""
    black: CardsText | None = None
    """The black face pile, top card first."""
    red: CardsText | None = None
    """The red face pile, top card first."""
    voids: SeatTexts | None = None
    """Suits the filler must not give a seat (`{2: S, 3: SH}`, JK for Jokers)."""


class PositionKeys(DealKeys):
    """Any moment of a deal."""

    deal: int = 1
    """The deal, from 1."""
    trick: int = 1
    """The trick of the deal, from 1."""
    leader: int = 0
    """The seat that leads the trick."""
    deal_start: int | None = None
    """The seat that led the deal's first trick (default: the leader)."""
    face: CardsText | None = None
    """The revealed face card, once the trick has started."""
    colour: Literal["black", "red"] = "black"
    """The pile a face Joker was revealed from."""
    trick_cards: CardsText | None = None
    """The cards played so far, from the leader on."""
    declared: Literal["S", "H", "D", "C"] | None = None
    """The suit a led Joker named [R-F14]."""
    known: SeatCards | None = None
    """Drawn cards each seat still holds, known to all [R-F9a]."""
    captures: SeatCards | None = None
    """Face cards each seat has won."""
    voided: CardsText | None = None
    """Face cards of void tricks."""
