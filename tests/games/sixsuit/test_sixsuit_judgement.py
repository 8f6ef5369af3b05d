"""Judging a trick [B.2.3, B.2.4, B.3]: every special judgement and its precedence, named after
the ruling it checks. Seats 0–5 sit S H X L C D: teams black (0, 2, 4) and red (1, 3, 5)."""

from __future__ import annotations

from familia_tui.core.cards import SIX_SUITS, Card
from familia_tui.games.sixsuit.judge import Judgement, judge_individual, judge_team

TEAMS6 = (0, 1, 0, 1, 0, 1)
TEAMS4 = (0, 1, 0, 1)


def trick(text: str, first: int = 0, n: int = 6) -> list[tuple[int, Card | None, bool]]:
    """`7S 8H- pass W` from seat `first`: `-` after a card plays it face down."""
    plays: list[tuple[int, Card | None, bool]] = []
    for i, word in enumerate(text.split()):
        seat = (first + i) % n
        if word == "pass":
            plays.append((seat, None, False))
        else:
            plays.append((seat, SIX_SUITS.parse_card(word.rstrip("-")), not word.endswith("-")))
    return plays


def team(text: str, first: int = 0, size: int | None = 3, teams: tuple[int, ...] = TEAMS6) -> Judgement:
    return judge_team(trick(text, first, len(teams)), teams, size)


def test_B23_strongest_face_up_card_wins_and_equal_strength_goes_to_the_first() -> None:
    assert team("5S 9H 7X 9L 3C 4D") == Judgement(1, "strongest", ())
    assert team("AS 10H JK 3L 4C 5D".replace("JK", "BJ")).winner == 2


def test_R_S9_same_two_worked_example_A_10_2_the_2_wins() -> None:
    verdict = judge_team(trick("AS 10H 2X"), TEAMS6, 3)
    assert verdict == Judgement(2, "same_two", ())


def test_R_S9_same_two_needs_a_face_up_ace_and_the_joker_still_beats_the_2() -> None:
    assert team("10S 2H 9X").winner == 0  # no A: the 2 is the weakest number
    assert team("AS 2H RJ").winner == 2
    assert team("AS- 2H 9X").winner == 2  # the A is face down: no Same Two [R-S11]


def test_R_S9_several_2s_under_same_two_the_earliest_wins() -> None:
    assert team("AS 2H 2X").winner == 1


def test_R_S10_white_punisher_the_first_white_wins() -> None:
    assert team("BJ 9H W 10L").winner == 2
    assert team("W RJ W 10L") == Judgement(0, "white_punisher", ())


def test_R_S10_white_punisher_needs_a_face_up_joker_and_white() -> None:
    assert team("BJ- 9H W 10L").winner == 3  # the Joker is face down: the white is the weakest
    assert team("9S W 10X").winner == 2


def test_R_S11_face_down_cards_and_passes_are_out_of_the_judgement() -> None:
    assert team("2S 10H- pass AL- 3C 4D").winner == 5
    assert team("5S 5H- 5X 5L- 5C 4D").kind == "battalion"
    assert team("5S 5H 5X- 5L 5C 4D").kind == "strongest"  # one black 5 is face down


def test_R_S7_battalion_the_teams_2nd_player_wins_and_beats_jokers_and_whites() -> None:
    verdict = team("5S RJ 5X W 5C 9D")
    assert verdict == Judgement(2, "battalion", (0,))
    assert team("9S 7H 9X 7L 9C 7D", first=0).winner == 2


def test_R_S7_jokers_are_not_wild_for_a_battalion() -> None:
    assert team("5S 9H 5X 9L BJ 9D").kind == "battalion"  # red 9s
    assert team("5S 9H 5X 9L BJ 8D").kind == "strongest"


def test_R_S7_the_2nd_player_is_second_in_this_tricks_play_order() -> None:
    # led by seat 4 (Club): black plays C, S, X in that order: the 2nd is seat 0 (Spade)
    assert team("6C 2D 6S 3H 6X 4L", first=4).winner == 0


def test_R_S8_two_battalions_the_stronger_number_wins_both_score() -> None:
    assert team("7S 9H 7X 9L 7C 9D") == Judgement(3, "battalion", (0, 1))


def test_R_S8_battalions_of_aces_and_2s_the_2s_win_by_same_two() -> None:
    assert team("AS 2H AX 2L AC 2D").winner == 3


def test_R_S8_equal_battalions_the_team_of_the_first_player_takes_it() -> None:
    assert team("8H 8S 8L 8X 8D 8C", first=1).winner == 3  # red led: red's 2nd card (Leaf)
    assert team("8S 8H 8X 8L 8C 8D").winner == 2


def test_R_S6_four_players_no_battalion_by_default() -> None:
    assert team("5S 5H 5C 9D", size=None, teams=TEAMS4).kind == "strongest"


def test_R_S6_four_player_option_both_teammates_the_later_wins() -> None:
    assert team("5S BJ 5C 9D", size=2, teams=TEAMS4) == Judgement(2, "battalion", (0,))


def test_precedence_battalion_over_white_punisher_over_strength() -> None:
    assert team("5S RJ 5X W 5C 9D").kind == "battalion"
    assert team("5S RJ 6X W 5C 9D").kind == "white_punisher"


def test_B3_individual_the_last_joker_or_white_wins() -> None:
    plays = trick("BJ 9H W 10L")
    assert judge_individual(plays) == Judgement(2, "last_joker", ())
    assert judge_individual(trick("AS 10H 2X")).winner == 2  # Same Two applies
    assert judge_individual(trick("5S 5H 5X 5L 9C")).winner == 4  # no battalion
    assert judge_individual(trick("W- 3H")).winner == 1
