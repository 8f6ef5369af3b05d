"""Familia flows through `FamiliaState`: piles, stock and trump tricks, draws, voids, views, deals,
face-set modes, the 2-player game, clones, determinism and explanations (rules digest A.4–A.9).

Deals are stacked (`helpers.stacked`) or written as positions (`helpers.position`); each test is
named after the rule or ruling it checks.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from helpers import (
    card,
    finish_deal,
    legal,
    options,
    play,
    play_first_legal,
    position,
    stacked,
)

from familia_tui.core.cards import COLOURS, JOKER, Card, face_cards
from familia_tui.core.engine import IllegalAction
from familia_tui.core.table import INLINE_FIELDS
from familia_tui.games.familia import trick as tr
from familia_tui.games.familia.actions import PLAY, ChoosePile, PlayCard, parse_action
from familia_tui.games.familia.game import GAME, default_seats, new_game
from familia_tui.games.familia.rules import FamiliaState, Phase

# A 4-player deal (1 deck, normal) written out in full. Trick 1 (face Q♥, seat 0 leads) is void:
# ♥5/♦5 and ♥6/♦6 bat (red 5, red 6). Trick 2 (face K♠, seat 0 again) goes to seat 1's ♠A.
HANDS = {0: "5H 2S 3S 4S 7S 8S", 1: "5D 9S 10S AS 2C 3C", 2: "6H AH 4C 7C 8C 9C",
         3: "6D 10C AC 2D 3D 4D"}
STOCK = "7D 8D 9D 10D AD 2H 3H 4H 7H 8H 9H 10H 5S 6S 5C 6C"
VOID_TRICK = ("pile red", "play 5H", "play 5D", "play 6H", "play 6D")
SPADE_TRICK = ("pile black", "play 8S", "play AS", "play 4C", "play 10C")


def full_deal(**fields: Any) -> FamiliaState:
    return stacked(options(4, **fields), hands=HANDS, stock=STOCK, black="KS QS", red="QH KH")


def pile_cards(state: FamiliaState) -> Counter[Card]:
    """The face cards in the two piles now (not the sets held back for later deals)."""
    return Counter(state.piles["black"]) + Counter(state.piles["red"])


def drawn(events: list[Any]) -> list[tuple[int, str]]:
    return [(e.seat, str(e.cards[0])) for e in events if e.kind == "card_drawn"]


# ----- [R-F10] choosing the face card -----


def test_R_F10_the_leader_chooses_only_a_colour() -> None:
    state = full_deal()
    assert state.phase is Phase.PILE
    assert state.to_act == 0
    assert legal(state) == {"pile black", "pile red"}


def test_R_F10_the_face_card_is_the_top_of_the_chosen_pile() -> None:
    state = play(full_deal(), "pile red")
    assert state.face_card == card("QH")
    assert state.face_colour == "red"


def test_R_F10_an_empty_pile_cannot_be_chosen() -> None:
    state = play_first_legal(stacked(options(4)), lambda s: not s.piles["black"]
                             and s.phase is Phase.PILE, colour=lambda s: "black")
    assert state.trick_no == 6  # six black face cards revealed
    assert legal(state) == {"pile red"}
    why = state.explain(ChoosePile("black"))
    assert not why.legal
    assert "R-F10" in why.rulings


# ----- [R-F7] led suit in stock tricks, trump in trump tricks -----


def test_R_F7_face_card_suit_is_led_in_a_stock_trick_with_no_trump() -> None:
    state = play(full_deal(), "pile red")
    assert state.stock_trick
    assert (state.led, state.trump) == ("H", None)


def test_R_F7_trump_tricks_start_exactly_after_the_draw_that_empties_the_stock() -> None:
    state = full_deal()
    seen = []
    for trick_no in range(6):
        play_first_legal(state, lambda s, n=trick_no: s.trick_no == n and s.phase is Phase.PILE)
        stock_before = len(state.stock)
        state.apply(ChoosePile(COLOURS[trick_no % 2]))
        seen.append((stock_before, state.stock_trick, state.led is not None,
                     state.trump is not None))
    # 4 players: 16 stock cards, 4 per draw round → tricks 1–4 stock tricks, 5 on trump tricks.
    assert seen == [(16, True, True, False), (12, True, True, False), (8, True, True, False),
                    (4, True, True, False), (0, False, False, True), (0, False, False, True)]


def test_R_F7_in_a_trump_trick_the_face_suit_is_trump_and_the_leader_leads_freely() -> None:
    state = position(options(4), trick=5, leader=2, face="KD", hands={2: "AS 4S 9H 10H 3C 2D"})
    assert (state.led, state.trump) == (None, "D")
    assert state.to_act == 2
    assert legal(state) == {"play AS", "play 4S", "play 9H", "play 10H", "play 3C", "play 2D"}
    play(state, "play 9H")
    assert (state.led, state.trump) == ("H", "D")


# ----- [R-F8][R-F8a][R-F9][R-F9a] draws and void tricks -----


def test_R_F8_void_trick_the_same_leader_draws_first_and_leads_again() -> None:
    state = full_deal()
    events = play(state, *VOID_TRICK[:-1]).apply(parse_action(VOID_TRICK[-1]))
    assert state.history[-1].winner is None
    assert drawn(events) == [(0, "7D"), (1, "8D"), (2, "9D"), (3, "10D")]
    assert (state.phase, state.to_act, state.leader) == (Phase.PILE, 0, 0)
    assert state.tricks_won == [0, 0, 0, 0]


def test_R_F8_a_void_trick_counts_as_a_trick_of_the_deal() -> None:
    state = play(full_deal(), *VOID_TRICK)
    assert state.trick_no == 1
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]


def test_R_F8a_a_voided_face_card_is_discarded_out_of_the_game() -> None:
    state = play(full_deal(), *VOID_TRICK)
    assert state.face_discard == [card("QH")]
    assert card("QH") not in state.unrevealed_face_cards()
    assert all(card("QH") not in captured for captured in state.captures)


def test_R_F8a_a_voided_face_card_is_never_carried_into_the_next_deal() -> None:
    # Two face sets, split with carry-over: deal 2's piles are deal 1's leftovers plus set 2.
    state = full_deal(face_sets=2, face_mode="split_carry")
    play(state, *VOID_TRICK)
    play_first_legal(state, lambda s: s.trick_no == 9 and s.phase is Phase.PLAY)
    leftovers = pile_cards(state)
    finish_deal(state)
    piles = pile_cards(state)
    assert piles == leftovers + Counter(face_cards(1))
    assert piles[card("QH")] == 1  # set 2's Q♥ only
    assert card("QH") in state.face_discard


def test_R_F8_a_void_trump_trick_has_no_draw_and_the_same_leader_leads_again() -> None:
    # Trick 5 of 4 players is a trump trick (trump ♠): ♥5/♦5 and ♥6/♦6 bat (red 5, red 6).
    state = position(options(4), trick=5, leader=1, face="KS",
                     hands={1: "5H 2S 3S 4S 7S 8S", 2: "5D 9S 10S AS 2C 3C",
                            3: "6H AH 4C 7C 8C 9C", 0: "6D 10C AC 2D 3D 4D"})
    events = play(state, "play 5H", "play 5D", "play 6H").apply(parse_action("play 6D"))
    assert state.history[-1].winner is None
    assert drawn(events) == []
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert (state.trick_no, state.phase, state.to_act) == (5, Phase.PILE, 1)
    assert state.face_discard[-1] == card("KS")


def test_R_F9_draws_go_clockwise_from_the_trick_winner() -> None:
    state = play(full_deal(), *VOID_TRICK, *SPADE_TRICK[:-1])
    events = state.apply(parse_action(SPADE_TRICK[-1]))
    assert state.history[-1].winner == 1
    assert drawn(events) == [(1, "AD"), (2, "2H"), (3, "3H"), (0, "4H")]
    assert (state.leader, state.to_act) == (1, 1)
    assert state.captures[1] == [card("KS")]


def test_R_F9_the_stock_top_card_is_public() -> None:
    state = full_deal()
    assert all(state.view(seat).stock_top == card("7D") for seat in range(4))
    play(state, *VOID_TRICK)
    assert state.view(3).stock_top == card("AD")
    assert state.view(3).stock_count == 12


def test_R_F9a_drawn_cards_are_public_in_every_view_until_played() -> None:
    state = play(full_deal(), *VOID_TRICK)
    for seat in range(4):
        assert state.view(seat).known == ((card("7D"),), (card("8D"),), (card("9D"),),
                                          (card("10D"),))
    play(state, "pile black", "play 8S", "play AS", "play 9D")  # seat 2 plays its drawn ♦9
    assert state.view(0).known[2] == ()


def _cards_in(value: object, found: list[Card]) -> None:
    if isinstance(value, Card):
        found.append(value)
    elif isinstance(value, PlayCard):
        found.append(value.card)
    elif isinstance(value, dict):
        for item in value.values():
            _cards_in(item, found)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _cards_in(item, found)


def visible_cards(state: FamiliaState, seat: int) -> Counter[Card]:
    """Every hand card a view shows, anywhere in it (the match and seat list hold none)."""
    view = state.view(seat)
    found: list[Card] = []
    for field in dataclasses.fields(view):
        if field.name not in ("seats", "match"):
            _cards_in(getattr(view, field.name), found)
    return Counter(found)


@pytest.mark.parametrize("seat", range(4))
def test_view_never_shows_another_seats_hidden_cards(seat: int) -> None:
    state = play(full_deal(), *VOID_TRICK, "pile black", "play 8S")
    shown = visible_cards(state, seat)
    for other in range(4):
        hidden = Counter(state.hands[other]) - Counter(state.known[other])
        if other == seat:
            assert not hidden - shown
            assert set(state.view(seat).own_hands) == {seat}
        else:
            assert not shown & hidden, f"seat {seat} sees {other}'s cards"
    assert not shown & Counter(state.stock[:-1]), "only the stock's top card is public [R-F9]"


def test_R_F27_a_two_player_view_shows_both_hands_of_the_player_and_nothing_else() -> None:
    opts = options(2)
    state = new_game(opts, default_seats(opts), seed=5)
    view = state.view(0)
    assert set(view.own_hands) == {0, 2}
    assert view.own_hands[2] == tuple(state.hands[2])
    shown = visible_cards(state, 0)
    for other in (1, 3):
        assert not shown & Counter(state.hands[other])


# ----- [R-F30] eleven tricks with six cards -----


def test_R_F30_eleven_tricks_with_six_cards_play_five_stock_tricks() -> None:
    opts = options(7, tricks=11, hand_size=6)
    state = new_game(opts, default_seats(opts), seed=2)
    assert [len(h) for h in state.hands] == [6] * 7
    assert len(state.stock) == 35
    kinds = []
    for trick_no in range(11):
        play_first_legal(state, lambda s, n=trick_no: s.trick_no == n and s.phase is Phase.PLAY)
        kinds.append(state.stock_trick)
    assert kinds == [True] * 5 + [False] * 6


# ----- [R-F14] a led Joker names its suit -----


def _seven_player_joker_lead(style: str = "normal") -> FamiliaState:
    # 7 players, 4 hand Jokers, 5 stock tricks: trick 6 is a trump trick (trump ♠ from K♠).
    return position(options(7, style=style), trick=6, leader=0, face="KS",
                    hands={0: "JK 5H 9H 7S 2C 4D 8C", 1: "4D 9D 2S 3C 5H 6H 7H"})


def test_R_F14_a_joker_led_in_a_trump_trick_must_name_a_suit() -> None:
    state = _seven_player_joker_lead()
    assert "play JK" not in legal(state)
    assert {"play JK as S", "play JK as H", "play JK as D", "play JK as C"} <= legal(state)
    why = state.explain(PlayCard(JOKER))
    assert not why.legal
    assert "R-F14" in why.rulings


def test_R_F14_the_named_suit_is_led_and_must_be_followed() -> None:
    state = play(_seven_player_joker_lead(), "play JK as D")
    assert (state.led, state.trump) == ("D", "S")
    assert legal(state) == {"play 4D", "play 9D"}


def test_R_F14_the_named_suit_stays_with_the_led_joker_in_the_plays_and_the_record() -> None:
    state = play(_seven_player_joker_lead(), "play JK as D", "play 4D")
    assert state.plays == ((0, JOKER, "D"), (1, card("4D"), None))
    assert state.view(2).plays == state.plays
    while state.plays:  # the trick's other seats play their first legal card
        play_first_legal(state, lambda s: not s.plays)
    assert state.history[-1].plays[:2] == ((0, JOKER, "D"), (1, card("4D"), None))
    assert all(declared is None for _, _, declared in state.history[-1].plays[1:])


def test_R_F14_R_F15a_the_led_joker_is_beaten_only_by_the_named_suits_ace() -> None:
    state = position(options(7, style="batting"), trick=6, leader=0, face="KS",
                     hands={0: "JK 5H 9H 7S 2C 4D 8C", 1: "AD 9D 2S 3C 5H 6H 7H"})
    play(state, "play JK as D")
    assert legal(state) == {"play AD"}  # must-win: only ♦A beats the Joker


def test_R_F14_a_joker_only_names_a_suit_when_it_leads() -> None:
    state = play(_seven_player_joker_lead(), "play 9H")
    assert not state.explain(PlayCard(JOKER, "D")).legal


# ----- [R-F16][R-F17] a face Joker -----


def test_R_F16_a_face_joker_stock_trick_has_no_led_suit_and_no_trump() -> None:
    opts = options(7, tricks=11, face_jokers=3)
    state = position(opts, trick=1, leader=0, face="JK", hands={0: "JK 5H 9H 7S 2C 4D 8C"})
    assert state.stock_trick
    assert (state.led, state.trump) == (None, None)
    # No lead: any card, and a hand Joker needs no suit named.
    assert legal(state) == {"play JK", "play 5H", "play 9H", "play 7S", "play 2C", "play 4D",
                            "play 8C"}


def test_R_F17_a_face_joker_trump_trick_has_no_trump_and_the_leader_leads() -> None:
    # 7 players, alternative A: 11 tricks, 7 cards, 4 stock tricks; trick 5 is a trump trick.
    opts = options(7, tricks=11, face_jokers=3)
    state = position(opts, trick=5, leader=0, face="JK", hands={0: "5H 9H 7S 2C 4D 8C 10C"})
    assert not state.stock_trick
    assert state.trump is None
    play(state, "play 7S")
    assert (state.led, state.trump) == ("S", None)


# ----- [R-F26] deal end and the next deal's start -----


def test_R_F26_the_deal_ends_after_its_tricks_and_the_next_starts_clockwise() -> None:
    state = stacked(options(4, first_leader=2, face_sets=3, face_mode="split_carry"))
    starts = [state.leader]
    for deal in range(2):
        events = finish_deal(state)
        kinds = [e.kind for e in events]
        assert kinds.index("deal_ended") < kinds.index("dealt")
        assert sum(1 for r in state.history if r.deal == deal) == 10
        assert state.deal == deal + 1
        assert (state.phase, state.trick_no) == (Phase.PILE, 0)
        assert [len(h) for h in state.hands] == [6, 6, 6, 6]
        starts.append(state.to_act)
    assert starts == [2, 3, 0]


def test_R_F23_the_game_ends_after_the_last_deal_and_is_scored_once() -> None:
    state = stacked(options(4))
    events = finish_deal(state)
    assert state.is_over
    assert [e.kind for e in events].count("game_scored") == 1
    assert len(state.result().games) == 1


# ----- [R-F33a] face-set modes and per-deal options -----


def _deal_two(mode: str, **fields: Any) -> tuple[Counter[Card], FamiliaState]:
    """Play deal 1 of a 4-player, 2-face-set game; returns deal 1's unrevealed face cards after
    its last reveal, and the state at the start of deal 2."""
    state = new_game(options(4, face_sets=2, face_mode=mode, **fields),
                     default_seats(options(4, face_sets=2, face_mode=mode, **fields)), seed=3)
    play_first_legal(state, lambda s: s.trick_no == 9 and s.phase is Phase.PLAY)
    leftovers = pile_cards(state)
    finish_deal(state)
    assert state.deal == 1
    return leftovers, state


def test_R_F33a_through_mode_puts_every_face_set_in_the_piles_at_the_start() -> None:
    state = new_game(options(4, face_sets=2), default_seats(options(4, face_sets=2)), seed=3)
    assert pile_cards(state) == Counter(face_cards(2))
    assert [len(state.piles[c]) for c in COLOURS] == [12, 12]


def test_R_F33a_through_mode_deal_two_uses_the_same_piles_with_no_new_cards() -> None:
    leftovers, state = _deal_two("through")
    assert sum(leftovers.values()) == 14
    assert pile_cards(state) == leftovers


def test_R_F33a_split_carry_adds_the_leftovers_to_the_next_set() -> None:
    leftovers, state = _deal_two("split_carry")
    assert sum(leftovers.values()) == 2
    assert pile_cards(state) == leftovers + Counter(face_cards(1))


def test_R_F33a_split_discard_drops_the_leftovers() -> None:
    leftovers, state = _deal_two("split_discard")
    assert sum(leftovers.values()) == 2
    assert pile_cards(state) == Counter(face_cards(1))
    assert not leftovers - Counter(state.face_discard)


# Deal 1's face piles with one face Joker at the bottom of each: alternating colours reveals five
# of each pile's seven cards, so both Jokers are still unrevealed when the deal ends.
JOKER_PILES = {"black": "KS QS JS KC QC JC JK", "red": "KH QH JH KD QD JD JK"}


def _jokers_at_deal_two(mode: str) -> FamiliaState:
    state = stacked(options(4, face_sets=2, face_mode=mode, face_jokers=[2, 0]), **JOKER_PILES)
    assert [state.piles[c].count(JOKER) for c in COLOURS] == [1, 1]
    finish_deal(state)
    assert state.deal == 1
    return state


def test_R_F33a_split_carry_carries_an_unrevealed_face_joker() -> None:
    state = _jokers_at_deal_two("split_carry")
    assert pile_cards(state)[JOKER] == 2
    assert sum(pile_cards(state).values()) == 16


def test_R_F33a_split_discard_discards_an_unrevealed_face_joker() -> None:
    state = _jokers_at_deal_two("split_discard")
    assert pile_cards(state) == Counter(face_cards(1))
    assert state.face_discard.count(JOKER) == 2


def test_R_F33a_face_jokers_per_deal_enter_at_their_deal() -> None:
    opts = options(4, face_sets=2, face_mode="split_carry", face_jokers=[0, 2])
    state = new_game(opts, default_seats(opts), seed=4)
    assert pile_cards(state)[JOKER] == 0
    finish_deal(state)
    assert [state.piles[c].count(JOKER) for c in COLOURS] == [1, 1]


def test_R_F33a_the_style_may_change_per_deal() -> None:
    state = stacked(options(4, face_sets=2, face_mode="split_carry",
                            style=["normal", "batting"]))
    assert (state.style, state.batting) == ("normal", False)
    events = finish_deal(state)
    assert (state.style, state.batting) == ("batting", True)
    assert state.keys == tr.batting_key(1, "batting")
    started = next(e for e in events if e.kind == "dealt")
    assert started.get("style") == "batting"
    assert state.view(0).style == "batting"


# ----- [R-F32] face Jokers spread over the piles -----


@pytest.mark.parametrize(("odd", "black", "red"), [("black", 2, 1), ("red", 1, 2)])
def test_R_F32_face_jokers_split_equally_with_the_odd_one_to_the_chosen_pile(
        odd: str, black: int, red: int) -> None:
    opts = options(7, tricks=11, face_jokers=3, odd_face_joker=odd)
    state = new_game(opts, default_seats(opts), seed=1)
    assert [state.piles[c].count(JOKER) for c in COLOURS] == [black, red]
    assert [len(state.piles[c]) for c in COLOURS] == [12 + black, 12 + red]


def test_R_F32_an_even_number_of_face_jokers_splits_evenly() -> None:
    opts = options(4, face_sets=2, face_mode="split_carry", face_jokers=[2, 2])
    state = new_game(opts, default_seats(opts), seed=1)
    assert [state.piles[c].count(JOKER) for c in COLOURS] == [1, 1]


@pytest.mark.parametrize("seed", range(6))
def test_R_F32_random_odd_face_joker_still_splits_the_rest_equally(seed: int) -> None:
    opts = options(7, tricks=11, face_jokers=3, odd_face_joker="random")
    state = new_game(opts, default_seats(opts), seed=seed)
    assert sorted(state.piles[c].count(JOKER) for c in COLOURS) == [1, 2]


# ----- [R-F27] the 2-player game -----


def test_R_F27_two_player_seat_order_is_a_male_b_male_a_female_b_female() -> None:
    opts = options(2)
    seats = default_seats(opts)
    assert [s.name for s in seats] == ["P1-M", "P2-M", "P1-F", "P2-F"]
    assert [s.field("role") for s in seats] == ["M", "M", "F", "F"]
    assert [s.person for s in seats] == ["P1", "P2", "P1", "P2"]
    assert seats[0].team == seats[2].team != seats[1].team == seats[3].team


def test_R_F27_two_player_game_plays_four_hands_in_turn() -> None:
    opts = options(2)
    state = new_game(opts, default_seats(opts), seed=2)
    assert state.n == 4
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    play(state, "pile red")
    order = []
    for _ in range(4):
        order.append(state.to_act)
        state.apply(state.legal_actions()[0])
    assert order == [0, 1, 2, 3]


# ----- clones, determinism, records -----


def snapshot(state: FamiliaState) -> tuple[Any, ...]:
    return (state.phase, state.to_act, state.deal, state.trick_no, state.leader,
            [list(h) for h in state.hands], list(state.stock),
            {c: list(p) for c, p in state.piles.items()}, list(state.plays),
            [list(c) for c in state.captures], [list(k) for k in state.known],
            list(state.history), list(state.face_discard), dict(state.match.totals),
            len(state.match.games), [str(a) for a in state.legal_actions()])


def test_clone_is_independent_of_the_original() -> None:
    state = play(full_deal(), "pile red", "play 5H")
    before = snapshot(state)
    other = state.clone()
    play(other, "play 5D", "play 6H", "play 6D", "pile black")
    play_first_legal(other, lambda s: s.is_over)
    assert snapshot(state) == before
    assert other.is_over and not state.is_over
    play(state, "play 5D")  # the original still plays on
    assert state.to_act == 2


def test_clone_continues_exactly_like_the_original() -> None:
    state = new_game(options(4, first_leader=None), default_seats(options(4)), seed=11)
    play_first_legal(state, lambda s: s.trick_no == 3)
    other = state.clone()
    rng_a, rng_b = random.Random(5), random.Random(5)
    while not state.is_over:
        a = state.legal_actions()
        b = other.legal_actions()
        assert a == b
        state.apply(a[rng_a.randrange(len(a))])
        other.apply(b[rng_b.randrange(len(b))])
    assert snapshot(state) == snapshot(other)


def _random_game(seed: int, moves: int = 10_000) -> FamiliaState:
    opts = options(5, first_leader=None, style=["batting", "normal"])
    state = new_game(opts, default_seats(opts), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize("moves", [7, 60, 10_000])
def test_same_seed_and_actions_give_the_same_state(moves: int) -> None:
    assert snapshot(_random_game(21, moves)) == snapshot(_random_game(21, moves))


def test_different_seeds_deal_differently() -> None:
    opts = options(4)
    hands = {tuple(map(tuple, new_game(opts, default_seats(opts), seed=s).hands))
             for s in range(5)}
    assert len(hands) == 5


def test_the_record_replays_to_the_same_state() -> None:
    from familia_tui.core.record import Record

    opts = options(4, style="batting")
    seats = default_seats(opts)
    state = new_game(opts, seats, seed=8)
    rng, actions = random.Random(8), []
    while not state.is_over:
        legal_now = state.legal_actions()
        action = legal_now[rng.randrange(len(legal_now))]
        state.apply(action)
        actions.append(str(action))
    replayed = Record("familia", opts, tuple(seats), 8, tuple(actions)).replay()
    assert snapshot(replayed) == snapshot(state)


def test_GAME_spec_starts_a_game_from_a_stacked_mapping() -> None:
    opts = options(4)
    state = GAME.new_game(opts, GAME.default_seats(opts), 0, {"hands": HANDS, "stock": STOCK})
    assert [sorted(map(str, h)) for h in state.hands] == [sorted(HANDS[s].split())
                                                          for s in range(4)]
    assert state.view(0).stock_top == card("7D")


# ----- IllegalAction and explain() chains -----


def test_illegal_action_carries_its_explanation() -> None:
    state = play(full_deal(), "pile red")
    with pytest.raises(IllegalAction) as raised:
        state.apply(parse_action("play 2S"))
    error = raised.value
    assert error.action == parse_action("play 2S")
    assert error.explanation is not None
    assert not error.explanation.legal
    assert "A.6" in error.explanation.rulings
    assert "must follow" in str(error)


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = play(full_deal(), "pile red")
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(parse_action("play 2S"))
    with pytest.raises(IllegalAction):
        state.apply(parse_action("pile black"))
    assert snapshot(state) == before


def test_illegal_action_for_a_card_not_in_hand() -> None:
    state = play(full_deal(), "pile red")
    with pytest.raises(IllegalAction):
        state.apply(parse_action("play AH"))
    assert not state.explain(parse_action("play AH")).legal


def _counting_deal(style: str) -> FamiliaState:
    return stacked(options(4, style=style), hands={0: "AH 10H 5H 7S 2C 9D",
                                                    1: "8H 3H 7C 5D AC 6S"},
                   black="KS", red="QH")


def keys_of(why: Any) -> list[str]:
    return [c.key for c in why.clauses]


def test_explain_A_6_a_card_refused_by_must_follow_cites_A_6() -> None:
    state = play(_counting_deal("normal"), "pile red", "play 5H")
    why = state.explain(parse_action("play 7C"))
    assert not why.legal
    assert keys_of(why) == ["fam.must_follow_face", "fam.must_play_one_of"]
    assert why.rulings == ("A.6",)


def test_explain_R_F1_a_batting_card_allowed_against_must_follow_cites_R_F1() -> None:
    state = play(_counting_deal("normal"), "pile red", "play 5H")
    why = state.explain(parse_action("play 5D"))
    assert why.legal
    assert "R-F1" in why.rulings
    assert "A.6" in why.rulings


def test_explain_R_F11_must_win_cites_R_F11() -> None:
    state = play(_counting_deal("batting"), "pile red", "play 5H")
    refused = state.explain(parse_action("play 3H"))
    assert not refused.legal
    assert "R-F11" in refused.rulings
    allowed = state.explain(parse_action("play 8H"))
    assert allowed.legal
    assert "R-F11" in allowed.rulings


def test_explain_R_F12_when_nothing_can_win_the_follow_set_stands() -> None:
    state = play(_counting_deal("batting"), "pile red", "play 10H")
    why = state.explain(parse_action("play 3H"))
    assert why.legal
    assert "R-F12" in why.rulings


def test_explain_R_F12a_no_must_win_for_the_leader() -> None:
    state = play(_counting_deal("batting"), "pile red")
    why = state.explain(parse_action("play 5H"))
    assert why.legal
    assert "R-F12a" in why.rulings


def test_explain_R_F7_the_trump_trick_leader_leads_freely() -> None:
    state = position(options(4), trick=5, leader=0, face="KS", hands={0: "AH 10H 5H 7S 2C 9D"})
    why = state.explain(parse_action("play AH"))
    assert why.legal
    assert why.rulings == ("R-F7",)


def test_explain_R_F13_a_joker_is_free() -> None:
    state = position(options(7), trick=1, leader=0, face="QH", hands={0: "JK 5H 9H 7S 2C 4D 8C"})
    why = state.explain(parse_action("play JK"))
    assert why.legal
    assert "R-F13" in why.rulings


def test_explain_R_F10_choosing_a_pile() -> None:
    why = full_deal().explain(ChoosePile("red"))
    assert why.legal
    assert "R-F10" in why.rulings
    played = play(full_deal(), "pile red").explain(ChoosePile("red"))
    assert not played.legal


def test_explain_text_names_the_ruling() -> None:
    state = play(_counting_deal("batting"), "pile red", "play 5H")
    assert "[R-F11]" in state.explain(parse_action("play 3H")).text()


def test_a_play_before_the_face_card_is_refused() -> None:
    state = full_deal()
    why = state.explain(parse_action("play 5H"))
    assert not why.legal
    assert "R-F10" in why.rulings
    with pytest.raises(IllegalAction):
        state.apply(parse_action("play 5H"))


# ----- positions (setup.py): the test tool itself -----


def test_a_position_may_name_the_face_cards_voided_in_earlier_tricks() -> None:
    # setup.py: a position names `voided` face cards of earlier tricks [R-F8a].
    state = position(options(4), trick=3, leader=0, voided="QD QC", black="KS")
    assert sorted(map(str, state.face_discard)) == ["QC", "QD"]
    assert play(state, "pile black").face_card == card("KS")


@pytest.mark.parametrize("seed", range(8))
def test_a_position_may_name_a_pile_top_after_unnamed_earlier_tricks(seed: int) -> None:
    # The filler discards 4 unnamed face cards for tricks 1–4; it must leave the named K♠ alone.
    state = position(options(4), seed=seed, trick=5, leader=0, black="KS")
    assert play(state, "pile black").face_card == card("KS")


def test_hand_cards_are_held_as_card_ids_and_shown_read_only() -> None:
    """The engine holds hands, drawn cards, the stock and the trick as card ids; the state shows
    them as cards, read-only (a writer must write the ids), and a play's action is the shared
    one of its card id."""
    state = new_game(options(4), default_seats(options(4)), seed=3)
    play(state, "pile black")
    state.apply(state.legal_actions()[0])
    assert state.hands == tuple(tuple(tr.HAND_CARDS[i] for i in hand) for hand in state.hand_ids)
    assert state.stock == tuple(tr.HAND_CARDS[i] for i in state.stock_ids)
    assert state.played == (state.plays[0][1],) == (tr.HAND_CARDS[state.played_ids[0]],)
    with pytest.raises(AttributeError):
        state.hands[1].append(JOKER)  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        state.hands = ()  # type: ignore[misc]
    legal = state.legal_actions()
    assert legal and all(isinstance(a, PlayCard) and a is PLAY[a.card] for a in legal)


def test_a_state_keeps_the_fields_cpython_shares_between_instances() -> None:
    """The state's fields stay within CPython 3.11's shared key table of an instance (29 for
    the first instance of a class): one more and every method call and field access on every
    state looks names up in a dict (see `FamiliaState`'s note). Checked through a whole game
    of every face mode, as a played state and as a scenario position."""
    for preset_options in (options(4), options(6, face_mode="split_carry", style="batting")):
        state = new_game(preset_options, default_seats(preset_options), seed=4)
        seen = set(vars(state))
        while not state.is_over:
            state.apply(state.legal_actions()[0])
            seen |= set(vars(state))
        assert len(seen) <= INLINE_FIELDS == 29, sorted(seen)
    assert set(vars(position(options(4), trick=2))) <= seen


def test_the_last_tricks_plays_stay_shown_when_the_match_ends() -> None:
    """The state keeps the trick's card ids and derives its plays; once the match is over its
    last trick stays in place, played from the seat that led it (not from its winner)."""
    opts = options(4)
    state = new_game(opts, default_seats(opts), seed=11)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    last = state.history[-1]
    assert (last.leader, last.winner) == (0, 1)  # this seed's last trick: led by 0, won by 1
    assert state.plays == last.plays and [seat for seat, _, _ in state.plays] == [0, 1, 2, 3]
    assert state.public_view().plays == last.plays
