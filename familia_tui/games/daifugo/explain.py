"""Why a Daifugō action is legal or not: the chain of rule clauses with their ruling ids.

The verdict is always `action in legal_actions()`; the clauses re-read the same rules for the
one action (its cards, its shape, the table, the order, the locks, the finish), so a player sees
e.g. "number lock at 6 → must play 7 [DF-12]" or "in revolution: 3 is strongest [DF-13]". A test
checks that every clause chain agrees with the verdict. A play that fails to answer the top ends
with the plays that do, read off `legal_actions()` (not re-derived), or with "only a pass".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from familia_tui.core.cards import Card, rank_text
from familia_tui.core.engine import Clause, Explanation, allowed_clause, clause
from familia_tui.games.daifugo.actions import Action, Call, Decline, Pass, Play
from familia_tui.games.daifugo.deck import (
    POS3,
    POS_OF_RANK,
    POSITIONS,
    RANK_OF_POS,
    TOP,
    cards_of,
)
from familia_tui.games.daifugo.shapes import (
    SEQUENCE,
    TOP_JOKERS,
    Shape,
    beats,
    lock_signature,
    same_form,
    shape_of,
)

if TYPE_CHECKING:
    from familia_tui.games.daifugo.rules import DaifugoState

SHAPE_RULINGS = {
    "dfg.x.top_mixed": "DF-17", "dfg.x.jokers_no_sequence": "DF-17", "dfg.x.no_wrap": "DF-9",
    "dfg.x.not_combination": "C4", "dfg.x.wild_only_eight": "DF-15",
}
"""The ruling behind each reason a play is no combination."""


def explain_action(state: DaifugoState, action: Action) -> Explanation:
    """The verdict on `action` for the seat to act, with the clauses that lead to it."""
    legal = action in state.legal_actions()
    return Explanation(legal, tuple(_clauses(state, action)))


def _clauses(state: DaifugoState, action: Action) -> list[Clause]:
    phase = state.phase
    if phase == "over":
        return [clause("dfg.x.session_over", "DF-31")]
    if phase in ("dobon", "chombo"):
        return _window(state, action)
    if isinstance(action, (Call, Decline)):
        return [clause("dfg.x.no_window")]
    if isinstance(action, Pass):
        if phase == "lead":
            return [clause("dfg.x.leader_cannot_pass", "DF-32")]
        return [clause("dfg.x.pass_any_time", "C4")]
    return _play(state, action)


def _window(state: DaifugoState, action: Action) -> list[Clause]:
    """A ドボン or チョンボ decision is open: only its call or decline."""
    kind = str(state.phase)
    target = state.top_seat if kind == "dobon" else state.uno_missed
    ruling = "DF-28a" if kind == "dobon" else "DF-26a"
    if isinstance(action, Decline):
        return [clause(f"dfg.x.{kind}_open", ruling, seat=target), clause("dfg.x.decline_ok")]
    if isinstance(action, Call) and action.kind == kind:
        if kind == "dobon":
            return [clause("dfg.x.dobon_open", ruling, seat=target),
                    clause("dfg.x.dobon_sum", "DF-28", value=state.last_play_value)]
        return [clause("dfg.x.chombo_open", ruling, seat=target)]
    return [clause(f"dfg.x.{kind}_open", ruling, seat=target), clause(f"dfg.x.only_{kind}")]


def _play(state: DaifugoState, play: Play) -> list[Clause]:
    seat = state.to_act
    assert seat is not None
    missing = _missing(state, seat, play)
    if missing:
        return missing
    shape = shape_of(play)
    if isinstance(shape, str):
        if shape == "dfg.x.top_mixed":
            return [clause(shape, SHAPE_RULINGS[shape], example=_joker_example(play))]
        return [clause(shape, SHAPE_RULINGS[shape], cards=_cards(play))]
    chain = _uno(state, seat, play)
    if state.top is None:
        if not play.naturals:
            return [*chain, clause("dfg.x.lead_jokers_only", "DF-17")]
        chain.append(clause("dfg.x.lead_any", "C4"))
    else:
        follow = _follow(state, play, shape)
        chain.extend(follow)
        if any(_fails(c) for c in follow):
            return [*chain, _answers(state)]
    finish = _finish(state, seat, play)
    if state.top is not None and any(_fails(c) for c in finish):
        return [*chain, *finish, _answers(state)]
    return [*chain, *finish]


def _answers(state: DaifugoState) -> Clause:
    """The plays that answer the top now, from `legal_actions()` (a ウノ mark aside)."""
    plays = dict.fromkeys(_cards(a) for a in state.legal_actions() if isinstance(a, Play))
    return allowed_clause("dfg.x.answers" if plays else "dfg.x.only_pass", list(plays))


def _missing(state: DaifugoState, seat: int, play: Play) -> list[Clause]:
    """The play's cards must be in the hand (jokers: at most as many as held)."""
    held = set(cards_of(state.slots[seat], 0))
    absent = [c for c in play.naturals if c not in held]
    if absent:
        return [clause("dfg.x.not_in_hand", cards=" ".join(map(str, absent)))]
    if len(play.jokers) > state.jokers[seat]:
        return [clause("dfg.x.jokers_not_held", held=state.jokers[seat])]
    return []


def _uno(state: DaifugoState, seat: int, play: Play) -> list[Clause]:
    """The ウノ mark belongs to a strict-ウノ play that leaves exactly one card (DF-26, DF-26a)."""
    leaves = state.counts[seat] - play.size
    if not state.strict_uno:
        return [clause("dfg.x.uno_auto", "DF-26")] if play.uno else []
    if play.uno and leaves != 1:
        return [clause("dfg.x.uno_not_one", "DF-26a", left=leaves)]
    if leaves == 1:
        key = "dfg.x.uno_said" if play.uno else "dfg.x.uno_missed"
        return [clause(key, "DF-26a")]
    return []


def _follow(state: DaifugoState, play: Play, new: Shape) -> list[Clause]:
    """Answering the top: ♠3 on a single joker, form, strength in the effective order, locks."""
    top = state.top
    assert top is not None
    shown = _cards_of_top(state)
    if new.spade3 and top.single_joker:
        return [clause("dfg.x.spade3", "DF-20", top=shown)]
    if top.kind == TOP_JOKERS:
        if top.single_joker:
            return [clause("dfg.x.top_single", "DF-17", top=shown),
                    clause("dfg.x.spade3_only", "DF-20")]
        return [clause("dfg.x.top_unbeatable", "DF-17", top=shown)]
    if not same_form(new, top):
        if new.kind == TOP_JOKERS and top.kind == SEQUENCE:
            return [clause("dfg.x.jokers_vs_sequence", "DF-17")]
        key = ("dfg.x.follow_sequence" if top.kind == SEQUENCE else
               "dfg.x.follow_group" if top.size > 1 else "dfg.x.follow_single")
        return [clause(key, "C4", top=shown, size=top.size)]
    if new.kind == TOP_JOKERS:
        return [clause("dfg.x.top_jokers", "DF-19")]
    chain = [_order(state)]
    if not beats(new, top, state.reversed, state.plan.overlap):
        key = ("dfg.x.weaker" if new.kind != SEQUENCE else "dfg.x.weaker_sequence"
               if state.plan.overlap else "dfg.x.weaker_sequence_above")
        chain.append(clause(key, "DF-8" if new.kind == SEQUENCE else "C4", cards=_cards(play),
                            top=shown))
        return chain
    chain.append(clause("dfg.x.beats", "DF-8" if new.kind == SEQUENCE else "C4",
                        cards=_cards(play), top=shown))
    chain.extend(_suit_lock(state, new))
    chain.extend(_number_lock(state, new))
    return chain


def _order(state: DaifugoState) -> Clause:
    """Which way the effective order runs (C6): revolution XOR the trick's reversal."""
    if state.revolution and state.trick_reverse:
        return clause("dfg.x.order_both", "DF-16")
    if state.revolution:
        return clause("dfg.x.order_revolution", "DF-13")
    if state.trick_reverse:
        return clause("dfg.x.order_back", "DF-16")
    return clause("dfg.x.order_normal", "C6")


def _suit_lock(state: DaifugoState, new: Shape) -> list[Clause]:
    lock = state.suit_lock
    if lock is None:
        return []
    ruling = "DF-10" if state.plan.single_suit else "DF-10a"
    if 4 in new.suits:  # jokers with an open suit beside a natural 8: they take what is needed
        naturals = [s for s in new.suits if s != 4]
        fits = all(naturals.count(s) <= lock.count(s) for s in naturals)
    else:
        fits = lock_signature(new, state.plan.single_suit) == lock
    one = len(set(lock)) == 1  # one suit (a single, a sequence, a group of one suit): shown once
    key = ("dfg.x.suit_lock_ok" if fits else "dfg.x.suit_locked") + ("" if one else "_set")
    return [clause(key, ruling, suits=_suits(lock[:1] if one else lock))]


def _number_lock(state: DaifugoState, new: Shape) -> list[Clause]:
    if not state.number_lock:
        return []
    top = state.top
    assert top is not None
    need = state.required_key()
    assert need is not None
    last = POSITIONS - (top.size if top.kind == SEQUENCE else 1)
    if not 0 <= need <= last:
        return [clause("dfg.x.number_lock_dead", "DF-36", rank=_rank(top.key))]
    key = "dfg.x.number_lock_ok" if new.key == need else "dfg.x.number_locked"
    return [clause(key, "DF-12", rank=_rank(top.key), next=_rank(need))]


def _finish(state: DaifugoState, seat: int, play: Play) -> list[Clause]:
    """A play that empties the hand may not hold a forbidden finishing card (DF-21, DF-22a)."""
    if play.size != state.counts[seat]:
        return []
    forbidden = state.rulebook.forbidden[state.revolution]
    bad = [c for c in play.naturals if forbidden[POS_OF_RANK[c.rank]]] + list(play.jokers)
    if not bad:
        return [clause("dfg.x.finish_ok", "C11")]
    chain = [clause("dfg.x.forbidden_finish", "DF-22a", cards=" ".join(
        "JK" if c.is_joker else str(c) for c in bad))]
    if any(not c.is_joker and POS_OF_RANK[c.rank] == POS3 for c in bad) and state.revolution:
        chain.append(clause("dfg.x.three_in_revolution", "DF-21"))
    return chain


def _fails(item: Clause) -> bool:
    """Clauses that say the play breaks a rule."""
    return item.key in FAILING


FAILING = frozenset({
    "dfg.x.top_unbeatable", "dfg.x.top_single", "dfg.x.spade3_only", "dfg.x.jokers_vs_sequence",
    "dfg.x.follow_sequence", "dfg.x.follow_group", "dfg.x.follow_single", "dfg.x.weaker",
    "dfg.x.weaker_sequence", "dfg.x.weaker_sequence_above", "dfg.x.suit_locked",
    "dfg.x.suit_locked_set",
    "dfg.x.number_locked", "dfg.x.number_lock_dead", "dfg.x.forbidden_finish",
    "dfg.x.uno_auto", "dfg.x.uno_not_one", "dfg.x.lead_jokers_only", "dfg.x.not_in_hand",
    "dfg.x.jokers_not_held", "dfg.x.leader_cannot_pass", "dfg.x.no_window", "dfg.x.only_dobon",
    "dfg.x.only_chombo",
    "dfg.x.session_over", *SHAPE_RULINGS,
})
"""Message keys of clauses that make an action illegal (the others explain or confirm)."""


def _cards(play: Play) -> str:
    return str(play).removeprefix("play ").removesuffix(" uno")


def _cards_of_top(state: DaifugoState) -> str:
    return _cards(state.top_play) if state.top_play is not None else ""


def _joker_example(play: Play) -> str:
    """A joker declared beside this play's natural cards, as the top_mixed clause's example:
    the next card of a same-suit run (`JK=7S` beside 5♠ 6♠), else the lowest rank in a suit the
    play does not use (`JK=7H` beside 7♠)."""
    naturals = sorted(play.naturals, key=lambda c: POS_OF_RANK[c.rank])
    if not naturals:
        return "JK=7S"
    low, high = naturals[0], naturals[-1]
    if len({c.suit for c in naturals}) == 1 and low.rank != high.rank:
        pos = POS_OF_RANK[high.rank] + 1 if POS_OF_RANK[high.rank] < POSITIONS - 1 else \
            POS_OF_RANK[low.rank] - 1
        return f"JK={Card(RANK_OF_POS[pos], low.suit)}"
    used = {c.suit for c in naturals if c.rank == low.rank}
    suit = next((s for s in "SHDC" if s not in used), "S")
    return f"JK={Card(low.rank, suit)}"


def _rank(pos: int) -> str:
    return "JK" if pos == TOP else rank_text(RANK_OF_POS[pos])


def _suits(suits: tuple[int, ...]) -> str:
    return "".join("SHDC"[s] for s in suits)
