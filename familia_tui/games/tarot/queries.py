"""Named read-outs of a Tarot state for scenario expectations (`familia-tui check`).

Values are plain data: seats as numbers from 0 (in the order of play), cards in canonical
notation (`RH`, `T21`, `EX`), contracts as bid words (`garde-sans`), card points and scores as
exact numbers (45.5). These read the engine's truth (the partner, the chien, the écart), not a
seat's view. Queries about a scored hand (`hand_scores`, `breakdown`) read the last scored hand,
since the next hand is dealt straight after scoring.
"""

from __future__ import annotations

from typing import Any

from familia_tui.core.queries import Parameterised, Query, common_queries
from familia_tui.games.tarot.cards import EXCUSE_SUIT, SUIT, cards_text, half_to_points
from familia_tui.games.tarot.rules import TarotState
from familia_tui.games.tarot.scoring import ContractResult, HandResult
from familia_tui.games.tarot.trick import trick_winner


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def _last_result(state: TarotState) -> HandResult:
    if not state.results:
        raise LookupError("no hand has been scored yet")
    return state.results[-1]


def _last_trick(state: TarotState) -> dict[str, Any] | None:
    if not state.tricks:
        return None
    record = state.tricks[-1]
    return {"number": record.number, "leader": record.leader, "winner": record.winner,
            "cards": _cards(record.cards), "excuse_kept": record.excuse_kept}


def _strongest(state: TarotState) -> dict[str, Any] | None:
    """The card that wins the trick so far: the highest trump, else the highest card of the led
    suit [A9]; None before a card other than the Excuse is played (the Excuse never wins)."""
    cards = state.trick
    index = trick_winner(cards) if cards else None
    if index is None or SUIT[cards[index]] == EXCUSE_SUIT:
        return None
    return {"seat": state.ring.step(state.leader, index), "card": str(cards[index])}


def _sides(state: TarotState) -> tuple[int, int, int, int]:
    if state.taker is None:
        raise LookupError("there is no taker (bidding, or a Grasch hand: see seat_points)")
    return state.side_points()


def breakdown(result: HandResult) -> dict[str, Any]:
    """A scored hand as plain data (the shape is documented in the README's Tarot queries)."""
    if not isinstance(result, ContractResult):
        return {"kind": "grasch", "hand": result.number, "points": dict(enumerate(result.points)),
                "mean": result.mean, "chien_to": result.chien_to, "scores": dict(enumerate(result.shares))}
    score = result.score
    return {
        "kind": "contract", "hand": result.number, "taker": result.taker,
        "contract": str(result.contract), "partner": result.partner,
        "called": None if result.called is None else str(result.called),
        "points": result.points, "counted_points": half_to_points(score.counted_half),
        "bouts": result.bouts, "target": score.target, "made": score.made,
        "margin": half_to_points(score.margin_half), "multiplier": result.contract.multiplier,
        "petit_au_bout": result.petit_au_bout, "pab": result.pab,
        "declarations": [[d.seat, str(d.kind), cards_text(d.cards)] for d in result.declarations],
        "handfuls": result.handfuls, "slam_announced": result.slam_announced, "slam": result.slam,
        "slam_term": score.slam_term, "d_exact": half_to_points(score.d_half), "d": score.d,
        "scores": dict(enumerate(result.shares)),
    }


def _won_points(state: TarotState) -> dict[str, int | float]:
    taker, _, defence, _ = _sides(state)
    return {"taker": half_to_points(taker), "defence": half_to_points(defence)}


def _won_bouts(state: TarotState) -> dict[str, int]:
    _, taker, _, defence = _sides(state)
    return {"taker": taker, "defence": defence}


QUERIES: dict[str, Query | Parameterised] = {
    **common_queries(lambda s, seat: s.hand(seat), last_trick=_last_trick,
                     tricks_won=lambda s: s.tricks_won, scores=lambda s: dict(enumerate(s.totals())),
                     strongest=_strongest),
    "dealer": lambda s: s.dealer,
    "hand": lambda s: s.hands_played + (0 if s.is_over else 1),
    "hands_played": lambda s: s.hands_played,
    "deals_dealt": lambda s: s.deals_dealt,
    "chien": lambda s: _cards(s.chien),
    "ecart": lambda s: _cards(s.ecart),
    "bids": lambda s: [[seat, str(c) if c else "pass"] for seat, c in s.bids],
    "taker": lambda s: s.taker,
    "contract": lambda s: str(s.contract) if s.contract else None,
    "grasch": lambda s: s.grasch,
    "called": lambda s: None if s.called is None else str(s.called),
    "partner": lambda s: s.partner,
    "slam_announced": lambda s: s.slam_announced,
    "declarations": lambda s: [[d.seat, str(d.kind), cards_text(d.cards)] for d in s.declarations],
    "leader": lambda s: s.leader,
    "trick": lambda s: s.trick_no + 1,
    "trick_cards": lambda s: _cards(s.trick),
    "seat_points": lambda s: {seat: half_to_points(h) for seat, h in enumerate(s.won_half)},
    "won_points": _won_points,
    "won_bouts": _won_bouts,
    "hand_scores": lambda s: dict(enumerate(_last_result(s).shares)),
    "breakdown": lambda s: breakdown(_last_result(s)),
    "totals": lambda s: dict(enumerate(s.totals())),
}
"""Every query: the common ones (`core.queries`; `scores` are the totals) and Tarot's own."""
