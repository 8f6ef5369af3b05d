"""Familia scoring and ranking: rules digest A.10, A.11 and rulings R-F18 … R-F25.

Each test is named after the rule or ruling it checks. Hands are written in the card notation
(`KS` = K♠, `JK` = Joker); the digest's text examples come first.
"""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest

from familia_tui.core.cards import JOKER, SUITS, Card, face_cards, parse_cards
from familia_tui.games.familia import scoring
from familia_tui.games.familia.scoring import PlayerScore, rank_units, score_player


def score(hand: str, role: str = "M", **options: object) -> PlayerScore:
    return score_player(parse_cards(hand), role, **options)


def sheet(result: PlayerScore) -> list[tuple[str, str, int]]:
    """(kind, cards, scored) per entry, for compact assertions on the order and the zeroing."""
    return [(e.kind, " ".join(map(str, e.cards)), e.scored) for e in result.entries]


# A.10.3 text examples


def test_A_10_3_text_example_lone_joker_scores_2() -> None:
    result = score("JK")
    assert result.total == 2
    assert result.zero_sum_bonus == 2
    assert result.misere_bonus == 0
    assert result.forced


def test_A_10_3_text_example_male_k_q_j_of_three_suits_scores_6() -> None:
    result = score("KS QH JD")
    assert result.total == 6
    assert result.zero_sum_bonus == 6


def test_zero_sum_text_example_male_k_j_joker_q_q_scores_10() -> None:
    # Singles Q Q K J; the Joker zeroes the first Q: 0 − 4 + 3 + 1 + 0 = 0, 5 singles → 10.
    result = score("KS JH JK QD QC")
    assert result.total == 10
    assert result.zero_sum_bonus == 10


def test_A_10_3_text_example_female_q_j_scores_4() -> None:
    assert score("QS JH", "F").total == 4


def test_A_10_3_text_example_female_k_with_three_queens_scores_8() -> None:
    # K♠ shares no suit with a Q, so no Marriage: −6 + 2 + 2 + 2 = 0, 4 singles → 8.
    result = score("KS QH QD QC", "F")
    assert result.total == 8
    assert all(e.kind == "single" for e in result.entries)


# Joker zeroing [R-F18] … [R-F20]


def test_R_F18_joker_zeroes_male_queen_single_first() -> None:
    result = score("KH QS JK")
    assert sheet(result) == [("single", "QS", 0), ("single", "KH", 3), ("joker", "JK", 0)]
    assert result.total == 3


def test_R_F18_female_forced_single_order_k_j_q() -> None:
    # Order K(−6), J(−2), Q(+2): two Jokers zero the K and the J; singles 0 + 0 + 2 + 0 + 0 = 2.
    result = score("QS JH KD JK JK", "F")
    assert sheet(result) == [
        ("single", "KD", 0),
        ("single", "JH", 0),
        ("single", "QS", 2),
        ("joker", "JK", 0),
        ("joker", "JK", 0),
    ]
    assert result.total == 2


def test_R_F18_joker_zeroes_melds_before_singles() -> None:
    # Family♠ 15 (zeroed), Marriage♥ 10, single Q♦ −4; singles Q♦ + Joker = −4: no bonus.
    result = score("KS QS JS KH QH QD JK")
    assert sheet(result)[:3] == [
        ("family", "KS QS JS", 0),
        ("marriage", "KH QH", 10),
        ("single", "QD", -4),
    ]
    assert result.total == 6


def test_R_F19_marriage_plus_joker_scores_2() -> None:
    result = score("KS QS JK")
    assert sheet(result) == [("marriage", "KS QS", 0), ("joker", "JK", 0)]
    assert result.total == 2


def test_R_F19_zeroed_singles_still_count_for_zero_sum() -> None:
    # Singles Q♠ Q♥ K♦ J♣: the Joker zeroes Q♠ → 0 − 4 + 3 + 1 = 0; five singles (the zeroed
    # Q♠ and the Joker count) → bonus 10.
    result = score("QS QH KD JC JK")
    assert [e.zeroed for e in result.entries] == [True, False, False, False, False]
    assert result.zero_sum_bonus == 10
    assert result.total == 10


def test_R_F19_zeroed_melds_do_not_become_singles() -> None:
    # Family zeroed; singles are only the Joker → bonus 2 (three singles would give 6).
    result = score("KS QS JS JK")
    assert result.zero_sum_bonus == 2
    assert result.total == 2


def test_R_F20_more_jokers_than_entries_zero_nothing_more() -> None:
    # The Marriage is the only entry; all three Jokers are 0-point singles → bonus 6.
    result = score("KS QS JK JK JK")
    assert [e.zeroed for e in result.entries] == [True, False, False, False]
    assert result.zero_sum_bonus == 6
    assert result.total == 6


def test_R_F20_jokers_zero_every_entry_and_still_count_as_singles() -> None:
    result = score("KS JH JK JK JK")
    assert all(e.scored == 0 for e in result.entries)
    assert result.total == 10  # 5 singles (K, J and three Jokers) adding up to 0


# Free arrangement without Jokers [R-F21]


def test_R_F21_best_partition_beats_greedy_familia_first() -> None:
    # Greedy (Familia > Family): Familia of Ks 20 + Q♠ −4 + J♠ +1 = 17.
    # Best: Family K♠Q♠J♠ 15 + K♥ K♦ K♣ 3 × 3 = 24 (the digest's 17 vs 24).
    result = score("KS KH KD KC QS JS")
    assert result.total == 24
    assert [e.kind for e in result.entries] == ["family", "single", "single", "single"]
    assert not result.forced
    # The same cards with a Joker are forced into the greedy shape: Familia (zeroed), Q −4, J +1.
    assert score("KS KH KD KC QS JS JK").total == -3


def test_R_F21_breaking_a_marriage_for_zero_sum_beats_greedy() -> None:
    # Greedy: Marriage♠ 10 + Marriage♥ 10 + singles K♦ +3, Q♣ −4, J♦ +1, J♣ +1 = 21 (sum 1).
    # Best: break Marriage♥: 10 + singles 3 + 3 − 4 − 4 + 1 + 1 = 0 → bonus 2 × 6 = 12 → 22.
    # (Breaking both: sum −1, no bonus → −1.)
    result = score("KS QS KH QH KD QC JD JC")
    assert result.total == 22
    assert result.zero_sum_bonus == 12
    assert [e.kind for e in result.entries].count("marriage") == 1


def test_R_F21_keeps_the_meld_when_zero_sum_is_worth_less() -> None:
    # Marriage 10 + J 1 = 11 beats the zero-sum singles K, Q, J = 6.
    result = score("KS QS JH")
    assert result.total == 11
    assert result.zero_sum_bonus == 0


def test_R_F21_female_prefers_familia_of_kings() -> None:
    # Four Ks as singles would cost 24; the Familia scores 20.
    assert score("KS KH KD KC", "F").total == 20


def test_R_F21_female_marriage_leaves_zero_sum_singles() -> None:
    # Marriage K♥Q♥ 10 + singles Q♠ +2, J♦ −2 = 0 → bonus 4 → 14 (all singles: −4).
    result = score("KH QH QS JD", "F")
    assert result.total == 14
    assert sheet(result)[0] == ("marriage", "KH QH", 10)


def test_R_F21_equal_scores_prefer_larger_melds() -> None:
    # K and Q of all four suits: two Familias (K, Q) or four Marriages, 40 either way.
    result = score("KS QS KH QH KD QD KC QC")
    assert result.total == 40
    assert [e.kind for e in result.entries] == ["familia", "familia"]


# Familia needs one card of each suit [R-F22]


def test_R_F22_four_kings_of_three_suits_is_not_a_familia() -> None:
    result = score("KS KS KH KD")
    assert all(e.kind == "single" for e in result.entries)
    assert result.total == 12
    # With a Joker the first K single is zeroed instead of a Familia.
    assert score("KS KS KH KD JK").total == 9


def test_R_F22_familia_with_two_decks() -> None:
    result = score("KS KH KD KC KS")
    assert sheet(result) == [("familia", "KS KH KD KC", 20), ("single", "KS", 3)]
    assert result.total == 23
    assert score(" ".join(["KS KH KD KC"] * 2)).total == 40


def test_R_F22_forced_familia_takes_as_many_as_possible() -> None:
    result = score("QS QH QD QC QS QH QD QC JK")
    assert [e.kind for e in result.entries] == ["familia", "familia", "joker"]
    assert result.total == 20 + 2


# Royal option (A.10.1)


def test_A_10_1_royal_family_in_crest_suit_scores_30() -> None:
    assert sheet(score("KH QH JH", royal=True, crest="H")) == [("royal_family", "KH QH JH", 30)]


def test_A_10_1_royal_marriage_in_crest_suit_scores_20() -> None:
    result = score("KH QH", royal=True, crest="H")
    assert sheet(result) == [("royal_marriage", "KH QH", 20)]


def test_A_10_1_family_off_the_crest_suit_stays_plain() -> None:
    result = score("KH QH JH KS QS JS", royal=True, crest="H")
    assert [e.kind for e in result.entries] == ["royal_family", "family"]
    assert result.total == 45


def test_A_10_1_crest_is_ignored_without_the_royal_option() -> None:
    assert sheet(score("KH QH JH", crest="H")) == [("family", "KH QH JH", 15)]


def test_A_10_1_royal_melds_with_two_decks_fill_the_crest_suit_first() -> None:
    # Crest ♠ with K♠ Q♠ J♠ K♠ Q♠: Royal Family 30 + Royal Marriage 20 = 50.
    result = score("KS QS JS KS QS", royal=True, crest="S")
    assert [e.kind for e in result.entries] == ["royal_family", "royal_marriage"]
    assert result.total == 50


def test_A_10_4_forced_royal_marriage_comes_before_familia() -> None:
    # Crest ♠: the Royal Marriage takes K♠, so no Familia; the Joker zeroes the Royal Marriage.
    result = score("KS QS KH KD KC JK", royal=True, crest="S")
    assert [e.kind for e in result.entries] == [
        "royal_marriage", "single", "single", "single", "joker",
    ]
    assert result.total == 9


# Misère [R-F24] and the tie-break values


def test_R_F24_misere_only_when_nothing_was_captured() -> None:
    assert score("").total == 6
    assert score("", "F", misere_bonus=18).misere_bonus == 18
    assert score("", misere_bonus=54).total == 54
    assert score("JK").misere_bonus == 0  # a captured face Joker forfeits the misère


def test_A_11_face_count_and_points_include_jokers() -> None:
    result = score("KS QH JD JK")
    assert (result.face_count, result.face_points) == (4, 6)


def test_totals_add_up_and_keep_every_card() -> None:
    result = score("KS QS JS KH QD JK JK", "F", royal=True, crest="S")
    assert result.total == sum(e.scored for e in result.entries) + result.zero_sum_bonus
    assert Counter(c for e in result.entries for c in e.cards) == Counter(result.captured)


def test_invalid_role_and_card_are_rejected() -> None:
    with pytest.raises(ValueError, match="role"):
        score("KS", "X")
    with pytest.raises(ValueError, match="face cards"):
        score("AS")
    with pytest.raises(ValueError, match="crest"):
        score("KS", royal=True, crest="Z")


# Ranking (A.11) [R-F25]


def test_A_11_ranking_text_example_misere_beats_zero_sum_beats_marriage() -> None:
    players = {"A": score("KS QS QH"), "B": score("KS QH JD"), "C": score("")}
    assert [p.total for p in players.values()] == [6, 6, 6]
    units = [
        (name, (seat,), p.total, p.face_count, p.face_points)
        for seat, (name, p) in enumerate(players.items())
    ]
    standings = rank_units(units)
    assert [(s.unit, s.rank, s.face_count, s.face_points) for s in standings] == [
        ("C", 1, 0, 0),
        ("B", 2, 3, 6),
        ("A", 3, 3, 7),
    ]


def test_A_11_equal_units_share_the_rank() -> None:
    standings = rank_units([
        ("P1", (0,), 5, 2, 4),
        ("P2", (1,), 9, 3, 6),
        ("P3", (2,), 5, 2, 4),
        ("P4", (3,), 1, 0, 0),
    ])
    assert [(s.unit, s.rank) for s in standings] == [("P2", 1), ("P1", 2), ("P3", 2), ("P4", 4)]


def test_A_11_higher_total_ranks_first_whatever_the_cards() -> None:
    standings = rank_units([("A", (0,), 3, 0, 0), ("B", (1,), 4, 9, 20)])
    assert [s.unit for s in standings] == ["B", "A"]


def test_R_F25_team_tie_breaks_use_summed_face_counts_then_points() -> None:
    # Team totals tie at 12; A holds 5 cards in all, B 4 → B first. C also 4 cards, more points.
    standings = rank_units([
        ("A", (0, 2), 12, 5, 8),
        ("B", (1, 3), 12, 4, 9),
        ("C", (4, 5), 12, 4, 10),
    ])
    assert [(s.unit, s.seats, s.rank) for s in standings] == [
        ("B", (1, 3), 1),
        ("C", (4, 5), 2),
        ("A", (0, 2), 3),
    ]


# Brute-force cross-check of the free arrangement [R-F21]


def _meld_shapes(royal_suit: str | None) -> list[tuple[int, Counter[Card]]]:
    shapes = []
    for suit in SUITS:
        bonus = 2 if suit == royal_suit else 1
        shapes.append((15 * bonus, Counter(Card(r, suit) for r in (13, 12, 11))))
        shapes.append((10 * bonus, Counter(Card(r, suit) for r in (13, 12))))
    for rank in (13, 12, 11):
        shapes.append((20, Counter(Card(rank, suit) for suit in SUITS)))
    return shapes


def _brute_best(cards: list[Card], role: str, royal_suit: str | None) -> int:
    """Try every partition into melds and singles; the best total."""
    values = {"M": {13: 3, 12: -4, 11: 1}, "F": {13: -6, 12: 2, 11: -2}}[role]
    shapes = _meld_shapes(royal_suit)

    def search(left: Counter[Card], singles: list[int]) -> int:
        if not left:
            bonus = 2 * len(singles) if singles and sum(singles) == 0 else 0
            return sum(singles) + bonus
        card = min(left)
        rest = left - Counter([card])
        best = search(rest, [*singles, values[card.rank]])
        for points, shape in shapes:
            if shape[card] and not shape - left:
                best = max(best, points + search(left - shape, singles))
        return best

    return search(Counter(cards), []) + (0 if cards else 6)


def test_R_F21_matches_exhaustive_partition_search_on_random_hands() -> None:
    rng = random.Random(20240521)
    pool = face_cards(2)
    for _ in range(400):
        hand = rng.sample(pool, rng.randint(0, 10))
        role = rng.choice("MF")
        crest = rng.choice([None, *SUITS])
        result = score_player(hand, role, royal=crest is not None, crest=crest)
        assert result.total == _brute_best(hand, role, crest), (hand, role, crest)
        assert Counter(c for e in result.entries for c in e.cards) == Counter(hand)


def test_R_F21_handles_three_full_face_sets() -> None:
    # 36 cards: 3 Familias per rank are possible; the best is still found and every card kept.
    hand = face_cards(3)
    result = score_player(hand, "M", royal=True, crest="S")
    assert Counter(c for e in result.entries for c in e.cards) == Counter(hand)
    assert result.total == sum(e.scored for e in result.entries) + result.zero_sum_bonus
    # Melds score 5 points a card (Familia 20/4, Family 15/3, Marriage 10/2), Royal Family 10;
    # a single at most 3. So the best uses all 36 cards in 12 Families, the three ♠ ones royal:
    # 9 × 15 + 3 × 30 = 225.
    assert [e.kind for e in result.entries].count("royal_family") == 3
    assert result.total == 225


def test_module_doctests() -> None:
    assert doctest.testmod(scoring).failed == 0


def test_joker_entries_are_listed_last() -> None:
    result = score("JK KS QS JK")
    assert [e.cards for e in result.entries][-2:] == [(JOKER,), (JOKER,)]


@pytest.mark.parametrize(("role", "crest", "message"), [
    ("X", None, "role must be 'M' (male) or 'F' (female), not 'X'"),
    ("F", "Z", "crest must be one of S, H, D, C, not 'Z'"),
])
def test_a_bad_role_or_crest_is_refused_clearly(role: str, crest: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        score_player(parse_cards("KS"), role, crest=crest)
    assert str(error.value) == message
