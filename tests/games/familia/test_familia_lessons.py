"""The guided first game's conditions for Familia (`games/familia/lessons.py`) agree with the
legal set over whole random deals: `must_follow` only when the legal cards are of the led suit or
bat a card already played (A.6, R-F1), `free_play` only when every card is allowed, and the
event tests read the trick's resolution (A.7)."""

from __future__ import annotations

import random

from familia_tui.core.presets import find_preset
from familia_tui.core.registry import get_game
from familia_tui.games.familia.actions import PlayCard
from familia_tui.games.familia.lessons import (
    batted,
    choosing_pile,
    free_play,
    joker_face,
    must_follow,
    trump_trick,
    void,
)


def test_conditions_never_contradict_the_legal_set_R_F1() -> None:
    spec = get_game("familia")
    options = find_preset("familia", "familia-4").options.model_copy(update={"face_jokers": 2})
    rng = random.Random(3)
    seen = set()
    for seed in range(8):
        state = spec.new_game(options, spec.default_seats(options), seed=seed)
        while not state.is_over:
            seat = state.to_act
            view, legal = state.view(seat), list(state.legal_actions())
            cards = {a.card for a in legal if isinstance(a, PlayCard)}
            played = {card.rank for _, card, _ in view.plays}
            if must_follow(view, legal):
                seen.add("follow")
                assert all(c.suit == view.led or c.rank in played for c in cards)
                assert cards != set(view.hand)
            if free_play(view, legal):
                seen.add("free")
                assert cards == set(view.hand)
            if trump_trick(view, legal):
                seen.add("trump")
                assert view.trump is not None and view.stock_count == 0
            assert choosing_pile(view, legal) == (not cards)
            for event in state.apply(rng.choice(legal)) or ():
                if joker_face(event):
                    seen.add("joker")
                    assert event.kind == "face_revealed" and event.cards[0].is_joker
                if event.kind == "trick_won":
                    record = event.get("trick")
                    assert batted(event) == bool(record.stage1 or record.stage2)
                    assert void(event) == (record.winner is None)
                    seen |= {"batted"} if batted(event) else set()
    assert seen == {"follow", "free", "trump", "batted", "joker"}
