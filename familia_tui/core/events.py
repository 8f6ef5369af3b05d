"""The event vocabulary: what `apply()` reports, named once for every game.

An `Event` (core/engine.py) has a `kind`. The kinds every game shares are named here, with one
meaning each, so that a log, an animation, statistics or a test can follow any game without its
rules. A game names its own kinds beside them in its spec (`GameSpec.events`: Tarot's `bid`,
Daifugō's `revolution` …); a test checks that every event a game reports is one or the other.
"""

from __future__ import annotations

from typing import Final

DEALT: Final = "dealt"
"""The cards of a deal (a Tarot hand, a Daifugō game) were dealt; `seat` is the first to act."""
PLAYED: Final = "played"
"""A seat played cards: one card to a trick, or a set of cards in a climbing game."""
PASSED: Final = "passed"
"""A seat passed (a bid, a play)."""
TRICK_WON: Final = "trick_won"
"""A trick was completed; `seat` won it."""
DEAL_SCORED: Final = "deal_scored"
"""A deal (a Tarot hand) was scored."""
GAME_SCORED: Final = "game_scored"
"""One game of a match or session was scored (a Familia game of several deals, a Daifugō game)."""
GAME_OVER: Final = "game_over"
"""The whole match or session is over: from now on the state's `is_over` is true."""

COMMON: Final = frozenset({DEALT, PLAYED, PASSED, TRICK_WON, DEAL_SCORED, GAME_SCORED, GAME_OVER})
"""Every kind this vocabulary names."""
