"""Plays: combinations, following, the effective order, locks, 8切り, 革命, クーデター, ○○バック,
jokers and スペ3 (rules digest C4–C10; rulings DF-8–DF-20, DF-33, DF-34, DF-36), and counting
tests: the exact number of legal plays of fixed hands under each lock (perft-style).

Positions give every hand; seat 0 is to act unless a test says otherwise. Each test names its
ruling."""

from __future__ import annotations

from typing import Any

import pytest
from daifugo_helpers import act, kinds, legal, options, position

from familia_tui.core.engine import IllegalAction
from familia_tui.games.daifugo.actions import parse_action
from familia_tui.games.daifugo.deck import POS_OF_RANK

SPARE = [
    "QS", "QC", "KS", "KC", "QH", "QD", "KH", "KD", "10S", "10C",
    "JS", "JC", "AS", "AC", "10H", "10D", "JH", "JD", "AH", "AD",
]
"""Cards for the other seats' hands, two each, skipping any card the test uses."""


def table(hand: str, trick: list[Any] | None = None, fields: dict | None = None,
          **data: Any) -> Any:
    """Seat 0 holds `hand` and acts; `trick` = [[seat, play], …] (plays by seats 1–3); the other
    seats hold two spare cards each unless `hands` says otherwise. ドボン is off unless `fields`
    turn it on, so no hand ends a test by matching a play's sum."""
    fields = {"dobon": "off", **(fields or {})}
    trick = trick or []
    given = {0: hand, **data.pop("hands", {})}
    used = {t.partition("=")[2] or t for text in [*given.values(), *(p for _, p in trick)]
            for t in text.split()}
    spare = [c for c in SPARE if c not in used]
    hands = {seat: " ".join(spare[2 * seat - 2:2 * seat]) for seat in (1, 2, 3)} | given
    return position(options(**fields), hands=hands, trick=trick, to_act=0, **data)


def illegal_because(state: Any, text: str, ruling: str) -> None:
    action = parse_action(text)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert ruling in error.value.explanation.rulings, error.value.explanation.text()


# ----- [C4] combinations and following -----


def test_c4_follow_needs_the_same_number_and_a_stronger_rank() -> None:
    state = table("4S 6S 6D 9S", [[3, "5H 5D"]])
    assert legal(state) == {"pass", "play 6S 6D"}
    illegal_because(state, "play 9S", "C4")
    illegal_because(state, "play 4S", "C4")


def test_c4_lead_any_combination() -> None:
    state = table("5S 6S 7S 7D")
    assert {"play 5S", "play 7S 7D", "play 5S 6S 7S"} <= legal(state)
    illegal_because(state, "play 5S 7D", "C4")


def test_df8_sequences_compare_lowest_cards_overlap_allowed() -> None:
    state = table("5H 6H 7H 8H", [[3, "4S 5S 6S"]])
    assert legal(state) == {"pass", "play 5H 6H 7H", "play 6H 7H 8H"}


def test_df8_no_overlap_option() -> None:
    state = table("5H 6H 7H 8H 9H", [[3, "4S 5S 6S"]], {"sequences": "no_overlap"})
    assert legal(state) == {"pass", "play 7H 8H 9H"}
    illegal_because(state, "play 5H 6H 7H", "DF-8")


def test_df8_in_revolution_the_lower_sequence_wins() -> None:
    state = table("4H 5H 6H 7H 8H 9H", [[3, "5S 6S 7S"]], revolution=True)
    assert legal(state) == {"pass", "play 4H 5H 6H"}


def test_df9_sequences_do_not_wrap() -> None:
    state = table("AS 2S 3S KS")
    assert "play KS AS 2S" in legal(state)
    illegal_because(state, "play AS 2S 3S", "DF-9")


def test_df33_king_and_ace_are_number_cards_in_sequences_and_values() -> None:
    state = table("QS KS AS 5D")
    assert "play QS KS AS" in legal(state)
    act(state, "play QS KS AS")
    assert state.last_play_value == 12 + 13 + 1  # A = 1 for ドボン


# ----- [C6] the effective order, [DF-13] 革命, [DF-14] クーデター -----


def test_df13_four_cards_toggle_revolution_at_once_within_the_trick() -> None:
    state = table("6S 6H 6D 6C 4S", [[3, "5S 5H 5D 5C"]])
    act(state, "play 6S 6H 6D 6C")
    assert state.revolution is True  # the previous 5555 revolution was the position's setup
    act(state, "pass", "pass", "pass")
    assert state.revolution is True and state.phase == "lead"  # it lasts beyond the trick


def test_df13_a_second_revolution_restores_the_order() -> None:
    state = table("6S 6H 6D 6C 4S", [[3, "7S 7H 7D 7C"]], revolution=True)
    act(state, "play 6S 6H 6D 6C")
    assert state.revolution is False
    event = next(e for e in state.events if e.kind == "revolution")
    assert event.get("on") is False and event.get("coup") is False


def test_df13_sequences_of_four_and_jokers_count_toward_revolution() -> None:
    state = table("4H 5H 6H JK 9C")
    act(state, "play 4H 5H 6H JK=7H")
    assert state.revolution is True


def test_df13_in_revolution_lower_ranks_win() -> None:
    state = table("4S 6S 3D 9S", [[3, "5H"]], revolution=True)
    assert legal(state) == {"pass", "play 4S", "play 3D"}
    illegal_because(state, "play 6S", "DF-13")


def test_df14_three_nines_are_a_coup_jokers_included() -> None:
    state = table("9S 9H JK 4S")
    act(state, "play 9S 9H JK=9D")
    assert state.revolution is True
    assert next(e for e in state.events if e.kind == "revolution").get("coup") is True


def test_df14_four_nines_toggle_once() -> None:
    state = table("9S 9H 9D 9C 4S")
    act(state, "play 9S 9H 9D 9C")
    assert state.revolution is True
    assert kinds(state.events).count("revolution") == 1


# ----- [DF-15] 8切り -----


def test_df15_a_natural_eight_cuts_and_its_player_leads() -> None:
    state = table("8S 4D 5C", [[3, "6H"]])
    act(state, "play 8S")
    assert state.phase == "lead" and state.to_act == 0 and state.top is None
    assert state.events[-1].kind == "trick_won" and state.events[-1].get("why") == "eight"


def test_df15_an_eight_inside_a_sequence_cuts() -> None:
    state = table("6D 7D 8D 4S")
    act(state, "play 6D 7D 8D")
    assert state.phase == "lead" and state.to_act == 0


def test_df15_a_joker_declared_as_eight_does_not_cut() -> None:
    state = table("JK 4S 5C", [[3, "6H"]])
    act(state, "play JK=8S")
    assert state.phase == "follow" and state.to_act == 1


def test_df15_jokers_in_eights_leave_their_suit_open() -> None:
    state = table("8S JK 4D 5C")
    assert "play 8S JK=8*" in legal(state)
    assert not any(a.startswith("play 8S JK=8H") for a in legal(state))
    assert str(parse_action("play JK=8H 8S")) == "play 8S JK=8*"


def test_df15_after_an_eight_finishes_the_next_holder_leads() -> None:
    state = table("8S", [[3, "6H"]], fields={"rule_card": "off"})
    illegal_because(state, "play 8S", "DF-22a")  # an 8 may not finish (C11)


# ----- [DF-16] ○○バック -----


def test_df16_an_ability_card_reverses_the_trick_by_parity() -> None:
    state = table("4S 6S 3D", [[3, "3H"]], {"rule_card": "5S"})  # しなふごう: 4 5 7
    act(state, "play 4S")
    assert state.trick_reverse is True and state.reversed is True
    act(state, "pass", "pass", "pass")
    assert state.trick_reverse is False  # it lasts until the trick ends


def test_df16_a_pair_of_ability_cards_cancels_itself() -> None:
    state = table("4S 4D 6S", [[3, "3H 3D"]], {"rule_card": "5S"})
    act(state, "play 4S 4D")
    assert state.trick_reverse is False


def test_df16_overlapping_families_count_per_card_and_family() -> None:
    """しな+かな (a 7 rule card): a 4 counts twice (no reversal), a 3 or a K once (reversal)."""
    state = table("4S KD 6S", [[3, "3H"]], {"rule_card": "7S"})
    act(state, "play 4S")
    assert state.trick_reverse is False
    state = table("4S KD 6S", [[3, "3H"]], {"rule_card": "7S"})
    act(state, "play KD")
    assert state.trick_reverse is True


def test_df16_jokers_never_count_for_back() -> None:
    state = table("JK 9S 6S", [[3, "3H"]], {"rule_card": "5S"})
    act(state, "play JK=4S")
    assert state.trick_reverse is False


def test_df16_reversal_xor_revolution() -> None:
    state = table("JS 6S 3D", [[3, "QH"]], {"rule_card": "JD"}, revolution=True)
    assert state.reversed is True
    act(state, "play JS")  # J富豪: the J reverses the trick; with the revolution: normal order
    assert state.trick_reverse is True and state.reversed is False
    # Q → J was one step down in revolution: a number lock, which now runs upward (DF-12)
    assert state.number_lock and state.required_key() == POS_OF_RANK[12]


def test_df16_j_fugo_pair_of_jacks_does_not_reverse_but_once_per_family_does() -> None:
    """DF-16a: the option counts a play once per family it holds an ability card of."""
    state = table("JS JD 6S", [[3, "5H 5D"]], {"rule_card": "JH"})
    act(state, "play JS JD")
    assert state.trick_reverse is False
    state = table("JS JD 6S", [[3, "5H 5D"]], {"rule_card": "JH", "back_count": "per_family"})
    act(state, "play JS JD")
    assert state.trick_reverse is True


def test_df16a_once_per_family_a_single_four_under_both_families_still_twice() -> None:
    state = table("4S 6S", [[3, "3H"]], {"rule_card": "7S", "back_count": "per_family"})
    act(state, "play 4S")
    assert state.trick_reverse is False


# ----- [DF-10a] [DF-10] [DF-11] the suit lock -----


def test_df10a_identical_suit_sets_lock_that_set() -> None:
    state = table("7S 7H 7D 9S", [[2, "4S 4H"], [3, "6S 6H"]], suit_lock="SH")
    assert legal(state) == {"pass", "play 7S 7H"}
    illegal_because(state, "play 7S 7D", "DF-10a")


def test_df10a_two_consecutive_plays_with_the_same_suits_set_the_lock() -> None:
    state = table("6S 6H 6D 9S", [[3, "4S 4H"]])
    act(state, "play 6S 6H")
    assert state.suit_lock == (0, 1)
    assert state.events[1].kind == "suit_lock"


def test_df10a_a_partial_match_never_locks() -> None:
    state = table("6S 6D 9S 9D", [[3, "4S 4H"]])
    act(state, "play 6S 6D")
    assert state.suit_lock is None


def test_df10a_jokers_count_with_their_declared_suits() -> None:
    state = table("6S JK 9S", [[3, "4S 4H"]])
    act(state, "play 6S JK=6H")
    assert state.suit_lock == (0, 1)


def test_df10_single_suit_option_plain_pairs_never_lock() -> None:
    state = table("6S 6H 9S", [[3, "4S 4H"]], {"suit_lock": "single_suit"})
    act(state, "play 6S 6H")
    assert state.suit_lock is None
    state = table("6S 9S", [[3, "4S"]], {"suit_lock": "single_suit"})
    act(state, "play 6S")
    assert state.suit_lock == (0,)


def test_df11_a_pass_between_two_plays_does_not_break_the_lock() -> None:
    state = position(options(), hands={0: "5S 9D", 1: "6H KC", 2: "7S 2D", 3: "10H JD"}, to_act=0)
    act(state, "play 5S", "pass", "play 7S")
    assert state.suit_lock == (0,)


def test_df10_suit_lock_with_sequences() -> None:
    state = table("QS KS AS QH KH AH", [[2, "3S 4S 5S"], [3, "9S 10S JS"]], suit_lock="S")
    assert legal(state) == {"pass", "play QS KS AS"}


# ----- [DF-12] [DF-36] the number lock -----


def test_df12_one_step_stronger_locks_the_numbers() -> None:
    state = position(options(), hands={0: "5C 9S", 1: "6D KC", 2: "7H 8D 9D", 3: "10H JD"},
                     to_act=0)
    act(state, "play 5C", "play 6D")
    assert state.number_lock is True
    assert legal(state) == {"pass", "play 7H"}  # 8D and 9D are stronger, but not next
    illegal_because(state, "play 9D", "DF-12")


def test_df12_in_revolution_the_lock_runs_down() -> None:
    state = table("4S 3S 5D", [[2, "7H"], [3, "6D"]], number_lock=True, revolution=True)
    assert legal(state) == {"pass", "play 5D"}


def test_df12_the_lock_follows_a_flip_in_the_order() -> None:
    """Locked at 6 (upward); a しな 5… no: a バック after the lock turns it downward."""
    state = table("4S 7S 5D", [[2, "5H"], [3, "6D"]], {"rule_card": "KS"}, number_lock=True,
                  trick_reverse=True)
    assert legal(state) == {"pass", "play 5D"}  # reversed: the next step down is 5


def test_df12_sequences_lock_by_their_lowest_card() -> None:
    state = table("5D 6D 7D 6C 7C 8C", [[2, "3S 4S 5S"], [3, "4H 5H 6H"]], number_lock=True,
                  hands={2: "9D 9C KC", 3: "JH JD 2C"})
    assert legal(state) == {"pass", "play 5D 6D 7D"}


def test_df12_no_overlap_lock_steps_a_whole_sequence() -> None:
    state = table("6D 7D 8D 9C 10C JC", [[2, "3S 4S 5S"], [3, "6H 7H 8H"]],
                  {"sequences": "no_overlap"}, number_lock=True, hands={2: "9D 9H KC", 3: "JH JD 2C"})
    assert legal(state) == {"pass", "play 9C 10C JC"}


def test_df36_a_lock_that_cannot_go_on_leaves_only_top_jokers() -> None:
    state = table("2S JK 5D", [[2, "AH"], [3, "2H"]], number_lock=True)
    assert state.required_key() == 13  # beyond the 2: no rank can continue the lock
    assert legal(state) == {"pass", "play JK"}
    illegal_because(state, "play JK=2S", "C4")


def test_df36_in_revolution_nothing_below_three() -> None:
    state = table("3S 5D", [[2, "5H"], [3, "4H"]], number_lock=True, revolution=True)
    act(state, "play 3S")
    assert legal(state) == {"pass"}


# ----- [DF-17] [DF-17a] [DF-18] [DF-19] jokers -----


def test_df17_jokers_alone_never_lead() -> None:
    state = table("JK JK 5S")
    assert not any(a.startswith("play JK") and "5S" not in a for a in legal(state))
    illegal_because(state, "play JK JK", "DF-17")


def test_df17_top_jokers_beat_a_pair_of_twos_and_cannot_be_beaten() -> None:
    state = table("JK JK 5S", [[3, "2S 2H"]])
    assert "play JK JK" in legal(state)
    act(state, "play JK JK")
    assert legal(state) == {"pass"}


def test_df17_jokers_alone_cannot_answer_a_sequence() -> None:
    state = table("JK JK JK 3D", [[3, "4H 5H 6H"]])
    assert legal(state) == {"pass"}  # 3D with two jokers is 3-4-5, below 4-5-6
    illegal_because(state, "play JK JK JK", "DF-17")


def test_df17a_three_jokers_declared_as_nines_are_a_coup() -> None:
    state = table("JK JK JK 5S", [[3, "7H 7D 7C"]])
    assert "play JK=9S JK=9H JK=9D" in legal(state)
    act(state, "play JK=9S JK=9H JK=9D")
    assert state.revolution is True


def test_df17a_the_texts_example_joker_as_heart_four_locks_suit_and_number() -> None:
    state = table("JK 9S", [[3, "3H"]])
    act(state, "play JK=4H")
    assert state.suit_lock == (1,) and state.number_lock is True


def test_df18_the_top_joker_is_strongest_in_revolution_too() -> None:
    state = table("JK 9S", [[3, "3H"]], revolution=True)
    assert "play JK" in legal(state)
    act(state, "play JK")
    assert state.top is not None and state.top.kind == "top"
    assert legal(state) == {"pass"}


def test_df19_top_joker_ignores_locks_substitutes_obey_them() -> None:
    state = table("JK 9S", [[2, "5H"], [3, "6H"]], suit_lock="H", number_lock=True)
    assert legal(state) == {"pass", "play JK", "play JK=7H"}
    illegal_because(state, "play JK=7S", "DF-10a")


def test_df34_a_joker_may_copy_a_card_that_exists() -> None:
    state = table("5S JK 9D")
    assert "play 5S JK=5S" in legal(state)
    state = table("5S 6S JK 9D")
    assert "play 5S 6S JK=7S" in legal(state) and "play JK=4S 5S 6S" in legal(state)


# ----- [DF-20] スペ3 -----


def test_df20_spade_three_answers_a_single_joker_and_cuts() -> None:
    state = table("3S 9D", [[3, "JK"]])
    assert "play 3S" in legal(state)
    act(state, "play 3S")
    assert state.phase == "lead" and state.to_act == 0
    assert state.events[-1].get("why") == "spade3"


def test_df20_any_interpretation_and_despite_locks() -> None:
    state = table("3S 9D", [[2, "4H"], [3, "JK=5H"]], suit_lock="H", number_lock=True)
    assert legal(state) == {"pass", "play 3S"}


def test_df20_not_after_a_joker_pair_or_a_joker_with_cards() -> None:
    assert legal(table("3S 3D 9D", [[3, "JK JK"]])) == {"pass"}
    assert "play 3S" not in legal(table("3S 3D 9D", [[3, "5H JK=5S"]]))


def test_df20_only_a_natural_spade_three() -> None:
    state = table("3H JK 9D", [[3, "JK"]])
    assert legal(state) == {"pass"}


# ----- counting (perft-style): legal plays of fixed hands -----


@pytest.mark.parametrize(("hand", "trick", "data", "expected"), [
    # lead: 5 singles, 4S 4D, three pairs and a triple of 7s; no sequence
    ("4S 4D 7S 7H 7D", [], {}, 5 + 1 + 4),
    # lead with a joker: 4S, 4D, 4S 4D, and 4S or 4D with a joker declared 4 of any suit (4 + 4);
    # 4S 4D with the joker would empty the hand with a joker (DF-22a)
    ("4S 4D JK", [], {}, 3 + 8),
    # a single 5 to beat: pass, 6S, 9D, the top joker, the joker as any card 6 … 2 (10 ranks × 4)
    ("6S 9D JK 3C", [[3, "5H"]], {}, 1 + 2 + 1 + 40),
    # the same under a ♥ lock: pass, top joker, the joker as 6♥ … 2♥ (DF-19)
    ("6S 9D JK 3C", [[2, "4H"], [3, "5H"]], {"suit_lock": "H"}, 1 + 1 + 10),
    # …and a number lock: pass, top joker, the joker as 6♥ (DF-12)
    ("6S 9D JK 3C", [[2, "4H"], [3, "5H"]], {"suit_lock": "H", "number_lock": True}, 3),
    # a pair of 5s to beat: pass, 6S 6D, 6S or 6D with the joker declared (4 + 4)
    ("6S 6D JK 3C", [[3, "5H 5D"]], {}, 1 + 1 + 8),
    # the ♥♦ suit-set lock (DF-10a): pass, 6D with the joker as 6H
    ("6S 6D JK 3C", [[2, "4H 4D"], [3, "5H 5D"]], {"suit_lock": "HD"}, 2),
    # two jokers beside a pair to beat: 6S+JK (4), 6D+JK (4), 6S 6D, jokers alone as 6 … 2
    # (10 ranks × 10 suit pairs), the top pair of jokers, pass
    ("6S 6D JK JK 3C", [[3, "5H 5D"]], {}, 8 + 1 + 100 + 1 + 1),
    # a lead with a run and a joker: 4 singles, each with the joker declared (16); sequences
    # 5-6-7 and the joker standing in for each card of it (4), JK=4S 5S 6S, 5S 6S JK=7S…: the
    # windows 4-7, 5-8, 4-6 and 6-8 (4)
    ("5S 6S 7S JK 2D", [], {}, 4 + 16 + 4 + 4),
    # single-suit lock (DF-10) on pairs that were all ♠ (with jokers): only 6S with JK=6S
    ("6S JK 9D 3C", [[2, "4S JK=4S"], [3, "5S JK=5S"]],
     {"suit_lock": "SS", "fields": {"suit_lock": "single_suit"}}, 2),
])
def test_counting_legal_plays_of_fixed_hands(hand: str, trick: list, data: dict,
                                             expected: int) -> None:
    data = dict(data)
    state = table(hand, trick, data.pop("fields", None), **data)
    plays = list(state.legal_actions())
    assert len(plays) == len(state.legal_actions()) == len(set(plays)) == expected, sorted(map(str, plays))
