"""Figures of a Tarot simulation run (`simulate --json` reports them under `figures`).

- `deals_bid`: deals that reached the end of the bidding; `all_passed`: the share of them (%) in
  which everyone passed (annulled, or a Grasch hand).
- `contracts`: by contract, how many were `taken` and the share `made` (%); `made`: all of them.
- `face_leads_into_void`: how often a defender led a face card (jack to king) of a suit the
  taker had shown he lacks while he still held a trump, so he could ruff it.
- `by_bot`: by bot kind, its `seats`, their `mean` final score and the share of their games they
  ended on `top` (%, ties included).

`seat_figures` gives the statistics of one finished game seat by seat (`GameSpec.stats`,
`STAT_FIGURES`): contracts taken and made by bid (the taker's), petit au bout (the seat that won
the last trick with the Petit), poignées and misères declared, slams made (the taker's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from familia_tui.games.tarot.actions import Contract
from familia_tui.games.tarot.cards import JACK, RANK, SUIT, TRUMP, half_to_points
from familia_tui.games.tarot.scoring import ContractResult
from familia_tui.games.tarot.view import TarotResult, note_voids


class TarotFigures:
    """The tally of the figures above, one finished game at a time."""

    def __init__(self, kinds: Sequence[str]) -> None:
        self.kinds = tuple(kinds)
        self.passed = self.hands = self.face_leads = 0
        self.taken: Counter[Contract] = Counter()
        self.made: Counter[Contract] = Counter()
        self.finals: Counter[str] = Counter()
        """Each bot kind's final scores summed, in half points."""
        self.tops: Counter[str] = Counter()
        self.games = 0

    def add(self, result: TarotResult) -> None:
        self.games += 1
        self.passed += result.deals_passed
        self.hands += len(result.hands)
        for hand in contract_hands(result):
            self.taken[hand.contract] += 1
            self.made[hand.contract] += hand.score.made
            self.face_leads += face_leads_into_void(hand, len(self.kinds))
        best = max(result.totals_half)
        for seat, kind in enumerate(self.kinds):
            self.finals[kind] += result.totals_half[seat]
            self.tops[kind] += result.totals_half[seat] == best

    def report(self) -> dict[str, Any]:
        bid = self.passed + self.hands
        taken = sum(self.taken.values())
        return {
            "deals_bid": bid,
            "all_passed": _percent(bid - taken, bid),
            "contracts": {str(c): {"taken": self.taken[c], "made": _percent(self.made[c], self.taken[c])}
                          for c in Contract if self.taken[c]},
            "made": _percent(sum(self.made.values()), taken),
            "face_leads_into_void": self.face_leads,
            "by_bot": {kind: self._by_bot(kind) for kind in dict.fromkeys(self.kinds)},
        }

    def _by_bot(self, kind: str) -> dict[str, Any]:
        seat_games = self.kinds.count(kind) * self.games
        return {"seats": self.kinds.count(kind),
                "mean": round(half_to_points(self.finals[kind]) / max(seat_games, 1), 1),
                "top": _percent(self.tops[kind], seat_games)}


def contract_hands(result: TarotResult) -> Iterator[ContractResult]:
    """The hands of the game played under a contract (not Grasch)."""
    return (hand for hand in result.hands if isinstance(hand, ContractResult))


STAT_FIGURES = (*(f"{word}.{contract}" for contract in Contract for word in ("taken", "made")),
                "petit_au_bout", "poignees", "miseres", "slams")
"""The statistics' figures (`seat_figures`), in the order the tables show them."""


def seat_figures(state: Any, events: Sequence[Any]) -> list[Counter[str]]:
    """Each seat's figures of a finished game (`STAT_FIGURES`), from its result."""
    figures = [Counter(dict.fromkeys(STAT_FIGURES, 0)) for _ in state.seats]
    for hand in contract_hands(state.result()):
        taker = figures[hand.taker]
        taker[f"taken.{hand.contract}"] += 1
        taker[f"made.{hand.contract}"] += hand.score.made
        taker["slams"] += hand.slam == "taker"
        if hand.petit_au_bout is not None:
            figures[hand.petit_au_bout]["petit_au_bout"] += 1
        for declaration in hand.declarations:
            figures[declaration.seat]["poignees" if declaration.kind.is_poignee else "miseres"] += 1
    return figures


def face_leads_into_void(hand: ContractResult, players: int) -> int:
    """Tricks of the hand a defender led with a face card of a suit the taker had shown he lacks
    (in the earlier tricks) while he still held a trump (he plays one in this trick or later)."""
    taker = hand.taker
    trumps_from = [False] * (len(hand.tricks) + 1)
    """`trumps_from[k]`: the taker plays a trump in trick k or later (he holds one at trick k)."""
    for number in range(len(hand.tricks) - 1, -1, -1):
        trick = hand.tricks[number]
        trumps_from[number] = trumps_from[number + 1] or any(
            seat == taker and SUIT[card] == TRUMP for seat, card in trick.plays)
    voids: list[set[int]] = [set() for _ in range(players)]
    count = 0
    for number, trick in enumerate(hand.tricks):
        leader, card = trick.seats[0], trick.cards[0]
        count += (leader not in (taker, hand.partner) and SUIT[card] < TRUMP and RANK[card] >= JACK
                  and SUIT[card] in voids[taker] and trumps_from[number])
        note_voids(voids, trick.seats, trick.cards)
    return count


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0
