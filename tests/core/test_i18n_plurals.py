"""Messages write plural words from the number they are given (no "card(s)")."""

from __future__ import annotations

import pytest

from familia_tui import i18n
from familia_tui.i18n import CATALOGUES, translate


@pytest.fixture
def message() -> str:
    CATALOGUES["en"]["test.plural"] = "{name} holds {count} {count:card|cards} ({points:+d})"
    yield "test.plural"
    del CATALOGUES["en"]["test.plural"]


def test_one_and_many_take_their_own_word(message: str) -> None:
    assert translate(message, count=1, name="Aki", points=3) == "Aki holds 1 card (+3)"
    assert translate(message, count=0, name="Aki", points=-2) == "Aki holds 0 cards (-2)"
    assert translate(message, count=12, name="Aki", points=0) == "Aki holds 12 cards (+0)"


def test_a_number_given_as_text_also_chooses_the_word(message: str) -> None:
    """Rule clauses store their parameters as text (`clause(..., left=1)` keeps "1")."""
    assert translate(message, count="1", name="Aki", points=0) == "Aki holds 1 card (+0)"
    assert translate(message, count="3", name="Aki", points=0) == "Aki holds 3 cards (+0)"


def test_a_missing_value_leaves_the_template_whole(message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "STRICT", False)  # the app's way; the tests run strict
    assert translate(message, count=1) == CATALOGUES["en"][message]


def test_a_missing_value_or_message_fails_loudly_in_strict_mode(message: str) -> None:
    with pytest.raises(i18n.MissingText, match="needs 'name'"):
        translate(message, count=1)
    with pytest.raises(i18n.MissingText, match="no message 'test.nothing'"):
        translate("test.nothing")


def test_no_shipped_message_writes_a_plural_with_brackets() -> None:
    for lang, catalogue in CATALOGUES.items():
        bad = [key for key, text in catalogue.items() if "(s)" in text]
        assert not bad, f"{lang}: {bad} write '(s)'; use {{count:one|many}}"


@pytest.mark.parametrize(("key", "params", "one", "many"), [
    ("tarot.ui.scores_title", {"hands": 1}, "Scores after 1 hand", "Scores after 2 hands"),
    ("tarot.ui.turn_ecart", {"name": "Aki", "left": 1}, "discard 1 more card ", "discard 2 more cards "),
    ("ui.setup_preset_errors", {"count": 1}, "1 preset file could", "2 preset files could"),
    ("ui.practice_errors", {"count": 1}, "1 practice file could", "2 practice files could"),
])
def test_shipped_messages_write_one_and_many(key: str, params: dict[str, object], one: str, many: str) -> None:
    assert one in translate(key, **params)
    counted = next(name for name, value in params.items() if value == 1)
    assert many in translate(key, **{**params, counted: 2})


def test_the_sides_line_counts_bouts() -> None:
    line = translate("tarot.ui.sides", taker=41, taker_bouts=1, target=51, defence=50, defence_bouts=0)
    assert "41 points, 1 bout (needs 51)" in line and "50 points, 0 bouts" in line


def test_a_rule_clause_with_one_card_left_says_card() -> None:
    from familia_tui.core.engine import clause

    assert "(1 card still to discard)" in clause("tarot.ecart_ok", "A6", card="3S", left=1).text("en")
    assert "(4 cards still to discard)" in clause("tarot.ecart_ok", "A6", card="3S", left=4).text("en")


def test_card_points_take_the_plural_unless_exactly_one() -> None:
    assert translate("tarot.event.trick_won", seat="Aki", number=3, points="1") == "Aki wins trick 3 (1 point)"
    assert translate("tarot.event.trick_won", seat="Aki", number=3, points="1.5") == "Aki wins trick 3 (1.5 points)"
    assert translate("ui.continue_count", count=1, game="Familia") == "1 unfinished game; the newest: Familia"
