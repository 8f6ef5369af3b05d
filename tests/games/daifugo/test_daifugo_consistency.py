"""legal_actions() against the rules read play by play (perft-style consistency).

`explain()` re-reads the rules for one play (cards held, shape, the table, the order, the locks,
the finish, ウノ) independently of the generator in legal.py. For states from seeded random
playouts of several presets, every play the seat could write down must be legal exactly when no
clause of its explanation says it breaks a rule, and the legal list must hold no duplicates.
"""

from __future__ import annotations

import random

import pytest
from daifugo_helpers import candidate_plays, judged_legal, options

from familia_tui.core.cards import JOKER, Card
from familia_tui.games.daifugo.actions import parse_action
from familia_tui.games.daifugo.deck import CARD, NATURALS, POS8, POS9, POS_OF_RANK
from familia_tui.games.daifugo.game import default_seats, new_game
from familia_tui.games.daifugo.rules import DaifugoState
from familia_tui.games.daifugo.setup import position_state
from familia_tui.games.daifugo.shapes import shape_of

VARIANTS = {
    "plain": {},
    "kana-strict": {"rule_card": "KS", "uno": "strict"},
    "shina-kana-single-suit": {"rule_card": "7S", "suit_lock": "single_suit"},
    "jfugo-no-overlap": {"rule_card": "JS", "sequences": "no_overlap"},
    "shishi-diamond": {"rule_card": "10D", "shishi": True, "diamond_revolution": True},
}


def _states(fields: dict, seed: int, small: int = 6) -> list[DaifugoState]:
    """States of a random playout where the seat to act holds at most `small` cards."""
    opts = options(**fields)
    state = new_game(opts, default_seats(opts), seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_over:
        if state.phase in ("lead", "follow") and state.counts[state.to_act] <= small:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_actions_agree_with_the_rules_play_by_play(variant: str) -> None:
    checked = 0
    for seed in range(6):
        for state in _states(VARIANTS[variant], seed)[::3]:
            legal = state.legal_actions()
            listed = list(legal)
            assert len(listed) == len(legal) == len(set(listed)), "duplicates or a wrong count"
            for play in candidate_plays(state):
                verdict = play in legal
                assert verdict == judged_legal(state, play), (
                    f"{play}: legal={verdict} but explain says {state.explain(play).text()}")
                checked += 1
    assert checked > 1000


def _random_trick(rng: random.Random, free: list[Card], jokers: int) -> list[str]:
    """One or two plays of one form from `free` cards and up to `jokers` jokers: singles,
    groups, sequences, top jokers or a declared joker (the first play only sets up locks)."""
    kind = rng.choice(["single", "group", "sequence", "sequence", "top", "declared"])
    if kind == "top" and jokers:
        return [" ".join(["JK"] * rng.randint(1, jokers))]
    if kind == "declared" and jokers:
        return [f"JK={rng.choice(free)}"]
    if kind == "sequence":
        for _ in range(50):
            size, low = rng.choice([3, 3, 4]), rng.randrange(0, 9)
            suits = rng.choice([(0, 0), (1, 1), (0, 1), (2, 3), (3, 2)])
            shift = rng.choice([1, size])
            runs = [[CARD[p][suit] for p in range(start, start + size) if p < 13]
                    for start, suit in zip((low, low + shift), suits, strict=True)]
            cards = [c for run in runs for c in run]
            if all(len(run) == size for run in runs) and all(c in free for c in cards) and len(
                    set(cards)) == len(cards):
                return [" ".join(map(str, run)) for run in runs][rng.randrange(2):]
        return []
    card = rng.choice(free)
    pos = POS_OF_RANK[card.rank]
    size = 1 if kind == "single" else rng.randint(1, 2)
    plays = []
    for step in (0, 1):
        same = [c for c in free if POS_OF_RANK[c.rank] == min(12, pos + step)]
        if len(same) >= size:
            plays.append(" ".join(map(str, same[:size])))
            free = [c for c in free if c not in same[:size]]
    return plays[rng.randrange(len(plays)):] if plays else []


def _random_position(variant: dict, seed: int) -> DaifugoState | None:
    """A random moment: seat 0 holds 2–6 cards with up to two jokers; a random top (and maybe
    a play before it, so locks may stand); random revolution, reversal and locks."""
    rng = random.Random(seed)
    opts = options(**variant)
    deck = list(NATURALS)
    rng.shuffle(deck)
    jokers = rng.choice([0, 1, 1, 2, 2])
    hand = deck[:rng.randint(2, 6) - jokers] + [JOKER] * jokers
    trick = [] if rng.random() < 0.25 else _random_trick(rng, deck[20:], 4 - jokers)
    used = {t for play in trick for t in play.split()}
    rest = [c for c in deck[10:20] if str(c) not in used]
    data: dict = {"hands": {0: " ".join(map(str, hand)), 1: " ".join(map(str, rest[:5])),
                            2: " ".join(map(str, rest[5:]))},
                  "trick": [[3 - i, play] for i, play in enumerate(reversed(trick))][::-1],
                  "to_act": 0, "revolution": rng.random() < 0.4, "trick_reverse": rng.random() < 0.3}
    data["hands"][3] = str(next(c for c in deck[40:] if str(c) not in used))
    if len(trick) == 2:
        shape = shape_of(parse_action("play " + trick[-1]))
        assert not isinstance(shape, str)
        if rng.random() < 0.6 and shape.lock_suits:
            data["suit_lock"] = "".join("SHDC"[s] for s in shape.lock_suits)
        data["number_lock"] = rng.random() < 0.6 and shape.key < 13
    return position_state(opts, default_seats(opts), data, seed)


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_actions_agree_with_the_rules_in_random_positions(variant: str) -> None:
    checked = positions = 0
    for seed in range(150):
        state = _random_position(VARIANTS[variant], seed)
        if state.is_over or state.to_act != 0:
            continue
        positions += 1
        legal = state.legal_actions()
        listed = list(legal)
        assert len(listed) == len(legal) == len(set(listed)), "duplicates or a wrong count"
        for play in listed:
            assert judged_legal(state, play), f"{play}: {state.explain(play).text()}"
        for play in candidate_plays(state, max_jokers=2 if state.counts[0] <= 4 else 1,
                                    declared=_relevant(state)):
            verdict = play in legal
            assert verdict == judged_legal(state, play), (
                f"{play}: legal={verdict} but explain says {state.explain(play).text()}")
            checked += 1
    assert positions > 100 and checked > 5000


def _relevant(state: DaifugoState) -> tuple[Card, ...]:
    """Cards worth declaring jokers as: the hand's ranks, the top's rank and its neighbours,
    8s and 9s, in every suit."""
    positions = {POS_OF_RANK[c.rank] for c in state.hand(0) if not c.is_joker} | {POS8, POS9}
    if state.top is not None and state.top.key < 13:
        positions |= {max(0, state.top.key - 1), state.top.key, min(12, state.top.key + 1)}
    return tuple(CARD[p][s] for p in sorted(positions) for s in range(4))
