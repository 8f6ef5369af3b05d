"""Daifugō messages write no suit symbol: cards come in as parameters drawn in the player's glyph
mode (unicode, letters, ascii) like every other card on the screen, and seats are named, never
numbered."""

from __future__ import annotations

import pytest

from familia_tui.core.cards import Card
from familia_tui.core.engine import Event, Explanation, Seat, clause
from familia_tui.games.daifugo.actions import Play
from familia_tui.i18n import CATALOGUES, translate
from familia_tui.tui.games.daifugo.widgets import event_lines, explanation_markup

SUIT_SYMBOLS = set("♠♥♦♣◆♤♡♢♧")
SEATS = [Seat(name=name) for name in ("Aki", "Ben", "Cho", "Dan")]
SPADE3 = Card(3, "S")
RULE_CARD = Card(9, "D")
EVENTS = [
    Event("rule_card", None, (RULE_CARD,), (("game", 1), ("families", ()), ("ability_ranks", ()),
                                            ("revolution", True))),
    Event("dealt", 2, (), (("counts", (14, 14, 14, 14)), ("leader", 2))),
    Event("played", 1, (Card(0, "X"),), (("play", Play((), (Card(0, "X"),))), ("kind", "top"),
                                         ("spade3", False))),
    Event("played", 0, (SPADE3,), (("play", Play((SPADE3,))), ("kind", "group"), ("spade3", True))),
    Event("trick_won", 0, (), (("why", "spade3"),)),
]


def lines(lang: str, glyphs: str) -> list[str]:
    """The log lines as the widget writes them (before the screen's ascii safety net)."""
    return event_lines(EVENTS, SEATS, lang, lambda key, **p: translate(key, lang, **p), glyphs)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_daifugo_message_writes_a_suit_symbol(lang: str) -> None:
    written = {key: text for key, text in CATALOGUES[lang].items()
               if key.startswith(("dfg.", "opt.daifugo.")) and SUIT_SYMBOLS & set(text)}
    assert not written, written


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("glyphs", ["letters", "ascii"])
def test_the_log_draws_cards_in_letters_outside_unicode_mode(lang: str, glyphs: str) -> None:
    log = "\n".join(lines(lang, glyphs))
    assert not SUIT_SYMBOLS & set(log), log
    assert "9D" in log and "3S" in log  # the ◆ rule card and the スペ3 answer, rank first
    assert "S3" not in log and "D9" not in log


def test_the_log_draws_cards_with_suit_symbols_in_unicode_mode() -> None:
    log = lines("en", "unicode")
    assert "9♦" in log[1] and "is a diamond: the game starts in revolution" in log[1]
    assert log[2].startswith("Cards dealt; Cho holds the 3 of hearts and leads")
    assert "Aki: " in log[4] and "3♠" in log[4] and "answers the joker (スペ3)" in log[4]
    ja = lines("ja", "unicode")
    assert "ハートの3を持つCho" in ja[2]
    assert "ジョーカーに" in ja[4] and "3♠" in ja[4]


@pytest.mark.parametrize("glyphs", ["unicode", "letters", "ascii"])
def test_the_spade3_explanation_writes_no_suit_symbol(glyphs: str) -> None:
    why = Explanation(True, (clause("dfg.x.spade3", "DF-20", top="JK"),))
    for lang in ("en", "ja"):
        text = explanation_markup(why, lang, SEATS, glyphs)
        assert not SUIT_SYMBOLS & set(text), text
    assert "3 of spades" in explanation_markup(why, "en", SEATS, glyphs)


def test_dobon_and_chombo_clauses_name_the_player() -> None:
    for key in ("dfg.x.dobon_open", "dfg.x.chombo_open"):
        why = Explanation(False, (clause(key, "DF-28a", seat=1),))
        assert explanation_markup(why, "en", SEATS, "unicode").startswith("Ben")
        assert explanation_markup(why, "ja", SEATS, "ascii").startswith("Ben")
