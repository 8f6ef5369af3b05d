"""Replays (issue 14, item 2): a record stepped through gives the engine's own state at every
step, both ways; tricks and deals are found from the events; an unfinished game shows only what
the person at the keyboard could see; the save folder keeps finished games up to the cap."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, RecordError, save_record
from familia_tui.core.registry import game_ids, get_game
from familia_tui.core.replay import CHECKPOINT_EVERY, Replay
from familia_tui.core.saves import SaveFolder
from familia_tui.core.simulate import play_out


def new_record(game: str, seats: str | None = None, seed: int = 5) -> Record:
    spec = get_game(game)
    preset = find_preset(game, spec.default_preset)
    chosen = parse_seats(seats, spec.default_seats(preset.options), list(spec.bots))
    return Record(game, preset.options, tuple(chosen), seed, preset=preset.id)


@pytest.mark.parametrize("game", game_ids())
def test_every_step_of_a_finished_game_is_the_engines_state_after_that_many_actions(game: str) -> None:
    record = play_out(new_record(game))
    replay = Replay(record)
    assert replay.finished and replay.length == len(record.actions)
    steps = sorted({0, 1, replay.length, replay.length // 2, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1} - {-1})
    for step in [s for s in steps if s <= replay.length] + [3, 2, 1]:  # forward, then back
        moment = replay.at(step)
        expected = record.replay(step)
        assert moment.state.public_view() == expected.public_view()
        assert moment.state.view(0) == expected.view(0)
        if step:
            assert moment.decision is not None and moment.decision.action == record.actions[step - 1]
            before = record.replay(step - 1)
            assert moment.decision.seat == before.to_act
            assert moment.explanation == before.explain(get_game(game).parse_action(record.actions[step - 1]))


def test_tricks_and_deals_are_found_from_the_events_both_ways() -> None:
    replay = Replay(play_out(new_record("tarot")))
    forward, step = [], 0
    while step < replay.length:
        step = replay.next_trick(step)
        forward.append(step)
    backward, step = [], replay.length
    while step > 0:
        step = replay.previous_trick(step)
        backward.append(step)
    assert backward[:-1] == list(reversed(forward))[1:]  # the same stops, the other way
    assert all(replay.steps[s - 1].trick_end or replay.steps[s - 1].deal_bound for s in forward[:-1])
    deals = [s for s in range(1, replay.length + 1) if replay.steps[s - 1].deal_bound]
    assert replay.next_deal(0) == deals[0] and replay.previous_deal(deals[1]) == deals[0]
    assert len(deals) >= 2  # a tarot game has several hands


def test_an_unfinished_game_shows_only_the_only_humans_seat_or_nothing_private() -> None:
    one_human = Replay(play_out(new_record("familia", "Aki,bot,bot,bot"), actions=9))
    assert not one_human.finished and one_human.private_seats == (0,)
    assert one_human.may_see(0) and not one_human.may_see(1)
    assert one_human.hands(one_human.at(5)) is None
    hot_seat = Replay(play_out(new_record("familia", "Aki,Ben,bot,bot"), actions=9))
    assert hot_seat.private_seats == () and not hot_seat.may_see(0)
    finished = Replay(play_out(new_record("familia", "Aki,Ben,bot,bot")))
    assert finished.private_seats is None and finished.may_see(3)
    assert set(finished.hands(finished.at(0)) or {}) == {0, 1, 2, 3}


def test_a_damaged_record_is_a_record_error_naming_the_action() -> None:
    record = play_out(new_record("familia"), actions=6)
    damaged = Record(record.game, record.options, record.seats, record.seed,
                     (*record.actions[:3], "play ZZ"), preset=record.preset)
    with pytest.raises(RecordError, match=r"action 4 \('play ZZ'\) cannot be replayed"):
        Replay(damaged, "game.json")


def test_the_save_folder_keeps_the_newest_finished_games_up_to_the_cap_and_every_unfinished_one(
        tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    finished = play_out(new_record("familia"))
    unfinished = play_out(new_record("familia"), actions=4)
    paths = []
    for age, record in enumerate([finished, unfinished, finished, finished, unfinished, finished]):
        path = tmp_path / f"game{age}.json"
        save_record(record, path)
        os.utime(path, (1_000_000 - age * 1000, 1_000_000 - age * 1000))  # game0 is the newest
        paths.append(path)
    scan = folder.prune_finished(folder.scan(), keep=2)
    assert [g.path.name for g in scan.finished] == ["game0.json", "game2.json"]
    assert [g.path.name for g in scan.unfinished] == ["game1.json", "game4.json"]
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["game0.json", "game1.json", "game2.json",
                                                                "game4.json"]
    held = folder.lock(paths[2])
    scan = folder.prune_finished(folder.scan(), keep=0)  # another app's game is never deleted
    assert [g.path.name for g in scan.finished] == ["game2.json"] and len(scan.unfinished) == 2
    assert held is not None
    held.release()
