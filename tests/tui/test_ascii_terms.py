"""The games' Japanese terms in ascii mode (issue 10, item 8: in ascii glyph mode no screen of any
game shows a non-ASCII character).

English texts keep the source's terms on purpose (ビリ, 革命, 流れる): players learn them, and
unicode and letters mode show them as they are. In ascii mode, in English, each reads in romaji
from its game's `ASCII_TERMS` (found through the registry's `texts` modules, like the
catalogues), longest first, before the generic stand-ins of `widgets.ascii.STAND_INS`. These
checks keep a new term from slipping in without its reading: every Japanese character of every
English message, preset description and `rules.en.md` is covered by the game's own terms, and
no other character falls back to `?`. Japanese keeps its terms in every mode.
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Mapping

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.screen import Screen

from familia_tui.core.presets import list_presets
from familia_tui.core.registry import GameEntry, entries
from familia_tui.i18n import CATALOGUES, TERMS, ascii_terms, game_terms
from familia_tui.i18n.options import option_rows
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.glyphs import glyph_safe
from familia_tui.tui.screens.rules import options_markdown, rules_document, rules_text
from familia_tui.tui.settings import Settings
from familia_tui.tui.widgets.ascii import ascii_safe

GAMES = list(entries())
IDS = [entry.id for entry in GAMES]


def english_messages(entry: GameEntry) -> dict[str, str]:
    """The game's own English messages (its text modules)."""
    messages: dict[str, str] = {}
    for name in entry.texts:
        messages.update(importlib.import_module(name).EN)
    return messages


def with_own_terms(text: str, terms: Mapping[str, str]) -> str:
    """`text` with only these terms read (longest first), then the generic stand-ins."""
    if terms:
        pattern = re.compile("|".join(map(re.escape, sorted(terms, key=len, reverse=True))))
        text = pattern.sub(lambda match: terms[match.group()], text)
    return ascii_safe(text)


def unread(original: str, shown: str) -> list[str]:
    """What the ascii text still lacks: characters left non-ASCII, and `?` put for a character
    with no stand-in."""
    left = sorted({char for char in shown if not char.isascii()})
    guessed = ["?"] * (shown.count("?") - original.count("?"))
    return left + guessed


@pytest.mark.parametrize("entry", GAMES, ids=IDS)
def test_every_japanese_term_in_an_english_message_is_read_by_its_games_terms(entry: GameEntry) -> None:
    terms = game_terms(entry)
    missing = {key: (text, unread(text, with_own_terms(text, terms)))
               for key, text in english_messages(entry).items()
               if unread(text, with_own_terms(text, terms))}
    assert not missing, missing


@pytest.mark.parametrize("entry", GAMES, ids=IDS)
def test_every_rules_en_is_pure_ascii_after_the_pipeline(entry: GameEntry) -> None:
    """The whole rulebook with the default preset's options, as F1 draws it in ascii mode (its
    own terms cover its Japanese; the drawn Markdown keeps to ASCII lines and bullets)."""
    text = rules_text(entry.id, "en")
    assert not unread(text, with_own_terms(text, game_terms(entry)))
    presets, _ = list_presets(entry.id)
    for preset in presets:
        text += options_markdown(preset.options, "Options", "en", entry.id, "ascii")
    shown = glyph_safe(text, "ascii", "en")
    assert not unread(text, shown), unread(text, shown)
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(rules_document(shown, ascii_only=True))
    drawn = console.export_text(styles=False)
    assert drawn.isascii(), sorted({char for char in drawn if not char.isascii()})


@pytest.mark.parametrize("entry", GAMES, ids=IDS)
def test_every_option_of_every_preset_reads_in_ascii(entry: GameEntry) -> None:
    presets, _ = list_presets(entry.id)
    for preset in presets:
        for key, label, value in option_rows(preset.options, entry.id, "en", "ascii"):
            for text in (label, value):
                assert glyph_safe(text, "ascii", "en").isascii(), (preset.id, key, text)


def test_every_english_message_of_the_app_and_the_games_reads_in_ascii() -> None:
    odd = {key: text for key, text in CATALOGUES["en"].items()
           if not glyph_safe(text, "ascii", "en").isascii() or unread(text, glyph_safe(text, "ascii", "en"))}
    assert not odd, odd


@pytest.mark.parametrize("entry", GAMES, ids=IDS)
def test_every_presets_title_and_description_is_read_by_its_games_terms(entry: GameEntry) -> None:
    presets, _ = list_presets(entry.id)
    for preset in presets:
        for text in (preset.title("en"), preset.description["en"]):
            assert not unread(text, with_own_terms(text, game_terms(entry))), (preset.id, text)


def test_a_term_two_games_write_reads_the_same_in_both() -> None:
    readings: dict[str, set[str]] = {}
    for entry in GAMES:
        for term, reading in game_terms(entry).items():
            readings.setdefault(term, set()).add(reading)
    assert {term: found for term, found in readings.items() if len(found) > 1} == {}


def test_every_reading_is_ascii_and_every_term_is_not() -> None:
    for term, reading in TERMS.items():
        assert reading.isascii() and reading and reading.strip() == reading, (term, reading)
        assert not term.isascii(), term


def test_terms_read_longest_first_and_capitalised_where_a_sentence_starts() -> None:
    assert ascii_terms("ドボン返し: Ben is ビリ", "en") == "Dobon-gaeshi: Ben is biri"
    assert ascii_terms("## ドボン and ドボン返し\n8切り ends it", "en") == \
        "## Dobon and dobon-gaeshi\n8-giri ends it"
    assert ascii_terms("[dim]スペ3: the trick ends[/]", "en") == "[dim]Supe-3: the trick ends[/]"
    assert ascii_terms("in force, so no\n都落ち or 5飛ばし", "en") == "in force, so no\nmiyako-ochi or 5-tobashi"
    assert glyph_safe(CATALOGUES["en"]["dfg.ev.revolution.on"], "ascii", "en") == "Kakumei! The order is reversed"
    assert glyph_safe("Daifugō ±2 → ×", "ascii", "en") == "Daifugou +/-2 > x"


@pytest.mark.parametrize("glyphs", ["unicode", "letters"])
def test_english_keeps_the_japanese_terms_outside_ascii_mode(glyphs: str) -> None:
    text = CATALOGUES["en"]["dfg.ev.game_scored"]
    assert glyph_safe(text, glyphs, "en") == text and "ビリ" in text


@pytest.mark.parametrize("glyphs", ["unicode", "letters", "ascii"])
def test_japanese_keeps_its_terms_in_every_mode(glyphs: str) -> None:
    for key in ("dfg.ev.revolution.on", "dfg.ui.dobon_why", "fam.ui.void", "bind.Uno"):
        text = CATALOGUES["ja"][key]
        shown = glyph_safe(text, glyphs, "ja")
        assert shown == ascii_safe(text) if glyphs == "ascii" else shown == text


def test_a_footer_key_reads_in_romaji_and_back_when_the_glyph_mode_changes() -> None:
    """The footer's words go through the pipeline too (ウノ is `Uno`), and come back as they
    were when the player leaves ascii mode."""

    class Table(Screen[None]):
        BINDINGS = [Binding("u", "uno", "Uno")]

    app = FamiliaTuiApp(settings=Settings(lang="en", glyphs="ascii"), persist_settings=False)
    screen = Table()
    app.translate_bindings(screen)
    assert screen._bindings.key_to_bindings["u"][0].description == "Uno"
    app.settings = app.settings.with_(glyphs="unicode")
    app.translate_bindings(screen)
    assert screen._bindings.key_to_bindings["u"][0].description == "ウノ"
