"""Figures of a Daifugō simulation run (`simulate --json` reports them under `figures`).

- `games`: games played (every session's games).
- `revolutions`: plays that turned the order for good (革命, クーデター) per game.
- `joker_revolution_openings`: games whose first play was a revolution of four cards or more
  that spent a joker.
- `places`: by bot kind, its `seats` and the share (%) of their games they finished in each
  place, first to last (ビリ last; seats a penalty left holding cards are placed as the results
  show them, by fewest cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from familia_tui.games.daifugo.results import GameRecord, SessionResult


def figures(results: Sequence[SessionResult], kinds: Sequence[str]) -> dict[str, Any]:
    """The figures above, from every finished session of the run and each seat's bot kind."""
    games = [game for result in results for game in result.games]
    return {
        "games": len(games),
        "revolutions": round(sum(game.revolutions for game in games) / max(len(games), 1), 3),
        "joker_revolution_openings": sum(joker_revolution_opening(game) for game in games),
        "places": _places(games, kinds),
    }


def joker_revolution_opening(game: GameRecord) -> bool:
    """The game's first play was four cards or more (a 革命) with a joker among them."""
    if game.opening is None:
        return False
    play = game.opening[1]
    return play.size >= 4 and bool(play.jokers)


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
