"""Bot-versus-bot games: the engine benchmark and a fuzz run (`familia-tui simulate`).

Every game is checked as it is played: a legal action exists whenever the game is not over, and
every action a bot picks is applied through the same `apply()` the app uses.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from familia_tui.core.bots import Bot
from familia_tui.core.engine import GameSpec, Result, Seat
from familia_tui.core.record import Record
from familia_tui.core.registry import get_game


class SimulationError(RuntimeError):
    """A simulated game broke an engine invariant (a bug): the message gives seed and step."""


@dataclass
class Simulation:
    """Totals of a simulation run."""

    game: str
    preset: str
    games: int = 0
    deals: int = 0
    actions: int = 0
    seconds: float = 0.0
    scores: list[list[float]] = field(default_factory=list)
    """Each finished match's final totals, one per unit."""
    units: list[str] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)
    """The game's own figures (`GameSpec.figures`): bidding, contracts, revolutions …"""

    def summary(self) -> dict[str, Any]:
        """The JSON report: throughput and score statistics per unit."""
        seconds = max(self.seconds, 1e-9)
        per_unit = list(zip(*self.scores, strict=True)) if self.scores else []
        return {
            "game": self.game, "preset": self.preset, "games": self.games, "deals": self.deals,
            "actions": self.actions, "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / seconds, 1),
            "deals_per_second": round(self.deals / seconds, 1),
            "actions_per_second": round(self.actions / seconds, 1),
            "scores": {
                unit: {"mean": round(statistics.fmean(values), 3), "min": min(values),
                       "max": max(values), "stdev": round(statistics.pstdev(values), 3)}
                for unit, values in zip(self.units, per_unit, strict=True)
            },
            **({"figures": self.figures} if self.figures else {}),
        }


def simulate(spec: GameSpec, options: BaseModel, preset: str, games: int, seed: int,
             bot_kinds: Sequence[str], seats: Sequence[Seat] | None = None) -> Simulation:
    """Play `games` matches between bots; game i uses seed `seed + i`. The game's figures are
    tallied off the clock."""
    seats = list(seats or spec.default_seats(options))
    kinds = [bot_kinds[i % len(bot_kinds)] for i in range(len(seats))]
    bots = [spec.make_bot(kind) for kind in kinds]
    run = Simulation(spec.id, preset)
    tally = spec.figures(kinds) if spec.figures is not None else None
    for number in range(games):
        start = time.perf_counter()
        result = _play_one(spec, options, seats, bots, seed + number, run)
        run.seconds += time.perf_counter() - start
        if tally is not None:
            tally.add(result)
    if tally is not None:
        run.figures = tally.report()
    return run


def _play_one(spec: GameSpec, options: BaseModel, seats: list[Seat], bots: list[Bot],
              seed: int, run: Simulation) -> Result:
    """Play one match, add it to the run's totals, and return its result."""
    state = spec.new_game(options, seats, seed=seed)
    rng = random.Random(seed)
    looks = [getattr(bot, "needs_view", True) for bot in bots]
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        seat = state.to_act
        if not legal or seat is None:
            raise SimulationError(f"seed {seed}, step {steps}: no legal action but the game "
                                  "is not over")
        view = state.view(seat) if looks[seat] else None
        state.apply(bots[seat].choose(view, legal, rng))
        steps += 1
    result = state.result()
    run.games += 1
    run.actions += steps
    run.deals += getattr(result, "deals_played", 1)
    run.units = [unit for unit, _ in result.units]
    run.scores.append([result.totals[unit] for unit in run.units])
    return result


def play_out(record: Record, stand_in: str = "basic", seed: int = 0, actions: int | None = None) -> Record:
    """The record played to its end (or until it holds `actions` actions): each bot seat by its
    own kind, and each human seat by a `stand_in` bot (prepared games for statistics, replays,
    their tests and screenshots). The same record and seed give the same game."""
    spec = get_game(record.game)
    state = record.replay()
    bots = [spec.make_bot(seat.controller.removeprefix("bot:") if not seat.is_human else stand_in)
            for seat in record.seats]
    rng = random.Random(seed)
    while not state.is_over and (actions is None or len(record.actions) < actions):
        seat = state.to_act
        if seat is None:
            raise SimulationError(f"{record.game}: no one to act but the game is not over")
        action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
        state.apply(action)
        record = record.with_action(action)
    return record
