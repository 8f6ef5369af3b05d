"""The Daifugō search bot against the basic bot (issue 15): how often it ends ビリ (a benchmark,
not a test).

    nice python benchmarks/search_strength_daifugo.py [--preset daifugo-4] [--games 200]
        [--playouts 150] [--seconds 0.25] [--seed 1] [--policy quick|random]

One search bot sits at a seat that rotates game by game, basic bots at the others; each game is
one round (a fresh session of one game with its own rule card). Prints the search bot's ビリ
rate with a 95 % Wilson interval beside its fair share (1/players), its first places, and the
playouts per decision and per second.

Measured 2026-11-27 (daifugo-4, the `normal` level: 600 playouts or 1 s, on a loaded shared
machine that gave about 410 playouts a decision; seeds 21 and 22, 400 games each): ビリ 133 of
800 = 0.166 [0.142, 0.194] against a fair 0.250; first place 0.290 [0.260, 0.322].
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def wilson(hits: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if not total:
        return (0.0, 1.0)
    p = hits / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (centre - half, centre + half)


def main() -> None:
    from familia_tui.core.engine import Seat
    from familia_tui.core.presets import find_preset
    from familia_tui.core.search import LEVELS, Level, SearchBot, random_policy
    from familia_tui.games.daifugo.bots import BasicBot
    from familia_tui.games.daifugo.game import GAME
    from familia_tui.games.daifugo.search import SEARCH

    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="daifugo-4")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=LEVELS["easy"].playouts)
    parser.add_argument("--seconds", type=float, default=LEVELS["easy"].seconds)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=("quick", "random"), default="quick")
    args = parser.parse_args()

    options = find_preset("daifugo", args.preset).options.model_copy(update={"games": 1})
    n = options.players
    spec = SEARCH if args.policy == "quick" else type(SEARCH)(
        SEARCH.unseen, SEARCH.build, SEARCH.horizon, SEARCH.value, random_policy)
    search = SearchBot(spec, "easy")
    search.level = Level(args.playouts, args.seconds)
    basic = BasicBot()
    biri = firsts = decisions = playouts = 0
    reasons: dict[str, int] = {}
    thinking = 0.0
    for game in range(args.games):
        me = game % n
        seats = [Seat(name=f"P{i + 1}", controller="bot:search" if i == me else "bot:basic")
                 for i in range(n)]
        state = GAME.new_game(options, seats, seed=args.seed * 100003 + game)
        rng = random.Random(args.seed * 7919 + game)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            view = state.view(seat)
            if seat == me:
                start = time.perf_counter()
                action = search.choose(view, legal, rng)
                thinking += time.perf_counter() - start
                if search.playouts:
                    decisions += 1
                    playouts += search.playouts
            else:
                action = basic.choose(view, legal, rng)
            state.apply(action)
        record = state.session.games[-1]
        biri += record.biri == me
        if record.biri == me:
            reasons[record.reason] = reasons.get(record.reason, 0) + 1
        firsts += bool(record.places) and record.places[0] == me
        done = game + 1
        if done % 25 == 0 or done == args.games:
            low, high = wilson(biri, done)
            print(f"{done} games: ビリ {biri / done:.3f} [{low:.3f}, {high:.3f}] (fair {1 / n:.3f}),"
                  f" first {firsts / done:.3f}; {playouts / max(decisions, 1):.0f} playouts/decision,"
                  f" {playouts / max(thinking, 1e-9):.0f} playouts/s; ビリ by {reasons}", flush=True)


if __name__ == "__main__":
    main()
