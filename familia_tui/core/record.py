"""Game records: a game is its record (format, game, resolved options, seats, seed or stacked
deal, the actions in notation, timestamps). Loading a record replays its actions.

Saving is atomic (a temporary file in the same folder, then `os.replace`), so a killed process
leaves either the old file or the new one. A file that is not one of our records is never
overwritten, and a corrupt or foreign file gives a `RecordError` that names it and says what to do.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from familia_tui.core.engine import (
    Event,
    GameSpec,
    GameState,
    Seat,
    deciders,
)
from familia_tui.core.errors import FamiliaTuiError
from familia_tui.i18n import translate

FORMAT = "familia-tui/record"
VERSION = 1


class RecordError(FamiliaTuiError):
    """A record file that cannot be read, replayed or written; the message says what to do.

    `str()` is the English message (the command line). The app says it in its own language from
    `key` (a `record.<key>` message: what is wrong, without the file) and `params`: `text(lang)`
    names the file, `reason(lang)` does not. An operating system's error (`os_error`) is shown
    by its error number in Japanese, as its own text is English.
    """

    def __init__(self, message: str, key: str, source: object = "", *, untouched: bool = False,
                 os_error: OSError | None = None, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.source = str(source)
        """The file (or folder) the error is about."""
        self.untouched = untouched
        """Whether the message ends by saying the file was left untouched."""
        self.os_error = os_error
        self.params = {name: str(value) for name, value in params.items()}

    def reason(self, lang: str = "en") -> str:
        """What is wrong, in `lang`, without the file's name or that it was left untouched."""
        params = dict(self.params)
        if self.os_error is not None:
            params["error"] = os_error_text(self.os_error, lang)
        return translate(f"record.{self.key}", lang, **params)

    def text(self, lang: str = "en") -> str:
        """The whole message in `lang`: the file, what is wrong, and what became of the file."""
        text = translate("record.message", lang, source=self.source, reason=self.reason(lang))
        return text + translate("record.untouched", lang) if self.untouched else text


def os_error_text(error: OSError, lang: str) -> str:
    """An operating system's error in `lang`: its text in English; in other languages a message
    for the common error numbers (`record.errno.EACCES`), else the number."""
    if lang == "en" or error.errno is None:
        return str(error.strerror or error)
    code = errno.errorcode.get(error.errno, "")
    known = translate(f"record.errno.{code}", lang)
    return known if known != f"record.errno.{code}" else translate("record.errno", lang, number=error.errno)


REFUSALS = (FamiliaTuiError, ValueError, TypeError, LookupError, AttributeError, RecursionError)
"""What a game's setup (a SetupError of a stacked deal) or `apply` (IllegalAction,
ActionSyntaxError) raises on data it refuses: a record from an edited file or another version
may hold a table, deal or action of any shape."""


def _reason(error: BaseException) -> str:
    """An exception's message, or its kind when it has none (a KeyError of a bare name)."""
    text = str(error) if not isinstance(error, RecursionError) else "nested too deeply"
    return text or type(error).__name__


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Record:
    """Everything needed to rebuild a game: replaying `actions` from the start reproduces it."""

    game: str
    options: BaseModel
    seats: tuple[Seat, ...]
    seed: int | None
    actions: tuple[str, ...] = ()
    deal: Mapping[str, Any] | None = None
    """A stacked first deal (scenarios, bug reports), in the game's mapping form."""
    preset: str | None = None
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)
    undos: int = 0
    """How many times a player took moves back (the record keeps it: a game played with undo is
    not a game played without)."""

    def with_action(self, action: object) -> Record:
        """This record with one more action (its notation) and a fresh timestamp."""
        return replace(self, actions=(*self.actions, str(action)), updated=_now())

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "game": self.game, "preset": self.preset,
            "options": self.options.model_dump(mode="json"),
            "seats": [_seat_data(s) for s in self.seats],
            "seed": self.seed, "deal": self.deal, "actions": list(self.actions),
            "created": self.created, "updated": self.updated,
        } | ({"undos": self.undos} if self.undos else {})

    def taken_back(self, keep: int) -> Record:
        """This record with only its first `keep` actions, one more undo noted."""
        return replace(self, actions=self.actions[:keep], undos=self.undos + 1, updated=_now())

    def start(self) -> GameState:
        """The game's initial state."""
        from familia_tui.core.registry import get_game

        spec = get_game(self.game)
        return spec.new_game(self.options, list(self.seats), seed=self.seed, deal=self.deal)

    def replay(self, upto: int | None = None, source: str = "record") -> GameState:
        """The state after the first `upto` actions (all by default)."""
        return self.replay_with_events(upto, source)[0]

    def replay_with_events(self, upto: int | None = None, source: str = "record",
                           history: list[Event] | None = None,
                           deciding: list[tuple[int, ...]] | None = None) -> tuple[GameState, list[Event]]:
        """The state after the first `upto` actions, and the events of the last one (of the
        deal when there is none). `history`, when given, receives every event of the replay, the
        deal's first (a resumed game's log needs them: the record is then replayed once);
        `deciding` receives the seats that made each action (`core.engine.deciders`: the acting
        seat, or a team). A table, deal or action that the game refuses (an edited file, another
        version's record) is a RecordError naming what and where."""
        from familia_tui.core.registry import get_game

        spec = get_game(self.game)
        try:
            state = self.start()
        except REFUSALS as error:
            raise RecordError(f"{source}: the game cannot be set up from this record ({_reason(error)}). "
                              "The file was left untouched.", "setup", source, untouched=True,
                              reason=_reason(error)) from None
        events: list[Event] = []
        if history is not None:
            history.extend(getattr(state, "events", ()))
        for number, text in enumerate(self.actions[:upto], start=1):
            if deciding is not None:
                deciding.append(deciders(state))
            try:
                events = state.apply(spec.parse_action(text))
                if history is not None:
                    history.extend(events)
            except REFUSALS as error:
                raise RecordError(f"{source}: action {number} ({text!r}) cannot be replayed: "
                                  f"{_reason(error)}. The file was left untouched.", "action", source,
                                  untouched=True, number=number, action=text, reason=_reason(error)) from None
        return state, events


def record_from_data(data: object, source: str = "record") -> Record:
    """Validate a record's data (from JSON); every problem is a RecordError naming `source`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{source}: not a familia-tui game record (no \"format\": \"{FORMAT}\"). "
                          "The file was left untouched.", "foreign", source, untouched=True, format=FORMAT)
    if data.get("version") != VERSION:
        raise RecordError(f"{source}: record version {data.get('version')!r} is not supported "
                          f"(this program reads version {VERSION}). The file was left untouched.",
                          "version", source, untouched=True, version=repr(data.get("version")),
                          supported=VERSION)
    from familia_tui.core.registry import UnknownGame, get_game

    try:
        spec = get_game(str(data.get("game")))
        options = _validated("options", spec.options_model, data.get("options") or {}, source)
        seats = _seats(spec, _list(data, "seats", source), source)
        actions = tuple(str(a) for a in _list(data, "actions", source))
    except UnknownGame as error:
        raise RecordError(f"{source}: {error}. The file was left untouched.", "unknown_game", source,
                          untouched=True, game=data.get("game")) from None
    unknown = [s.controller for s in seats if not s.is_human and s.controller[4:] not in spec.bot_kinds]
    if unknown:
        raise RecordError(f"{source}: unknown bot {unknown[0]!r} (this program's {spec.id} bots: "
                          f"{', '.join(spec.bot_kinds)}). The file was left untouched.", "unknown_bot",
                          source, untouched=True, bot=unknown[0], bots=", ".join(spec.bot_kinds))
    seed, deal, preset = data.get("seed"), data.get("deal"), data.get("preset")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"{source}: seed must be a whole number, not {seed!r}. "
                          "The file was left untouched.", "seed", source, untouched=True, seed=repr(seed))
    table = len(spec.default_seats(options))
    if len(seats) != table:
        raise RecordError(f"{source}: invalid seats: {len(seats)} given, but its options seat {table}. "
                          "The file was left untouched.", "seats", source, untouched=True,
                          given=len(seats), table=table)
    problems = spec.seat_problems(options, seats, missing=False)
    if problems:
        path, text = f"seats.{problems[0].seat}", problems[0].text()
        raise RecordError(f"{source}: invalid {path}: {text} ({len(problems)} problem(s)). "
                          "The file was left untouched.", "invalid", source, untouched=True,
                          path=path, msg=text, count=len(problems))
    undos = data.get("undos", 0)
    if not isinstance(undos, int) or isinstance(undos, bool) or undos < 0:
        raise RecordError(f"{source}: undos must be a whole number of at least 0, not {undos!r}. "
                          "The file was left untouched.", "undos", source, untouched=True, undos=repr(undos))
    return Record(spec.id, options, seats, seed, actions, _deal(spec, deal, source),
                  preset if isinstance(preset, str) else None,
                  str(data.get("created") or _now()), str(data.get("updated") or _now()), undos)


def _deal(spec: GameSpec, deal: object, source: str) -> Mapping[str, Any] | None:
    """A record's stacked deal, checked against the game's deal keys like a scenario's."""
    from familia_tui.core.presets import problems_under, validate_model

    if deal is None:
        return None
    if spec.deal_keys is None:  # the game cannot stack a deal: nothing would read it
        raise RecordError(f"{source}: 'deal' is not part of a {spec.id} record; remove it. "
                          "The file was left untouched.", "no_deal", source, untouched=True, game=spec.id)
    keys, problems = validate_model(spec.deal_keys, deal)
    if keys is None:  # then there are problems to report
        raise RecordError(f"{source}: invalid {problems_under('deal', problems)[0].render()} "
                          f"({len(problems)} problem(s)). The file was left untouched.", "deal", source,
                          untouched=True, path=problems_under("deal", problems)[0].key_path,
                          count=len(problems))
    return keys.model_dump(exclude_unset=True)


def _list(data: Mapping[str, Any], key: str, source: str) -> Sequence[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise RecordError(f"{source}: {key!r} must be a list. The file was left untouched.", "not_list",
                          source, untouched=True, field=key)
    return value


def _seat_data(seat: Seat) -> dict[str, Any]:
    """A seat as a record writes it: no unset values, the game's seat fields under `fields`."""
    data = seat.model_dump(mode="json", exclude_none=True)
    if not data.get("fields"):
        data.pop("fields", None)
    return data


def _seats(spec: Any, given: Sequence[Any], source: str) -> tuple[Seat, ...]:
    """A record's seats. The game's declared seat fields may also stand beside name and team:
    records written before seat fields were declared have them there (`"role": "M"`)."""
    seats = []
    for index, data in enumerate(given):
        if not isinstance(data, Mapping):
            raise RecordError(f"{source}: invalid seats.{index}: a seat is a mapping (name, controller, "
                              f"team …), not {data!r}. The file was left untouched.", "invalid", source,
                              untouched=True, path=f"seats.{index}", msg="not a mapping", count=1)
        try:
            seats.append(spec.seat_from_data(data))
        except ValidationError as error:
            first = error.errors()[0]
            path = ".".join(["seats", str(index), *map(str, first["loc"])])
            raise RecordError(f"{source}: invalid {path}: {first['msg']} ({error.error_count()} "
                              "problem(s)). The file was left untouched.", "invalid", source, untouched=True,
                              path=path, msg=first["msg"], count=error.error_count()) from None
    return tuple(seats)


def _validated(key: str, model: Any, value: object, source: str) -> Any:
    """Validate one part of a record; the error names its key path (`seats.0.name`)."""
    try:
        return model.validate_python(value) if isinstance(model, TypeAdapter) else model.model_validate(value)
    except ValidationError as error:
        first = error.errors()[0]
        path = ".".join([key, *map(str, first["loc"])])
        raise RecordError(f"{source}: invalid {path}: {first['msg']} ({error.error_count()} "
                          "problem(s)). The file was left untouched.", "invalid", source, untouched=True,
                          path=path, msg=first["msg"], count=error.error_count()) from None


def load_record(path: str | os.PathLike[str]) -> Record:
    """Read a record file; a missing, corrupt or foreign file raises RecordError."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{file}: no such file.", "missing", file) from None
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{file}: cannot be read ({error}). The file was left untouched.",
                          "unreadable" if isinstance(error, OSError) else "not_text", file, untouched=True,
                          os_error=error if isinstance(error, OSError) else None, error=error) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{file}: not valid JSON (line {error.lineno}, column {error.colno}: "
                          f"{error.msg}); the file may be damaged. It was left untouched.", "json", file,
                          untouched=True, line=error.lineno, column=error.colno, msg=error.msg) from None
    except RecursionError:
        raise RecordError(f"{file}: nested far too deeply to be a game record; the file may be "
                          "damaged. It was left untouched.", "too_deep", file, untouched=True) from None
    return record_from_data(data, str(file))


def record_json(record: Record) -> str:
    """A record as the text of its file."""
    return json.dumps(record.to_data(), ensure_ascii=False, indent=1)


def save_record(record: Record, path: str | os.PathLike[str]) -> Path:
    """Write atomically; refuse to replace a file that is not one of our records."""
    file = Path(path)
    if file.exists() and not _is_record_file(file):
        raise RecordError(f"{file}: exists and is not a familia-tui record; it was not overwritten. "
                          "Choose another file name.", "not_overwritten", file)
    payload = record_json(record)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp", dir=file.parent)
    except OSError as error:
        raise RecordError(f"{file}: cannot be written ({error})", "unwritable", file, os_error=error,
                          error=error) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, file)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise RecordError(f"{file}: cannot be written ({error}); the previous save is kept",
                          "unwritable_kept", file, os_error=error, error=error) from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return file


def _is_record_file(file: Path) -> bool:
    try:
        return bool(json.loads(file.read_text(encoding="utf-8")).get("format") == FORMAT)
    except (OSError, ValueError, AttributeError):
        return False


def data_dir() -> Path:
    """The app's data folder (saves, screenshots): the platform's user data dir, or
    FAMILIA_TUI_DATA."""
    override = os.environ.get("FAMILIA_TUI_DATA")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("familia-tui", appauthor=False))
