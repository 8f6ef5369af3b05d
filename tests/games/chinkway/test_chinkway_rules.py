"""Chinkway's rules, each test named after the ruling (rules digest Part B) it checks."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from familia_tui.core.cards import parse_card, parse_cards
from familia_tui.core.engine import IllegalAction, Seat
from familia_tui.core.presets import find_preset
from familia_tui.games.chinkway.actions import PLAY, Discard, Play, Take, Trump, parse_action
from familia_tui.games.chinkway.game import GAME, default_seats
from familia_tui.games.chinkway.options import ChinkwayOptions
from familia_tui.games.chinkway.quest import (
    CATEGORIES,
    TRIANGLE,
    category,
    quest_counts,
    quest_pack,
    reseat_positions,
    sides_of,
    standings,
)
from familia_tui.games.chinkway.rules import ChinkwayState, Phase
from familia_tui.games.chinkway.view import ChinkwayResult

PRESETS = ("chinkway-11", "chinkway-10-reseat", "chinkway-10")


def options(preset: str = "chinkway-11") -> ChinkwayOptions:
    found = find_preset("chinkway", preset).options
    assert isinstance(found, ChinkwayOptions)
    return found


def new(preset: str = "chinkway-11", seed: int = 1, **kwargs: object) -> ChinkwayState:
    opts = options(preset)
    return ChinkwayState(opts, default_seats(opts), seed, **kwargs)  # type: ignore[arg-type]


def play_out(state: ChinkwayState, seed: int = 0) -> list[str]:
    rng, actions = random.Random(seed), []
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(str(action))
        state.apply(action)
    return actions


# ----- B1, CW-1, CW-10: the packs and the categories -----


def test_B1_quest_pack_is_52_less_two_pictures_ten_of_each_category() -> None:
    pack = quest_pack(parse_cards("JS KD"))
    assert len(pack) == 50
    assert Counter(category(c) for c in pack) == dict.fromkeys(CATEGORIES, 10)
    with pytest.raises(ValueError):
        quest_pack(parse_cards("AS KD"))


def test_CW_1_CW_10_categories_an_ace_is_a_suit_card_pictures_any_suit() -> None:
    assert [category(parse_card(c)) for c in ("AS", "10H", "2D", "AC", "JS", "QH", "KD")] == \
        ["S", "H", "D", "C", "P", "P", "P"]


def test_CW_1_pagat_example_quest() -> None:
    assert quest_counts(parse_cards("7S 9H 3H JC KH")) == (1, 2, 0, 0, 2)


def test_CW_3_text_example_reconstructed() -> None:
    """"A, 8, 5, K, 10 → 1 picture, 2 spades, 1 heart, 1 club", with the suits put back."""
    assert quest_counts(parse_cards("AS 8H 5S KD 10C")) == (2, 1, 0, 1, 1)


def test_B1_exactly_five_players() -> None:
    with pytest.raises(ValueError, match="exactly 5"):
        ChinkwayState(options(), [Seat(name=f"P{i}") for i in range(4)], 1)


# ----- B2: the dealer, the partnerships -----


@pytest.mark.parametrize("first", range(5))
def test_B2_schedule_over_ten_deals_each_deals_twice_and_partners_everyone_twice(first: int) -> None:
    state = ChinkwayState(options("chinkway-10"), default_seats(options("chinkway-10")), 3, first_dealer=first)
    play_out(state)
    dealers = Counter(record.dealer for record in state.history)
    pairs: Counter[frozenset[int]] = Counter()
    for record in state.history:
        assert len(record.sides[0]) == 1 and record.sides[0][0] == record.dealer
        pairs.update(frozenset(side) for side in record.sides[1:])
    assert [record.dealer for record in state.history] == [(first + i) % 5 for i in range(10)]
    assert dealers == dict.fromkeys(range(5), 2)
    assert pairs == {frozenset(pair): 2 for pair in combinations(range(5), 2)}


def test_B2_pattern_by_positions() -> None:
    positions = (0, 1, 2, 3, 4)
    assert sides_of(1, positions) == sides_of(5, positions) == ((0,), (1, 2), (3, 4))
    assert sides_of(6, positions) == sides_of(11, positions) == ((0,), (1, 3), (2, 4))


# ----- B3, CW-7, CW-11: the deal, the discard, trumps, the quest -----


def test_B3_dealer_holds_12_then_discards_2_and_the_others_10() -> None:
    state = new()
    assert [len(h) for h in state.hands] == [12 if s == state.dealer else 10 for s in range(5)]
    assert len(state.legal_actions()) == 66  # every pair of the 12 cards
    state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [10] * 5


def test_CW_7_discards_are_out_of_play_and_seen_by_the_dealer_alone() -> None:
    state = new(seed=4)
    dealer = state.dealer
    action = state.legal_actions()[5]
    assert isinstance(action, Discard)
    state.apply(action)
    assert state.view(dealer).discards == action.cards
    assert all(state.view(s).discards == () for s in range(5) if s != dealer)
    assert state.public_view().discards == ()
    play_out(state)
    for record in state.history[:1]:
        assert not set(action.cards) & {c for side in record.collected for c in side}


def test_CW_11_trumps_are_named_before_the_quest_is_turned() -> None:
    state = new(seed=2)
    assert state.phase is Phase.DISCARD and state.quest == () and state.public_view().quest == ()
    state.apply(state.legal_actions()[0])
    assert state.phase is Phase.TRUMP and state.quest == ()
    assert [str(a) for a in state.legal_actions()] == ["trump S", "trump H", "trump D", "trump C", "trump NT"]
    state.apply(parse_action("trump NT"))
    assert len(state.quest) == 5 and state.view(0).trump == "NT" and state.trump is None


def test_CW_9_quest_pack_drawn_on_then_reshuffled_before_deal_11() -> None:
    state = new("chinkway-11", seed=5)
    play_out(state)
    quests = [record.quest for record in state.history]
    first_ten = [card for quest in quests[:10] for card in quest]
    assert len(first_ten) == len(set(first_ten)) == 50  # every card of the pack once
    assert sorted(first_ten) == sorted(quest_pack(state.removed))
    assert set(quests[10]) <= set(first_ten) and state.reshuffles == 1


@pytest.mark.parametrize("preset", ["chinkway-10", "chinkway-10-reseat"])
def test_CW_9_ten_deals_use_the_pack_once_without_reshuffle(preset: str) -> None:
    state = new(preset, seed=6)
    play_out(state)
    assert state.reshuffles == 0 and len({c for r in state.history for c in r.quest}) == 50


# ----- B5, CW-2, CW-12: tricks -----


def test_CW_12_the_dealers_left_leads_the_first_trick() -> None:
    state = new(seed=7)
    state.apply(state.legal_actions()[0])
    state.apply(parse_action("trump S"))
    assert state.to_act == state.positions[1] == state.ring.next(state.dealer)


def test_CW_2_counting_legal_plays_at_the_opening_lead_and_after() -> None:
    deal = {0: parse_cards("5S 4S 3S 2S 4H 3H 2H 4D 3D 2D 4C 3C"),
            1: parse_cards("AH KH QH JH 10H 9H 8H 7H 6H 5H"),
            2: parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 2C"),
            3: parse_cards("AD KD QD JD 10D 9D 8D 7D 6D 5D"),
            4: parse_cards("AC KC QC JC 10C 9C 8C 7C 6C 5C")}
    from familia_tui.games.chinkway.rules import StackedHands

    state = new(seed=0, stacked=[StackedHands(tuple((s, tuple(c)) for s, c in deal.items()))], first_dealer=0)
    assert len(state.legal_actions()) == 66
    state.apply(parse_action("discard 2S 2H"))
    assert len(state.legal_actions()) == 5
    state.apply(parse_action("trump C"))
    assert len(state.legal_actions()) == 10  # any card leads
    state.apply(parse_action("play KH"))
    assert len(state.legal_actions()) == 10  # void: any card, trump 2C included, no duty to trump
    with pytest.raises(IllegalAction) as refused:
        state.apply(PLAY[parse_card("AH")])
    assert refused.value.explanation is not None and refused.value.explanation.rulings == ("B5",)
    state.apply(parse_action("play 6S"))
    state.apply(parse_action("play 5D"))
    state.apply(parse_action("play 5C"))
    assert [str(a) for a in state.legal_actions()] == ["play 3H", "play 4H"]
    explanation = state.explain(parse_action("play 5S"))
    assert not explanation.legal and explanation.rulings == ("CW-2",)
    assert set(explanation.allowed or ()) == {"3H", "4H"}


# ----- B6, CW-6: the quest pick -----


def test_CW_6_collections_never_exceed_the_quest_and_partners_share_them() -> None:
    for seed in range(6):
        state = new("chinkway-11", seed=seed)
        play_out(state, seed)
        for record in state.history:
            need = quest_counts(record.quest)
            for cards in record.collected:
                assert all(got <= want for got, want in zip(quest_counts(cards), need, strict=True))


def test_CW_6_a_pick_is_offered_only_among_two_or_more_eligible_categories() -> None:
    seen = 0
    for seed in range(10):
        state = new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase is Phase.PICK:
                seen += 1
                assert len(legal) >= 2 and all(isinstance(a, Take) for a in legal)
                trick = {category(c) for _, c in state.last_trick}
                assert {a.category for a in legal} <= trick
                assert state.to_act == state.last_winner
            state.apply(legal[rng.randrange(len(legal))])
    assert seen > 0


# ----- B7: scoring -----


@pytest.mark.parametrize("preset", PRESETS)
def test_B7_triangular_scores_each_partner_scores_in_full(preset: str) -> None:
    state = new(preset, seed=11)
    play_out(state, 11)
    for record in state.history:
        for side, cards in zip(record.sides, record.collected, strict=True):
            for seat in side:
                assert record.scores[seat] == TRIANGLE[len(cards)]
    assert list(state.totals) == [sum(r.scores[s] for r in state.history) for s in range(5)]


def test_B7_table() -> None:
    assert TRIANGLE == (0, 1, 3, 6, 10, 15)


# ----- B8, CW-4, CW-5a, CW-8: the game -----


@pytest.mark.parametrize(("preset", "deals", "reseat"), [("chinkway-11", 11, True), ("chinkway-10-reseat", 10, True),
                                                          ("chinkway-10", 10, False)])
def test_CW_5a_game_lengths(preset: str, deals: int, reseat: bool) -> None:
    state = new(preset, seed=8)
    play_out(state, 8)
    assert len(state.history) == deals == state.result().deals_played
    assert [r.reseated for r in state.history] == [False] * (deals - 1) + [reseat]


@pytest.mark.parametrize("preset", ["chinkway-11", "chinkway-10-reseat"])
def test_CW_4_last_deal_is_reseated_by_the_standings_before_it(preset: str) -> None:
    for seed in range(5):
        state = new(preset, seed=seed)
        rng = random.Random(seed)
        while state.deal_number < state.deals_total:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        ranked = standings(state.totals, state.rows, state.history[-1].dealer)
        assert state.positions == reseat_positions(ranked)
        assert state.dealer == ranked[2]
        assert state.sides == ((ranked[2],), (ranked[0], ranked[3]), (ranked[1], ranked[4]))


def test_CW_8_standings_latest_deal_first_then_seat_order_from_the_last_dealer() -> None:
    rows = [(10, 20, 0, 0, 0), (10, 0, 5, 5, 0)]
    assert standings([20, 20, 5, 5, 0], rows, last_dealer=3) == [0, 1, 3, 2, 4]
    assert standings([20, 20, 5, 5, 0], rows, last_dealer=1) == [0, 1, 2, 3, 4]
    # the earlier deal decides when the latest is level
    assert standings([3, 3, 0, 0, 0], [(3, 0, 0, 0, 0), (0, 3, 0, 0, 0), (0, 0, 0, 0, 0)], 0)[:2] == [1, 0]


def test_CW_8_winner_ties_broken_by_latest_deals_else_the_win_is_shared() -> None:
    units = tuple((f"P{i + 1}", (i,)) for i in range(5))
    shared = ChinkwayResult(units, ((6, 6, 1, 0, 0), (3, 3, 0, 1, 0)), True, 0)
    assert shared.ranking() == [("P1", 1), ("P2", 1), ("P4", 3), ("P3", 4), ("P5", 5)]
    broken = ChinkwayResult(units, ((6, 3, 0, 0, 0), (3, 6, 0, 0, 0)), True, 0)
    assert broken.ranking()[:2] == [("P2", 1), ("P1", 2)]


def test_CW_8_players_level_in_every_deal_share_a_rank() -> None:
    units = tuple((f"P{i + 1}", (i,)) for i in range(5))
    result = ChinkwayResult(units, ((6, 6, 1, 1, 0),), True, 4)
    assert dict(result.ranking()) == {"P1": 1, "P2": 1, "P3": 3, "P4": 3, "P5": 5}


def test_CW_5a_eleven_deals_need_the_reseat() -> None:
    with pytest.raises(ValueError, match="final_reseat"):
        ChinkwayOptions(deals=11, final_reseat=False)


# ----- notation -----


def test_actions_round_trip_through_their_notation() -> None:
    state = new(seed=9)
    seen: set[type] = set()
    while not state.is_over:
        for action in state.legal_actions():
            assert parse_action(str(action)) == action
            seen.add(type(action))
        legal = state.legal_actions()
        state.apply(legal[len(legal) // 2])
    assert seen == {Discard, Trump, Play, Take}


def test_GAME_spec_replays_a_game_from_its_actions() -> None:
    opts = options()
    state = GAME.new_game(opts, default_seats(opts), seed=21)
    actions = play_out(state, 21)
    again = GAME.new_game(opts, default_seats(opts), seed=21)
    for text in actions:
        again.apply(GAME.parse_action(text))
    assert again.rows == state.rows and again.result().ranking() == state.result().ranking()
    assert isinstance(parse_action("play 10h"), Play)


def test_a_finished_deal_is_shown_from_its_record_with_its_last_trick_and_no_private_card() -> None:
    """The table holds a deal's last trick from `ChinkwayView.of_deal(record)`: the record's
    dealer, sides, trumps, quest, collections, what each side still lacked, tricks and last trick;
    no hand and no discard of the new deal [CW-7]."""
    state = new(seed=5)
    rng = random.Random(5)
    while not state.history:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    record = state.history[0]
    assert sum(record.tricks_won) == 10 and len(record.last_trick) == 5
    assert record.tricks_won[record.last_winner] >= 1 and len({s for s, _ in record.last_trick}) == 5
    dealer_view = state.view(state.dealer).of_deal(record)  # the new deal's dealer, discards pending
    assert (dealer_view.deal, dealer_view.dealer, dealer_view.trump) == (1, record.dealer, record.trump)
    assert dealer_view.hand == () and dealer_view.discards == () and dealer_view.to_act is None
    assert dealer_view.last_trick == record.last_trick and dealer_view.last_winner == record.last_winner
    for side, cards in enumerate(record.collected):
        assert dealer_view.needs[side] == tuple(q - n for q, n in zip(quest_counts(record.quest),
                                                                      quest_counts(cards), strict=True))
    assert dealer_view.tricks_won == record.tricks_won and dealer_view.collected == record.collected
