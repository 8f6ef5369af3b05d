"""Finished records made in a test by bot play (statistics' tests): the people Aki and Ben in the
first two seats, bots after them; human seats are played by stand-in bots."""

from __future__ import annotations

from pathlib import Path

from familia_tui.core.engine import Seat
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, record_json
from familia_tui.core.registry import get_game
from familia_tui.core.simulate import play_out

PEOPLE = ("Aki", "Ben")


def seats_for(game: str, preset: str, kinds: tuple[str, ...] = ("basic", "random")) -> tuple[Seat, ...]:
    """The preset's seats: Aki and Ben (people) in the first two, bots of `kinds` after them."""
    seats = get_game(game).default_seats(find_preset(game, preset).options)
    made = []
    for index, seat in enumerate(seats):
        if index < len(PEOPLE):
            made.append(seat.model_copy(update={"name": PEOPLE[index], "controller": "human", "player": None}))
        else:
            kind = kinds[index % len(kinds)]
            made.append(seat.model_copy(update={"name": f"B{index}", "controller": f"bot:{kind}",
                                                "player": None}))
    return tuple(made)


def finished(game: str, preset: str, seed: int, seats: tuple[Seat, ...] | None = None) -> Record:
    options = find_preset(game, preset).options
    options = getattr(options, "resolved", lambda: options)()
    start = Record(game, options, seats or seats_for(game, preset), seed, preset=preset,
                   created=f"2026-01-01T00:00:{seed:02d}+00:00")
    return play_out(start, seed=seed)


def write(folder: Path, records: list[Record]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for number, record in enumerate(records):
        (folder / f"{record.game}-{record.preset}-{number}.json").write_text(record_json(record), encoding="utf-8")
