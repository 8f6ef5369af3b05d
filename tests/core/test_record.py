"""Game records (DESIGN.md §4): a game is its record, saves are atomic, bad files are left alone.

- save → load gives the same record, and loading = replaying rebuilds the exact state;
- a save is atomic: no temporary file is left, and a failed write keeps the old file;
- a corrupt, foreign or newer file raises RecordError naming the file, and is never changed;
- a file that is not one of our records is never overwritten;
- the saves live under FAMILIA_TUI_DATA when it is set.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from familia_tui.core import record as record_module
from familia_tui.core.engine import FamiliaTuiError
from familia_tui.core.presets import find_preset
from familia_tui.core.record import (
    FORMAT,
    VERSION,
    Record,
    RecordError,
    data_dir,
    load_record,
    record_from_data,
    save_record,
)
from familia_tui.core.saves import SaveFolder
from familia_tui.games.familia.game import GAME
from familia_tui.games.familia.rules import FamiliaState

MATCH_PRESET = "familia-4-match-3-games"
"""A preset whose match lasts several games, so match totals move during a long record."""


def new_record(preset: str = "familia-4", seed: int = 7, **changes: object) -> Record:
    """A fresh record of a shipped Familia preset with its default seats."""
    options = find_preset("familia", preset).options
    seats = tuple(GAME.default_seats(options))
    return Record("familia", options, seats, seed, preset=preset, **changes)  # type: ignore[arg-type]


def advance(record: Record, count: int, rng_seed: int = 11) -> tuple[Record, FamiliaState]:
    """Play up to `count` random legal actions; returns the grown record and the live state."""
    state = record.start()
    rng = random.Random(rng_seed)
    for _ in range(count):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record = record.with_action(action)
    return record, state  # type: ignore[return-value]


def snapshot(state: FamiliaState) -> dict[str, object]:
    """Everything a player could tell apart about a Familia state."""
    return {
        "phase": str(state.phase),
        "to_act": state.to_act,
        "deal": state.deal,
        "trick": state.trick_no,
        "leader": state.leader,
        "face_card": state.face_card,
        "hands": [list(h) for h in state.hands],
        "known": [list(k) for k in state.known],
        "stock": list(state.stock),
        "piles": {c: list(p) for c, p in state.piles.items()},
        "captures": [list(c) for c in state.captures],
        "tricks_won": list(state.tricks_won),
        "trick_cards": list(state.plays),
        "history": list(state.history),
        "match_totals": dict(state.match.totals),
        "games": len(state.match.games),
        "legal": [str(a) for a in state.legal_actions()],
    }


def write_bytes(path: Path, data: bytes) -> bytes:
    path.write_bytes(data)
    return data


# ----- round trip -----


def test_save_then_load_gives_an_equal_record(tmp_path: Path) -> None:
    record, _ = advance(new_record(), 23)
    path = save_record(record, tmp_path / "game.json")
    assert path == tmp_path / "game.json"
    assert load_record(path) == record


def test_round_trip_keeps_names_controllers_and_japanese_text(tmp_path: Path) -> None:
    base = new_record()
    seats = tuple(
        seat.model_copy(update={"name": name, "controller": controller})
        for seat, name, controller in zip(
            base.seats, ("アキ", "Ben", "長い名前の人", "Dan"),
            ("human", "bot:basic", "human", "bot:random"), strict=True))
    record = Record("familia", base.options, seats, None, preset=None)
    loaded = load_record(save_record(record, tmp_path / "game.json"))
    assert loaded == record
    assert [s.controller for s in loaded.seats] == ["human", "bot:basic", "human", "bot:random"]
    assert "アキ" in (tmp_path / "game.json").read_text(encoding="utf-8")


def test_saved_file_is_json_with_format_version_and_actions_in_notation(tmp_path: Path) -> None:
    record, _ = advance(new_record(), 5)
    data = json.loads(save_record(record, tmp_path / "game.json").read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["game"] == "familia" and data["preset"] == "familia-4" and data["seed"] == 7
    assert data["actions"] == list(record.actions) and len(data["actions"]) == 5
    assert all(isinstance(a, str) and a.split()[0] in ("pile", "play") for a in data["actions"])
    assert data["options"]["players"] == 4
    assert [s["name"] for s in data["seats"]] == ["P1", "P2", "P3", "P4"]


def test_with_action_appends_the_notation_and_keeps_created() -> None:
    record = new_record(created="2024-01-01T00:00:00+00:00", updated="2024-01-01T00:00:00+00:00")
    action = record.start().legal_actions()[0]
    grown = record.with_action(action)
    assert grown.actions == (str(action),)
    assert grown.created == record.created
    assert grown.updated != record.updated
    assert record.actions == ()  # the original is unchanged


# ----- load = replay -----


@pytest.mark.parametrize("count", [0, 1, 9, 57, 140, 10_000])
def test_loading_replays_to_the_exact_state(tmp_path: Path, count: int) -> None:
    record, live = advance(new_record(MATCH_PRESET, seed=3), count, rng_seed=count)
    loaded = load_record(save_record(record, tmp_path / "game.json"))
    replayed = loaded.replay()
    assert snapshot(replayed) == snapshot(live)
    assert replayed.rng.getstate() == live.rng.getstate()


def test_a_whole_match_replays_with_the_same_result(tmp_path: Path) -> None:
    record, live = advance(new_record(MATCH_PRESET, seed=5), 10_000)
    assert live.is_over and len(live.match.games) == 3
    replayed = load_record(save_record(record, tmp_path / "done.json")).replay()
    assert replayed.is_over
    assert replayed.match.totals == live.match.totals
    assert [g.standings for g in replayed.match.games] == [g.standings for g in live.match.games]


def test_replay_upto_gives_each_intermediate_state() -> None:
    record, _ = advance(new_record(seed=9), 30)
    state = record.start()
    for number, text in enumerate(record.actions, start=1):
        state.apply(GAME.parse_action(text))
        if number in (1, 4, 17, 30):
            assert snapshot(record.replay(upto=number)) == snapshot(state)
    assert snapshot(record.replay(upto=0)) == snapshot(record.start())


def test_a_stacked_deal_in_list_form_survives_the_json_round_trip(tmp_path: Path) -> None:
    deal = {"hands": [["5S", "9S", "2H", "3H", "4D", "6C"]], "black": ["KS"]}
    record, live = advance(new_record(seed=4, deal=deal), 12)
    assert sorted(map(str, record.start().hands[0])) == sorted(deal["hands"][0])
    loaded = load_record(save_record(record, tmp_path / "stacked.json"))
    assert loaded == record
    assert snapshot(loaded.replay()) == snapshot(live)


def test_a_stacked_deal_with_seat_keys_survives_the_json_round_trip(tmp_path: Path) -> None:
    deal = {"hands": {0: ["5S", "9S", "2H", "3H", "4D", "6C"]}, "stock": ["AH"]}
    record, live = advance(new_record(seed=4, deal=deal), 12)
    assert sorted(map(str, record.start().hands[0])) == sorted(deal["hands"][0])
    loaded = load_record(save_record(record, tmp_path / "stacked.json"))
    assert snapshot(loaded.replay()) == snapshot(live)


def test_same_record_replays_identically_twice() -> None:
    record, _ = advance(new_record(seed=21), 80)
    assert snapshot(record.replay()) == snapshot(record.replay())


# ----- atomic save -----


def test_save_leaves_only_the_record_in_the_folder(tmp_path: Path) -> None:
    record, _ = advance(new_record(), 3)
    save_record(record, tmp_path / "game.json")
    record, _ = advance(new_record(), 8)
    save_record(record, tmp_path / "game.json")  # replacing our own record is fine
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert len(load_record(tmp_path / "game.json").actions) == 8


def test_save_creates_missing_folders(tmp_path: Path) -> None:
    record = new_record()
    path = save_record(record, tmp_path / "a" / "b" / "game.json")
    assert path.is_file() and load_record(path) == record


def test_a_failed_replace_keeps_the_old_file_and_no_temp_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    old, _ = advance(new_record(), 4)
    save_record(old, path)
    before = path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    newer, _ = advance(new_record(), 9)
    with pytest.raises(RecordError, match="cannot be written"):
        save_record(newer, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failure_while_writing_keeps_the_old_file_and_no_temp_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    save_record(new_record(), path)
    before = path.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(RecordError, match="cannot be written"):
        save_record(advance(new_record(), 6)[0], path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_an_interrupted_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    save_record(new_record(), path)
    before = path.read_bytes()

    def interrupted(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_record(advance(new_record(), 2)[0], path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# ----- bad files: clear errors, left untouched -----


def test_corrupt_json_names_the_file_and_line_and_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    good = json.dumps(new_record().to_data(), indent=1)
    before = write_bytes(path, good[: len(good) // 2].encode())  # a save cut short
    with pytest.raises(RecordError) as caught:
        load_record(path)
    message = str(caught.value)
    line = good[: len(good) // 2].count("\n") + 1
    assert str(path) in message
    assert f"line {line}" in message
    assert "untouched" in message
    assert path.read_bytes() == before


def test_json_syntax_error_on_a_given_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    before = write_bytes(path, b'{"format": "familia-tui/record",\n "version": 1,\n oops\n}\n')
    with pytest.raises(RecordError, match=r"line 3") as caught:
        load_record(path)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before


def test_binary_garbage_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    before = write_bytes(path, b"\xff\xfe\x00garbage\x80")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("content", [
    '{"name": "my shopping list", "items": ["milk"]}',
    '{"format": "something-else", "version": 1}',
    '[1, 2, 3]',
    '"just a string"',
    'null',
])
def test_foreign_json_is_a_record_error_and_left_untouched(tmp_path: Path, content: str) -> None:
    path = tmp_path / "other.json"
    before = write_bytes(path, content.encode())
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(path) in str(caught.value)
    assert "not a familia-tui game record" in str(caught.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_unsupported_version_is_a_record_error(tmp_path: Path, version: object) -> None:
    path = tmp_path / "game.json"
    data = new_record().to_data() | {"version": version}
    before = write_bytes(path, json.dumps(data).encode())
    with pytest.raises(RecordError) as caught:
        load_record(path)
    message = str(caught.value)
    assert str(path) in message and f"version {version!r}" in message
    assert f"version {VERSION}" in message
    assert path.read_bytes() == before


def test_missing_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "nowhere.json")


def test_record_error_belongs_to_the_project_error_tree() -> None:
    assert issubclass(RecordError, FamiliaTuiError)


# ----- replaying bad actions -----


def _illegal_play(record: Record, upto: int) -> str:
    """A well-formed `play` that is not legal after the first `upto` actions."""
    state = record.replay(upto=upto)
    legal = {str(a) for a in state.legal_actions()}
    return next(f"play {rank}{suit}" for suit in "SHDC" for rank in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10)
                if f"play {rank}{suit}" not in legal)


def test_an_illegal_action_names_its_number(tmp_path: Path) -> None:
    record, _ = advance(new_record(), 10)
    bad = _illegal_play(record, 6)
    actions = (*record.actions[:6], bad, *record.actions[7:])
    path = tmp_path / "game.json"
    before = write_bytes(path, json.dumps(record.to_data() | {"actions": list(actions)}).encode())
    loaded = load_record(path)
    with pytest.raises(RecordError) as caught:
        loaded.replay(source=str(path))
    message = str(caught.value)
    assert "action 7" in message and repr(bad) in message and str(path) in message
    assert path.read_bytes() == before


@pytest.mark.parametrize(("changes", "expected"), [
    ({"seats": [{"name": "P1"}, {"name": "P2"}]}, "invalid seats: 2 given, but its options seat 4"),
    ({"seats": [{"name": n} for n in ("P1", "P1", "P3", "P4")]}, "seat names must differ"),
    ({"deal": {"hands": "nonsense"}}, "invalid deal.hands"),
])
def test_a_table_or_deal_the_game_refuses_is_a_record_error(changes: dict[str, object], expected: str) -> None:
    """Issue 10: a wrong seat count, duplicate names or a bad deal raised a bare ValueError; each
    is a RecordError naming the file, when the record is read or else when it is replayed."""
    with pytest.raises(RecordError, match=expected) as caught:
        record_from_data(new_record().to_data() | changes, "saves/x.json").replay(source="saves/x.json")
    assert str(caught.value).startswith("saves/x.json: ")


def test_an_action_in_no_notation_names_its_number() -> None:
    record, _ = advance(new_record(), 4)
    broken = record.to_data() | {"actions": [*record.actions[:2], "dance a jig", *record.actions[2:]]}
    with pytest.raises(RecordError, match=r"action 3 \('dance a jig'\)"):
        record_from_data(broken, "bug.json").replay(source="bug.json")


def test_an_action_after_the_end_is_illegal() -> None:
    record, live = advance(new_record(seed=2), 10_000)
    assert live.is_over
    extra = record.to_data() | {"actions": [*record.actions, "pile black"]}
    with pytest.raises(RecordError, match=f"action {len(record.actions) + 1} "):
        record_from_data(extra).replay()


# ----- record_from_data -----


@pytest.mark.parametrize(("changes", "expected"), [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"game": "canasta"}, "unknown game"),
    ({"options": {"players": 4, "stlye": "batting"}}, "stlye"),
    ({"options": {"players": "four"}}, "players"),
    ({"seats": "P1,P2"}, "'seats' must be a list"),
    ({"seats": [{"name": ""}]}, "seats"),
    ({"actions": "play 5S"}, "'actions' must be a list"),
    ({"seed": "abc"}, "seed must be a whole number"),
    ({"seed": True}, "seed must be a whole number"),
    ({"deal": "AS KS"}, "invalid deal: a str, not a mapping"),
    ({"seats": [{"name": "P1", "controller": "bot:clever"}]}, "unknown bot 'bot:clever'"),
])
def test_invalid_record_data_names_the_source(changes: dict[str, object], expected: str) -> None:
    data = new_record().to_data() | changes
    with pytest.raises(RecordError) as caught:
        record_from_data(data, "saves/x.json")
    assert str(caught.value).startswith("saves/x.json: ")
    assert expected in str(caught.value)


# ----- never overwrite a foreign file -----


@pytest.mark.parametrize("content", [
    b'{"name": "important", "keep": true}\n',
    b"my notes, not JSON at all\n",
    b"",
    b'{"format": "familia-tui/record", "version": 1, oops',
])
def test_save_refuses_to_overwrite_a_file_that_is_not_our_record(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "notes.json"
    write_bytes(path, content)
    with pytest.raises(RecordError) as caught:
        save_record(new_record(), path)
    assert str(path) in str(caught.value) and "not overwritten" in str(caught.value)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json"]


def test_save_refuses_to_replace_a_folder(tmp_path: Path) -> None:
    (tmp_path / "game.json").mkdir()
    with pytest.raises(RecordError):
        save_record(new_record(), tmp_path / "game.json")
    assert (tmp_path / "game.json").is_dir()


# ----- where the saves live -----


def test_saves_live_under_familia_tui_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    assert SaveFolder.default().root == tmp_path / "data" / "games"


def test_the_data_folder_defaults_to_the_platform_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FAMILIA_TUI_DATA", raising=False)
    from platformdirs import user_data_dir

    assert record_module.data_dir() == Path(user_data_dir("familia-tui", appauthor=False))
