"""The guided first game's conditions for Chinkway (`games/chinkway/lessons.py`) agree with the
legal set over whole random deals: following only when the legal cards are the led suit, any
card when the learner holds none of it (no obligation to trump, CW-2)."""

from __future__ import annotations

import random

from familia_tui.core.presets import find_preset
from familia_tui.core.registry import get_game
from familia_tui.games.chinkway.actions import Play
from familia_tui.games.chinkway.lessons import discarding, free_play, must_follow, naming_trumps


def test_conditions_never_contradict_the_legal_set_CW_2() -> None:
    spec = get_game("chinkway")
    options = find_preset("chinkway", "chinkway-10").options
    rng = random.Random(4)
    seen: set[str] = set()
    for seed in range(3):
        state = spec.new_game(options, spec.default_seats(options), seed=seed)
        for _ in range(120):
            view, legal = state.view(state.to_act), list(state.legal_actions())
            cards = {a.card for a in legal if isinstance(a, Play)}
            if must_follow(view, legal):
                seen.add("follow")
                assert {c.suit for c in cards} == {view.trick[0][1].suit}
            if free_play(view, legal):
                seen.add("free")
                assert cards == set(view.hand) and not any(c.suit == view.trick[0][1].suit for c in view.hand)
            seen |= {"discard"} if discarding(view, legal) else set()
            seen |= {"trumps"} if naming_trumps(view, legal) else set()
            state.apply(rng.choice(legal))
    assert seen == {"follow", "free", "discard", "trumps"}
