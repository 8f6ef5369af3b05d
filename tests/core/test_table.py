"""The shared table helpers: seat order, standard follow-suit tricks, the clone policy and the
base state (legal-action cache, membership check, dispatch by action type)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pytest

from familia_tui.core.cards import Card, parse_card
from familia_tui.core.engine import Event, Explanation, IllegalAction
from familia_tui.core.table import (
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    BaseState,
    Cloneable,
    Copier,
    copy_list,
    copy_rows,
    follow_suit,
    handles,
    seat_ring,
    trick_winner,
    undeclared_fields,
)


def cards(text: str) -> list[Card]:
    return [parse_card(word) for word in text.split()]


# ----- seat order -----


def test_clockwise_next_wraps_round_the_table() -> None:
    ring = seat_ring(4)
    assert [ring.next(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert [ring.previous(seat) for seat in range(4)] == [3, 0, 1, 2]
    assert ring.following == (1, 2, 3, 0)


def test_counter_clockwise_next_goes_down_the_seat_numbers() -> None:
    ring = seat_ring(5, COUNTER_CLOCKWISE)
    assert [ring.next(seat) for seat in range(5)] == [4, 0, 1, 2, 3]
    assert [ring.previous(seat) for seat in range(5)] == [1, 2, 3, 4, 0]


@pytest.mark.parametrize("direction", [CLOCKWISE, COUNTER_CLOCKWISE])
def test_order_from_a_leader_holds_every_seat_once_in_the_direction_of_play(direction: int) -> None:
    ring = seat_ring(5, direction)  # type: ignore[arg-type]
    for leader in range(5):
        order = ring.order(leader)
        assert order[0] == leader and sorted(order) == list(range(5))
        assert all(order[i + 1] == ring.next(order[i]) for i in range(4))


def test_after_lists_the_others_from_the_next_seat_then_the_seat_itself() -> None:
    ring = seat_ring(4)
    assert ring.after(2) == (3, 0, 1, 2)
    assert seat_ring(4, COUNTER_CLOCKWISE).after(2) == (1, 0, 3, 2)


def test_step_gives_the_player_of_the_nth_card_of_a_trick() -> None:
    ring = seat_ring(4)
    assert [ring.step(3, i) for i in range(4)] == [3, 0, 1, 2]
    assert ring.step(0, -1) == 3
    assert seat_ring(4, COUNTER_CLOCKWISE).step(0, 1) == 3


@pytest.mark.parametrize("direction", [CLOCKWISE, COUNTER_CLOCKWISE])
def test_distance_inverts_step(direction: int) -> None:
    ring = seat_ring(6, direction)  # type: ignore[arg-type]
    for origin in range(6):
        for places in range(6):
            assert ring.distance(origin, ring.step(origin, places)) == places


def test_dealer_rotation_by_next_and_previous() -> None:
    ring = seat_ring(3)
    dealers = [0]
    for _ in range(4):
        dealers.append(ring.next(dealers[-1]))
    assert dealers == [0, 1, 2, 0, 1]
    assert ring.previous(0) == 2


def test_a_ring_is_built_once_per_size_and_direction() -> None:
    assert seat_ring(4) is seat_ring(4, CLOCKWISE)
    assert seat_ring(4) is not seat_ring(4, COUNTER_CLOCKWISE)
    with pytest.raises(ValueError):
        seat_ring(0)


def test_a_table_of_one_seat_passes_to_itself() -> None:
    ring = seat_ring(1)
    assert ring.next(0) == ring.previous(0) == 0 and ring.order(0) == (0,)


# ----- follow suit -----


def test_must_follow_the_led_suit_when_able() -> None:
    hand = cards("AS 10H 3H KD")
    assert follow_suit(hand, "H") == cards("10H 3H")


def test_void_in_the_led_suit_may_play_any_card_no_duty_to_trump() -> None:
    hand = cards("AS KD 2C")
    assert follow_suit(hand, "H") == hand


def test_the_leader_may_lead_any_card() -> None:
    hand = cards("AS KD 2C")
    assert follow_suit(hand, None) == hand


def test_follow_suit_reads_suits_through_a_key() -> None:
    hand = [("x", 3), ("y", 1), ("x", 9)]
    assert follow_suit(hand, "x", suit=lambda card: card[0]) == [("x", 3), ("x", 9)]


# ----- trick winner -----


def test_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    assert trick_winner(cards("10H AS KH 3H")) == 2


def test_an_off_suit_card_never_wins_however_high() -> None:
    assert trick_winner(cards("2H AS AD AC")) == 0


def test_any_trump_beats_the_led_suit() -> None:
    assert trick_winner(cards("AH 2S KH QH"), trump="S") == 1


def test_highest_trump_wins_among_trumps() -> None:
    assert trick_winner(cards("AH 2S KS 3S"), trump="S") == 2


def test_a_led_trump_is_the_led_suit_and_the_trump() -> None:
    assert trick_winner(cards("5S AH 9S KH"), trump="S") == 2


def test_a_trump_suit_nobody_played_changes_nothing() -> None:
    assert trick_winner(cards("10H AS KH 3H"), trump="C") == 2


def test_no_trump_is_the_led_suit_only() -> None:
    assert trick_winner(cards("10H AS KH 3H"), trump=None) == 2


def test_an_explicit_led_suit_overrides_the_first_card() -> None:
    """A game whose first card may have no suit (an Excuse) names the led suit itself."""
    plays = [("excuse", 0), ("H", 3), ("H", 7)]
    assert trick_winner(plays, led="H", suit=lambda c: c[0], rank=lambda c: c[1]) == 2


def test_a_trick_without_a_card_of_the_led_suit_or_trump_is_refused() -> None:
    with pytest.raises(ValueError):
        trick_winner([])
    with pytest.raises(ValueError):
        trick_winner(cards("AS KD"), led="H")


# ----- the clone policy -----


class Tally(Cloneable):
    IMMUTABLE = ("name",)
    SHARED = ("table",)
    COPIED: ClassVar[Mapping[str, Copier]] = {"counts": copy_list, "hands": copy_rows}

    def __init__(self) -> None:
        self.name = "t"
        self.table = {1: 2}
        self.counts = [1, 2]
        self.hands = [[1], [2]]


def test_clone_copies_the_declared_containers_and_shares_the_rest() -> None:
    tally = Tally()
    other = tally.clone()
    other.counts.append(3)
    other.hands[0].append(9)
    assert tally.counts == [1, 2] and tally.hands == [[1], [2]]
    assert other.table is tally.table and other.name == "t"
    assert type(other) is Tally


def test_a_field_outside_the_policy_is_reported() -> None:
    tally = Tally()
    assert undeclared_fields(tally) == set()
    tally.extra = []  # type: ignore[attr-defined]
    assert undeclared_fields(tally) == {"extra"}


def test_a_subclass_adds_to_its_parents_policy() -> None:
    class More(Tally):
        COPIED: ClassVar[Mapping[str, Copier]] = {"more": copy_list}

    more = More()
    more.more = [1]  # type: ignore[attr-defined]
    assert undeclared_fields(more) == set()
    other = more.clone()
    assert other.more is not more.more and other.counts is not more.counts  # type: ignore[attr-defined]


def test_a_field_declared_twice_is_refused() -> None:
    with pytest.raises(TypeError, match="counts"):
        class Twice(Cloneable):
            IMMUTABLE = ("counts",)
            COPIED: ClassVar[Mapping[str, Copier]] = {"counts": copy_list}


# ----- the base state -----


@dataclass(frozen=True)
class Take:
    amount: int


@dataclass(frozen=True)
class Stop:
    pass


class Pile(BaseState[Take | Stop, int, int]):
    """A toy: take 1 or 2 from a pile, or stop."""

    IMMUTABLE = ("left", "to_act", "is_over", "computed")

    def __init__(self, left: int) -> None:
        self.left, self.to_act, self.is_over, self.computed = left, 0, False, 0
        self._legal = None
        self.events = []

    def _compute_legal(self) -> Sequence[Take | Stop]:
        self.computed += 1
        return [Take(n) for n in (1, 2) if n <= self.left] + [Stop()]

    @handles(Take)
    def _take(self, action: Take) -> None:
        self.left -= action.amount

    @handles(Stop)
    def _stop(self, action: Stop) -> None:
        self.is_over = True

    def explain(self, action: Take | Stop) -> Explanation:
        return Explanation(False, ())

    def view(self, seat: int) -> int:
        return self.left

    def result(self) -> int:
        return self.left


def test_legal_actions_are_computed_once_per_decision() -> None:
    pile = Pile(3)
    assert pile.legal_actions() is pile.legal_actions()
    assert pile.computed == 1
    pile.apply(Take(1))
    assert pile.legal_actions() == [Take(1), Take(2), Stop()] and pile.computed == 2


def test_apply_dispatches_by_action_type() -> None:
    pile = Pile(3)
    pile.apply(Take(2))
    assert pile.left == 1
    pile.apply(Stop())
    assert pile.is_over


def test_an_action_not_in_the_legal_actions_raises_with_the_games_explanation() -> None:
    pile = Pile(1)
    with pytest.raises(IllegalAction) as raised:
        pile.apply(Take(2))
    assert raised.value.explanation is not None and not raised.value.explanation.legal
    assert pile.left == 1


def test_the_clone_starts_with_no_events_and_a_shared_legal_cache() -> None:
    pile = Pile(3)
    event = Event("taken", 0)
    pile.events.append(event)
    legal = pile.legal_actions()
    other = pile.clone()
    assert other.events == [] and pile.events == [event]
    assert other.legal_actions() is legal
    other.apply(Take(1))
    assert pile.left == 3 and pile.legal_actions() is legal
