"""The Familia basic bot: always legal, plays for its role and team, beats random play.

Table of the 4-player preset: P1 (seat 0) M team A, P2 (seat 1) M team B, P3 (seat 2) F team A,
P4 (seat 3) F team B; partners sit opposite. Scripted tricks stack the deal (`StackedDeal`), play
the other seats' cards through the engine, then ask the bot at the seat to act.
"""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from familia_tui.core.cards import JOKER, parse_card, parse_cards
from familia_tui.core.presets import find_preset
from familia_tui.core.simulate import simulate
from familia_tui.games.familia.actions import ChoosePile, PlayCard
from familia_tui.games.familia.bots import BasicBot, Table, face_values
from familia_tui.games.familia.game import GAME
from familia_tui.games.familia.options import FamiliaOptions
from familia_tui.games.familia.rules import FamiliaState, StackedDeal, hand_pool

BLACK = "KS QS JS KC QC JC"
RED = "KH QH JH KD QD JD"


def options(preset: str, **changes: object) -> FamiliaOptions:
    """A shipped preset's options, with some fields changed."""
    base = find_preset("familia", preset).options
    return FamiliaOptions.model_validate({**base.model_dump(exclude_unset=True), **changes})


def stacked(preset: str, leader: int, hands: dict[int, str], black: str = BLACK,
            red: str = RED) -> FamiliaState:
    """A game whose first deal holds `hands` (seat → cards; the rest of each hand and the stock
    are filled with the unused cards of the preset's pool, lowest first); `leader` leads."""
    opts = options(preset, first_leader=leader)
    given = {seat: parse_cards(cards) for seat, cards in hands.items()}
    spare = list(hand_pool(opts.pool_decks, *opts.adjustment))
    for card in (c for cards in given.values() for c in cards):
        spare.remove(card)
    spare.sort(key=lambda c: (c.rank or 99, c.suit))
    dealt = []
    for seat in range(opts.hands):
        cards = list(given.get(seat, ()))
        while len(cards) < opts.deal_hand_size:
            cards.append(spare.pop(0))
        dealt.append(tuple(cards))
    deal = StackedDeal(tuple(dealt), tuple(spare), tuple(parse_cards(black)),
                       tuple(parse_cards(red)))
    return GAME.new_game(opts, GAME.default_seats(opts), seed=1, deal=deal)


def play(state: FamiliaState, *actions: str) -> FamiliaState:
    """Apply actions in the notation (`pile black`, `play 9S` …)."""
    for text in actions:
        state.apply(GAME.parse_action(text))
    return state


def bot_choice(state: FamiliaState) -> object:
    """What the basic bot at the seat to act chooses."""
    seat = state.to_act
    return BasicBot().choose(state.view(seat), state.legal_actions(), random.Random(0))


# Legality


PRESETS = ["familia-2", "familia-3", "familia-4", "familia-4-batting", "familia-6", "familia-7",
           "familia-7-alt-a", "familia-6-face-jokers", "familia-6-mixed-styles",
           "familia-4-royal"]


@pytest.mark.parametrize("preset", PRESETS)
def test_basic_bot_always_chooses_a_legal_action(preset: str) -> None:
    # The bot is asked at every decision; half the time a random legal action is played
    # instead, so the games reach states the bot would not steer into itself.
    opts = find_preset("familia", preset).options
    seats = GAME.default_seats(opts)
    bot = BasicBot()
    for seed in range(3):
        state = GAME.new_game(opts, seats, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            action = bot.choose(state.view(state.to_act), legal, rng)
            assert action in legal
            state.apply(action if rng.random() < 0.5 else rng.choice(legal))


def test_basic_bot_is_deterministic_given_the_rng() -> None:
    opts = find_preset("familia", "familia-4").options
    seats = GAME.default_seats(opts)
    runs = []
    for _ in range(2):
        state, rng, moves = GAME.new_game(opts, seats, seed=7), random.Random(7), []
        while not state.is_over:
            action = BasicBot().choose(state.view(state.to_act), state.legal_actions(), rng)
            moves.append(str(action))
            state.apply(action)
        runs.append(moves)
    assert runs[0] == runs[1]


# What a face card is worth (score deltas by role)


def test_face_value_follows_role_and_marriage() -> None:
    view = stacked("familia-4", 0, {}).view(0)
    king = face_values(Table.of(view), parse_card("KS"))
    queen = face_values(Table.of(view), parse_card("QS"))
    assert king[0] > 0 > king[2]          # K: good for a male, bad for a female
    assert queen[2] > 0 > queen[0]        # Q: good for a female, bad for a male
    married = dataclasses.replace(view, captures=(parse_cards("KS"), (), (), ()))
    assert face_values(Table.of(married), parse_card("QS"))[0] == 7  # K 3 → Marriage 10
    wed = dataclasses.replace(view, captures=(parse_cards("KS QS"), (), (), ()))
    assert face_values(Table.of(wed), JOKER)[0] == -8   # Marriage zeroed, Joker zero-sum 2


# Winning a valuable card cheaply


def test_male_bot_wins_a_king_with_its_cheapest_winning_card() -> None:
    # P2 (M, B) leads under K♠ with 9♠; P3, P4 follow low; P1 (M, A) holds A♠ 10♠ 5♠.
    state = stacked("familia-4", 1, {0: "AS 10S 5S 2H 3H 4H", 1: "9S", 2: "3S", 3: "7S"},
                    black="KS QS JS KC QC JC")
    play(state, "pile black", "play 9S", "play 3S", "play 7S")
    assert bot_choice(state) == PlayCard(parse_card("10S"))


def test_male_bot_second_to_play_takes_a_king_the_next_opponent_would_win() -> None:
    # P4 (F, B) leads 2♠ under K♠; P2 (M, B) would overtake. P1 (M, A) holds A♠ 10♠ 5♠:
    # 10♠ is beaten only by his own A♠, so it is the cheapest card that holds.
    state = stacked("familia-4", 3, {0: "AS 10S 5S 2H 3H 4H", 3: "2S"})
    play(state, "pile black", "play 2S")
    assert bot_choice(state) == PlayCard(parse_card("10S"))


def test_male_bot_second_to_play_leaves_a_king_with_a_female_opponent() -> None:
    # P4 (F, B) leads 9♠ under K♠: only P1's own A♠ and 10♠ beat it, and the K costs her 6.
    state = stacked("familia-4", 3, {0: "AS 10S 5S 2H 3H 4H", 3: "9S"})
    play(state, "pile black", "play 9S")
    assert bot_choice(state) == PlayCard(parse_card("5S"))


# Ducking a card that costs


def test_female_bot_ducks_a_king_when_it_can_lose() -> None:
    # P4 (F, B) leads 6♠ under K♠, P1 3♠, P2 5♠; P3 (F, A) holds A♠ 9♠ 2♠ and plays last.
    state = stacked("familia-4", 3, {2: "AS 9S 2S 2H 3H 4H", 3: "6S", 0: "3S", 1: "5S"})
    play(state, "pile black", "play 6S", "play 3S", "play 5S")
    assert bot_choice(state) == PlayCard(parse_card("2S"))


def test_female_bot_second_to_play_ducks_a_king() -> None:
    # P2 (M, B) leads 8♠ under K♠; P3 (F, A) holds A♠ 10♠ 2♠.
    state = stacked("familia-4", 1, {2: "AS 10S 2S 2H 3H 4H", 1: "8S"})
    play(state, "pile black", "play 8S")
    assert bot_choice(state) == PlayCard(parse_card("2S"))


# Leaving a teammate's good card, and an opponent's bad one, alone


def test_male_bot_does_not_overtake_a_partner_winning_a_queen() -> None:
    # Under Q♥ P2 (M, B) 5♥, P3 (F, A) 10♥, P4 (F, B) 7♥; P1 (M, A) holds A♥ 3♥ 10♦ (a bat).
    state = stacked("familia-4", 1, {0: "AH 3H 10D 2C 3C 4C", 1: "5H", 2: "10H", 3: "7H"},
                    red="QH KH JH KD QD JD")
    play(state, "pile red", "play 5H", "play 10H", "play 7H")
    assert bot_choice(state) == PlayCard(parse_card("3H"))


def test_male_bot_lets_an_opponent_female_keep_a_king() -> None:
    # Under K♥ P4 (F, B) leads 10♥, P1 (M, A) last but one holds A♥ 4♥: K costs her 6.
    state = stacked("familia-4", 2, {0: "AH 4H 2C 3C 4C 5C", 2: "2H", 3: "10H"},
                    red="KH QH JH KD QD JD")
    play(state, "pile red", "play 2H", "play 10H")
    assert bot_choice(state) == PlayCard(parse_card("4H"))


# Batting Familia: batting an opponent's winning card


def test_batting_bot_bats_an_opponents_ace_that_would_take_a_king() -> None:
    # Batting Familia under K♠: P4 (F, B) 4♠, P1 (M, A) 6♠, P2 (M, B) A♠ (must-win).
    # P3 (F, A) holds A♥, which bats A♠ (same rank), so P1's 6♠ takes the K for team A.
    state = stacked("familia-4-batting", 3,
                    {2: "AH 9S 2S 2H 3H 4H", 3: "4S", 0: "6S", 1: "AS"})
    play(state, "pile black", "play 4S", "play 6S", "play AS")
    assert PlayCard(parse_card("9S")) in state.legal_actions()
    assert bot_choice(state) == PlayCard(parse_card("AH"))


def test_batting_bot_bats_before_the_last_player() -> None:
    # Batting Familia under K♠: P2 (M, B) leads A♠; P3 (F, A) holds A♦ and low spades.
    state = stacked("familia-4-batting", 1, {2: "AD 2S 3S 2H 3H 4H", 1: "AS"})
    play(state, "pile black", "play AS")
    assert bot_choice(state) == PlayCard(parse_card("AD"))


# Hand Jokers (7 players: seats 0–2 male of teams A, B, C; seats 3–6 female of A, C, B, C)


def test_bot_takes_a_marriage_king_with_a_hand_joker() -> None:
    # P1 (M, A) leads 10♥ under K♥; P2 (M, B) has no heart, a Joker, and already holds Q♥.
    state = stacked("familia-7", 0, {0: "10H", 1: "JK 2S 3S 4S 2C 3C 4C"},
                    black=f"{BLACK} {BLACK}", red=f"{RED} {RED}")
    play(state, "pile red", "play 10H")
    view = state.view(1)
    captures = list(view.captures)
    captures[1] = parse_cards("QH")
    view = dataclasses.replace(view, captures=tuple(captures))
    choice = BasicBot().choose(view, state.legal_actions(), random.Random(0))
    assert choice == PlayCard(JOKER)


def test_a_led_joker_names_the_trump_suit() -> None:
    opts = find_preset("familia", "familia-7").options
    seats, bot, named = GAME.default_seats(opts), BasicBot(), 0
    for seed in range(6):
        state, rng = GAME.new_game(opts, seats, seed=seed), random.Random(seed)
        while not state.is_over:
            view = state.view(state.to_act)
            action = bot.choose(view, state.legal_actions(), rng)
            if isinstance(action, PlayCard) and action.declared and view.trump:
                assert action.declared == view.trump
                named += 1
            state.apply(action)
    assert named > 0


# Colour choice


def test_male_leader_strong_in_spades_chooses_the_pile_with_the_king() -> None:
    state = stacked("familia-4", 0, {0: "AS 10S 9S 2H 3H 4H"})
    view = dataclasses.replace(state.view(0), unrevealed={"black": parse_cards("KS"),
                                                          "red": parse_cards("QH")})
    choice = BasicBot().choose(view, state.legal_actions(), random.Random(0))
    assert choice == ChoosePile("black")


def test_female_leader_strong_in_hearts_chooses_the_pile_with_the_queen() -> None:
    state = stacked("familia-4", 2, {2: "AH 10H 9H 2S 3S 4S"})
    view = dataclasses.replace(state.view(2), unrevealed={"black": parse_cards("KS"),
                                                          "red": parse_cards("QH")})
    choice = BasicBot().choose(view, state.legal_actions(), random.Random(0))
    assert choice == ChoosePile("red")


# Strength against random play


def test_basic_team_outscores_random_team_over_200_games() -> None:
    opts = find_preset("familia", "familia-4").options
    run = simulate(GAME, opts, "familia-4", 200, 2024, ["basic", "random"])
    basic, rand = (statistics.fmean(column) for column in zip(*run.scores))
    assert run.units == ["A", "B"]
    assert basic - rand > 6, (basic, rand)
