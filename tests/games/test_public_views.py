"""The engine owns hidden information: no view shows a card another player holds.

For every shipped preset of every game (found through the registry), a seeded random playout
checks at every step that

- the public view (`public_view()`: what a watcher or the hot-seat curtain may show) names no
  card that some seat holds, and leaves the fields its class declares private empty;
- `view(seat)` names no card held by a seat of another person (the 2-player Familia game shows a
  person both of his hands [R-F27]).

Cards are found by walking every field of the view as plain data (cards in their notation); a
card of which a game has two copies (two decks) is not checked, as its notation does not say
which copy it is. A
view class names the fields exempt from the walk: `SHOWN`, cards the rules show while they are
still held (Tarot's poignée and shown chien, Familia's cards drawn from the face-up stock) or
cards of another pack or pile (Daifugō's rule card, Familia's face piles), and `FINISHED`, fields
that hold earlier deals too (their cards are dealt again later). The options are the rules, not
the table, and are not walked.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from familia_tui.core.presets import list_presets
from familia_tui.core.queries import plain
from familia_tui.core.registry import game_ids, get_game

PRESETS = [(game, preset.id) for game in game_ids() for preset in list_presets(game)[0]]
MAX_STEPS = 1500
"""A playout stops after this many actions (long matches need not end)."""


def strings(value: Any) -> Iterator[str]:
    """Every text in a value as plain data (cards are their notation)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def cards_named(view: Any) -> dict[str, set[str]]:
    """The texts of every field of the view, by field, but those exempt from the walk."""
    exempt = {"options", *getattr(type(view), "SHOWN", ()), *getattr(type(view), "FINISHED", ())}
    return {f.name: set(strings(plain(getattr(view, f.name)))) for f in fields(view) if f.name not in exempt}


def leaks(view: Any, hidden: set[str]) -> dict[str, list[str]]:
    """The hidden cards each field of the view names."""
    found = {name: sorted(texts & hidden) for name, texts in cards_named(view).items()}
    return {name: cards for name, cards in found.items() if cards}


def unique_cards(state: Any) -> set[str] | None:
    """The cards of which the game has one copy (from its `card_census()`), or None when the
    game does not take a census. A card of two decks cannot be told from its twin by its
    notation, so only single cards are checked."""
    census = getattr(state, "card_census", None)
    if census is None:
        return None
    counts = Counter(str(card) for cards in census().values() for card in cards)
    return {card for card, copies in counts.items() if copies == 1}


def check(state: Any, hands: dict[int, list[str]], where: str) -> None:
    public = state.public_view()
    unique = unique_cards(state)
    if unique is not None:
        hands = {seat: [card for card in cards if card in unique] for seat, cards in hands.items()}
    held = {card for cards in hands.values() for card in cards}
    assert not leaks(public, held), f"{where}: the public view shows held cards: {leaks(public, held)}"
    for name in getattr(type(public), "PRIVATE", ()):
        value = getattr(public, name)
        assert not value, f"{where}: the public view's private field {name} is {value!r}"
    seats = state.seats
    for seat in range(len(seats)):
        person = seats[seat].person
        others = {card for other, cards in hands.items() if seats[other].person != person
                  for card in cards}
        found = leaks(state.view(seat), others)
        assert not found, f"{where}: seat {seat}'s view shows other players' cards: {found}"


@pytest.mark.parametrize(("game", "preset_id"), PRESETS, ids=[f"{g}/{p}" for g, p in PRESETS])
def test_no_view_shows_a_card_another_player_holds(game: str, preset_id: str) -> None:
    spec = get_game(game)
    preset = next(p for p in list_presets(game)[0] if p.id == preset_id)
    rng = random.Random(f"views {preset_id}")
    state = spec.new_game(preset.options, spec.default_seats(preset.options), seed=rng.randrange(1000))
    assert hasattr(state, "public_view"), f"{game}: the state has no public view"
    hands_query = spec.queries["hands"]
    for step in range(MAX_STEPS):
        check(state, hands_query(state), f"{preset_id} step {step}")
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
