"""Key press to updated screen at the Familia and Daifugō tables (a benchmark, not a test).

    python benchmarks/key_latency.py

For each key, the median of 9 presses of (press + Pilot's pause), less the same for a key that
nothing binds: what is left is the app's own work for the key and the redraw (budget 50 ms,
DESIGN.md §10). The Daifugō cases: a hand dealt by the seed, and a hand with two jokers
whose every card has many plays (moving onto another card changes dozens of offers).

The checkout the script sits in is measured (not an installed copy of the package).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


async def median(pilot, *keys: str) -> float:  # type: ignore[no-untyped-def]
    timings = []
    for _ in range(9):
        start = time.perf_counter()
        await pilot.press(*keys)
        await pilot.pause()
        timings.append((time.perf_counter() - start) / len(keys))
    return sorted(timings)[4]


async def measure(record, keys: dict[str, tuple[str, ...]], idle_key: str = "z",  # type: ignore[no-untyped-def]
                  setup: dict[str, tuple[str, ...]] | None = None) -> dict[str, float]:
    from familia_tui.tui.app import FamiliaTuiApp
    from familia_tui.tui.settings import Settings

    app = FamiliaTuiApp(record, settings=Settings(bot_pace="instant", trick_pause=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        while not getattr(app.screen, "choices", None):
            await pilot.pause(0.01)
        idle = await median(pilot, idle_key)
        timings = {}
        for name, pressed in keys.items():
            if setup and name in setup:  # keys pressed once before the measured ones
                await pilot.press(*setup[name])
                await pilot.pause()
            timings[name] = 1000 * (await median(pilot, *pressed) - idle)
        return timings


def familia_record():  # type: ignore[no-untyped-def]
    from familia_tui.cli import parse_seats
    from familia_tui.core.presets import find_preset
    from familia_tui.core.record import Record
    from familia_tui.games.familia.game import GAME

    options = find_preset("familia", "familia-4").options.resolved()
    seats = parse_seats("Aki,bot,bot,bot", GAME.default_seats(options), list(GAME.bots))
    return Record("familia", options, tuple(seats), 7, preset="familia-4")


JOKER_HAND = "3H 4S 5S 6S 7S 8S 9H 9D 9C 10H JH QH JK JK"
"""Aki's hand in the two-joker case: 3♥ leads the first trick, and the jokers complete a few
hundred sets and sequences (394 legal plays, up to 40 offers for one card)."""


def daifugo_jokers_record():  # type: ignore[no-untyped-def]
    from familia_tui.core.record import Record
    from familia_tui.tui.games.daifugo.scenes import daifugo_record

    record = daifugo_record(["Aki", "Ben", "Cho", "Dan"], seed=1)
    deal = {"hands": {"0": JOKER_HAND.split()}, "rule_card": "6H", "sizes": {str(s): 14 for s in range(4)}}
    return Record(record.game, record.options, record.seats, record.seed, deal=deal, preset=record.preset)


def main() -> None:
    os.environ.setdefault("FAMILIA_TUI_DATA", tempfile.mkdtemp(prefix="familia-tui-bench-"))
    os.environ.setdefault("FAMILIA_TUI_CONFIG", tempfile.mkdtemp(prefix="familia-tui-bench-"))
    from familia_tui.tui.games.daifugo.scenes import daifugo_record

    familia = asyncio.run(measure(familia_record(), {"cursor": ("right",)}))
    daifugo = asyncio.run(measure(daifugo_record(["Aki", "Ben", "Cho", "Dan"], seed=5),
                                  {"cursor": ("right",), "tick": ("space", "space")}))
    # tick: the first ticked card also brings Esc into the footer (Textual rebuilds the footer);
    # tick_more: with 9♥ ticked, ticking and unticking 9♦ changes the offers, not the footer
    jokers = asyncio.run(measure(daifugo_jokers_record(),
                                 {"cursor": ("right",), "back": ("left",), "tick": ("space", "space"),
                                  "tick_more": ("space", "space")},
                                 setup={"tick_more": ("home", *["right"] * 6, "space", "right")}))
    print(" ".join(f"familia_{k}_ms={v:.1f}" for k, v in familia.items()),
          " ".join(f"daifugo_{k}_ms={v:.1f}" for k, v in daifugo.items()),
          " ".join(f"daifugo_jokers_{k}_ms={v:.1f}" for k, v in jokers.items()))


if __name__ == "__main__":
    main()
