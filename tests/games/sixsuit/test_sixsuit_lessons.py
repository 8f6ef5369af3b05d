"""The guided first game's conditions for the six-suit game (`games/sixsuit/lessons.py`) agree
with the legal set over whole random games: the first card of a trick is never offered face down,
a later one may be, and a rebuild is named only when one may be declared."""

from __future__ import annotations

import random

from familia_tui.core.presets import find_preset
from familia_tui.core.registry import get_game
from familia_tui.games.sixsuit.actions import Play, Rebuild, Split
from familia_tui.games.sixsuit.lessons import following, leading, rebuilding, splitting


def test_conditions_never_contradict_the_legal_set() -> None:
    spec = get_game("sixsuit")
    options = find_preset("sixsuit", "sixsuit-4").options
    rng = random.Random(6)
    seen: set[str] = set()
    for seed in range(4):
        state = spec.new_game(options, spec.default_seats(options), seed=seed)
        while not state.is_over:
            view, legal = state.view(state.to_act), list(state.legal_actions())
            if leading(view, legal):
                seen.add("lead")
                assert all(a.face_up for a in legal if isinstance(a, Play))
            if following(view, legal):
                seen.add("follow")
                assert view.trick
            if rebuilding(view, legal):
                seen.add("rebuild")
                assert any(isinstance(a, Rebuild) for a in legal)
            if splitting(view, legal):
                seen.add("split")
                assert all(isinstance(a, Split) for a in legal)
            keep = [a for a in legal if not isinstance(a, Rebuild)]  # (decks run low)
            state.apply(rng.choice(keep or legal))
    assert seen == {"lead", "follow", "rebuild", "split"}
