"""The save folder: one file per game, in `games/` of the app's data folder (DESIGN.md §4).

- A new game gets a new file named by its creation time and a random id
  (`20261126-181342-3fa9c1.json`). The file is written whole under a temporary name and then
  hard-linked to its name, which fails if the name exists: starting a game never replaces
  another, and nobody ever reads a half-written save.
- A game at the table holds an OS lock (`.NAME.lock` beside it: `flock`, or `msvcrt.locking`
  on Windows; the OS drops it when the app ends, even when killed), so two running apps never
  write the same file.
- Listing replays nothing: each save has a summary beside it (`core/save_summary.py`: the game,
  preset, seats, whether it is over, the round and the scores), written after each save of the
  game at the table, and trusted only while the save's text is the one summarized. A save without
  a sound summary (an older or edited file) is replayed once and its summary written; a game's
  record is read only when it is opened (`SavedGame.load`).
- A file that is not a record this program can resume (damaged, foreign, another version's,
  edited), found when it is replayed for its summary or opened, is reported once and moved aside
  as `NAME.damaged-<time>`: renamed, never deleted or overwritten; new games save as before.
- Finished games stay in the folder (replays and statistics read them later), up to a cap the
  player sets: `prune_finished` deletes the oldest finished games beyond it, never an unfinished
  one, nor one another app has open.
- The single autosave of earlier versions (`autosave.json` beside the folder) is moved in.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from familia_tui.core.engine import GameState, Progress
from familia_tui.core.record import (
    Record,
    RecordError,
    data_dir,
    load_record,
    record_from_text,
    record_json,
    record_text,
)
from familia_tui.core.save_summary import (
    SUFFIX,
    SaveSummary,
    drop_summary,
    read_summary,
    save_of,
    summarize,
    write_summary,
)
from familia_tui.i18n import translate

if sys.platform == "win32":
    import msvcrt

    def _hold(handle: int) -> bool:
        """Lock the lock file's first byte for this app; False when another app holds it."""
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
else:
    import fcntl

    def _hold(handle: int) -> bool:
        """Lock the lock file for this app; False when another app holds it."""
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

LEGACY_AUTOSAVE = "autosave.json"
"""The one save file of earlier versions, in the data folder itself."""


@dataclass(frozen=True)
class SavedGame:
    """One game of the save folder, as its summary tells it (its record is read by `load`)."""

    path: Path
    summary: SaveSummary
    played: datetime
    """When it was last saved (local time)."""
    in_use: bool = False
    """Another running app has this game at its table."""
    record: Record | None = field(default=None, repr=False, compare=False)
    """The record, when listing had to read it (a save without a sound summary)."""

    @property
    def game(self) -> str:
        """The game's id."""
        return self.summary.game

    @property
    def preset(self) -> str | None:
        return self.summary.preset

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats' names, in seat order."""
        return self.summary.seats

    @property
    def over(self) -> bool:
        return self.summary.over

    @property
    def progress(self) -> Progress | None:
        """The round and the scores (None for a game without a `progress` hook)."""
        return self.summary.progress

    def load(self) -> Record:
        """The game's record, read from its file now (RecordError when it cannot be read: see
        `SaveFolder.refuse` to move it aside)."""
        return self.record if self.record is not None else load_record(self.path)


@dataclass(frozen=True)
class SetAside:
    """A file of the save folder that cannot be resumed, and where it was moved."""

    path: Path
    reason: str
    """Why it cannot be resumed, in English (the command line)."""
    moved_to: Path | None
    """None when it could not be moved (`reason` then says why too)."""
    cause: RecordError | None = None
    """The error that stopped it, to say why in the app's language (`cause.reason(lang)`)."""
    move_error: OSError | None = None
    """Why it could not be moved aside, if so."""


@dataclass(frozen=True)
class Scan:
    """What the save folder holds: games newest first, and the files set aside this time."""

    games: tuple[SavedGame, ...]
    set_aside: tuple[SetAside, ...]
    unreadable: str | None = None
    """Why the folder itself cannot be read (then no game is listed)."""
    unreadable_error: OSError | None = None
    """The system's error behind `unreadable`, to say it in the app's language."""

    @property
    def unfinished(self) -> tuple[SavedGame, ...]:
        return tuple(g for g in self.games if not g.over)

    @property
    def finished(self) -> tuple[SavedGame, ...]:
        """The finished games, newest first (replays)."""
        return tuple(g for g in self.games if g.over)


class GameLock:
    """The lock of one game's file, held while that game is at the table."""

    def __init__(self, path: Path, handle: int | None) -> None:
        self.path = path
        self.handle = handle

    def release(self) -> None:
        if self.handle is None:
            return
        # Unlinked before closing: nobody can hold a lock on it now. (Windows refuses to unlink an
        # open file: the file stays and the next app locks it again; its folder may be gone.)
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
        os.close(self.handle)
        self.handle = None


class SaveFolder:
    """The games of one save folder (see the module docstring)."""

    def __init__(self, root: Path, legacy: Path | None = None) -> None:
        self.root = root
        self.legacy = legacy
        """The single autosave of earlier versions, moved in by the first scan."""
        self._read: dict[Path, tuple[tuple[int, int], SavedGame]] = {}
        """Games already listed, by file, with the (mtime, size) they had."""

    @classmethod
    def default(cls) -> SaveFolder:
        """`games/` in the platform's data folder (or in FAMILIA_TUI_DATA)."""
        return cls(data_dir() / "games", data_dir() / LEGACY_AUTOSAVE)

    # ----- listing -----

    def scan(self) -> Scan:
        """Every game, newest first; unreadable files are moved aside and reported."""
        problems = self._migrate()
        try:
            names = self._names()
        except OSError as error:
            return Scan((), tuple(problems), f"{self.root}: {error.strerror or error}", error)
        games = []
        for path in self._saves(names):
            try:
                games.append(self.read(path))
            except RecordError as error:
                problem = self.refuse(path, error)
                if problem is not None:
                    problems.append(problem)
        self._drop_orphans(names)
        games.sort(key=lambda g: g.played, reverse=True)
        return Scan(tuple(games), tuple(problems))

    def files(self) -> list[Path]:
        """The save files, by name, without reading them (statistics read them on their own)."""
        return self._saves(self._names())

    def _names(self) -> list[str]:
        """The names in the folder (none when it does not exist yet)."""
        try:
            return sorted(os.listdir(self.root))
        except FileNotFoundError:
            return []

    def _saves(self, names: list[str]) -> list[Path]:
        """The files that should be saves (not hidden temporary, lock or summary files, not set
        aside)."""
        paths = (self.root / name for name in names if not name.startswith(".") and ".damaged-" not in name)
        return [path for path in paths if path.is_file()]

    def _drop_orphans(self, names: list[str]) -> None:
        """Delete the summaries whose save is gone (deleted or moved by hand)."""
        present = set(names)
        for name in names:
            if name.startswith(".") and name.endswith(SUFFIX) and save_of(self.root / name).name not in present:
                with contextlib.suppress(OSError):
                    (self.root / name).unlink()

    def read(self, path: Path) -> SavedGame:
        """One save as its summary tells it; a save without a sound summary is replayed and its
        summary written (a RecordError says why it cannot be resumed)."""
        try:
            stat = path.stat()
        except OSError as error:
            raise RecordError(f"{path}: cannot be read ({error}).", "unreadable", path, os_error=error,
                              error=error) from None
        key = (stat.st_mtime_ns, stat.st_size)
        cached = self._read.get(path)
        if cached is not None and cached[0] == key:
            game = cached[1]
        else:
            text = record_text(path)
            played = datetime.fromtimestamp(stat.st_mtime).astimezone()
            summary = read_summary(path, text)
            if summary is not None:
                game = SavedGame(path, summary, played)
            else:
                record = record_from_text(text, path)
                state, _ = record.replay_with_events(source=str(path))
                summary = summarize(record, state, text)
                write_summary(path, summary)
                game = SavedGame(path, summary, played, record=record)
            self._read[path] = (key, game)
        in_use = self.in_use(path)
        return game if game.in_use == in_use else replace(game, in_use=in_use)

    def note(self, path: Path, record: Record, state: GameState) -> None:
        """Write the summary of a save just written with `record`, in `state` (the table calls
        this after each save, so that listing need not replay the game; should the file hold
        anything else, the summary is not about it and the listing replays it)."""
        write_summary(path, summarize(record, state, record_json(record)))

    def refuse(self, path: Path, error: RecordError) -> SetAside | None:
        """A save that cannot be resumed, moved aside (None when another app has it open: it is
        not ours to move)."""
        if self.in_use(path):
            return None
        return self.set_aside(path, _reason(error, path), error)

    # ----- files -----

    def create(self, record: Record) -> tuple[Path, GameLock]:
        """A new file holding `record`, under a name no other file has, and its lock, taken
        before the file appears so that no other app ever holds it (RecordError when it cannot
        be written)."""
        payload = record_json(record)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            for _ in range(100):
                stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
                path = self.root / f"{stamp}-{secrets.token_hex(3)}.json"
                lock = self._try_lock(path)
                if lock is not None and _write_new(path, payload):
                    return path, lock
                if lock is not None:
                    lock.release()
        except OSError as error:
            raise RecordError(f"{self.root}: a new save cannot be written there ({error}).", "no_new_save",
                              self.root, os_error=error, error=error) from None
        raise RecordError(f"{self.root}: no free name for a new save.", "no_free_name", self.root)

    def set_aside(self, path: Path, reason: str, cause: RecordError | None = None) -> SetAside:
        """Rename a file that cannot be resumed to `NAME.damaged-<time>` (never over another)."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        for number in range(1, 100):
            suffix = "" if number == 1 else f"-{number}"
            target = path.with_name(f"{path.name}.damaged-{stamp}{suffix}")
            try:
                if _move_new(path, target):
                    self._read.pop(path, None)
                    drop_summary(path)
                    return SetAside(path, reason, target, cause)
            except OSError as error:
                return SetAside(path, f"{reason} It could not be moved aside ({error}).", None, cause,
                                error)
        return SetAside(path, reason, None, cause)

    def delete(self, path: Path) -> None:
        """Delete a save the player chose to delete (RecordError when it cannot be, or another
        app has it open)."""
        if self.in_use(path):
            raise RecordError(f"{path.name}: this game is open in another window.", "in_use", path.name)
        try:
            path.unlink()
        except OSError as error:
            raise RecordError(f"{path}: cannot be deleted ({error}).", "undeletable", path, os_error=error,
                              error=error) from None
        self._read.pop(path, None)
        drop_summary(path)

    def prune_finished(self, scan: Scan, keep: int) -> Scan:
        """Delete the oldest finished games beyond the newest `keep` (the player's cap), never an
        unfinished game nor one another app has open; the scan without them. A file that cannot
        be deleted stays listed (it is tried again next time)."""
        extra = [g for g in scan.finished if not g.in_use][max(keep, 0):]
        gone = set()
        for game in extra:
            with contextlib.suppress(RecordError):
                self.delete(game.path)
                gone.add(game.path)
        return replace(scan, games=tuple(g for g in scan.games if g.path not in gone)) if gone else scan

    def _migrate(self) -> list[SetAside]:
        """Move the autosave of earlier versions into the folder (once)."""
        legacy = self.legacy
        if legacy is None or not legacy.is_file():
            return []
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            stamp = datetime.fromtimestamp(legacy.stat().st_mtime, UTC).strftime("%Y%m%d-%H%M%S")
            for number in range(1, 100):
                if _move_new(legacy, self.root / f"{stamp}-autosave{number}.json"):
                    return []
        except OSError as error:
            return [SetAside(legacy, f"it could not be moved into {self.root} ({error})", None)]
        return []

    # ----- locks -----

    def lock(self, path: Path) -> GameLock | None:
        """Hold `path` for this app; None when another app holds it. (Tries for a tenth of a
        second: another app's `in_use` may be looking at it that very moment.)"""
        for _ in range(5):
            lock = self._try_lock(path)
            if lock is not None:
                return lock
            time.sleep(0.02)
        return None

    def in_use(self, path: Path) -> bool:
        """Whether another app (or another table of this one) holds `path`."""
        lock = self._try_lock(path)
        if lock is None:
            return True
        lock.release()
        return False

    def _try_lock(self, path: Path) -> GameLock | None:
        target = path.with_name(f".{path.name}.lock")
        while True:
            try:
                handle = os.open(target, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:  # a folder we cannot write to: nothing to guard, saves fail anyway
                return GameLock(target, None)
            if not _hold(handle):
                os.close(handle)
                return None
            try:
                current = os.stat(target).st_ino == os.fstat(handle).st_ino
            except FileNotFoundError:
                current = False
            if current:  # not a lock file another app unlinked between our open and flock
                return GameLock(target, handle)
            os.close(handle)


def _reason(error: RecordError, path: Path) -> str:
    """A RecordError's message without the file's path and the "left untouched" that the
    set-aside message replaces."""
    text = str(error).removeprefix(f"{path}: ")
    for untouched in (" The file was left untouched.", " It was left untouched."):
        text = text.replace(untouched, "")
    return text.replace("; it was left untouched", "")


def _write_new(path: Path, payload: str) -> bool:
    """Write `payload` as a new file `path`; False when the name is taken."""
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        return _link(Path(temp), path)
    finally:
        Path(temp).unlink(missing_ok=True)


def _move_new(source: Path, target: Path) -> bool:
    """Rename `source` to `target` unless `target` exists (then False, nothing moved)."""
    if not _link(source, target):
        return False
    source.unlink()
    return True


def _link(source: Path, target: Path) -> bool:
    """A second name for a file, never over an existing one (a file system without hard links
    gets an exclusively created copy)."""
    try:
        os.link(source, target)
        return True
    except FileExistsError:
        return False
    except OSError:
        try:
            with open(target, "xb") as out:
                out.write(source.read_bytes())
            return True
        except FileExistsError:
            return False


def summary_lines(game: SavedGame, lang: str) -> tuple[str, str, str]:
    """A saved game in three short lines: game, preset and when last played; the seats; the
    round and the scores so far."""
    name = translate(f"game.{game.game}", lang)
    played = game.played.strftime("%Y-%m-%d %H:%M")
    head = " · ".join(p for p in (name, game.preset, played) if p)
    seats = ", ".join(game.seats)
    return head, seats, progress_text(game.progress, lang) if game.progress else ""


def progress_text(progress: Progress, lang: str) -> str:
    """`game 2/3 · deal 1/2 · A 15, B -3` (with the game's `scores_key`: `… · ビリ Aki 1, Ben 0`)."""
    rounds = [translate(f"ui.round_{word}" + ("_of" if total else ""), lang, number=number, total=total)
              for word, number, total in progress.rounds]
    scores = ", ".join(f"{unit} {_number(score)}" for unit, score in progress.scores)
    if progress.scores_key is not None:
        scores = translate(progress.scores_key, lang, scores=scores)
    return " · ".join([*rounds, scores])


def _number(score: float) -> str:
    return f"{score:g}" if isinstance(score, float) else str(score)
