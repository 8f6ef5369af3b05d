"""The `basic` bot: sensible choices in fixed positions, from its view alone."""

from __future__ import annotations

import random

from sixsuit_helpers import SPEC, do, new, position

from familia_tui.games.sixsuit.actions import Split
from familia_tui.games.sixsuit.rules import SixSuitState


def choice(state: SixSuitState) -> str:
    bot = SPEC.bots["basic"]()
    seat = state.to_act
    assert seat is not None
    return str(bot.choose(state.view(seat), state.legal_actions(), random.Random(0)))


def test_basic_splits_the_jokers_and_the_white_over_three_members() -> None:
    state = new("sixsuit-6-fixed")
    action = SPEC.parse_action(choice(state))
    assert isinstance(action, Split) and all(len(share) == 1 for share in action.shares)
    four = new("sixsuit-4-fixed")
    assert choice(four) in ("split BJ+W BJ", "split BJ BJ+W")


def test_basic_plays_its_weakest_card_face_down_when_it_cannot_win() -> None:
    state = position(hands={0: "BJ 2S 3S", 1: "2H 3H 9H"}, face="QC")
    do(state, "play BJ")
    assert choice(state) == "play 2H down"


def test_basic_spends_a_joker_on_a_face_card_of_its_own_suit() -> None:
    state = position(hands={0: "10S 2S 3S", 1: "RJ 2H 3H"}, face="KH")
    do(state, "play 10S")
    assert choice(state) == "play RJ"


def test_basic_keeps_its_joker_for_a_face_card_of_little_value() -> None:
    state = position(hands={0: "10S 2S 3S", 1: "RJ 2H 3H"}, face="QC")
    do(state, "play 10S")
    assert choice(state) == "play 2H down"


def test_basic_completes_its_teams_battalion() -> None:
    state = position(hands={0: "5S 2S 3S", 1: "9H 2H 3H", 2: "5X 2X 3X", 3: "9L 2L 3L", 4: "5C 2C 3C"}, face="KC")
    do(state, "play 5S", "play 9H", "play 5X", "play 9L")
    assert choice(state) == "play 5C"


def test_basic_takes_a_forced_rebuild_and_passes_with_a_full_deck_early() -> None:
    state = position(hands={0: "4S 2S 3S", 1: "2H 3H 4H", 2: "2X 3X 4X", 3: "5L 3L 4L", 4: "2C 3C 4C",
                            5: "5D 3D 4D"})
    do(state, "play 4S", "play 2H", "play 2X", "play 5L", "play 3C", "play 5D")
    assert state.phase == "rebuild" and choice(state) == "pass"
    forced = position(hands={0: "4S 2S 3S", 1: "2H"}, decks={1: "-"})
    do(forced, "play 4S", "play 2H", "deck", "deck", "deck", "deck")
    while forced.to_act != 1:
        do(forced, "pass")
    assert choice(forced) == "rebuild"
