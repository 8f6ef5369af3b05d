"""The guided first game's conditions for Daifugō (`games/daifugo/lessons.py`) read the
learner's view and legal actions only, and what their lessons say agrees with `legal_actions()`
and `explain()`: a forbidden finish is refused citing DF-22a, a hand that cannot beat the top
has only a pass."""

from __future__ import annotations

import random

from daifugo_helpers import options, position, stacked

from familia_tui.games.daifugo.actions import PASS, parse_action
from familia_tui.games.daifugo.lessons import CONDITIONS, finish_forbidden, following, leading, only_pass


def decision(state):  # type: ignore[no-untyped-def]
    seat = state.to_act
    return state.view(seat), list(state.legal_actions())


def test_leading_holds_on_an_empty_table_only() -> None:
    state = stacked(options(), hands={0: "3H 4S"})
    view, legal = decision(state)
    assert view.phase == "lead" and leading(view, legal) and not following(view, legal)


def test_only_pass_holds_exactly_when_the_legal_set_is_a_pass_DF_11() -> None:
    state = position(options(), hands={0: "4S 5H", 1: "QS", 2: "QC", 3: "KC"}, trick=[[3, "AS"]], to_act=0)
    view, legal = decision(state)
    assert legal == [PASS]
    assert only_pass(view, legal) and not following(view, legal)


def test_following_holds_when_a_play_beats_the_top_DF_8() -> None:
    state = position(options(), hands={0: "4S KH", 1: "QS", 2: "QC", 3: "KC"}, trick=[[3, "10S"]], to_act=0)
    view, legal = decision(state)
    assert parse_action("play KH") in legal and PASS in legal
    assert following(view, legal) and not only_pass(view, legal)


def test_finish_forbidden_agrees_with_the_refused_last_play_DF_22a() -> None:
    state = position(options(), hands={0: "2S", 1: "QS 4C", 2: "QC 4D", 3: "KC 4H"}, trick=[[3, "10S"]], to_act=0)
    view, legal = decision(state)
    assert finish_forbidden(view, legal)
    last = parse_action("play 2S")
    assert last not in legal
    assert "DF-22a" in state.explain(last).rulings


def test_finish_forbidden_names_a_3_in_a_revolution_not_a_2_DF_21() -> None:
    state = position(options(), hands={0: "2S 5H", 1: "QS 4C", 2: "QC 4D", 3: "KC 4H"}, revolution=True, to_act=0)
    view, legal = decision(state)
    assert not finish_forbidden(view, legal)
    state = position(options(), hands={0: "3S 5H", 1: "QS 4C", 2: "QC 4D", 3: "KC 4H"}, revolution=True, to_act=0)
    assert finish_forbidden(*decision(state))


def test_no_condition_holds_for_a_seat_that_is_not_to_act() -> None:
    state = stacked(options(), hands={0: "3H 4S"})
    for name, condition in CONDITIONS.items():
        assert not condition(state.view(1), []), name


def test_conditions_never_contradict_the_legal_set_over_random_games() -> None:
    """`only_pass` iff the legal set is one pass in the follow phase, `following` iff a play may
    follow, `leading` iff the table is empty: over whole games of random play."""
    rng = random.Random(5)
    for seed in range(6):
        state = stacked(options(), seed=seed)
        while not state.is_over:
            view, legal = decision(state)
            plays = [a for a in legal if a != PASS]
            if view.phase == "follow":
                assert only_pass(view, legal) == (legal == [PASS])
                assert following(view, legal) == bool(plays)
            assert leading(view, legal) == (view.phase == "lead")
            state.apply(rng.choice(legal))
