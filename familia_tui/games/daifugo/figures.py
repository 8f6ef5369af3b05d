"""Figures of a Daifugō simulation run (`simulate --json` reports them under `figures`).

- `games`: games played (every session's games).
- `revolutions`: plays that turned the order for good (革命, クーデター) per game.
- `joker_revolution_openings`: by bot kind, the games whose first play, by a seat of that kind,
  was a revolution of four cards or more that spent a joker.
- `places`: by bot kind, its `seats` and the share (%) of their games they finished in each
  place, first to last (ビリ last; seats a penalty left holding cards are placed as the results
  show them, by fewest cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from familia_tui.games.daifugo.actions import Play
from familia_tui.games.daifugo.results import GameRecord, SessionResult


def figures(results: Sequence[SessionResult], kinds: Sequence[str]) -> dict[str, Any]:
    """The figures above, from every finished session of the run and each seat's bot kind."""
    games = [game for result in results for game in result.games]
    return {
        "games": len(games),
        "revolutions": round(sum(game.revolutions for game in games) / max(len(games), 1), 3),
        "joker_revolution_openings": _joker_openings(games, kinds),
        "places": _places(games, kinds),
    }


def joker_revolution(play: Play) -> bool:
    """Four cards or more (a 革命) with a joker among them."""
    return play.size >= 4 and bool(play.jokers)


def _joker_openings(games: Sequence[GameRecord], kinds: Sequence[str]) -> dict[str, int]:
    counts = dict.fromkeys(kinds, 0)
    for game in games:
        if game.opening is not None and joker_revolution(game.opening[1]):
            counts[kinds[game.opening[0]]] += 1
    return counts


def _places(games: Sequence[GameRecord], kinds: Sequence[str]) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for kind in dict.fromkeys(kinds):
        seats = [seat for seat, k in enumerate(kinds) if k == kind]
        counts = [0] * len(kinds)
        for game in games:
            for place, seat in enumerate(game.order):
                counts[place] += seat in seats
        total = len(games) * len(seats)
        rows[kind] = {"seats": len(seats),
                      "places": [round(100 * c / total, 1) if total else 0.0 for c in counts]}
    return rows
