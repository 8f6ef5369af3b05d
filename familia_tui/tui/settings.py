"""The app's settings (language, glyphs, bot pace, card motion, theme, undo), kept in the platform's config folder.

A settings file that cannot be read is reported and left alone; the app then runs on defaults.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from familia_tui.i18n import default_lang

KEEP_FINISHED = (50, 200, 1000)
"""The caps of kept finished games the settings offer."""
BOT_PACES = {"instant": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.5}
"""Seconds a bot's move stays on screen before the next one."""
UNDO = ("on", "off")
MOTIONS = ("off", "normal", "slow")
"""How cards move on the table (`widgets/table_view.py`): not at all, or at one of two speeds."""


@dataclass(frozen=True)
class Settings:
    lang: str = "en"
    glyphs: str = "unicode"
    bot_pace: str = "normal"
    trick_pause: float = 1.6
    """Seconds a finished trick (with its batting result) stays on screen."""
    motion: str = "normal"
    """How a played card moves to the table and a won trick to its winner (`MOTIONS`); tests
    and screenshots run headless, where the table never moves."""
    theme: str = "textual-dark"
    """The Textual theme last chosen (with the command palette)."""
    undo: str = "on"
    """`on`: a player may take back their own moves (u); `off` for serious games."""
    keep_finished: int = 200
    """How many finished games the save folder keeps for replays and statistics (the oldest
    beyond are deleted; unfinished games never are)."""

    @property
    def bot_delay(self) -> float:
        return BOT_PACES.get(self.bot_pace, 0.8)

    def with_(self, **changes: object) -> Settings:
        return replace(self, **changes)  # type: ignore[arg-type]


def settings_path() -> Path:
    override = os.environ.get("FAMILIA_TUI_CONFIG")
    if override:
        return Path(override) / "settings.json"
    from platformdirs import user_config_dir

    return Path(user_config_dir("familia-tui", appauthor=False)) / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults where missing) and a problem message, if any."""
    path = path or settings_path()
    base = Settings(lang=default_lang())
    if not path.exists():  # (a first launch imports no json parser before its first frame)
        return base, None
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        known = {k: v for k, v in data.items() if k in asdict(base)}
        settings = replace(base, **known)
    except (OSError, ValueError, TypeError, AttributeError) as error:
        return base, f"{path}: settings not read ({error}); using defaults, the file was left as it is"
    if settings.lang not in ("en", "ja") or settings.glyphs not in ("unicode", "letters", "ascii"):
        return base, f"{path}: unknown language or glyph mode; using defaults"
    if settings.motion not in MOTIONS:
        return base, f"{path}: motion must be one of {', '.join(MOTIONS)}; using defaults"
    if settings.undo not in UNDO:
        return base, f"{path}: undo must be one of {', '.join(UNDO)}; using defaults"
    keep = settings.keep_finished
    if not isinstance(keep, int) or isinstance(keep, bool) or keep < 0:
        return base, f"{path}: keep_finished must be a whole number of games (0 or more); using defaults"
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    import json

    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(asdict(settings), indent=1), encoding="utf-8")
    os.replace(temp, path)
