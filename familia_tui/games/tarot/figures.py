"""Figures of a Tarot simulation run (`simulate --json` reports them under `figures`).

- `deals_bid`: deals that reached the end of the bidding; `all_passed`: the share of them (%) in
  which everyone passed (annulled, or a Grasch hand).
- `contracts`: by contract, how many were `taken` and the share `made` (%); `made`: all of them.
- `face_leads_into_void`: how often a defender led a face card (jack to king) of a suit the
  taker had shown he lacks while he still held a trump, so he could ruff it.
- `by_bot`: by bot kind, its `seats`, their `mean` final score and the share of their games they
  ended on `top` (%, ties included).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from familia_tui.games.tarot.actions import Contract
from familia_tui.games.tarot.cards import JACK, RANK, SUIT, TRUMP, half_to_points
from familia_tui.games.tarot.scoring import ContractResult
from familia_tui.games.tarot.view import TarotResult, shown_voids


def figures(results: Sequence[TarotResult], kinds: Sequence[str]) -> dict[str, Any]:
    """The figures above, from every finished game of the run and each seat's bot kind."""
    hands = [hand for result in results for hand in result.hands]
    contracts = [hand for hand in hands if isinstance(hand, ContractResult)]
    passed = sum(result.deals_passed for result in results)
    return {
        "deals_bid": passed + len(hands),
        "all_passed": _percent(passed + len(hands) - len(contracts), passed + len(hands)),
        "contracts": {
            str(contract): {"taken": len(taken), "made": _percent(_made(taken), len(taken))}
            for contract in Contract
            if (taken := [hand for hand in contracts if hand.contract is contract])
        },
        "made": _percent(_made(contracts), len(contracts)),
        "face_leads_into_void": sum(face_leads_into_void(hand, len(kinds)) for hand in contracts),
        "by_bot": _by_bot(results, kinds),
    }


def face_leads_into_void(hand: ContractResult, players: int) -> int:
    """Tricks of the hand a defender led with a face card of a suit the taker had shown he lacks
    (in the earlier tricks) while he still held a trump (he plays one in this trick or later)."""
    tricks, taker = hand.tricks, hand.taker
    count = 0
    for number, trick in enumerate(tricks):
        leader, card = trick.seats[0], trick.cards[0]
        if leader in (taker, hand.partner) or SUIT[card] >= TRUMP or RANK[card] < JACK:
            continue
        if SUIT[card] not in shown_voids([(t.seats, t.cards) for t in tricks[:number]], players)[taker]:
            continue
        count += any(seat == taker and SUIT[c] == TRUMP
                     for later in tricks[number:] for seat, c in later.plays)
    return count


def _by_bot(results: Sequence[TarotResult], kinds: Sequence[str]) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for kind in dict.fromkeys(kinds):
        seats = [seat for seat, k in enumerate(kinds) if k == kind]
        finals = [result.totals_half[seat] for result in results for seat in seats]
        tops = sum(result.totals_half[seat] == max(result.totals_half)
                   for result in results for seat in seats)
        rows[kind] = {"seats": len(seats),
                      "mean": round(half_to_points(sum(finals)) / max(len(finals), 1), 1),
                      "top": _percent(tops, len(finals))}
    return rows


def _made(hands: Sequence[ContractResult]) -> int:
    return sum(hand.score.made for hand in hands)


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0
