"""Stacked deals and positions: the filler, the phases a position may stop in, and the errors
that name what is wrong (scenario starts, DESIGN §5)."""

from __future__ import annotations

import pytest
from tarot_helpers import card, cards, legal, options, position, stacked

from familia_tui.games.tarot.rules import Phase
from familia_tui.games.tarot.setup import SetupError


def test_a_stacked_deal_places_the_given_cards_and_fills_the_rest() -> None:
    state = stacked(options(), hands={2: "RH T21 EX"}, chien="1S 2S", dealer=3)
    assert {card("RH"), card("T21"), card("EX")} <= set(state.hand(2))
    assert set(cards("1S 2S")) <= set(state.chien) and state.dealer == 3 and state.to_act == 0


def test_further_stacked_deals_follow_in_order() -> None:
    state = stacked(options(), then=[{"hands": {0: "RS RH RD RC"}}])
    for _ in range(4):
        state.apply(state.legal_actions()[0])  # everyone passes: the next deal is the stacked one
    assert set(cards("RS RH RD RC")) <= set(state.hand(0))


def test_the_filler_never_deals_a_petit_sec_the_scenario_did_not_ask_for() -> None:
    for seed in range(60):
        state = stacked(options(), seed=seed, hands={0: "T1"})
        assert state.deals_dealt == 1
        assert len([c for c in state.hand(0) if c.suit >= 4]) > 1


def test_the_filler_respects_voids() -> None:
    state = stacked(options(), hands={1: "2H"}, voids={1: "TXS"})
    assert all(c.suit not in (0, 4, 5) for c in state.hand(1))


@pytest.mark.parametrize(("deal", "message"), [
    ({"hands": {0: "RH", 1: "RH"}}, "placed twice"),
    ({"hands": {0: " ".join(f"T{i}" for i in range(1, 20))}}, "19 cards given"),
    ({"hands": {7: "RH"}}, "not a seat"),
    ({"chien": "ZZ"}, "not a Tarot card"),
    ({"voids": {0: "Q"}}, "use S, H, D, C"),
])
def test_stacked_deal_errors_name_the_problem(deal: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(SetupError, match=message):
        stacked(options(), **deal)


def test_a_position_in_the_bidding() -> None:
    state = position(options(), bids=["pass", "garde"])
    assert state.phase is Phase.BID and state.to_act == 3
    assert legal(state) == {"pass", "bid garde-sans", "bid garde-contre"}


def test_a_position_at_the_call_and_in_the_ecart() -> None:
    assert position(options(5), taker=2, contract="prise", phase="call").phase is Phase.CALL
    state = position(options(), taker=2, contract="prise", phase="ecart", ecart="3C",
                     chien="2S 3S 4S 5S 6S 7S")
    assert state.phase is Phase.ECART and state.ecart == [card("3C")]
    assert len(state.hand(2)) == 23 and set(cards("2S 3S 4S 5S 6S 7S")) <= set(state.hand(2))


def test_a_position_at_the_slam_decision_has_a_full_ecart() -> None:
    state = position(options(), taker=2, contract="garde", phase="slam")
    assert state.phase is Phase.SLAM and len(state.ecart) == 6 and len(state.hand(2)) == 18


def test_a_position_in_play_replays_the_tricks_with_their_winners() -> None:
    state = position(options(), taker=1, contract="garde", slam=True,
                     tricks=[["T21", "T2", "T4", "T5"], ["RS", "2S", "T3", "4S"]])
    assert state.slam_announced and state.tricks[0].leader == 1 and state.tricks[1].winner == 3
    assert state.to_act == 3 and state.trick_no == 2


@pytest.mark.parametrize(("data", "message"), [
    ({"phase": "dance"}, "use one of"),
    ({"phase": "play"}, "bidding over"),
    ({"taker": 1, "contract": "garde-sans", "phase": "ecart"}, "Prise or Garde"),
    ({"taker": 1, "contract": "garde-sans", "ecart": "2S"}, "only a Prise or Garde taker"),
    ({"bids": ["pass", "pass", "pass", "pass"]}, "annulled"),
    ({"taker": 1, "contract": "garde", "phase": "bid", "tricks": [["2S", "3S", "4S", "5S"]]}, "phase play"),
    ({"taker": 1, "contract": "garde", "tricks": [["2S", "3S"]]}, "a trick has 4 cards"),
    ({"taker": 1, "contract": "garde", "hands": {2: "5H"}, "trick_cards": ["2H", "3S"]},
     "trick_cards: illegal action play 3S"),
    ({"taker": 1, "contract": "garde", "tricks": [["2H", "T2", "3H", "4H"], ["5H", "6H", "7H", "8H"]]},
     "seat 2 plays 5H"),
    ({"taker": 1, "contract": "garde", "declarations": {2: ["misere-faces"]}}, "first card"),
    ({"taker": 1, "contract": "bid"}, "contract"),
])
def test_position_errors_name_the_problem(data: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(SetupError, match=message):
        position(options(), **data)


def test_a_five_player_position_after_the_call_names_the_called_card() -> None:
    with pytest.raises(SetupError, match="called"):
        position(options(5), taker=1, contract="garde")
