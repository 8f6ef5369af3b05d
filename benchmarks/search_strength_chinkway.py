"""How strong Chinkway's search bot is against the basic bot (a benchmark, not a test; issue 15).

    nice python benchmarks/search_strength_chinkway.py --games 40 --level easy [--playouts 150]

One search bot plays whole games against four basic bots, its seat rotated game by game (seat
g % 5 in game g). Its figure per game is its total less the mean of the other four totals (0 for
a bot as strong as the table); the script prints the mean with its 95 % confidence interval, the
mean per deal, its average rank and its share of wins. `--playouts` gives every decision that
many playouts and no time limit (repeatable on a loaded machine); without it the level's own
budget holds (its playouts or its seconds, whichever comes first).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package, not an installed one

from familia_tui.core.presets import find_preset  # noqa: E402
from familia_tui.core.search import LEVELS, Level, SearchBot  # noqa: E402
from familia_tui.games.chinkway.bots import BasicBot  # noqa: E402
from familia_tui.games.chinkway.game import GAME  # noqa: E402


def play(game: int, args: argparse.Namespace) -> dict[str, float]:
    """One game, the search bot at seat `game % 5`: its margin, rank and think time."""
    options = find_preset("chinkway", args.preset).options
    state = GAME.new_game(options, GAME.default_seats(options), seed=args.seed + game)
    search_seat = game % 5
    search = SearchBot(GAME.search, args.level)  # type: ignore[arg-type]
    if args.playouts:
        search.level = Level(playouts=args.playouts, seconds=math.inf)
    basic, rng = BasicBot(), random.Random(args.seed * 1000 + game)
    thinking, decisions, playouts = 0.0, 0, 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if seat == search_seat:
            start = time.perf_counter()
            action = search.choose(state.view(seat), legal, rng)
            thinking += time.perf_counter() - start
            decisions += len(legal) > 1
            playouts += search.playouts
        else:
            action = basic.choose(state.view(seat), legal, rng)
        state.apply(action)
    totals = state.totals
    others = [totals[s] for s in range(5) if s != search_seat]
    ranking = dict(state.result().ranking())
    return {"margin": totals[search_seat] - sum(others) / 4, "deals": len(state.rows),
            "rank": ranking[state.seats[search_seat].name], "seconds": thinking,
            "decisions": decisions, "playouts": playouts}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % confidence interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", choices=sorted(LEVELS), default="easy")
    parser.add_argument("--playouts", type=int, default=0, help="playouts per decision, no time limit")
    parser.add_argument("--preset", default="chinkway-11")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = []
    for game in range(args.games):
        games.append(play(game, args))
        if not args.json:
            print(f"game {game + 1}: margin {games[-1]['margin']:+.1f}, rank {games[-1]['rank']}", flush=True)
    margin, half = interval([g["margin"] for g in games])
    deals = sum(g["deals"] for g in games)
    decisions = sum(g["decisions"] for g in games) or 1
    report = {
        "games": len(games), "level": args.level, "playouts": args.playouts or LEVELS[args.level].playouts,
        "margin_per_game": round(margin, 2), "ci95": round(half, 2),
        "margin_per_deal": round(margin * len(games) / deals, 3),
        "mean_rank": round(statistics.fmean(g["rank"] for g in games), 2),
        "wins": sum(g["rank"] == 1 for g in games),
        "seconds_per_decision": round(sum(g["seconds"] for g in games) / decisions, 3),
        "playouts_per_decision": round(sum(g["playouts"] for g in games) / decisions, 1),
    }
    print(json.dumps(report) if args.json else
          "\n".join(f"{key}: {value}" for key, value in report.items()))


if __name__ == "__main__":
    main()
