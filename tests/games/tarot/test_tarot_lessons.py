"""The guided first game's conditions for French Tarot (`games/tarot/lessons.py`) agree with the
legal set over whole random hands: following, ruffing and overtrumping are named only when the
legal cards are exactly what the rule leaves (the Excuse always among them), and the Excuse test
reads the card played."""

from __future__ import annotations

import random

from familia_tui.core.presets import find_preset
from familia_tui.core.registry import get_game
from familia_tui.games.tarot.actions import Play
from familia_tui.games.tarot.cards import EXCUSE_SUIT, TRUMP
from familia_tui.games.tarot.lessons import LETTER, excuse, must_follow, must_overtrump, must_trump


def test_conditions_never_contradict_the_legal_set() -> None:
    spec = get_game("tarot")
    options = find_preset("tarot", "tarot-4").options.model_copy(update={"hands": 1})
    rng = random.Random(2)
    seen: set[str] = set()
    for seed in range(12):
        state = spec.new_game(options, spec.default_seats(options), seed=seed)
        while not state.is_over:
            seat = state.to_act
            view, legal = state.view(seat), list(state.legal_actions())
            cards = {a.card for a in legal if isinstance(a, Play)}
            if must_follow(view, legal):
                seen.add("follow")
                assert all(c.suit in (LETTER.index(view.led), EXCUSE_SUIT) for c in cards)
            if must_trump(view, legal):
                seen.add("ruff")
                assert all(c.suit in (TRUMP, EXCUSE_SUIT) for c in cards)
                assert not any(c.suit == LETTER.index(view.led) for c in view.hand)
            if must_overtrump(view, legal):
                seen.add("overtrump")
                top = max(card.rank for _, card in view.trick if card.is_trump)
                assert all(c.rank > top for c in cards if c.is_trump)
            for event in state.apply(rng.choice(legal)) or ():
                if excuse(event):
                    seen.add("excuse")
                    assert event.cards[0].suit == EXCUSE_SUIT
    assert seen == {"follow", "ruff", "overtrump", "excuse"}
