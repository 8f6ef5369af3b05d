"""Familia options: the standard table (rules digest A.2), hand adjustment [R-F31a], hand size
[R-F30], the Joker budget [R-F32], per-deal lists [R-F33a] and `resolved()`.

Each test is named after the rule or ruling it checks; the expected numbers are the digest's.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from familia_tui.games.familia.options import FamiliaOptions, MatchOptions, standard_table
from familia_tui.games.familia.rules import hand_pool

# players: (decks, tricks, hand size, removed sets, hand Jokers, hand cards, stock,
#           stock tricks, trump tricks, face sets = deals)   — the digest's table A.2
STANDARD = {
    2: (1, 10, 6, (), 0, 40, 16, 4, 6, 1),
    3: (1, 12, 7, (2,), 0, 36, 15, 5, 7, 1),
    4: (1, 10, 6, (), 0, 40, 16, 4, 6, 1),
    5: (2, 12, 7, (2, 2, 3, 3, 4), 0, 60, 25, 5, 7, 2),
    6: (2, 12, 7, (2, 2), 0, 72, 30, 5, 7, 2),
    7: (2, 12, 7, (), 4, 84, 35, 5, 7, 2),
    8: (2, 10, 6, (), 0, 80, 32, 4, 6, 2),
    9: (3, 12, 7, (2, 2, 2), 0, 108, 45, 5, 7, 3),
    10: (3, 12, 7, (), 0, 120, 50, 5, 7, 3),
}


def stock_size(opts: FamiliaOptions) -> int:
    return opts.pool_size - opts.hands * opts.deal_hand_size


@pytest.mark.parametrize("players", sorted(STANDARD))
def test_A_2_standard_table_by_player_count(players: int) -> None:
    (decks, tricks, hand, removed, jokers, pool, stock, stock_tricks, trump_tricks,
     sets) = STANDARD[players]
    opts = FamiliaOptions(players=players)
    assert opts.pool_decks == decks
    assert opts.deal_tricks == tricks
    assert opts.deal_hand_size == hand
    assert opts.adjustment == (removed, jokers)
    assert opts.pool_size == pool
    assert len(hand_pool(opts.pool_decks, *opts.adjustment)) == pool
    assert stock_size(opts) == stock
    assert opts.deal_tricks - opts.deal_hand_size == stock_tricks
    assert opts.deal_hand_size == trump_tricks
    assert opts.sets == opts.deals == sets


@pytest.mark.parametrize("players", sorted(STANDARD))
def test_A_2_every_hand_plays_exactly_tricks_cards(players: int) -> None:
    opts = FamiliaOptions(players=players)
    assert opts.pool_size == opts.hands * opts.deal_tricks
    assert stock_size(opts) % opts.hands == 0


def test_A_2_standard_pool_removes_whole_sets_of_the_table() -> None:
    # 5 players: all 2s and 3s of both decks plus one deck's 4s = 20 cards.
    pool = hand_pool(2, *FamiliaOptions(players=5).adjustment)
    ranks = [c.rank for c in pool]
    assert (ranks.count(2), ranks.count(3), ranks.count(4), ranks.count(5)) == (0, 0, 4, 8)


def test_A_2_seven_players_standard_has_four_hand_jokers() -> None:
    pool = hand_pool(2, *FamiliaOptions(players=7).adjustment)
    assert sum(c.is_joker for c in pool) == 4


def test_A_2_seven_players_alternative_a() -> None:
    # 11 tricks: one deck's 2s removed, 1 hand Joker = 77; 7 cards (stock 28) or 6 (stock 35).
    opts = FamiliaOptions(players=7, tricks=11, face_jokers=3)
    assert opts.adjustment == ((2,), 1)
    assert opts.pool_size == 77
    assert (opts.deal_hand_size, stock_size(opts)) == (7, 28)
    six = FamiliaOptions(players=7, tricks=11, hand_size=6, face_jokers=3)
    assert (six.deal_hand_size, stock_size(six)) == (6, 35)
    assert six.deal_tricks - six.deal_hand_size == 5


def test_A_2_seven_players_alternative_b() -> None:
    # 10 tricks: both decks' 2s and one deck's 3s removed, 2 hand Jokers = 70; 6 cards, stock 28.
    opts = FamiliaOptions(players=7, tricks=10, face_jokers=2)
    assert opts.adjustment == ((2, 2, 3), 2)
    assert opts.pool_size == 70
    assert (opts.deal_hand_size, stock_size(opts)) == (6, 28)


def test_R_F3_two_players_use_one_deck_and_four_hands() -> None:
    opts = FamiliaOptions(players=2)
    assert (opts.pool_decks, opts.hands) == (1, 4)


# ----- standard composition and seating (A.3) -----


@pytest.mark.parametrize("players", range(4, 11))
def test_A_3_standard_table_males_and_females_sit_in_blocks(players: int) -> None:
    roles = [s.role for s in standard_table(players)]
    assert roles == sorted(roles, key="MF".index)
    assert len(roles) == players


@pytest.mark.parametrize("players", range(4, 11))
def test_A_3_standard_table_never_seats_a_teams_male_next_to_its_female(players: int) -> None:
    table = standard_table(players)
    for i, seat in enumerate(table):
        right = table[(i + 1) % players]
        assert not (seat.team == right.team and seat.role != right.role), (i, players)


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_A_3_standard_pairs_sit_opposite(players: int) -> None:
    table = standard_table(players)
    for i, seat in enumerate(table):
        assert table[(i + players // 2) % players].team == seat.team


@pytest.mark.parametrize("players", [5, 7, 9])
def test_A_3_odd_teams_get_the_extra_member_female(players: int) -> None:
    table = standard_table(players)
    for team in {s.team for s in table}:
        members = [s.role for s in table if s.team == team]
        assert members.count("M") == 1
        assert members.count("F") in (1, 2)


def test_A_3_three_players_play_a_male_individual_game() -> None:
    assert [(s.role, s.team) for s in standard_table(3)] == [("M", None)] * 3


# ----- [R-F31a] automatic hand adjustment -----


@pytest.mark.parametrize(("players", "tricks", "removed", "jokers"), [
    (6, 11, (2, 2, 3, 3), 2),           # the amendment's example: 64 + 2 = 66
    (6, 10, (2, 2, 3, 3, 4), 0),        # [R-F31]: 80 − 20 = 60
    (10, 10, (2, 2, 2, 3, 3), 0),       # [R-F31]: 120 − 20 = 100
    (7, 11, (2,), 1),                   # the text's alternative A
    (7, 10, (2, 2, 3), 2),              # the text's alternative B
    (3, 11, (2, 3), 1),                 # 40 − 8 + 1 = 33
    (10, 11, (2, 2, 2), 2),             # 120 − 12 + 2 = 110
    (9, 10, (2, 2, 2, 3, 3, 3, 4, 4), 2),  # 120 − 32 + 2 = 90
])
def test_R_F31a_auto_adjustment_removes_lowest_sets_then_adds_jokers(
        players: int, tricks: int, removed: tuple[int, ...], jokers: int) -> None:
    opts = FamiliaOptions(players=players, tricks=tricks)
    assert opts.adjustment == (removed, jokers)
    assert opts.pool_size == opts.hands * tricks
    pool = hand_pool(opts.pool_decks, *opts.adjustment)
    assert len(pool) == players * tricks


def test_R_F31a_six_players_eleven_tricks_pool_is_66_with_two_jokers() -> None:
    pool = hand_pool(2, *FamiliaOptions(players=6, tricks=11).adjustment)
    ranks = [c.rank for c in pool if not c.is_joker]
    assert len(pool) == 66
    assert sum(c.is_joker for c in pool) == 2
    assert 2 not in ranks and 3 not in ranks


@pytest.mark.parametrize(("players", "need", "most"), [(4, "44", "42"), (8, "88", "84"),
                                                       (2, "44", "42")])
def test_R_F31a_eleven_tricks_are_rejected_for_2_4_and_8_players(players: int, need: str,
                                                                  most: str) -> None:
    with pytest.raises(ValidationError) as raised:
        FamiliaOptions(players=players, tricks=11)
    message = str(raised.value)
    assert need in message
    assert most in message
    assert "R-F31a" in message


@pytest.mark.parametrize("players", [2, 4, 8])
def test_R_F31a_twelve_tricks_are_rejected_for_2_4_and_8_players(players: int) -> None:
    with pytest.raises(ValidationError, match="R-F31a"):
        FamiliaOptions(players=players, tricks=12)


def test_R_F31a_explicit_removed_sets_must_add_up() -> None:
    with pytest.raises(ValidationError) as raised:
        FamiliaOptions(players=6, removed_sets=[2])
    message = str(raised.value)
    assert "76" in message and "72" in message


def test_R_F31a_a_rank_removed_more_often_than_decks_is_rejected() -> None:
    with pytest.raises(ValidationError, match="rank 2 removed 2 times"):
        FamiliaOptions(players=3, removed_sets=[2, 2])


def test_R_F31a_explicit_adjustment_is_used_as_given() -> None:
    opts = FamiliaOptions(players=6, tricks=11, removed_sets=[2, 2, 3, 3], hand_jokers=2)
    assert opts.adjustment == ((2, 2, 3, 3), 2)


# ----- [R-F30] hand size -----


def test_R_F30_eleven_tricks_default_to_seven_cards() -> None:
    opts = FamiliaOptions(players=6, tricks=11)
    assert opts.deal_hand_size == 7
    assert opts.deal_tricks - opts.deal_hand_size == 4


def test_R_F30_eleven_tricks_allow_six_cards() -> None:
    opts = FamiliaOptions(players=6, tricks=11, hand_size=6)
    assert opts.deal_hand_size == 6
    assert opts.deal_tricks - opts.deal_hand_size == 5


@pytest.mark.parametrize(("tricks", "size"), [(11, 5), (11, 8), (10, 7), (12, 6), (10, 5)])
def test_R_F30_other_hand_sizes_are_rejected(tricks: int, size: int) -> None:
    with pytest.raises(ValidationError, match="R-F30"):
        FamiliaOptions(players=6, tricks=tricks, hand_size=size)


@pytest.mark.parametrize(("tricks", "size"), [(10, 6), (12, 7)])
def test_A_2_hand_size_is_tricks_over_two_plus_one(tricks: int, size: int) -> None:
    assert FamiliaOptions(players=6, tricks=tricks).deal_hand_size == size


# ----- [R-F32] the Joker budget -----


def test_R_F32_face_jokers_within_the_decks_jokers_are_allowed() -> None:
    assert FamiliaOptions(players=7, tricks=11, face_jokers=3).total_face_jokers == 3
    assert FamiliaOptions(players=4, face_jokers=2).total_face_jokers == 2


@pytest.mark.parametrize(("fields", "numbers"), [
    ({"players": 7, "face_jokers": 1}, ("4 hand Jokers", "1 face Jokers", "5", "4 Jokers")),
    ({"players": 7, "tricks": 11, "face_jokers": 4}, ("1 hand Jokers", "4 face Jokers", "5")),
    ({"players": 7, "tricks": 10, "face_jokers": 3}, ("2 hand Jokers", "3 face Jokers", "5")),
    ({"players": 4, "face_jokers": 3}, ("0 hand Jokers", "3 face Jokers", "only 2 Jokers")),
])
def test_R_F32_more_jokers_than_the_decks_have_are_rejected(fields: dict, numbers: tuple) -> None:
    with pytest.raises(ValidationError) as raised:
        FamiliaOptions(**fields)
    message = str(raised.value)
    assert "R-F32" in message
    for number in numbers:
        assert number in message


def test_R_F32_the_budget_counts_every_deals_face_jokers() -> None:
    # 4 players with 2 face sets: 2 decks' worth of Jokers (4); 2 + 3 per deal is too many.
    assert FamiliaOptions(players=4, face_sets=2, face_mode="split_carry",
                          face_jokers=[2, 2]).total_face_jokers == 4
    with pytest.raises(ValidationError, match="R-F32"):
        FamiliaOptions(players=4, face_sets=2, face_mode="split_carry", face_jokers=[2, 3])


def test_R_F32_the_odd_face_joker_defaults_to_the_black_pile() -> None:
    assert FamiliaOptions(players=7, tricks=11, face_jokers=3).odd_face_joker == "black"


# ----- [R-F33a] per-deal lists -----


def test_R_F33a_style_per_deal() -> None:
    opts = FamiliaOptions(players=6, style=["normal", "batting"])
    assert [opts.style_of(d) for d in range(opts.deals)] == ["normal", "batting"]
    assert FamiliaOptions(players=6, style="batting").style_of(1) == "batting"


def test_R_F33a_a_style_list_must_name_every_deal() -> None:
    with pytest.raises(ValidationError, match="style lists 1 deals but the game has 2"):
        FamiliaOptions(players=6, style=["batting"])


def test_R_F33a_style_per_deal_is_allowed_in_through_mode_too() -> None:
    opts = FamiliaOptions(players=9, face_mode="through", style=["batting", "normal", "batting"])
    assert opts.style_of(2) == "batting"


def test_R_F33a_face_jokers_per_deal_in_split_modes() -> None:
    opts = FamiliaOptions(players=6, face_mode="split_discard", face_jokers=[0, 2])
    assert [opts.face_jokers_of(d) for d in range(2)] == [0, 2]
    assert opts.total_face_jokers == 2


def test_R_F33a_one_face_joker_number_applies_to_every_split_deal() -> None:
    opts = FamiliaOptions(players=6, face_mode="split_carry", face_jokers=2)
    assert [opts.face_jokers_of(d) for d in range(2)] == [2, 2]
    assert opts.total_face_jokers == 4


def test_R_F33a_through_mode_puts_all_face_jokers_in_at_the_start() -> None:
    opts = FamiliaOptions(players=6, face_jokers=3)
    assert [opts.face_jokers_of(d) for d in range(2)] == [3, 0]


def test_R_F33a_face_jokers_per_deal_need_a_split_mode() -> None:
    with pytest.raises(ValidationError, match="split face_mode"):
        FamiliaOptions(players=6, face_jokers=[1, 1])


def test_R_F33a_a_face_joker_list_must_name_every_deal() -> None:
    with pytest.raises(ValidationError, match="face_jokers lists 3 deals but the game has 2"):
        FamiliaOptions(players=6, face_mode="split_carry", face_jokers=[1, 1, 1])


def test_A_2_deals_follow_the_face_sets() -> None:
    assert FamiliaOptions(players=5, face_sets=1).deals == 1
    assert FamiliaOptions(players=3, face_sets=2).deals == 2
    assert FamiliaOptions(players=3, face_sets=2).misere_bonus == 18


# ----- resolved() and strictness -----


@pytest.mark.parametrize("players", sorted(STANDARD))
def test_resolved_writes_out_the_standard_values(players: int) -> None:
    opts = FamiliaOptions(players=players)
    full = opts.resolved()
    (decks, tricks, hand, removed, jokers, *_rest, sets) = STANDARD[players]
    assert (full.decks, full.tricks, full.hand_size) == (decks, tricks, hand)
    assert (full.removed_sets, full.hand_jokers, full.face_sets) == (removed, jokers, sets)
    assert full.table == standard_table(players)
    assert full.adjustment == opts.adjustment
    assert full.pool_size == opts.pool_size
    assert full.resolved() == full


def test_resolved_keeps_the_explicit_choices() -> None:
    opts = FamiliaOptions(players=7, tricks=11, hand_size=6, face_jokers=3, style="batting",
                          odd_face_joker="red")
    full = opts.resolved()
    assert (full.tricks, full.hand_size, full.removed_sets, full.hand_jokers) == (11, 6, (2,), 1)
    assert (full.face_jokers, full.style, full.odd_face_joker) == (3, "batting", "red")


def test_resolved_validates_again() -> None:
    full = FamiliaOptions(players=6, tricks=11).resolved()
    data = full.model_dump()
    data["hand_jokers"] = 3
    with pytest.raises(ValidationError, match="R-F31a"):
        FamiliaOptions.model_validate(data)


def test_unknown_options_are_rejected() -> None:
    with pytest.raises(ValidationError):
        FamiliaOptions(players=4, jokers_in_hand=2)  # type: ignore[call-arg]


@pytest.mark.parametrize("players", [1, 11])
def test_player_count_is_2_to_10(players: int) -> None:
    with pytest.raises(ValidationError):
        FamiliaOptions(players=players)


def test_A_12_a_target_match_needs_a_threshold() -> None:
    with pytest.raises(ValidationError, match="win_at, lose_at"):
        MatchOptions(format="target")
    assert MatchOptions(format="target", lose_at=-50).lose_at == -50
