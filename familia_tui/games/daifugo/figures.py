"""Figures of a Daifugō simulation run (`simulate --json` reports them under `figures`).

- `games`: games played (every session's games).
- `revolutions`: plays that turned the order for good (革命, クーデター) per game.
- `joker_revolution_openings`: by bot kind, the games whose first play, by a seat of that kind,
  was a revolution of four cards or more that spent a joker.
- `places`: by bot kind, its `seats` and the share (%) of their games they finished in each
  place, first to last (ビリ last; seats a penalty left holding cards are placed as the results
  show them, by fewest cards).

`seat_figures` gives the statistics of one finished session seat by seat (`GameSpec.stats`,
`STAT_FIGURES`): games played, finishing places (going out 1st, 2nd … before the last place;
seats a penalty left holding cards have none) and ビリ, revolutions played (革命 and クーデター),
チョンボ committed and ドボン called.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from familia_tui.games.daifugo.actions import Play
from familia_tui.games.daifugo.results import SessionResult


class DaifugoFigures:
    """The tally of the figures above, one finished session at a time."""

    def __init__(self, kinds: Sequence[str]) -> None:
        self.kinds = tuple(kinds)
        self.games = self.revolutions = 0
        self.openings: Counter[str] = Counter()
        """Joker-revolution openings by the opener's bot kind."""
        self.places: dict[str, list[int]] = {kind: [0] * len(kinds) for kind in kinds}

    def add(self, result: SessionResult) -> None:
        for game in result.games:
            self.games += 1
            self.revolutions += game.revolutions
            if game.opening is not None and joker_revolution(game.opening[1]):
                self.openings[self.kinds[game.opening[0]]] += 1
            for place, seat in enumerate(game.order):
                self.places[self.kinds[seat]][place] += 1

    def report(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "revolutions": round(self.revolutions / max(self.games, 1), 3),
            "joker_revolution_openings": {kind: self.openings[kind] for kind in self.places},
            "places": {kind: self._places(kind) for kind in self.places},
        }

    def _places(self, kind: str) -> dict[str, Any]:
        seat_games = self.kinds.count(kind) * self.games
        return {"seats": self.kinds.count(kind),
                "places": [round(100 * c / seat_games, 1) if seat_games else 0.0
                           for c in self.places[kind]]}


PLACES = tuple(f"place.{place}" for place in range(1, 8))
"""Going out 1st … 7th (eight players at most: the 8th place is ビリ)."""

STAT_FIGURES = ("games", *PLACES, "biri", "revolutions", "chombo", "dobon")
"""The statistics' figures (`seat_figures`), in the order the tables show them; a table of n
players has places 1 to n − 1."""

SEAT_EVENTS = {"revolution": "revolutions", "chombo": "chombo", "dobon": "dobon"}
"""Events counted for their seat, by figure."""


def seat_figures(state: Any, events: Sequence[Any]) -> list[Counter[str]]:
    """Each seat's figures of a finished session (`STAT_FIGURES`), from its games' records and
    its events."""
    result: SessionResult = state.result()
    players = len(state.seats)
    shown = ("games", *PLACES[:players - 1], "biri", *SEAT_EVENTS.values())
    figures = [Counter(dict.fromkeys(shown, 0)) for _ in state.seats]
    for game in result.games:
        for seat in game.order:
            figures[seat]["games"] += 1
        for place, seat in enumerate(game.places[:players - 1], start=1):
            figures[seat][f"place.{place}"] += 1
        figures[game.biri]["biri"] += 1
    for event in events:
        if event.kind in SEAT_EVENTS and event.seat is not None:
            figures[event.seat][SEAT_EVENTS[event.kind]] += 1
    return figures


def joker_revolution(play: Play) -> bool:
    """Four cards or more (a 革命) with a joker among them."""
    return play.size >= 4 and bool(play.jokers)
