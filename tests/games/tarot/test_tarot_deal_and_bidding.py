"""Deals, the petit sec, dealer rotation, bidding and the number of hands (rules digest A3, A4,
A12; rulings TA-1, TA-10, TA-18, TA-22, TA-23)."""

from __future__ import annotations

import pytest
from tarot_helpers import card, legal, options, play, stacked

from familia_tui.core.engine import IllegalAction
from familia_tui.games.tarot.actions import parse_action
from familia_tui.games.tarot.game import GAME, default_seats, new_game
from familia_tui.games.tarot.rules import Phase


@pytest.mark.parametrize(("players", "size", "chien"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_A3_TA_22_cards_each_and_chien_by_player_count(players: int, size: int, chien: int) -> None:
    state = new_game(options(players), default_seats(options(players)), seed=4)
    assert [len(state.hand(s)) for s in range(players)] == [size] * players
    assert len(state.chien) == chien
    assert len(set(state.card_census()["hands"] + state.chien)) == 78


def test_A3_the_first_dealer_is_drawn_from_the_seed() -> None:
    opts = options(first_dealer=None)
    dealers = {new_game(opts, default_seats(opts), seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(opts, default_seats(opts), seed=7).dealer == new_game(opts, default_seats(opts), seed=7).dealer


def test_A4_bidding_starts_after_the_dealer_and_goes_once_round() -> None:
    state = stacked(options(), dealer=2)
    assert state.phase is Phase.BID and state.to_act == 3
    play(state, "pass", "bid prise", "pass")
    assert state.to_act == 2
    play(state, "bid garde")
    assert state.taker == 2 and str(state.contract) == "garde" and state.phase is Phase.ECART


def test_A4_TA_1_a_bid_must_be_strictly_higher_and_a_pass_is_always_allowed() -> None:
    state = play(stacked(options()), "bid garde")
    assert legal(state) == {"pass", "bid garde-sans", "bid garde-contre"}
    explanation = state.explain(parse_action("bid garde"))
    assert not explanation.legal and explanation.rulings == ("A4",)
    with pytest.raises(IllegalAction):
        state.apply(parse_action("bid prise"))
    assert state.explain(parse_action("pass")).legal


def test_A4_a_pass_is_final_the_highest_bidder_takes() -> None:
    state = play(stacked(options()), "bid prise", "bid garde", "pass", "bid garde-sans")
    assert state.taker == 0 and str(state.contract) == "garde-sans"
    assert [(s, str(c) if c else None) for s, c in state.bids] == [
        (1, "prise"), (2, "garde"), (3, None), (0, "garde-sans")]
    assert state.phase is Phase.SLAM  # garde sans: no chien exchange


def test_A4_all_pass_annuls_the_hand_and_the_next_dealer_redeals() -> None:
    state = play(stacked(options()), "pass", "pass", "pass", "pass")
    assert state.hands_played == 0 and state.deals_dealt == 2
    assert state.phase is Phase.BID
    assert state.dealer == 3  # the text: to the dealer's left = the seat that plays before him


def test_A4_every_seat_is_told_while_bidding_that_the_cards_were_dealt_again() -> None:
    state = play(stacked(options()), "pass", "pass", "pass")
    assert state.view(0).redeal is None
    play(state, "pass")  # everyone passed: a new deal
    assert {state.view(seat).redeal for seat in range(4)} == {"all_passed"}
    play(state, "bid prise")
    assert state.view(2).redeal == "all_passed"  # until everyone has spoken on the new cards
    play(state, "pass", "pass", "pass")
    assert state.phase is not Phase.BID and state.view(1).redeal is None


def test_TA_18_a_petit_sec_redeal_is_told_too() -> None:
    state = stacked(options(), hands={2: "T1 RS RH RD RC DS DH DD DC CS CH CD CC VS VH VD VC 10S"})
    assert state.view(0).redeal == "petit_sec"


def test_A3_TA_18_a_petit_sec_annuls_the_hand_before_bidding_and_does_not_count() -> None:
    state = stacked(options(), hands={2: "T1 RS RH RD RC DS DH DD DC CS CH CD CC VS VH VD VC 10S"})
    assert state.deals_dealt == 2 and state.hands_played == 0
    assert state.dealer == 3
    assert card("T1") not in state.hand(2) or len([c for c in state.hand(2) if c.suit >= 4]) > 1


def test_A3_the_petit_with_the_excuse_is_not_sec() -> None:
    state = stacked(options(), hands={2: "T1 EX RH RD RC DS DH DD DC CS CH CD CC VS VH VD VC 10S"})
    assert state.deals_dealt == 1 and state.phase is Phase.BID


def test_TA_18_the_annulled_hand_is_reported_with_the_holder_s_cards() -> None:
    opts = options()
    state = new_game(opts, default_seats(opts), seed=0,
                     deal={"hands": {1: "T1 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S VS CS DS RS 1H 2H 3H"}})
    annulled = [e for e in state.events if e.kind == "hand_annulled"]
    assert len(annulled) == 1 and annulled[0].seat == 1 and annulled[0].get("reason") == "petit_sec"
    assert card("T1") in annulled[0].cards


@pytest.mark.parametrize(("rotation", "dealers"), [("previous", [0, 3, 2, 1, 0]), ("next", [0, 1, 2, 3, 0])])
def test_TA_10_TA_23_the_deal_moves_by_the_option(rotation: str, dealers: list[int]) -> None:
    state = stacked(options(next_dealer=rotation, hands=5))
    seen = [state.dealer]
    for _ in range(4):
        play(state, "pass", "pass", "pass", "pass")
        seen.append(state.dealer)
    assert seen == dealers


def test_A4_grasch_on_all_pass_plays_the_hand() -> None:
    state = play(stacked(options(grasch=True)), "pass", "pass", "pass", "pass")
    assert state.grasch and state.phase is Phase.PLAY and state.taker is None
    assert state.to_act == 1 and state.deals_dealt == 1


def test_A12_TA_18_the_game_ends_after_the_counted_hands() -> None:
    opts = options(hands=2)
    state = new_game(opts, default_seats(opts), seed=11, deal={
        "then": [{"hands": {0: "T1 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S VS CS DS RS 1H 2H 3H"}}]})
    play(state, "bid prise", "pass", "pass", "pass")
    while state.hands_played == 0:
        state.apply(state.legal_actions()[0])
    assert state.deals_dealt == 3  # the second deal (petit sec) was annulled and redealt
    play(state, "bid garde", "pass", "pass", "pass")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.hands_played == 2 and state.to_act is None and state.legal_actions() == []
    assert state.result().deals_played == 2
    assert state.explain(parse_action("pass")).clauses[0].key == "tarot.game_over"


def test_GAME_default_preset_and_seats() -> None:
    assert GAME.default_preset == "tarot-4"
    assert [s.name for s in GAME.default_seats(options(5))] == ["P1", "P2", "P3", "P4", "P5"]
    with pytest.raises(ValueError):
        new_game(options(), default_seats(options(3)))
