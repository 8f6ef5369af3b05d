"""What a Chinkway preset may set (rules digest B8 and the amendment CW-5a).

Three game lengths are offered: 11 deals whose last is dealt after the re-seat by standings
(the text's main mode, the default), 10 deals whose 10th is re-seated (the text's short form),
and 10 deals with plain rotation (pagat's base game, our reading).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from familia_tui.core.presets import Check, OptionChecks, StrictModel, shown_as


class ChinkwayOptions(StrictModel):
    """Chinkway rule options. Unset fields take the text's value."""

    players: Literal[5] = 5
    """Exactly five players [B1]."""
    deals: Literal[10, 11] = 11
    """Deals in a game: 11 (the text) or 10 (pagat's base game, or the text's short form) [CW-5a]."""
    final_reseat: bool = True
    """The last deal is dealt by the player 3rd in the standings, the others re-seated around him
    (1st at #2 with 4th at #4, 2nd at #3 with 5th at #5) [B8, CW-4]. Off: every deal passes to
    the left (10 deals only) [CW-5a]."""
    first_dealer: int | None = Field(default=None, ge=0, le=4, json_schema_extra=shown_as("seat"))
    """Seat that deals the first deal; omit for a seeded random draw [B2]."""

    @model_validator(mode="after")
    def _check(self) -> ChinkwayOptions:
        if self.deals == 11 and not self.final_reseat:
            raise OptionChecks([Check.of("cw.optcheck.eleven_deals")])
        return self


OPTIONS_MODEL = ChinkwayOptions
