"""Declarations at one's first card: poignées and misères (rules digest A8; rulings TA-11,
TA-12, TA-19; FFT §10)."""

from __future__ import annotations

from math import comb

import pytest
from tarot_helpers import card, legal, options, play, play_out, position

from familia_tui.games.tarot.actions import DECLARE_NONE, Declare, Kind, parse_action
from familia_tui.games.tarot.declarations import ActionList

FOUR = options(hands=1)


def trumps(count: int, start: int = 2) -> str:
    return " ".join(f"T{i}" for i in range(start, start + count))


def first_card(hand: str, void: str = "TX", players: int = 4, seat: int = 1, **fields: object):  # type: ignore[no-untyped-def]
    """Seat 1 leads the first trick (seat 0 dealt, seat 1 took a Garde) holding `hand`."""
    opts = options(players, hands=1, **fields)
    extra = {"called": "RC"} if players == 5 else {}
    return position(opts, taker=1, contract="garde", hands={seat: hand}, voids={seat: void}, **extra)


def declares(state) -> set[str]:  # type: ignore[no-untyped-def]
    """The kinds on offer (`declare none` is not a declaration)."""
    return {str(a).split()[1] for a in state.legal_actions() if isinstance(a, Declare)}


@pytest.mark.parametrize(("players", "simple", "double", "triple"), [(3, 13, 15, 18), (4, 10, 13, 15), (5, 8, 10, 13)])
def test_A8_poignee_thresholds_by_player_count(players: int, simple: int, double: int, triple: int) -> None:
    assert declares(first_card(trumps(simple - 1), players=players)) == set()
    assert declares(first_card(trumps(simple), players=players)) == {"poignee-simple"}
    assert declares(first_card(trumps(double), players=players)) == {"poignee-simple", "poignee-double"}
    assert declares(first_card(trumps(triple), players=players)) == {
        "poignee-simple", "poignee-double", "poignee-triple"}


def test_TA_11_exactly_the_threshold_is_shown_and_the_player_chooses_which() -> None:
    state = first_card(trumps(11))
    actions = state.legal_actions()
    assert isinstance(actions, ActionList)
    poignees = [a for a in actions if isinstance(a, Declare)]
    assert len(poignees) == comb(11, 10) == len(actions) - len(state.hand(1)) - 1  # and `declare none`
    too_many = parse_action("declare poignee-simple " + trumps(11))
    explanation = state.explain(too_many)
    assert not explanation.legal and explanation.rulings == ("TA-11",)
    assert "exactly 10" in explanation.text()
    assert parse_action("declare poignee-simple " + trumps(10, start=3)) in actions


def test_TA_11_the_excuse_makes_up_one_trump_only_for_a_player_with_no_other_to_show() -> None:
    state = first_card(trumps(9) + " EX", void="T")
    with_excuse = parse_action("declare poignee-simple " + trumps(9) + " EX")
    assert [str(a) for a in state.legal_actions() if isinstance(a, Declare)] == [str(with_excuse)]
    assert "TA-11" in state.explain(with_excuse).rulings
    state = first_card(trumps(10) + " EX", void="T")
    shown = parse_action("declare poignee-simple " + trumps(9) + " EX")
    assert shown not in state.legal_actions()
    explanation = state.explain(shown)
    assert not explanation.legal and explanation.rulings == ("TA-11",)
    assert explanation.clauses[0].key == "tarot.poignee_excuse"


def test_A8_a_poignee_not_held_and_cards_not_trumps_are_refused() -> None:
    state = first_card(trumps(8) + " 2H 3H", void="TX")
    explanation = state.explain(parse_action("declare poignee-simple " + trumps(8) + " 2H 3H"))
    assert explanation.rulings == ("A8",) and explanation.clauses[0].key == "tarot.poignee_only_trumps"
    explanation = state.explain(parse_action("declare poignee-simple " + trumps(10)))
    assert not explanation.legal


def test_A8_one_poignee_per_player_then_his_first_card() -> None:
    state = first_card(trumps(13))
    play(state, "declare poignee-double " + trumps(13))
    assert declares(state) == set() and state.to_act == 1
    assert state.explain(parse_action("declare poignee-simple " + trumps(10))).rulings == ("A8",)
    events = play(state, "play T2").events
    assert events[0].kind == "played"
    assert [(d.seat, str(d.kind)) for d in state.declarations] == [(1, "poignee-double")]
    assert state.declarations[0].cards == tuple(card(f"T{i}") for i in range(14, 1, -1))


def test_TA_11_declarations_only_at_the_first_card() -> None:
    state = first_card(trumps(12))
    play_out(state, tricks_left=17)
    assert state.trick_no == 1
    while state.to_act != 1:
        state.apply(next(a for a in state.legal_actions() if str(a).startswith("play")))
    assert declares(state) == set()
    explanation = state.explain(parse_action("declare poignee-simple " + trumps(10)))
    assert explanation.rulings == ("TA-11",) and not explanation.legal


def test_A2_no_declarations_when_the_option_is_none() -> None:
    state = first_card(trumps(12), declarations="none")
    assert declares(state) == set()
    assert state.explain(parse_action("declare poignee-simple " + trumps(10))).rulings == ("A2",)


def test_TA_12_misere_without_faces_or_trumps_is_declared_when_held_and_not_shown() -> None:
    hand = "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H 6H 7H 8H 9H 10H"
    state = first_card(hand, declarations="poignees-miseres")
    assert declares(state) == {"misere-faces", "misere-trumps"}
    events = play(state, "declare misere-trumps").events
    assert events[0].kind == "declared" and events[0].cards == () and events[0].get("bonus") == 10
    assert declares(state) == {"misere-faces"}
    play(state, "declare misere-faces")
    assert [str(d.kind) for d in state.declarations] == ["misere-trumps", "misere-faces"]


def test_TA_12_a_misere_not_held_is_refused_naming_the_cards() -> None:
    hand = "VS 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H 6H 7H 8H 9H T5"
    state = first_card(hand, declarations="poignees-miseres")
    assert declares(state) == set()
    explanation = state.explain(parse_action("declare misere-faces"))
    assert not explanation.legal and explanation.rulings == ("TA-12",) and "VS" in explanation.text()
    assert "T5" in state.explain(parse_action("declare misere-trumps")).text()


def test_A2_misere_needs_the_option() -> None:
    hand = "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H 6H 7H 8H 9H 10H"
    state = first_card(hand)
    assert declares(state) == set()
    assert state.explain(parse_action("declare misere-faces")).rulings == ("A2",)


def test_TA_19_no_declarations_in_a_grasch_hand() -> None:
    opts = options(hands=1, grasch=True)
    state = position(opts, bids=["pass"] * 4, hands={1: trumps(12)}, voids={1: "TX"})
    assert state.grasch and declares(state) == set()
    assert state.explain(parse_action("declare poignee-simple " + trumps(10))).rulings == ("TA-19",)


def test_A8_a_defender_declares_too_and_the_bonus_goes_to_the_side_that_wins() -> None:
    state = first_card(trumps(10), seat=2, void="TX")
    play(state, "play " + str(state.hand(1)[0]))
    assert "poignee-simple" in declares(state) and state.to_act == 2
    play(state, "declare poignee-simple " + trumps(10))
    play_out(state)
    result = state.results[-1]
    assert result.handfuls == 20  # type: ignore[union-attr]
    sign = 1 if result.score.made else -1  # type: ignore[union-attr]
    without = result.score.d_half - sign * 2 * 20  # type: ignore[union-attr]
    assert result.score.d_half == without + sign * 40  # type: ignore[union-attr]


def test_FFT_10_the_takers_discarded_trumps_are_shown_with_his_poignee_when_the_option_is_on() -> None:
    opts = options(hands=1, poignee_shows_discarded_trumps=True, discarded_trumps_shown=True)
    hand = "RS RH RD RC T21 T1 EX " + trumps(11)  # 18 cards: 4 kings, 3 bouts, T2–T12
    state = position(opts, taker=1, contract="garde", hands={1: hand}, chien="T13 T14 T15 T16 T17 T18",
                     phase="ecart")
    for text in ("T2", "T3", "T4", "T5", "T6", "T7"):
        play(state, f"discard {text}")
    play(state, "no-slam")
    levels = {str(level.kind): level for level in state.poignee_levels(1)}
    assert set(levels) == {"poignee-simple", "poignee-double", "poignee-triple"}  # 13 held + 6 discarded
    triple = levels["poignee-triple"]
    assert set(triple.fixed) == {card(f"T{i}") for i in range(2, 8)} and triple.choose == 9
    hand_only = parse_action("declare poignee-double " + " ".join(str(c) for c in state.hand(1) if c.is_trump))
    explanation = state.explain(hand_only)
    assert not explanation.legal and explanation.clauses[0].key == "tarot.poignee_reshow"
    with_discards = parse_action("declare poignee-double " + trumps(6) + " T8 T9 T10 T11 T12 T13 T14")
    assert with_discards in state.legal_actions()


def test_FFT_10_off_by_default_the_hand_alone_counts() -> None:
    hand = "RS RH RD RC T21 T1 EX " + trumps(11)
    state = position(options(hands=1), taker=1, contract="garde", hands={1: hand},
                     chien="T13 T14 T15 T16 T17 T18", phase="ecart")
    for text in ("T2", "T3", "T4", "T5", "T6", "T7"):
        play(state, f"discard {text}")
    play(state, "no-slam")
    assert {str(level.kind) for level in state.poignee_levels(1)} == {"poignee-simple", "poignee-double"}
    assert Kind.POIGNEE_SIMPLE.bonus == 20
    assert "declare" in " ".join(legal(state))


def test_A8_declare_none_closes_the_seats_declarations_for_the_hand() -> None:
    """`declare none` is recorded like any action (its notation reads back), reports nothing
    (whether a player could declare is his secret), and closes his declarations, with a reason."""
    hand = "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H 6H 7H 8H 9H 10H"
    state = first_card(hand, declarations="poignees-miseres")
    assert parse_action("Declare NONE") is DECLARE_NONE and str(DECLARE_NONE) == "declare none"
    assert DECLARE_NONE in state.legal_actions()
    explanation = state.explain(DECLARE_NONE)
    assert explanation.legal and explanation.rulings == ("A8",)
    assert play(state, "declare none").events == []
    assert declares(state) == set() and DECLARE_NONE not in state.legal_actions()
    assert state.to_act == 1 and all(str(a).startswith("play") for a in state.legal_actions())
    refused = state.explain(parse_action("declare misere-faces"))
    assert not refused.legal and refused.rulings == ("A8",)
    assert state.explain(DECLARE_NONE).rulings == ("A8",)


def test_A8_declare_none_is_offered_only_while_a_declaration_is_open() -> None:
    state = first_card(trumps(9))  # one trump short of a simple poignée
    assert DECLARE_NONE not in state.legal_actions()
    explanation = state.explain(DECLARE_NONE)
    assert not explanation.legal and explanation.rulings == ("A8",)
    state = first_card(trumps(10))
    assert DECLARE_NONE in state.legal_actions()
    play(state, "declare poignee-simple " + trumps(10))
    assert DECLARE_NONE not in state.legal_actions()  # one poignée only: nothing is open now
