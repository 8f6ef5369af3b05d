"""Statistics of the finished games kept in the save folder (`familia-tui stats`, the Statistics
screen).

Nothing is stored: every figure is computed again from the records, so the statistics can always
be rebuilt and never drift from the games. Each finished record is replayed once; its result
gives every player's place and score, and the game's own hook (`GameSpec.stats`: Tarot contracts,
Familia melds, Daifugō revolutions …) gives each seat's figures, read from the final state and
every event of the replay.

Games are grouped by game and preset, then by **who** played: a person by name (`Seat.person`:
the 2-player Familia game's person runs two hands and counts once), and a bot by its kind, each
bot seat counting as one game of its kind. A player's place and score are their unit's (a team's,
or their own).

Files that cannot be read or replayed are skipped with a note and never touched (the save
folder's own scan moves them aside; statistics only read).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from familia_tui.core.engine import Event, GameState, Seat
from familia_tui.core.record import Record, RecordError, load_record
from familia_tui.core.registry import entries, entry, get_game
from familia_tui.i18n import translate

PERSON = "person"
BOT = "bot"

Who = tuple[str, str]
"""(`person`, name) or (`bot`, kind)."""

@dataclass(frozen=True)
class Outcome:
    """One player's part in one finished game."""

    who: Who
    rank: int
    """Their unit's place (1 = a win; ties share a place)."""
    score: float
    """Their unit's final total (Daifugō: minus its ビリ count)."""
    figures: Mapping[str, int]
    """The game's own figures of their seats, summed."""


@dataclass
class Line:
    """Everything one person or bot kind did in the games of one game and preset."""

    who: Who
    games: int = 0
    wins: int = 0
    places: Counter[int] = field(default_factory=Counter)
    scores: list[float] = field(default_factory=list)
    """Final scores, oldest game first (the chart of a player's scores)."""
    figures: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.wins += outcome.rank == 1
        self.places[outcome.rank] += 1
        self.scores.append(outcome.score)
        self.figures.update(outcome.figures)

    @property
    def mean_score(self) -> float:
        return round(statistics.fmean(self.scores), 2) if self.scores else 0.0

    @property
    def name(self) -> str:
        """The person's name, or `bot:KIND`."""
        return self.who[1] if self.who[0] == PERSON else f"bot:{self.who[1]}"

    def to_data(self, figures: Sequence[str]) -> dict[str, Any]:
        """The line as JSON data, with the game's `figures` in their order."""
        return {"who": self.name, "kind": self.who[0], "games": self.games, "wins": self.wins,
                "places": {str(place): count for place, count in sorted(self.places.items())},
                "mean_score": self.mean_score, "scores": [_number(s) for s in self.scores],
                "figures": {name: self.figures[name] for name in figures}}


@dataclass
class Table:
    """The statistics of one game and preset."""

    game: str
    preset: str | None
    games: int = 0
    """Finished games."""
    declared: tuple[str, ...] = ()
    """Every figure the game may give, in its order (`GameSpec.stat_figures`)."""
    lines: dict[Who, Line] = field(default_factory=dict)
    given: set[str] = field(default_factory=set)
    """The figures the games gave (a zero included): a 4-player table has no 5th place."""

    def add(self, outcomes: Iterable[Outcome]) -> None:
        self.games += 1
        for outcome in outcomes:
            self.lines.setdefault(outcome.who, Line(outcome.who)).add(outcome)
            self.given.update(outcome.figures)

    @property
    def figures(self) -> tuple[str, ...]:
        """The figures shown: the game's, in its order, that its games gave."""
        return tuple(name for name in self.declared if name in self.given)

    @property
    def rows(self) -> list[Line]:
        """People first (most games first, then by name), then bot kinds."""
        return sorted(self.lines.values(), key=lambda line: (line.who[0] == BOT, -line.games, line.who[1]))

    def totals(self) -> dict[str, int]:
        """Every figure summed over the table's players."""
        total: Counter[str] = Counter()
        for line in self.lines.values():
            total.update(line.figures)
        return {name: total[name] for name in self.figures}

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "preset": self.preset, "games": self.games,
                "figures": self.totals(), "players": [line.to_data(self.figures) for line in self.rows]}


@dataclass(frozen=True)
class Skipped:
    """A file of the folder that was not counted, and why (it was left untouched)."""

    path: Path
    reason: str
    cause: RecordError | None = None


@dataclass
class Statistics:
    """Every table, in the registry's game order then by preset, and the files skipped."""

    folder: Path
    tables: list[Table] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    unfinished: int = 0

    @property
    def games(self) -> int:
        return sum(table.games for table in self.tables)

    def to_data(self) -> dict[str, Any]:
        return {"folder": str(self.folder), "games": self.games, "unfinished": self.unfinished,
                "tables": [table.to_data() for table in self.tables],
                "skipped": [{"file": str(s.path), "reason": s.reason} for s in self.skipped]}


def who(seat: Seat) -> Who:
    """Who played a seat: its person, or its bot kind."""
    return (PERSON, seat.person) if seat.is_human else (BOT, seat.controller.removeprefix("bot:"))


def outcomes(record: Record, state: GameState, events: Sequence[Event]) -> list[Outcome]:
    """Each player's place, score and figures in a finished game: one per person, one per bot
    seat."""
    spec = get_game(record.game)
    result = state.result()
    ranks = dict(result.ranking())
    unit_of = {seat: unit for unit, seats in result.units for seat in seats}
    per_seat = list(spec.stats(state, events)) if spec.stats is not None else [{} for _ in record.seats]
    found: dict[Who | int, tuple[Who, list[int]]] = {}
    for index, seat in enumerate(record.seats):
        key: Who | int = who(seat) if seat.is_human else index
        found.setdefault(key, (who(seat), []))[1].append(index)
    made = []
    for player, seats in found.values():
        best = min(seats, key=lambda s: ranks[unit_of[s]])
        figures: Counter[str] = Counter()
        for index in seats:
            figures.update(per_seat[index])
        made.append(Outcome(player, ranks[unit_of[best]], float(result.totals[unit_of[best]]), figures))
    return made


@dataclass(frozen=True)
class Finished:
    """A finished game of the folder, reduced to what the statistics keep of it."""

    record: Record
    outcomes: tuple[Outcome, ...]


def finished_games(folder: Path, game: str | None = None) -> tuple[list[Finished], list[Skipped], int]:
    """The finished games of a save folder (of one game, when named), oldest first, each
    replayed once with every event (and let go of: only its outcomes are kept); the files that
    could not be read; and how many games are unfinished. Nothing is moved or written."""
    games, skipped, unfinished = [], [], 0
    for path in _files(folder):
        try:
            record = load_record(path)
            if game is not None and record.game != game:
                continue
            history: list[Event] = []
            state, _ = record.replay_with_events(source=str(path), history=history)
        except RecordError as error:
            skipped.append(Skipped(path, error.reason("en"), error))
            continue
        if state.is_over:
            games.append(Finished(record, tuple(outcomes(record, state, history))))
        else:
            unfinished += 1
    games.sort(key=lambda game: game.record.created)
    return games, skipped, unfinished


def _files(folder: Path) -> list[Path]:
    """The save files of the folder (the save folder's own rule: no hidden lock or temporary
    files, none set aside)."""
    from familia_tui.core.saves import SaveFolder

    return SaveFolder(folder).files()


def collect(folder: Path, game: str | None = None) -> Statistics:
    """The statistics of every finished game in `folder` (of one game only, when named)."""
    if game is not None:
        entry(game)  # an unknown game is an UnknownGame, not an empty table
    found, skipped, unfinished = finished_games(folder, game)
    tables: dict[tuple[str, str | None], Table] = {}
    for done in found:
        record = done.record
        key = (record.game, record.preset)
        if key not in tables:
            tables[key] = Table(record.game, record.preset, declared=get_game(record.game).stat_figures)
        tables[key].add(done.outcomes)
    order = {e.id: number for number, e in enumerate(entries())}
    ordered = sorted(tables.values(), key=lambda t: (order.get(t.game, len(order)), t.game, t.preset or ""))
    return Statistics(folder, ordered, skipped, unfinished)


def figure_key(game: str, figure: str) -> str:
    """The message key of a figure's name: `<the game's prefix>.stat.<figure>`."""
    return f"{entry(game).prefix}.stat.{figure}"


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


# ----- words shared by the command line and the Statistics screen -----

def who_label(player: Who, lang: str = "en") -> str:
    """A person's name, or the bot kind as the setup screen names it (`Bot (basic)`)."""
    kind, name = player
    if kind == PERSON:
        return name
    key = f"ui.setup_bot_{name.replace(':', '_')}"  # search:hard → ui.setup_bot_search_hard
    text = translate(key, lang)
    return text if text != key else translate("ui.setup_bot", lang, kind=name)


def places_text(line: Line, lang: str = "en") -> str:
    """How often the player finished in each place, best first (`1:2 3:1`)."""
    return " ".join(translate("stats.place", lang, place=place, count=count)
                    for place, count in sorted(line.places.items()))


def table_title(table: Table, lang: str = "en") -> str:
    """`French Tarot · tarot-4 · 3 games`."""
    preset = table.preset or translate("stats.no_preset", lang)
    return translate("stats.table", lang, game=translate(f"game.{table.game}", lang), preset=preset,
                     count=table.games)


def figure_label(game: str, figure: str, lang: str = "en") -> str:
    return translate(figure_key(game, figure), lang)


def skipped_text(skipped: Skipped, lang: str = "en") -> str:
    """Why a file was not counted, in `lang`; it was left untouched."""
    reason = skipped.cause.reason(lang) if skipped.cause is not None else skipped.reason
    return translate("stats.skipped", lang, file=skipped.path.name, reason=reason)
