"""Figures of finished Chinkway games for the statistics (`GameSpec.stats`).

`seat_figures` gives each seat's figures of a finished game (`STAT_FIGURES`): tricks won, quest
cards taken, whole quests collected by the seat's side (all five cards: 15 each [B7]), and the
deals the seat dealt with the points it scored alone as the dealer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

STAT_FIGURES = ("tricks", "quest_cards", "quests", "dealt", "dealer_points")
"""The statistics' figures (`seat_figures`), in the order the tables show them."""


def seat_figures(state: Any, events: Sequence[Any]) -> list[Counter[str]]:
    """Each seat's figures of a finished game, from its deals' records and its events."""
    figures = [Counter(dict.fromkeys(STAT_FIGURES, 0)) for _ in state.seats]
    for deal in state.history:
        for seat, tricks in enumerate(deal.tricks_won):
            figures[seat]["tricks"] += tricks
        figures[deal.dealer]["dealt"] += 1
        figures[deal.dealer]["dealer_points"] += deal.scores[deal.dealer]
        for side, collected in zip(deal.sides, deal.collected, strict=True):
            for seat in side:
                figures[seat]["quests"] += len(collected) == len(deal.quest)
    for event in events:
        if event.kind == "quest_taken" and event.seat is not None:
            figures[event.seat]["quest_cards"] += 1
    return figures
