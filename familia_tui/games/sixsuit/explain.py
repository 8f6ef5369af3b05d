"""Why a six-suit action is or is not legal now, as a chain of clauses with ruling ids."""

from __future__ import annotations

from typing import TYPE_CHECKING

from familia_tui.core.engine import Clause, Explanation, allowed_clause, clause
from familia_tui.games.sixsuit.actions import Play, Rebuild, SixSuitAction, Split, Word

if TYPE_CHECKING:
    from familia_tui.games.sixsuit.rules import SixSuitState


def explain(state: SixSuitState, action: SixSuitAction) -> Explanation:
    """The verdict (`action in legal_actions()`) and the rule clauses behind it."""
    legal = action in state.legal_actions()
    if state.phase == "over":
        return Explanation(False, (clause("six.game_over", "R-S17"),))
    if state.phase == "split":
        clauses = _split(state, action)
    elif state.phase == "rebuild":
        clauses = _rebuild(state, action)
    else:
        clauses = _play(state, action)
    return Explanation(legal, clauses)


def _notations(state: SixSuitState, kind: type) -> list[str]:
    return [str(a) for a in state.legal_actions() if type(a) is kind]


def _split(state: SixSuitState, action: SixSuitAction) -> tuple[Clause, ...]:
    if not isinstance(action, Split):
        return (clause("six.split_first", "R-S26"),)
    if action in state.legal_actions():
        return (clause("six.split_ok", "R-S26"),)
    return (clause("six.split_shape", "R-S26", members=len(state.deciders)),)


def _rebuild(state: SixSuitState, action: SixSuitAction) -> tuple[Clause, ...]:
    seat = state.turn
    forced = not state.hands[seat] and not state.decks[seat]
    if isinstance(action, Rebuild):
        missing = [str(c) for c in action.discard if c not in state.hands[seat]]
        if missing or action not in state.legal_actions():
            return (clause("six.rebuild_discard_held", "B.2.6", cards=" ".join(map(str, action.discard))),)
        return (clause("six.rebuild_once", "R-S3"), clause("six.rebuild_ok", "R-S5"))
    if action.__class__ is Word and str(action) == "pass":
        if forced:
            return (clause("six.rebuild_forced", "R-S3"),)
        return (clause("six.rebuild_pass", "R-S4"),)
    return (clause("six.declaring_now", "R-S4"),)


def _play(state: SixSuitState, action: SixSuitAction) -> tuple[Clause, ...]:
    seat = state.turn
    hand = state.hands[seat]
    if isinstance(action, (Split, Rebuild)):
        return (clause("six.playing_now", "B.2.2"),)
    if isinstance(action, Word) and action.word == "pass":
        if hand:
            return (clause("six.pass_only_empty", "R-S13"),)
        return (clause("six.pass_empty", "R-S13"),)
    if not hand:
        return (clause("six.pass_empty", "R-S13"),)
    if isinstance(action, Word):
        if not state.decks[seat]:
            return (clause("six.deck_empty", "B.2.2"),)
        return (clause("six.deck_face_up", "B.2.2"),)
    assert isinstance(action, Play)
    if action.card not in hand:
        return (clause("six.not_in_hand", "B.2.2", card=action.card),)
    if state.trick_cards == 0:
        if not action.face_up:
            return (allowed_clause("six.first_face_up", _notations(state, Play) + _notations(state, Word), "R-S12"),)
        return (clause("six.lead_face_up", "R-S12"),)
    if action.face_up:
        return (clause("six.face_up_ok", "B.2.3"),)
    return (clause("six.face_down_ok", "R-S11"),)
