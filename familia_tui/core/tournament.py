"""Bot-against-bot tournaments (`familia-tui tournament`): which bot kind plays a game better.

**Seatings.** The kinds rotate over the table's *sides*: a team (the preset's default seats carry
`team`: Familia's pairs, the fixed six-suit teams), else a person (the 2-player Familia game's
person runs two hands), else a seat. Seating r gives side g the kind `kinds[(g + r) % k]`, so over
the k seatings every side, and so every seat, is played by every kind exactly once, and partners
are always of one kind.

**Duplicate deals.** Every game deals from its seed alone, so each deal (seed `seed + i`) is played
once in every seating: the same cards go to every kind in every seat, and the luck of the deal
cancels. A run of `games` games is `ceil(games / k)` deals times k seatings.

**Entries.** What is counted is a kind's *entry* in one game: each scoring unit of the result (a
team, or a seat in individual play) that a seat of that kind sat in. Its score is the unit's
total (per team where there are teams), its place the unit's rank in `Result.ranking()` (1 = a win;
ties share a place). Where the deal draws the teams (the six-suit team game's Aces), two kinds may
share a team: each of them has an entry for it.

**Figures.** Per kind: games; wins, the games in which one of its entries finished first (a tie
for first included, so two kinds may both win a game), with a 95 % Wilson interval over its games;
the places of its entries; the mean score of its entries with a 95 %
t interval over deals (each deal's score is the mean of the kind's entries in its seatings: paired
by deal, so that the deal's luck is not counted as noise); places; seconds per decision (each
`choose` call on the clock, mean and max); and the game's own figures (`GameSpec.stats`, summed
over the kind's seats: Daifugō's finishing places and ビリ, Tarot's contracts …).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from familia_tui.core.bots import Bot
from familia_tui.core.engine import Event, GameSpec, Seat
from familia_tui.core.errors import FamiliaTuiError
from familia_tui.core.search import SearchBot

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""

T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
       2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
       2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""Student's t quantiles of a two-sided 95 % interval for 1 … 30 degrees of freedom."""


class TournamentError(FamiliaTuiError):
    """A tournament that cannot be played as asked (unknown or repeated bot kinds …)."""


def t95(freedom: int) -> float:
    """Student's t quantile of a two-sided 95 % interval; past 30 degrees of freedom, the
    Cornish-Fisher expansion around the normal quantile (within 0.001)."""
    if freedom <= len(T95):
        return T95[freedom - 1]
    z = Z95
    return z + (z**3 + z) / (4 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)


def wilson(wins: int, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of `wins` in `trials`."""
    if trials == 0:
        return 0.0, 1.0
    rate = wins / trials
    spread = Z95 * Z95 / trials
    centre = (rate + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(rate * (1 - rate) / trials + spread / (4 * trials)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """The mean and its 95 % t interval (no interval from fewer than two values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None, None
    half = t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def sides(seats: Sequence[Seat]) -> list[tuple[int, ...]]:
    """The seats that are played by one kind together: a team's, a person's, else a seat alone;
    in order of their first seat."""
    groups: dict[tuple[str, str], list[int]] = {}
    for index, seat in enumerate(seats):
        key = ("team", seat.team) if seat.team is not None else ("person", seat.person)
        groups.setdefault(key, []).append(index)
    return [tuple(group) for group in groups.values()]


def seatings(seats: Sequence[Seat], kinds: Sequence[str]) -> list[tuple[str, ...]]:
    """One seating per kind: the kind of every seat, rotated over the sides."""
    groups = sides(seats)
    rotated = []
    for turn in range(len(kinds)):
        seating = [""] * len(seats)
        for number, group in enumerate(groups):
            for index in group:
                seating[index] = kinds[(number + turn) % len(kinds)]
        rotated.append(tuple(seating))
    return rotated


def new_bot(spec: GameSpec, kind: str, think: float | None = None) -> Bot:
    """A bot of the kind from the game (`GameSpec.make_bot`); `think` replaces a search bot's
    time budget per decision (its playout count stays its level's)."""
    bot: Bot = spec.make_bot(kind)
    if think is not None and isinstance(bot, SearchBot):
        bot.level = replace(bot.level, seconds=think)
    return bot


def check_kinds(spec: GameSpec, kinds: Sequence[str]) -> None:
    """Refuse a kind list of fewer than two kinds, one that repeats a kind, or names one the game
    does not offer."""
    offered = spec.bot_kinds
    if len(kinds) < 2 or "" in kinds:
        raise TournamentError(f"--bots needs a comma list of two bot kinds or more, e.g. basic,random "
                              f"(bots: {', '.join(offered)})")
    twice = sorted({kind for kind in kinds if list(kinds).count(kind) > 1})
    if twice:
        raise TournamentError(f"--bots names {twice[0]!r} twice; give each kind once")
    unknown = [kind for kind in kinds if kind not in offered]
    if unknown:
        raise TournamentError(f"unknown bot {unknown[0]!r} for {spec.names['en']} (bots: {', '.join(offered)})")


@dataclass
class KindTally:
    """Everything one bot kind did in a tournament."""

    kind: str
    games: int = 0
    """Games in which the kind held at least one seat."""
    wins: int = 0
    """Games in which one of its entries finished first (ties included)."""
    places: Counter[int] = field(default_factory=Counter)
    """Entries by place (1 = a win)."""
    deal_scores: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Each deal's entry scores, by deal number."""
    decisions: int = 0
    thinking: float = 0.0
    slowest: float = 0.0
    playouts: int = 0
    """A search bot's playouts, summed over its decisions (`SearchBot.playouts`)."""
    seat_games: int = 0
    """Seats held, summed over games (what the game's figures are counted over)."""
    figures: Counter[str] = field(default_factory=Counter)

    @property
    def entries(self) -> int:
        return sum(self.places.values())

    def report(self, figure_names: Sequence[str]) -> dict[str, Any]:
        """The kind's JSON figures."""
        low, high = wilson(self.wins, self.games)
        per_deal = [statistics.fmean(scores) for scores in self.deal_scores.values()]
        mean, score_low, score_high = mean_interval(per_deal) if per_deal else (0.0, None, None)
        return {
            "games": self.games, "entries": self.entries, "wins": self.wins,
            "win_rate": {"rate": _round(self.wins / max(self.games, 1)), "low": _round(low), "high": _round(high)},
            "score": {"mean": _round(mean), "low": _round(score_low), "high": _round(score_high),
                      "deals": len(per_deal)},
            "places": {str(place): count for place, count in sorted(self.places.items())},
            "mean_place": _round(sum(p * c for p, c in self.places.items()) / max(self.entries, 1)),
            "decisions": self.decisions,
            "seconds_per_decision": {"mean": _round(self.thinking / max(self.decisions, 1), 6),
                                     "max": _round(self.slowest, 6)},
            "playouts_per_decision": _round(self.playouts / max(self.decisions, 1), 1),
            "seat_games": self.seat_games,
            "figures": {name: self.figures[name] for name in figure_names if name in self.figures},
        }


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


@dataclass
class Tournament:
    """A tournament's seatings and, per kind, its tally."""

    game: str
    preset: str
    kinds: tuple[str, ...]
    seatings: list[tuple[str, ...]]
    deals: int = 0
    games: int = 0
    seconds: float = 0.0
    tallies: dict[str, KindTally] = field(default_factory=dict)
    figure_names: tuple[str, ...] = ()
    think: float | None = None
    """The search bots' seconds per decision, when not their level's."""

    def summary(self) -> dict[str, Any]:
        """The JSON report."""
        return {
            "game": self.game, "preset": self.preset, "bots": list(self.kinds),
            "seatings": [list(seating) for seating in self.seatings], "duplicate": True,
            "deals": self.deals, "games": self.games, "seconds": round(self.seconds, 3), "think": self.think,
            "results": {kind: self.tallies[kind].report(self.figure_names) for kind in self.kinds},
        }


def tournament(spec: GameSpec, options: BaseModel, preset: str, kinds: Sequence[str], games: int,
               seed: int, seats: Sequence[Seat] | None = None, think: float | None = None) -> Tournament:
    """Play `games` games (rounded up to whole deals) between the bot kinds, every deal in every
    seating; deal i uses seed `seed + i`. `think`: the search bots' seconds per decision."""
    check_kinds(spec, kinds)
    seats = list(seats or spec.default_seats(options))
    run = Tournament(spec.id, preset, tuple(kinds), seatings(seats, kinds), think=think,
                     tallies={kind: KindTally(kind) for kind in kinds}, figure_names=spec.stat_figures)
    start = time.perf_counter()
    for deal in range(math.ceil(games / len(kinds))):
        for turn, seating in enumerate(run.seatings):
            _play_one(spec, options, seats, seating, seed + deal, f"{seed}:{deal}:{turn}", run, deal)
        run.deals += 1
    run.seconds = time.perf_counter() - start
    return run


def _play_one(spec: GameSpec, options: BaseModel, seats: list[Seat], seating: tuple[str, ...],
              seed: int, bot_seed: str, run: Tournament, deal: int) -> None:
    """Play one game in one seating and add it to the kinds' tallies."""
    table = [seat.model_copy(update={"controller": f"bot:{kind}"}) for seat, kind in zip(seats, seating, strict=True)]
    state = spec.new_game(options, table, seed=seed)
    bots = [new_bot(spec, kind, run.think) for kind in seating]
    looks = [getattr(bot, "needs_view", True) for bot in bots]
    tallies = [run.tallies[kind] for kind in seating]
    rng = random.Random(bot_seed)
    events: list[Event] = []
    while not state.is_over:
        seat = state.to_act
        if seat is None:
            raise TournamentError(f"{spec.id} seed {seed}: no one to act but the game is not over")
        legal = state.legal_actions()
        view = state.view(seat) if looks[seat] else None
        clock = time.perf_counter()
        action = bots[seat].choose(view, legal, rng)
        spent = time.perf_counter() - clock
        tally = tallies[seat]
        tally.decisions += 1
        tally.thinking += spent
        tally.slowest = max(tally.slowest, spent)
        tally.playouts += getattr(bots[seat], "playouts", 0)
        events += state.apply(action)
    run.games += 1
    _score(spec, state, events, seating, run, deal)


def _score(spec: GameSpec, state: Any, events: list[Event], seating: tuple[str, ...],
           run: Tournament, deal: int) -> None:
    """Each kind's entries, seats and figures in a finished game."""
    result = state.result()
    ranks = dict(result.ranking())
    best: dict[str, int] = {}
    for unit, unit_seats in result.units:
        for kind in dict.fromkeys(seating[index] for index in unit_seats):
            tally = run.tallies[kind]
            tally.places[ranks[unit]] += 1
            tally.deal_scores[deal].append(float(result.totals[unit]))
            best[kind] = min(best.get(kind, ranks[unit]), ranks[unit])
    per_seat = spec.stats(state, events) if spec.stats is not None else [{} for _ in seating]
    for kind, figures in zip(seating, per_seat, strict=True):
        run.tallies[kind].seat_games += 1
        run.tallies[kind].figures.update(figures)
    for kind, place in best.items():
        run.tallies[kind].games += 1
        run.tallies[kind].wins += place == 1
