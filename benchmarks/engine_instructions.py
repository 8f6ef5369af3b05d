"""CPU instructions per player action of our engines against OpenSpiel's C++ engines (a
benchmark, not a test; DESIGN.md §10, issue 15).

    python benchmarks/engine_instructions.py --pyspiel-python /work/ospiel-venv/bin/python [--json]

Both sides are driven the same way, from Python: random playouts (`legal_actions()`, a uniform
random choice, `apply`), whole games from a fresh start. Ours: each game's default preset through
the engine (`new_game`, `legal_actions`, `apply`; the deal is the engine's own). OpenSpiel's
`hearts` and `dou_dizhu` through pyspiel (`legal_actions()`, `apply_action()`; chance nodes are
sampled from `chance_outcomes()` and are not counted as actions). Each playout runs in a fresh
interpreter under `valgrind --tool=callgrind`, whose instruction counts do not depend on the load
of the machine; each is run with N and 3N games and the difference of instructions is divided by
the difference of player actions, so that start-up (imports, the first deal's caches) cancels.
The ratio compares trick-taking games (familia, sixsuit, tarot, chinkway) with hearts and
Daifugō with dou_dizhu.

Secondary, wall-clock: playouts per second, a playout being what a search bot does per sample:
clone a mid-deal state and play random actions to the end of that deal.

pyspiel is not a dependency of the project; give the benchmark a Python that has it. Create one
outside the repository (a manylinux wheel exists for CPython 3.11):

    python3.11 -m venv /work/ospiel-venv
    /work/ospiel-venv/bin/pip install open_spiel

Run this script with the project's Python (the one that imports familia_tui); it needs
`valgrind` on the PATH. `--no-openspiel` measures ours alone (the ratios are then left out).
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
REFERENCE = {"familia": "hearts", "sixsuit": "hearts", "tarot": "hearts", "chinkway": "hearts",
             "daifugo": "dou_dizhu"}
"""The OpenSpiel game each of ours is compared with: trick-taking with hearts, climbing with
dou_dizhu."""
OPENSPIEL = ("hearts", "dou_dizhu")
BASE_GAMES = {"familia": 20, "sixsuit": 12, "tarot": 2, "chinkway": 2, "daifugo": 12,
              "hearts": 15, "dou_dizhu": 15}
"""N per engine (the second run plays 3N): roughly 1,000 player actions each."""
DEAL_ENDS = frozenset({"deal_scored", "game_scored", "game_over"})
"""Event kinds that end a deal (core/events.py), for the playouts."""


# ----- workers: run in a fresh interpreter, under callgrind or on the clock -----

def our_start(game: str, preset_ref: str | None) -> tuple[Any, Any, list[Any]]:
    """The game spec, the preset's options and its default seats."""
    sys.path.insert(0, str(REPO))
    from familia_tui.core.presets import find_preset
    from familia_tui.core.registry import get_game

    spec = get_game(game)
    preset = find_preset(game, preset_ref or spec.default_preset)
    return spec, preset.options, spec.default_seats(preset.options)


def our_games(game: str, preset_ref: str | None, games: int, seed: int) -> int:
    """Random playouts of whole games; the number of actions applied."""
    spec, options, seats = our_start(game, preset_ref)
    rng = random.Random(seed)
    actions = 0
    for number in range(games):
        state = spec.new_game(options, seats, seed=seed + number)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions


def spiel_step(state: object, rng: random.Random) -> bool:
    """One step of an OpenSpiel state: a sampled chance outcome, or a random player action
    (True)."""
    if state.is_chance_node():  # type: ignore[attr-defined]
        outcomes = state.chance_outcomes()  # type: ignore[attr-defined]
        pick, total, chosen = rng.random(), 0.0, outcomes[-1][0]
        for action, probability in outcomes:
            total += probability
            if pick < total:
                chosen = action
                break
        state.apply_action(chosen)  # type: ignore[attr-defined]
        return False
    legal = state.legal_actions()  # type: ignore[attr-defined]
    state.apply_action(legal[int(rng.random() * len(legal))])  # type: ignore[attr-defined]
    return True


def spiel_games(name: str, games: int, seed: int) -> int:
    """Random playouts of whole OpenSpiel games; the number of player actions."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions += spiel_step(state, rng)
    return actions


def mid_deal(spec: Any, options: object, seats: Any, seed: int,
             rng: random.Random) -> tuple[Any, list[object]]:
    """A random first deal's actions (from `rng`) and the state half-way through it."""
    probe = spec.new_game(options, seats, seed=seed)
    moves = []
    while not probe.is_over:
        legal = probe.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        moves.append(action)
        if DEAL_ENDS & {event.kind for event in probe.apply(action)}:
            break
    middle = spec.new_game(options, seats, seed=seed)
    for action in moves[: len(moves) // 2]:
        middle.apply(action)
    return middle, moves


def our_playouts(game: str, preset_ref: str | None, seconds: float, seed: int) -> dict[str, float]:
    """Clone a mid-deal state and play it to the deal's end, again and again for `seconds`."""
    spec, options, seats = our_start(game, preset_ref)
    rng = random.Random(seed)
    middle, _ = mid_deal(spec, options, seats, seed, rng)

    def playout() -> int:
        state = middle.clone()
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            steps += 1
            if DEAL_ENDS & {event.kind for event in state.apply(legal[int(rng.random() * len(legal))])}:
                break
        return steps

    return clocked(playout, seconds)


def spiel_playouts(name: str, seconds: float, seed: int) -> dict[str, float]:
    """Clone a mid-deal OpenSpiel state and play it to the end, again and again for `seconds`."""
    import pyspiel

    rng = random.Random(seed)
    probe = pyspiel.load_game(name).new_initial_state()
    moved = []
    while not probe.is_terminal():
        moved.append(spiel_step(probe, rng))
    half, steps = sum(moved) // 2, 0
    while sum(moved[:steps]) < half:  # as far as half of the player actions
        steps += 1
    middle = pyspiel.load_game(name).new_initial_state()
    for action in probe.history()[:steps]:
        middle.apply_action(action)

    def playout() -> int:
        state = middle.clone()
        steps = 0
        while not state.is_terminal():
            steps += spiel_step(state, rng)
        return steps

    return clocked(playout, seconds)


def clocked(playout: object, seconds: float) -> dict[str, float]:
    """Run `playout()` until `seconds` have passed: playouts and their actions per second."""
    playouts = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        actions += playout()  # type: ignore[operator]
        playouts += 1
        elapsed = time.perf_counter() - start
    return {"playouts_per_second": playouts / elapsed, "actions_per_playout": actions / playouts,
            "actions_per_second": actions / elapsed}


def worker(words: list[str]) -> None:
    """`--worker KIND ENGINE PRESET COUNT SEED`: print one JSON object."""
    kind, engine, preset, count, seed = words
    preset_ref = None if preset == "-" else preset
    if kind == "games":
        actions = (spiel_games(engine, int(count), int(seed)) if engine in OPENSPIEL
                   else our_games(engine, preset_ref, int(count), int(seed)))
        print(json.dumps({"actions": actions}))
    else:
        figures = (spiel_playouts(engine, float(count), int(seed)) if engine in OPENSPIEL
                   else our_playouts(engine, preset_ref, float(count), int(seed)))
        print(json.dumps(figures))


# ----- the driver -----

def run_worker(python: str, words: list[str], callgrind: bool) -> tuple[dict[str, float], int | None]:
    """Run a worker (under callgrind when asked): its JSON and the instructions it executed."""
    command = [python, str(HERE), "--worker", *words]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if not callgrind:
        done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
        return json.loads(done.stdout), None
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", "-q", f"--callgrind-out-file={out}", *command],
                              check=True, capture_output=True, text=True, env=env)
        totals = [line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:"))]
        return json.loads(done.stdout), int(totals[0].split()[1])


def per_action(python: str, engine: str, preset: str, games: int, seed: int) -> dict[str, float]:
    """Instructions per player action: runs with N and 3N games, the difference over the
    difference."""
    small, small_count = run_worker(python, ["games", engine, preset, str(games), str(seed)], True)
    large, large_count = run_worker(python, ["games", engine, preset, str(3 * games), str(seed)], True)
    actions = large["actions"] - small["actions"]
    assert small_count is not None and large_count is not None
    return {"instructions_per_action": (large_count - small_count) / actions, "actions": actions,
            "startup_instructions": small_count - small["actions"] * (large_count - small_count) / actions}


def measure(args: argparse.Namespace) -> dict[str, dict[str, object]]:
    """Every engine's figures, OpenSpiel's first (the ratios need them)."""
    ours = sys.executable
    engines = [(name, "-", args.pyspiel_python) for name in OPENSPIEL] if args.pyspiel_python else []
    engines += [(game, preset, ours) for game, preset in args.engines]
    figures: dict[str, dict[str, object]] = {}
    for engine, preset, python in engines:
        label = engine if preset == "-" else f"{engine}/{preset}"
        scale = max(1, round(BASE_GAMES[engine] * args.scale))
        row: dict[str, object] = {"engine": engine, "preset": None if preset == "-" else preset}
        if not args.no_instructions:
            row.update(per_action(python, engine, preset, scale, args.seed))
        if args.playout_seconds > 0:
            row.update(run_worker(python, ["playouts", engine, preset, str(args.playout_seconds),
                                           str(args.seed)], False)[0])
        reference = REFERENCE.get(engine)
        if reference in figures and "instructions_per_action" in row:
            row["reference"] = reference
            row["ratio"] = row["instructions_per_action"] / figures[reference]["instructions_per_action"]  # type: ignore[operator]
        figures[label] = row
        print(f"measured {label}", file=sys.stderr)
    return figures


def table(figures: dict[str, dict[str, object]]) -> str:
    lines = [f"{'engine':<28} {'instr/action':>13} {'vs':>10} {'ratio':>6} {'playouts/s':>11} {'actions/s':>10}"]
    for label, row in figures.items():
        ratio = f"{row['ratio']:.2f}" if "ratio" in row else ""
        playouts = f"{row['playouts_per_second']:.0f}" if "playouts_per_second" in row else ""
        speed = f"{row['actions_per_second']:.0f}" if "actions_per_second" in row else ""
        instructions = f"{row['instructions_per_action']:,.0f}" if "instructions_per_action" in row else ""
        lines.append(f"{label:<28} {instructions:>13} {row.get('reference', ''):>10} "
                     f"{ratio:>6} {playouts:>11} {speed:>10}")
    return "\n".join(lines)


def engine_list(text: str) -> list[tuple[str, str]]:
    """`familia,tarot/tarot-5`: games (their default preset) or GAME/PRESET, comma-separated."""
    chosen = []
    for item in text.split(","):
        game, _, preset = item.strip().partition("/")
        if game not in GAMES:
            raise argparse.ArgumentTypeError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
        chosen.append((game, preset or "-"))
    return chosen


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyspiel-python", help="a Python that imports pyspiel (see the docstring)")
    parser.add_argument("--no-openspiel", action="store_true", help="measure our engines only")
    parser.add_argument("--engines", type=engine_list, default=[(game, "-") for game in GAMES],
                        help="comma list of GAME or GAME/PRESET (default: every game, default preset)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the number of games played")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playout-seconds", type=float, default=2.0,
                        help="wall-clock seconds of playouts per engine (0: none)")
    parser.add_argument("--no-instructions", action="store_true",
                        help="playouts per second only (no callgrind runs)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not args.pyspiel_python and not args.no_openspiel:
        parser.error("give --pyspiel-python PATH (a Python with pyspiel) or --no-openspiel")
    if args.no_openspiel:
        args.pyspiel_python = None
    figures = measure(args)
    print(json.dumps(figures, indent=1) if args.json else table(figures))


if __name__ == "__main__":
    main()
