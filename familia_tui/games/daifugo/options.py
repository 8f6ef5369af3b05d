"""What a Daifugō preset may set: the table, the session and every rule switch of the digest.

The defaults are the integrated rules as the text accepts them (大富豪統合ルール): a rule card
drawn every game, the not-yet-accepted ししふごう and ◆ start off, an equal deal, overlapping
sequences, the suit-set lock (DF-10a), automatic ウノ and ドボン (DF-26a, DF-28a), the stuck
leader's チョンボ (DF-23a), ○○バック counted per card and per family (DF-16a), and no think
timer (DF-27).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from familia_tui.core.cards import Card, CardError, parse_card
from familia_tui.core.presets import Check, OptionChecks, StrictModel


class DaifugoOptions(StrictModel):
    """Integrated Daifugō rule options."""

    players: int = Field(default=4, ge=3, le=8)
    """Number of players, 3–8 (C1)."""
    games: int = Field(default=1, ge=1, le=99)
    """Games in the session (K). Each game draws a new rule card; fewest ビリ wins (DF-31)."""
    rule_card: str = "draw"
    """`draw`: a rule card is drawn from the 56 cards before every game (DF-1). `off`: no rule
    card, a plain game without ability cards. A card (`5S`, `JK` …): practice, that card is the
    rule card of every game and activates its families (and the ◆ start when enabled)."""
    shishi: bool = False
    """Not yet accepted: a 4 or a 10 also activates ししふごう, ability ranks 4 and 10 (DF-3,
    DF-35)."""
    diamond_revolution: bool = False
    """Not yet accepted: a ◆ rule card starts the game in revolution (DF-3)."""
    deal: Literal["even", "rough"] = "even"
    """`even`: one card at a time from a random player, sizes differ by at most one. `rough`:
    the deck is cut into piles within ±3 cards of the even split ("適当に分けます", DF-5)."""
    sequences: Literal["overlap", "no_overlap"] = "overlap"
    """How sequences compare (DF-8): `overlap` compares the lowest cards (456 → 567);
    `no_overlap`: the new sequence lies wholly above the old one (456 → 789)."""
    suit_lock: Literal["suit_set", "single_suit"] = "suit_set"
    """`suit_set` (DF-10a): two consecutive plays with the same suits lock those suits.
    `single_suit` (DF-10): only plays all of one suit lock, so plain pairs never do."""
    uno: Literal["auto", "strict"] = "auto"
    """`auto`: ウノ is announced for the player. `strict`: a play leaving one card must carry
    `uno`; a miss lets every other player call チョンボ before the next play (DF-26a)."""
    dobon: Literal["auto", "ask", "off"] = "auto"
    """`auto`: the first eligible human calls ドボン automatically (DF-28a); `ask`: each eligible
    human decides behind the handoff (the pause tells the table that some hand matches); bots
    always decide for themselves. `off`: no ドボン."""
    dobon_sum: Literal["last_play", "trick"] = "last_play"
    """ドボン compares a hand with the last play (DF-28), or with every card of the trick."""
    stuck_leader: Literal["chombo", "pass_on"] = "chombo"
    """A leader who cannot lead (only jokers, or one card that may not finish) commits チョンボ,
    or the lead passes on and ビリ goes to him only when everyone is stuck (DF-23a)."""
    back_count: Literal["per_card", "per_family"] = "per_card"
    """○○バック: parity of (ability cards × families listing them) (DF-16), or once per family
    whose ability card the play contains (DF-16a)."""
    think_timer: int = Field(default=0, ge=0, le=600)
    """Seconds a human has for each decision, shown as a countdown; 0 (the default) is off. The
    source's conduct rules count over-long thinking as チョンボ; here running out of time only
    says so (DF-27: not enforced). Bots and the handoff curtain never run it, and nothing of it
    enters the game or its record beyond this value."""

    @field_validator("rule_card")
    @classmethod
    def _rule_card_known(cls, value: str) -> str:
        if value in ("draw", "off"):
            return value
        try:
            return str(parse_card(value))
        except CardError:
            raise OptionChecks([Check.of("dfg.optcheck.rule_card", value=value)]) from None

    @property
    def fixed_rule_card(self) -> Card | None:
        """The practice rule card, when one is set."""
        return None if self.rule_card in ("draw", "off") else parse_card(self.rule_card)


OPTIONS_MODEL = DaifugoOptions
