"""Seating rules (A.3 ① ②, pairs opposite, [R-F27], [R-F29]) and the arranger."""

from __future__ import annotations

import pytest

from familia_tui.core.engine import Seat
from familia_tui.core.presets import list_presets
from familia_tui.games.familia.game import GAME
from familia_tui.games.familia.options import FamiliaOptions
from familia_tui.games.familia.seating import arrange, seating_problems


def table(layout: str) -> list[Seat]:
    """`"MA MB FA FB"`: role and team per seat ('-' = no team)."""
    return [Seat(name=f"P{i}", fields={"role": code[0]}, team=None if code[1] == "-" else code[1])
            for i, code in enumerate(layout.split())]


def rulings(seats: list[Seat]) -> list[str]:
    return [c.ruling for c in seating_problems(seats)]


@pytest.mark.parametrize("preset", list_presets("familia")[0], ids=lambda p: p.id)
def test_every_shipped_table_keeps_the_seating_rules(preset) -> None:  # type: ignore[no-untyped-def]
    assert seating_problems(GAME.default_seats(preset.options)) == []


def test_R_F27_two_player_hands_sit_a_male_b_male_a_female_b_female() -> None:
    two = GAME.default_seats(FamiliaOptions(players=2))
    assert [(s.player, s.field("role")) for s in two] == [("P1", "M"), ("P2", "M"), ("P1", "F"), ("P2", "F")]
    assert seating_problems(two) == []


def test_pairs_sit_opposite() -> None:
    assert rulings(table("MA FA MB FB")) == ["A.3", "A.3", "A.3 ①", "A.3 ②", "A.3 ②"]


def test_rule_1_males_together_as_one_block() -> None:
    assert "A.3 ①" in rulings(table("MA FB MC FA MB FC"))
    assert "A.3 ①" not in rulings(table("MA MB MC FA FB FC"))


def test_rule_2_same_team_male_and_female_not_side_by_side() -> None:
    assert rulings(table("MA MB FB FA")) == ["A.3", "A.3", "A.3 ②", "A.3 ②"]


def test_R_F29_same_sex_teammates_spread_out() -> None:
    assert rulings(table("MA MA MB MB")) == ["A.3", "A.3", "R-F29", "R-F29"]
    assert rulings(table("MA MB MA MB")) == []


def test_R_F28_any_composition_can_still_be_played() -> None:
    seats = table("MA MA MB MB")
    assert seating_problems(seats)
    state = GAME.new_game(FamiliaOptions(players=4), seats, seed=1)
    assert state.legal_actions()


def test_arrange_finds_an_order_that_keeps_the_rules() -> None:
    seats = table("MA FA MB FB")
    arranged = arrange(seats)
    assert arranged is not None and seating_problems(arranged) == []
    assert sorted(s.name for s in arranged) == sorted(s.name for s in seats)
    assert arranged[0] is seats[0]


def test_arrange_large_tables_by_blocks() -> None:
    seats = table("MA FA MB FB MC FC MD FD ME FE")
    arranged = arrange(seats)
    assert arranged is not None and seating_problems(arranged) == []
