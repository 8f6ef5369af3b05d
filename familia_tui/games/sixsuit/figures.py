"""Figures of a six-suit simulation run (`simulate --json` reports them under `figures`).

- `judgements`: per game, how many tricks each judgement decided (battalion, White Punisher,
  Same Two, the last Joker, the strongest card, none).
- `battalions`: battalions per game (team game).
- `ends`: the share (%) of games ended by the last face card and by players out [R-S17].
- `tie_breaks`: the share (%) of games whose first place a tie-break decided, by tie-break.
- `by_bot`: by bot kind, its seats' mean own points.

`seat_figures` gives the statistics of one finished game seat by seat (`GameSpec.stats`,
`STAT_FIGURES`): face cards won, and how many by a battalion, the White Punisher, Same Two or
the last Joker; complete sets captured and the Ace of one's suit kept (`scoring.ITEMS`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from familia_tui.games.sixsuit.rules import SixSuitResult
from familia_tui.games.sixsuit.scoring import ITEMS

JUDGEMENTS = ("battalion", "white_punisher", "same_two", "last_joker")
"""The judgements counted seat by seat (the strongest card's are the rest of the tricks)."""

STAT_FIGURES = ("tricks", *JUDGEMENTS, "sets", "ace")
"""The statistics' figures (`seat_figures`), in the order the tables show them."""


def seat_figures(state: Any, events: Sequence[Any]) -> list[Counter[str]]:
    """Each seat's figures of a finished game (`STAT_FIGURES`), from its trick events and its
    result's score items."""
    result: SixSuitResult = state.result()
    figures = [Counter(dict.fromkeys(STAT_FIGURES, 0)) for _ in state.seats]
    for event in events:
        if event.kind == "trick_won" and event.seat is not None:
            figures[event.seat]["tricks"] += 1
            if event.get("judgement") in JUDGEMENTS:
                figures[event.seat][event.get("judgement")] += 1
    for seat, items in enumerate(result.items):
        points = dict(zip(ITEMS, items, strict=True))
        figures[seat]["sets"] += points["sets_own"] // 2 + points["sets_other"] // 3
        figures[seat]["ace"] += points["ace"]
    return figures


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
