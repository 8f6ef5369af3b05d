"""The table kit's proof: toy whist (tests/toy), a game no file outside tests/ names, registers
itself, is simulated and checked with a scenario like a shipped game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from toy import ENTRY

from familia_tui.core.presets import find_preset, list_presets
from familia_tui.core.record import Record, RecordError, record_from_data
from familia_tui.core.registry import game_ids, get_game, register, unregister
from familia_tui.core.scenario import run_scenario
from familia_tui.core.simulate import simulate
from familia_tui.i18n import translate

SCENARIOS = Path(__file__).parent / "toy" / "scenarios"


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    register(ENTRY)
    yield
    unregister(ENTRY.id)


def test_the_toy_game_is_found_with_its_presets_and_texts() -> None:
    assert "toy" in game_ids()
    presets, errors = list_presets("toy")
    assert [p.id for p in presets] == ["toy-4"] and not errors
    assert translate("game.toy", "ja") == "おもちゃホイスト"
    assert translate("toy.ui.trump", "en", suit="S") == "Trumps: S"


def test_bots_play_whole_games_of_five_tricks() -> None:
    spec = get_game("toy")
    run = simulate(spec, find_preset("toy", "toy-4").options, "toy-4", 40, 1, ["random"])
    assert run.games == 40 and run.actions == 40 * 21
    assert all(sum(scores) == 5 for scores in run.scores)


def test_the_trump_choice_belongs_to_the_first_team() -> None:
    spec, options = get_game("toy"), find_preset("toy", "toy-4").options
    state = spec.new_game(options, spec.default_seats(options), seed=3)
    assert state.deciders == (0, 2)
    assert state.view(0).team_hands and state.view(2).team_hands
    assert not state.view(1).team_hands and not state.public_view().team_hands
    assert state.public_view().hand == ()


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenarios(path: Path) -> None:
    outcome = run_scenario(path)
    assert outcome.passed, outcome.report()


def test_a_record_of_a_game_without_stacked_deals_refuses_a_deal() -> None:
    """A game that declares no deal keys cannot stack a deal: a record that carries one is a
    clear error naming the key (it used to pass through unchecked), in both languages."""
    spec, options = get_game("toy"), find_preset("toy", "toy-4").options
    data = Record("toy", options, spec.default_seats(options), 3).to_data()
    assert record_from_data(data).deal is None
    with pytest.raises(RecordError) as raised:
        record_from_data({**data, "deal": {"hands": [[]]}}, "game.json")
    assert raised.value.text("en") == ("game.json: 'deal' is not part of a toy record; remove it. "
                                        "The file was left untouched.")
    assert "配札の指定" in raised.value.text("ja")


def test_statistics_count_the_toys_games_and_its_own_figure(tmp_path: Path) -> None:
    """The statistics kit: the toy's `stats` hook and its `toy.stat.tricks` name are all it adds."""
    from familia_tui.core.record import record_json
    from familia_tui.core.simulate import play_out
    from familia_tui.core.stats import collect, figure_label

    spec = get_game("toy")
    options = find_preset("toy", "toy-4").options
    seats = tuple(seat.model_copy(update={"controller": "bot:random"}) if index else seat
                  for index, seat in enumerate(spec.default_seats(options)))
    for seed in range(3):
        record = play_out(Record("toy", options, seats, seed, preset="toy-4"), seed=seed)
        (tmp_path / f"{seed}.json").write_text(record_json(record), encoding="utf-8")
    (table,) = collect(tmp_path).tables
    assert (table.game, table.preset, table.games, table.figures) == ("toy", "toy-4", 3, ("tricks",))
    assert table.totals() == {"tricks": 3 * 5}
    lines = {line.name: line for line in table.rows}
    assert lines[seats[0].name].games == 3 and lines["bot:random"].games == 9
    assert figure_label("toy", "tricks", "ja") == "獲得トリック"
