"""Why a Familia action is legal or not: the chain of rule clauses with ruling ids.

The chain is read off the same `Obligations` that `legal_actions()` uses, and the cards it names
as allowed for an illegal play are read off `legal_actions()` itself (batting cards [R-F1] and a
hand Joker [R-F13] included), so the explanation and the rule can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from familia_tui.core.cards import JOKER, Card
from familia_tui.core.engine import Clause, Explanation, allowed_clause, clause
from familia_tui.games.familia import trick as tr
from familia_tui.games.familia.actions import Action, ChoosePile, PlayCard

if TYPE_CHECKING:
    from familia_tui.games.familia.rules import FamiliaState


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(_sorted(cards))


def _sorted(cards: Iterable[Card]) -> list[str]:
    """Cards in notation, by suit, the highest first."""
    return [str(c) for c in sorted(cards, key=lambda c: (c.suit, -c.rank))]


def _playable(state: FamiliaState) -> list[str]:
    """Every card the seat may play now, from `legal_actions()`."""
    return _sorted({a.card for a in state.legal_actions() if isinstance(a, PlayCard)})


def explain_action(state: FamiliaState, action: Action) -> Explanation:
    """The verdict on `action` for the seat to act, with the clauses that lead to it."""
    legal = action in state.legal_actions()
    if state.to_act is None:
        return Explanation(False, (clause("fam.game_over"),))
    if isinstance(action, ChoosePile):
        return Explanation(legal, _explain_pile(state, action))
    if state.phase != "play":
        return Explanation(False, (clause("fam.choose_pile_first", "R-F10"),))
    return Explanation(legal, _explain_play(state, action, legal))


def _explain_pile(state: FamiliaState, action: ChoosePile) -> tuple[Clause, ...]:
    if state.phase != "pile":
        return (clause("fam.pile_not_now"),)
    if not state.piles[action.colour]:
        return (clause("fam.pile_empty", "R-F10", colour=action.colour),)
    return (clause("fam.pile_choice", "R-F10", colour=action.colour),)


def _explain_play(state: FamiliaState, action: PlayCard, legal: bool) -> tuple[Clause, ...]:
    card, hand = action.card, state.hands[state.turn]
    if card not in hand:
        return (clause("fam.not_in_hand", card=card),)
    ctx = state.context
    if card == JOKER:
        return _explain_joker(ctx, action, legal)
    duty = state.obligations()
    chain = [_base_clause(ctx, duty)]
    chain.extend(_must_win_clauses(ctx, duty))
    if card in duty.bats:
        chain.append(clause("fam.bats", "R-F1", card=card, other=_batted_by(state, card)))
    elif not legal:
        chain.append(allowed_clause("fam.must_play_one_of", _playable(state)))
    return tuple(chain)


def _explain_joker(ctx: tr.Context, action: PlayCard, legal: bool) -> tuple[Clause, ...]:
    if ctx.leading and action.declared is None:
        return (clause("fam.joker_names_suit", "R-F14"),)
    if not ctx.leading and action.declared is not None:
        return (clause("fam.joker_no_declare", "R-F14"),)
    chain = [clause("fam.joker_free", "R-F13")]
    if ctx.leading:
        chain.append(clause("fam.joker_led", "R-F14", suit=action.declared))
    return tuple(chain)


def _base_clause(ctx: tr.Context, duty: tr.Obligations) -> Clause:
    if duty.base_rule == "free":
        return clause("fam.lead_free", "R-F7")
    if duty.base_rule == "no_lead":
        return clause("fam.no_lead", "R-F16")
    if duty.base_rule == "follow":
        key = "fam.must_follow_face" if ctx.stock_trick else "fam.must_follow"
        return clause(key, "A.6", suit=ctx.led)
    if duty.base_rule == "ruff":
        return clause("fam.must_ruff", "A.6", suit=ctx.led, trump=ctx.trump)
    return clause("fam.any_card", "A.6", suit=ctx.led)


def _must_win_clauses(ctx: tr.Context, duty: tr.Obligations) -> list[Clause]:
    if not ctx.batting:
        return []
    if not ctx.played:
        return [clause("fam.must_win_nothing_yet", "R-F12a")]
    best = _strongest(ctx)
    if duty.must_win:
        return [clause("fam.must_win", "R-F11", best=best, cards=_cards(duty.must_win))]
    return [clause("fam.cannot_win", "R-F12", best=best)]


def _strongest(ctx: tr.Context) -> Card:
    """The strongest card so far, ignoring batting; the earliest on a tie [R-F11]."""
    best = ctx.played[0]
    for card in ctx.played[1:]:
        if tr.strength(card, ctx.led, ctx.trump) > tr.strength(best, ctx.led, ctx.trump):
            best = card
    return best


def _batted_by(state: FamiliaState, card: Card) -> Card:
    return next(c for _, c, _ in state.plays if state.keys[c] == state.keys[card])
