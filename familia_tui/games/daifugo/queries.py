"""Named read-outs of a Daifugō state for scenario expectations (`familia-tui check`).

Each query returns plain data (cards and plays in notation, seats as numbers from 0 in turn
order, ranks as text `3` … `10` `J` `Q` `K` `A` `2`), so a scenario states the expected value in
YAML. Mappings are compared key by key: a scenario names only the seats it cares about.
"""

from __future__ import annotations

from typing import Any

from familia_tui.core.cards import rank_text
from familia_tui.core.queries import Parameterised, Query, common_queries
from familia_tui.games.daifugo.deck import RANK_OF_POS
from familia_tui.games.daifugo.rules import DaifugoState
from familia_tui.games.daifugo.view import effective_order


def _play_text(play: Any) -> str:
    return str(play).removeprefix("play ")


def _top(state: DaifugoState) -> dict[str, Any] | None:
    if state.top is None or state.top_play is None:
        return None
    key = state.top.key
    return {"seat": state.top_seat, "play": _play_text(state.top_play), "kind": state.top.kind,
            "size": state.top.size, "rank": rank_text(RANK_OF_POS[key]) if key < 13 else None}


def _next_rank(state: DaifugoState) -> str | None:
    need = state.required_key()
    return rank_text(RANK_OF_POS[need]) if need is not None and 0 <= need < 13 else None


def _strongest(state: DaifugoState) -> dict[str, Any] | None:
    """The play on top of the trick: the one to beat."""
    if state.top_play is None:
        return None
    return {"seat": state.top_seat, "play": _play_text(state.top_play)}


def _back_count(state: DaifugoState) -> int | None:
    """○○バック: the count of the play on top, natural ability cards × the families listing each
    (DF-16; families hit with `back_count: per_family`, DF-16a); odd reverses the trick."""
    if state.top is None:
        return None
    return state._back_count(state.top) if state.rulebook.ability_bits & state.top.natural_bits else 0


def _dobon_callers(state: DaifugoState) -> list[int]:
    """Seats that may still call ドボン on the play on top, in the order they are asked (DF-28)."""
    return [seat for kind, seat in state.pending if kind == "dobon"]


def _last_game(state: DaifugoState) -> Any:
    return state.session.games[-1] if state.session.games else None


SCENARIO_WORDS = {"trick_won": "trick_ended", "game_scored": "game_over", "game_over": "session_over"}
"""`last_events` answers in the words the scenario format has documented since Daifugō's first
scenarios (README), where the engine now reports the shared vocabulary (core/events.py): the
end of a trick, of one game of the session, and of the session."""


QUERIES: dict[str, Query | Parameterised] = {
    **common_queries(lambda s, seat: s.hand(seat), scores=lambda s: dict(enumerate(s.session.biri_counts)),
                     strongest=_strongest),
    "game": lambda s: s.game_no,
    "leader": lambda s: s.leader,
    "counts": lambda s: dict(enumerate(s.counts)),
    "rule_card": lambda s: None if s.rule_card is None else str(s.rule_card),
    "families": lambda s: list(s.families),
    "ability_ranks": lambda s: [rank_text(r) for r in s.rulebook.ability_ranks],
    "top": _top,
    "trick_plays": lambda s: [[seat, _play_text(play)] for seat, play in s.trick],
    "passed": lambda s: list(s.passed),
    "suit_lock": lambda s: None if s.suit_lock is None else ["SHDC"[x] for x in s.suit_lock],
    "number_lock": lambda s: s.number_lock,
    "next_rank": _next_rank,
    "revolution": lambda s: s.revolution,
    "trick_reverse": lambda s: s.trick_reverse,
    "back_count": _back_count,
    "order": lambda s: [rank_text(r) for r in effective_order(s.reversed)],
    "value": lambda s: s.last_play_value if s.top is not None else None,
    "dobon_callers": _dobon_callers,
    "places": lambda s: list(s.places),
    "kept": lambda s: {i: [str(c) for c in k] for i, k in enumerate(s.kept) if k},
    "uno_missed": lambda s: s.uno_missed,
    "biri": lambda s: None if _last_game(s) is None else _last_game(s).biri,
    "reason": lambda s: None if _last_game(s) is None else _last_game(s).reason,
    "caller": lambda s: None if _last_game(s) is None else _last_game(s).caller,
    "final_places": lambda s: None if _last_game(s) is None else list(_last_game(s).places),
    "session": lambda s: dict(enumerate(s.session.biri_counts)),
    "first_places": lambda s: dict(enumerate(s.session.first_places)),
    "games_played": lambda s: len(s.session.games),
    "last_events": lambda s: [SCENARIO_WORDS.get(e.kind, e.kind) for e in s.events],
}
"""Every query: the common ones (`core.queries`; `scores` are the ビリ counts) and Daifugō's own."""
"""Every query; the README-style table of their values is in the package docstring."""
