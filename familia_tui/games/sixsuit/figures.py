"""Figures of a six-suit simulation run (`simulate --json` reports them under `figures`).

- `judgements`: per game, how many tricks each judgement decided (battalion, White Punisher,
  Same Two, the last Joker, the strongest card, none).
- `battalions`: battalions per game (team game).
- `ends`: the share (%) of games ended by the last face card and by players out [R-S17].
- `tie_breaks`: the share (%) of games whose first place a tie-break decided, by tie-break.
- `by_bot`: by bot kind, its seats' mean own points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from familia_tui.games.sixsuit.rules import SixSuitResult


class SixSuitFigures:
    """The tally of the figures above, one finished game at a time."""

    def __init__(self, kinds: Sequence[str]) -> None:
        self.kinds = tuple(kinds)
        self.games = 0
        self.judgements: Counter[str] = Counter()
        self.battalions = 0
        self.ends: Counter[str] = Counter()
        self.tie_breaks: Counter[str] = Counter()
        self.points: Counter[str] = Counter()
        self.seats: Counter[str] = Counter()

    def add(self, result: SixSuitResult) -> None:
        self.games += 1
        self.judgements.update(dict(result.judgements))
        self.battalions += sum(result.battalion_points) // 2
        self.ends[result.end or "unfinished"] += 1
        self.tie_breaks[result.tie_break] += 1
        for seat, kind in enumerate(self.kinds):
            self.points[kind] += result.scores[seat]
            self.seats[kind] += 1

    def report(self) -> dict[str, Any]:
        games = max(self.games, 1)
        return {
            "judgements": {kind: round(count / games, 2) for kind, count in sorted(self.judgements.items())},
            "battalions": round(self.battalions / games, 2),
            "ends": {end: round(100 * count / games, 1) for end, count in sorted(self.ends.items())},
            "tie_breaks": {tie: round(100 * count / games, 1) for tie, count in sorted(self.tie_breaks.items())},
            "by_bot": {kind: {"seats": self.seats[kind], "mean": round(self.points[kind] / self.seats[kind], 2)}
                       for kind in sorted(self.seats)},
        }
