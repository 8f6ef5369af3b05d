"""The action notation: every action's text parses back to it (round trip), aliases are read,
and anything else is an ActionSyntaxError saying what is expected."""

from __future__ import annotations

import doctest

import pytest

from familia_tui.core.engine import ActionSyntaxError
from familia_tui.games.tarot.actions import (
    BID,
    PASS,
    PLAY,
    Contract,
    Declare,
    Kind,
    parse_action,
)
from familia_tui.games.tarot.cards import CARDS, parse_cards

EXAMPLES = [
    "pass", "bid prise", "bid garde", "bid garde-sans", "bid garde-contre", "call RH", "call DS",
    "discard 3C", "slam", "no-slam", "declare misere-faces", "declare misere-trumps",
    "declare poignee-simple T10 T9 T8 T7 T6 T5 T4 T3 T2 T1", "play 10H", "play T1", "play EX",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text


def test_every_play_round_trips_and_parses_to_the_shared_action() -> None:
    for card in CARDS:
        assert parse_action(str(PLAY[card])) is PLAY[card]


def test_parsing_is_case_and_accent_insensitive_and_reads_card_aliases() -> None:
    assert parse_action("BID Garde-Contre") is BID[Contract.GARDE_CONTRE]
    assert parse_action("Pass") is PASS
    assert str(parse_action("play K♥")) == "play RH"
    assert str(parse_action("declare poignée-double " + " ".join(f"t{i}" for i in range(1, 14)))) == (
        "declare poignee-double " + " ".join(f"T{i}" for i in range(13, 0, -1)))


def test_a_poignee_shows_trumps_high_to_low_with_the_excuse_last() -> None:
    action = Declare(Kind.POIGNEE_SIMPLE, tuple(parse_cards("EX T1 T9 T3")))
    assert str(action) == "declare poignee-simple T9 T3 T1 EX"
    assert action == Declare(Kind.POIGNEE_SIMPLE, tuple(parse_cards("T3 EX T9 T1")))


@pytest.mark.parametrize("text", [
    "", "bid", "bid petite", "pass now", "play", "play ZZ", "play RH 2S", "discard", "call",
    "declare", "declare poignee", "declare misere-faces T1", "slam now", "chelem"])
def test_bad_notation_is_a_syntax_error(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_contracts_are_ordered_with_their_multipliers() -> None:
    assert [c.multiplier for c in Contract] == [1, 2, 4, 6]
    assert [c.level for c in Contract] == [0, 1, 2, 3]
    assert [c.exchanges for c in Contract] == [True, True, False, False]


def test_declaration_bonuses() -> None:
    assert [k.bonus for k in Kind] == [20, 30, 40, 10, 10]


def test_module_doctests() -> None:
    from familia_tui.games.tarot import actions, cards

    assert doctest.testmod(cards).failed == 0 and doctest.testmod(actions).failed == 0
