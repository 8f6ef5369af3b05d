"""Save summaries (`core/save_summary.py`): listing the save folder replays nothing, and a summary
never loses, hides or misstates a game.

- a save with a sound summary is listed without reading its record or replaying it;
- a save without one (an earlier version's file) is replayed once and its summary written
  beside it; the save itself is never written;
- a summary is trusted only for the save's text as summarized: an edited save is replayed;
- a damaged, edited, foreign or misplaced summary is not trusted: the game is listed from its
  save, as it is, and the summary written again;
- a damaged save behind a summary is still found, reported and moved aside;
- the table writes the summary with each save; deleting or moving a save aside drops it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_saves import new_record, played, saved

from familia_tui.core import saves as saves_module
from familia_tui.core.record import Record, load_record, record_json
from familia_tui.core.save_summary import summary_path
from familia_tui.core.saves import SaveFolder, summary_lines
from familia_tui.core.session import Session


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The records replayed (by game) and read (`"read"`) from now on."""
    seen: list[str] = []
    real_replay, real_load, real_parse = Record.replay_with_events, saves_module.load_record, \
        saves_module.record_from_text
    monkeypatch.setattr(Record, "replay_with_events",
                        lambda self, *a, **k: seen.append(self.game) or real_replay(self, *a, **k))
    monkeypatch.setattr(saves_module, "record_from_text", lambda *a: seen.append("read") or real_parse(*a))
    monkeypatch.setattr(saves_module, "load_record", lambda path: seen.append("read") or real_load(path))
    return seen


def listing(folder: Path) -> list[tuple[str, bool, tuple[str, str, str]]]:
    """What a new app would list: each game's name, whether it is over, and its three lines."""
    return [(g.path.name, g.over, summary_lines(g, "en")) for g in SaveFolder(folder).scan().games]


def test_a_save_with_a_sound_summary_is_listed_without_reading_its_record(
        tmp_path: Path, replays: list[str]) -> None:
    unfinished, done = played(new_record("tarot"), 40), played(new_record("daifugo"))
    for record in (unfinished, done):
        saved(SaveFolder(tmp_path), record)
    replays.clear()
    first = listing(tmp_path)  # no summaries yet: each save is replayed once
    assert sorted(replays) == ["daifugo", "read", "read", "tarot"]
    replays.clear()
    assert listing(tmp_path) == first
    assert replays == []
    (game,) = SaveFolder(tmp_path).scan().unfinished
    assert game.record is None and game.load() == unfinished and replays == ["read"]


def test_a_save_without_a_summary_is_replayed_once_and_left_as_it_was(
        tmp_path: Path, replays: list[str]) -> None:
    path = saved(SaveFolder(tmp_path), played(new_record(), 12))
    os.utime(path, (1_000_000, 1_000_000))
    before = path.read_bytes()
    replays.clear()
    (game,) = SaveFolder(tmp_path).scan().games
    assert summary_path(path).exists() and replays == ["read", "familia"]
    assert path.read_bytes() == before and path.stat().st_mtime == 1_000_000
    assert not game.over and game.progress is not None
    SaveFolder(tmp_path).scan()
    assert replays == ["read", "familia"]


def test_an_edited_save_is_replayed_and_listed_as_it_is_now(tmp_path: Path) -> None:
    record = played(new_record(), 30)
    path = saved(SaveFolder(tmp_path), record)
    SaveFolder(tmp_path).scan()
    stat = path.stat()
    path.write_text(record_json(played(new_record()))[:-1] + "\n}", encoding="utf-8")  # the same game, played out
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and its time put back
    (game,) = SaveFolder(tmp_path).scan().games
    assert game.over


def damage_summaries() -> list[tuple[str, object]]:
    return [
        ("garbage", b"\x00\xff not json"),
        ("truncated", lambda text: text[: len(text) // 2]),
        ("finished by hand", lambda text: text.replace('"over": false', '"over": true')),
        ("another shape", lambda text: json.dumps([json.loads(text)])),
        ("an extra key", lambda text: json.dumps(json.loads(text) | {"x": 1})),
        ("no check", lambda text: json.dumps({k: v for k, v in json.loads(text).items() if k != "check"})),
        ("another version", lambda text: text.replace('"program": "', '"program": "0.0.0-')),
        ("a folder", None),
    ]


@pytest.mark.parametrize(("damage", "how"), damage_summaries(), ids=[d for d, _ in damage_summaries()])
def test_a_damaged_summary_never_loses_or_hides_a_game(tmp_path: Path, damage: str, how: object) -> None:
    path = saved(SaveFolder(tmp_path), played(new_record("tarot"), 40))
    sound = listing(tmp_path)
    summary = summary_path(path)
    if how is None:
        summary.unlink()
        summary.mkdir()
    elif isinstance(how, bytes):
        summary.write_bytes(how)
    else:
        summary.write_text(how(summary.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    assert listing(tmp_path) == sound
    scan = SaveFolder(tmp_path).scan()
    assert [g.path for g in scan.unfinished] == [path] and scan.set_aside == ()
    if how is not None:  # written again, sound
        assert listing(tmp_path) == sound and json.loads(summary.read_text(encoding="utf-8"))["over"] is False


def test_a_summary_of_another_save_is_not_trusted(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    done, unfinished = saved(folder, played(new_record())), saved(folder, played(new_record(), 8))
    folder.scan()
    summary_path(unfinished).write_bytes(summary_path(done).read_bytes())
    scan = SaveFolder(tmp_path).scan()
    assert [g.path for g in scan.unfinished] == [unfinished] and [g.path for g in scan.finished] == [done]


def test_a_save_damaged_behind_its_summary_is_still_reported_and_moved_aside(tmp_path: Path) -> None:
    path = saved(SaveFolder(tmp_path), played(new_record(), 6))
    SaveFolder(tmp_path).scan()
    path.write_bytes(path.read_bytes()[:100])
    (problem,) = SaveFolder(tmp_path).scan().set_aside
    assert problem.path == path and "not valid JSON" in problem.reason
    assert not summary_path(path).exists()  # its summary goes with it


def test_a_save_that_fails_only_when_opened_can_be_moved_aside(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    path = saved(folder, played(new_record(), 6))
    folder.scan()
    (game,) = SaveFolder(tmp_path).scan().games  # listed from its summary
    path.write_text("{}", encoding="utf-8")  # after the listing
    with pytest.raises(saves_module.RecordError) as refused:
        game.load()
    problem = folder.refuse(path, refused.value)
    assert problem is not None and problem.moved_to is not None and problem.moved_to.read_text() == "{}"
    assert not summary_path(path).exists() and folder.scan().games == ()


def test_the_table_writes_the_summary_with_each_save(tmp_path: Path, replays: list[str]) -> None:
    folder = SaveFolder(tmp_path)
    path = saved(folder, new_record(seed=5))
    session = Session.open(load_record(path), path, folder.lock(path))
    session.saved = folder.note
    for _ in range(6):
        session.apply(session.bot_action() if not session.is_human_turn() else session.state.legal_actions()[0])
    session.close()
    replays.clear()
    (game,) = SaveFolder(tmp_path).scan().games
    assert replays == [] and not game.over
    assert summary_lines(game, "en")[2] == summary_lines(SaveFolder(tmp_path).read(path), "en")[2]
    assert game.load().actions == session.record.actions


def test_deleting_or_pruning_a_save_drops_its_summary_and_orphans_are_cleared(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    gone, pruned, by_hand = (saved(folder, played(new_record(seed=seed))) for seed in (3, 4, 5))
    folder.scan()
    folder.delete(gone)
    folder.prune_finished(folder.scan(), keep=1)
    remaining = [p for p in (pruned, by_hand) if p.exists()]
    assert len(remaining) == 1
    remaining[0].unlink()  # by hand, outside the app
    folder.scan()
    assert sorted(p.name for p in tmp_path.iterdir()) == []
