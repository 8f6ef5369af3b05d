"""Message catalogues, English and Japanese.

Messages are looked up by key; `{name}` placeholders are filled from keyword arguments. A key
missing from the Japanese catalogue falls back to English, and a key missing everywhere is shown
as itself, so a missing translation is visible but never crashes anything.
"""

from __future__ import annotations

import os

from familia_tui.i18n import en, ja

CATALOGUES: dict[str, dict[str, str]] = {"en": en.MESSAGES, "ja": ja.MESSAGES}
LANGS = tuple(CATALOGUES)


def translate(key: str, lang: str = "en", **params: object) -> str:
    """The message `key` in `lang` with its placeholders filled."""
    template = CATALOGUES.get(lang, en.MESSAGES).get(key) or en.MESSAGES.get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


def default_lang(environ: dict[str, str] | None = None) -> str:
    """`ja` when the locale (LC_ALL, LC_MESSAGES or LANG) is Japanese, else `en`."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"
