"""No English word inside Japanese text.

Every key of the Japanese catalogue is rendered with plausible parameters: a rule clause through
its game's clause renderer from the engine's notation (cards `10D`, suits `H`, contracts `garde`,
colours `black` …), any other message with what its screen passes (names, cards, numbers). The
plain text (markup dropped) may hold card codes, ruling ids and names, but no English game term.
"""

from __future__ import annotations

import re
import string

import pytest
from rich.text import Text

from familia_tui.core.engine import Clause, Seat
from familia_tui.games.daifugo import texts as daifugo_texts
from familia_tui.games.tarot import texts as tarot_texts
from familia_tui.i18n import CATALOGUES, translate
from familia_tui.tui import glyphs
from familia_tui.tui.games.daifugo import widgets as daifugo_widgets
from familia_tui.tui.games.familia import widgets as familia_widgets
from familia_tui.tui.games.tarot import widgets as tarot_widgets

TERMS = (
    "trick", "tricks", "trump", "trumps", "bid", "bids", "bidding", "pass", "passes", "joker", "jokers",
    "revolution", "deal", "deals", "dealer", "score", "scores", "hand", "hands", "player", "players",
    "seat", "seats", "lead", "leads", "led", "follow", "suit", "suits", "card", "cards", "team", "teams",
    "game", "games", "black", "red", "spades", "hearts", "diamonds", "clubs", "king", "queen", "knight",
    "jack", "taker", "partner", "call", "discard", "play", "plays", "winner", "points", "round",
    "garde", "prise", "contre", "sans", "poignee", "poignée", "misere", "misère", "slam", "chien", "excuse",
    "ecart", "écart", "stock", "pile", "face", "batting", "must", "win", "none", "yes", "no", "on", "off",
    "male", "female", "bot", "basic", "random", "human", "over", "the", "of", "and", "is", "not",
)
"""English game terms and the glue words that show an untranslated sentence."""
ENGLISH = re.compile(rf"\b(?:{'|'.join(TERMS)})\b", re.IGNORECASE)

SAMPLES = {
    "card": "10D", "cards": "10D 9H", "allowed": "10D, 9H", "best": "9D", "other": "9C", "top": "QD",
    "suit": "H", "trump": "S", "colour": "black", "bid": "garde", "highest": "prise",
    "kind": "poignee-simple", "phase": "bid", "wanted": "play", "rank": "R", "seat": "0",
    "suits": "SH", "example": "JK=7S", "next": "7", "caller": "0",
}
"""Parameters in the engine's notation, as rule clauses carry them."""

NAMES = {"name": "アキ", "names": "アキ・ベン", "a": "アキ", "b": "ベン", "who": "アキ", "taker": "アキ",
         "partner": "ベン", "leader": "アキ", "seats": "アキ・ベン", "team": "A", "path": "/tmp/a.json",
         "folder": "/tmp", "reason": "—", "updated": "12:00", "list": "アキ", "play": "10D 10H",
         "plays": "10D 9H", "text": "10D", "face": "QD", "picked": "T21"}
"""What screens pass for names and other ready-made texts."""

SEATS = [Seat(name=n) for n in ("アキ", "ベン", "チョウ", "ダン")]


def clause_text(key: str, params: dict[str, str]) -> str | None:
    """A rule clause through its game's renderer (None for a message that is no clause)."""
    made = Clause(key, tuple(params.items()))
    if key.startswith("dfg.x."):
        style = daifugo_widgets.CLAUSES
    elif key in tarot_texts.EN and not key.startswith(("tarot.event.", "tarot.label.")):
        style = tarot_widgets.CLAUSES
    elif key.startswith("fam."):
        style = familia_widgets.CLAUSES
    else:
        return None
    return made.text("ja", glyphs.clause_renderer(style, "ja", "unicode", SEATS))


def rendered(key: str) -> str:
    text = CATALOGUES["ja"][key]
    fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    params = {f: NAMES.get(f, "3") for f in fields}
    clause = clause_text(key, {f: SAMPLES.get(f, params[f]) for f in fields})
    return Text.from_markup(clause if clause is not None else translate(key, "ja", **params)).plain


KEYS = sorted(CATALOGUES["ja"])


def test_every_catalogue_key_has_a_japanese_text() -> None:
    assert set(CATALOGUES["ja"]) == set(CATALOGUES["en"])
    assert len(KEYS) > 700 and daifugo_texts.JA


@pytest.mark.parametrize("lang_key", KEYS)
def test_japanese_messages_hold_no_english_game_term(lang_key: str) -> None:
    text = rendered(lang_key)
    words = ENGLISH.findall(text)
    assert not words, f"{lang_key}: {text!r} holds {words}"
