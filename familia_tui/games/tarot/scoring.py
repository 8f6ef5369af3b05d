"""Scoring a hand: the contract formula and its distribution, and the Grasch hand (A10, A11).

Card points are integers in half points throughout; a result keeps the exact values and
converts them for display (`half_to_points`).

Contract hand [A10]:

1. p = the taker side's card points (écart under Prise/Garde, chien under Garde sans; the chien
   is the defence's under Garde contre), b = its bouts; target t = 56/51/41/36 for b = 0/1/2/3.
2. Rounding in 3 and 5 players [TA-23]: option `rounding: score` (the text) judges the contract on
   exact half points and rounds a fractional D up when made, down when failed;
   `rounding: card_points` (FFT, TA-9) rounds p toward the winning side first.
3. Made iff p ≥ t; s = ±1. Petit au bout pab = ±1 for the side that won the last trick holding
   T1 (the second-to-last when the Excuse won the last under the slam exception) [TA-3a, TA-4].
4. S: slam announced and made +400, made unannounced +200, announced and failed −200; the
   defence taking every trick −200 more when `defence_slam_bonus` is on [TA-16, TA-17a].
5. `D = s·(25 + |p − t|)·M + pab·10·M + s·H + S` (H = every declared poignée and misère) [TA-8].
6. Shares: 4p taker +3D; 3p +2D; 5p taker +2D and partner +D, or +4D alone; each defender −D.

Grasch hand [A11, TA-19]: each player scores (A − G)·N = ΣG − N·G, exact in half points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from familia_tui.games.tarot.actions import Contract, Kind
from familia_tui.games.tarot.cards import Card, half_to_points
from familia_tui.games.tarot.trick import TrickRecord

TARGETS = (56, 51, 41, 36)
"""Points the taker needs with 0, 1, 2, 3 bouts [A10]."""
Side = Literal["taker", "defence"]
Rounding = Literal["score", "card_points"]


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declaration made at a first card; a poignée's shown cards are public."""

    seat: int
    kind: Kind
    cards: tuple[Card, ...] = ()

    @property
    def bonus(self) -> int:
        return self.kind.bonus


class Score(NamedTuple):
    """The contract formula worked out for one hand (all amounts from the taker's side)."""

    counted_half: int
    """p as counted: exact, or rounded toward the winning side (FFT rounding)."""
    target: int
    made: bool
    margin_half: int
    """|p − t| in half points, as used in the formula."""
    slam_term: int
    d_half: int
    """D in half points, before any rounding."""
    d: int
    """D as scored: a whole number (rounded as the text says when it is not)."""


def contract_score(*, contract: Contract, points_half: int, bouts: int, pab: int, handfuls: int,
                   slam_announced: bool, slam: Side | None, defence_slam_bonus: bool,
                   rounding: Rounding) -> Score:
    """Work out the formula of A10 for one contract hand."""
    target_half = 2 * TARGETS[bouts]
    made = points_half >= target_half
    counted = points_half
    if rounding == "card_points" and points_half % 2:
        counted = points_half + 1 if made else points_half - 1
    margin = abs(counted - target_half)
    sign, multiplier = (1 if made else -1), contract.multiplier
    slam_term = slam_bonus(slam_announced, slam, defence_slam_bonus)
    d_half = (sign * (50 + margin) * multiplier + pab * 20 * multiplier + sign * 2 * handfuls
              + 2 * slam_term)
    d = d_half // 2 if d_half % 2 == 0 else (d_half + 1) // 2 if made else d_half // 2
    return Score(counted, TARGETS[bouts], made, margin, slam_term, d_half, d)


def slam_bonus(announced: bool, slam: Side | None, defence_slam_bonus: bool) -> int:
    """S [A10 step 6, TA-16, TA-17a]; with an announced slam and a defence slam both apply."""
    if slam == "taker":
        return 400 if announced else 200
    term = -200 if announced else 0
    if slam == "defence" and defence_slam_bonus:
        term -= 200
    return term


def contract_shares(players: int, taker: int, partner: int | None, d: int) -> tuple[int, ...]:
    """Each seat's score for the hand: the taker (and 5p partner) against the defenders [A10]."""
    shares = [-d] * players
    if partner is None:
        shares[taker] = (players - 1) * d
    else:
        shares[taker], shares[partner] = 2 * d, d
    return tuple(shares)


def grasch_shares(points_half: Sequence[int]) -> tuple[int, ...]:
    """Each seat's Grasch score in half points: ΣG − N·G [A11]."""
    total, n = sum(points_half), len(points_half)
    return tuple(total - n * g for g in points_half)


@dataclass(frozen=True, slots=True)
class ContractResult:
    """The breakdown of a contract hand, for the results screen and scenario queries."""

    number: int
    """The hand's number in the game (annulled hands are not numbered)."""
    dealer: int
    taker: int
    contract: Contract
    called: Card | None
    """5 players: the called card."""
    partner: int | None
    """5 players: the partner's seat; None when the taker played alone (or 3/4 players)."""
    chien: tuple[Card, ...]
    ecart: tuple[Card, ...]
    points_half: int
    """p exactly, in half points."""
    bouts: int
    petit_au_bout: int | None
    """The seat that won the trick holding T1 at the end (its side gets pab), or None."""
    pab: int
    """+1 taker side, −1 defence, 0."""
    declarations: tuple[Declaration, ...]
    handfuls: int
    """H: the sum of every declared poignée and misère bonus."""
    slam_announced: bool
    slam: Side | None
    """Which side took every trick, if one did."""
    score: Score
    shares: tuple[int, ...]
    """Each seat's score for this hand (they sum to zero)."""
    kind: Literal["contract"] = "contract"
    tricks: tuple[TrickRecord, ...] = ()
    """The hand's tricks in order (for figures of bot play, `simulate --json`)."""

    @property
    def points(self) -> int | float:
        """p exactly (e.g. 45.5)."""
        return half_to_points(self.points_half)

    @property
    def shares_half(self) -> tuple[int, ...]:
        return tuple(2 * share for share in self.shares)


@dataclass(frozen=True, slots=True)
class GraschResult:
    """The breakdown of a Grasch hand: each player's card points G and score [A11]."""

    number: int
    dealer: int
    points_half: tuple[int, ...]
    """G of each seat, in half points (the chien included for its winner, if the option says)."""
    chien: tuple[Card, ...]
    chien_to: int | None
    """The seat that counted the chien (option `grasch_chien: last_trick`), or None."""
    shares_half: tuple[int, ...]
    """Each seat's score in half points (they sum to zero)."""
    kind: Literal["grasch"] = "grasch"

    @property
    def points(self) -> tuple[int | float, ...]:
        return tuple(half_to_points(g) for g in self.points_half)

    @property
    def shares(self) -> tuple[int | float, ...]:
        """Scores as numbers: x.5 is kept exact, so the scores still sum to zero."""
        return tuple(half_to_points(s) for s in self.shares_half)

    @property
    def mean(self) -> float:
        """A, the mean card points of the players."""
        return sum(self.points_half) / 2 / len(self.points_half)


HandResult = ContractResult | GraschResult
