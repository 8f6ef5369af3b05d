"""The six-suit search's sampler (issue 15): samples agree with what a seat knows, and the truth
is always among them, for every shipped preset [R-S25], [R-S25a], [R-S16a], [R-S26], [R-S23]."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import pytest
from search_checks import assert_samples_agree, assert_true_deal_possible, random_positions
from sixsuit_helpers import SPEC, cards, options, position

from familia_tui.core.cards import Card
from familia_tui.core.presets import list_presets
from familia_tui.core.search import SearchBot
from familia_tui.games.sixsuit.rules import SixSuitState
from familia_tui.games.sixsuit.sampler import Plan, Token, plan

PRESETS = [preset.id for preset in list_presets("sixsuit")[0]]


def true_dealt(state: SixSuitState, seat: int, cards: Sequence[Any]) -> list[list[Any]]:
    """Where the unseen cards of `seat`'s view truly are, in the sampler's places."""
    the_plan = plan(state.view(seat))
    dealt: list[list[Any]] = [[] for _ in the_plan.room]
    tokens: dict[tuple[str, int, Card | None], list[Token]] = defaultdict(list)
    for card in cards:
        if isinstance(card, Token):
            tokens[card.kind, card.seat, card.card].append(card)

    def token(card: Card, holder: int) -> Any:
        if card.rank >= 2:
            return card
        for key in (("special", holder, card), ("special", -1, card), ("slot", holder, None)):
            if tokens[key]:
                return tokens[key].pop()
        return card  # the seat's own special

    dealt[the_plan.pile] = list(state.face_pile)
    if state.phase == "split":
        for member, place in the_plan.hold.items():
            dealt[place] = [token(card, member) for card in state.splits[member]]
    else:
        _true_play(state, the_plan, dealt, token, tokens)
    for key, left in tokens.items():
        for leftover in left:
            assert key[0] in ("gap", "identity"), f"{leftover} placed nowhere"
            place = next(p for p in sorted(the_plan.may[the_plan.index[leftover]])
                         if len(dealt[p]) < the_plan.room[p])
            dealt[place].append(leftover)
    return dealt


def _true_play(state: SixSuitState, the_plan: Plan, dealt: list[list[Any]], token: Any,
               tokens: dict[tuple[str, int, Card | None], list[Token]]) -> None:
    me = the_plan.me
    for s, place in enumerate(the_plan.captures):
        taken = list(state.captured[s])
        if s == state.last_winner and state.last_face is not None:
            taken.remove(state.last_face)
        dealt[place] = taken
    deck, discard, removed = the_plan.own
    dealt[deck] = list(state.decks[me])
    dealt[discard] = list((Counter(state.discards[me]) - Counter(the_plan.known_discard[me])).elements())
    own = [c for c, may in zip(the_plan.cards, the_plan.may, strict=True) if may <= set(the_plan.own)]
    dealt[removed] = list((Counter(own) - Counter(dealt[deck]) - Counter(dealt[discard])).elements())
    for seat, place in the_plan.ident.items():
        dealt[place] = [tokens["identity", -1, state.splits[seat][0]].pop()]
    for seat, place in the_plan.cards_place.items():
        down = next((c for s, c, up in state.trick if s == seat and not up and c is not None), None)
        last = next((c for s, c, up in state.last_trick if s == seat and not up and c is not None), None)
        cards = list(state.hands[seat]) + ([down] if seat in the_plan.trick_down else [])  # type: ignore[list-item]
        discards = Counter(state.discards[seat]) - Counter(the_plan.known_discard[seat])
        if seat in the_plan.last_within or seat in the_plan.last:
            assert last is not None
            if seat in the_plan.last:
                dealt[the_plan.last[seat]] = [token(last, seat)]
            else:
                cards.append(last)
            if not the_plan.removable(last):
                discards -= Counter([last])
        if seat in the_plan.shadow:
            dealt[the_plan.shadow[seat]] = [tokens["shadow", seat, last].pop()]
        tokens_in = [token(c, seat) for c in cards + list(state.decks[seat])]
        dealt[place] = tokens_in + [tokens["divider", seat, None].pop()] + [token(c, seat) for c in discards.elements()]
        held = Counter(state.splits[seat]) - Counter(c for c in state.hands[seat] + state.decks[seat]
                                                      + state.discards[seat] if c.rank < 2)
        held -= Counter(c for s, c, _ in state.trick if s == seat and c is not None)
        held -= Counter(the_plan.removed_known[seat])
        if last is not None and (seat in the_plan.last_within or seat in the_plan.last) and the_plan.removable(last):
            held -= Counter([last])
        dealt[the_plan.removed_place[seat]] = [token(c, seat) for c in held.elements()]
    shadows = [t for key, left in tokens.items() if key[0] == "shadow" for t in left]
    for shadow in shadows:
        place = next(p for p in the_plan.may[the_plan.index[shadow]] if p not in the_plan.shadow.values())
        dealt[place].append(shadow)
        tokens["shadow", shadow.seat, shadow.card].remove(shadow)


@pytest.mark.parametrize("preset", PRESETS)
def test_samples_agree_with_the_view_and_the_truth_is_possible(preset: str) -> None:
    """Every preset: random positions, each seat's samples look the same to it and play on to
    the end; the true deal is one the sampler can give."""
    rng = random.Random(preset)
    opts = options(preset)
    for state in random_positions(SPEC, opts, seeds=[1, 2], rng=rng, stops=5):
        for seat in range(state.n):
            assert_true_deal_possible(SPEC, state, seat, true_dealt)
        assert_samples_agree(SPEC, state, state.to_act or 0, rng, samples=1)


def _samples(state: SixSuitState, seat: int, count: int = 200) -> list[SixSuitState]:
    assert SPEC.search is not None
    rng = random.Random(5)
    view = state.view(seat)
    found = []
    for _ in range(count):
        sample = SPEC.search.sample(view, rng)
        assert isinstance(sample, SixSuitState)
        found.append(sample)
    return found


def test_a_whole_split_in_one_hand_is_spread_over_the_other_team_r_s26() -> None:
    """The black team gave seat 2 both Jokers and the white card and seat 2 holds them: seat 1
    (red) cannot know the split [R-S26], so its samples give them to any black member."""
    state = position(specials=["-", "RJ", "BJ BJ W", "RJ", "-", "W"], hands={2: "BJ BJ W"})
    assert_true_deal_possible(SPEC, state, 1, true_dealt)
    samples = _samples(state, 1)
    assert all(s.view(1) == state.view(1) for s in samples[:20])
    whole = sum(1 for s in samples if s.splits[2] == tuple(cards("BJ BJ W")))
    assert whole < len(samples) / 4
    for member in (0, 4):
        assert any(s.splits[member] for s in samples), f"seat {member} never received a special"
    assert any(c.rank < 2 for s in samples for c in s.hands[0] + s.hands[4])


def test_the_secret_pairs_are_sampled_from_the_seats_own_special_r_s23() -> None:
    """Seat 0 holds a black Joker; its partner is seat 3, which nobody has seen: every other
    seat is a possible partner in its samples, and its own pair stays black [R-S23], [R-S16a]."""
    state = position("sixsuit-secret-6", specials=["BJ", "RJ", "W", "BJ", "RJ", "W"])
    assert_true_deal_possible(SPEC, state, 0, true_dealt)
    partners = Counter(next(s for s in range(1, 6) if sample.splits[s] == sample.splits[0])
                       for sample in _samples(state, 0))
    assert set(partners) == {1, 2, 3, 4, 5}
    assert max(partners.values()) < 0.4 * sum(partners.values())


def test_a_shown_special_pins_its_pair_r_s16a() -> None:
    """A white card played face up shows its player's pair [R-S16a]: every sample keeps it."""
    state = position("sixsuit-secret-6", specials=["BJ", "RJ", "W", "BJ", "RJ", "W"],
                     trick=["9S", "9H", "W"])
    for sample in _samples(state, 0, 50):
        assert sample.splits[2] == (cards("W")[0],)
        assert sample.view(0) == state.view(0)


def test_an_opponents_best_cards_in_hand_are_spread_over_its_deck() -> None:
    """Seat 1 holds its A, 10 and Joker (individual game): seat 0's samples put them anywhere
    in seat 1's cards, not where they truly are."""
    state = position("sixsuit-individual-4", specials=["BJ", "RJ", "BJ", "RJ"], hands={1: "AH 10H RJ"})
    assert_true_deal_possible(SPEC, state, 0, true_dealt)
    samples = _samples(state, 0)
    truth = sorted(state.hands[1])
    assert sum(1 for s in samples if sorted(s.hands[1]) == truth) < len(samples) / 10
    assert Counter(c for s in samples for c in s.hands[1])[cards("AH")[0]] < len(samples) / 2


def test_the_search_bot_takes_a_valuable_trick_it_can_win() -> None:
    """Last to play for its own suit's K, with the A that wins: the search bot plays it face up
    (and a decision is repeatable for a view and a seed)."""
    state = position("sixsuit-4", hands={3: "AD 3D 4D"}, face="KD", leader=0, trick=["9S", "4H", "10C"])
    assert SPEC.search is not None and state.to_act == 3
    bot = SearchBot(SPEC.search, "easy", clock=lambda: 0.0)
    choices = {str(bot.choose(state.view(3), state.legal_actions(), random.Random(seed))) for seed in (1, 1, 2)}
    assert choices == {"play AD"}
