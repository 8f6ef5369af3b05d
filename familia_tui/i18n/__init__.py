"""Message catalogues, English and Japanese.

Messages are looked up by key; `{name}` placeholders are filled from keyword arguments. A key
missing from the Japanese catalogue falls back to English, and a key missing everywhere is shown
as itself, so a missing translation is visible but never crashes anything.

`en.py` and `ja.py` hold the shared and Familia messages; a game's own messages live in
`i18n/<game>.py` (its rules) and `i18n/<game>_ui.py` (its screen) as two dicts, `EN` and `JA`,
merged in here (keys prefixed with the game's short prefix, e.g. `tarot.` or `dfg.`).

Every game's options are named the same way, `opt.<game>.<field>` (`opt.familia.decks`,
`opt.tarot.grasch`, `opt.daifugo.uno`), all in `en.py` and `ja.py`: the setup and rules screens
that show them are shared, and a game's own modules keep only its prefix.
"""

from __future__ import annotations

import importlib
import os
import string

from familia_tui.i18n import en, ja

GAME_CATALOGUES = ("tarot", "tarot_ui", "daifugo", "daifugo_ui")
"""Modules `familia_tui.i18n.<name>` with a game's own messages (its rules, its screen)."""


def _catalogues() -> dict[str, dict[str, str]]:
    merged = {"en": dict(en.MESSAGES), "ja": dict(ja.MESSAGES)}
    for game in GAME_CATALOGUES:
        try:
            module = importlib.import_module(f"familia_tui.i18n.{game}")
        except ModuleNotFoundError:
            continue
        merged["en"].update(module.EN)
        merged["ja"].update(module.JA)
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
        return super().format_field(value, format_spec)


def _number(value: object) -> float | None:
    """A number given as a number or as its text, else None."""
    if isinstance(value, (int, float)):
        return value
    try:
        return float(str(value))
    except ValueError:
        return None


_FORMATTER = _Formatter()


def translate(key: str, lang: str = "en", **params: object) -> str:
    """The message `key` in `lang` with its placeholders filled; a placeholder such as
    `{count:card|cards}` writes the singular or plural word for the number."""
    template = CATALOGUES.get(lang, CATALOGUES["en"]).get(key) or CATALOGUES["en"].get(key, key)
    try:
        return _FORMATTER.format(template, **params)
    except (KeyError, IndexError, ValueError):
        return template


def default_lang(environ: dict[str, str] | None = None) -> str:
    """`ja` when the locale (LC_ALL, LC_MESSAGES or LANG) is Japanese, else `en`."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"
