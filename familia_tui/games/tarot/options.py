"""What a Tarot preset may set (rules digest A2 and the TA-23 switch table).

The defaults follow the source text (BGA) on every switch of TA-23; the `tarot-*-fft` presets
take FFT's side. Seats are numbered in the order of play, so `direction` only says where the
screen draws them: the next seat sits to the right (counter-clockwise) or to the left.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from familia_tui.core.presets import Check, OptionChecks, StrictModel, shown_as

Declarations = Literal["none", "poignees", "poignees-miseres"]

HAND_SIZE = {3: 24, 4: 18, 5: 15}
"""Cards dealt to each player (A3)."""
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
"""Cards in the chien (A3; TA-22: 5 players 15/3)."""


class TarotOptions(StrictModel):
    """French Tarot rule options. Unset fields take the text's (BGA's) value."""

    players: Literal[3, 4, 5] = 4
    """Number of players: 24 cards each and a chien of 6 (3), 18 and 6 (4), 15 and 3 (5) [A3]."""
    hands: int | None = Field(default=None, ge=1, le=200)
    """Hands in a game; annulled hands (petit sec, all pass) do not count, a Grasch hand does
    [TA-18]. Default: twice the number of players."""
    direction: Literal["counter-clockwise", "clockwise"] = "counter-clockwise"
    """Direction of play (BGA lets a table choose clockwise). Seats are numbered in the order of
    play whatever the direction; this says where the screen draws the next seat."""
    next_dealer: Literal["previous", "next"] = "previous"
    """Who deals the next hand (played or annulled). `previous`: the text (BGA): the dealer's left
    neighbour when play is counter-clockwise, his right when clockwise, i.e. the seat that plays
    just before him. `next`: FFT: the next player in the direction of play [TA-10, TA-23]."""
    first_dealer: int | None = Field(default=None, ge=0, json_schema_extra=shown_as("seat"))
    """Seat that deals the first hand; omit for a seeded random draw [A3]."""
    declarations: Declarations = "poignees"
    """Declarations at one's first card: none, poignées only, or poignées and the two misères
    (no face cards, no trumps; 10 each) [A8]."""
    grasch: bool = False
    """When everyone passes, play the hand anyway, each for himself, fewest card points best
    (グラッシュ), instead of redealing [A11]."""
    grasch_chien: Literal["nobody", "last_trick"] = "nobody"
    """Who counts the chien in a Grasch hand: nobody, or the winner of the last trick [TA-19]."""
    discarded_trumps_shown: bool = False
    """Trumps the taker had to put in the écart are shown to everyone (FFT §8). The text: the
    écart is never shown [TA-2, TA-23]."""
    defence_slam_bonus: bool = False
    """When the defence takes every trick, each defender gets 200 more (S = −200, FFT §9)
    [TA-16, TA-23]."""
    rounding: Literal["score", "card_points"] = "score"
    """3 and 5 players. `score` (the text): the contract is judged on exact half points and a
    fractional per-defender amount D is rounded up when made, down when failed. `card_points`
    (FFT): the taker's card points are rounded toward the winning side first [TA-9, TA-23]."""
    last_trick_excuse: Literal["winner", "changes_camp"] = "winner"
    """The Excuse played to the last trick (outside the slam exception). `winner` (the text,
    BGA): it goes to the player who wins the trick. `changes_camp` (FFT, TarotClub): it goes to
    the camp opposed to its player even when his own side wins the trick; that camp counts it 4
    points and a bout and the trick's winner keeps the half point, as when the Excuse is kept.
    A Grasch hand has no camps: the winner takes it either way [TA-24, TA-19a]."""
    called_suit_lead_restriction: bool = False
    """5 players, FFT §16: the first lead of the hand may not be in the called card's suit unless
    it is the called card itself [TA-15]."""
    poignee_shows_discarded_trumps: bool = False
    """FFT §10: trumps the taker had to discard count toward his poignée and must be shown with
    it (the 4 kings and 15 trumps case). Off: the hand alone counts [A8]."""

    @property
    def hand_count(self) -> int:
        """Hands in the game: `hands`, or twice the number of players."""
        return self.hands if self.hands is not None else 2 * self.players

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.players]

    @property
    def chien_size(self) -> int:
        return CHIEN_SIZE[self.players]

    @property
    def tricks(self) -> int:
        """Tricks per hand: 24, 18 or 15 [A9]."""
        return HAND_SIZE[self.players]

    @model_validator(mode="after")
    def _check(self) -> TarotOptions:
        problems = []
        if self.first_dealer is not None and self.first_dealer >= self.players:
            problems.append(Check.of("tarot.optcheck.first_dealer", dealer=self.first_dealer, players=self.players,
                                     last=self.players - 1))
        if self.called_suit_lead_restriction and self.players != 5:
            problems.append(Check.of("tarot.optcheck.lead_restriction"))
        if problems:
            raise OptionChecks(problems)
        return self

    def resolved(self) -> TarotOptions:
        """The same rules with the number of hands written out (for show and records)."""
        return type(self).model_validate({**self.model_dump(), "hands": self.hand_count})


OPTIONS_MODEL = TarotOptions
