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

English texts keep some of the games' Japanese terms on purpose (ビリ, 革命, 流れる): players learn
them. Where a terminal shows only ASCII (the ascii glyph mode), `ascii_terms` reads them in
romaji. Each game gives its readings with its texts, in a dict `ASCII_TERMS` beside `EN` and
`JA` in any of its text modules (`{"革命": "kakumei"}`); the app's own (the language names) are in
`en.ASCII_TERMS`.
"""

from __future__ import annotations

import importlib
import os
import re
import string
from typing import TYPE_CHECKING

from familia_tui.i18n import en, ja

if TYPE_CHECKING:
    from familia_tui.core.registry import GameEntry


def game_terms(entry: GameEntry) -> dict[str, str]:
    """A game's readings of its Japanese terms (the `ASCII_TERMS` of its text modules)."""
    terms: dict[str, str] = {}
    for name in entry.texts:
        terms.update(getattr(importlib.import_module(name), "ASCII_TERMS", {}))
    return terms


def add_game(entry: GameEntry, catalogues: dict[str, dict[str, str]] | None = None) -> None:
    """Merge a game's messages (its name and its text modules) into the catalogues; with the
    app's catalogues, its terms' readings join the ascii readings too."""
    if catalogues is None:
        catalogues = CATALOGUES
        TERMS.update(game_terms(entry))
        _PATTERN.clear()
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
    TERMS.clear()
    TERMS.update(_terms())


def _catalogues() -> dict[str, dict[str, str]]:
    from familia_tui.core.registry import entries

    merged = {"en": dict(en.MESSAGES), "ja": dict(ja.MESSAGES)}
    for entry in entries():
        add_game(entry, merged)
    return merged


def _terms() -> dict[str, str]:
    from familia_tui.core.registry import entries

    _PATTERN.clear()
    terms = dict(en.ASCII_TERMS)
    for entry in entries():
        terms.update(game_terms(entry))
    return terms


_PATTERN: dict[str, re.Pattern[str] | None] = {}
"""The terms as one pattern, longest first (made again when a game comes or goes)."""
TERMS: dict[str, str] = _terms()
"""Every registered game's readings of its Japanese terms, and the app's: term → ASCII."""
CATALOGUES: dict[str, dict[str, str]] = _catalogues()
LANGS = tuple(CATALOGUES)


# ----- the games' Japanese terms in ASCII -----

TERMS_KEPT_IN = ("ja",)
"""The languages that write the games' terms as they are, in every glyph mode."""


def ascii_terms(text: str, lang: str) -> str:
    """`text` with the Japanese terms of every registered game (and the app's) in their ASCII
    readings, longest first (`ドボン返し` before `ドボン`); a reading that begins a sentence is
    capitalised. Japanese text is left as it is.

    >>> ascii_terms("Game over: Aki is ビリ (ドボン返し)", "en")
    'Game over: Aki is biri (dobon-gaeshi)'
    """
    if text.isascii() or lang in TERMS_KEPT_IN:
        return text
    pattern = _pattern()
    return text if pattern is None else pattern.sub(lambda match: _read(match, text), text)


def _pattern() -> re.Pattern[str] | None:
    if "terms" not in _PATTERN:
        terms = sorted(TERMS, key=len, reverse=True)
        _PATTERN["terms"] = re.compile("|".join(map(re.escape, terms))) if terms else None
    return _PATTERN["terms"]


def _read(match: re.Match[str], text: str) -> str:
    """A term's reading, capitalised where it begins a sentence."""
    reading = TERMS[match.group()]
    return reading[:1].upper() + reading[1:] if _starts_sentence(text, match.start()) else reading


_TAG = re.compile(r"\[/?[a-z#][^\]]*\]")
"""A Rich markup tag (`[b yellow]`, `[/]`); an escaped ruling id (`\\[DF-7]`) is none."""


def _starts_sentence(text: str, start: int) -> bool:
    """Whether `text[start:]` begins a message, a Markdown block (a heading, an item, a table
    row, a paragraph) or a sentence, markup tags aside; a paragraph's line that only wraps on
    begins nothing."""
    line = text.rfind("\n", 0, start)
    previous = text.rfind("\n", 0, line) if line > 0 else -1
    before = _TAG.sub("", text[previous + 1:start])
    lines = before.split("\n")
    if not lines[-1].strip(" #*-_>|") and (line < 0 or lines[-1].strip(" *_") or not lines[0].strip()):
        return True
    return before.rstrip(" *_\n").endswith((".", "!", "?"))


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
