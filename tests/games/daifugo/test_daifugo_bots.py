"""The Daifugō basic bot: always legal, sheds sensibly, calls what it should, beats random play."""

from __future__ import annotations

import random

import pytest
from daifugo_helpers import act, options, position

from familia_tui.core.presets import find_preset
from familia_tui.core.simulate import simulate
from familia_tui.games.daifugo.actions import parse_action
from familia_tui.games.daifugo.bots import BasicBot
from familia_tui.games.daifugo.game import GAME

BOT = BasicBot()


def choice(state) -> str:  # type: ignore[no-untyped-def]
    seat = state.to_act
    return str(BOT.choose(state.view(seat), state.legal_actions(), random.Random(0)))


@pytest.mark.parametrize("preset", ["daifugo-4", "daifugo-strict-uno", "daifugo-dobon-ask",
                                    "daifugo-unaccepted", "daifugo-6"])
def test_basic_bots_play_whole_sessions_legally(preset: str) -> None:
    run = simulate(GAME, find_preset("daifugo", preset).options, preset, games=6, seed=5,
                   bot_kinds=["basic"])
    assert run.games == 6


def test_basic_bot_is_much_less_often_biri_than_random_bots() -> None:
    opts = find_preset("daifugo", "daifugo-4").options
    run = simulate(GAME, opts, "daifugo-4", games=200, seed=1,
                   bot_kinds=["basic", "random", "random", "random"])
    rates = [sum(-s[i] for s in run.scores) / run.games for i in range(4)]  # totals = −ビリ
    assert rates[0] < 0.12 and min(rates[1:]) > 0.25, rates  # basic 0.095, random 0.275-0.325


def test_leads_the_weak_pair_rather_than_a_strong_single() -> None:
    state = position(options(dobon="off"), hands={0: "4S 4D 9C KH 2S", 1: "QC QD", 2: "JC JD", 3: "10C 10D"},
                     to_act=0)
    assert choice(state) == "play 4S 4D"


def test_follows_cheaply_and_keeps_the_joker() -> None:
    state = position(options(dobon="off"), hands={0: "6S QH 2S JK 3D 4D", 1: "QC QD 9C 9D",
                                                   2: "JC JD 7C 7H", 3: "10C 10D 3C 3S"},
                     trick=[[3, "5H"]], to_act=0)
    assert choice(state) == "play 6S"


def test_avoids_a_play_an_opponent_with_one_card_could_match() -> None:
    """A 6 is worth 6: the opponent holding one card may hold a 6 (ドボン); the top joker has no
    value. Late in the game, with the joker among the last cards, the bot plays it."""
    state = position(options(), hands={0: "6S JK 2D", 1: "QC QD 9C 9D", 2: "JC JD 7C 7H", 3: "10C"},
                     trick=[[2, "5H"]], to_act=0)
    assert choice(state) == "play JK"


def test_passes_rather_than_spend_a_two_on_a_low_card_early() -> None:
    state = position(options(dobon="off"), hands={0: "2S 3D 4D 5C 6C 7C", 1: "QC QD", 2: "JC JD", 3: "10C"},
                     trick=[[3, "9H"]], to_act=0)
    assert choice(state) == "pass"


def test_takes_a_finishing_play_and_avoids_being_left_with_an_unfinishable_card() -> None:
    state = position(options(dobon="off"), hands={0: "9S", 1: "QC QD", 2: "JC JD", 3: "10C"},
                     trick=[[3, "5H"]], to_act=0)
    assert choice(state) == "play 9S"
    state = position(options(dobon="off"), hands={0: "9S 2D", 1: "QC QD", 2: "JC JD", 3: "10C"},
                     to_act=0)
    assert choice(state) == "play 2D"  # leading the 9 would leave a 2, which may not finish


def test_says_uno_and_calls_chombo() -> None:
    state = position(options(uno="strict", dobon="off"),
                     hands={0: "9S 5C", 1: "10C JC", 2: "QC QD", 3: "KC KD"}, trick=[[3, "6H"]],
                     to_act=0)
    assert choice(state) in ("play 9S uno", "pass")
    act(state, "play 9S")
    assert choice(state) == "call chombo"


def test_calls_dobon_but_not_on_a_missed_uno() -> None:
    state = position(options(dobon="ask"), hands={0: "9C 3D 4D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert choice(state) == "call dobon"
    state = position(options(dobon="ask", uno="strict"),
                     hands={0: "9C 3D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"}, trick=[[1, "6S"]],
                     to_act=0)
    act(state, "play 9C")
    assert state.phase == "dobon" and choice(state) == "decline"


def test_basic_bot_sees_only_the_view() -> None:
    state = position(options(dobon="off"), hands={0: "4S 4D 9C", 1: "QC QD", 2: "JC JD", 3: "10C"}, to_act=0)
    action = BOT.choose(state.view(0), state.legal_actions(), random.Random(1))
    assert action in state.legal_actions() and action == parse_action("play 4S 4D")


def _opening(families: list[str], hand: str) -> str:
    """The bot's first lead of a game (DF-7) holding `hand`; the others hold 5 cards each."""
    others = {1: "8S 8H 9D 10S 10C", 2: "QS QH JS 2D 2H", 3: "6S 6H 7C 7D 4H"}
    state = position(options(dobon="off"), hands={0: hand, **others}, to_act=0,
                     families=families)
    return choice(state)


def test_does_not_spend_a_joker_on_a_revolution_that_weakens_the_hand() -> None:
    """DF-13: four kings (one a joker) would turn the order and make A A 2 2 the weakest cards."""
    assert _opening(["kana"], "3H 5C 6C 9S 9H JH KH KD KC AS AD 2S 2C JK") == "play KH KD KC"


def test_revolts_when_the_hand_left_clearly_gains() -> None:
    """DF-13: shedding 10 J Q K as a sequence turns 3 3 4 4 5 5 6 7 into the strongest cards."""
    hand = "3H 3C 4S 4C 5H 5D 6D 7H 9S 10D JD QC KD JK"
    assert _opening(["shina", "kana"], hand) == "play 10D JD JK=QD KD"


def test_simulate_reports_revolutions_and_places_by_bot_kind() -> None:
    opts = find_preset("daifugo", "daifugo-4").options
    run = simulate(GAME, opts, "daifugo-4", games=20, seed=3,
                   bot_kinds=["basic", "random", "random", "random"])
    figures = run.summary()["figures"]
    assert figures["games"] == 20 and figures["revolutions"] >= 0
    assert set(figures["joker_revolution_openings"]) == {"basic", "random"}
    places = figures["places"]
    assert places["basic"]["seats"] == 1 and places["random"]["seats"] == 3
    assert abs(sum(places["basic"]["places"]) - 100) < 0.5


def test_basic_bots_seldom_open_with_a_joker_revolution() -> None:
    """Four basic bots used to open 30 % of games with a joker-padded 革命 (DF-13); now about 6 %."""
    opts = find_preset("daifugo", "daifugo-4").options
    run = simulate(GAME, opts, "daifugo-4", games=60, seed=7, bot_kinds=["basic"])
    assert run.figures["joker_revolution_openings"]["basic"] <= 9  # 5 now, 17 before
