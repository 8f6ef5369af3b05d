"""Presets: named rule sets as YAML files, validated by strict frozen pydantic models.

One YAML file is one preset; its id is the file stem. The file names its `game`, a `name` and a
`description` in English and Japanese (a user's own preset may give English only: Japanese
falls back to it; shipped presets carry both), optionally `extends` another preset of the same
game, and then sets the game's options, which the game's options model validates::

    game: familia
    name: {en: "4 players, mixed pairs", ja: "4人・男女ペア戦"}
    description: {en: "...", ja: "..."}
    extends: familia-4
    style: batting

Shipped presets live in `rules/<game>/*.yaml`, user presets in `<user config dir>/presets/<game>/`
(a user preset with a shipped id overrides it); files in subfolders such as `practice/` are not
presets. A bad file raises `PresetError`, which lists every problem of the file with its key
path, the bad value, the reason, a "did you mean …?" for unknown keys, and the line where cheap.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib.resources import files
from pathlib import Path
from types import MappingProxyType, UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

import yaml
from platformdirs import user_config_dir
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic.config import JsonDict

from familia_tui.core.errors import FamiliaTuiError
from familia_tui.i18n import CATALOGUES, translate

USER_PRESETS_ENV = "FAMILIA_TUI_USER_PRESETS"
"""Environment variable that replaces the user presets folder (tests, portable setups)."""
META_KEYS = ("game", "name", "description", "extends")
"""Top-level keys that describe the preset rather than set an option."""
YAML_SUFFIXES = (".yaml", ".yml")
UNKNOWN_KEY = "unknown key"
"""The reason of every unknown-key problem."""
MISSING_KEY = "required key missing"
"""The reason of every missing-key problem."""
MAX_DEPTH = 100
"""How deeply a YAML file (preset or scenario) may nest; no real file comes near it."""
CHECK_CRASHES = (TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError)
"""What a cross-field check may raise on values it did not expect (a bug in the check)."""

Origin = Literal["shipped", "user", "path"]
KeyPath = tuple[str | int, ...]
Lines = dict[tuple[str, ...], int]


class StrictModel(BaseModel):
    """Base of every options model: unknown keys rejected, values frozen.

    A model validator that finds several problems raises one ValueError with one problem per
    line (`OptionChecks`: each a catalogue message, so that the app says it in its language);
    the loader reports each line as its own problem.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Check:
    """One failed check of an options model, as a message of the game's catalogue (its
    English is the message's text; `str()` gives it)."""

    key: str
    """The message (`fam.optcheck.hand_size`), under the game's prefix."""
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **params: object) -> Check:
        return cls(key, tuple(params.items()))

    def text(self, lang: str = "en") -> str:
        return translate(self.key, lang, **dict(self.params))

    def __str__(self) -> str:
        return self.text("en")


class OptionChecks(ValueError):
    """The failed checks of an options model (raised by its validators): one line each."""

    def __init__(self, checks: Sequence[Check]) -> None:
        self.checks = tuple(checks)
        super().__init__("\n".join(map(str, self.checks)))


Shown = Literal["hidden", "seat", "per_deal"]
"""How the setup and rules screens show an option whose value needs more than its words:
`hidden` (shown elsewhere, as the setup screen's seat rows), `seat` (a seat number: 0-based in a
preset, 1-based on screen), `per_deal` (a list gives one value per deal)."""


def shown_as(kind: Shown) -> JsonDict:
    """The `json_schema_extra` of an option field shown in a particular way (see `Shown`):
    `first_leader: int | None = Field(default=None, json_schema_extra=shown_as("seat"))`."""
    return {"shown": kind}


def option_shown(model: type[BaseModel], key: str) -> str | None:
    """How option `key` of `model` is shown (`Shown`), or None for its plain words."""
    field = model.model_fields.get(key)
    extra = field.json_schema_extra if field is not None else None
    shown = extra.get("shown") if isinstance(extra, dict) else None
    return shown if isinstance(shown, str) else None


class _Missing:
    """The value of a problem about a key that is absent."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""`Problem.value` when there is no value to show (a missing key, a whole-file problem)."""


# ----- errors -----


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a preset file."""

    key_path: str
    """Dotted path of the key (`table.2.role`), or `(options)`, `(yaml)`, `(file)`, `(preset)`."""
    value: object
    """The offending value as read from the file, or MISSING."""
    reason: str
    """What is wrong."""
    hint: str | None = None
    """What to do about it, e.g. "did you mean 'style'?"."""
    line: int | None = None
    """1-based line in the file, when known."""
    column: int | None = None
    """1-based column, for YAML syntax errors."""
    key: str | None = None
    """The reason as a catalogue message (an options model's check, a kind of validation
    error: `preset.err.<pydantic type>`), to say it in other languages; None: English only."""
    params: tuple[tuple[str, object], ...] = ()

    def render(self, lang: str = "en") -> str:
        """The problem as one line, e.g. `line 4: players: 12 — Input should be …` (the reason
        in `lang` where the catalogues have it)."""
        where = f"line {self.line}" if self.line else ""
        where += f", column {self.column}" if where and self.column else ""
        value = _value_text(self)
        text = f"{self.key_path}: " + (f"{value} — " if value is not None else "") + self.reason_text(lang)
        text += f" — {self.hint}" if self.hint else ""
        return f"{where}: {text}" if where else text

    def reason_text(self, lang: str = "en") -> str:
        """What is wrong in `lang`: the catalogue's message, else the English reason."""
        if lang == "en" or self.key is None or self.key not in CATALOGUES.get(lang, {}):
            return self.reason
        params = dict(self.params)
        if isinstance(params.get("expected"), str):  # pydantic's `'a', 'b' or 'c'`: no English "or"
            params["expected"] = str(params["expected"]).replace(" or ", ", ")
        return translate(self.key, lang, **params)


class PresetError(FamiliaTuiError):
    """A preset file that cannot be used; lists every problem found in it."""

    def __init__(self, path: Path | str, problems: Iterable[Problem]) -> None:
        self.path = Path(path)
        """The file (or the reference that was not found)."""
        self.problems = list(problems)
        """Every problem, in file order where lines are known."""
        super().__init__(self.render())

    def render(self) -> str:
        """`presets: FILE: N problem(s)` followed by one indented line per problem."""
        head = f"presets: {self.path}: {len(self.problems)} problem(s)"
        return "\n".join([head, *(f"  {p.render()}" for p in self.problems)])

    def __str__(self) -> str:
        return self.render()


def _value_text(problem: Problem) -> str | None:
    """The value as YAML-like text, or None when it is absent, a mapping or too nested to show."""
    value = problem.value
    if value is MISSING or problem.reason == UNKNOWN_KEY:
        return None
    scalars = (str, int, float, bool, type(None))
    if isinstance(value, (list, tuple)) and all(isinstance(v, scalars) for v in value):
        value = list(value)
    elif not isinstance(value, scalars):
        return None
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:59] + "…"


# ----- the preset -----


@dataclass(frozen=True)
class Preset:
    """A named, validated rule set of one game."""

    id: str
    """The file stem, e.g. `familia-4`."""
    game: str
    """The game id, a registered game (familia_tui/core/registry.py)."""
    name: Mapping[str, str] = field(hash=False)
    """Display name by language (`en`, `ja`)."""
    description: Mapping[str, str] = field(hash=False)
    """One-paragraph description by language (`en`, `ja`)."""
    options: BaseModel
    """The game's options model, validated (with the `extends` base merged in)."""
    source: Path
    """The file it was read from."""
    origin: Origin
    """Shipped with the app, from the user's presets folder, or given as a path."""

    @property
    def full_id(self) -> str:
        """`game/id`, e.g. `familia/familia-4`."""
        return f"{self.game}/{self.id}"

    def title(self, lang: str = "en") -> str:
        """The name in `lang`, falling back to English."""
        return self.name.get(lang) or self.name["en"]


def resolved_options(preset: Preset) -> dict[str, Any]:
    """The preset's options as plain JSON-ready data, every default filled in.

    An options model may offer `resolved()` to write out values it derives (Familia: the
    standard table for the player count)."""
    resolve = getattr(preset.options, "resolved", None)
    return (resolve() if resolve else preset.options).model_dump(mode="json")


class _Texts(StrictModel):
    """A text in the languages of the app: English, and Japanese where the file gives it."""

    en: str = Field(min_length=1)
    """English."""
    ja: str | None = Field(default=None, min_length=1)
    """Japanese; a user's preset may leave it out (English is shown instead). Shipped presets
    carry it (`_shipped_texts`)."""


class _PresetMeta(StrictModel):
    """The keys of a preset file that are not options."""

    game: str
    """Game id."""
    name: _Texts
    """Display name."""
    description: _Texts
    """Description."""
    extends: str | None = None
    """Id (or relative path) of the base preset."""

    @field_validator("name", "description", mode="before")
    @classmethod
    def _both_languages(cls, value: object) -> object:
        if not isinstance(value, Mapping):
            raise ValueError("give the text by language, e.g. {en: \"…\", ja: \"…\"} (ja may be left out)")
        return value


def _shipped_texts(meta: _PresetMeta | None, lines: Lines) -> list[Problem]:
    """A shipped preset names and describes itself in Japanese too (a user's may not)."""
    if meta is None:
        return []
    return [Problem(f"{key}.ja", MISSING, MISSING_KEY, f"add 'ja:' under '{key}': shipped presets carry both languages",
                    _line(lines, (key,)))
            for key in ("name", "description") if getattr(meta, key).ja is None]


# ----- where presets live -----


def rules_dir(game: str | None = None) -> Path:
    """The shipped presets folder (`rules/`, or `rules/<game>/`, or the folder the game's
    registry entry names).

    Wheel installs carry it as `familia_tui/rules` (hatchling force-include); editable installs
    and source checkouts use the top-level `rules/` next to the package.
    """
    if game:
        from familia_tui.core.registry import UnknownGame, entry

        try:
            own = entry(game).rules
        except UnknownGame:
            own = None
        if own is not None:
            return Path(own)
    packaged = files("familia_tui") / "rules"
    if isinstance(packaged, Path) and packaged.is_dir():
        root = packaged
    else:
        root = Path(__file__).resolve().parents[2] / "rules"
    return root / game if game else root


def user_presets_dir(game: str | None = None) -> Path:
    """The user's presets folder (`…/familia-tui/presets/`, or its `<game>/` subfolder).

    The environment variable FAMILIA_TUI_USER_PRESETS replaces the platform's config location.
    """
    override = os.environ.get(USER_PRESETS_ENV)
    root = Path(override) if override else Path(user_config_dir("familia-tui", appauthor=False)) / "presets"
    return root / game if game else root


def is_file(path: Path) -> bool:
    """`path.is_file()`, but False for a name the system refuses (too long, a NUL byte)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """`path.is_dir()`, but False for a name the system refuses (too long, a NUL byte)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _preset_files(folder: Path) -> list[Path]:
    """The preset files directly in `folder` (not in subfolders such as `practice/`), sorted."""
    if not is_dir(folder):
        return []
    return sorted(p for p in folder.iterdir()
                  if p.suffix in YAML_SUFFIXES and p.is_file() and not p.name.startswith("."))


# ----- public loading API -----


def load_preset_file(path: Path | str, origin: Origin = "path") -> Preset:
    """Read and validate one preset file.

    Raises:
        PresetError: listing every problem of the file.
    """
    return _load(Path(path), origin, None, ())


def list_presets(game: str) -> tuple[list[Preset], list[PresetError]]:
    """Every preset of `game`: shipped ones, then the user's (which override shipped ids).

    Returns:
        The presets that loaded, and one error per file that did not; a bad file never hides
        the others.
    """
    found: dict[str, Preset] = {}
    errors: list[PresetError] = []
    places: tuple[tuple[Origin, Path], ...] = (("shipped", rules_dir(game)), ("user", user_presets_dir(game)))
    for origin, folder in places:
        for path in _preset_files(folder):
            try:
                preset = _load(path, origin, game, ())
            except PresetError as error:
                errors.append(error)
                continue
            found[preset.id] = preset
    return list(found.values()), errors


def find_preset(game: str, ref: str) -> Preset:
    """The preset `ref` of `game`: an id (`familia-4`), `game/id`, or a path to a YAML file.

    Raises:
        PresetError: the file is bad, or no such preset (with "did you mean …?").
    """
    if ref.endswith(YAML_SUFFIXES) or is_file(Path(ref)):
        return _load(Path(ref), "path", game, ())
    named_game, _, preset_id = ref.rpartition("/")
    if named_game and named_game != game:
        raise PresetError(ref, [Problem("(preset)", ref, f"this names a {named_game} preset, "
                                        f"not a {game} one")])
    presets, errors = list_presets(game)
    match = next((p for p in presets if p.id == preset_id), None)
    broken = [e for e in errors if e.path.stem == preset_id]
    if match and (not broken or match.origin == "user"):
        return match
    if broken:
        raise broken[-1]
    raise PresetError(ref, [_not_found(game, preset_id, [p.id for p in presets])])


def preset_paths(paths: Iterable[Path | str]) -> list[Path]:
    """The files `paths` name: a file as given, a folder as the preset files directly in it."""
    return [file for path in map(Path, paths)
            for file in (_preset_files(path) if is_dir(path) else [path])]


def validate_files(paths: Iterable[Path | str]) -> list[PresetError]:
    """Check preset files (a folder means the preset files directly in it).

    Returns:
        One error per bad file, and one per folder without preset files; empty when all are good.
    """
    errors = [PresetError(path, [Problem("(folder)", MISSING, "no preset files (*.yaml, *.yml) in this folder",
                                         "name preset files, or a folder that holds them")])
              for path in map(Path, paths) if is_dir(path) and not _preset_files(path)]
    for file in preset_paths(paths):
        try:
            _load(file, "path", None, ())
        except PresetError as error:
            errors.append(error)
    return errors


def is_preset_file(path: Path) -> bool:
    """Whether `familia-tui check` reads this YAML file as a preset (it has a top-level `name`,
    which no scenario has) rather than as a scenario."""
    try:
        document, _ = read_yaml_file(path, ValueError)
    except ValueError:
        return False  # (the scenario check says what is wrong with it)
    return isinstance(document, dict) and "name" in document


@dataclass
class PresetCheck:
    """`familia-tui check` on a preset file: its error, if any (`validate_files`)."""

    path: Path
    error: PresetError | None

    @property
    def passed(self) -> bool:
        return self.error is None

    def report(self) -> str:
        head = f"{'PASS' if self.passed else 'FAIL'} {self.path} — preset"
        return "\n".join([head] + [f"  {line}" for line in str(self.error or "").splitlines()])


def check_presets(paths: Sequence[Path]) -> list[PresetCheck]:
    """Each preset file checked as `presets validate` would."""
    return [PresetCheck(path, next(iter(validate_files([path])), None)) for path in paths]


def _not_found(game: str, preset_id: str, known: Sequence[str]) -> Problem:
    """The problem for a preset id that no file has."""
    if not known:
        return Problem("(preset)", preset_id, f"no {game} preset named '{preset_id}'",
                       f"there are no {game} presets")
    return Problem("(preset)", preset_id, f"no {game} preset named '{preset_id}'",
                   _did_you_mean(preset_id, known, "known presets"))


def _did_you_mean(word: str, choices: Iterable[str], listing: str = "allowed here") -> str:
    """The hint "did you mean 'x'?" for the closest choice, or the choices when none is close."""
    choices = sorted(set(choices))
    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    shown = ", ".join(choices[:12]) + (f", … ({len(choices)} in all)" if len(choices) > 12 else "")
    return f"{listing}: {shown}"


# ----- loading one file -----


def _load(path: Path, origin: Origin, expected_game: str | None, chain: tuple[Path, ...]) -> Preset:
    """Load `path`; `chain` holds the files whose `extends` led here (for cycle detection)."""
    document, lines, problems = _read_document(path)
    meta, meta_problems = _validate(_PresetMeta, _part(document, meta=True), lines)
    game, model, game_problems = _game_of(document, expected_game, lines)
    problems += meta_problems + game_problems + (_shipped_texts(meta, lines) if origin == "shipped" else [])
    options = None
    if model is not None:
        base, base_problems = _base_options(path, document.get("extends"), game, chain, lines)
        merged = _merge(base, _part(document, meta=False))
        options, option_problems = _validate(model, merged, lines, META_KEYS)
        if base_problems:  # keys the broken base should have set are not this file's fault
            option_problems = [p for p in option_problems if p.reason != MISSING_KEY]
        problems += base_problems + option_problems
    if problems or meta is None or options is None:
        raise PresetError(path, sorted(problems, key=lambda p: (p.line is None, p.line or 0)))
    return Preset(path.stem, game, MappingProxyType(meta.name.model_dump(exclude_none=True)),
                  MappingProxyType(meta.description.model_dump(exclude_none=True)), options, path, origin)


def _part(document: Mapping[str, Any], *, meta: bool) -> dict[str, Any]:
    """The meta keys of the document, or its options."""
    return {k: v for k, v in document.items() if (k in META_KEYS) == meta}


def _read_document(path: Path) -> tuple[dict[str, Any], Lines, list[Problem]]:
    """Parse the file: the mapping, the line of each key path, and any duplicate-key problems.

    Raises:
        PresetError: the file cannot be read, is not YAML, or is not a mapping.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise PresetError(path, [Problem("(file)", MISSING, f"cannot read the file: {reason}")]) from None
    try:
        node, document = _parse(text)
    except yaml.YAMLError as error:
        raise PresetError(path, [_yaml_problem(error)]) from None
    if not isinstance(document, dict):
        raise PresetError(path, [_not_a_mapping(document)])
    lines: Lines = {}
    duplicates: list[Problem] = []
    _index_lines(node, (), lines, duplicates, set())
    return document, lines, duplicates


SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's C loader when libyaml is there (several times faster), else the pure-Python one."""


def read_yaml(text: str) -> tuple[Any, Lines]:
    """The data of a YAML text and the 1-based line of each key path in it (for messages).

    Raises:
        yaml.YAMLError: not YAML, or nested more deeply than MAX_DEPTH.
    """
    node, document = _parse(text)
    lines: Lines = {}
    _index_lines(node, (), lines, [], set())
    return document, lines



def read_yaml_file(path: Path, error: type[Exception]) -> tuple[Any, Lines]:
    """A YAML file's data and key lines (`read_yaml`); a file that cannot be read or is not YAML
    raises `error` naming the file."""
    try:
        return read_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as problem:
        raise error(f"{path}: cannot be read ({problem})") from None
    except yaml.YAMLError as problem:
        raise error(f"{path}: broken YAML ({problem})".replace("\n", " ")) from None

def _parse(text: str) -> tuple[yaml.Node | None, Any]:
    """Compose the node tree (for line numbers) and construct the data, in one pass.

    Raises:
        yaml.YAMLError: not YAML, or nested more deeply than MAX_DEPTH.
    """
    _check_depth(text)
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        return node, (loader.construct_document(node) if node is not None else None)
    finally:
        loader.dispose()


def _check_depth(text: str) -> None:
    """Refuse YAML nested more than MAX_DEPTH levels (reading it would exhaust Python's stack).

    Only texts with that many brackets or indented lines are scanned, so a normal file costs
    nothing.
    """
    if text.count("[") + text.count("{") + text.count("\n") < MAX_DEPTH:
        return
    depth = 0
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        if isinstance(token, _OPENING):
            depth += 1
        elif isinstance(token, _CLOSING):
            depth -= 1
        if depth > MAX_DEPTH:
            raise TooDeep(problem=f"nested more than {MAX_DEPTH} levels deep", problem_mark=token.start_mark)


class TooDeep(yaml.MarkedYAMLError):
    """YAML nested more deeply than MAX_DEPTH."""


_OPENING = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken, yaml.FlowMappingStartToken,
            yaml.FlowSequenceStartToken)
_CLOSING = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)


def _yaml_problem(error: yaml.YAMLError) -> Problem:
    """The problem for a YAML syntax error, at the error's line and column."""
    mark = getattr(error, "problem_mark", None)
    what = getattr(error, "problem", None) or str(error)
    hint = ("fix the YAML syntax there: check the indentation, and quote text that contains "
            "': ' or ' #' or starts with one of [ ] { } * & ! | > % @")
    if isinstance(error, TooDeep):
        hint = "a preset needs a few levels at most: check the brackets and the indentation there"
    return Problem("(yaml)", MISSING, f"not valid YAML: {what}", hint,
                   mark.line + 1 if mark else None, mark.column + 1 if mark else None)


def _not_a_mapping(document: object) -> Problem:
    """The problem for a file whose top level is not a mapping."""
    hint = "a preset is a mapping: game, name, description, then the options (key: value lines)"
    if document is None:
        return Problem("(file)", MISSING, "the file is empty", hint, None)
    kind = "list" if isinstance(document, list) else type(document).__name__
    return Problem("(file)", MISSING, f"the file holds a {kind}, not a mapping", hint, 1)


def _index_lines(node: yaml.Node | None, path: tuple[str, ...], lines: Lines,
                 duplicates: list[Problem], seen: set[int]) -> None:
    """Record the 1-based line of every key path under `node`; report duplicate keys."""
    if node is None or id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        children = [(str(k.value), k, v) for k, v in node.value]
    elif isinstance(node, yaml.SequenceNode):
        children = [(str(i), v, v) for i, v in enumerate(node.value)]
    else:
        return
    for key, key_node, value_node in children:
        child, line = (*path, key), key_node.start_mark.line + 1
        if child in lines:
            duplicates.append(Problem(".".join(child), MISSING, "duplicate key",
                                      f"also set on line {lines[child]}; YAML keeps only the last one", line))
        lines.setdefault(child, line)
        _index_lines(value_node, child, lines, duplicates, seen)


def _line(lines: Lines, path: KeyPath) -> int | None:
    """The line of `path`, or of its nearest ancestor present in the file."""
    parts = tuple(map(str, path))
    for end in range(len(parts), 0, -1):
        if parts[:end] in lines:
            return lines[parts[:end]]
    return None


# ----- game, extends -----


def _game_of(document: Mapping[str, Any], expected: str | None,
             lines: Lines) -> tuple[str, type[BaseModel] | None, list[Problem]]:
    """The game id, its options model (None when unusable), and the problems with `game`."""
    from familia_tui.core.registry import game_ids, options_model

    game = document.get("game")
    if not isinstance(game, str):
        return "", None, []  # missing or not text: the meta model reports it
    line = _line(lines, ("game",))
    if game not in game_ids():
        hint = _did_you_mean(game, game_ids(), "games")
        return game, None, [Problem("game", game, "unknown game", hint, line)]
    if expected and game != expected:
        return game, None, [Problem("game", game, f"a {expected} preset is expected here", None, line)]
    return game, options_model(game), []


def _base_options(path: Path, ref: object, game: str, chain: tuple[Path, ...],
                  lines: Lines) -> tuple[dict[str, Any], list[Problem]]:
    """The options set by the `extends` base (recursively), or the problem with it."""
    if not isinstance(ref, str):
        return {}, []  # no extends, or not text: the meta model reports it
    line = _line(lines, ("extends",))
    base_path = _resolve_base(path, ref, game)
    if base_path is None:
        known = {p.stem for folder in _base_folders(path, game) for p in _preset_files(folder)}
        hint = _did_you_mean(ref, known - {path.stem}, "known presets") if known else None
        return {}, [Problem("extends", ref, f"no {game} preset '{ref}' to extend", hint, line)]
    here = (*chain, path.resolve())
    if base_path.resolve() in here:
        cycle = [p.stem for p in here[here.index(base_path.resolve()):]] + [base_path.stem]
        return {}, [Problem("extends", ref, "extends cycle: " + " → ".join(cycle),
                            "remove 'extends' from one of these files", line)]
    try:
        base = _load(base_path, "path", game, here)
    except PresetError as error:
        more = f" (and {len(error.problems) - 1} more)" if len(error.problems) > 1 else ""
        first = error.problems[0]
        return {}, [Problem("extends", ref, f"base preset '{base_path.stem}' is invalid",
                            f"{first.key_path}: {first.reason}{more}", line)]
    return base.options.model_dump(exclude_unset=True), []


def _base_folders(path: Path, game: str) -> tuple[Path, ...]:
    """Where an `extends` id is looked up: beside the file, the user's presets, the shipped ones."""
    return path.parent, user_presets_dir(game), rules_dir(game)


def _resolve_base(path: Path, ref: str, game: str) -> Path | None:
    """The file an `extends` value names (never `path` itself), or None."""
    if ref.endswith(YAML_SUFFIXES):
        candidate = path.parent / ref
        return candidate if is_file(candidate) else None
    named_game, _, preset_id = ref.rpartition("/")
    if named_game and named_game != game:
        return None
    for folder in _base_folders(path, game):
        for suffix in YAML_SUFFIXES:
            candidate = folder / f"{preset_id}{suffix}"
            if is_file(candidate) and candidate.resolve() != path.resolve():
                return candidate
    return None


def _merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """`base` with `override` on top; nested mappings merge key by key."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


# ----- pydantic errors → problems -----


@dataclass(frozen=True)
class _Issue:
    """One pydantic error, with union member tags (`int`, `tuple[int, ...]`) taken out of its loc."""

    path: KeyPath
    """The key path in the data."""
    branch: tuple[KeyPath, str] | None
    """(path of the union, member tag) when the error is about one member of a union."""
    item: Mapping[str, Any]
    """The pydantic error."""


M = TypeVar("M", bound=BaseModel)


def _validate(model: type[M], data: Mapping[str, Any], lines: Lines,
              top_names: Sequence[str] = ()) -> tuple[M | None, list[Problem]]:
    """Validate `data`; on failure, one problem per error (top_names: other valid top-level keys)."""
    try:
        return model.model_validate(data), []
    except ValidationError as error:
        issues = _prune_unions([_issue(item, data) for item in error.errors(include_url=False)])
        problems = [p for i in issues for p in _problems_of(i, model, data, lines, top_names)]
        return None, problems + _cross_checks_without(model, data, lines, problems)
    except CHECK_CRASHES as error:
        reason = f"the checks of {model.__name__} failed on these values: {type(error).__name__}: {error}"
        return None, [Problem("(options)", MISSING, reason, "this is a bug in familia-tui; please report it")]


def validate_model(model: type[M], data: object, lines: Lines | None = None) -> tuple[M | None, list[Problem]]:
    """Validate `data` (a mapping) against `model`, reporting as for presets.

    Returns:
        The model instance, or None and every problem (key path, value, reason, a "did you
        mean …?" for unknown keys, the line when `lines` has it).
    """
    if not isinstance(data, Mapping):
        kind = "list" if isinstance(data, list) else type(data).__name__
        return None, [Problem("(file)", MISSING, f"a {kind}, not a mapping", "write key: value lines")]
    return _validate(model, data, lines or {})


def problems_under(part: str, problems: Iterable[Problem]) -> list[Problem]:
    """Problems found in one part of a file (`position`), with key paths from the file's top."""
    return [replace(p, key_path=part if p.key_path.startswith("(") else f"{part}.{p.key_path}")
            for p in problems]


def _cross_checks_without(model: type[BaseModel], data: Mapping[str, Any], lines: Lines,
                          found: Sequence[Problem]) -> list[Problem]:
    """The model's cross-field checks, which pydantic skips once a field fails: validate again
    without the failing top-level keys and keep the model-level problems not yet reported."""
    bad = {p.key_path.split(".")[0] for p in found}
    rest = {k: v for k, v in data.items() if k not in bad}
    if len(rest) == len(data):
        return []
    _, again = _validate(model, rest, lines)
    seen = {(p.key_path, p.reason) for p in found}
    return [p for p in again if p.key_path.split(".")[0] not in bad and (p.key_path, p.reason) not in seen]


def _issue(item: Mapping[str, Any], data: object) -> _Issue:
    """Split the error's loc into real keys (found in the data) and union member tags."""
    path: list[str | int] = []
    branch = None
    node: object = data
    last = len(item["loc"]) - 1
    for index, part in enumerate(item["loc"]):
        is_key = isinstance(part, int) or (
            isinstance(node, Mapping) and (part in node or (index == last and item["type"] == "missing")))
        if is_key:
            path.append(part)
            node = _child(node, part)
        elif branch is None:
            branch = (tuple(path), str(part))
    return _Issue(tuple(path), branch, item)


def _child(node: object, key: str | int) -> object:
    """node[key] when it exists, else None."""
    if isinstance(node, Mapping):
        return node.get(key)
    if isinstance(node, (list, tuple)) and isinstance(key, int) and -len(node) <= key < len(node):
        return node[key]
    return None


def _prune_unions(issues: list[_Issue]) -> list[_Issue]:
    """Per union, keep the member that got furthest; merge members that all failed at the top."""
    kept = [i for i in issues if i.branch is None]
    groups: dict[KeyPath, list[tuple[_Issue, str]]] = {}
    """Per union: its issues, each with its member tag."""
    for issue in issues:
        if issue.branch is not None:
            union_path, tag = issue.branch
            groups.setdefault(union_path, []).append((issue, tag))
    for union_path, group in groups.items():
        deepest = max(len(i.path) for i, _ in group)
        if deepest > len(union_path):
            best = {tag for i, tag in group if len(i.path) == deepest}
            kept += [i for i, tag in group if tag in best]
        else:
            reasons = dict.fromkeys(i.item["msg"] for i, _ in group)
            item = {"type": "union", "msg": "; or ".join(reasons), "input": group[0][0].item["input"]}
            kept.append(_Issue(union_path, None, item))
    return kept


def _problems_of(issue: _Issue, model: type[BaseModel], data: Mapping[str, Any], lines: Lines,
                 top_names: Sequence[str]) -> list[Problem]:
    """The problems one pydantic error stands for."""
    path, item = issue.path, issue.item
    key, line = _dotted(path), _line(lines, path)
    if item["type"] == "extra_forbidden":
        names = _field_names(model, path[:-1]) + (list(top_names) if len(path) == 1 else [])
        return [Problem(key, item["input"], UNKNOWN_KEY, _did_you_mean(str(path[-1]), names), line)]
    if item["type"] == "missing":
        where = f"under '{_dotted(path[:-1])}'" if len(path) > 1 else "at the top level"
        return [Problem(key, MISSING, MISSING_KEY, f"add '{path[-1]}:' {where}", line)]
    if item["type"] in ("value_error", "assertion_error"):
        return _check_failures(path, item, model, data, lines)
    context = tuple((name, _context_text(value)) for name, value in item.get("ctx", {}).items())
    return [Problem(key, item["input"], item["msg"], None, line, key=f"preset.err.{item['type']}", params=context)]


def _context_text(value: object) -> object:
    """A validation error's context value as its message shows it (`expected`: `'a' or 'b'`)."""
    return value if isinstance(value, (int, float, str)) else str(value)


def _dotted(path: KeyPath) -> str:
    """`('table', 2, 'role')` → `table.2.role`; the empty path is the whole options block."""
    return ".".join(map(str, path)) or "(options)"


def _check_failures(path: KeyPath, item: Mapping[str, Any], model: type[BaseModel],
                    data: Mapping[str, Any], lines: Lines) -> list[Problem]:
    """One problem per '; '-joined failure of a validator (a model validator has an empty path)."""
    error = item.get("ctx", {}).get("error")
    if isinstance(error, OptionChecks):
        checks: list[Check | None] = list(error.checks)
        reasons = [str(check) for check in error.checks]
    else:
        text = str(error) if error is not None else re.sub(r"^(Value error|Assertion failed), ", "", item["msg"])
        reasons = _split_checks(text)
        checks = [None] * len(reasons)
    problems = []
    for reason, check in zip(reasons, checks, strict=True):
        where = path or _named_field(reason, _field_names(model, ()))
        value = _child_at(data, where) if where else MISSING
        problems.append(Problem(_dotted(where), value, reason, None, _line(lines, where),
                                key=check.key if check else None, params=check.params if check else ()))
    return problems


def _split_checks(text: str) -> list[str]:
    """A model validator reports several problems one per line (see `StrictModel`)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _named_field(reason: str, names: Sequence[str]) -> KeyPath:
    """Best effort: the field a model-level message starts with (`style lists 3 deals …`)."""
    first = re.match(r"[A-Za-z_]+", reason)
    return (first.group(),) if first and first.group() in names else ()


def _child_at(data: object, path: KeyPath) -> object:
    """The value at `path` in the data, or MISSING."""
    for part in path:
        if not isinstance(data, (Mapping, list, tuple)) or _child(data, part) is None:
            return MISSING
        data = _child(data, part)
    return data


def _field_names(model: type[BaseModel] | None, path: KeyPath) -> list[str]:
    """The field names of the (nested) model found at `path`, e.g. `match` → MatchOptions."""
    for part in path:
        if model is None or isinstance(part, int):
            continue
        info = model.model_fields.get(str(part))
        model = _model_in(info.annotation) if info else None
    return list(model.model_fields) if model else []


def _model_in(annotation: object) -> type[BaseModel] | None:
    """The first pydantic model in a type annotation (`tuple[SeatPlan, ...] | None` → SeatPlan)."""
    if isinstance(annotation, type) and not get_args(annotation) and issubclass(annotation, BaseModel):
        return annotation
    return next(filter(None, map(_model_in, get_args(annotation))), None)


# ----- options changed at the table (the setup screen) and saved as a user preset -----

Overrides = Mapping[str, Any]
"""Options changed from a preset's, as a preset file would set them: `{"style": "batting",
"match": {"format": "games"}}` (JSON-ready values; nested options as nested mappings)."""
UNSET = object()
"""`option_choices`: the choice that sets an optional option to null (its standard value)."""


def options_with(options: BaseModel, overrides: Overrides) -> tuple[BaseModel | None, list[Problem]]:
    """The preset's `options` with `overrides` on top, validated by the game's options model as
    a preset file that `extends` the preset would be.

    Returns:
        The options, or None and every problem (the same messages as for a preset file).
    """
    merged = _merge(options.model_dump(exclude_unset=True), overrides)
    return _validate(type(options), merged, {}, META_KEYS)


def with_override(overrides: Overrides, path: Sequence[str], value: Any = UNSET) -> dict[str, Any]:
    """`overrides` with the option at `path` set to `value`, or taken out (back to the preset's
    value) when `value` is UNSET; nested mappings left empty are dropped."""
    head, rest = path[0], path[1:]
    changed = dict(overrides)
    if rest:
        inner = changed.get(head)
        inner = with_override(inner if isinstance(inner, Mapping) else {}, rest, value)
        if inner:
            changed[head] = inner
        else:
            changed.pop(head, None)
    elif value is UNSET:
        changed.pop(head, None)
    else:
        changed[head] = value
    return changed


def option_field(model: type[BaseModel], path: Sequence[str]) -> Any:
    """The pydantic field at `path` (`("match", "format")`), or None."""
    info = None
    for part in path:
        if model is None:
            return None
        info = model.model_fields.get(part)
        if info is None:
            return None
        model = nested_model(info.annotation)  # type: ignore[assignment]
    return info


def nested_model(annotation: object) -> type[BaseModel] | None:
    """The options model an option is made of (Familia's `match`), or None for a value."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return None


def option_choices(annotation: object) -> list[Any]:
    """The values an option takes from a fixed list: a switch's two, a `Literal`'s, and UNSET
    when it may be left to its standard value (None). Empty for a free value (a number)."""
    if annotation is bool:
        return [True, False]
    origin = get_origin(annotation)
    if origin is Literal:
        return list(get_args(annotation))
    if origin in (Union, UnionType):
        members = get_args(annotation)
        choices = [c for m in members if m is not type(None) for c in option_choices(m)]
        return choices + [UNSET] if choices and type(None) in members else choices
    return []


def option_takes_text(annotation: object) -> bool:
    """Whether an option takes a value outside its fixed choices (a number, a list)."""
    if annotation is bool or annotation is type(None) or get_origin(annotation) is Literal:
        return False
    if get_origin(annotation) in (Union, UnionType):
        return any(option_takes_text(m) for m in get_args(annotation))
    return nested_model(annotation) is None


def option_bounds(info: Any) -> tuple[int | None, int | None]:
    """(ge, le) of a number option, as its field declares them."""
    low = high = None
    for item in getattr(info, "metadata", ()):
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return low, high


def user_preset_id(name: str) -> str:
    """A file stem for a preset called `name`: lower-case ASCII letters, digits and hyphens
    (`"Our Friday rules!"` → `our-friday-rules`); empty when the name has none of them."""
    import unicodedata

    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:40].strip("-")


def user_preset_text(base: Preset, name: str, overrides: Overrides, lang: str = "en",
                     preset_id: str | None = None) -> str:
    """The YAML of a user preset called `name`: `extends` the base preset and sets only the
    changed options. Saving over the base itself (a user preset of the same id) keeps the
    base's own `extends` and options with the changes on top."""
    document: dict[str, Any] = {"game": base.game, "extends": base.id}
    options: Mapping[str, Any] = overrides
    if preset_id == base.id and base.origin == "user":
        own, _, _ = _read_document(base.source)
        document.pop("extends")
        if isinstance(own.get("extends"), str):
            document["extends"] = own["extends"]
        options = _merge(_part(own, meta=False), overrides)
    names = {"en": name} | ({"ja": name} if lang == "ja" else {})
    based = base.name.get("en", base.id)
    document["name"] = names
    document["description"] = {"en": f"“{based}” with my changes."} | (
        {"ja": f"{base.title('ja')}（変更あり）"} if lang == "ja" else {})
    document.update(options)
    return yaml.safe_dump(document, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def write_user_preset(game: str, preset_id: str, text: str, *, replace: bool = False) -> Path:
    """Write a user preset file `presets/<game>/<preset_id>.yaml` atomically.

    Raises:
        FileExistsError: the file exists and `replace` is False.
        OSError: the folder or file cannot be written.
    """
    folder = user_presets_dir(game)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{preset_id}.yaml"
    if not replace and (path.exists() or (folder / f"{preset_id}.yml").exists()):
        raise FileExistsError(path)
    temporary = folder / f".{preset_id}.yaml.tmp"
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
    return path
