"""How often the Familia search bot's team beats basic bots (issue 15; a benchmark, not a test).

    nice python benchmarks/search_strength_familia.py [--preset familia-4] [--games 100]
        [--level easy] [--playouts N] [--seconds S] [--seed 1] [--first-game 0]

Each game seats search bots for one team and basic bots for the others; the team the search bots
play alternates game by game (so seats and the first leader are rotated over the run). A game is
won when the search team ranks first alone. Prints the wins, ties and losses, the win rate with
its 95 % Wilson interval, the mean score lead and the search bot's mean playouts per decision.
`--playouts` with no `--seconds` fixes the count per decision (the clock is ignored, so the run
is repeatable and the machine's load does not change it). `--first-game` starts the run later
in the same sequence of games (to split one run over several processes).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main() -> None:
    from familia_tui.core.presets import find_preset
    from familia_tui.core.search import LEVELS, Level, SearchBot
    from familia_tui.games.familia.bots import BasicBot
    from familia_tui.games.familia.game import GAME
    from familia_tui.games.familia.match import units_of

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="familia-4")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", default="easy", choices=sorted(LEVELS))
    parser.add_argument("--playouts", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", type=int, default=0)
    args = parser.parse_args()

    options = find_preset("familia", args.preset).options
    seats = GAME.default_seats(options)
    units = units_of(seats)
    assert GAME.search is not None
    level = LEVELS[args.level]
    fixed = args.playouts is not None and args.seconds is None
    level = Level(args.playouts or level.playouts, args.seconds or level.seconds)
    search = SearchBot(GAME.search, args.level, clock=(lambda: 0.0) if fixed else time.perf_counter)
    search.level = level
    basic = BasicBot()
    wins = ties = losses = 0
    leads: list[float] = []
    decisions = playouts = 0
    started = time.perf_counter()
    first = args.first_game
    for game in range(first, first + args.games):
        unit, members = units[game % len(units)]
        state = GAME.new_game(options, seats, seed=args.seed * 100_000 + game // len(units))
        rng = random.Random(game)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if seat in members:
                action = search.choose(state.view(seat), legal, rng)
                if len(legal) > 1:
                    decisions += 1
                    playouts += search.playouts
            else:
                action = basic.choose(state.view(seat), legal, rng)
            state.apply(action)
        match = state.result()
        ranks = dict(match.ranking())
        best = min(ranks.values())
        if ranks[unit] == best and sum(rank == best for rank in ranks.values()) == 1:
            wins += 1
        elif ranks[unit] == best:
            ties += 1
        else:
            losses += 1
        others = [match.measure(other) for other, _ in units if other != unit]
        leads.append(match.measure(unit) - sum(others) / len(others))
        played = game + 1 - first
        low, high = wilson(wins, played)
        print(f"{played:4d} games: {wins} won, {ties} tied, {losses} lost; "
              f"win rate {wins / played:.3f} [{low:.3f}, {high:.3f}]", file=sys.stderr)
    games = args.games
    mean = sum(leads) / games
    spread = math.sqrt(sum((lead - mean) ** 2 for lead in leads) / max(games - 1, 1) / games)
    low, high = wilson(wins, games)
    print(f"preset {args.preset}, search {level.playouts} playouts / {level.seconds} s"
          f"{' (count only)' if fixed else ''} vs basic, {games} games, "
          f"{time.perf_counter() - started:.0f} s")
    print(f"won {wins}, tied {ties}, lost {losses}: win rate {wins / games:.3f} "
          f"(95 % CI {low:.3f}–{high:.3f})")
    print(f"mean lead {mean:+.2f} ± {1.96 * spread:.2f}; "
          f"{playouts / max(decisions, 1):.0f} playouts per decision")


if __name__ == "__main__":
    main()
