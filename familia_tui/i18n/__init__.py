"""Message catalogues, English and Japanese.

Messages are looked up by key; `{name}` placeholders are filled from keyword arguments. A key
missing from the Japanese catalogue falls back to English, and a key missing everywhere is shown
as itself, so a missing translation is visible but never crashes anything in the app (the tests
make it fail loudly instead: `strict()`).

`en.py` and `ja.py` hold the app's and the core's messages. Each game's messages live with the
game, in the modules its registry entry lists (`GameEntry.texts`: its rules and options in
`games/<id>/texts.py`, its table in `tui/games/<id>/texts.py`), two dicts `EN` and `JA` each,
with keys under the game's own prefix (`fam.`, `tarot.`, `dfg.`) and its options under
`opt.<id>.<field>` / `optval.<id>.<field>.<value>`. The game's name is `game.<id>`, from its
entry.
"""

from __future__ import annotations

import importlib
import os
import string
from typing import TYPE_CHECKING

from familia_tui.i18n import en, ja

if TYPE_CHECKING:
    from familia_tui.core.registry import GameEntry


def add_game(entry: GameEntry, catalogues: dict[str, dict[str, str]] | None = None) -> None:
    """Merge a game's messages (its name and its text modules) into the catalogues."""
    catalogues = CATALOGUES if catalogues is None else catalogues
    for lang, catalogue in catalogues.items():
        catalogue[f"game.{entry.id}"] = entry.name(lang)
    for name in entry.texts:
        module = importlib.import_module(name)
        catalogues["en"].update(module.EN)
        catalogues["ja"].update(module.JA)


def remove_game(entry: GameEntry) -> None:
    """Take a game's messages out of the catalogues again (a test's game, unregistered)."""
    keys = {f"game.{entry.id}"}
    for name in entry.texts:
        module = importlib.import_module(name)
        keys |= set(module.EN) | set(module.JA)
    for catalogue in CATALOGUES.values():
        for key in keys - set(en.MESSAGES if catalogue is CATALOGUES["en"] else ja.MESSAGES):
            catalogue.pop(key, None)


def _catalogues() -> dict[str, dict[str, str]]:
    from familia_tui.core.registry import entries

    merged = {"en": dict(en.MESSAGES), "ja": dict(ja.MESSAGES)}
    for entry in entries():
        add_game(entry, merged)
    return merged


CATALOGUES: dict[str, dict[str, str]] = _catalogues()
LANGS = tuple(CATALOGUES)


class _Formatter(string.Formatter):
    """`str.format`, plus plural words: `{n} {n:card|cards}` gives `1 card`, `2 cards`. The
    number may come as text (rule clauses keep their parameters as strings: `"1"`)."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return one if _number(value) == 1 else many
        return str(super().format_field(value, format_spec))


def _number(value: object) -> float | None:
    """A number given as a number or as its text, else None."""
    if isinstance(value, (int, float)):
        return value
    try:
        return float(str(value))
    except ValueError:
        return None


_FORMATTER = _Formatter()


class MissingText(KeyError):
    """A message or a placeholder missing from a catalogue (raised only in strict mode)."""


STRICT = os.environ.get("FAMILIA_TUI_STRICT_TEXTS") == "1"
"""Whether a missing message or placeholder raises `MissingText` instead of showing the key or
the unfilled template: the test suite turns it on (tests/conftest.py), the app never does."""


def translate(key: str, lang: str = "en", **params: object) -> str:
    """The message `key` in `lang` with its placeholders filled; a placeholder such as
    `{count:card|cards}` writes the singular or plural word for the number."""
    template = CATALOGUES.get(lang, CATALOGUES["en"]).get(key)
    if template is None:
        if STRICT:
            raise MissingText(f"no message {key!r} in {lang!r}")
        template = CATALOGUES["en"].get(key) or key
    try:
        return _FORMATTER.format(template, **params)
    except (KeyError, IndexError, ValueError) as error:
        if STRICT:
            raise MissingText(f"message {key!r} in {lang!r} needs {error}") from error
        return template


def default_lang(environ: dict[str, str] | None = None) -> str:
    """`ja` when the locale (LC_ALL, LC_MESSAGES or LANG) is Japanese, else `en`."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"
