"""What a Familia preset may set: table size, decks, tricks, face sets, Jokers, style, royal, match.

Every field has the source's standard value for the player count as its default (the table in
rules digest A.2), so a preset for "7 players, alternative A" only says `players: 7, tricks: 11,
face_jokers: 3`. The hand-card pool is adjusted automatically by [R-F31a]: whole sets (one rank of
one deck) are removed lowest rank first, then hand Jokers top the pool up to players × tricks.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Literal

from pydantic import Field, field_validator, model_validator

from familia_tui.core.presets import Check, OptionChecks, StrictModel, shown_as

Style = Literal["normal", "batting"]
FaceMode = Literal["through", "split_carry", "split_discard"]

STANDARD_TRICKS = {2: 10, 3: 12, 4: 10, 5: 12, 6: 12, 7: 12, 8: 10, 9: 12, 10: 12}
"""Tricks per deal in the source's standard table, by number of players."""


def standard_decks(players: int) -> int:
    """1 deck up to 4 players, 2 for 5–8, 3 for 9–10 (A.2)."""
    return 1 if players <= 4 else 2 if players <= 8 else 3


class SeatPlan(StrictModel):
    """One seat of the preset's default table, in turn order."""

    role: Literal["M", "F"]
    """Male or female role."""
    team: str | None = None
    """Team (family) id; omit for individual play."""
    player: str | None = None
    """2-player game only: which person runs this hand (each person runs an M and an F hand)."""
    crest: Literal["S", "H", "D", "C"] | None = None
    """Royal option: the team's crest suit (家紋)."""


class MatchOptions(StrictModel):
    """How games add up to a match (A.12)."""

    format: Literal["single", "games", "target", "wins", "last_places"] = "single"
    """`single`: one game. `games`: a fixed number of games, highest total wins. `target`: play
    until a total reaches `win_at` (or falls to `lose_at`). `wins`: first to `count` game wins.
    `last_places`: the first to `count` last places loses."""
    count: int = Field(default=3, ge=1, le=99)
    """Games for `games`; wins or last places for `wins` / `last_places`."""
    win_at: int | None = None
    """`target`: a total at or above this ends the match."""
    lose_at: int | None = None
    """`target`: a total at or below this ends the match (the one who reaches it loses)."""
    scoring: Literal["melds", "rank", "hybrid"] = "melds"
    """What a game adds to the match totals: meld points, rank points, or the hybrid [R-F36]."""
    rank_points: tuple[int, ...] | None = None
    """Rank points for 1st, 2nd, …; default N−1, N−2, …, 0 for N teams (or players)."""
    max_games: int = Field(default=50, ge=1, le=500)
    """Safety stop for `target`, `wins` and `last_places` matches."""

    @model_validator(mode="after")
    def _target_has_threshold(self) -> MatchOptions:
        if self.format == "target" and self.win_at is None and self.lose_at is None:
            raise OptionChecks([Check.of("fam.optcheck.target_threshold")])
        return self

    def words(self, lang: str) -> str:
        """The match in one sentence, as the setup and rules screens show it: how it ends, then
        what a game adds to the totals (`optval.familia.match.*`)."""
        from familia_tui.i18n import translate

        prefix = "optval.familia.match"
        ends = ("both" if self.win_at is not None and self.lose_at is not None
                else "win" if self.win_at is not None else "lose")
        parts = [translate(f"{prefix}.format.{self.format}", lang, count=self.count,
                           ends=translate(f"{prefix}.target.{ends}", lang, win_at=self.win_at,
                                          lose_at=self.lose_at))]
        if self.format in ("target", "wins", "last_places"):
            parts.append(translate(f"{prefix}.max_games", lang, count=self.max_games))
        parts.append(translate(f"{prefix}.scoring.{self.scoring}", lang))
        if self.rank_points is not None and self.scoring != "melds":
            separator = translate("optval.list_separator", lang)
            parts.append(translate(f"{prefix}.rank_points", lang,
                                   points=separator.join(map(str, self.rank_points))))
        return translate("optval.sentence_separator", lang).join(parts)


class FamiliaOptions(StrictModel):
    """Familia rule options. Unset fields take the source's standard value for `players`."""

    players: int = Field(ge=2, le=10)
    """Number of people at the table (2–10). The 2-player game runs four hands [R-F27]."""
    decks: int | None = Field(default=None, ge=1, le=3)
    """Decks in the hand-card pool (decides the batting keys [R-F3]); default by players."""
    tricks: Literal[10, 11, 12] | None = None
    """Tricks per deal; default from the standard table."""
    hand_size: int | None = None
    """Cards dealt per hand: tricks/2 + 1; with 11 tricks 7 (default) or 6 [R-F30]."""
    removed_sets: tuple[int, ...] | None = None
    """Ranks removed from the pool, one entry per set (one rank of one deck), e.g. [2, 2, 3].
    Omit both this and hand_jokers for the automatic hand adjustment [R-F31a]."""
    hand_jokers: int | None = Field(default=None, ge=0, le=6)
    """Jokers added to the hand-card pool (wild cards, [R-F13]–[R-F16])."""
    face_sets: int | None = Field(default=None, ge=1, le=3)
    """Face sets (K, Q, J of one deck) in the game = number of deals; default = decks."""
    face_mode: FaceMode = "through"
    """With several face sets: all in the piles at once, or one set per deal with or without
    carrying the leftovers over (A.9)."""
    face_jokers: int | tuple[int, ...] = Field(default=0, json_schema_extra=shown_as("per_deal"))
    """Jokers in the face piles. Through mode: how many in all. Split modes: how many each deal,
    as one number for every deal or a list, one per deal [R-F33a]."""
    odd_face_joker: Literal["black", "red", "random"] = "black"
    """Which pile takes the extra Joker when a deal's face Jokers are odd [R-F32]."""
    style: Style | tuple[Style, ...] = Field(default="normal", json_schema_extra=shown_as("per_deal"))
    """Normal or batting Familia; a list gives each deal its own style [R-F33a]."""
    royal: bool = False
    """Royal Family / Royal Marriage with crest suits (家紋)."""
    first_leader: int | None = Field(default=None, ge=0, json_schema_extra=shown_as("seat"))
    """Seat that leads the first trick; omit for a seeded random draw (A.4)."""
    table: tuple[SeatPlan, ...] | None = Field(default=None, json_schema_extra=shown_as("hidden"))
    """Default roles and teams, seat by seat in turn order; default: the standard composition."""
    match: MatchOptions = MatchOptions()
    """Match format (A.12)."""

    @field_validator("style", "face_jokers", mode="before")
    @classmethod
    def _list_to_tuple(cls, value: object) -> object:
        return tuple(value) if isinstance(value, list) else value

    # ----- resolved values (the standard table filled in) -----

    @cached_property
    def hands(self) -> int:
        """Hands at the table: 4 in the 2-player game, else one per player."""
        return 4 if self.players == 2 else self.players

    @cached_property
    def pool_decks(self) -> int:
        return self.decks or standard_decks(self.players)

    @cached_property
    def deal_tricks(self) -> int:
        return self.tricks or STANDARD_TRICKS[self.players]

    @cached_property
    def deal_hand_size(self) -> int:
        if self.hand_size is not None:
            return self.hand_size
        return 7 if self.deal_tricks == 11 else self.deal_tricks // 2 + 1

    @cached_property
    def sets(self) -> int:
        return self.face_sets or self.pool_decks

    @property
    def deals(self) -> int:
        """Deals per game = face sets (A.2)."""
        return self.sets

    @cached_property
    def adjustment(self) -> tuple[tuple[int, ...], int]:
        """(removed sets, hand Jokers): explicit, or by [R-F31a]."""
        if self.removed_sets is not None or self.hand_jokers is not None:
            return tuple(self.removed_sets or ()), self.hand_jokers or 0
        return auto_adjustment(self.pool_decks, self.hands * self.deal_tricks)

    @cached_property
    def unique_hand_cards(self) -> bool:
        """No two hand cards are equal: one deck and at most one hand Joker (legal plays then
        need no de-duplication)."""
        return self.pool_decks == 1 and self.adjustment[1] <= 1

    @property
    def pool_size(self) -> int:
        removed, jokers = self.adjustment
        return self.pool_decks * 40 - 4 * len(removed) + jokers

    def style_of(self, deal: int) -> Style:
        """Normal or batting for deal `deal` (0-based)."""
        return self.style if isinstance(self.style, str) else self.style[deal]

    def face_jokers_of(self, deal: int) -> int:
        """Face Jokers added at the start of deal `deal` (0-based) [R-F33a]."""
        jokers = self.face_jokers
        if self.face_mode == "through":
            return (jokers if isinstance(jokers, int) else sum(jokers)) if deal == 0 else 0
        if isinstance(jokers, int):
            return jokers
        return jokers[deal] if deal < len(jokers) else 0

    @property
    def total_face_jokers(self) -> int:
        return sum(self.face_jokers_of(d) for d in range(self.deals))

    @property
    def jokers_available(self) -> int:
        """Two Jokers per physical deck used (hand pool or face sets)."""
        return 2 * max(self.pool_decks, self.sets)

    @cached_property
    def misere_bonus(self) -> int:
        """6, 18 or 54 by face sets in the game [R-F24]."""
        return int(6 * 3 ** (self.sets - 1))

    # ----- cross-field checks -----

    @model_validator(mode="after")
    def _check_table(self) -> FamiliaOptions:
        problems = [p for check in (
            self._verify_hand_size, self._verify_pool, self._verify_jokers, self._verify_per_deal,
            self._verify_table,
        ) for p in check()]
        if problems:
            raise OptionChecks(problems)
        return self

    def _verify_hand_size(self) -> list[Check]:
        allowed = {10: (6,), 11: (7, 6), 12: (7,)}[self.deal_tricks]
        if self.deal_hand_size not in allowed:
            return [Check.of("fam.optcheck.hand_size" + ("_either" if len(allowed) > 1 else ""),
                             hand_size=self.deal_hand_size, tricks=self.deal_tricks,
                             first=allowed[0], second=allowed[-1])]
        return []

    def _verify_pool(self) -> list[Check]:
        need = self.hands * self.deal_tricks
        if self.removed_sets is None and self.hand_jokers is None:
            base = self.pool_decks * 40
            if base + self.jokers_available < need:
                return [Check.of("fam.optcheck.pool_short", tricks=self.deal_tricks, hands=self.hands, need=need,
                                 decks=self.pool_decks, base=base, jokers=self.jokers_available,
                                 most=base + self.jokers_available)]
            return []
        counts = {r: self.adjustment[0].count(r) for r in set(self.adjustment[0])}
        bad = [Check.of("fam.optcheck.removed_rank", rank=r, times=n, decks=self.pool_decks)
               for r, n in counts.items() if (r not in range(2, 11) and r != 14) or n > self.pool_decks]
        if self.pool_size != need:
            bad.append(Check.of("fam.optcheck.pool_size", size=self.pool_size, decks=self.pool_decks,
                                removed=4 * len(self.adjustment[0]), jokers=self.adjustment[1],
                                hands=self.hands, tricks=self.deal_tricks, need=need))
        return bad

    def _verify_jokers(self) -> list[Check]:
        if self.pool_decks * 40 + self.jokers_available < self.hands * self.deal_tricks:
            return []  # the pool check already says why
        used = self.adjustment[1] + self.total_face_jokers
        if used > self.jokers_available:
            return [Check.of("fam.optcheck.jokers", hand=self.adjustment[1], face=self.total_face_jokers,
                             used=used, available=self.jokers_available)]
        return []

    def _verify_per_deal(self) -> list[Check]:
        problems = []
        if isinstance(self.style, tuple) and len(self.style) != self.deals:
            problems.append(Check.of("fam.optcheck.style_deals", listed=len(self.style), deals=self.deals))
        if isinstance(self.face_jokers, tuple):
            if self.face_mode == "through":
                problems.append(Check.of("fam.optcheck.face_jokers_through"))
            elif len(self.face_jokers) != self.deals:
                problems.append(Check.of("fam.optcheck.face_jokers_deals", listed=len(self.face_jokers),
                                         deals=self.deals))
        per_deal = 12 if self.face_mode != "through" else 12 * self.sets // self.deals
        if per_deal < self.deal_tricks:
            problems.append(Check.of("fam.optcheck.face_cards", per_deal=per_deal, tricks=self.deal_tricks))
        return problems

    def _verify_table(self) -> list[Check]:
        if self.table is None:
            return []
        problems = []
        if len(self.table) != self.hands:
            problems.append(Check.of("fam.optcheck.table_seats", seats=len(self.table), players=self.players,
                                     hands=self.hands))
        if self.players == 2 and len({s.player for s in self.table}) != 2:
            problems.append(Check.of("fam.optcheck.table_two"))
        if self.royal and any(s.crest is None for s in self.table):
            problems.append(Check.of("fam.optcheck.table_crests"))
        return problems

    def resolved(self) -> FamiliaOptions:
        """The same rules with every standard-table value written out (for show and records)."""
        removed, jokers = self.adjustment
        data = self.model_dump()
        data.update(decks=self.pool_decks, tricks=self.deal_tricks, hand_size=self.deal_hand_size,
                    removed_sets=removed, hand_jokers=jokers, face_sets=self.sets,
                    table=[plan.model_dump() for plan in self.default_table()])
        return type(self).model_validate(data)

    def default_table(self) -> tuple[SeatPlan, ...]:
        """The preset's table, or the standard composition for the player count."""
        return self.table or standard_table(self.players)


def auto_adjustment(decks: int, need: int) -> tuple[tuple[int, ...], int]:
    """[R-F31a]: remove whole sets lowest rank first, then top up with hand Jokers."""
    base = decks * 40
    if base <= need:
        return (), need - base
    sets = math.ceil((base - need) / 4)
    removed = tuple(rank for rank in range(2, 11) for _ in range(decks))[:sets]
    return removed, need - (base - 4 * sets)


_STANDARD_TEAMS = {
    2: "AB AB",
    3: "",
    4: "AB AB",
    5: "AB ABB",
    6: "ABC ABC",
    7: "ABC ACBC",
    8: "ABCD ABCD",
    9: "ABC ABCABC",
    10: "ABCDE ABCDE",
}
"""Standard compositions: males first (as a block), then females, letters are teams, arranged so
that pairs sit opposite and no same-team M and F sit side by side (A.3). 3 players: individual."""


def standard_table(players: int) -> tuple[SeatPlan, ...]:
    """The default seats for a player count: mixed teams, or a male individual game for 3."""
    if players == 3:
        return tuple(SeatPlan(role="M") for _ in range(3))
    males, females = _STANDARD_TEAMS[players].split()
    plans = [SeatPlan(role="M", team=t) for t in males] + [SeatPlan(role="F", team=t) for t in females]
    if players == 2:
        plans = [p.model_copy(update={"player": p.team}) for p in plans]
    return tuple(plans)

OPTIONS_MODEL = FamiliaOptions
