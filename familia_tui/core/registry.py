"""Where the games are found: the `familia_tui.games` entry points, and registration by hand.

A game registers one `GameEntry` under the entry-point group `familia_tui.games` (one line in
its distribution's pyproject.toml: `familia = "familia_tui.games.familia:ENTRY"`); tests
register theirs with `register()`. An entry is light: names, the number of players and where
the game's parts are, as module paths that are imported only when they are needed, so the home
screen can list every game without loading any rules.

Everything else (the command line, records, scenarios, presets, the app, the catalogues) finds
games, their table screens, texts and scenes only here; no module outside a game's own packages
names a game.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from familia_tui.core.errors import FamiliaTuiError

if TYPE_CHECKING:
    from pydantic import BaseModel

    from familia_tui.core.engine import GameSpec

GROUP = "familia_tui.games"
"""The entry-point group games register under."""


@dataclass(frozen=True)
class GameEntry:
    """A game as the registry knows it before anything of it is imported.

    The module paths are `package.module` (a module) or `package.module:NAME` (a name in it).
    """

    id: str
    """The game id (`familia`, `tarot` …): presets live in `rules/<id>/`, records name it."""
    names: Mapping[str, str]
    """The game's name by language (`en` at least)."""
    players: tuple[int, int]
    """The fewest and the most players."""
    spec: str
    """`module:NAME` of the game's `GameSpec` (the rules engine)."""
    options: str
    """`module:NAME` of the game's options model (presets load only this)."""
    prefix: str
    """The first word of the game's own message keys (`fam`, `tarot` …); its options' words are
    `opt.<id>.*` and `optval.<id>.*`."""
    texts: tuple[str, ...] = ()
    """Modules with the game's messages, each with two dicts `EN` and `JA`."""
    ui: str | None = None
    """The game's UI package: `screen:TABLE` is its table screen and `scenes:SCENES` its
    screenshot scenes. None: the game has no table in the app yet."""
    order: int = 100
    """Where the home screen lists the game (smaller first; then by id)."""
    rules: str | None = None
    """The folder of the game's presets, rules texts and practice puzzles when it is not the
    shipped `rules/<id>/` (a game from another distribution; the tests' toy game)."""

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["en"]


class UnknownGame(FamiliaTuiError, KeyError):
    """A game id that no registered game has."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (games: {', '.join(game_ids())})"


class RegistryError(FamiliaTuiError):
    """A registered game that cannot be loaded (a broken entry point)."""


_registered: dict[str, GameEntry] = {}
_discovered: dict[str, GameEntry] | None = None
_loaded: dict[str, Any] = {}


class EntryPoint(NamedTuple):
    """An entry point as its distribution's `entry_points.txt` writes it."""

    name: str
    value: str
    """`module:NAME` (or `module:NAME.attr`, or just `module`; extras in brackets are ignored)."""

    def load(self) -> Any:
        module, _, attrs = self.value.partition(":")
        loaded = importlib.import_module(module.strip())
        for attr in attrs.partition("[")[0].strip().split(".") if attrs else ():
            loaded = getattr(loaded, attr)
        return loaded


def entry_points(group: str) -> list[EntryPoint]:
    """The entry points in `group` of the installed distributions, as `importlib.metadata`'s
    `entry_points(group=...)` finds them: the `*.dist-info` and `*.egg-info` folders of each
    folder on `sys.path`, the first distribution of a name only.

    Importing `importlib.metadata` (and its email and zip parsers) and reading every
    distribution's metadata took ~15 ms of the app's first frame; this reads only the folder
    listings and the `entry_points.txt` files. Where `importlib.metadata` would look elsewhere
    too (a zip file on `sys.path`, another finder of distributions), it is used instead."""
    if any(hasattr(finder, "find_distributions") for finder in sys.meta_path
           if finder is not importlib.machinery.PathFinder) \
            or any(os.path.isfile(folder) for folder in sys.path):
        from importlib.metadata import entry_points as metadata_entry_points

        return [EntryPoint(point.name, point.value) for point in metadata_entry_points(group=group)]
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for folder in sys.path:
        for name, metadata in _distributions(folder):
            if name not in seen:
                seen.add(name)
                found += _group_points(os.path.join(metadata, "entry_points.txt"), group)
    return found


def _distributions(folder: str) -> Iterator[tuple[str, str]]:
    """(normalised name, metadata folder) of each distribution in a folder of `sys.path`, in
    `importlib.metadata`'s order: the `*.dist-info` and `*.egg-info` ones, then an egg's own."""
    try:
        children = os.listdir(folder or ".")
    except OSError:  # a folder that is not there (or not a folder)
        return
    eggs = []
    for child in children:
        low = child.lower()
        if low.endswith((".dist-info", ".egg-info")):
            yield _normalise(low.rpartition(".")[0].partition("-")[0]), os.path.join(folder, child)
        elif low == "egg-info" and os.path.basename(folder).lower().endswith(".egg"):
            eggs.append(os.path.join(folder, child))
    for egg in eggs:
        yield _normalise(os.path.basename(folder).lower().rpartition(".")[0].partition("-")[0]), egg


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _group_points(path: str, group: str) -> list[EntryPoint]:
    """The entry points of `group` in an `entry_points.txt` (`[group]`, then `name = value`
    lines; `#` starts a comment line)."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError:  # a distribution without entry points
        return []
    points, section = [], None
    for line in (line.strip() for line in lines):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == group:
            name, _, value = line.partition("=")
            points.append(EntryPoint(name.strip(), value.strip()))
    return points


def _discover() -> dict[str, GameEntry]:
    global _discovered
    if _discovered is None:
        found: dict[str, GameEntry] = {}
        for point in entry_points(GROUP):
            try:
                entry = point.load()
            except Exception as error:  # a broken plugin names itself, it does not pass silently
                raise RegistryError(f"the game entry point {point.name} = {point.value} "
                                    f"cannot be loaded: {error}") from error
            if not isinstance(entry, GameEntry) or entry.id != point.name:
                raise RegistryError(f"the game entry point {point.name} = {point.value} is not "
                                    f"a GameEntry with id {point.name!r}")
            found[entry.id] = entry
        _discovered = found
    return _discovered


def register(entry: GameEntry) -> None:
    """Add a game by hand (tests), with its messages; it stays until `unregister`."""
    from familia_tui.i18n import add_game

    _registered[entry.id] = entry
    add_game(entry)


def unregister(game_id: str) -> None:
    """Take back a game added by `register`, with its messages."""
    from familia_tui.i18n import remove_game

    removed = _registered.pop(game_id, None)
    if removed is not None:
        remove_game(removed)
    for key in [key for key in _loaded if key.startswith(f"{game_id}:")]:
        del _loaded[key]


def entries() -> tuple[GameEntry, ...]:
    """Every game, in the home screen's order."""
    merged = {**_discover(), **_registered}
    return tuple(sorted(merged.values(), key=lambda e: (e.order, e.id)))


def game_ids() -> tuple[str, ...]:
    return tuple(entry.id for entry in entries())


def entry(game_id: str) -> GameEntry:
    """The game's entry; raises UnknownGame."""
    found = _registered.get(game_id) or _discover().get(game_id)
    if found is None:
        raise UnknownGame(game_id)
    return found


def load(path: str) -> Any:
    """The object at `module:NAME`, or the module at `module`."""
    module, _, name = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, name) if name else loaded


def _part(game_id: str, part: str, path: str) -> Any:
    key = f"{game_id}:{part}"
    if key not in _loaded:
        _loaded[key] = load(path)
    return _loaded[key]


def get_game(game_id: str) -> GameSpec:
    """The game's spec (its rules engine); raises UnknownGame."""
    spec: GameSpec = _part(game_id, "spec", entry(game_id).spec)
    return spec


def options_model(game_id: str) -> type[BaseModel]:
    """The game's options model, importing only its options module."""
    model: type[BaseModel] = _part(game_id, "options", entry(game_id).options)
    return model


def ui_part(game_id: str, name: str) -> Any:
    """`<ui package>.<name>` of the game (e.g. `screen:TABLE`); the game must have a UI."""
    ui = entry(game_id).ui
    if ui is None:
        raise RegistryError(f"{game_id} has no table in the app")
    module, _, attr = name.partition(":")
    return _part(game_id, f"ui.{name}", f"{ui}.{module}" + (f":{attr}" if attr else ""))
