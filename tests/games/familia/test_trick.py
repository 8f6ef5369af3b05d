"""Familia trick rules: batting keys, resolution and legal plays (rules digest A.6–A.8).

Pure-function tests of `trick.py` (batting_key, strength, obligations, resolve), named after the
rule or ruling they check, then counting tests (perft-style) on a fixed stacked deal through
`FamiliaState.legal_actions()`.
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    card,
    cards,
    legal,
    legal_cards,
    options,
    play,
    position,
    resolve,
    stacked,
    stock_trick,
    trump_trick,
)

from familia_tui.core.cards import JOKER, Card, number_cards
from familia_tui.games.familia import trick as tr

# ----- A.7 batting keys [R-F3] -----

KEY_TABLE = [
    # decks, style, card, card, collide?
    (1, "normal", "5S", "5C", True),    # same colour + rank
    (1, "normal", "5H", "5D", True),
    (1, "normal", "5S", "5H", False),   # other colour
    (1, "normal", "5S", "6S", False),
    (1, "batting", "5S", "5H", True),   # same rank, any suit
    (1, "batting", "5S", "5C", True),
    (1, "batting", "5S", "6S", False),
    (2, "normal", "5S", "5S", True),    # same suit + rank
    (2, "normal", "5S", "5C", False),
    (2, "normal", "5H", "5D", False),
    (2, "batting", "5S", "5S", True),   # same colour + rank
    (2, "batting", "5S", "5C", True),
    (2, "batting", "5H", "5D", True),
    (2, "batting", "5S", "5H", False),
    (3, "normal", "5S", "5S", True),    # same suit + rank
    (3, "normal", "5S", "5C", False),
    (3, "batting", "5S", "5S", True),   # same suit + rank in batting Familia too
    (3, "batting", "5S", "5C", False),
    (3, "batting", "5S", "5H", False),
]


@pytest.mark.parametrize(("decks", "style", "one", "other", "collide"), KEY_TABLE)
def test_R_F3_batting_key_table_by_deck_count_and_style(decks, style, one, other,
                                                         collide) -> None:
    keys = tr.batting_key(decks, style)
    a, b = cards(f"{one} {other}")
    assert (keys[a] == keys[b]) is collide


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("style", ["normal", "batting"])
def test_A_7_jokers_collide_only_with_jokers(decks: int, style: str) -> None:
    keys = tr.batting_key(decks, style)
    assert keys[JOKER] == keys[JOKER]
    assert all(keys[c] != keys[JOKER] for c in number_cards(1))


@pytest.mark.parametrize("style", ["normal", "batting"])
def test_A_7_a_real_ace_never_bats_a_joker(style: str) -> None:
    result = resolve("AH JK 3C 4C", led="H", style=style)
    assert result.stage1 == ()
    assert result.winner == 0


@pytest.mark.parametrize(("decks", "style"), [(1, "normal"), (1, "batting"), (2, "normal"),
                                              (2, "batting"), (3, "normal"), (3, "batting")])
def test_R_F3_every_hand_card_has_a_key(decks: int, style: str) -> None:
    keys = tr.batting_key(decks, style)
    for rank in (14, 2, 3, 4, 5, 6, 7, 8, 9, 10):
        for suit in "SHDC":
            assert Card(rank, suit) in keys


@pytest.mark.parametrize(("fields", "decks"), [
    ({"players": 2}, 1),                 # 2 players: 1 deck, four hands
    ({"players": 3, "face_sets": 2}, 1),  # two face sets do not change the hand pool
    ({"players": 4}, 1),
    ({"players": 5, "face_sets": 1}, 2),
    ({"players": 7}, 2),                 # Jokers in hands: still 2 decks
    ({"players": 9}, 3),
])
@pytest.mark.parametrize("style", ["normal", "batting"])
def test_R_F3_a_deal_uses_the_key_table_of_its_hand_pool_decks(fields: dict, decks: int,
                                                               style: str) -> None:
    state = stacked(options(style=style, **fields))
    assert state.keys == tr.batting_key(decks, style)


# ----- A.7 resolution, stage 1 [R-F2] -----


def test_R_F2_stage_1_removes_both_cards_of_a_pair_even_led_or_following() -> None:
    # 1 deck, normal: 5♥ and 5♦ collide (red 5). The led ♥5 goes too; ♥3 is the only follower.
    result = resolve("5H 5D 3H 9S", led="H")
    assert result.stage1 == (0, 1)
    assert result.winner == 2


def test_R_F2_stage_1_removes_all_of_three_or_more_equal_keys() -> None:
    # 1 deck, batting: key = rank, so the three 7s all go.
    result = resolve("7H 7S 7D 4H", led="H", style="batting")
    assert result.stage1 == (0, 1, 2)
    assert result.winner == 3


def test_R_F2_two_equal_pairs_are_both_removed() -> None:
    result = resolve("9H 9D 6H 6D 2H", led="H")
    assert result.stage1 == (0, 1, 2, 3)
    assert result.winner == 4


def test_R_F4_a_face_joker_never_bats_a_hand_joker() -> None:
    # A face-Joker trick (no led suit): the only hand Joker in it is not batted.
    result = resolve("JK 5H 3D", led=None)
    assert result.stage1 == ()
    assert result.winner == 0
    duty = tr.obligations(cards("JK 5H"), stock_trick(None), tr.batting_key(1, "normal"))
    assert duty.bats == ()


# ----- A.7 following cards [R-F5][R-F15a] -----


def test_A_7_highest_trump_wins_over_the_led_suit() -> None:
    result = resolve("AD 2C 3C 10D", led="D", trump="C")
    assert result.winner == 2


def test_A_7_highest_led_suit_card_wins_when_no_trump_survives() -> None:
    result = resolve("9D AS 10D 4H", led="D", trump="C")
    assert result.winner == 2


def test_R_F15a_joker_beats_the_led_ten_but_loses_to_the_led_ace() -> None:
    assert resolve("10H JK 9H", led="H").winner == 1
    assert resolve("JK AH 9H", led="H").winner == 1


def test_R_F15a_any_trump_beats_the_led_ace_and_the_joker() -> None:
    assert resolve("AH JK 2S", led="H", trump="S").winner == 2


def test_R_F15a_joker_in_a_trump_led_trick_ranks_below_the_trump_ace_only() -> None:
    assert resolve("10S JK 9S", led="S", trump="S").winner == 1
    assert resolve("JK AS 9S", led="S", trump="S").winner == 1


def test_R_F15a_text_example_joker_wins_a_trump_led_trick_with_no_other_trump() -> None:
    # 7 players, trump ♥: P1 leads 5♥, P2 plays a Joker, nobody else has a trump or a heart.
    result = resolve("5H JK 3S 4C 6D 7S 8C", led="H", trump="H", decks=2)
    assert result.stage1 == ()
    assert result.winner == 1


def test_R_F15a_batting_text_example_seven_and_two_of_trumps_are_both_legal() -> None:
    # …in batting mode a player holding 7♥ and 2♥ may play either: only A♥ beats the Joker.
    ctx = trump_trick("H", led="H", played="5H JK", batting=True)
    assert legal_cards("7H 2H 9C", ctx, decks=2) == {"7H", "2H"}
    assert legal_cards("7H 2H AH", ctx, decks=2) == {"AH"}


def test_R_F5_a_joker_is_a_following_card_so_stage_2_does_not_run() -> None:
    # Spades led, the ♠5s bat each other, the Joker survives as a follower and wins over ♦10.
    result = resolve("5S 5S JK 10D", led="S", decks=2)
    assert result.stage1 == (0, 1)
    assert result.stage2 == ()
    assert result.winner == 2


# ----- A.7 stage 2 and void [R-F6][R-F8] -----


def test_A_7_text_example_six_players_spades_led() -> None:
    # ♠5 ♠5 ♥2 ♥10 ♣10 ♦3: stage 1 removes the ♠5s, stage 2 the 10s, ♦3 wins on rank.
    result = resolve("5S 5S 2H 10H 10C 3D", led="S", decks=2)
    assert result.stage1 == (0, 1)
    assert result.stage2 == (3, 4)
    assert result.winner == 5


def test_R_F6_a_batted_lead_keeps_the_led_suit_and_stage_2_decides() -> None:
    # Trump ♥, spades led; both ♠5 bat: no spade or heart left, so the highest rank wins.
    result = resolve("5S 5S 9D 3C", led="S", trump="H", decks=2)
    assert result.stage1 == (0, 1)
    assert result.winner == 2


def test_A_7_stage_2_ignores_colour_and_suit() -> None:
    # 2 decks normal: 9♦ and 9♣ survive stage 1 (other suits) and bat at stage 2 by rank.
    result = resolve("9D 9C 4D 2C", led="H", decks=2)
    assert result.stage1 == ()
    assert result.stage2 == (0, 1)
    assert result.winner == 2


def test_A_7_stage_2_an_off_suit_ace_wins_by_rank() -> None:
    assert resolve("AC 9D 4D", led="H", decks=2).winner == 0


def test_R_F8_every_card_batted_at_stage_1_is_a_void_trick() -> None:
    result = resolve("5H 5D 6H 6D", led="H")
    assert result.stage1 == (0, 1, 2, 3)
    assert result.void
    assert result.winner is None


def test_R_F8_every_card_batted_at_stage_2_is_a_void_trick() -> None:
    result = resolve("7S 7C 9D 9C", led="H", decks=2)
    assert result.stage1 == ()
    assert result.stage2 == (0, 1, 2, 3)
    assert result.void


def test_A_7_two_jokers_bat_each_other_at_stage_1() -> None:
    result = resolve("JK JK 5D", led="H", decks=2)
    assert result.stage1 == (0, 1)
    assert result.winner == 2


# ----- strength, the order behind must-win [R-F11][R-F15a][R-F16] -----


def test_R_F15a_strength_order_with_an_off_trump_lead() -> None:
    order = cards("2S AH JK 10H 2H AC")  # trump ♠, hearts led: strongest first
    powers = [tr.strength(c, "H", "S") for c in order]
    assert powers == sorted(powers, reverse=True)
    assert len(set(powers)) == len(powers)


def test_R_F16_strength_without_a_led_suit_is_rank_with_the_joker_between_a_and_10() -> None:
    powers = [tr.strength(c, None, None) for c in cards("AD JK 10S 9H")]
    assert powers == sorted(powers, reverse=True)
    assert tr.strength(card("AS"), None, None) == tr.strength(card("AH"), None, None)


# ----- A.6 legal plays: follow, ruff, any -----


def test_A_6_stock_trick_must_follow_the_face_cards_suit() -> None:
    assert legal_cards("AH 5H 7S 2C", stock_trick("H")) == {"AH", "5H"}


def test_A_6_stock_trick_leader_follows_the_face_card_too() -> None:
    # The face card counts as the lead: the leader has no free lead in phase 1.
    assert legal_cards("AH 5H 7S 2C", stock_trick("S")) == {"7S"}


def test_A_6_stock_trick_void_in_the_face_suit_plays_anything() -> None:
    assert legal_cards("AH 5H 7S 2C", stock_trick("D")) == {"AH", "5H", "7S", "2C"}


def test_R_F7_trump_trick_leader_leads_any_card_trumps_included() -> None:
    duty = tr.obligations(cards("AH 5H 7S 2C"), trump_trick("S"), tr.batting_key(1, "normal"))
    assert duty.base_rule == "free"
    assert {str(c) for c in duty.legal} == {"AH", "5H", "7S", "2C"}


def test_A_6_trump_trick_must_follow_the_led_suit_before_ruffing() -> None:
    assert legal_cards("9D 3D 7S 2C", trump_trick("S", led="D", played="4D")) == {"9D", "3D"}


def test_A_6_trump_trick_must_ruff_when_void_in_the_led_suit() -> None:
    ctx = trump_trick("S", led="D", played="4D")
    duty = tr.obligations(cards("7S 2S AC 10H"), ctx, tr.batting_key(1, "normal"))
    assert duty.base_rule == "ruff"
    assert {str(c) for c in duty.legal} == {"7S", "2S"}


def test_A_6_trump_trick_plays_anything_without_led_suit_or_trump() -> None:
    assert legal_cards("AC 10H 3C", trump_trick("S", led="D", played="4D")) == {"AC", "10H", "3C"}


def test_A_6_a_trump_lead_is_followed_with_trumps() -> None:
    assert legal_cards("7S AD 2C", trump_trick("S", led="S", played="4S")) == {"7S"}


# ----- [R-F1] batting cards -----


def test_R_F1_holding_a_batting_card_frees_only_that_card() -> None:
    # 1 deck normal: ♣7 bats the ♠7 already played (black 7); ♦2 stays barred by must-follow.
    ctx = stock_trick("H", played="7S")
    duty = tr.obligations(cards("5H 9H 7C 2D"), ctx, tr.batting_key(1, "normal"))
    assert [str(c) for c in duty.bats] == ["7C"]
    assert {str(c) for c in duty.legal} == {"5H", "9H", "7C"}


def test_R_F1_a_batting_card_is_allowed_against_must_ruff() -> None:
    # Trump ♠, ♦4 led: void in diamonds → must ruff; ♥4 bats the ♦4 (red 4), ♥2 stays barred.
    ctx = trump_trick("S", led="D", played="4D 9C")
    assert legal_cards("7S 2H 4H", ctx) == {"7S", "4H"}


def test_R_F1_a_batting_card_is_allowed_against_must_win() -> None:
    # 1 deck batting (key = rank): ♥5 led, ♣5 bats it although must-win asks for ♥8.
    ctx = stock_trick("H", played="5H", batting=True)
    assert legal_cards("8H 3H 5C 2D", ctx) == {"8H", "5C"}


def test_R_F1_batting_uses_the_deals_key_table() -> None:
    # 2 decks: in normal Familia only the same suit bats, in batting Familia the same colour.
    normal = stock_trick("H", played="7S")
    batting = stock_trick("H", played="7S", batting=True)
    assert legal_cards("5H 7C 7S", normal, decks=2) == {"5H", "7S"}
    assert legal_cards("5H 7C 2D", batting, decks=2) == {"5H", "7C"}


# ----- [R-F13] hand Jokers -----


def test_R_F13_joker_is_always_legal_even_when_the_hand_can_follow() -> None:
    assert legal_cards("JK 5H 9H 2C", stock_trick("H", played="3H")) == {"JK", "5H", "9H"}


def test_R_F13_joker_is_legal_against_must_ruff() -> None:
    assert legal_cards("JK 7S 2C", trump_trick("S", led="D", played="4D"), decks=2) == {"JK", "7S"}


def test_R_F13_joker_is_never_forced_by_must_win() -> None:
    # Batting, ♥10 led: only the Joker beats it; the ♥3 stays legal.
    ctx = stock_trick("H", played="10H", batting=True)
    assert legal_cards("JK 3H", ctx, decks=2) == {"JK", "3H"}


def test_R_F13_joker_is_legal_when_nothing_can_beat() -> None:
    ctx = stock_trick("H", played="AH", batting=True)
    assert legal_cards("JK 3H 2H", ctx, decks=2) == {"JK", "3H", "2H"}


# ----- must-win [R-F11][R-F12][R-F12a] -----


def test_R_F11_text_example_strongest_so_far_is_the_heart_eight_not_the_five() -> None:
    # 4 players, 1 deck, batting; hearts led; played ♥5 ♠8 ♥8 (♥8 will bat ♠8 later).
    ctx = stock_trick("H", played="5H 8S 8H", batting=True)
    assert legal_cards("9H 6H 2C", ctx) == {"9H"}


def test_R_F11_text_example_a_card_batting_the_five_stays_allowed() -> None:
    ctx = stock_trick("H", played="5H 8S 8H", batting=True)
    assert legal_cards("9H 6H 5C", ctx) == {"9H", "5C"}


def test_R_F11_off_suit_strongest_when_no_following_card_is_played() -> None:
    # The leader was void in hearts and played ♠7: the strongest so far is the highest rank.
    ctx = stock_trick("H", played="7S", batting=True)
    assert legal_cards("9C 3D 2S", ctx) == {"9C"}


def test_R_F11_a_following_card_beats_an_off_suit_card_of_any_rank() -> None:
    ctx = stock_trick("H", played="AS", batting=True)
    assert legal_cards("2H 3H 9C", ctx) == {"2H", "3H"}


def test_R_F11_off_suit_cannot_beat_once_a_following_card_is_in() -> None:
    # ♥2 led; a player void in hearts holding ♣A: nothing beats ♥2, so anything goes.
    ctx = stock_trick("H", played="2H", batting=True)
    assert legal_cards("AC 9D 3S", ctx, decks=3) == {"AC", "9D", "3S"}


def test_R_F11_on_equal_rank_the_earliest_card_stays_strongest() -> None:
    # 3 decks batting (key = suit + rank): ♠7 then ♦7 off-suit; ♣7 ties and does not beat.
    ctx = stock_trick("H", played="7S 7D", batting=True)
    assert legal_cards("8C 7C", ctx, decks=3) == {"8C"}
    assert legal_cards("7C 2C", ctx, decks=3) == {"7C", "2C"}


def test_R_F11_a_trump_is_the_strongest_card_so_far() -> None:
    ctx = trump_trick("S", led="D", played="AD 3S", batting=True)
    assert legal_cards("2S 9S", ctx, decks=3) == {"9S"}


def test_R_F12_must_win_filters_the_follow_set_and_does_not_widen_it() -> None:
    # Hearts led (♥9): ♥A beats, so only it; the ♠10 "beats by rank" but is not in the follow set.
    ctx = stock_trick("H", played="9H", batting=True)
    assert legal_cards("AH 5H 10S", ctx, decks=3) == {"AH"}


def test_R_F12_when_nothing_beats_the_follow_set_stands() -> None:
    ctx = stock_trick("H", played="9H", batting=True)
    assert legal_cards("5H 4H AS", ctx, decks=3) == {"5H", "4H"}


def test_R_F12_must_win_filters_the_ruff_set() -> None:
    # Trump ♥, spades led, ♥3 ruffed: void in spades → must ruff, and ♥9 beats ♥3.
    ctx = trump_trick("H", led="S", played="10S 3H", batting=True)
    assert legal_cards("2H 9H AC", ctx, decks=3) == {"9H"}
    assert legal_cards("2H AC", ctx, decks=3) == {"2H"}


def test_R_F12_any_card_may_beat_when_void_in_led_suit_and_trump() -> None:
    # Trump ♥, spades led (♠4), void in both: the follow set is the whole hand, none beats a
    # following card, so every card stays legal.
    ctx = trump_trick("H", led="S", played="4S", batting=True)
    assert legal_cards("AC 9D", ctx, decks=3) == {"AC", "9D"}


def test_R_F12a_no_must_win_before_a_hand_card_is_played_in_a_stock_trick() -> None:
    duty = tr.obligations(cards("AH 2H 7S"), stock_trick("H", batting=True),
                          tr.batting_key(1, "batting"))
    assert duty.must_win is None
    assert {str(c) for c in duty.legal} == {"AH", "2H"}


def test_R_F12a_no_must_win_for_the_trump_trick_leader() -> None:
    assert legal_cards("AH 2H 7S", trump_trick("S", batting=True)) == {"AH", "2H", "7S"}


def test_R_F12a_no_must_win_for_the_first_player_of_a_face_joker_trick() -> None:
    assert legal_cards("AH 2H 7S", stock_trick(None, batting=True)) == {"AH", "2H", "7S"}


# ----- face-Joker tricks [R-F16][R-F17] -----


def test_R_F16_normal_stock_face_joker_trick_has_no_lead_any_card_is_legal() -> None:
    ctx = stock_trick(None, played="9S 3S")
    duty = tr.obligations(cards("AH 2S 10D"), ctx, tr.batting_key(1, "normal"))
    assert duty.base_rule == "no_lead"
    assert {str(c) for c in duty.legal} == {"AH", "2S", "10D"}


def test_R_F16_batting_stock_face_joker_trick_is_must_win_by_rank() -> None:
    ctx = stock_trick(None, played="9S", batting=True)
    assert legal_cards("10D 5H AC 4S JK", ctx, decks=3) == {"10D", "AC", "JK"}


def test_R_F16_a_hand_joker_sets_the_bar_between_a_and_10_in_a_no_lead_trick() -> None:
    ctx = stock_trick(None, played="JK", batting=True)
    assert legal_cards("10D 5H AC", ctx, decks=3) == {"AC"}
    assert legal_cards("10D 5H", ctx, decks=3) == {"10D", "5H"}


def test_R_F16_no_lead_trick_is_won_by_rank_the_joker_between_a_and_10() -> None:
    assert resolve("9S JK 10D", led=None).winner == 1
    assert resolve("9S JK AC", led=None).winner == 2


def test_R_F16_joker_collides_only_with_a_joker_in_a_no_lead_trick() -> None:
    result = resolve("AS JK 5D", led=None, style="batting")
    assert result.stage1 == ()
    assert result.stage2 == ()
    assert result.winner == 0
    both = resolve("JK JK 5D", led=None, decks=2)
    assert both.stage1 == (0, 1)
    assert both.winner == 2


def test_R_F16_no_lead_trick_bats_equal_ranks_at_stage_2() -> None:
    # 2 decks normal: ♠9 and ♥9 survive stage 1 (other suits) and bat on rank.
    result = resolve("9S 9H 4D", led=None, decks=2)
    assert result.stage2 == (0, 1)
    assert result.winner == 2


def test_R_F17_face_joker_trump_trick_leader_leads_then_must_follow_but_no_ruff() -> None:
    ctx = trump_trick(None, led="S", played="5S")
    duty = tr.obligations(cards("AH 2D 9C"), ctx, tr.batting_key(1, "normal"))
    assert duty.base_rule == "any"
    assert legal_cards("3S AH", ctx) == {"3S"}
    assert legal_cards("AH 2D 9C", ctx) == {"AH", "2D", "9C"}


def test_R_F17_face_joker_trump_trick_is_won_in_the_led_suit() -> None:
    assert resolve("5S AH 3S 2D", led="S", trump=None).winner == 0


def test_R_F17_face_joker_trump_trick_goes_to_stage_2_without_a_led_suit_card() -> None:
    result = resolve("5S 5C 9H 8D", led="S", trump=None)
    assert result.stage1 == (0, 1)
    assert result.winner == 2


def test_R_F17_batting_face_joker_trump_trick_must_follow_then_must_win() -> None:
    ctx = trump_trick(None, led="S", played="5S", batting=True)
    assert legal_cards("3S 9S AH", ctx, decks=3) == {"9S"}


# ----- counting tests (perft-style) on one stacked 4-player deal -----

SEAT_0 = "AH 10H 5H 7S 2C 9D"
SEAT_1 = "8H 3H 7C 5D AC 6S"


def _first_deal(style: str):  # type: ignore[no-untyped-def]
    return stacked(options(4, style=style), hands={0: SEAT_0, 1: SEAT_1}, black="KS", red="QH")


@pytest.mark.parametrize("style", ["normal", "batting"])
def test_count_the_leader_chooses_between_two_piles(style: str) -> None:
    assert legal(_first_deal(style)) == {"pile black", "pile red"}


@pytest.mark.parametrize("style", ["normal", "batting"])
def test_count_stock_trick_leader_plays(style: str) -> None:
    # Q♥ leads hearts: 3 hearts; K♠ leads spades: 1 spade. No must-win for the leader [R-F12a].
    assert len(play(_first_deal(style), "pile red").legal_actions()) == 3
    assert len(play(_first_deal(style), "pile black").legal_actions()) == 1


# For every opening (pile, leader's card): how many answers seat 1 has.
# Normal (1 deck: colour + rank): follow the hearts, plus ♦5 after ♥5, ♣7 after ♠7.
# Batting (key = rank): must-win on the hearts, plus ♣A after ♥A, ♦5 after ♥5, ♣7 after ♠7.
SECOND_PLAYER = {
    "normal": {("red", "AH"): 2, ("red", "10H"): 2, ("red", "5H"): 3, ("black", "7S"): 2},
    "batting": {("red", "AH"): 3, ("red", "10H"): 2, ("red", "5H"): 2, ("black", "7S"): 2},
}


@pytest.mark.parametrize("style", ["normal", "batting"])
def test_count_stock_trick_second_player_answers(style: str) -> None:
    counts = {}
    for colour in ("black", "red"):
        state = play(_first_deal(style), f"pile {colour}")
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            counts[(colour, str(action.card))] = len(after.legal_actions())
    assert counts == SECOND_PLAYER[style]
    assert sum(counts.values()) == 9  # perft(3) from the start of the deal


def test_count_batting_second_player_answers_by_card() -> None:
    state = play(_first_deal("batting"), "pile red", "play 5H")
    assert legal(state) == {"play 8H", "play 5D"}
    state = play(_first_deal("batting"), "pile red", "play AH")
    assert legal(state) == {"play 8H", "play 3H", "play AC"}


def _trump_trick(style: str, face: str):  # type: ignore[no-untyped-def]
    # 4 players: 4 stock tricks, so trick 5 is the first trump trick; seats hold 6 cards each.
    return position(options(4, style=style), trick=5, leader=0, face=face,
                    hands={0: SEAT_0, 1: SEAT_1})


@pytest.mark.parametrize("style", ["normal", "batting"])
@pytest.mark.parametrize("face", ["KS", "QH"])
def test_count_trump_trick_leader_leads_any_of_six(style: str, face: str) -> None:
    state = _trump_trick(style, face)
    assert not state.stock_trick
    assert len(state.legal_actions()) == 6


TRUMP_SECOND = {
    # (style, lead): seat 1's answers with trump ♠ (face K♠)
    ("normal", "5H"): {"play 8H", "play 3H", "play 5D"},
    ("batting", "5H"): {"play 8H", "play 5D"},
    ("normal", "9D"): {"play 5D"},
    ("batting", "9D"): {"play 5D"},
    ("normal", "7S"): {"play 6S", "play 7C"},
    ("batting", "7S"): {"play 6S", "play 7C"},
    ("normal", "2C"): {"play 7C", "play AC"},
    ("batting", "2C"): {"play 7C", "play AC"},
}


@pytest.mark.parametrize(("style", "lead"), list(TRUMP_SECOND))
def test_count_trump_trick_second_player_answers(style: str, lead: str) -> None:
    state = play(_trump_trick(style, "KS"), f"play {lead}")
    assert legal(state) == TRUMP_SECOND[(style, lead)]


@pytest.mark.parametrize("style", ["normal", "batting"])
def test_count_trump_trick_second_player_void_in_the_led_suit_ruffs(style: str) -> None:
    # Trump ♥ (face Q♥), ♠7 led; seat 1 has no spade: its two trumps, plus ♣7, which bats the
    # ♠7 in both styles (1 deck: black 7 / rank 7). Both trumps beat ♠7 under must-win.
    state = position(options(4, style=style), trick=5, leader=0, face="QH",
                     hands={0: SEAT_0, 1: "8H 3H 7C 5D AC 10C"})
    play(state, "play 7S")
    assert legal(state) == {"play 8H", "play 3H", "play 7C"}


def test_count_seven_players_joker_lead_names_one_of_four_suits() -> None:
    # 7 players: 12 tricks, 5 stock tricks; trick 6 is the first trump trick (7 cards in hand).
    state = position(options(7), trick=6, leader=0, face="KS",
                     hands={0: "JK 5H 9H 7S 2C 4D 8C"})
    assert legal(state) == {"play 5H", "play 9H", "play 7S", "play 2C", "play 4D", "play 8C",
                            "play JK as S", "play JK as H", "play JK as D", "play JK as C"}


# ----- a seeded cross-check against the digest's reference pseudo-code (A.13) -----


def _ref_key(c: Card, decks: int, style: str) -> object:
    if c.is_joker:
        return "JK"
    if style == "normal":
        return (c.colour, c.rank) if decks == 1 else (c.suit, c.rank)
    return {1: c.rank, 2: (c.colour, c.rank), 3: (c.suit, c.rank)}[decks]


def _ref_rank(c: Card) -> float:
    return 13.5 if c.is_joker else c.rank  # A 14 > Joker > 10 [R-F15a][R-F16]


def _ref_power(c: Card, led: str | None, trump: str | None) -> tuple[int, float]:
    """Trump > led suit (a Joker takes the led suit) > others, then rank [R-F11][R-F15a]."""
    suit = led if c.is_joker else c.suit
    tier = 2 if suit is not None and suit == trump else 1 if suit is not None and suit == led else 0
    return tier, _ref_rank(c)


def _ref_resolve(plays: list[Card], led: str | None, trump: str | None, decks: int,
                 style: str) -> int | None:
    keys = [_ref_key(c, decks, style) for c in plays]
    alive = [i for i, k in enumerate(keys) if keys.count(k) == 1]
    following = [i for i in alive if _ref_power(plays[i], led, trump)[0] > 0]
    if following:
        return max(following, key=lambda i: _ref_power(plays[i], led, trump))
    ranks = [_ref_rank(plays[i]) for i in alive]
    alive = [i for i in alive if ranks.count(_ref_rank(plays[i])) == 1]
    return max(alive, key=lambda i: _ref_rank(plays[i])) if alive else None


def _ref_legal(hand: list[Card], ctx: tr.Context, decks: int, style: str) -> set[Card]:
    plain = [c for c in hand if not c.is_joker]
    played_keys = {_ref_key(c, decks, style) for c in ctx.played}
    bats = {c for c in plain if _ref_key(c, decks, style) in played_keys}
    if (not ctx.stock_trick and not ctx.played) or ctx.led is None:
        base = plain
    else:
        base = ([c for c in plain if c.suit == ctx.led]
                or [c for c in plain if ctx.trump is not None and c.suit == ctx.trump] or plain)
    if ctx.batting and ctx.played:
        best = max(_ref_power(c, ctx.led, ctx.trump) for c in ctx.played)
        base = [c for c in base if _ref_power(c, ctx.led, ctx.trump) > best] or base
    return set(base) | bats | ({JOKER} & set(hand))


def _random_trick(rng: random.Random) -> tuple[int, str, tr.Context, list[Card], list[Card]]:
    decks = rng.choice((1, 2, 3))
    style = rng.choice(("normal", "batting"))
    pool = number_cards(decks) + [JOKER] * rng.choice((0, 0, 2, 4))
    rng.shuffle(pool)
    players = rng.randint(3, 10)
    played, hand = pool[:rng.randrange(players)], pool[players:players + rng.randint(1, 7)]
    stock, face_joker = rng.random() < 0.5, rng.random() < 0.2
    face_suit = None if face_joker else rng.choice("SHDC")
    if stock:
        led, trump = face_suit, None
    else:
        trump = face_suit
        led = (rng.choice("SHDC") if played[0].is_joker else played[0].suit) if played else None
    ctx = tr.Context(led, trump, stock, face_joker, style == "batting", tuple(played))
    return decks, style, ctx, played, hand


@pytest.mark.parametrize("seed", range(20))
def test_obligations_and_resolve_agree_with_the_reference_pseudo_code(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        decks, style, ctx, played, hand = _random_trick(rng)
        keys = tr.batting_key(decks, style)
        duty = tr.obligations(hand, ctx, keys)
        assert duty.legal == _ref_legal(hand, ctx, decks, style), (hand, ctx)
        full = played + hand[:1]
        if len(full) >= 2:
            assert tr.resolve(full, ctx.led, ctx.trump, keys).winner == _ref_resolve(
                full, ctx.led, ctx.trump, decks, style), (full, ctx)
