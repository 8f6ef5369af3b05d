"""What a search bot's playout costs per game: a state's `clone()` and a whole search playout (a
benchmark, not a test; issue 15).

    python benchmarks/search_playouts.py [--games familia,daifugo] [--seconds 2] [--no-instructions]

For each game's default preset, a position half-way through the first deal of a seeded random
game (the seat to act is the searching seat). Measured:

- **instructions per clone** and **per search playout** with `valgrind --tool=callgrind` (runs of
  N and 3N in fresh interpreters, the difference over 2N, so start-up cancels): independent of
  the machine's load, unlike the clock;
- **clone µs** and **search playouts per second** on the clock (best of three): what the bot
  does per playout, `SearchBot.playout` on a clone of a sample from the seat's view, each sample
  serving every legal action in turn, as a decision does.

Run it with the project's Python from the tree to measure (it imports the tree it lies in).

Measured 2026-11-27 on the shared 2-core machine under a load of 15–30 (callgrind could not
finish there; CPU time of the process instead, `time.process_time`, best of two interleaved
runs), before and after clones shared their generator copy-on-write and samples got a
`SharedRandom`:

| game | clone µs before → after | search playouts a CPU second before → after |
|---|---|---|
| familia | 15.7 → 3.3 | 5,000 → 5,590 |
| sixsuit | 15.6 → 3.0 | 7,100 → 7,740 |
| tarot | 2.6 → 2.7 (its own copy-on-write already) | 4,730 → 4,920 |
| chinkway | 14.9 → 2.5 | 5,690 → 6,190 |
| daifugo | 15.0 → 2.6 | 4,380 → 4,700 |
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
GAMES = ("familia", "sixsuit", "tarot", "chinkway", "daifugo")
COUNTS = {"clone": 2000, "search": 10}
"""N per kind for the instruction counts (the second run does 3N)."""


def middle(game: str, seed: int) -> tuple[Any, Any]:
    """The game's spec and a position half-way through its first deal (a seat to act with a
    choice)."""
    sys.path.insert(0, str(REPO))
    from engine_instructions import mid_deal  # (this folder: the same mid-deal position)

    from familia_tui.core.presets import find_preset
    from familia_tui.core.registry import get_game

    spec = get_game(game)
    options = find_preset(game, spec.default_preset).options
    seats = spec.default_seats(options)
    state, moves = mid_deal(spec, options, seats, seed, random.Random(seed))
    extra = len(moves) // 2
    while len(state.legal_actions()) < 2 and extra < len(moves) - 1:
        state.apply(moves[extra])
        extra += 1
    return spec, state


def clones(state: Any, count: int) -> None:
    for _ in range(count):
        state.clone()


def search_playouts(spec: Any, state: Any, count: int, seed: int) -> int:
    """`count` playouts as the search bot runs them; the actions they applied."""
    from familia_tui.core.search import SearchBot

    search = spec.search
    bot = SearchBot(search)
    seat = state.to_act
    view = state.view(seat)
    legal = state.legal_actions()
    rng = random.Random(seed)
    done = 0
    while done < count:
        sample = search.sample(view, rng)
        start = search.value(sample, seat), search.horizon(sample)
        for action in legal:
            bot.playout(sample.clone(), action, seat, start, rng)
            done += 1
            if done == count:
                break
    return done


def worker(kind: str, game: str, count: int, seed: int) -> None:
    spec, state = middle(game, seed)
    if kind == "clone":
        clones(state, count)
    else:
        search_playouts(spec, state, count, seed)


def instructions(kind: str, game: str, seed: int) -> float:
    """Callgrind's instructions per clone or per search playout (N and 3N, the difference)."""
    counts = []
    count = COUNTS[kind]
    for n in (count, 3 * count):
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "callgrind.out"
            subprocess.run(["valgrind", "--tool=callgrind", "-q", f"--callgrind-out-file={out}",
                            sys.executable, str(HERE), "--worker", kind, game, str(n), str(seed)],
                           check=True, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
            line = next(line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:")))
            counts.append(int(line.split()[1]))
    return (counts[1] - counts[0]) / (2 * count)


def clocked(game: str, seconds: float, seed: int) -> dict[str, float]:
    """Clone µs and search playouts per second on the clock (best of three)."""
    spec, state = middle(game, seed)
    best_clone = min(_time(lambda: clones(state, 500)) / 500 for _ in range(3))
    rates = []
    for _ in range(3):
        start, done = time.perf_counter(), 0
        while time.perf_counter() - start < seconds / 3:
            done += search_playouts(spec, state, 20, seed + done)
        rates.append(done / (time.perf_counter() - start))
    return {"clone_us": best_clone * 1e6, "playouts_per_second": max(rates),
            "legal_actions": len(state.legal_actions())}


def _time(work: Any) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        kind, game, count, seed = sys.argv[2:]
        worker(kind, game, int(count), int(seed))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma list of games")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="clock seconds of search playouts per game (0: no clock figures)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-instructions", action="store_true", help="clock figures only (no callgrind)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures: dict[str, dict[str, float]] = {}
    for game in args.games.split(","):
        row = clocked(game, args.seconds, args.seed) if args.seconds > 0 else {"clone_us": 0.0,
                                                                               "playouts_per_second": 0.0,
                                                                               "legal_actions": 0.0}
        if not args.no_instructions:
            row["instructions_per_clone"] = instructions("clone", game, args.seed)
            row["instructions_per_playout"] = instructions("search", game, args.seed)
        figures[game] = row
        print(f"measured {game}: {json.dumps(row)}", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{'game':<10} {'actions':>7} {'clone µs':>9} {'instr/clone':>12} {'instr/playout':>14} {'playouts/s':>11}")
    for game, row in figures.items():
        print(f"{game:<10} {row['legal_actions']:>7.0f} {row['clone_us']:>9.1f} "
              f"{row.get('instructions_per_clone', 0):>12,.0f} {row.get('instructions_per_playout', 0):>14,.0f} "
              f"{row['playouts_per_second']:>11.0f}")


if __name__ == "__main__":
    main()
