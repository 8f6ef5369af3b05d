"""Figures of finished Familia games for the statistics (`GameSpec.stats`).

`seat_figures` gives each seat's figures of a finished match (`STAT_FIGURES`): tricks won,
cards of theirs batted away (either stage [R-F2]), the melds scored in each game's sheet
(Familia, Family, Marriage and the royal ones) and misères (nothing captured in a game [R-F24]).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from familia_tui.core.events import TRICK_WON
from familia_tui.games.familia.match import MatchState

MELDS = ("familia", "family", "marriage", "royal_family", "royal_marriage")
"""The meld kinds counted (`scoring.EntryKind`, without singles and Jokers)."""

STAT_FIGURES = ("tricks", "batted", *MELDS, "misere")
"""The statistics' figures (`seat_figures`), in the order the tables show them."""


def seat_figures(state: Any, events: Sequence[Any]) -> list[Counter[str]]:
    """Each seat's figures of a finished match, from its trick events and its games' sheets."""
    figures = [Counter(dict.fromkeys(STAT_FIGURES, 0)) for _ in state.seats]
    for event in events:
        if event.kind != TRICK_WON:
            continue
        trick = event.get("trick")
        if trick.winner is not None:
            figures[trick.winner]["tricks"] += 1
        for index in (*trick.stage1, *trick.stage2):
            figures[trick.plays[index][0]]["batted"] += 1
    match: MatchState = state.result()
    for game in match.games:
        for seat, player in enumerate(game.players):
            figures[seat].update(entry.kind for entry in player.entries if entry.kind in MELDS)
            figures[seat]["misere"] += player.misere_bonus > 0
    return figures
