"""The chien, the écart and its restrictions, and who owns the chien (rules digest A4, A6;
rulings TA-2, TA-14a, TA-23)."""

from __future__ import annotations

from tarot_helpers import card, cards, finish_hand, legal, options, play, stacked

from familia_tui.games.tarot.actions import parse_action
from familia_tui.games.tarot.cards import HALF_POINTS, SUIT, TRUMP
from familia_tui.games.tarot.rules import Phase

# Seat 1 takes (seat 0 deals). A hand with two plain non-king cards only: the rest is kings,
# bouts and trumps, so 4 of the 6 discards must be trumps.
TRUMPY = "RS RH RD RC T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 2S 3S"
CHIEN = "T11 T12 T13 T14 T15 T16"


def taker(contract: str = "garde", hand: str = TRUMPY, chien: str = CHIEN, **fields: object):  # type: ignore[no-untyped-def]
    state = stacked(options(**fields), hands={1: hand}, chien=chien)
    return play(state, f"bid {contract}", "pass", "pass", "pass")


def test_A6_prise_and_garde_show_the_chien_and_the_taker_takes_it() -> None:
    state = taker("prise")
    shown = [e for e in state.events if e.kind == "chien_shown"]
    assert shown and shown[0].cards == tuple(cards(CHIEN))
    assert state.phase is Phase.ECART and len(state.hand(1)) == 24
    assert all(state.view(seat).chien == tuple(cards(CHIEN)) for seat in range(4))


def test_TA_2_kings_and_bouts_are_never_discarded() -> None:
    state = taker()
    for text, ruling in (("RS", "TA-2"), ("T21", "TA-2"), ("T1", "TA-2"), ("EX", "TA-2")):
        explanation = state.explain(parse_action(f"discard {text}"))
        assert not explanation.legal and explanation.rulings == (ruling,)
    assert not any(str(c) in legal(state) for c in ("discard RS", "discard EX"))


def test_TA_2_trumps_are_discarded_only_when_no_other_card_may_be() -> None:
    state = taker()
    assert legal(state) == {"discard 2S", "discard 3S"}
    explanation = state.explain(parse_action("discard T2"))
    assert not explanation.legal and explanation.rulings == ("TA-2",)
    assert explanation.allowed == ("2S", "3S")
    play(state, "discard 2S", "discard 3S")
    trumps = {f"discard T{i}" for i in range(2, 17)}  # T2–T10 and the chien's T11–T16
    assert legal(state) == trumps
    assert state.explain(parse_action("discard T2")).legal


def test_TA_2_TA_23_discarded_trumps_stay_hidden_by_default() -> None:
    state = play(taker(), "discard 2S", "discard 3S")
    events = state.apply(parse_action("discard T2"))
    assert events[0].kind == "card_discarded" and events[0].cards == () and not events[0].get("shown")
    assert state.view(0).ecart_shown == () and state.view(0).ecart is None
    assert state.view(1).ecart == tuple(cards("2S 3S T2"))


def test_TA_2_the_fft_option_shows_discarded_trumps_to_everyone() -> None:
    state = play(taker(discarded_trumps_shown=True), "discard 2S", "discard 3S")
    events = state.apply(parse_action("discard T2"))
    assert events[0].cards == (card("T2"),) and events[0].get("shown")
    assert state.view(0).ecart_shown == (card("T2"),)
    explanation = state.explain(parse_action("discard T3"))
    assert explanation.clauses[0].key == "tarot.ecart_trump_shown"


def test_A6_the_ecart_is_as_large_as_the_chien_then_the_slam_decision() -> None:
    state = taker()
    while state.phase is Phase.ECART:
        state.apply(state.legal_actions()[0])
    assert len(state.ecart) == 6 and len(state.hand(1)) == 18
    assert state.phase is Phase.SLAM and legal(state) == {"slam", "no-slam"}


def test_A6_the_ecart_counts_for_the_taker() -> None:
    state = taker("prise", hand="RS RH RD RC T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 DS DH DD",
                  chien="2S 3S 4S 5S 6S 7S", hands=1)  # one hand: the state keeps it when scored
    play(state, "discard DS", "discard DH", "discard DD", "discard 2S", "discard 3S", "discard 4S")
    result = finish_hand(state)
    assert result.ecart == tuple(cards("DS DH DD 2S 3S 4S"))
    assert sum(HALF_POINTS[c] for c in result.ecart) == 24
    won = sum(state.won_half[s] for s in range(4) if state.side[s] == 0)
    assert result.points_half == won + 24


def test_A4_garde_sans_the_chien_is_neither_shown_nor_exchanged_and_counts_for_the_taker() -> None:
    state = taker("garde-sans", chien="RS T21 2C 3C 4C 5C", hand="RH 2H")
    assert state.phase is Phase.SLAM and len(state.hand(1)) == 18
    assert not [e for e in state.events if e.kind == "chien_shown"]
    assert all(state.view(seat).chien is None for seat in range(4))
    taker_half, taker_bouts, _, _ = state.side_points()
    assert (taker_half, taker_bouts) == (9 + 9 + 4, 1)  # the chien's points, before any trick
    result = finish_hand(state)
    assert result.bouts >= 1


def test_A4_garde_contre_the_chien_counts_for_the_defence() -> None:
    state = taker("garde-contre", chien="RS T21 2C 3C 4C 5C", hand="RH 2H", hands=1)
    taker_half, taker_bouts, defence_half, defence_bouts = state.side_points()
    assert (taker_half, taker_bouts, defence_half, defence_bouts) == (0, 0, 22, 1)
    result = finish_hand(state)
    assert result.points_half + sum(state.won_half[s] for s in range(4) if state.side[s] == 1) + 22 == 182


def test_TA_2_a_king_is_never_forced_into_the_ecart() -> None:
    hand = "RS RH RD RC T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"
    state = taker(hand=hand, chien="T13 T14 T15 T16 T17 T18")
    assert all(SUIT[c] == TRUMP for c in (a.card for a in state.legal_actions()))  # type: ignore[attr-defined]
    assert len(legal(state)) == 17
