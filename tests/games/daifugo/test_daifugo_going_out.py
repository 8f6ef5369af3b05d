"""Going out and the penalties: forbidden finishes, the stuck leader, 天和, ○○残し, ウノ and its
チョンボ, ドボン, ドボン返し and なすりつけ (rules digest C11–C13; rulings DF-21–DF-30, DF-35).
Each test names its ruling."""

from __future__ import annotations

import pytest
from daifugo_helpers import act, kinds, legal, options, position, stacked

from familia_tui.core.engine import IllegalAction
from familia_tui.games.daifugo.actions import parse_action


def illegal_because(state, text: str, ruling: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as error:
        state.apply(parse_action(text))
    assert ruling in error.value.explanation.rulings, error.value.explanation.text()


# ----- [C11] [DF-21] [DF-22a] forbidden finishing cards -----


@pytest.mark.parametrize(("rule_card", "hand", "top", "forbidden"), [
    ("off", "2S", "9H", True), ("off", "8S", "5H", True), ("off", "KS", "5H", False),
    ("5S", "7S", "5H", True), ("KS", "AS", "5H", True), ("JS", "JD", "5H", True),
    ("off", "9S 9H", "5H 5D", False), ("off", "4S 5S 6S", "3H 4H 5H", False),
    ("off", "6S 7S 8S", "3H 4H 5H", True), ("5S", "5S 6S 7S", "3H 4H 5H", True),
])
def test_df22_df22a_a_forbidden_finish_is_illegal_not_a_trap(rule_card: str, hand: str, top: str,
                                                             forbidden: bool) -> None:
    """DF-22 (a forbidden finish is a チョンボ) as amended by DF-22a: the play is refused."""
    state = position(options(rule_card=rule_card, dobon="off"),
                     hands={0: hand, 1: "10C JC", 2: "QC QD", 3: "KC KD"}, trick=[[3, top]],
                     to_act=0)
    play = f"play {hand}"
    assert (play in legal(state)) is not forbidden
    if forbidden:
        illegal_because(state, play, "DF-22a")
        assert not state.is_over  # no チョンボ: the play is simply refused


def test_df22a_a_joker_never_finishes() -> None:
    state = position(options(dobon="off"), hands={0: "5S JK", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "4H 4D"]], to_act=0)
    assert legal(state) == {"pass"}
    illegal_because(state, "play 5S JK=5H", "DF-22a")


def test_df21_in_revolution_three_replaces_two_judged_before_the_play() -> None:
    """Four 3s in revolution empty the hand: 3 is forbidden, though the play ends the revolution."""
    hands = {0: "3S 3H 3D 3C", 1: "10C JC", 2: "QC QD", 3: "KC KD"}
    state = position(options(dobon="off"), hands=hands, revolution=True, to_act=0)
    illegal_because(state, "play 3S 3H 3D 3C", "DF-21")
    hands[0] = "2S 2H 2D 2C"
    state = position(options(dobon="off"), hands=hands, revolution=True, to_act=0)
    act(state, "play 2S 2H 2D 2C")  # in revolution a 2 may finish
    assert state.places == [0] and state.revolution is False


def test_df21_trick_reversal_does_not_change_the_forbidden_rank() -> None:
    state = position(options(dobon="off"), hands={0: "2S", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "9H"]], trick_reverse=True, to_act=0)
    assert legal(state) == {"pass"}  # reversed: 2 is weakest anyway, and 2 may not finish


def test_df20_df22a_spade_three_may_not_finish_when_three_is_forbidden() -> None:
    state = position(options(dobon="off"), hands={0: "3S", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "JK"]], revolution=True, to_act=0)
    assert legal(state) == {"pass"}
    state = position(options(dobon="off"), hands={0: "3S", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "JK"]], to_act=0)
    assert "play 3S" in legal(state)


# ----- [DF-23a] the stuck leader -----


@pytest.mark.parametrize("hand", ["2S", "8D", "JK", "JK JK"])
def test_df23_df23a_a_stuck_leader_commits_chombo(hand: str) -> None:
    """DF-23 with DF-23a's exact definition: only jokers, or one card that may not finish."""
    state = position(options(), hands={0: hand, 1: "10C JC", 2: "QC QD", 3: "KC KD"}, to_act=0)
    assert state.is_over
    record = state.session.games[-1]
    assert record.biri == 0 and record.reason == "stuck"
    assert kinds(state.events)[:2] == ["chombo", "game_scored"]


def test_df23a_one_natural_card_and_jokers_is_not_stuck() -> None:
    state = position(options(), hands={0: "2S JK", 1: "10C JC", 2: "QC QD", 3: "KC KD"}, to_act=0)
    assert legal(state) == {"play 2S"}


def test_df23a_stuck_after_a_trick_ends() -> None:
    state = position(options(dobon="off"), hands={0: "4S 2D", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "3H"]], to_act=0)
    act(state, "play 4S", "pass", "pass", "pass")
    assert state.is_over and state.session.games[-1].reason == "stuck"


def test_df23a_pass_on_option_and_everyone_stuck() -> None:
    opts = options(stuck_leader="pass_on")
    state = position(opts, hands={0: "2S", 1: "10C JC", 2: "QC QD", 3: "KC KD"}, to_act=0)
    assert not state.is_over and state.to_act == 1 and state.phase == "lead"
    assert kinds(state.events) == ["stuck"]
    state = position(opts, hands={0: "2S", 1: "JK", 2: "8D"}, places=[3], to_act=0)
    assert state.is_over
    assert state.session.games[-1].biri == 0 and state.session.games[-1].reason == "all_stuck"


# ----- [DF-24] 天和 -----


def test_df24_tenho_goes_out_right_after_the_deal() -> None:
    state = stacked(options(), rule_card="5D", hands={1: "4S 5S 7S 9H", 0: "3H"})
    assert state.places == [1]
    assert state.counts[1] == 0 and len(state.kept[1]) == 14
    assert kinds(state.events)[2:4] == ["tenho", "went_out"]
    assert state.events[2].get("family") == "shina"


def test_df24_tenho_needs_one_suit_and_natural_cards() -> None:
    assert stacked(options(), rule_card="5D", hands={1: "4S 5S 7H", 2: "7S 7D 7C", 3: "4H"}).places == []
    assert stacked(options(), rule_card="5D", hands={1: "4S 5S JK", 2: "7S 7D 7C 7H"}).places == []


def test_df24_no_tenho_under_j_fugo() -> None:
    assert stacked(options(), rule_card="JD", hands={1: "JS"}).places == []


def test_df24_several_tenho_in_turn_order_from_the_heart_three_holder() -> None:
    state = stacked(options(), rule_card="5D",
                    hands={2: "3H", 3: "4S 5S 7S", 0: "4H 5H 7H", 1: "4D 5D 7D"})
    assert state.places == [3, 0, 1]
    assert state.is_over and state.session.games[-1].biri == 2


def test_df24_the_next_holder_leads_when_the_heart_three_holder_is_out() -> None:
    state = stacked(options(), rule_card="5D", hands={1: "3H 4S 5S 7S"})
    assert state.places == [1] and state.to_act == 2


def test_df35_shishi_tenho_is_a_four_and_a_ten_of_one_suit() -> None:
    state = stacked(options(shishi=True), rule_card="10H", hands={2: "4C 10C"})
    assert state.places == [2] and state.events[2].get("family") == "shishi"


# ----- [DF-25a] ○○残し -----


def test_df25_nokoshi_one_of_each_ability_rank_any_suits() -> None:
    state = position(options(rule_card="5S", dobon="off"),
                     hands={0: "4S 5H 7D 9C", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    act(state, "play 9C")
    assert state.places == [0] and state.kept[0] == [c for c in state.kept[0]]
    assert sorted(map(str, state.kept[0])) == ["4S", "5H", "7D"]
    assert "nokoshi" in kinds(state.events)


def test_df25a_the_union_of_active_families_counts() -> None:
    hand = "3S 4S 5H 7D KC AC 9C"
    state = position(options(rule_card="7S", dobon="off"),
                     hands={0: hand, 1: "10C JC", 2: "QC QD", 3: "KH KD"}, trick=[[3, "6H"]],
                     to_act=0)
    act(state, "play 9C")
    assert state.places == [0]
    assert state.events[1].get("family") == "union"


def test_df25_not_with_a_joker_nor_under_j_fugo() -> None:
    state = position(options(rule_card="5S", dobon="off"),
                     hands={0: "4S 5H 7D JK 9C", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    act(state, "play 9C")
    assert state.places == []
    state = position(options(rule_card="JS", dobon="off"),
                     hands={0: "JH 9C", 1: "10C JD", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    act(state, "play 9C")
    assert state.places == []


def test_df25_nokoshi_at_the_deal() -> None:
    state = stacked(options(players=3), rule_card="5S", hands={1: "4S 5H 7D", 0: "3H"},
                    sizes={1: 3, 0: 27, 2: 26})
    assert state.places == [1] and "nokoshi" in kinds(state.events)


def test_df35_shishi_nokoshi_is_one_four_and_one_ten() -> None:
    state = position(options(rule_card="10S", shishi=True, dobon="off"),
                     hands={0: "4S 10H 9C", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    act(state, "play 9C")
    assert state.places == [0]


# ----- [DF-26] [DF-26a] ウノ -----


def test_df26_automatic_uno() -> None:
    state = position(options(dobon="off"), hands={0: "9S 5C", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    assert legal(state) == {"pass", "play 9S"}
    act(state, "play 9S")
    assert "uno" in kinds(state.events)
    assert not any("uno" in a for a in legal(state))


def test_df26a_strict_uno_offers_the_play_with_and_without_uno() -> None:
    state = position(options(uno="strict", dobon="off"),
                     hands={0: "9S 5C", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    assert legal(state) == {"pass", "play 9S", "play 9S uno"}
    act(state, "play 9S uno")
    assert state.phase == "follow" and "uno" in kinds(state.events)


def test_df26a_a_missed_uno_opens_the_chombo_window_in_turn_order() -> None:
    state = position(options(uno="strict", dobon="off"),
                     hands={0: "9S 5C", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    act(state, "play 9S")
    assert state.phase == "chombo" and state.to_act == 1 and state.uno_missed == 0
    assert legal(state) == {"call chombo", "decline"}
    act(state, "decline")
    assert state.to_act == 2
    act(state, "call chombo")
    record = state.session.games[-1]
    assert state.is_over and record.biri == 0 and record.reason == "uno" and record.caller == 2


def test_df26a_when_nobody_calls_play_goes_on() -> None:
    state = position(options(uno="strict", dobon="off"),
                     hands={0: "9S 5C", 1: "10C JC", 2: "QC QD", 3: "KC KD"},
                     trick=[[3, "6H"]], to_act=0)
    act(state, "play 9S", "decline", "decline", "decline")
    assert state.phase == "follow" and state.to_act == 1 and state.uno_missed is None


# ----- [DF-28] [DF-28a] [DF-29] [DF-30] ドボン -----


def test_df28_automatic_dobon_by_the_first_eligible_human_after_the_player() -> None:
    """♣9 is worth 9: seat 2 (5+4) and seat 3 (9) match; seat 2 comes first after seat 0."""
    state = position(options(), hands={0: "9C 3D 4D", 1: "10C JC", 2: "5H 4H", 3: "9H"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    record = state.session.games[-1]
    assert state.is_over and record.reason == "dobon" and record.biri == 0 and record.caller == 2
    event = next(e for e in state.events if e.kind == "dobon")
    assert event.seat == 2 and event.get("value") == 9 and event.get("automatic") is True


def test_df28_no_dobon_with_a_joker_in_hand() -> None:
    state = position(options(), hands={0: "9C 3D", 1: "10C JC", 2: "5H 4H JK", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert not state.is_over


def test_df28_a_joker_counts_as_its_declared_rank_and_a_top_joker_has_no_value() -> None:
    state = position(options(), hands={0: "JK 3D 4D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play JK=9S")
    assert state.session.games[-1].reason == "dobon"
    state = position(options(), hands={0: "JK 3D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play JK")
    assert not state.is_over


def test_df28_a_finishing_play_is_immune() -> None:
    state = position(options(), hands={0: "9C", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert state.places == [0] and not state.is_over


def test_df28_the_trick_sum_option() -> None:
    state = position(options(dobon_sum="trick"), hands={0: "4C 3D", 1: "10C JC", 2: "5H 2H", 3: "KC KD"},
                     trick=[[1, "3S"]], to_act=0)
    act(state, "play 4C")
    assert state.session.games[-1].reason == "dobon"  # 3 + 4 = 7 = 5 + 2


def test_df28a_ask_option_lets_the_human_decide() -> None:
    state = position(options(dobon="ask"), hands={0: "9C 3D 4D", 1: "10C JC", 2: "5H 4H", 3: "9H"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert state.phase == "dobon" and state.to_act == 2
    assert legal(state) == {"call dobon", "decline"}
    view = state.view(2)
    assert view.decision == "dobon" and view.call_target == 0
    assert state.view(3).decision is None
    act(state, "decline")
    assert state.to_act == 3
    act(state, "call dobon")
    assert state.session.games[-1].caller == 3


def test_df28a_bots_decide_for_themselves_even_in_auto_mode() -> None:
    state = position(options(), bots=(2,), hands={0: "9C 3D 4D", 1: "10C JC", 2: "5H 4H", 3: "9H"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert state.phase == "dobon" and state.to_act == 2
    act(state, "decline")  # the bot lets it go: the human at seat 3 calls automatically
    assert state.is_over and state.session.games[-1].caller == 3


def test_df29_dobon_gaeshi_when_the_players_own_rest_matches() -> None:
    state = position(options(), hands={0: "9C 5D 4D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    record = state.session.games[-1]
    assert record.reason == "dobon_gaeshi" and record.biri == 2 and record.caller == 0
    assert "dobon_gaeshi" in kinds(state.events)


def test_df29_no_gaeshi_with_a_joker() -> None:
    state = position(options(), hands={0: "9C 5D 4D JK", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert state.session.games[-1].reason == "dobon" and state.session.games[-1].biri == 0


def test_df26a_automatic_dobon_never_fires_on_a_missed_uno() -> None:
    state = position(options(uno="strict"), hands={0: "9C 3D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert state.phase == "chombo"  # seat 2 matches 9 but is not made to call ドボン


def test_df30_nasuritsuke_the_caller_of_dobon_on_a_chombo_play_is_biri() -> None:
    state = position(options(uno="strict", dobon="ask"),
                     hands={0: "9C 3D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert state.phase == "dobon" and state.to_act == 2
    act(state, "call dobon")
    record = state.session.games[-1]
    assert record.reason == "nasuritsuke" and record.biri == 2
    assert "nasuritsuke" in kinds(state.events)


def test_dobon_off_option() -> None:
    state = position(options(dobon="off"), hands={0: "9C 3D 4D", 1: "10C JC", 2: "5H 4H", 3: "9H"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert not state.is_over and state.phase == "follow"
