"""App memory and UI cost over a whole long match, all seats bots, headless (a benchmark, not a test).

    python benchmarks/app_memory.py [--game familia] [--preset familia-4-target-50] [--seed 1]

Prints the resident memory (VmRSS, after a full garbage collection) when the table opens, after
the first deal (once the modules imported on first use are in) and at the end, the peak, the actions played and
the wall/CPU time per action spent by the app (engine, bots and drawing together).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

# measure the checkout this file is in, not whichever familia_tui the interpreter has installed
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def rss_mb() -> float:
    """Resident memory after a full collection: what the app keeps, not garbage waiting for gc."""
    gc.collect()
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def run(game: str, preset_id: str, seed: int) -> dict[str, float]:
    from familia_tui.core.presets import find_preset
    from familia_tui.core.record import Record
    from familia_tui.core.registry import get_game
    from familia_tui.tui.app import FamiliaTuiApp
    from familia_tui.tui.settings import Settings

    spec = get_game(game)
    preset = find_preset(game, preset_id)
    seats = [s.model_copy(update={"controller": "bot:basic"}) for s in spec.default_seats(preset.options)]
    options = getattr(preset.options, "resolved", lambda: preset.options)()
    record = Record(spec.id, options, tuple(seats), seed, preset=preset.id)
    settings = Settings(bot_pace="instant", trick_pause=0.0)
    app = FamiliaTuiApp(record, settings=settings)
    figures: dict[str, float] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        table = None
        for _ in range(3000):
            await pilot.pause(0.01)
            table = next((s for s in app.screen_stack if getattr(s, "session", None)), None)
            if table is not None:
                break
        assert table is not None, "no table opened"
        session = table.session
        figures["rss_start_mb"] = rss_mb()
        actions_start = len(session.record.actions)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        deals = 0
        while not session.state.is_over:
            if app.screen is not table:
                await pilot.press("enter")  # a deal's results: next deal
                deals += 1
                if deals == 1:  # what the app imports once (results, rules) is in by now
                    figures["rss_after_first_deal_mb"] = rss_mb()
            await pilot.pause(0.005)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        actions = len(session.record.actions) - actions_start
        figures.update(rss_end_mb=rss_mb(), actions=actions, ms_cpu_per_action=1000 * cpu / actions,
                       ms_wall_per_action=1000 * wall / actions,
                       max_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    figures["growth_mb"] = figures["rss_end_mb"] - figures["rss_start_mb"]
    if "rss_after_first_deal_mb" in figures:
        figures["growth_after_first_deal_mb"] = figures["rss_end_mb"] - figures["rss_after_first_deal_mb"]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="familia")
    parser.add_argument("--preset", default="familia-4-target-50")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("FAMILIA_TUI_DATA", tempfile.mkdtemp(prefix="familia-tui-bench-"))
    os.environ.setdefault("FAMILIA_TUI_CONFIG", tempfile.mkdtemp(prefix="familia-tui-bench-"))
    figures = asyncio.run(run(args.game, args.preset, args.seed))
    print(" ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
