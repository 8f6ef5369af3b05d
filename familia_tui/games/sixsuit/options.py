"""What a six-suit preset may set (rules digest B, rulings R-S1 … R-S30).

Three variants share one engine: the team game for 4 or 6 players (B.2), the individual game for
2–6 (B.3) and the secret-team game for 6 (B.4). The suit colours are configurable [R-S2]; the
default makes the canonical seat order alternate the teams.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from familia_tui.core.presets import Check, OptionChecks, StrictModel

SuitLetter = Literal["S", "H", "X", "L", "C", "D"]
CANONICAL = ("S", "H", "X", "L", "C", "D")
"""The seat order: Spade, Heart, Cross, Leaf, Club, Diamond [B.2.1]."""
INDIVIDUAL_SUITS = {2: ("S", "H"), 3: ("S", "H", "C"), 4: ("S", "H", "C", "D"),
                    5: ("S", "H", "X", "C", "D"), 6: CANONICAL}
"""The individual game's default suit sets [R-S21]."""
TEAM_SUITS = {4: ("S", "H", "C", "D"), 6: CANONICAL}
"""The team game: all six suits, or without Cross and Leaf A–10 for 4 players [B.1]."""


class SixSuitOptions(StrictModel):
    """Six-suit rule options. Unset fields take the digest's value."""

    variant: Literal["team", "individual", "secret_team"] = "team"
    """`team`: two teams by colour (B.2); `individual`: each for himself (B.3); `secret_team`:
    six players in three secret pairs matched by their Joker or white card (B.4)."""
    players: Literal[2, 3, 4, 5, 6] = 6
    """Number of players: 4 or 6 in the team game, 2–6 individually, 6 in the secret-team game."""
    teams: Literal["draw", "fixed"] = "draw"
    """Team game: `draw`: the Aces are drawn, their colours make the teams (B.2.1); `fixed`: the
    teams are set in advance and each player gets a suit of the team's colour [R-S30]."""
    battalion_4p: bool = False
    """4-player team game: both teammates playing the same number face up make a battalion, the
    later of the two wins [R-S6]. Off: the text's literal rule (no battalion with 4)."""
    black_suits: tuple[SuitLetter, ...] = ("S", "X", "C")
    """The black suits; the other three are red [R-S2]. Team colour = Ace colour = Joker colour."""
    suits: tuple[SuitLetter, ...] | None = None
    """Individual game: the suits in play, one per player [R-S21]. None: S,H (2), S,H,C (3),
    S,H,C,D (4), S,H,X,C,D (5), all six (6)."""

    @property
    def suit_set(self) -> tuple[str, ...]:
        """The suits in play, in the canonical seat order."""
        if self.variant == "individual":
            chosen = self.suits or INDIVIDUAL_SUITS[self.players]
            return tuple(s for s in CANONICAL if s in chosen)
        return TEAM_SUITS.get(self.players, CANONICAL)

    def colour(self, suit: str) -> str:
        """`black` or `red` under this mapping [R-S2]."""
        return "black" if suit in self.black_suits else "red"

    @model_validator(mode="after")
    def _check(self) -> SixSuitOptions:
        problems = []
        if len(set(self.black_suits)) != 3 or len(self.black_suits) != 3:
            problems.append(Check.of("six.optcheck.black_suits", suits=list(self.black_suits)))
        if self.variant == "team" and self.players not in (4, 6):
            problems.append(Check.of("six.optcheck.team_players", players=self.players))
        if self.variant == "secret_team" and self.players != 6:
            problems.append(Check.of("six.optcheck.secret_players", players=self.players))
        if self.suits is not None:
            if self.variant != "individual":
                problems.append(Check.of("six.optcheck.suits_individual"))
            elif len(set(self.suits)) != self.players or len(self.suits) != self.players:
                problems.append(Check.of("six.optcheck.suits_count", players=self.players, suits=list(self.suits)))
        if self.battalion_4p and not (self.variant == "team" and self.players == 4):
            problems.append(Check.of("six.optcheck.battalion"))
        if self.teams == "fixed" and self.variant != "team":
            problems.append(Check.of("six.optcheck.fixed_teams"))
        if self.variant == "team" and not problems:
            colours = [self.colour(s) for s in self.suit_set]
            if colours.count("black") != colours.count("red"):
                problems.append(Check.of("six.optcheck.colours", suits=list(self.suit_set)))
        if problems:
            raise OptionChecks(problems)
        return self


OPTIONS_MODEL = SixSuitOptions
