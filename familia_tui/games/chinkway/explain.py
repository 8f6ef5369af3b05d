"""Why a Chinkway action is or is not legal, as a chain of rule clauses with ruling ids.

The allowed sets named are read off `legal_actions()`, never re-derived.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from familia_tui.core.engine import Clause, Explanation, allowed_clause, clause
from familia_tui.games.chinkway.actions import Action, Discard, Play, Take, Trump
from familia_tui.games.chinkway.quest import CATEGORIES, CATEGORY_INDEX, INDEX_OF

if TYPE_CHECKING:
    from familia_tui.games.chinkway.rules import ChinkwayState

_PHASE_OF = {Discard: "discard", Trump: "trump", Play: "play", Take: "pick"}


def explain_action(state: ChinkwayState, action: Action) -> Explanation:
    legal = action in state.legal_actions()
    phase = str(state.phase)
    if state.to_move is None:
        return Explanation(False, (clause("cw.game_over", "B8"),))
    wanted = _PHASE_OF[type(action)]
    if wanted != phase:
        return Explanation(False, (clause("cw.wrong_phase", "B3", phase=phase, wanted=wanted),))
    if isinstance(action, Discard):
        return Explanation(legal, _discard(state, action))
    if isinstance(action, Trump):
        return Explanation(legal, (clause("cw.trump_before_quest", "CW-11", trump=action.suit),))
    if isinstance(action, Play):
        return Explanation(legal, _play(state, action))
    return Explanation(legal, _take(state, action))


def _discard(state: ChinkwayState, action: Discard) -> tuple[Clause, ...]:
    hand = state.hands[state.dealer]
    missing = [str(c) for c in action.cards if c not in hand]
    if missing:
        return (clause("cw.not_in_hand", "B3", card=" ".join(missing)),)
    return (clause("cw.discard_out_of_play", "CW-7", cards=" ".join(map(str, action.cards))),)


def _play(state: ChinkwayState, action: Play) -> tuple[Clause, ...]:
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    if action.card not in hand:
        return (clause("cw.not_in_hand", "B5", card=action.card),)
    led = state.led
    if led is None:
        return (clause("cw.lead_free", "CW-2"),)
    if any(c.suit == led for c in hand):
        allowed = [str(a).removeprefix("play ") for a in state.legal_actions()]
        if action.card.suit == led:
            return (allowed_clause("cw.follows", allowed, "CW-2", suit=led),)
        return (allowed_clause("cw.must_follow", allowed, "CW-2", suit=led),)
    return (clause("cw.void_any_card", "CW-2", suit=led),)


def _take(state: ChinkwayState, action: Take) -> tuple[Clause, ...]:
    index = CATEGORY_INDEX[action.category]
    allowed = [str(a).removeprefix("take ") for a in state.legal_actions()]
    if not any(INDEX_OF[c] == index for _, c in state.last_trick):
        return (allowed_clause("cw.take_not_in_trick", allowed, "CW-6", category=action.category),)
    seat = state.to_move
    assert seat is not None
    if not state.side_need(seat)[index]:
        return (allowed_clause("cw.take_not_needed", allowed, "CW-6", category=action.category),)
    return (clause("cw.take_ok", "CW-10", category=action.category,
                   categories=" ".join(c for c in CATEGORIES if c in allowed)),)
