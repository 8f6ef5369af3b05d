"""Judging a trick: who takes the face card, and by which judgement (B.2.3, B.2.4, B.3).

A trick is a sequence of plays `(seat, card, face_up)` in play order; a pass is
`(seat, None, False)`. Face-down cards and passes are out of every judgement [R-S11].

Team game, in order of precedence:

1. **Battalion** [R-S6–R-S8]: one team's face-up numbers (A–10) of one rank, 3 of them (2 in the
   4-player option); the team's 2nd card in play order wins. Two battalions: the stronger number
   (Same Two applied) wins; equal numbers: the team of the first player who played a card.
   Every battalion earns its team 2 points.
2. **White Punisher** [R-S10]: a face-up Joker and a face-up white: the first white wins.
3. **Strength**: Joker > (2 under Same Two [R-S9]) > A > 10 … 2 > white; a tie goes to the
   card played first.

Individual and secret-team games [B.3]: a face-up Joker or white (the same card there): the
*last* one played wins; otherwise strength with Same Two; no battalion, no White Punisher.

>>> from familia_tui.core.cards import SIX_SUITS
>>> plays = [(0, c, True) for c in SIX_SUITS.parse_cards("AS 10H 2X")]
>>> judge_team(plays, (0, 1, 0), 3)
Judgement(winner=2, kind='same_two', battalions=())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from familia_tui.core.cards import Card

ACE = 14
JOKER_STRENGTH = 20
SAME_TWO_STRENGTH = 15
"""A 2 under Same Two: above the A (14), below the Joker [R-S9]."""

PlayRecord = tuple[int, Card | None, bool]
"""A play: (seat, card, face up); a pass is (seat, None, False), so a face-up play has a card."""


class Judgement(NamedTuple):
    """Who takes the face card (None: nobody [R-S15]) and why.

    `kind`: `battalion`, `white_punisher`, `same_two` (a 2 won under Same Two), `last_joker`
    (individual: the last Joker or white), `strongest`, or `none` (no face-up card)."""

    winner: int | None
    kind: str
    battalions: tuple[int, ...]
    """The teams that formed a battalion (each earns 2 points), in play order of their 2nd card."""


def strength(card: Card, same_two: bool) -> int:
    """A face-up card's strength: white 1, 2–10, A 14, 2 under Same Two 15, Joker 20."""
    rank = card.rank
    if rank == 0:
        return JOKER_STRENGTH
    if rank == 2 and same_two:
        return SAME_TWO_STRENGTH
    return rank


def _strongest(up: list[tuple[int, Card]], same_two: bool) -> Judgement:
    best_seat, best_card = up[0]
    best = -1
    for seat, card in up:
        rank = card.rank
        value = JOKER_STRENGTH if rank == 0 else (SAME_TWO_STRENGTH if rank == 2 and same_two else rank)
        if value > best:
            best_seat, best_card, best = seat, card, value
    kind = "same_two" if same_two and best_card.rank == 2 else "strongest"
    return Judgement(best_seat, kind, ())


def battalions(up: list[tuple[int, Card]], team_of: Sequence[int], size: int) -> list[tuple[int, int, int]]:
    """Every battalion as (team, rank, seat of the team's 2nd card) [R-S7]."""
    groups: dict[tuple[int, int], list[int]] = {}
    for seat, card in up:
        if card.rank >= 2:
            groups.setdefault((team_of[seat], card.rank), []).append(seat)
    return [(team, rank, seats[1]) for (team, rank), seats in groups.items() if len(seats) >= size]


JUDGEMENT_KINDS = ("battalion", "white_punisher", "same_two", "last_joker", "strongest", "none")
"""Every `Judgement.kind`."""
_NOBODY = Judgement(None, "none", ())
_SEATS = range(6)
_STRONGEST = tuple(Judgement(seat, "strongest", ()) for seat in _SEATS)
_SAME_TWO = tuple(Judgement(seat, "same_two", ()) for seat in _SEATS)
_WHITE_PUNISHER = tuple(Judgement(seat, "white_punisher", ()) for seat in _SEATS)
_LAST_JOKER = tuple(Judgement(seat, "last_joker", ()) for seat in _SEATS)
"""The judgements without a battalion, by winner, made once (a judgement is a value)."""
_STRENGTH = (JOKER_STRENGTH, *range(1, ACE + 1))
"""A face-up card's strength by rank, without Same Two (see `strength`)."""
_JOKER, _WHITE, _TWO, _ACE = 1, 1 << 1, 1 << 2, 1 << ACE
"""Bits of the ranks seen (`1 << rank`)."""


def judge_team(plays: Sequence[PlayRecord], team_of: Sequence[int], battalion_size: int | None) -> Judgement:
    """The team game's judgement; `battalion_size` None: no battalions (4 players by default).

    One pass over the trick finds the strongest card and the ranks seen (every trick is judged,
    and the search bot judges many more); the rarer cases look again."""
    seen = count = 0
    best, best_seat = -1, 0
    for seat, card, face_up in plays:
        if face_up:
            rank = card.rank  # type: ignore[union-attr]
            seen |= 1 << rank
            count += 1
            if _STRENGTH[rank] > best:
                best, best_seat = _STRENGTH[rank], seat
    if not seen:
        return _NOBODY
    same_two = seen & _ACE and seen & _TWO
    if battalion_size is not None and count - seen.bit_count() >= battalion_size - 1:  # 2 alike at least
        up: list[tuple[int, Card]] = [(seat, card) for seat, card, face_up in plays if face_up]  # type: ignore[misc]
        found = battalions(up, team_of, battalion_size)
        if found:
            first = next(seat for seat, card, _ in plays if card is not None)
            strongest = max(found, key=lambda b: (strength(Card(b[1], "S"), bool(same_two)), team_of[first] == b[0]))
            return Judgement(strongest[2], "battalion", tuple(team for team, _, _ in found))
    if seen & _JOKER:
        if seen & _WHITE:  # [R-S10]: the first white
            return _WHITE_PUNISHER[next(seat for seat, card, up in plays if up and card.rank == 1)]  # type: ignore[union-attr]
        return _STRONGEST[best_seat]
    if same_two:  # [R-S9]: the first 2
        return _SAME_TWO[next(seat for seat, card, up in plays if up and card.rank == 2)]  # type: ignore[union-attr]
    return _STRONGEST[best_seat]


def judge_individual(plays: Sequence[PlayRecord]) -> Judgement:
    """The individual and secret-team judgement [B.3] (in one pass, as `judge_team`)."""
    seen = 0
    best, best_seat = -1, 0
    last_special = None
    for seat, card, face_up in plays:
        if face_up:
            rank = card.rank  # type: ignore[union-attr]
            seen |= 1 << rank
            if rank < 2:
                last_special = seat
            elif rank > best:
                best, best_seat = rank, seat
    if last_special is not None:
        return _LAST_JOKER[last_special]
    if not seen:
        return _NOBODY
    if seen & _ACE and seen & _TWO:
        return _SAME_TWO[next(seat for seat, card, up in plays if up and card.rank == 2)]  # type: ignore[union-attr]
    return _STRONGEST[best_seat]
