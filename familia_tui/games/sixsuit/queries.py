"""The six-suit scenario queries (beside the shared ones of `core.queries`).

- `strongest`: who would take the face card if the trick ended now, `{seat, judgement}`.
- `scores`: each unit's total (team, or seat name), `items`: each seat's points per item.
- `captures`: face cards captured per seat (cards: scenarios may look; the screen never does).
- `face`, `faces_left`, `battalions`, `rebuilt`, `decks`, `discards`, `removed`, `suits`,
  `teams`, `order`, `end`, `winner`, `ranking` (`[[unit, rank], …]` best first), `totals` (= `scores`),
  `individual` (each seat's own points, battalions left out [R-S19]), `tie_break`, `last_judgement`,
  `last_face` (the face card the last trick took, null if nobody took it).
- `last_trick`: `[[seat, card or null, face_up], …]` from the state, which knows every card: null is a pass.
"""

from __future__ import annotations

from typing import Any

from familia_tui.core.queries import cards_text, common_queries
from familia_tui.games.sixsuit.rules import SixSuitState
from familia_tui.games.sixsuit.scoring import ITEMS


def _strongest(state: SixSuitState) -> dict[str, Any] | None:
    if not state.trick:
        return None
    verdict = state.judgement()
    return {"seat": verdict.winner, "judgement": verdict.kind}


def _items(state: SixSuitState) -> dict[int, dict[str, int]]:
    return {seat: dict(zip(ITEMS, row)) for seat, row in enumerate(state.items())}


QUERIES = {
    **common_queries(SixSuitState.hand,
                     last_trick=lambda s: [[seat, str(card) if card else None, up] for seat, card, up in s.last_trick],
                     scores=lambda s: dict(s.result().totals),
                     strongest=_strongest),
    "items": _items,
    "captures": lambda s: {seat: cards_text(c) for seat, c in enumerate(s.captured)},
    "face": lambda s: str(s.face) if s.face else None,
    "faces_left": lambda s: len(s.face_pile),
    "battalions": lambda s: list(s.battalions),
    "rebuilt": lambda s: list(s.rebuilt),
    "decks": lambda s: {seat: len(d) for seat, d in enumerate(s.decks)},
    "discards": lambda s: {seat: cards_text(d) for seat, d in enumerate(s.discards)},
    "removed": lambda s: cards_text(s.removed),
    "suits": lambda s: list(s.suits),
    "teams": lambda s: [s.unit_names()[t] for t in s.team_of],
    "order": lambda s: list(s.order),
    "end": lambda s: s.end,
    "winner": lambda s: s.result().order[0],
    "ranking": lambda s: [[unit, rank] for unit, rank in s.result().ranking()],
    "totals": lambda s: dict(s.result().totals),
    "individual": lambda s: dict(enumerate(s.result().scores)),
    "tie_break": lambda s: s.result().tie_break,
    "last_judgement": lambda s: s.last_judgement,
    "last_winner": lambda s: s.last_winner,
    "last_face": lambda s: str(s.last_face) if s.last_face else None,
}
