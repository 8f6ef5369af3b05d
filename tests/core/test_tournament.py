"""Tournaments (core/tournament.py, `familia-tui tournament`): seatings, duplicate deals, the
interval arithmetic and the report. Random and basic bots only, few games."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from toy.game import GAME as TOY
from toy.game import ToyOptions

from familia_tui.cli import main
from familia_tui.core.engine import Seat
from familia_tui.core.presets import find_preset
from familia_tui.core.registry import get_game
from familia_tui.core.tournament import (
    KindTally,
    TournamentError,
    check_kinds,
    mean_interval,
    new_bot,
    seatings,
    sides,
    t95,
    tournament,
    wilson,
)

Capsys = pytest.CaptureFixture[str]
ROOT = Path(__file__).resolve().parents[2]
"""The checkout whose package a subprocess imports (not another one installed in the venv)."""


def default_seats(game: str, preset: str) -> list[Seat]:
    spec = get_game(game)
    return spec.default_seats(find_preset(game, preset).options)


# ----- seatings -----


@pytest.mark.parametrize("kinds", [("a", "b"), ("a", "b", "c"), ("a", "b", "c", "d", "e")])
def test_each_kind_sits_in_each_seat_equally_often(kinds: tuple[str, ...]) -> None:
    seats = default_seats("tarot", "tarot-4")
    rotated = seatings(seats, kinds)
    assert len(rotated) == len(kinds)
    for index in range(len(seats)):
        assert Counter(seating[index] for seating in rotated) == Counter(kinds)


def test_partners_are_always_of_one_kind_and_teams_rotate_over_the_kinds() -> None:
    seats = default_seats("familia", "familia-4")  # teams A (P1, P3) and B (P2, P4)
    assert sides(seats) == [(0, 2), (1, 3)]
    assert seatings(seats, ["basic", "random"]) == [("basic", "random", "basic", "random"),
                                                   ("random", "basic", "random", "basic")]


def test_three_kinds_over_two_teams_meet_each_other_on_both_sides() -> None:
    rotated = seatings(default_seats("familia", "familia-4"), ["x", "y", "z"])
    assert rotated == [("x", "y", "x", "y"), ("y", "z", "y", "z"), ("z", "x", "z", "x")]


def test_a_person_running_two_hands_plays_both_with_one_kind() -> None:
    seats = [Seat(name="A-M", player="A"), Seat(name="B-M", player="B"),
             Seat(name="A-F", player="A"), Seat(name="B-F", player="B")]
    assert sides(seats) == [(0, 2), (1, 3)]


def test_individual_seats_are_sides_of_their_own() -> None:
    assert sides(default_seats("daifugo", "daifugo-4")) == [(0,), (1,), (2,), (3,)]


# ----- duplicate deals -----


def test_every_deal_is_played_in_every_seating_with_the_same_seed() -> None:
    spec = get_game("familia")
    played: list[tuple[int, tuple[str, ...]]] = []

    def recording_new_game(options: Any, seats: list[Seat], seed: int | None = None, **rest: Any) -> Any:
        played.append((seed or 0, tuple(seat.controller for seat in seats)))
        return spec.new_game(options, seats, seed=seed, **rest)

    recording = dataclasses.replace(spec, new_game=recording_new_game)
    run = tournament(recording, find_preset("familia", "familia-4").options, "familia-4",
                     ["basic", "random"], games=5, seed=10)
    assert (run.deals, run.games) == (3, 6)  # 5 games rounded up to whole deals
    basic_first = ("bot:basic", "bot:random", "bot:basic", "bot:random")
    random_first = ("bot:random", "bot:basic", "bot:random", "bot:basic")
    assert played == [(10, basic_first), (10, random_first), (11, basic_first), (11, random_first),
                      (12, basic_first), (12, random_first)]


def test_in_a_zero_sum_game_the_kinds_scores_are_opposite_deal_by_deal() -> None:
    """Duplicate Tarot (scores sum to zero, each kind in two seats): a deal's scores, summed over
    its seatings, cancel between the two kinds."""
    run = tournament(get_game("tarot"), find_preset("tarot", "tarot-4").options, "tarot-4",
                     ["basic", "random"], games=4, seed=3)
    basic, random_kind = run.tallies["basic"], run.tallies["random"]
    for deal, scores in basic.deal_scores.items():
        assert math.isclose(sum(scores) + sum(random_kind.deal_scores[deal]), 0.0, abs_tol=1e-9)


# ----- the arithmetic -----


def test_wilson_interval_of_7_wins_in_10() -> None:
    """Hand-computed: p = 0.7, z = 1.96: centre 0.6445, half-width 0.2477."""
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)


def test_wilson_interval_at_the_edges_stays_within_0_and_1() -> None:
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval_of_1_to_5() -> None:
    """Hand-computed: mean 3, s = √2.5 = 1.5811, s/√5 = 0.7071, t(4) = 2.776: ±1.963."""
    mean, low, high = mean_interval([1, 2, 3, 4, 5])
    assert mean == 3
    assert low == pytest.approx(3 - 1.963, abs=1e-3)
    assert high == pytest.approx(3 + 1.963, abs=1e-3)


def test_mean_interval_of_one_value_has_no_interval() -> None:
    assert mean_interval([4.0]) == (4.0, None, None)


@pytest.mark.parametrize(("freedom", "quantile"), [(1, 12.706), (30, 2.042), (40, 2.021), (60, 2.000),
                                                   (120, 1.980), (10_000, 1.960)])
def test_t_quantiles(freedom: int, quantile: float) -> None:
    assert t95(freedom) == pytest.approx(quantile, abs=1e-3)


def test_score_interval_is_over_deals_each_the_mean_of_its_entries() -> None:
    """Deal 0 gave entries 1 and 3 (mean 2), deal 1 gave 5: mean 3.5, t(1) · s/√2 =
    12.706 · 2.1213 / 1.4142 = 19.059."""
    tally = KindTally("basic")
    tally.deal_scores[0] += [1.0, 3.0]
    tally.deal_scores[1] += [5.0]
    tally.places.update({1: 2, 2: 1})
    tally.games, tally.wins = 2, 1
    report = tally.report(())
    score = report["score"]
    assert report["win_rate"]["rate"] == 0.5  # wins are counted per game, not per entry
    assert score["mean"] == 3.5 and score["deals"] == 2
    assert score["low"] == pytest.approx(3.5 - 19.059, abs=1e-3)
    assert score["high"] == pytest.approx(3.5 + 19.059, abs=1e-3)


# ----- the tallies -----


def test_familia_teams_give_one_entry_per_game_and_one_winner_or_a_tie() -> None:
    run = tournament(get_game("familia"), find_preset("familia", "familia-4").options, "familia-4",
                     ["basic", "random"], games=6, seed=1)
    basic, random_kind = run.tallies["basic"], run.tallies["random"]
    assert basic.entries == random_kind.entries == basic.games == 6
    assert basic.seat_games == random_kind.seat_games == 12
    assert basic.wins + random_kind.wins >= 6  # a tie gives both a first place
    assert basic.wins == basic.places[1] and random_kind.wins == random_kind.places[1]
    assert basic.decisions > 0 and basic.slowest >= basic.thinking / basic.decisions


def test_a_kind_with_two_seats_wins_a_game_once() -> None:
    run = tournament(get_game("tarot"), find_preset("tarot", "tarot-4").options, "tarot-4",
                     ["basic", "random"], games=4, seed=3)
    for tally in run.tallies.values():
        assert tally.entries == 2 * tally.games
        assert tally.wins <= tally.games


def test_daifugo_reports_its_places_and_biri_per_kind() -> None:
    run = tournament(get_game("daifugo"), find_preset("daifugo", "daifugo-4").options, "daifugo-4",
                     ["basic", "random"], games=4, seed=2)
    figures = {kind: tally.figures for kind, tally in run.tallies.items()}
    assert sum(f["biri"] for f in figures.values()) == run.games
    assert sum(f["place.1"] for f in figures.values()) <= run.games  # a penalty may leave no one first out
    assert all(f["games"] == 2 * run.games for f in figures.values())  # two seats each per game


def test_the_same_seed_gives_the_same_tournament() -> None:
    def scores() -> dict[str, Any]:
        run = tournament(get_game("sixsuit"), find_preset("sixsuit", "sixsuit-6").options, "sixsuit-6",
                         ["basic", "random"], games=4, seed=5)
        return {kind: dict(tally.deal_scores) for kind, tally in run.tallies.items()}

    assert scores() == scores()


def test_think_replaces_a_search_bots_time_budget_only() -> None:
    bot = new_bot(TOY, "search:easy", think=0.05)
    assert bot.level.seconds == 0.05 and bot.level.playouts == 150
    assert new_bot(TOY, "random", think=0.05).choose(None, ["only"], random.Random(0)) == "only"


def test_a_search_kind_plays_a_toy_tournament() -> None:
    run = tournament(TOY, ToyOptions(), "toy-4", ["search:easy", "random"], games=2, seed=1, think=0.01)
    assert run.tallies["search:easy"].playouts > 0
    assert run.summary()["think"] == 0.01


@pytest.mark.parametrize(("kinds", "message"), [
    (["basic"], "two bot kinds or more"),
    (["basic", "basic"], "names 'basic' twice"),
    (["basic", ""], "two bot kinds or more"),
    (["basic", "clever"], "unknown bot 'clever' for Familia (bots: basic, random, search, search:easy, "
                          "search:normal, search:hard)"),
])
def test_bad_kind_lists_are_refused(kinds: list[str], message: str) -> None:
    with pytest.raises(TournamentError, match=re.escape(message)):
        check_kinds(get_game("familia"), kinds)


# ----- the command -----


def cli(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(autouse=True)
def private_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("FAMILIA_TUI_USER_PRESETS", str(tmp_path / "user-presets"))


def test_tournament_json_has_one_report_per_kind(capsys: Capsys) -> None:
    status, out, err = cli(capsys, "tournament", "familia", "--bots", "basic,random", "--games", "4",
                           "--seed", "2", "--json")
    assert status == 0, err
    report = json.loads(out)
    assert set(report) == {"game", "preset", "bots", "seatings", "duplicate", "deals", "games", "seconds",
                           "think", "results"}
    assert (report["game"], report["preset"], report["games"], report["deals"]) == ("familia", "familia-4", 4, 2)
    assert report["seatings"] == [["basic", "random", "basic", "random"], ["random", "basic", "random", "basic"]]
    for row in report["results"].values():
        assert set(row) == {"games", "entries", "wins", "win_rate", "score", "places", "mean_place", "decisions",
                            "seconds_per_decision", "playouts_per_decision", "seat_games", "figures"}
        assert row["win_rate"]["low"] <= row["win_rate"]["rate"] <= row["win_rate"]["high"]
        assert row["score"]["low"] <= row["score"]["mean"] <= row["score"]["high"]
        assert set(row["seconds_per_decision"]) == {"mean", "max"}


def test_tournament_prints_a_table_without_json(capsys: Capsys) -> None:
    status, out, _ = cli(capsys, "tournament", "daifugo", "--games", "2")
    assert status == 0
    assert out.startswith("daifugo / daifugo-4: 1 deals × 2 seatings = 2 games (duplicate deals)")
    assert "\nbasic " in out and "\nrandom " in out and "biri" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("--bots", "basic,clever"), "unknown bot 'clever' for Familia (bots: basic, random, search, "
                                 "search:easy, search:normal, search:hard)"),
    (("--bots", "basic"), "two bot kinds or more"),
    (("--games", "0"), "--games must be at least 1"),
    (("--think", "0"), "--think must be a positive number of seconds"),
    (("--preset", "familia-44"), "did you mean 'familia-4'?"),
])
def test_tournament_bad_arguments_are_one_line_and_status_2(capsys: Capsys, argv: tuple[str, ...],
                                                            message: str) -> None:
    status, out, err = cli(capsys, "tournament", "familia", *argv)
    assert status == 2 and out == ""
    assert message in err and err.startswith("familia-tui: ") and "Traceback" not in err


def test_tournament_does_not_import_textual(tmp_path: Path) -> None:
    code = ("import sys; from familia_tui.cli import main; main(sys.argv[1:]); "
            "bad = [m for m in ('textual', 'rich') if m in sys.modules]; "
            "print('IMPORTED', bad, file=sys.stderr) if bad else None; sys.exit(7 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code, "tournament", "daifugo", "--games", "2", "--json"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "FAMILIA_TUI_DATA": str(tmp_path / "data"),
                              "FAMILIA_TUI_USER_PRESETS": str(tmp_path / "user-presets")})
    assert run.returncode == 0, run.stderr
