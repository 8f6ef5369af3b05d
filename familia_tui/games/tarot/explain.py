"""Why a Tarot action is legal or not: the chain of rule clauses with ruling ids.

Each chain is read off the same helpers `legal_actions()` uses (`play_duty`, `discardable`,
`callable_cards`, `poignee_levels`, `misere_open`), and the cards it names as allowed instead of
an illegal play, call or discard are read off `legal_actions()` itself, so the explanation and the
rule cannot disagree. Ruling ids are the digest's: section refs (`A9`) and rulings (`TA-2`, `TA-14a` …).
Clause parameters: `suit` is a suit letter S H D C (or T for trumps), cards are in notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from familia_tui.core.engine import Clause, Explanation, allowed_clause, clause
from familia_tui.games.tarot.actions import (
    Action,
    Bid,
    Call,
    Declare,
    DeclareNone,
    Discard,
    Kind,
    Pass,
    Play,
    Slam,
)
from familia_tui.games.tarot.cards import (
    EXCUSE,
    IS_BOUT,
    KING,
    NAMES,
    RANK,
    RANK_LETTERS,
    SUIT,
    SUIT_LETTERS,
    TRUMP,
    cards_text,
)
from familia_tui.games.tarot.declarations import threshold
from familia_tui.games.tarot.exchange import callable_cards, discardable
from familia_tui.games.tarot.rules import Phase
from familia_tui.games.tarot.trick import Duty

if TYPE_CHECKING:
    from familia_tui.games.tarot.rules import TarotState

def _allowed(state: TarotState, kind: type[Play | Call | Discard]) -> list[str]:
    """The cards of every legal action of this kind, from `legal_actions()`."""
    return [NAMES[a.card] for a in state.legal_actions() if isinstance(a, kind)]


def _suit(suit: int) -> str:
    return SUIT_LETTERS[suit] if suit < TRUMP else "T"


def explain_action(state: TarotState, action: Action) -> Explanation:
    """The verdict on `action` for the seat to act, with the clauses that lead to it."""
    if state.is_over:
        return Explanation(False, (clause("tarot.game_over"),))
    phase = _PHASE[type(action)]
    if state.phase is not phase:
        return Explanation(False, (clause("tarot.wrong_phase", phase=str(state.phase),
                                          wanted=str(phase)),))
    legal = action in state.legal_actions()
    return Explanation(legal, _clauses(state, action, legal))


def _clauses(state: TarotState, action: Action, legal: bool) -> tuple[Clause, ...]:
    """The chain of the function that explains this type of action."""
    if isinstance(action, (Bid, Pass)):
        return _bid(state, action, legal)
    if isinstance(action, Call):
        return _call(state, action, legal)
    if isinstance(action, Discard):
        return _discard(state, action, legal)
    if isinstance(action, Slam):
        return _slam(state, action, legal)
    if isinstance(action, Declare):
        return _declare(state, action, legal)
    if isinstance(action, DeclareNone):
        return _declare_none(state, action, legal)
    return _play(state, action, legal)


def _bid(state: TarotState, action: Bid | Pass, legal: bool) -> tuple[Clause, ...]:
    if isinstance(action, Pass):
        return (clause("tarot.pass_final", "A4"),)
    if legal:
        if state.contract is None:
            return (clause("tarot.bid_first", "A4", bid=action.contract),)
        return (clause("tarot.bid_higher", "A4", bid=action.contract, highest=state.contract),)
    return (clause("tarot.bid_not_higher", "A4", bid=action.contract, highest=state.contract),)


def _call(state: TarotState, action: Call, legal: bool) -> tuple[Clause, ...]:
    hand = state.hand(state.taker_seat())
    allowed = callable_cards(hand)
    rank = RANK_LETTERS.get(RANK[allowed[0]], "") if allowed else ""
    if not legal:
        if SUIT[action.card] >= TRUMP or RANK[action.card] <= 10:
            return (clause("tarot.call_honour_only", "A5"),)
        return (allowed_clause("tarot.call_tier", _allowed(state, Call), "TA-14a", rank=rank),)
    chain = [clause("tarot.call_ok", "A5", card=action.card)]
    if rank != "R":
        chain.insert(0, clause("tarot.call_all_kings", "TA-13", rank=rank))
    if action.card in hand:
        chain.append(clause("tarot.call_own", "TA-14a"))
    return tuple(chain)


def _discard(state: TarotState, action: Discard, legal: bool) -> tuple[Clause, ...]:
    card = action.card
    hand = state.hand(state.taker_seat())
    if card not in hand:
        return (clause("tarot.not_in_hand", card=card),)
    if SUIT[card] < TRUMP and RANK[card] == KING:
        return (clause("tarot.ecart_no_king", "TA-2", card=card),)
    if IS_BOUT[card]:
        return (clause("tarot.ecart_no_bout", "TA-2", card=card),)
    if card == state.called:
        return (clause("tarot.ecart_not_called", "TA-14a", card=card),)
    if not legal:
        return (allowed_clause("tarot.ecart_trump_avoidable", _allowed(state, Discard), "TA-2", card=card),)
    forced, _ = discardable(hand, state.called)
    if forced:
        key = "tarot.ecart_trump_shown" if state.options.discarded_trumps_shown else "tarot.ecart_trump_forced"
        return (clause(key, "TA-2", card=card),)
    return (clause("tarot.ecart_ok", "A6", card=card, left=state.options.chien_size - len(state.ecart)),)


def _slam(state: TarotState, action: Slam, legal: bool) -> tuple[Clause, ...]:
    key = "tarot.slam_announce" if action.announced else "tarot.slam_none"
    return (clause(key, "A7"),)


def _closed(state: TarotState) -> tuple[Clause, ...]:
    """Why the acting seat may declare nothing now (Grasch, declarations off, past its first
    card, declined), or nothing when its declarations are open."""
    if state.grasch:
        return (clause("tarot.declare_grasch", "TA-19"),)
    if state.options.declarations == "none":
        return (clause("tarot.declarations_off", "A2"),)
    if state.trick_no > 0:
        return (clause("tarot.declare_first_card", "TA-11"),)
    if state.acting() in state.declined:
        return (clause("tarot.declined", "A8"),)
    return ()


def _declare(state: TarotState, action: Declare, legal: bool) -> tuple[Clause, ...]:
    seat = state.acting()
    if closed := _closed(state):
        return closed
    if not action.kind.is_poignee:
        return _misere(state, action, legal)
    if any(d.seat == seat and d.kind.is_poignee for d in state.declarations):
        return (clause("tarot.one_poignee", "A8"),)
    return _poignee(state, action, legal)


def _declare_none(state: TarotState, action: DeclareNone, legal: bool) -> tuple[Clause, ...]:
    """Nothing (more) to declare: open at one's first card while a declaration is [A8]."""
    if closed := _closed(state):
        return closed
    if not legal:
        return (clause("tarot.nothing_to_declare", "A8"),)
    return (clause("tarot.declare_none_ok", "A8"),)


def _misere(state: TarotState, action: Declare, legal: bool) -> tuple[Clause, ...]:
    kind, seat = action.kind, state.acting()
    if state.options.declarations != "poignees-miseres":
        return (clause("tarot.miseres_off", "A2"),)
    if any(d.seat == seat and d.kind == kind for d in state.declarations):
        return (clause("tarot.already_declared", kind=kind),)
    if not legal:
        hand = state.hand(seat)
        if kind == Kind.MISERE_FACES:
            spoil = [c for c in hand if IS_BOUT[c] or (SUIT[c] < TRUMP and RANK[c] > 10)]
        else:
            spoil = [c for c in hand if SUIT[c] >= TRUMP]
        return (clause(f"tarot.{kind}_not_held", "TA-12", cards=cards_text(spoil)),)
    return (clause(f"tarot.{kind}_ok", "TA-12"),)


def _poignee(state: TarotState, action: Declare, legal: bool) -> tuple[Clause, ...]:
    seat, kind = state.acting(), action.kind
    need = threshold(state.n, kind)
    hand = set(state.hand(seat))
    level = next((lv for lv in state.poignee_levels(seat) if lv.kind == kind), None)
    shown = action.cards
    discarded = [c for c in state.ecart if SUIT[c] == TRUMP] if (
        seat == state.taker and state.options.poignee_shows_discarded_trumps) else []
    stray = [c for c in shown if SUIT[c] != TRUMP and c != EXCUSE]
    if stray:
        return (clause("tarot.poignee_only_trumps", "A8", cards=cards_text(stray)),)
    missing = [c for c in shown if c not in hand and c not in discarded]
    if missing:
        return (clause("tarot.not_in_hand", card=cards_text(missing)),)
    if len(set(shown)) != need:
        return (clause("tarot.poignee_count", "TA-11", kind=kind, need=need, count=len(set(shown))),)
    if level is None:
        trumps = len(state.hands[seat][TRUMP])
        return (clause("tarot.poignee_not_held", "A8", kind=kind, need=need, trumps=trumps),)
    if EXCUSE in shown and not legal:
        return (clause("tarot.poignee_excuse", "TA-11"),)
    if not legal:
        return (clause("tarot.poignee_reshow", "A8", cards=cards_text(level.fixed)),)
    chain = [clause("tarot.poignee_ok", "A8", kind=kind, need=need, bonus=kind.bonus)]
    if EXCUSE in shown:
        chain.append(clause("tarot.poignee_with_excuse", "TA-11"))
    return tuple(chain)


def _play(state: TarotState, action: Play, legal: bool) -> tuple[Clause, ...]:
    card = action.card
    if card not in state.hand(state.acting()):
        return (clause("tarot.not_in_hand", card=card),)
    if card == EXCUSE:
        return (clause("tarot.excuse_free", "A9"),)
    duty, _ = state.play_duty()
    chain = [_duty_clause(state, duty)]
    if not legal:
        chain.append(allowed_clause("tarot.must_play_one_of", _allowed(state, Play)))
    return tuple(chain)


def _duty_clause(state: TarotState, duty: Duty) -> Clause:
    led, top = _suit(state.led) if state.led >= 0 else "", NAMES[state.top] if state.top >= 0 else ""
    if duty is Duty.FREE:
        return clause("tarot.lead_free", "A9")
    if duty is Duty.CALLED_SUIT:
        called = state.called_card()
        return clause("tarot.called_suit_lead", "TA-15", suit=_suit(SUIT[called]), card=called)
    if duty is Duty.FOLLOW:
        return clause("tarot.must_follow", "A9", suit=led)
    if duty is Duty.RUFF:
        return clause("tarot.must_ruff", "A9", suit=led)
    if duty is Duty.OVERTRUMP:
        return clause("tarot.must_overtrump", "A9", top=top)
    if duty is Duty.UNDERTRUMP:
        return clause("tarot.undertrump", "A9", top=top)
    return clause("tarot.any_card", "A9", suit=led)


_PHASE: dict[type[Action], Phase] = {
    Bid: Phase.BID, Pass: Phase.BID, Call: Phase.CALL, Discard: Phase.ECART, Slam: Phase.SLAM,
    Declare: Phase.PLAY, DeclareNone: Phase.PLAY, Play: Phase.PLAY}
"""Each action type: the phase it belongs to (`_clauses` names the function that explains it)."""
