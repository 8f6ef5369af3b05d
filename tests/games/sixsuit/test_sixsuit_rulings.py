"""Scripted tests of the six-suit rulings R-S1 … R-S30 and the digest's worked examples, each
named after what it checks. Positions sit the suits in the canonical order by seat (6 players:
S H X L C D = seats 0–5, black 0 2 4 against red 1 3 5; 4 players: S H C D = seats 0–3). Unless
a test says otherwise each team's split is a Joker to its first two members and the white card
to the third (4 players: Joker + white to the first, Joker to the second)."""

from __future__ import annotations

import random

import pytest
from sixsuit_helpers import cards, do, legal, new, options, pass_declarations, position

from familia_tui.core.engine import IllegalAction, Seat
from familia_tui.core.registry import get_game
from familia_tui.games.sixsuit.actions import parse_action
from familia_tui.games.sixsuit.rules import SixSuitState
from familia_tui.games.sixsuit.view import TrickPlay

QUIET6 = {0: "2S 3S 4S", 1: "2H 3H 4H", 2: "2X 3X 4X", 3: "2L 3L 4L", 4: "2C 3C 4C", 5: "2D 3D 4D"}
"""Hands without an A, so that scores count captures only (with `removed` Jokers)."""
NO_JOKERS = "BJ BJ RJ RJ"


def census_total(state: SixSuitState) -> int:
    return sum(len(cards) for cards in state.card_census().values())


# ----- R-S1, R-S2, R-S28: the deck and the colours -----


def test_R_S1_the_deck_has_84_cards_and_64_with_4_players() -> None:
    six = do(new("sixsuit-6"), "split BJ W BJ", "split RJ RJ+W -")
    assert census_total(six) == 84
    four = do(new("sixsuit-4"), "split BJ+W BJ", "split RJ RJ+W")
    assert census_total(four) == 64
    assert not any(card.suit in "XL" and card.rank <= 14 and not card.is_face
                   for cards in four.decks + four.hands for card in cards)


def test_R_S2_default_colours_black_spade_cross_club() -> None:
    state = new("sixsuit-6")
    assert {state.suits[s]: state.colours[s] for s in range(6)} == {
        "S": "black", "X": "black", "C": "black", "H": "red", "L": "red", "D": "red"}
    # the canonical order alternates the teams
    assert [state.colours[s] for s in state.order] == ["black", "red"] * 3


def test_R_S2_the_colour_mapping_is_configurable_and_must_split_the_suits_evenly() -> None:
    state = new("sixsuit-6", black_suits=("S", "H", "X"))
    assert sorted(state.suits[s] for s in state.members[0]) == ["H", "S", "X"]
    with pytest.raises(ValueError, match="R-S2"):
        options("sixsuit-4", black_suits=("S", "X", "L"))


def test_R_S28_four_players_keep_all_18_face_cards_cross_and_leaf_score_as_other() -> None:
    state = position("sixsuit-4", captured={0: "KX QX JX"}, removed="BJ BJ RJ RJ",
                     hands={0: "2S 3S 4S", 1: "2H 3H 4H", 2: "2C 3C 4C", 3: "2D 3D 4D"})
    assert len(state.face_pile) + 1 + 3 == 18
    items = dict(zip(("own", "other", "jokers", "ace", "sets_own", "sets_other", "ranks"), state.items()[0]))
    assert items["other"] == 6 and items["own"] == 0 and items["sets_own"] == 2  # Cross is black, like Spade


# ----- R-S30: fixed teams -----


def test_R_S30_fixed_teams_give_each_player_a_suit_of_the_teams_colour() -> None:
    state = new("sixsuit-6-fixed")
    assert state.suits == ("S", "H", "X", "L", "C", "D")
    assert [state.unit_names()[t] for t in state.team_of] == ["black", "red"] * 3


def test_R_S30_a_suit_of_the_wrong_colour_is_rejected() -> None:
    opts = options("sixsuit-4-fixed")
    seats = [Seat(name="A", team="x", fields={"suit": "S"}), Seat(name="B", team="x", fields={"suit": "H"}),
             Seat(name="C", team="y", fields={"suit": "C"}), Seat(name="D", team="y", fields={"suit": "D"})]
    with pytest.raises(ValueError, match="R-S30"):
        get_game("sixsuit").new_game(opts, seats, seed=1)


# ----- R-S26: the team split -----


def test_R_S26_the_split_is_one_decision_of_the_whole_team_seen_by_its_members_only() -> None:
    state = new("sixsuit-6-fixed")
    assert state.phase == "split" and state.deciders == (0, 2, 4) and state.to_act == 0
    assert len(state.legal_actions()) == 18  # 6 ways for two equal Jokers × 3 for the white
    assert "split BJ+BJ+W - -" in legal(state)  # 3-0-0 allowed
    assert state.view(0).team_specials and not state.view(1).team_specials
    do(state, "split BJ+BJ+W - -")
    assert state.deciders == (1, 3, 5)
    do(state, "split RJ W RJ")
    assert state.view(2).team_split == ((0, tuple(cards("BJ BJ W"))), (2, ()), (4, ()))
    for seat in (1, 3, 5):
        assert state.view(seat).team_split[0][0] == 1  # its own team only
    assert state.public_view().team_split == () and state.public_view().my_specials == ()


def test_R_S26_four_players_have_six_splits() -> None:
    state = new("sixsuit-4")
    assert len(state.legal_actions()) == 6


# ----- B.2.1 setup, R-S14 -----


def test_B21_the_spade_player_reveals_the_first_face_card_and_leads_with_3_cards_each() -> None:
    state = do(new("sixsuit-6-fixed"), "split BJ W BJ", "split RJ RJ+W -")
    assert state.phase == "play" and state.to_act == 0 and state.face is not None
    assert [len(h) for h in state.hands] == [3] * 6
    assert len(state.face_pile) == 17


def test_R_S14_a_face_card_is_revealed_at_the_start_of_each_trick() -> None:
    state = position(hands=QUIET6, face="KS", face_pile="QS JS")
    do(state, "play 4S", "play 2H", "play 2X", "play 2L", "play 2C", "play 2D")
    pass_declarations(state)
    assert state.face == cards("QS")[0] and len(state.face_pile) == 1


# ----- R-S12, R-S13: how a trick is played -----


def test_R_S12_the_leader_must_play_face_up() -> None:
    state = position(hands=QUIET6)
    assert legal(state) == ["play 2S", "play 3S", "play 4S", "deck"]
    why = state.explain(parse_action("play 2S down"))
    assert not why.legal and "R-S12" in why.rulings
    assert set(why.allowed or ()) == set(legal(state))


def test_R_S12_when_the_leader_passes_the_first_player_who_plays_must_play_face_up() -> None:
    state = position(hands={**QUIET6, 0: "-"}, decks={0: "-"}, rebuilt=[0])
    assert legal(state) == ["pass"]
    do(state, "pass")
    assert legal(state) == ["play 2H", "play 3H", "play 4H", "deck"]
    do(state, "play 2H")
    assert "play 2X down" in legal(state)
    do(state, "play 2X down")
    # every view tells the pass from the face-down card, which it shows as a card back
    assert state.public_view().trick == (TrickPlay(0, None, False, passed=True), TrickPlay(1, cards("2H")[0], True),
                                         TrickPlay(2, None, False))


def test_R_S13_pass_only_with_an_empty_hand() -> None:
    state = position(hands=QUIET6)
    why = state.explain(parse_action("pass"))
    assert not why.legal and why.rulings == ("R-S13",)
    with pytest.raises(IllegalAction):
        state.apply(parse_action("pass"))


def test_R_S13_an_empty_hand_cannot_play_the_deck() -> None:
    state = position(hands={**QUIET6, 1: "-"}, decks={1: "5H 6H"})
    do(state, "play 2S")
    assert legal(state) == ["pass"]


def test_B22_the_decks_top_card_is_played_face_up_unseen() -> None:
    state = position(hands=QUIET6, decks={0: "AS 9S"})
    do(state, "deck")
    assert state.trick == [(0, cards("AS")[0], True)]


# ----- R-S11, R-S15, R-S15a -----


def test_R_S11_face_down_cards_cannot_win() -> None:
    state = position(hands={**QUIET6, 1: "AH 3H 4H"}, face="KD")
    do(state, "play 2S", "play AH down", "play 3X", "play 3L", "play 3C", "play 3D")
    assert state.last_winner == 2 and state.captured[2] == cards("KD")
    assert state.public_view().last_face == cards("KD")[0]  # it was at stake, in sight


def test_R_S15_no_face_up_card_the_face_card_stays_and_the_leader_leads_again() -> None:
    hands = {seat: "-" for seat in range(6)}
    state = position(hands=hands, decks={s: text for s, text in QUIET6.items()}, face="KS", leader=2)
    for _ in range(6):
        do(state, "pass")
    assert state.last_winner is None and state.last_judgement == "none"
    assert state.face == cards("KS")[0] and not any(state.captured)
    assert state.public_view().last_face is None
    assert all(play.passed for play in state.public_view().last_trick)
    # [R-S15a] the declaration round starts with that trick's leader
    assert state.phase == "rebuild" and state.to_act == 2
    pass_declarations(state)
    assert state.to_act == 2 and state.face == cards("KS")[0] and len(state.face_pile) == 17


# ----- R-S16, R-S16a: cleanup -----


def test_R_S16_played_jokers_are_removed_even_face_down_and_whites_recycle_in_the_team_game() -> None:
    state = position(hands={**QUIET6, 1: "RJ 3H 4H", 3: "RJ 3L 4L", 4: "W 3C 4C"})
    do(state, "play 2S", "play RJ down", "play 2X", "play RJ", "play W", "play 2D")
    assert sorted(map(str, state.removed)) == ["RJ", "RJ"]
    assert cards("W")[0] in state.discards[4]
    assert state.last_judgement == "white_punisher" and state.last_winner == 4


def test_R_S16_jokers_discarded_in_a_rebuild_go_back_into_the_deck() -> None:
    state = position(hands={**QUIET6, 0: "BJ 3S 4S"})
    do(state, "play 3S", "play 2H", "play 2X", "play 2L", "play 2C", "play 2D")
    assert state.phase == "rebuild"
    while state.to_act != 0:
        do(state, "pass")
    do(state, "rebuild BJ")
    assert cards("BJ")[0] in state.decks[0] + state.hands[0]


def test_R_S16_individual_game_whites_are_jokers_and_removed() -> None:
    state = position("sixsuit-individual-6", specials=["BJ", "RJ", "BJ", "RJ", "W", "W"],
                     hands={4: "W 2C 3C"})
    assert state.to_act == 0
    while state.to_act != 4:
        acts = [a for a in state.legal_actions() if str(a).startswith("play") and "J" not in str(a)]
        state.apply(acts[0])
    do(state, "play W")
    while state.phase == "play":
        acts = [a for a in state.legal_actions() if str(a).startswith("play") and "J" not in str(a)]
        state.apply(acts[0])
    assert cards("W")[0] in state.removed and state.last_winner == 4


def test_R_S16a_a_face_up_joker_is_shown_with_its_colour_a_face_down_one_is_not() -> None:
    state = position(hands={**QUIET6, 1: "RJ 3H 4H", 2: "BJ 3X 4X"})
    do(state, "play 2S", "play RJ", "play BJ down")
    watcher = state.view(5)
    assert watcher.trick == (TrickPlay(0, cards("2S")[0], True), TrickPlay(1, cards("RJ")[0], True),
                             TrickPlay(2, None, False))  # a card back, not a pass
    assert state.view(2).trick[2] == TrickPlay(2, cards("BJ")[0], False)  # its own player knows it
    assert watcher.shown_specials[1] == tuple(cards("RJ")) and watcher.shown_specials[2] == ()


def test_R_S16a_in_the_secret_team_game_a_face_up_joker_or_white_shows_its_pair_a_face_down_one_not() -> None:
    hands = {0: "2S 3S 4S", 1: "RJ 3H 4H", 2: "W 3X 4X", 3: "BJ 3L 4L", 4: "2C 3C 4C", 5: "2D 3D 4D"}
    state = position("sixsuit-secret-6", specials=["BJ", "RJ", "W", "BJ", "RJ", "W"], hands=hands)
    do(state, "play 2S", "play RJ", "play W", "play BJ down")
    assert state.view(5).teams == (None, "red-pair", "white-pair", None, None, None)
    assert state.public_view().teams == state.view(0).teams  # (what everyone knows)


def test_R_S16a_individual_each_player_shuffles_one_joker_or_white_into_the_deck() -> None:
    state = new("sixsuit-individual-6", seed=3)
    specials = [c for s in range(6) for c in state.hands[s] + state.decks[s] if c.rank < 2]
    assert sorted(map(str, specials)) == ["BJ", "BJ", "RJ", "RJ", "W", "W"]
    assert all(len(state.splits[s]) == 1 for s in range(6))


# ----- R-S3, R-S4, R-S5, R-S24: rebuilds -----


def finish_quiet_trick(state: SixSuitState) -> SixSuitState:
    """Seat 0 leads 4S and wins: the others play 2s and 3s (no team plays three equal numbers)."""
    return do(state, "play 4S", "play 2H", "play 3X", "play 2L", "play 2C", "play 3D")


def test_R_S5_the_declaration_comes_after_the_hands_are_refilled() -> None:
    state = finish_quiet_trick(position(hands=QUIET6))
    assert state.phase == "rebuild"
    assert [len(h) for h in state.hands] == [3] * 6


def test_R_S24_the_declaration_round_starts_with_the_trick_winner() -> None:
    state = position(hands={**QUIET6, 3: "AL 3L 4L"}, face="KS")
    do(state, "play 4S", "play 3H", "play 3X", "play AL", "play 3C", "play 3D")
    assert state.last_winner == 3 and state.to_act == 3


def test_R_S24_after_a_battalion_the_round_starts_with_its_winner() -> None:
    state = position(hands={0: "5S 3S 4S", 2: "5X 3X 4X", 4: "5C 3C 4C"})
    do(state, "play 5S", "deck", "play 5X", "deck", "play 5C", "deck")
    assert state.last_judgement == "battalion" and state.last_winner == 2
    assert state.battalions == [1, 0] and state.to_act == 2


def test_R_S4_a_player_who_passed_may_declare_in_a_later_round() -> None:
    state = finish_quiet_trick(position(hands=QUIET6))
    assert state.to_act == 0
    do(state, "pass", "rebuild")  # seat 1 rebuilds in round 1
    for seat in (2, 3, 4, 5):
        assert state.to_act == seat
        do(state, "pass")
    assert state.phase == "rebuild" and state.to_act == 0  # round 2: seat 0 asked again
    do(state, "rebuild 2S")
    for seat in (2, 3, 4, 5):  # round 2 goes on; seats 0 and 1 are done
        assert state.to_act == seat
        do(state, "pass")
    assert state.phase == "rebuild" and state.to_act == 2  # round 3: a round had a declaration
    for _ in (2, 3, 4, 5):
        do(state, "pass")
    assert state.phase == "play" and state.rebuilt == [True, True, False, False, False, False]


def test_R_S4_everyone_sees_whether_the_round_had_a_declaration() -> None:
    """Declarations are announced: every view (the public one too) says whether this round had
    one, which decides whether another round is asked (the search's sampler needs it)."""
    state = finish_quiet_trick(position(hands=QUIET6))
    assert not state.view(3).round_declared
    do(state, "pass", "rebuild")
    assert all(state.view(seat).round_declared for seat in range(6)) and state.public_view().round_declared
    for _ in (2, 3, 4, 5):
        do(state, "pass")
    assert state.to_act == 0 and not state.view(0).round_declared  # round 2 starts afresh


def test_R_S4_a_full_round_without_a_declaration_ends_the_cleanup() -> None:
    state = finish_quiet_trick(position(hands=QUIET6))
    for _ in range(6):
        do(state, "pass")
    assert state.phase == "play" and state.to_act == 0


def test_R_S3_a_player_rebuilds_once_per_game() -> None:
    state = finish_quiet_trick(position(hands=QUIET6, decks={0: "6S 7S 8S 9S"}))
    do(state, "rebuild 2S 3S")  # seat 0 discards two cards, then rebuilds
    assert state.rebuilt[0] and len(state.hands[0]) == 3 and state.discards[0] == []
    assert len(state.hands[0] + state.decks[0]) == 11  # A–10 and the Joker: the discards are back in
    pass_declarations(state)
    do(state, "play " + str(min(state.hands[0])), *["deck"] * 5)
    assert state.phase == "rebuild" and 0 not in _asked(state)


def _asked(state: SixSuitState) -> set[int]:
    asked = set()
    while state.phase == "rebuild":
        asked.add(state.to_act)
        do(state, "pass")
    return asked


def test_R_S3_no_hand_and_no_deck_the_rebuild_is_forced() -> None:
    state = position(hands={**QUIET6, 1: "2H"}, decks={1: "-"})  # the rest in its discard pile
    do(state, "play 4S", "play 2H", "play 2X", "play 2L", "play 2C", "play 2D")
    while state.to_act != 1:
        do(state, "pass")
    assert legal(state) == ["rebuild"]
    why = state.explain(parse_action("pass"))
    assert not why.legal and why.rulings == ("R-S3",)
    do(state, "rebuild")
    assert len(state.hands[1]) == 3


def test_R_S22_individual_rebuild_draws_back_to_3() -> None:
    state = position("sixsuit-individual-2", hands={0: "4S 5S 6S", 1: "2H 3H 4H"})
    do(state, "play 6S", "play 2H")
    assert state.phase == "rebuild" and state.to_act == 0
    do(state, "rebuild 4S 5S")
    assert len(state.hands[0]) == 3 and state.rebuilt[0]


# ----- R-S17: the end -----


def test_R_S17_the_game_ends_right_after_the_last_face_cards_trick_without_a_draw() -> None:
    state = position(hands=QUIET6, face="KS", face_pile="-")
    finish_quiet_trick(state)
    assert state.is_over and state.end == "last_face"
    assert [len(h) for h in state.hands] == [2] * 6  # no draw after the last trick
    assert state.legal_actions() == [] and state.to_act is None


def test_R_S17_the_game_ends_after_a_cleanup_when_3_players_are_out() -> None:
    out = {"hands": {**QUIET6, 4: "-", 5: "-", 3: "2L"}, "decks": {3: "-", 4: "-", 5: "-"},
           "discards": {}, "rebuilt": [3, 4, 5]}
    state = position(**out)
    do(state, "play 4S", "play 2H", "play 2X", "play 2L", "pass", "pass")
    pass_declarations(state)
    assert state.is_over and state.end == "players_out"


def test_R_S17_two_players_out_is_not_enough_with_6() -> None:
    state = position(hands={**QUIET6, 4: "-", 5: "-"}, decks={4: "-", 5: "-"}, rebuilt=[4, 5])
    do(state, "play 4S", "play 2H", "play 2X", "play 2L", "pass", "pass")
    pass_declarations(state)
    assert not state.is_over


def test_R_S17_four_players_end_with_2_out() -> None:
    hands = {0: "2S 3S 4S", 1: "2H 3H 4H", 2: "-", 3: "2D"}
    state = position("sixsuit-4", hands=hands, decks={2: "-", 3: "-"}, rebuilt=[2, 3])
    do(state, "play 4S", "play 2H", "pass", "play 2D")
    pass_declarations(state)
    assert state.is_over and state.end == "players_out"


# ----- R-S18, R-S19, R-S20, R-S27, R-S29: scoring and the winner -----


def scored(preset: str = "sixsuit-6", **data: object) -> SixSuitState:
    hands = QUIET6 if preset == "sixsuit-6" else {0: "2S 3S 4S", 1: "2H 3H 4H", 2: "2C 3C 4C", 3: "2D 3D 4D"}
    data.setdefault("hands", hands)
    data.setdefault("removed", NO_JOKERS)
    return position(preset, **data)  # type: ignore[arg-type]


def items_of(state: SixSuitState, seat: int) -> dict[str, int]:
    return dict(zip(("own", "other", "jokers", "ace", "sets_own", "sets_other", "ranks"), state.items()[seat]))


def test_R_S18_every_item_stacks_per_card_sets_and_same_rank() -> None:
    state = scored(captured={0: "KS QS JS KH KX KL KC KD"})
    assert items_of(state, 0) == {"own": 9, "other": 10, "jokers": 0, "ace": 0, "sets_own": 2,
                                  "sets_other": 0, "ranks": 8}
    assert state.result().scores[0] == 29


@pytest.mark.parametrize(("count", "bonus"), [(3, 0), (4, 2), (5, 5), (6, 8)])
def test_R_S18_same_rank_bonus_by_count_not_cumulative(count: int, bonus: int) -> None:
    kings = " ".join(f"Q{s}" for s in "SHXLCD"[:count])
    assert items_of(scored(captured={1: kings}), 1)["ranks"] == bonus


def test_R_S20_jqk_sets_own_colour_2_other_colour_3() -> None:
    state = scored(captured={0: "KH QH JH", 2: "KC QC JC"})
    assert items_of(state, 0)["sets_other"] == 3 and items_of(state, 2)["sets_own"] == 2
    individual = position("sixsuit-individual-2", captured={1: "KD QD JD"}, hands={0: "2S 3S 4S", 1: "2H 3H 4H"})
    assert items_of(individual, 1)["sets_own"] == 2  # Diamond is red, like Heart


def test_R_S29_white_cards_score_nothing_in_the_team_game_unused_jokers_1() -> None:
    state = scored(hands={**QUIET6, 0: "BJ 2S 3S", 4: "W 2C 3C"}, removed="BJ RJ RJ")
    assert items_of(state, 0)["jokers"] == 1 and items_of(state, 4)["jokers"] == 0


def test_unused_jokers_in_the_deck_count_and_the_ace_only_in_hand() -> None:
    state = scored(hands={**QUIET6, 0: "AS 2S 3S"}, removed="RJ RJ BJ", decks={2: "BJ 5X AX"})
    assert items_of(state, 0)["ace"] == 1 and items_of(state, 2) == {
        "own": 0, "other": 0, "jokers": 1, "ace": 0, "sets_own": 0, "sets_other": 0, "ranks": 0}


def test_R_S19_battalion_points_go_to_the_team_only() -> None:
    state = scored(captured={0: "KS"}, battalions=[0, 2])
    result = state.result()
    assert result.totals == {"black": 3.0, "red": 4.0} and result.scores[1] == 0


def test_R_S19_totals_within_1_point_the_higher_second_best_player_wins() -> None:
    # black 6 + 3 + 1 (A in hand) = 10, red 11 (9 + own-colour set) + 0 + 0
    state = scored(hands={**QUIET6, 4: "AC 2C 3C"}, captured={0: "KS QS", 2: "KX", 1: "KH QH JH"})
    result = state.result()
    assert result.totals == {"black": 10.0, "red": 11.0}
    assert result.order == ("black", "red") and result.tie_break == "second"


def test_R_S19_a_difference_of_2_is_decided_by_the_totals() -> None:
    state = scored(captured={0: "KS QS", 2: "KX", 1: "KH QH JH"})
    assert state.result().order == ("red", "black") and state.result().tie_break == "total"


def test_B29_still_tied_the_spade_players_team_wins() -> None:
    state = scored(captured={0: "KS", 1: "KH"})
    assert state.result().order == ("black", "red") and state.result().tie_break == "spade"
    hands = {0: "2H 3H 4H", 1: "2S 3S 4S", 2: "2L 3L 4L", 3: "2X 3X 4X", 4: "2D 3D 4D", 5: "2C 3C 4C"}
    swapped = scored(captured={0: "KH", 1: "KS"}, suits=["H", "S", "L", "X", "D", "C"], hands=hands)
    assert swapped.spade == 1 and swapped.result().order == ("black", "red")


def test_R_S27_four_players_the_second_highest_is_the_lower_teammate() -> None:
    # black: 9 (KS QS JS = 9 ... + set 2 = 11) and 0; red: 6 and 3 → 11 vs 9: differ by 2
    state = scored("sixsuit-4", captured={0: "KS QS", 1: "KH", 3: "KD QD"})
    result = state.result()
    assert result.totals == {"black": 6.0, "red": 9.0} and result.tie_break == "total"
    close = scored("sixsuit-4", captured={0: "KS QS", 2: "JH", 1: "KH QH JD"})
    # black 6 + 2 = 8, red 6 + 2 = 8: the lower teammates 2 and 0
    assert close.result().totals == {"black": 8.0, "red": 8.0}
    assert close.result().order == ("black", "red") and close.result().tie_break == "second"


# ----- R-S21, R-S23: the variants -----


@pytest.mark.parametrize(("players", "suits"), [(2, "SH"), (3, "SHC"), (4, "SHCD"), (5, "SHXCD"), (6, "SHXLCD")])
def test_R_S21_individual_suit_sets(players: int, suits: str) -> None:
    state = new(f"sixsuit-individual-{players}")
    assert "".join(state.suits[s] for s in state.order) == suits
    assert state.suits[state.spade] == "S" and state.to_act == state.spade


def test_R_S21_without_a_spade_the_first_suit_present_takes_the_spade_role() -> None:
    state = new("sixsuit-individual-3", suits=("H", "L", "D"))
    assert state.suits[state.spade] == "H" and state.to_act == state.spade


def test_R_S21_individual_ties_fewer_captures_then_nearest_the_spade_player() -> None:
    base = {"hands": {0: "2S 3S 4S", 1: "2H 3H 4H", 2: "2C 3C 4C"}, "specials": ["BJ", "RJ", "BJ"],
            "removed": "BJ RJ BJ"}
    # seats 0 and 1 score 2 with one card each, seat 2 scores 4: seat 0 is nearer the Spade player
    state = position("sixsuit-individual-3", captured={0: "KH", 1: "KS", 2: "QH JH"}, **base)  # type: ignore[arg-type]
    assert state.result().order == ("P3", "P1", "P2")
    # seat 0: KS QS = 6 with two cards; seat 1: KC QC JD = 6 with three: fewer captures win
    tied = position("sixsuit-individual-3", captured={0: "KS QS", 1: "KC QC JD"}, **base)  # type: ignore[arg-type]
    assert tied.result().order == ("P1", "P2", "P3") and tied.result().tie_break == "captures"


def test_R_S23_secret_teams_are_the_pairs_of_matching_specials() -> None:
    state = position("sixsuit-secret-6", specials=["BJ", "RJ", "W", "BJ", "RJ", "W"])
    assert [state.unit_names()[t] for t in state.team_of] == ["black-pair", "red-pair", "white-pair"] * 2
    assert state.view(0).my_team == "black-pair" and state.view(0).teams == (None,) * 6


def test_R_S23_no_one_point_rule_then_the_lower_member_then_nearest_spade() -> None:
    hands = {0: "2S 3S 4S", 1: "2H 3H 4H", 2: "2X 3X 4X", 3: "2L 3L 4L", 4: "2C 3C 4C", 5: "2D 3D 4D"}
    base = {"specials": ["BJ", "RJ", "W", "BJ", "RJ", "W"], "hands": hands, "removed": "BJ BJ RJ RJ W W"}
    # black (seats 0, 3) 3 against red (1, 4) 2: within 1 point, but the totals decide
    state = position("sixsuit-secret-6", captured={0: "KS", 1: "KC"}, **base)  # type: ignore[arg-type]
    assert state.result().order[0] == "black-pair" and state.result().tie_break == "total"


def test_R_S23_tied_pairs_the_higher_lower_member_wins() -> None:
    hands = {0: "2S 3S 4S", 1: "2H 3H 4H", 2: "2X 3X 4X", 3: "2L 3L 4L", 4: "2C 3C 4C", 5: "2D 3D 4D"}
    state = position("sixsuit-secret-6", specials=["BJ", "RJ", "W", "BJ", "RJ", "W"], hands=hands,
                     removed="BJ BJ RJ RJ W W", captured={0: "KS QS", 1: "KH", 4: "KC"})
    # black: 6 + 0; red: 3 + 3 = 6 → equal totals, red's lower member (3) beats black's (0)
    result = state.result()
    assert result.totals["black-pair"] == result.totals["red-pair"] == 6.0
    assert result.order[0] == "red-pair" and result.tie_break == "lower"


# ----- R-S25, R-S25a: what each seat sees -----


def test_R_S25a_opponents_see_hand_sizes_and_empty_markers_never_exact_counts() -> None:
    state = position(hands=QUIET6, decks={1: "-"}, captured={1: "KS QH"})
    view = state.view(0)
    assert view.hand_sizes == (3,) * 6 and view.deck_empty[1] and not view.deck_empty[0]
    assert view.captured_counts[1] == 2 and view.deck_size == len(state.decks[0])
    assert view.discard_empty[1] is False  # seat 1's leftover cards went to its discard pile
    assert not hasattr(view, "decks") and not hasattr(view, "captured")


def test_R_S25_nobody_sees_captured_cards_not_even_their_own() -> None:
    state = position(hands=QUIET6, captured={0: "QC"}, face="KS")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert "QC" not in repr(view)


def test_R_S25a_the_split_is_never_shown_to_opponents() -> None:
    state = do(new("sixsuit-6-fixed"), "split BJ+BJ+W - -", "split RJ RJ W")
    for seat in (1, 3, 5):
        view = state.view(seat)
        assert all(member % 2 == 1 for member, _ in view.team_split)
    assert state.public_view().team_split == ()


# ----- the whole game -----


def test_a_random_game_ends_and_its_result_follows_the_items() -> None:
    state = new("sixsuit-6", seed=7)
    rng = random.Random(7)
    while not state.is_over:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    result = state.result()
    for unit, seats in result.units:
        bonus = result.battalion_points[("black", "red").index(unit)]
        assert result.totals[unit] == sum(result.scores[s] for s in seats) + bonus


# ----- explanations -----


@pytest.mark.parametrize("text", ["play 9S", "play 2H", "pass", "rebuild", "split BJ BJ W", "play 2S down"])
def test_every_refusal_names_a_rule(text: str) -> None:
    state = position(hands=QUIET6)
    why = state.explain(parse_action(text))
    assert not why.legal and why.rulings, why.text()


def test_every_refusal_in_a_declaration_names_a_rule() -> None:
    state = finish_quiet_trick(position(hands=QUIET6))
    for text in ("play 2S", "deck", "rebuild 9S", "split BJ BJ W"):
        why = state.explain(parse_action(text))
        assert not why.legal and why.rulings, (text, why.text())
    assert state.explain(parse_action("pass")).legal


def test_notation_round_trips() -> None:
    for text in ("play 10X", "play AL down", "deck", "pass", "rebuild", "rebuild 2S 3S", "split BJ+W BJ -",
                 "split BJ+BJ+W - -"):
        assert str(parse_action(text)) == text
