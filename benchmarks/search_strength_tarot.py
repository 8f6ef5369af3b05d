"""The Tarot search bot against the basic bot (issue 15): one search seat, basic bots elsewhere,
the search seat rotated hand by hand (a benchmark, not a test).

    nice python benchmarks/search_strength_tarot.py [--players 4] [--hands 100]
        [--playouts 600] [--seconds 1.0] [--seed 0] [--preset tarot-4] [--search-phases bid,play]

Each hand is a one-hand game on its own seed. The same deal is also played by basic bots only,
so besides the search seat's mean score per hand (Tarot's scores sum to zero: a bot as good as
the others averages 0) it prints the paired difference, the search seat's score less what a basic
bot scored in its place on the same deal (the cards' luck cancels out). Both with a 95 % normal
confidence interval; at the end, the search bot's seconds per decision, on the clock and of CPU
(the clock counts the machine's load). `--playouts` and `--seconds` set the decision's budget
(the normal level: 600 playouts or 1 s, whichever comes first; `--seconds 1000` makes the count
decide, so that the machine's load does not change the result).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from familia_tui.core.presets import find_preset
from familia_tui.core.search import Level, SearchBot
from familia_tui.games.tarot.bots import BasicBot
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.options import TarotOptions

THINK: list[tuple[float, float]] = []
"""The search bot's decisions: (seconds on the clock, CPU seconds of this process)."""


def play_hand(options: TarotOptions, seed: int, search_seat: int, bot: SearchBot | None,
              search_phases: frozenset[str]) -> float:
    """One hand on `seed`, the search bot at `search_seat` in `search_phases` (None: basic bots
    only): the score of `search_seat`."""
    state = GAME.new_game(options, GAME.default_seats(options), seed=seed)
    basic = BasicBot()
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.acting()
        legal = state.legal_actions()
        view = state.view(seat)
        if seat == search_seat and bot is not None and view.phase in search_phases:
            clock, cpu = time.perf_counter(), time.process_time()
            action = bot.choose(view, legal, rng)
            if len(legal) > 1:
                THINK.append((time.perf_counter() - clock, time.process_time() - cpu))
        else:
            action = basic.choose(view, legal, rng)
        state.apply(action)
    return float(state.totals()[search_seat])


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.1f} ± {half:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default=None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--playouts", type=int, default=600)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--search-phases", default="bid,call,ecart,slam,play",
                        help="the phases where the search bot decides (basic elsewhere)")
    args = parser.parse_args()
    preset = find_preset("tarot", args.preset or f"tarot-{args.players}")
    options = preset.options.model_copy(update={"hands": 1, "first_dealer": 0})
    n = options.players
    bot = SearchBot(GAME.search, "normal")  # type: ignore[arg-type]
    bot.level = Level(playouts=args.playouts, seconds=args.seconds)
    phases = frozenset(args.search_phases.split(","))
    scores: list[float] = []
    diffs: list[float] = []
    started = time.perf_counter()
    for hand in range(args.hands):
        seed = args.seed * 100_003 + hand
        seat = hand % n
        search_score = play_hand(options, seed, seat, bot, phases)
        basic_score = play_hand(options, seed, seat, None, phases)
        scores.append(search_score)
        diffs.append(search_score - basic_score)
        if (hand + 1) % 10 == 0 or hand + 1 == args.hands:
            print(f"{hand + 1} hands: search {interval(scores)} per hand, "
                  f"paired vs basic {interval(diffs)} ({time.perf_counter() - started:.0f} s)", flush=True)
    clock = [seconds for seconds, _ in THINK]
    cpu = [seconds for _, seconds in THINK]
    print(f"{len(THINK)} search decisions: {statistics.fmean(clock):.3f} s mean, {max(clock):.3f} s max on the "
          f"clock; {statistics.fmean(cpu):.3f} s mean, {max(cpu):.3f} s max of CPU")


if __name__ == "__main__":
    main()
