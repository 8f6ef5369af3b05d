"""The six-suit bots: `random` (core) and `basic`, a heuristic that sees only its view.

`basic`:

- **Split** [R-S26]: the team's Jokers go to different members, the white card to a third one
  (or with the member holding no Joker), so that each member can take a face card and a White
  Punisher stays possible.
- **Play**: a face card is worth more when it is of its own suit or completes a J/Q/K set or a
  rank it has started (it does not see its captures [R-S25], so it keeps its own count of what
  it won). It spends a Joker (face up) on a valuable face card, or a white card when a Joker is
  already face up (White Punisher); follows a teammate's number to make a battalion when that
  wins [R-S6]; plays its strongest number face up when that beats the table; otherwise it
  throws its weakest number face down, keeping strong cards [R-S11]. Leading, it plays its
  weakest number face up or, for a valuable card, its strongest.
- **Rebuild**: when its hand and deck are nearly spent, discarding its weak numbers and keeping
  Jokers, whites and strong cards; it always takes a forced rebuild.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from familia_tui.core.cards import Card
from familia_tui.games.sixsuit.actions import PASS, Play, Rebuild, SixSuitAction, Split, Word
from familia_tui.games.sixsuit.judge import judge_individual, judge_team
from familia_tui.games.sixsuit.view import SixSuitView

WEAK = 7
"""Numbers up to this are weak: thrown face down or discarded at a rebuild."""


class BasicBot:
    """Plays recognisably well from its view alone (see the module doc)."""

    def __init__(self) -> None:
        self.won: list[Card] = []
        """The face cards this bot remembers winning (it may not look at them [R-S25])."""

    def choose(self, view: SixSuitView, legal: Sequence[Any], rng: random.Random) -> SixSuitAction:
        first = legal[0]
        if isinstance(first, Split):
            return self._split(legal)
        if view.phase == "rebuild":
            return self._rebuild(view, legal)
        if len(legal) == 1:
            only: SixSuitAction = first
            return only
        return self._play(view, legal)

    # ----- the split -----

    def _split(self, legal: Sequence[Split]) -> Split:
        def spread(split: Split) -> tuple[int, int]:
            jokers = [sum(1 for c in share if c.rank == 0) for share in split.shares]
            return (-max(jokers), sum(1 for share in split.shares if share))
        return max(legal, key=spread)

    # ----- rebuilds -----

    def _rebuild(self, view: SixSuitView, legal: Sequence[Any]) -> SixSuitAction:
        options = [a for a in legal if isinstance(a, Rebuild)]
        if PASS not in legal:
            return options[0]
        deck = view.deck_size or 0
        if deck > 1 and (view.faces_left > 3 or deck > 3):
            return PASS
        weak = tuple(sorted(c for c in view.hand if 2 <= c.rank <= WEAK))
        for action in options:
            if action.discard == weak:
                return action
        return options[0]

    # ----- playing -----

    def _value(self, view: SixSuitView, face: Card | None) -> int:
        if face is None or view.seat is None:
            return 0
        value = 3 if face.suit == view.suits[view.seat] else 2
        if any(c.suit == face.suit for c in self.won):
            value += 2
        if sum(1 for c in self.won if c.rank == face.rank) >= 3:
            value += 2
        return value

    def _wins(self, view: SixSuitView, action: Any) -> bool:
        """Whether the trick so far plus this play would be won by this seat (or its team)."""
        seat = view.seat
        assert seat is not None
        card = action.card if isinstance(action, Play) else None
        if card is None:
            return False
        plays = [(p.seat, p.card, p.face_up) for p in view.trick] + [(seat, card, True)]
        if view.variant == "team":
            mine = view.teams[seat]
            verdict = judge_team(plays, [0 if team == mine else 1 for team in view.teams], view.battalion_size)
            winner = verdict.winner
            return winner is not None and view.teams[winner] == view.teams[seat]
        winner = judge_individual(plays).winner
        return winner == seat

    def _play(self, view: SixSuitView, legal: Sequence[Any]) -> SixSuitAction:
        if sum(view.captured_counts) == 0:
            self.won = []  # a new game
        value = self._value(view, view.face)
        up = [a for a in legal if isinstance(a, Play) and a.face_up]
        down = [a for a in legal if isinstance(a, Play) and not a.face_up]
        last = len(view.trick) == len(view.seats) - 1
        winning = [a for a in up if self._wins(view, a)]
        specials = [a for a in winning if a.card.rank < 2]
        numbers = sorted((a for a in winning if a.card.rank >= 2), key=lambda a: a.card.rank)
        choice: SixSuitAction | None = None
        if numbers and (last or numbers[0].card.rank >= 10 or value <= 2):
            choice = numbers[0]
        elif specials and value >= 3:
            choice = min(specials, key=lambda a: a.card.rank)
        elif numbers and value >= 3:
            choice = numbers[-1]
        if choice is None:
            if down:
                choice = min(down, key=lambda a: (a.card.rank < 2, a.card.rank))
            elif up:
                plain = [a for a in up if a.card.rank >= 2] or up
                choice = min(plain, key=lambda a: a.card.rank) if value <= 2 else max(plain, key=lambda a: a.card.rank)
            else:
                choice = next((a for a in legal if isinstance(a, Word)), legal[0])
        if isinstance(choice, Play) and choice.face_up and last and view.face and self._wins(view, choice):
            self.won.append(view.face)
        return choice
