"""The rule card (ルールカード) and the rule families it activates (C2, DF-1–DF-4, DF-35).

A game's `Rulebook` is everything the active families change, computed once per game: which
ranks are ability cards (能力カード), how many families count each of them for ○○バック (DF-16,
DF-16a), the forbidden finishing cards (DF-21), and the 天和 and ○○残し sets (DF-24, DF-25a).
Several families may be active at once (被っている数字の場合、その全てのルールが適用).

>>> families_of(Card(7, "S"), shishi=False)
('shina', 'kana')
>>> Rulebook.of(("shina", "kana")).back_weight[POS_OF_RANK[4]]
2
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Literal

from familia_tui.core.cards import Card
from familia_tui.games.daifugo.deck import POS2, POS3, POS8, POS_OF_RANK, POSITIONS

Family = Literal["shina", "kana", "jfugo", "shishi"]
FAMILIES: tuple[Family, ...] = ("shina", "kana", "jfugo", "shishi")
"""Every family, in the order the text lists them."""

FAMILY_RANKS: dict[Family, tuple[int, ...]] = {
    "shina": (4, 5, 7),
    "kana": (3, 4, 7, 13, 14),
    "jfugo": (11,),
    "shishi": (4, 10),
}
"""Ability ranks (能力カード) of each family; ししふごう per DF-35."""

_BY_RANK: dict[int, tuple[Family, ...]] = {
    4: ("shina", "kana", "shishi"), 5: ("shina",), 7: ("shina", "kana"),
    3: ("kana",), 13: ("kana",), 14: ("kana",), 11: ("jfugo",), 10: ("shishi",),
}
"""The rule card table of C2 by the drawn card's rank (ししふごう only when enabled)."""


def families_of(card: Card | None, shishi: bool) -> tuple[Family, ...]:
    """The families a rule card activates: a joker is J富豪 (DF-4); 2, 6, 8, 9, Q none (DF-2)."""
    if card is None:
        return ()
    found = ("jfugo",) if card.is_joker else _BY_RANK.get(card.rank, ())
    return tuple(f for f in found if shishi or f != "shishi")


def starts_in_revolution(card: Card | None, diamond_revolution: bool) -> bool:
    """The not-yet-accepted ◆ rule: a diamond rule card starts the game in revolution (DF-3)."""
    return diamond_revolution and card is not None and card.suit == "D"


@dataclass(frozen=True)
class Rulebook:
    """What the active families change in one game (all positions are strength positions)."""

    families: tuple[Family, ...]
    ability_ranks: tuple[int, ...]
    """Every ability rank of the active families, ascending."""
    back_weight: tuple[int, ...]
    """Per position: how many active families list that rank (○○バック counts per card and per
    family, DF-16)."""
    family_pos_masks: tuple[int, ...]
    """Per active family: a 13-bit mask of its ability positions (the once-per-family option,
    DF-16a)."""
    tenho_sets: tuple[tuple[str, tuple[int, ...]], ...]
    """(family, positions) a hand must hold in one suit for 天和 (DF-24), for every family but
    J富豪."""
    nokoshi_sets: tuple[tuple[str, tuple[int, ...]], ...]
    """(family, positions) a hand must be exactly, one card each, for ○○残し (DF-25a): each
    family's set but J富豪's, and `union` of them when several families are active."""
    forbidden: tuple[tuple[bool, ...], tuple[bool, ...]]
    """`forbidden[revolution][pos]`: a natural card of that position may not be in a finishing
    play: ability cards, 8s, and 2s (3s in revolution) (C11, DF-21)."""

    @classmethod
    def of(cls, families: tuple[Family, ...]) -> Rulebook:
        """The rulebook of some families (in any order)."""
        return _rulebook(families)

    @cached_property
    def tenho_masks(self) -> tuple[tuple[str, tuple[int, ...], int], ...]:
        """The 天和 sets with a 13-bit mask of their positions (to test a suit row at once)."""
        return tuple((family, positions, sum(1 << p for p in positions))
                     for family, positions in self.tenho_sets)

    @cached_property
    def nokoshi_max(self) -> int:
        """The size of the largest ○○残し set (0: none): a hand this small may be one (DF-25a)."""
        return max((len(p) for _, p in self.nokoshi_sets), default=0)

    @cached_property
    def ability_bits(self) -> int:
        """A 13-bit mask of the ability positions (a play with none cannot reverse, DF-16)."""
        return sum(1 << p for p in range(POSITIONS) if self.back_weight[p])


@cache
def _rulebook(given: tuple[Family, ...]) -> Rulebook:
    families = tuple(f for f in FAMILIES if f in given)
    ranks = sorted({r for f in families for r in FAMILY_RANKS[f]})
    weight = [0] * POSITIONS
    for family in families:
        for rank in FAMILY_RANKS[family]:
            weight[POS_OF_RANK[rank]] += 1
    masks = tuple(sum(1 << POS_OF_RANK[r] for r in FAMILY_RANKS[f]) for f in families)
    sets = [(f, tuple(sorted(POS_OF_RANK[r] for r in FAMILY_RANKS[f]))) for f in families
            if f != "jfugo"]
    union = tuple(sorted({p for _, s in sets for p in s}))
    nokoshi = sets + ([("union", union)] if len(sets) > 1 else [])

    def forbidden(revolution: bool) -> tuple[bool, ...]:
        return tuple(bool(weight[p]) or p == POS8 or p == (POS3 if revolution else POS2)
                     for p in range(POSITIONS))

    return Rulebook(families, tuple(ranks), tuple(weight), masks, tuple(sets), tuple(nokoshi),
                    (forbidden(False), forbidden(True)))
