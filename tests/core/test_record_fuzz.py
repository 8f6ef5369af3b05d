"""Damaged records (DESIGN.md §9: every entry point is fuzzed): whatever a save file holds —
truncated JSON, wrong types, unreplayable actions, wrong seat counts, duplicate names, unknown
bots, a bad `deal`, absurd nesting — reading, replaying and opening it give a RecordError (never another
exception) and leave the file byte for byte as it was."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, RecordError, load_record
from familia_tui.core.registry import get_game
from familia_tui.core.saves import SaveFolder
from familia_tui.core.session import Session

GAMES = ("familia", "tarot", "daifugo")


@cache
def valid_data(game: str) -> dict[str, Any]:
    """A record of `game` some way into play, as the data of its file."""
    spec = get_game(game)
    preset = find_preset(game, spec.default_preset)
    options = getattr(preset.options, "resolved", lambda: preset.options)()
    record = Record(game, options, tuple(spec.default_seats(options)), 5, preset=preset.id)
    state, rng = record.replay(), random.Random(2)
    for _ in range(30):
        if state.is_over:
            break
        action = rng.choice(list(state.legal_actions()))
        state.apply(action)
        record = record.with_action(action)
    return record.to_data()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


cards = st.sampled_from(["AS", "10H", "JK", "T21", "EX", "1D", "QC", "ZZ", "", "RH", "3C"])
stacked_deals = st.dictionaries(
    st.sampled_from(["hands", "chien", "dealer", "then", "stock", "voids", "rule_card"]),
    json_values | st.lists(cards, max_size=8) | st.lists(st.lists(cards, max_size=18), max_size=5)
    | st.dictionaries(st.sampled_from(["0", "1", "3", "9", "-1", "P1"]), st.lists(cards, max_size=20)),
    max_size=4)
"""Stacked deals in the games' shapes, with cards of the wrong game, unknown seats, wrong sizes."""


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """The text of a damaged record file."""
    data = json.loads(json.dumps(valid_data(draw(st.sampled_from(GAMES)))))
    kind = draw(st.sampled_from(["truncate", "value", "action", "seats", "names", "deal", "nesting",
                                 "option", "bot"]))
    if kind == "truncate":
        text = json.dumps(data)
        return text[:draw(st.integers(0, len(text) - 1))]
    if kind == "value":
        data[draw(st.sampled_from(sorted(data)))] = draw(json_values)
    elif kind == "action":
        actions = data["actions"]
        index = draw(st.integers(0, len(actions)))
        actions.insert(index, draw(st.sampled_from(actions) | st.text(max_size=10) | json_values))
    elif kind == "seats":
        seats = data["seats"]
        data["seats"] = seats[:draw(st.integers(0, len(seats) - 1))] if draw(st.booleans()) \
            else seats + seats[:draw(st.integers(1, 2))]
    elif kind == "names":
        data["seats"][1]["name"] = data["seats"][0]["name"]
    elif kind == "bot":
        data["seats"][-1]["controller"] = draw(st.sampled_from(["bot:clever", "bot:", "robot"]))
    elif kind == "deal":
        data["deal"] = draw(json_values | stacked_deals)
    elif kind == "option":
        data["options"][draw(st.sampled_from(sorted(data["options"])))] = draw(json_values)
    else:  # absurd nesting, where a value is expected
        key = draw(st.sampled_from(["deal", "options", "seats", "actions", "seed"]))
        return json.dumps(data).replace(f'"{key}": ', f'"{key}": {nested(100_000)}, "x": ', 1)
    return json.dumps(data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=damaged())
def test_a_damaged_record_is_a_record_error_and_left_untouched(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    try:
        record = load_record(path)
        Session.open(record, path)
    except RecordError as error:
        assert str(path) in str(error)
    assert path.read_bytes() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=damaged())
def test_the_save_folder_moves_a_damaged_record_aside_intact(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "games"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    path = folder / "20260101-000000-abcdef.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    scan = SaveFolder(folder).scan()
    if scan.set_aside:
        (problem,) = scan.set_aside
        assert problem.moved_to is not None and problem.moved_to.read_bytes() == before
    else:
        assert [g.path for g in scan.games] == [path] and path.read_bytes() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=damaged())
def test_resume_of_a_damaged_file_is_a_message_never_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str) -> None:
    """Issue 10: `resume FILE` printed tracebacks for 41 of 317 damaged records."""
    import familia_tui.tui
    from familia_tui.cli import main

    monkeypatch.setattr(familia_tui.tui, "run_app", lambda **_: 0)
    path = tmp_path / "game.json"
    path.write_bytes(text.encode("utf-8"))  # (bytes: text mode would turn a lone \r into \n)
    status = main(["resume", str(path)])
    err = capsys.readouterr().err
    assert status == 0 or (status == 2 and err.startswith(f"familia-tui: {path}: "))
    assert path.read_bytes() == text.encode("utf-8")
