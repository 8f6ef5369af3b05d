"""Named read-outs of a Familia state for scenario expectations (`familia-tui check`).

Each query returns plain data (cards as notation strings, seats as indexes) so that a scenario
file can state the expected value in YAML. Mappings are compared key by key: a scenario names
only the seats it cares about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from familia_tui.games.familia.rules import FamiliaState


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def _last_trick(state: FamiliaState) -> dict[str, Any] | None:
    record = state.history[-1] if state.history else None
    if record is None:
        return None
    cards = [card for _, card, _ in record.plays]
    return {
        "face": str(record.face),
        "winner": record.winner,
        "void": record.winner is None,
        "stage1": [str(cards[i]) for i in record.stage1],
        "stage2": [str(cards[i]) for i in record.stage2],
        "plays": [str(c) for c in cards],
    }


def _game(state: FamiliaState) -> Any:
    if not state.match.games:
        raise LookupError("no game has been scored yet")
    return state.match.games[-1]


def _scores(state: FamiliaState) -> dict[int, int]:
    return {i: p.total for i, p in enumerate(_game(state).players)}


def _breakdown(state: FamiliaState) -> dict[int, dict[str, Any]]:
    return {
        i: {
            "total": p.total,
            "zero_sum": p.zero_sum_bonus,
            "misere": p.misere_bonus,
            "entries": [f"{e.kind} {' '.join(map(str, e.cards))} {e.scored}" for e in p.entries],
        }
        for i, p in enumerate(_game(state).players)
    }


def _ranking(standings: Any) -> list[list[Any]]:
    return [[s.unit, s.rank] for s in standings]


QUERIES: dict[str, Callable[[FamiliaState], Any]] = {
    "phase": lambda s: str(s.phase),
    "to_act": lambda s: s.to_act,
    "deal": lambda s: s.deal + 1,
    "trick": lambda s: s.trick_no + 1,
    "game": lambda s: s.match.game_no,
    "leader": lambda s: s.leader,
    "face_card": lambda s: None if s.face_card is None else str(s.face_card),
    "led": lambda s: s.led,
    "trump": lambda s: s.trump,
    "stock_trick": lambda s: s.stock_trick,
    "stock_top": lambda s: str(s.stock[-1]) if s.stock else None,
    "stock_count": lambda s: len(s.stock),
    "piles": lambda s: {c: len(p) for c, p in s.piles.items()},
    "hands": lambda s: {i: _cards(h) for i, h in enumerate(s.hands)},
    "known": lambda s: {i: _cards(k) for i, k in enumerate(s.known)},
    "trick_cards": lambda s: [str(c) for _, c, _ in s.plays],
    "last_trick": _last_trick,
    "captures": lambda s: {i: _cards(c) for i, c in enumerate(s.captures)},
    "tricks_won": lambda s: dict(enumerate(s.tricks_won)),
    "scores": _scores,
    "breakdown": _breakdown,
    "team_scores": lambda s: {st.unit: st.total for st in _game(s).standings},
    "ranking": lambda s: _ranking(_game(s).standings),
    "player_ranking": lambda s: _ranking(_game(s).player_standings),
    "match_totals": lambda s: dict(s.match.totals),
    "match_over": lambda s: s.is_over,
    "match_ranking": lambda s: _ranking(s.match.standings()),
}
