"""Time to list the save folder as the home screen does (`SaveFolder.scan`), with 200 finished
and 5 unfinished games (a benchmark, not a test; DESIGN.md §10).

    python benchmarks/save_scan.py [--finished 200] [--unfinished 5] [--runs 5] [--folder DIR]

The games are played by bots (`core.simulate.play_out`): the default presets of every game in
turn, so that long matches (Daifugō's sessions, Familia's games to a target) are among them.
The folder is made once in DIR (or a temporary folder) and kept there for the next run.

Printed: the first scan (what the app does the first time it meets these files: every game is
replayed) and the median of later scans by a new `SaveFolder` each (what every later start of
the app does), in milliseconds, with the time per game.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from familia_tui.core.presets import find_preset  # noqa: E402
from familia_tui.core.record import Record, record_json  # noqa: E402
from familia_tui.core.registry import get_game  # noqa: E402
from familia_tui.core.saves import SaveFolder  # noqa: E402
from familia_tui.core.simulate import play_out  # noqa: E402

PRESETS = (("familia", "familia-4"), ("sixsuit", "sixsuit-4"), ("tarot", "tarot-4"),
           ("chinkway", "chinkway-10"), ("daifugo", "daifugo-4"))
"""The games and presets played, in turn."""


def made_record(game: str, preset: str, seed: int, actions: int | None = None) -> Record:
    """A game of `preset` played by basic bots to its end (or its first `actions` actions)."""
    options = find_preset(game, preset).options
    options = getattr(options, "resolved", lambda: options)()
    seats = tuple(seat.model_copy(update={"controller": "bot:basic"})
                  for seat in get_game(game).default_seats(options))
    return play_out(Record(game, options, seats, seed, preset=preset), seed=seed, actions=actions)


def make_folder(root: Path, finished: int, unfinished: int) -> None:
    """`finished` finished games and `unfinished` games stopped half-way, as save files."""
    root.mkdir(parents=True, exist_ok=True)
    for number in range(finished + unfinished):
        game, preset = PRESETS[number % len(PRESETS)]
        record = made_record(game, preset, number)
        if number >= finished:
            record = made_record(game, preset, number, actions=len(record.actions) // 2)
        (root / f"20260101-{number:06d}-bench.json").write_text(record_json(record), encoding="utf-8")


def timed_scan(root: Path) -> tuple[float, int, int]:
    """Milliseconds for one scan by a new SaveFolder, and the finished and unfinished games it listed."""
    start = time.perf_counter()
    scan = SaveFolder(root).scan()
    elapsed = (time.perf_counter() - start) * 1000
    assert not scan.set_aside, scan.set_aside
    return elapsed, len(scan.finished), len(scan.unfinished)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--finished", type=int, default=200)
    parser.add_argument("--unfinished", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args()
    root = args.folder or Path(tempfile.gettempdir()) / f"familia-tui-scan-{args.finished}-{args.unfinished}"
    if not any(root.glob("*.json")):
        print(f"making {args.finished} + {args.unfinished} games in {root} …", file=sys.stderr)
        make_folder(root, args.finished, args.unfinished)
    for hidden in root.glob(".*"):  # what an earlier run of the app kept beside the saves
        hidden.unlink()
    first, finished, unfinished = timed_scan(root)
    later = [timed_scan(root)[0] for _ in range(args.runs)]
    games = finished + unfinished
    actions = sum(len(json.loads(p.read_text(encoding="utf-8"))["actions"]) for p in root.glob("*.json"))
    median = statistics.median(later)
    print(json.dumps({"folder": str(root), "finished": finished, "unfinished": unfinished, "actions": actions,
                      "first_scan_ms": round(first, 1), "later_scan_ms": round(median, 1),
                      "later_ms_per_game": round(median / games, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
