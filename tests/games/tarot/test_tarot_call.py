"""Five players: the called card, the secret partner and the taker alone (rules digest A5;
rulings TA-13, TA-14, TA-14a)."""

from __future__ import annotations

from tarot_helpers import card, finish_hand, legal, options, play, position, stacked

from familia_tui.games.tarot.actions import parse_action
from familia_tui.games.tarot.rules import Phase

FIVE = options(5)
KINGS = "RS RH RD RC"
QUEENS = "DS DH DD DC"
KNIGHTS = "CS CH CD CC"


def taker_1(hand: str, chien: str = "", contract: str = "garde", others: dict[int, str] | None = None):  # type: ignore[no-untyped-def]
    """Seat 1 (first to speak, seat 0 deals) takes with `contract` holding `hand`."""
    state = stacked(FIVE, hands={1: hand, **(others or {})}, chien=chien)
    return play(state, f"bid {contract}", "pass", "pass", "pass", "pass")


def test_A5_the_taker_calls_a_king_before_the_chien_is_shown() -> None:
    state = taker_1("RS 2H 3H")
    assert state.phase is Phase.CALL and state.to_act == 1
    assert legal(state) == {"call RS", "call RH", "call RD", "call RC"}
    assert not [e for e in state.events if e.kind == "chien_shown"]


def test_TA_14a_calling_a_king_from_one_s_own_hand_is_allowed_and_the_taker_plays_alone() -> None:
    state = taker_1("RS 2H 3H")
    explanation = state.explain(parse_action("call RS"))
    assert explanation.legal and "TA-14a" in explanation.rulings
    play(state, "call RS")
    assert state.partner is None and state.side == [1, 0, 1, 1, 1]
    result = finish_hand(state)
    assert result.partner is None
    assert result.shares[1] == 4 * result.score.d and result.shares[0] == -result.score.d


def test_TA_14a_with_all_four_kings_only_a_queen_may_be_called() -> None:
    state = taker_1(f"{KINGS} 2H 3H")
    assert legal(state) == {"call DS", "call DH", "call DD", "call DC"}
    explanation = state.explain(parse_action("call RS"))
    assert not explanation.legal and explanation.rulings == ("TA-14a",)
    assert not state.explain(parse_action("call 10S")).legal


def test_TA_13_kings_and_queens_call_a_knight_then_kings_queens_knights_a_jack() -> None:
    assert legal(taker_1(f"{KINGS} {QUEENS}")) == {"call CS", "call CH", "call CD", "call CC"}
    assert legal(taker_1(f"{KINGS} {QUEENS} {KNIGHTS}")) == {"call VS", "call VH", "call VD", "call VC"}
    assert "TA-13" in taker_1(f"{KINGS} {QUEENS}").explain(parse_action("call CH")).rulings


def test_A5_the_holder_of_the_called_king_is_the_secret_partner_until_he_plays_it() -> None:
    state = taker_1("2H 3H", others={3: "RC 2C"})
    play(state, "call RC")
    assert state.partner == 3 and state.side == [1, 0, 1, 0, 1]
    for seat in (0, 1, 2, 4):
        assert state.view(seat).partner is None
    assert state.view(3).partner == 3 and state.view(3).taker_alone is False
    assert state.view(1).taker_alone is False  # the chien was shown without RC: someone has it


def test_A5_the_partner_is_revealed_when_the_called_card_is_played() -> None:
    state = position(FIVE, taker=1, contract="garde", called="RC", trick_cards=["2C", "3C"],
                     hands={3: "RC 4C"})
    assert state.to_act == 3 and state.view(0).partner is None
    events = play(state, "play RC").events
    revealed = [e for e in events if e.kind == "partner_revealed"]
    assert revealed[0].seat == 3 and revealed[0].cards == (card("RC"),)
    assert all(state.view(seat).partner == 3 for seat in range(5))


def test_A5_the_called_king_in_the_chien_leaves_the_taker_alone_and_everyone_sees_it() -> None:
    state = taker_1("2H 3H", chien="RD", contract="prise")
    play(state, "call RD")
    assert card("RD") in state.hand(1) and state.partner is None
    assert all(state.view(seat).taker_alone is True for seat in range(5))


def test_A5_under_garde_sans_the_called_king_in_the_chien_is_known_only_at_the_end() -> None:
    state = taker_1("2H 3H", chien="RD", contract="garde-sans")
    play(state, "call RD")
    assert state.partner is None and state.phase is Phase.SLAM
    assert all(state.view(seat).taker_alone is None for seat in (0, 2, 3, 4))
    assert state.view(1).taker_alone is None
    result = finish_hand(state)
    assert result.partner is None and result.shares[1] == 4 * result.score.d


def test_TA_14a_the_called_card_may_not_go_to_the_ecart() -> None:
    state = taker_1(f"{KINGS} DH 2H 3H", contract="prise")
    play(state, "call DH")
    assert "discard DH" not in legal(state)
    explanation = state.explain(parse_action("discard DH"))
    assert not explanation.legal and explanation.rulings == ("TA-14a",)


def test_A10_five_players_with_a_partner_taker_2D_partner_D() -> None:
    state = taker_1("2H 3H", others={3: "RC"})
    play(state, "call RC")
    result = finish_hand(state)
    d = result.score.d
    assert result.partner == 3
    assert result.shares == (-d, 2 * d, -d, d, -d)
