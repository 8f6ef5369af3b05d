"""An explanation never contradicts the rules: what it names as allowed is `legal_actions()`.

For every shipped preset of every game, seeded random playouts stop at a few decision points;
there every illegal candidate (each card of the acting hand not legal to play, call or
discard; each Daifugō single and pair that does not answer the top) is explained, and the set
the explanation names as allowed must equal the legal actions of that kind. Scripted cases pin
the play-test example: the first Familia practice puzzle, where batting cards [R-F1] were left out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from familia_tui.core.presets import list_presets, rules_dir
from familia_tui.core.registry import game_ids, get_game
from familia_tui.core.scenario import load_scenario, start_state
from familia_tui.games.chinkway.actions import PLAY as CHINKWAY_PLAY
from familia_tui.games.chinkway.actions import TAKE as CHINKWAY_TAKE
from familia_tui.games.chinkway.actions import Play as ChinkwayPlay
from familia_tui.games.chinkway.actions import Take as ChinkwayTake
from familia_tui.games.daifugo.actions import Play as DaifugoPlay
from familia_tui.games.daifugo.actions import make_play
from familia_tui.games.familia.actions import PlayCard
from familia_tui.games.familia.actions import parse_action as familia_action
from familia_tui.games.sixsuit.actions import Play as SixSuitPlay
from familia_tui.games.sixsuit.actions import Word as SixSuitWord
from familia_tui.games.sixsuit.actions import play as sixsuit_play
from familia_tui.games.tarot.actions import CALL, DISCARD, PLAY
from familia_tui.games.tarot.actions import Play as TarotPlay
from familia_tui.games.tarot.cards import NAMES
from familia_tui.games.tarot.rules import Phase as TarotPhase

POSITIONS = 6
"""Decision points checked per preset (each with every illegal candidate)."""
MAX_STEPS = 400
"""A playout gives up after this many actions (long matches need not end)."""


def familia_candidates(state: Any) -> Iterator[Any]:
    if state.phase == "play":
        yield from (PlayCard(card) for card in set(state.hands[state.turn]))


def tarot_candidates(state: Any) -> Iterator[Any]:
    verbs = {TarotPhase.PLAY: PLAY, TarotPhase.ECART: DISCARD, TarotPhase.CALL: CALL}
    verb = verbs.get(state.phase)
    if verb is CALL:
        yield from CALL
    elif verb is not None:
        yield from (verb[card] for card in state.hand(state.to_act))


def daifugo_candidates(state: Any) -> Iterator[Any]:
    if state.phase != "follow":
        return
    naturals = [c for c in state.hand(state.to_act) if not c.is_joker]
    yield from (make_play([card]) for card in naturals)
    yield from (make_play(list(pair)) for pair in combinations(naturals, 2) if pair[0].rank == pair[1].rank)


def sixsuit_candidates(state: Any) -> Iterator[Any]:
    if state.phase == "play":
        for card in set(state.hands[state.to_act]):
            yield sixsuit_play(card, True)
            yield sixsuit_play(card, False)


def sixsuit_legal(state: Any, action: Any) -> set[str]:
    return {str(a) for a in state.legal_actions() if isinstance(a, (SixSuitPlay, SixSuitWord))}


def chinkway_candidates(state: Any) -> Iterator[Any]:
    if state.phase == "play":
        yield from (CHINKWAY_PLAY[card] for card in state.hands[state.to_act])
    elif state.phase == "pick":
        yield from CHINKWAY_TAKE.values()


def chinkway_legal(state: Any, action: Any) -> set[str]:
    return {str(a).split(" ", 1)[1] for a in state.legal_actions() if type(a) is type(action)}


def familia_legal(state: Any, action: Any) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if isinstance(a, PlayCard)}


def tarot_legal(state: Any, action: Any) -> set[str]:
    return {NAMES[a.card] for a in state.legal_actions() if type(a) is type(action)}


def daifugo_legal(state: Any, action: Any) -> set[str]:
    return {str(a).removeprefix("play ").removesuffix(" uno") for a in state.legal_actions()
            if isinstance(a, DaifugoPlay)}


GAMES: dict[str, tuple[Callable[[Any], Iterator[Any]], Callable[[Any, Any], set[str]]]] = {
    "familia": (familia_candidates, familia_legal),
    "tarot": (tarot_candidates, tarot_legal),
    "daifugo": (daifugo_candidates, daifugo_legal),
    "sixsuit": (sixsuit_candidates, sixsuit_legal),
}
if "chinkway" in game_ids():  # by its entry point, or by tests/conftest.py before `pip install -e .`
    GAMES["chinkway"] = (chinkway_candidates, chinkway_legal)

PRESETS = [(game, preset.id) for game in GAMES for preset in list_presets(game)[0]]


def names_allowed(state: Any, action: Any) -> bool:
    """An illegal play of a card held (not a Joker) must say which cards are allowed instead; so
    must a Daifugō play that does not answer the top."""
    if isinstance(action, PlayCard):
        return not action.card.is_joker
    return isinstance(action, (TarotPlay, DaifugoPlay, SixSuitPlay, ChinkwayPlay, ChinkwayTake))


def check_position(state: Any, game: str) -> int:
    """Explain every illegal candidate; returns how many named an allowed set (all checked)."""
    candidates, legal_of = GAMES[game]
    legal = state.legal_actions()
    named = 0
    for action in candidates(state):
        if action in legal:
            continue
        allowed = state.explain(action).allowed
        assert allowed is not None or not names_allowed(state, action), f"{action}: names no allowed set"
        if allowed is not None:
            assert set(allowed) == legal_of(state, action), f"{action}: {state.explain(action).text()}"
            assert len(allowed) == len(set(allowed)), f"{action}: an allowed item named twice"
            named += 1
    return named


@pytest.mark.parametrize(("game", "preset_id"), PRESETS, ids=[f"{g}/{p}" for g, p in PRESETS])
def test_what_an_explanation_allows_is_the_legal_set(game: str, preset_id: str) -> None:
    spec = get_game(game)
    preset = next(p for p in list_presets(game)[0] if p.id == preset_id)
    rng = random.Random(preset_id)
    state = spec.new_game(preset.options, spec.default_seats(preset.options), seed=rng.randrange(1000))
    positions = named = 0
    for _ in range(MAX_STEPS):
        if state.is_over or positions == POSITIONS:
            break
        if rng.random() < 0.15:
            found = check_position(state, game)
            positions += found > 0
            named += found
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert named > 0, "no illegal candidate named an allowed set: the check proved nothing"


# ----- the play-test example: the first practice puzzle -----

PUZZLE = rules_dir("familia") / "practice" / "01-which-cards-batting-must-win.yaml"


def puzzle_state() -> Any:
    puzzle = load_scenario(Path(PUZZLE))
    return start_state(get_game("familia"), puzzle)


@pytest.mark.parametrize("card", ["7D", "3C", "AS"])
def test_R_F1_practice_puzzle_names_the_batting_cards_as_allowed(card: str) -> None:
    why = puzzle_state().explain(familia_action(f"play {card}"))
    assert not why.legal
    assert set(why.allowed or ()) == {"10D", "6S", "9H"}
    assert "10D, 9H, 6S" in why.text()


def test_R_F11_practice_puzzle_must_win_no_longer_says_the_beaters_are_the_only_cards() -> None:
    text = puzzle_state().explain(familia_action("play 7D")).text()
    assert "must play one of them" not in text
    assert "[R-F11]" in text
