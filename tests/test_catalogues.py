"""One parity test over every catalogue: the app's and each registered game's."""

from __future__ import annotations

import importlib
import re
import string

import pytest

from familia_tui.core.registry import GameEntry, entries
from familia_tui.i18n import CATALOGUES, en, ja

ENGLISH_ONLY = {"reason", "msg"}
"""Placeholders filled with text from Python or a library that exists only in English (a JSON
parser's message, a validation error): a Japanese message may leave them out rather than show
English (tests/tui/test_japanese_has_no_english.py)."""


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalogues() -> list[tuple[str, dict[str, str], dict[str, str], GameEntry | None]]:
    found: list[tuple[str, dict[str, str], dict[str, str], GameEntry | None]] = [
        ("familia_tui.i18n", en.MESSAGES, ja.MESSAGES, None)]
    for entry in entries():
        for name in entry.texts:
            module = importlib.import_module(name)
            found.append((name, module.EN, module.JA, entry))
    return found


@pytest.mark.parametrize(("name", "english", "japanese", "entry"), catalogues(),
                         ids=[c[0] for c in catalogues()])
def test_english_and_japanese_have_the_same_keys_and_placeholders(
        name: str, english: dict[str, str], japanese: dict[str, str], entry: GameEntry | None) -> None:
    assert sorted(set(english) ^ set(japanese)) == [], f"{name}: keys in one language only"
    odd = [key for key in english
           if placeholders(japanese[key]) != placeholders(english[key]) - (ENGLISH_ONLY - placeholders(japanese[key]))]
    assert odd == [], f"{name}: placeholders differ"
    assert all(text.strip() for text in (*english.values(), *japanese.values())), f"{name}: an empty message"


@pytest.mark.parametrize("entry", entries(), ids=[e.id for e in entries()])
def test_a_games_messages_are_its_own(entry: GameEntry) -> None:
    """A game's keys carry its prefix (or name its options), so no game can overwrite the app's
    messages or another game's; its key names (`bind.<English name>`, one namespace for every
    screen's keys) may repeat another catalogue's only with the same words."""
    own = re.compile(rf"({re.escape(entry.prefix)}|opt\.{entry.id}|optval\.{entry.id})\.")
    elsewhere = {key: (english, japanese) for name, en_, ja_, other in catalogues() if other is not entry
                 for key, english, japanese in ((k, en_[k], ja_[k]) for k in en_)}
    for name in entry.texts:
        module = importlib.import_module(name)
        stray = [key for key in module.EN if not own.match(key) and not key.startswith("bind.")]
        assert stray == [], f"{name}: keys outside {entry.prefix}., opt.{entry.id}., optval.{entry.id}."
        clashes = [key for key in module.EN if key.startswith("bind.") and key in elsewhere
                   and elsewhere[key] != (module.EN[key], module.JA[key])]
        assert clashes == [], f"{name}: key names that read differently elsewhere"
    others = [e for e in entries() if e is not entry]
    assert all(entry.prefix != other.prefix for other in others)
    assert not any(key.startswith(f"{entry.prefix}.") for key in en.MESSAGES)


def test_every_game_has_a_name_in_every_language() -> None:
    for entry in entries():
        for lang, catalogue in CATALOGUES.items():
            assert catalogue[f"game.{entry.id}"] == entry.name(lang)
