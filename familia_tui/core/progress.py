"""What a player has done with the practice puzzles: tried, solved, kept in the data folder.

`practice.json` holds `{"format": 1, "puzzles": {"tarot/03-excuse": {"tried": 2, "solved": true}}}`.
It is written atomically (a temporary file, then `os.replace`); a damaged file is moved aside
(`practice.json.damaged`, never deleted) and reported once, and practice goes on from nothing.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

FORMAT = 1

State = Literal["new", "tried", "solved"]


@dataclass
class PuzzleProgress:
    """One puzzle's record: how many answers were judged, and whether one was right."""

    tried: int = 0
    solved: bool = False

    @property
    def state(self) -> State:
        return "solved" if self.solved else "tried" if self.tried else "new"


@dataclass
class Progress:
    """Every puzzle's progress, read from and written to `path`."""

    path: Path
    puzzles: dict[str, PuzzleProgress] = field(default_factory=dict)
    problem: str | None = None
    """Why the file could not be read (it was moved aside), or could not be written."""

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """The progress kept at `path` (default: the data folder's `practice.json`); a missing
        file is no progress, a damaged one is moved aside and said in `problem`."""
        path = path or default_path()
        progress = cls(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return progress
        except OSError as error:
            progress.problem = f"{path}: cannot be read ({error})"
            return progress
        try:
            progress.puzzles = _parse(json.loads(text))
        except (ValueError, TypeError, AttributeError) as error:
            progress.problem = _set_aside(path, error)
        return progress

    def of(self, key: str) -> PuzzleProgress:
        return self.puzzles.get(key, PuzzleProgress())

    def record(self, key: str, right: bool) -> None:
        """One judged answer to the puzzle `key`, written at once."""
        entry = self.puzzles.setdefault(key, PuzzleProgress())
        entry.tried += 1
        entry.solved = entry.solved or right
        self.save()

    def save(self) -> None:
        data = {"format": FORMAT, "puzzles": {
            key: {"tried": p.tried, "solved": p.solved} for key, p in sorted(self.puzzles.items())}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".practice-", suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1)
            os.replace(temp, self.path)
        except OSError as error:
            self.problem = f"{self.path}: cannot be written ({error})"


def default_path() -> Path:
    from familia_tui.core.record import data_dir

    return data_dir() / "practice.json"


def _parse(data: object) -> dict[str, PuzzleProgress]:
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("puzzles"), dict):
        raise ValueError("not a practice progress file")
    puzzles = {}
    for key, entry in data["puzzles"].items():
        tried, solved = entry["tried"], entry["solved"]
        if not isinstance(tried, int) or not isinstance(solved, bool) or tried < 0:
            raise ValueError(f"bad entry for {key}")
        puzzles[str(key)] = PuzzleProgress(tried, solved)
    return puzzles


def _set_aside(path: Path, error: Exception) -> str:
    aside = path.with_name(path.name + ".damaged")
    try:
        os.replace(path, aside)
    except OSError as move_error:
        return f"{path}: damaged ({error}); could not be moved aside ({move_error})"
    return f"{path}: damaged ({error}); moved to {aside.name}, practice starts afresh"
