"""Familia matches (rules digest A.12): formats, rank points, the hybrid format [R-F36], team and
individual units, shared ranks.

Games are built by hand with `GameResult.score(...)` from captured face cards, so every total
below is worked out from the scoring table (male K +3, Q −4, J +1; female K −6, Q +2, J −2;
Marriage 10; misère 6 with one face set). Scoring itself is tested in test_scoring.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cards, finish_deal, options

from familia_tui.core.engine import Seat
from familia_tui.games.familia.game import default_seats, new_game
from familia_tui.games.familia.match import GameResult, MatchState, units_of
from familia_tui.games.familia.options import FamiliaOptions

# Three individual players: two men and a woman.
TRIO = (Seat(name="P1", fields={"role": "M"}), Seat(name="P2", fields={"role": "M"}),
        Seat(name="P3", fields={"role": "F"}))

# P1 Marriage K♥Q♥ = 10 (positive); P2 a single Q♦ = −4 (negative);
# P3 (female) Marriage K♠Q♠ 10 + K♣ −6 + J♦ −2 + J♣ −2 = 0 (exactly zero).
MIXED = {"P1": "KH QH", "P2": "QD", "P3": "KS QS KC JD JC"}
# Everyone negative: P1 Q♦ −4, P2 Q♥ Q♣ −8, P3 (female) K♦ −6.
ALL_NEGATIVE = {"P1": "QD", "P2": "QH QC", "P3": "KD"}


def game(seats: tuple[Seat, ...], captured: dict[str, str], game_no: int = 1,
         opts: FamiliaOptions | None = None) -> GameResult:
    opts = opts or FamiliaOptions(players=3)
    captures = [cards(captured.get(s.name, "")) for s in seats]
    return GameResult.score(opts, seats, captures, [len(c) for c in captures], game_no)


def match(seats: tuple[Seat, ...] = TRIO, **rules: Any) -> MatchState:
    return MatchState.start(FamiliaOptions(players=3, match=rules), seats)


def ranks(result: GameResult) -> dict[str, int]:
    return {s.unit: s.rank for s in result.standings}


def test_the_worked_games_score_as_computed_by_hand() -> None:
    mixed = game(TRIO, MIXED)
    assert {s.unit: s.total for s in mixed.standings} == {"P1": 10, "P2": -4, "P3": 0}
    assert ranks(mixed) == {"P1": 1, "P3": 2, "P2": 3}
    negative = game(TRIO, ALL_NEGATIVE)
    assert {s.unit: s.total for s in negative.standings} == {"P1": -4, "P2": -8, "P3": -6}
    assert ranks(negative) == {"P1": 1, "P3": 2, "P2": 3}


# ----- what a game adds: melds, rank points, hybrid [R-F36] -----


def test_A_12_meld_scoring_adds_each_units_score() -> None:
    state = match(scoring="melds")
    state.record(game(TRIO, MIXED))
    assert state.totals == {"P1": 10, "P2": -4, "P3": 0}


def test_R_F36_rank_points_default_to_n_minus_1_down_to_0() -> None:
    state = match(scoring="rank")
    state.record(game(TRIO, MIXED))
    assert state.totals == {"P1": 2, "P3": 1, "P2": 0}


def test_R_F36_a_custom_rank_point_table() -> None:
    state = match(scoring="rank", rank_points=[5, 3, 1])
    state.record(game(TRIO, MIXED))
    assert state.totals == {"P1": 5, "P3": 3, "P2": 1}


def test_R_F36_hybrid_positive_earns_rank_points_plus_score() -> None:
    state = match(scoring="hybrid")
    state.record(game(TRIO, MIXED))
    assert state.totals["P1"] == 2 + 10


def test_R_F36_hybrid_negative_earns_only_the_score() -> None:
    state = match(scoring="hybrid")
    state.record(game(TRIO, MIXED))
    assert state.totals["P2"] == -4


def test_R_F36_hybrid_zero_earns_rank_points_only() -> None:
    state = match(scoring="hybrid")
    state.record(game(TRIO, MIXED))
    assert state.totals["P3"] == 1


def test_R_F36_hybrid_with_a_custom_table() -> None:
    state = match(scoring="hybrid", rank_points=[5, 3, 1])
    state.record(game(TRIO, MIXED))
    assert state.totals == {"P1": 15, "P2": -4, "P3": 3}


def test_R_F36_hybrid_a_negative_winner_gets_no_rank_points() -> None:
    state = match(scoring="hybrid")
    state.record(game(TRIO, ALL_NEGATIVE))
    assert state.totals == {"P1": -4, "P2": -8, "P3": -6}


def test_R_F36_hybrid_adds_up_over_games() -> None:
    state = match(format="games", count=2, scoring="hybrid")
    state.record(game(TRIO, MIXED, 1))
    state.record(game(TRIO, ALL_NEGATIVE, 2))
    assert state.totals == {"P1": 12 - 4, "P2": -4 - 8, "P3": 1 - 6}


def test_R_F36_rank_points_beyond_the_table_are_zero() -> None:
    state = match(scoring="rank", rank_points=[4])
    state.record(game(TRIO, MIXED))
    assert state.totals == {"P1": 4, "P3": 0, "P2": 0}


# ----- units: teams or players -----

PAIRS = tuple(default_seats(FamiliaOptions(players=4)))  # P1 M A, P2 M B, P3 F A, P4 F B
# P1 K♠ J♠ = 3 + 1 = 4; P2 Q♥ = −4; P3 (female) Q♦ = 2; P4 nothing: misère 6.
PAIR_GAME = {"P1": "KS JS", "P2": "QH", "P3": "QD"}


def test_A_3_standard_four_player_units_are_the_two_families() -> None:
    assert [(s.field("role"), s.team) for s in PAIRS] == [("M", "A"), ("M", "B"), ("F", "A"), ("F", "B")]
    assert units_of(PAIRS) == [("A", (0, 2)), ("B", (1, 3))]


def test_A_10_a_team_scores_the_sum_of_its_members() -> None:
    result = game(PAIRS, PAIR_GAME, opts=FamiliaOptions(players=4))
    assert [p.total for p in result.players] == [4, -4, 2, 6]
    assert [(s.unit, s.total, s.rank) for s in result.standings] == [("A", 6, 1), ("B", 2, 2)]


def test_A_12_team_match_totals_and_rank_points_go_to_the_team() -> None:
    opts = FamiliaOptions(players=4, match={"scoring": "hybrid"})
    state = MatchState.start(opts, PAIRS)
    state.record(game(PAIRS, PAIR_GAME, opts=opts))
    # 2 units: rank points 1, 0; both totals positive.
    assert state.totals == {"A": 1 + 6, "B": 0 + 2}


def test_A_12_individual_units_when_seats_have_no_team() -> None:
    solo = tuple(Seat(name=s.name, fields={"role": s.field("role")}) for s in PAIRS)
    opts = FamiliaOptions(players=4, match={"scoring": "rank"})
    state = MatchState.start(opts, solo)
    assert [u for u, _ in state.units] == ["P1", "P2", "P3", "P4"]
    state.record(game(solo, PAIR_GAME, opts=opts))
    # P4 6, P1 4, P3 2, P2 −4 → rank points 3, 2, 1, 0.
    assert state.totals == {"P4": 3, "P1": 2, "P3": 1, "P2": 0}


def test_A_11_player_standings_rank_every_seat_even_in_a_team_game() -> None:
    result = game(PAIRS, PAIR_GAME, opts=FamiliaOptions(players=4))
    assert [(s.unit, s.rank) for s in result.player_standings] == [
        ("P4", 1), ("P1", 2), ("P3", 3), ("P2", 4)]


# ----- shared ranks -----

MEN = (Seat(name="P1", fields={"role": "M"}), Seat(name="P2", fields={"role": "M"}),
       Seat(name="P3", fields={"role": "M"}))
# P1 K♠ 3 and P2 K♥ 3: same total, one card each, 3 face points each → a shared first place.
TIED = {"P1": "KS", "P2": "KH", "P3": "QS"}


def test_A_11_fully_tied_units_share_the_rank() -> None:
    assert ranks(game(MEN, TIED)) == {"P1": 1, "P2": 1, "P3": 3}


def test_A_12_shared_rank_earns_both_units_that_ranks_points() -> None:
    state = match(MEN, scoring="rank")
    state.record(game(MEN, TIED))
    assert state.totals == {"P1": 2, "P2": 2, "P3": 0}


def test_R_F36_hybrid_with_a_shared_rank() -> None:
    state = match(MEN, scoring="hybrid")
    state.record(game(MEN, TIED))
    assert state.totals == {"P1": 5, "P2": 5, "P3": -4}


def test_A_12_a_shared_first_place_is_a_win_for_both() -> None:
    state = match(MEN, format="wins", count=2)
    state.record(game(MEN, TIED))
    assert state.wins == {"P1": 1, "P2": 1, "P3": 0}
    assert state.last_places == {"P1": 0, "P2": 0, "P3": 1}


def test_A_12_when_everyone_ties_nobody_takes_a_last_place() -> None:
    state = match(MEN, format="last_places", count=1)
    over = state.record(game(MEN, {}))  # three misères of 6
    assert not over
    assert state.last_places == {"P1": 0, "P2": 0, "P3": 0}
    assert state.wins == {"P1": 1, "P2": 1, "P3": 1}


# ----- match formats (A.12) -----


def test_A_12_single_game_match_ends_after_one_game() -> None:
    state = match()
    assert state.game_no == 1
    assert state.record(game(TRIO, MIXED))
    assert state.over
    assert state.game_no == 1


def test_A_12_games_format_plays_n_games_and_adds_the_totals() -> None:
    state = match(format="games", count=3)
    assert not state.record(game(TRIO, MIXED, 1))
    assert state.game_no == 2
    assert not state.record(game(TRIO, ALL_NEGATIVE, 2))
    assert state.record(game(TRIO, MIXED, 3))
    assert state.totals == {"P1": 10 - 4 + 10, "P2": -4 - 8 - 4, "P3": 0 - 6 + 0}
    assert [s.unit for s in state.standings()] == ["P1", "P3", "P2"]


def test_A_12_target_win_at_ends_when_a_total_reaches_it() -> None:
    state = match(format="target", win_at=20)
    assert not state.record(game(TRIO, MIXED, 1))   # P1 10
    assert state.record(game(TRIO, MIXED, 2))       # P1 20: reached
    assert state.totals["P1"] == 20


def test_A_12_target_lose_at_ends_when_a_total_falls_to_it() -> None:
    state = match(format="target", lose_at=-8)
    assert not state.record(game(TRIO, MIXED, 1))   # P2 −4
    assert state.record(game(TRIO, MIXED, 2))       # P2 −8: reached
    assert state.totals["P2"] == -8


def test_A_12_target_with_both_thresholds_ends_at_the_first_reached() -> None:
    state = match(format="target", win_at=50, lose_at=-12)
    assert not state.record(game(TRIO, ALL_NEGATIVE, 1))  # P2 −8
    assert state.record(game(TRIO, MIXED, 2))             # P2 −12
    assert state.totals == {"P1": 6, "P2": -12, "P3": -6}


def test_A_12_first_to_n_wins() -> None:
    state = match(format="wins", count=2)
    assert not state.record(game(TRIO, MIXED, 1))
    assert state.record(game(TRIO, {"P3": "QS"}, 2))  # P3 +2, P1 and P2 misère 6: tie
    assert state.wins == {"P1": 2, "P2": 1, "P3": 0}
    assert state.over
    assert state.standings()[0].unit == "P1"


def test_A_12_first_to_n_last_places() -> None:
    state = match(format="last_places", count=2)
    assert not state.record(game(TRIO, MIXED, 1))
    assert state.record(game(TRIO, ALL_NEGATIVE, 2))
    assert state.last_places == {"P1": 0, "P2": 2, "P3": 0}
    assert state.standings()[-1].unit == "P2"


def test_A_12_max_games_stops_an_open_ended_match() -> None:
    state = match(format="wins", count=5, max_games=3)
    results = [state.record(game(TRIO, MIXED, n)) for n in (1, 2, 3)]
    assert results == [False, False, True]


def test_A_12_wins_and_last_places_do_not_stop_a_games_match_early() -> None:
    state = match(format="games", count=2)
    assert not state.record(game(TRIO, MIXED, 1))
    assert state.record(game(TRIO, MIXED, 2))
    assert len(state.games) == 2


def test_A_12_clone_keeps_the_totals_apart() -> None:
    state = match(format="games", count=3)
    state.record(game(TRIO, MIXED, 1))
    other = state.clone()
    other.record(game(TRIO, MIXED, 2))
    assert state.totals == {"P1": 10, "P2": -4, "P3": 0}
    assert len(state.games) == 1
    assert other.totals["P1"] == 20


# ----- the match inside a FamiliaState -----


def test_A_12_a_two_game_match_plays_a_second_game_after_the_first() -> None:
    opts = options(4, match={"format": "games", "count": 2})
    state = new_game(opts, default_seats(opts), seed=6)
    finish_deal(state)
    assert not state.is_over
    assert state.match.game_no == 2
    assert len(state.match.games) == 1
    assert (state.deal, state.trick_no) == (0, 0)
    assert state.captures == [[], [], [], []]
    finish_deal(state)
    assert state.is_over
    assert len(state.result().games) == 2
    first, second = state.result().games
    assert (first.game_no, second.game_no) == (1, 2)
    for unit, _ in state.match.units:
        assert state.match.totals[unit] == first.unit_total(unit) + second.unit_total(unit)


@pytest.mark.parametrize("scoring", ["rank", "hybrid"])
def test_R_F36_a_played_game_adds_rank_points_to_the_team(scoring: str) -> None:
    opts = options(4, match={"scoring": scoring})
    state = new_game(opts, default_seats(opts), seed=9)
    finish_deal(state)
    (result,) = state.result().games
    for standing in result.standings:
        points = 1 if standing.rank == 1 else 0
        if scoring == "hybrid" and standing.total != 0:
            points = standing.total + (points if standing.total > 0 else 0)
        assert state.match.totals[standing.unit] == points
