"""Named read-outs of a Familia state for scenario expectations (`familia-tui check`).

Each query returns plain data (cards as notation strings, seats as indexes) so that a scenario
file can state the expected value in YAML. Mappings are compared key by key: a scenario names
only the seats it cares about.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from familia_tui.core.cards import (
    JACK,
    KING,
    QUEEN,
    SUITS,
    Card,
    CardError,
    parse_cards,
)
from familia_tui.core.queries import Parameterised, Query, common_queries
from familia_tui.games.familia import scoring
from familia_tui.games.familia.rules import FamiliaState
from familia_tui.games.familia.trick import strength


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
            "entries": [_entry_text(e) for e in p.entries],
            "forced": p.forced,
        }
        for i, p in enumerate(_game(state).players)
    }


def _entry_text(entry: scoring.Entry) -> str:
    """`family KS QS JS 15`: the kind, the cards and the points it scores (0 when zeroed)."""
    return f"{entry.kind} {' '.join(map(str, entry.cards))} {entry.scored}"


def _strongest(state: FamiliaState) -> dict[str, Any] | None:
    """The strongest card of the trick so far as must-win judges it, before batting [R-F11]:
    trump over the led suit over the rest, a hand Joker as the led suit's A [R-F15a]."""
    if not state.plays:
        return None
    seat, card, _ = max(state.plays, key=lambda play: strength(play[1], state.led, state.trump))
    return {"seat": seat, "card": str(card)}


# ----- scoring a given partition of captured cards -----


def _meld_score(state: FamiliaState, melds: Any = None, seat: int | None = None,
                role: str | None = None, crest: str | None = None) -> dict[str, Any]:
    """The score of captured cards arranged as `melds` (groups of cards; a group of one card is
    a single), for `seat`'s role and crest or the `role` and `crest` given; `best` is what the
    engine scores the same cards at (the best arrangement, or the forced one with a Joker)."""
    options = state.options
    if seat is not None:
        if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
            raise LookupError(f"seat: {seat!r} is not a seat number 0–{len(state.seats) - 1}")
        role, crest = role or state.seats[seat].field("role"), crest or state.seats[seat].field("crest")
    if role not in ("M", "F"):
        raise LookupError(f"role: {role!r} — give a role (M or F) or a seat")
    groups = _groups(melds)
    royal = options.royal and crest is not None
    entries = _forced_order([_entry(group, role, crest if royal else None) for group in groups], role)
    jokers = sum(entry.kind == "joker" for entry in entries)
    zeroed = [scoring.Entry(e.kind, e.cards, e.points, zeroed=i < jokers and e.kind != "joker")
              for i, e in enumerate(entries)]
    singles = [e.scored for e in zeroed if e.is_single]
    zero_sum = 2 * len(singles) if singles and sum(singles) == 0 else 0  # A.10.3 [R-F19]
    best = scoring.score_player([c for group in groups for c in group], role, royal=royal,
                                crest=crest, misere_bonus=options.misere_bonus)
    return {"score": sum(e.scored for e in zeroed) + zero_sum, "zero_sum": zero_sum,
            "entries": [_entry_text(e) for e in zeroed], "best": best.total - best.misere_bonus,
            "best_entries": [_entry_text(e) for e in best.entries]}


def _groups(melds: Any) -> list[list[Card]]:
    if not isinstance(melds, list) or not melds:
        raise LookupError("melds: a list of groups of captured cards, e.g. [[KS, QS], [JH]]")
    try:
        return [parse_cards(g if isinstance(g, str) else [str(c) for c in g]) for g in melds]
    except (CardError, TypeError) as error:
        raise LookupError(f"melds: {error}") from None


_SUIT_MELDS: dict[tuple[int, bool], scoring.EntryKind] = {
    (3, False): "family", (3, True): "royal_family", (2, False): "marriage", (2, True): "royal_marriage"}
"""(cards, in the royal suit) → the kind of a K-Q(-J) meld of one suit."""


def _entry(cards: Sequence[Card], role: str, royal_suit: str | None) -> scoring.Entry:
    """The meld (or single, or Joker) a group of cards forms (A.10.1)."""
    group = tuple(cards)
    suits, ranks = {c.suit for c in group}, sorted((c.rank for c in group), reverse=True)
    if len(group) == 1:
        card = group[0]
        if card.is_joker:
            return scoring.Entry("joker", group, 0)
        if card.is_face:
            return scoring.Entry("single", group, scoring.SINGLE_POINTS[role][card.rank])
    elif len(group) == 4 and len(set(ranks)) == 1 and suits == set(SUITS):
        return scoring.Entry("familia", group, scoring.MELD_POINTS["familia"])
    elif len(suits) == 1 and ranks in ([KING, QUEEN, JACK], [KING, QUEEN]):
        kind = _SUIT_MELDS[len(group), group[0].suit == royal_suit]
        return scoring.Entry(kind, group, scoring.MELD_POINTS[kind])
    raise LookupError(f"melds: {' '.join(map(str, group))} is not a meld (A.10.1)")


def _forced_order(entries: list[scoring.Entry], role: str) -> list[scoring.Entry]:
    """The entries in the order captured Jokers zero them: melds by priority, singles penalty
    first, then the Jokers (A.10.4)."""
    singles = scoring.SINGLE_ORDER[role]
    kinds = (*scoring.MELD_PRIORITY, "single", "joker")
    return sorted(entries, key=lambda e: (kinds.index(e.kind),
                                          singles.index(e.cards[0].rank) if e.kind == "single" else 0))


def _ranking(standings: Any) -> list[list[Any]]:
    return [[s.unit, s.rank] for s in standings]


QUERIES: dict[str, Query | Parameterised] = {
    **common_queries(lambda s, seat: s.hands[seat], last_trick=_last_trick,
                     tricks_won=lambda s: s.tricks_won, scores=_scores, strongest=_strongest),
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
    "known": lambda s: {i: _cards(k) for i, k in enumerate(s.known)},
    "trick_cards": lambda s: [str(c) for _, c, _ in s.plays],
    "captures": lambda s: {i: _cards(c) for i, c in enumerate(s.captures)},
    "breakdown": _breakdown,
    "meld_score": Parameterised(_meld_score, ("melds", "seat", "role", "crest"), ("melds",)),
    "team_scores": lambda s: {st.unit: st.total for st in _game(s).standings},
    "ranking": lambda s: _ranking(_game(s).standings),
    "player_ranking": lambda s: _ranking(_game(s).player_standings),
    "match_totals": lambda s: dict(s.match.totals),
    "match_over": lambda s: s.is_over,
    "match_ranking": lambda s: _ranking(s.match.standings()),
}
"""Every query: the common ones (`core.queries`) and Familia's own."""
