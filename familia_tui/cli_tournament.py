"""`familia-tui tournament GAME [--preset P] [--bots K1,K2,...] [--games N] [--seed S] [--think SECONDS]
[--json]`:
bot kinds play each other (core/tournament.py) and the figures are printed as a table or as one
JSON object (no Textual import)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from familia_tui.core.tournament import tournament

if TYPE_CHECKING:
    from familia_tui.core.engine import GameSpec
    from familia_tui.core.presets import Preset


def run_tournament(spec: GameSpec, preset: Preset, kinds: Sequence[str], games: int, seed: int,
                   as_json: bool, think: float | None = None) -> int:
    """Play the tournament and print its report; returns the exit status."""
    report = tournament(spec, preset.options, preset.id, kinds, games, seed, think=think).summary()
    print(json.dumps(report, ensure_ascii=False) if as_json else report_text(report))
    return 0


def report_text(report: dict[str, Any]) -> str:
    """The report as a text table: one line per bot kind, and its game figures under it."""
    seatings = len(report["seatings"])
    lines = [f"{report['game']} / {report['preset']}: {report['deals']} deals × {seatings} seatings = "
             f"{report['games']} games (duplicate deals), {report['seconds']} s",
             f"{'bot':<14} {'games':>6} {'entries':>7} {'win rate (95% CI)':>23} "
             f"{'mean score (95% CI)':>32} {'place':>5} {'s/decision mean':>15} {'max':>8}"]
    for kind, row in report["results"].items():
        rate, score, timing = row["win_rate"], row["score"], row["seconds_per_decision"]
        win = f"{100 * rate['rate']:.1f}% ({100 * rate['low']:.1f}–{100 * rate['high']:.1f})"
        interval = (f"({score['low']:+.2f} … {score['high']:+.2f})" if score["low"] is not None else "")
        lines.append(f"{kind:<14} {row['games']:>6} {row['entries']:>7} {win:>23} "
                     f"{score['mean']:>+10.2f} {interval:>21} {row['mean_place']:>5.2f} "
                     f"{timing['mean']:>15.5f} {timing['max']:>8.4f}")
        if row["figures"]:
            shown = " · ".join(f"{name} {count}" for name, count in row["figures"].items())
            lines.append(f"{'':<14} figures over {row['seat_games']} seat-games: {shown}")
    return "\n".join(lines)
