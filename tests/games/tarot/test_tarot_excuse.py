"""The Excuse: its accounting across tricks, the last trick, the slam exception and the petit au
bout that goes with it (rules digest A9, A10; rulings TA-3, TA-3a, TA-20; FFT §9, §12)."""

from __future__ import annotations

from tarot_helpers import card, options, play, play_out, position, stacked

from familia_tui.games.tarot.cards import HALF_POINTS
from familia_tui.games.tarot.scoring import ContractResult

ONE = options(hands=1)  # one hand: the state keeps the finished hand for inspection
TRUMPS_DOWN = " ".join(f"T{i}" for i in range(21, 5, -1))  # T21 … T6


def slam_hand(**fields: object):  # type: ignore[no-untyped-def]
    """Seat 1 (Garde sans) holds T21–T6, T1 and the Excuse: he draws every trump, wins the
    17th trick with the Petit, and leads the Excuse to the last trick."""
    state = stacked(options(hands=1, **fields), hands={1: f"{TRUMPS_DOWN} T1 EX"},
                    chien="2S 3S 4S 5S 6S 7S")
    play(state, "bid garde-sans", "pass", "pass", "pass", "no-slam")
    return play_out(state, {1: f"{TRUMPS_DOWN} T1 EX"})


def test_TA_3_the_excuse_led_to_the_last_trick_by_a_side_that_won_every_trick_wins_it() -> None:
    state = slam_hand()
    last = state.tricks[-1]
    assert last.cards[0] == card("EX") and last.winner == 1 and state.excuse_slam
    assert all(t.winner == 1 for t in state.tricks)
    assert state.won_half[1] == 182 - 6  # everything but the chien (six 0.5 cards, his too)


def test_TA_3a_the_petit_in_the_second_to_last_trick_is_au_bout_after_the_excuse_slam() -> None:
    state = slam_hand()
    result = state.results[-1]
    assert isinstance(result, ContractResult)
    assert card("T1") in state.tricks[-2].cards and result.petit_au_bout == 1 and result.pab == 1
    # Garde sans: 91 points, 3 bouts (t 36): (25 + 55)·4 + 10·4 + unannounced slam 200
    assert result.points_half == 182 and result.bouts == 3 and result.slam == "taker"
    assert result.score.d == 80 * 4 + 40 + 200
    assert result.shares == (-560, 1680, -560, -560)


def test_TA_3_an_announced_slam_gives_the_taker_the_lead_and_400() -> None:
    state = stacked(ONE, hands={1: f"{TRUMPS_DOWN} T1 EX"}, chien="2S 3S 4S 5S 6S 7S", dealer=2)
    play(state, "pass", "pass", "bid garde-sans", "pass", "slam")
    assert state.leader == 1 and state.to_act == 1  # not the seat after the dealer (3)
    play_out(state, {1: f"{TRUMPS_DOWN} T1 EX"})
    result = state.results[-1]
    assert result.score.slam_term == 400 and result.score.d == 80 * 4 + 40 + 400  # type: ignore[union-attr]


def test_FFT_12_a_slam_stands_when_a_defender_kept_the_excuse_and_the_taker_scores_87() -> None:
    state = stacked(ONE, hands={1: " ".join(f"T{i}" for i in range(21, 3, -1)), 2: "EX"},
                    chien="2S 3S 4S 5S 6S 7S")
    play(state, "bid garde-sans", "pass", "pass", "pass", "no-slam")
    play_out(state, {2: "EX"})  # the Excuse at once, in the first trick
    result = state.results[-1]
    assert all(t.winner == 1 for t in state.tricks) and result.slam == "taker"  # type: ignore[union-attr]
    kept = [t for t in state.tricks if t.excuse_kept is not None]
    assert len(kept) == 1 and kept[0].excuse_kept == 2 and kept[0].number == 1
    assert result.points_half == 174 and state.won_half[2] == 8  # type: ignore[union-attr]
    assert result.bouts == 2 and state.won_bouts[2] == 1  # type: ignore[union-attr]


def test_TA_20_a_kept_excuse_gives_its_side_4_points_and_the_winner_half_a_point() -> None:
    state = position(ONE, taker=1, contract="garde", trick_cards=["RH", "EX", "2H"],
                     hands={0: "3H"}, voids={0: "H"})
    play(state, "play 3H")
    record = state.tricks[-1]
    assert record.winner == 1 and record.excuse_kept == 2
    assert state.won_half == [0, 9 + 1 + 1 + 1, 8, 0]
    assert state.won_bouts == [0, 0, 1, 0]
    trick_won = next(e for e in state.events if e.kind == "trick_won")
    assert trick_won.get("excuse_kept") == 2 and trick_won.get("points") == 6


def test_TA_20_an_excuse_played_by_the_trick_winner_s_side_moves_nothing_between_sides() -> None:
    state = position(ONE, taker=1, contract="garde", trick_cards=["2H", "RH", "EX"],
                     hands={0: "3H"}, voids={0: "H"})
    play(state, "play 3H")
    assert state.tricks[-1].winner == 2 and state.tricks[-1].excuse_kept == 3
    assert state.won_half == [0, 0, 9 + 1 + 1 + 1, 8]  # the defence holds the whole trick: 10
    _, _, defence_half, defence_bouts = state.side_points()
    assert (defence_half, defence_bouts) == (20, 1)


def test_TA_3a_an_excuse_not_led_to_the_last_trick_goes_to_the_trick_winner() -> None:
    taker = " ".join(f"T{i}" for i in range(21, 4, -1)) + " RS"  # T21–T5 drawn, then R♠
    state = stacked(ONE, hands={1: taker, 2: "EX"}, voids={2: "T"}, chien="2S 3S 4S 5S 6S 7S")
    play(state, "bid garde-sans", "pass", "pass", "pass", "no-slam")
    play_out(state, {1: taker}, keep={2: "EX"})
    last = state.tricks[-1]
    assert last.cards[:2] == (card("RS"), card("EX")) and last.winner == 1
    assert last.excuse_kept is None and not state.excuse_slam
    assert state.won_half[2] == 0 and state.results[-1].points_half == 182  # type: ignore[union-attr]
    assert state.results[-1].bouts == 3  # type: ignore[union-attr]


def test_TA_3_the_excuse_led_last_by_a_side_that_lost_a_trick_goes_to_the_winner() -> None:
    taker = " ".join(f"T{i}" for i in range(21, 5, -1)) + " 2S 3S"  # T21–T6, then 2♠ 3♠
    state = stacked(ONE, hands={1: taker, 2: "EX RS"}, voids={2: "T"}, chien="4S 5S 6S 7S 8S 9S")
    play(state, "bid garde-sans", "pass", "pass", "pass", "no-slam")
    play_out(state, {1: taker}, keep={2: "RS EX"}, tricks_left=2)
    play_out(state, {1: taker, 2: "RS"}, tricks_left=1)
    assert state.tricks[-1].winner == 2 and state.to_act == 2
    play_out(state)
    last = state.tricks[-1]
    assert last.cards[0] == card("EX") and last.winner != 2
    assert last.excuse_kept is None and not state.excuse_slam
    assert HALF_POINTS[card("EX")] <= state.won_half[last.winner]


def partner_excuse_last(last_trick_excuse: str):  # type: ignore[no-untyped-def]
    """5 players, Garde sans: seat 1 holds T21–T7 and leads them all; his partner (seat 3, who
    holds the called R♥) keeps the Excuse for the last trick, which the taker wins."""
    taker = " ".join(f"T{i}" for i in range(21, 6, -1))
    state = stacked(options(5, hands=1, last_trick_excuse=last_trick_excuse), hands={1: taker, 3: "RH EX"},
                    chien="2S 3S 4S")
    play(state, "bid garde-sans", "pass", "pass", "pass", "pass", "call RH", "no-slam")
    return play_out(state, {1: taker}, keep={3: "EX"})


def test_TA_24_fft_the_excuse_changes_camp_when_its_own_side_wins_the_last_trick() -> None:
    state = partner_excuse_last("changes_camp")
    last = state.tricks[-1]
    assert state.partner == 3 and last.winner == 1 and last.excuse_player == 3
    assert last.excuse_kept == 4  # the other camp's first player after the Excuse's
    assert state.won_half[4] == 8 and state.won_bouts[4] == 1  # 4 points and a bout
    assert last.points_half == sum(HALF_POINTS[c] for c in last.cards) - 8  # the half point stays
    result = state.results[-1]
    assert isinstance(result, ContractResult)
    assert result.points_half == 182 - 8 and result.bouts == 2 and result.slam == "taker"


def test_TA_24_text_the_excuse_in_the_last_trick_goes_to_its_winner() -> None:
    state = partner_excuse_last("winner")
    last = state.tricks[-1]
    assert last.winner == 1 and last.excuse_player == 3 and last.excuse_kept is None
    result = state.results[-1]
    assert isinstance(result, ContractResult) and result.points_half == 182 and result.bouts == 3


def test_TA_24_the_default_and_the_fft_presets_take_each_side() -> None:
    from familia_tui.core.presets import find_preset

    assert options().last_trick_excuse == "winner"
    for preset in ("tarot-3", "tarot-4", "tarot-5"):
        assert find_preset("tarot", preset).options.last_trick_excuse == "winner"
        assert find_preset("tarot", f"{preset}-fft").options.last_trick_excuse == "changes_camp"


def test_TA_19a_under_the_fft_switch_a_grasch_excuse_still_goes_to_the_last_trick_winner() -> None:
    state = stacked(options(3, hands=1, grasch=True, last_trick_excuse="changes_camp"), hands={1: "EX"})
    play(state, "pass", "pass", "pass")
    play_out(state, keep={1: "EX"})
    last = state.tricks[-1]
    assert last.excuse_player == 1 and last.excuse_kept is None
    assert HALF_POINTS[card("EX")] <= state.won_half[last.winner]
