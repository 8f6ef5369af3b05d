"""The save folder (DESIGN.md §4): one file per game, nothing ever replaced or lost.

- a new game gets a new file; an existing name is never written over;
- the list shows unfinished games newest first with their round and scores; a finished game is
  kept (and not offered to continue); a save is replayed only when its text changed (summaries:
  `test_save_summaries.py`);
- a damaged or foreign file is reported once and renamed `NAME.damaged-<time>`, bytes intact,
  never over another file, and new games still save;
- a game held by one app is refused to another (two apps never write one file);
- the single `autosave.json` of earlier versions is moved into the folder;
- the session saves into the game's own file and says when a save fails.
"""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from familia_tui.core import saves as saves_module
from familia_tui.core.engine import Progress
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, load_record, record_json
from familia_tui.core.registry import get_game
from familia_tui.core.saves import SaveFolder, progress_text, summary_lines
from familia_tui.core.session import Session


def new_record(game: str = "familia", preset: str | None = None, seed: int = 3) -> Record:
    spec = get_game(game)
    found = find_preset(game, preset or spec.default_preset)
    options = getattr(found.options, "resolved", lambda: found.options)()
    return Record(game, options, tuple(spec.default_seats(options)), seed, preset=found.id)


def played(record: Record, count: int | None = None, rng_seed: int = 1) -> Record:
    """The record after `count` random legal actions (to the end when None)."""
    state, rng = record.replay(), random.Random(rng_seed)
    while not state.is_over and (count is None or len(record.actions) < count):
        action = rng.choice(list(state.legal_actions()))
        state.apply(action)
        record = record.with_action(action)
    return record


class Frozen(datetime):
    """A clock stopped at 2026-01-02 03:04:05 UTC (file names and moved-aside names)."""

    @classmethod
    def now(cls, tz=None):  # type: ignore[no-untyped-def,override]
        return datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def saved(folder: SaveFolder, record: Record) -> Path:
    """A new save, its lock released as when the game leaves the table."""
    path, lock = folder.create(record)
    lock.release()
    return path


def aged(path: Path, seconds: int) -> Path:
    """Make a save look last played `seconds` after the epoch (older than any real one)."""
    os.utime(path, (seconds, seconds))
    return path


# ----- one file per game -----


def test_every_new_game_gets_its_own_file(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    first, second = saved(folder, new_record()), saved(folder, new_record(seed=4))
    assert first != second and first.parent == second.parent == tmp_path
    assert load_record(first).seed == 3 and load_record(second).seed == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, second.name])


def test_a_new_game_never_writes_over_an_existing_name(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    ids = iter(["aaaaaa", "aaaaaa", "bbbbbb"])
    monkeypatch.setattr(saves_module.secrets, "token_hex", lambda _: next(ids))
    monkeypatch.setattr(saves_module, "datetime", Frozen)
    folder = SaveFolder(tmp_path)
    first = saved(folder, new_record())
    before = first.read_bytes()
    second = saved(folder, new_record(seed=9))
    assert (first.name, second.name) == ("20260102-030405-aaaaaa.json", "20260102-030405-bbbbbb.json")
    assert first.read_bytes() == before
    assert load_record(second).seed == 9


def test_a_folder_that_cannot_be_written_is_a_record_error(tmp_path: Path) -> None:
    (tmp_path / "games").write_text("a file where the folder should be")
    with pytest.raises(saves_module.RecordError, match="cannot be written"):
        SaveFolder(tmp_path / "games").create(new_record())


# ----- the list -----


def test_the_list_shows_unfinished_games_newest_first_and_keeps_finished_ones(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    old = aged(saved(folder, played(new_record("tarot"), 40)), 1_000_000)
    new = aged(saved(folder, played(new_record(), 12)), 2_000_000)
    done = aged(saved(folder, played(new_record("daifugo"))), 3_000_000)
    scan = folder.scan()
    assert [g.path for g in scan.games] == [done, new, old]
    assert [g.path for g in scan.unfinished] == [new, old]
    assert scan.games[0].over and not scan.set_aside
    assert done.exists()  # a finished game is kept


def test_the_summary_names_game_preset_seats_round_and_scores(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    aged(saved(folder, played(new_record("tarot"), 200)), 1_000_000)
    (game,) = folder.scan().games
    head, seats, progress = summary_lines(game, "en")
    assert head.startswith("French Tarot · tarot-4 · ")
    assert seats == "P1, P2, P3, P4"
    assert progress.startswith("hand ") and "/8 · P1 " in progress
    head, _, progress = summary_lines(game, "ja")
    assert head.startswith("フレンチタロット · tarot-4 · ") and "ハンド" in progress


def test_progress_reads_rounds_and_scores_in_both_languages() -> None:
    progress = Progress((("game", 2, 3), ("deal", 1, None)), (("A", 15), ("B", -3.5)))
    assert progress_text(progress, "en") == "game 2/3 · deal 1 · A 15, B -3.5"
    assert progress_text(progress, "ja") == "第2/3ゲーム · 第1ディール · A 15, B -3.5"
    biri = Progress((("game", 1, 5),), (("Aki", 1), ("Ben", 0)), scores_key="dfg.score_biri")
    assert progress_text(biri, "en") == "game 1/5 · ビリ Aki 1, Ben 0"


@pytest.mark.parametrize("game", ["familia", "tarot", "daifugo"])
def test_every_playable_game_has_a_progress_hook_from_public_facts(game: str) -> None:
    record = played(new_record(game))
    progress = get_game(game).progress(record.replay())  # type: ignore[misc]
    assert all(total is None or 1 <= number <= total for _, number, total in progress.rounds)
    assert len(progress.scores) >= 2


def test_the_list_replays_a_save_again_only_when_its_text_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = SaveFolder(tmp_path)
    path, edited = saved(folder, played(new_record(), 5)), record_json(played(new_record(), 7))
    folder.scan()
    replays = []
    real = Record.replay_with_events
    monkeypatch.setattr(Record, "replay_with_events",
                        lambda self, *a, **k: replays.append(1) or real(self, *a, **k))
    folder.scan()
    aged(path, 5_000_000)  # touched, the same text: its summary still holds
    folder.scan()
    assert replays == []
    path.write_text(edited, encoding="utf-8")
    folder.scan()
    SaveFolder(tmp_path).scan()
    assert replays == [1]


# ----- damaged and foreign files -----


@pytest.mark.parametrize(("name", "content", "reason"), [
    ("20260101-000000-abcdef.json", b'{"format": "familia-tui/rec', "not valid JSON"),
    ("notes.txt", b"my notes", "not valid JSON"),
    ("other.json", b'{"name": "a foreign file"}', "not a familia-tui game record"),
    ("newer.json", b'{"format": "familia-tui/record", "version": 2}', "record version 2"),
])
def test_a_damaged_or_foreign_file_is_reported_once_moved_aside_and_saving_goes_on(
        tmp_path: Path, name: str, content: bytes, reason: str) -> None:
    folder = SaveFolder(tmp_path)
    good = saved(folder, played(new_record(), 4))
    (tmp_path / name).write_bytes(content)
    scan = folder.scan()
    (problem,) = scan.set_aside
    assert problem.path == tmp_path / name and reason in problem.reason
    assert problem.moved_to is not None and problem.moved_to.name.startswith(f"{name}.damaged-")
    assert problem.moved_to.read_bytes() == content and not (tmp_path / name).exists()
    assert [g.path for g in scan.games] == [good]
    assert folder.scan().set_aside == ()  # once
    assert load_record(saved(folder, new_record(seed=8))).seed == 8


def test_an_unreplayable_save_is_moved_aside_with_the_action_named(tmp_path: Path) -> None:
    record = played(new_record(), 6)
    data = record.to_data() | {"actions": [*record.actions[:2], "play 7X", *record.actions[2:]]}
    path = tmp_path / "20260101-000000-abcdef.json"
    path.write_text(json.dumps(data))
    (problem,) = SaveFolder(tmp_path).scan().set_aside
    assert "action 3 ('play 7X') cannot be replayed" in problem.reason
    assert json.loads(problem.moved_to.read_text()) == data  # type: ignore[union-attr]


def test_moving_aside_never_writes_over_an_earlier_damaged_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves_module, "datetime", Frozen)
    earlier = tmp_path / "bad.json.damaged-20260102-030405"
    earlier.write_bytes(b"the first damaged file")
    (tmp_path / "bad.json").write_bytes(b"the second")
    (problem,) = SaveFolder(tmp_path).scan().set_aside
    assert problem.moved_to == tmp_path / "bad.json.damaged-20260102-030405-2"
    assert earlier.read_bytes() == b"the first damaged file"
    assert problem.moved_to.read_bytes() == b"the second"


# ----- two apps -----


def test_a_game_held_by_one_app_is_refused_to_another(tmp_path: Path) -> None:
    mine, theirs = SaveFolder(tmp_path), SaveFolder(tmp_path)
    path = saved(mine, played(new_record(), 3))
    lock = mine.lock(path)
    assert lock is not None
    assert theirs.lock(path) is None and theirs.in_use(path)
    (listed,) = theirs.scan().games
    assert listed.in_use
    with pytest.raises(saves_module.RecordError, match="open in another window"):
        theirs.delete(path)
    lock.release()
    assert not theirs.in_use(path) and not theirs.scan().games[0].in_use
    assert not list(tmp_path.glob(".*.lock"))  # released locks leave nothing behind


def test_a_new_game_is_held_from_the_moment_its_file_exists(tmp_path: Path) -> None:
    path, lock = SaveFolder(tmp_path).create(new_record())
    assert SaveFolder(tmp_path).in_use(path) and SaveFolder(tmp_path).lock(path) is None
    lock.release()
    assert not SaveFolder(tmp_path).in_use(path)


def test_a_damaged_file_another_app_holds_is_not_moved(tmp_path: Path) -> None:
    path = tmp_path / "20260101-000000-abcdef.json"
    path.write_bytes(b"{}")
    lock = SaveFolder(tmp_path).lock(path)
    assert SaveFolder(tmp_path).scan().set_aside == () and path.exists()
    lock.release()  # type: ignore[union-attr]


# ----- the autosave of earlier versions -----


def test_the_old_autosave_is_moved_into_the_folder(tmp_path: Path) -> None:
    record = played(new_record(), 7)
    legacy = tmp_path / "autosave.json"
    legacy.write_text(record_json(record))
    folder = SaveFolder(tmp_path / "games", legacy)
    (game,) = folder.scan().games
    assert game.load() == record and game.path.parent == tmp_path / "games"
    assert not legacy.exists()


# ----- the session -----


def test_the_session_saves_every_action_into_its_own_file(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    other = saved(folder, played(new_record(), 2))
    before = other.read_bytes()
    path = saved(folder, new_record(seed=5))
    session = Session.open(load_record(path), path, folder.lock(path))
    for _ in range(4):
        session.apply(session.bot_action() if not session.is_human_turn() else session.state.legal_actions()[0])
    assert load_record(path).actions == session.record.actions and session.save_error is None
    assert other.read_bytes() == before
    assert folder.in_use(path)
    session.close()
    assert not folder.in_use(path)


def test_a_failed_save_is_kept_as_an_error_and_play_goes_on(tmp_path: Path) -> None:
    path = saved(SaveFolder(tmp_path), new_record())
    session = Session.open(load_record(path), path)
    path.unlink()
    path.mkdir()  # a folder where the file should be: the write fails
    session.apply(session.state.legal_actions()[0])
    assert session.save_error and "not overwritten" in str(session.save_error)
    assert len(session.record.actions) == 1


def test_a_finished_game_opens_with_the_events_of_its_last_action(tmp_path: Path) -> None:
    session = Session.open(played(new_record()))
    assert session.state.is_over
    assert any(e.kind == "game_scored" for e in session.last_events)


def test_a_folder_that_cannot_be_read_is_said_and_lists_nothing(tmp_path: Path) -> None:
    (tmp_path / "games").write_text("a file where the folder should be")
    scan = SaveFolder(tmp_path / "games").scan()
    assert scan.games == () and scan.set_aside == ()
    assert scan.unreadable and "Not a directory" in scan.unreadable
