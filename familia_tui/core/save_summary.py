"""The summary kept beside a save, so that listing the save folder replays nothing.

A save's summary is what the lists of saved games show of it: the game, the preset, the seats'
names, whether it is over, and its progress (the round and the scores). It lives in a hidden file
beside the save (`.NAME.summary`), never inside it: the save file is the player's record and is
written only by the game it holds. A summary is trusted only when it is this program's (same
format and version), intact (its own `check` hash) and about the save as it is now (the SHA-256
of the save's text); anything else (no summary, an older or edited save, a damaged or edited
summary, a game no longer installed) makes the folder replay the save once, as before summaries,
and write the summary again.
A summary is a cache: losing one costs one replay, never a game.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from familia_tui import __version__
from familia_tui.core.engine import GameState, Progress
from familia_tui.core.record import Record
from familia_tui.core.registry import game_ids, get_game

SUFFIX = ".summary"


class SaveSummary(BaseModel):
    """What the lists of saved games show of one save, and which save it is about."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["familia-tui/save-summary"] = "familia-tui/save-summary"
    program: str = __version__
    """The version of familia-tui that replayed the save (another version replays it again:
    its rules, or its progress, may differ)."""
    save: str
    """The SHA-256 of the save's text when it was summarized."""
    game: str
    preset: str | None
    seats: tuple[str, ...]
    """The seats' names, in seat order."""
    over: bool
    rounds: tuple[tuple[str, int, int | None], ...] | None
    """`Progress.rounds` (None for a game without a `progress` hook)."""
    scores: tuple[tuple[str, int | float], ...] = ()
    scores_key: str | None = None

    @property
    def progress(self) -> Progress | None:
        return None if self.rounds is None else Progress(self.rounds, self.scores, self.scores_key)


def summary_path(save: Path) -> Path:
    """Where the summary of `save` is kept: `.NAME.summary` beside it (hidden, as its lock)."""
    return save.with_name(f".{save.name}{SUFFIX}")


def save_of(summary: Path) -> Path:
    """The save a summary file is about (`summary_path`'s inverse)."""
    return summary.with_name(summary.name[1:].removesuffix(SUFFIX))


def digest(text: str) -> str:
    """The SHA-256 of a save's text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def summarize(record: Record, state: GameState, text: str) -> SaveSummary:
    """The summary of a save whose text is `text`, holding `record`, replayed into `state`."""
    spec = get_game(record.game)
    progress = spec.progress(state) if spec.progress else None
    return SaveSummary(save=digest(text), game=record.game, preset=record.preset,
                       seats=tuple(seat.name for seat in record.seats), over=state.is_over,
                       rounds=progress.rounds if progress else None,
                       scores=progress.scores if progress else (),
                       scores_key=progress.scores_key if progress else None)


def read_summary(save: Path, text: str) -> SaveSummary | None:
    """The summary kept beside `save` if it is sound and about `text` (the save as it is now),
    else None: the save is to be replayed."""
    try:
        data = json.loads(summary_path(save).read_text(encoding="utf-8"))
        check = data.pop("check")
        if check != _check(data):
            return None
        summary = SaveSummary.model_validate(data)
    except (OSError, ValueError, TypeError, AttributeError, KeyError, RecursionError, ValidationError):
        return None
    fresh = summary.program == __version__ and summary.save == digest(text) and summary.game in game_ids()
    return summary if fresh else None


def write_summary(save: Path, summary: SaveSummary) -> None:
    """Keep `summary` beside `save` (a temporary file, then `os.replace`). A summary that cannot
    be written is no loss (the save is replayed next time), so no error is raised."""
    data = summary.model_dump(mode="json")
    data["check"] = _check(data)
    target = summary_path(save)
    with contextlib.suppress(OSError):
        handle, temp = tempfile.mkstemp(prefix=f"{target.name}.", suffix=".tmp", dir=save.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out, ensure_ascii=False)
            os.replace(temp, target)
        finally:
            Path(temp).unlink(missing_ok=True)


def drop_summary(save: Path) -> None:
    """Forget the summary of a save that was deleted or moved aside."""
    with contextlib.suppress(OSError):
        summary_path(save).unlink(missing_ok=True)


def _check(data: object) -> str:
    """A hash of a summary's fields: a summary damaged or edited by hand is not trusted."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
