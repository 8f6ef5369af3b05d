"""The six-suit search bot against `basic` (issue 15): paired games with the sides swapped.

Team games: the search bots play one team, basic bots the other; each seed is played twice, the
search bots on the black team, then on the red one, so both sides get the same deals. The
individual and secret-team games: one search seat, rotated over the seats. Prints the search
side's wins (a 95 % Wilson interval) and its mean point margin.

    nice python benchmarks/search_strength_sixsuit.py sixsuit-6 --games 40 --playouts 150
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from familia_tui.core.presets import find_preset  # noqa: E402
from familia_tui.core.registry import get_game  # noqa: E402
from familia_tui.core.search import Level, SearchBot  # noqa: E402
from familia_tui.games.sixsuit.bots import BasicBot  # noqa: E402
from familia_tui.games.sixsuit.rules import SixSuitState  # noqa: E402
from familia_tui.games.sixsuit.search import make_search  # noqa: E402


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(preset: str, seed: int, side: int, level: Level, tricks: int) -> tuple[float, float, int]:
    """One game; `side`: the search team (team games) or seat. Returns (won, margin, playouts)."""
    spec = get_game("sixsuit")
    options = find_preset("sixsuit", preset).options
    state = spec.new_game(options, spec.default_seats(options), seed=seed)
    assert isinstance(state, SixSuitState) and spec.search is not None
    search = SearchBot(make_search(tricks), clock=time.perf_counter)
    search.level = level
    team_game = state.team_game
    mine = {s for s in range(state.n) if (state.team_of[s] if team_game else s) == side}
    basics = {s: BasicBot() for s in range(state.n) if s not in mine}
    rng = random.Random(seed * 7919 + side)
    playouts = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        view = state.view(seat)
        if seat in mine:
            action = search.choose(view, legal, rng)
            playouts += search.playouts
        else:
            action = basics[seat].choose(view, legal, rng)
        state.apply(action)
    result = state.result()
    unit = state.team_of[min(mine)] if team_game or state.options.variant == "secret_team" else side
    names = [name for name, _ in result.units]
    won = 1.0 if result.order[0] == names[unit] else 0.0
    totals = [result.totals[name] for name in names]
    margin = totals[unit] - (sum(totals) - totals[unit]) / (len(totals) - 1)
    return won, margin, playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", nargs="?", default="sixsuit-6")
    parser.add_argument("--games", type=int, default=20, help="seeds (each played once per side)")
    parser.add_argument("--playouts", type=int, default=150)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--tricks", type=int, default=1, help="tricks per playout")
    args = parser.parse_args()
    level = Level(args.playouts, args.seconds)
    options = find_preset("sixsuit", args.preset).options
    sides = 2 if options.variant == "team" else options.players
    wins = margins = 0.0
    games = playouts = 0
    started = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.games):
        for side in range(sides) if sides == 2 else [seed % sides]:
            won, margin, used = play(args.preset, seed, side, level, args.tricks)
            wins, margins, games, playouts = wins + won, margins + margin, games + 1, playouts + used
        low, high = wilson(wins, games)
        print(f"{games} games: search side won {wins:.0f} ({wins / games:.0%}, 95% CI {low:.0%}–{high:.0%}), "
              f"mean margin {margins / games:+.2f}, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"playouts: {playouts} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
