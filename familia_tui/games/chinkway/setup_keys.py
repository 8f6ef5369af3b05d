"""The keys of a Chinkway stacked deal and position (see `setup`), with the types they are read as."""

from __future__ import annotations

from familia_tui.core.presets import StrictModel
from familia_tui.core.scenario import CardsText, SeatCards


class FurtherDealKeys(StrictModel):
    """A deal after the first (`then`)."""

    hands: SeatCards | None = None
    """Cards per seat; the filler completes each hand (12 for the dealer, 10 for the others)."""


class DealKeys(FurtherDealKeys):
    """The stacked deals of a game."""

    dealer: int | None = None
    """The first dealer's seat."""
    quest: CardsText | None = None
    """The top of the quest pack: the first deal's five quest cards, then the second's …"""
    removed: CardsText | None = None
    """The two pictures left out of the quest pack."""
    then: list[FurtherDealKeys] | None = None
    """The following deals."""


class PositionKeys(FurtherDealKeys):
    """The start of a later deal."""

    deal: int | None = None
    """The deal about to be dealt, from 1."""
    scores: list[list[int]] | None = None
    """Each finished deal's scores in seat order."""
    dealer: int | None = None
    """The dealer of deal 1."""
    dealer_now: int | None = None
    """The dealer of this deal (a rotation deal), instead of `dealer`."""
    quest: CardsText | None = None
    """This deal's quest first, then the next deals'."""
    removed: CardsText | None = None
    """The two pictures left out of the quest pack."""
    actions: list[str] | None = None
    """The deal's actions so far (`discard 2C 3C`, `trump S`, `play AH` …), replayed through the
    rules: the position stops mid-deal."""
