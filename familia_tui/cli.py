"""The `familia-tui` command (DESIGN.md §6).

Commands that need no screen (`simulate`, `check`, `presets`) never import Textual; `play`,
`learn`, `resume`, `screenshots` and the bare command hand over to the app in `familia_tui.tui`.
Errors the user can fix (a bad preset, seat list, record or scenario) print a message and exit
with status 2, never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from familia_tui.core.errors import FamiliaTuiError
from familia_tui.i18n import default_lang

if TYPE_CHECKING:
    import argparse

    from familia_tui.core.engine import GameSpec, Seat
    from familia_tui.core.presets import Preset

EXIT_USAGE = 2
DISPLAY_CHOICES = {"--lang": ("en", "ja"), "--glyphs": ("unicode", "letters", "ascii")}
"""The options of the bare command (`--lang`, `--glyphs`) and their values, for `build_parser`
and `home_options`."""


class UsageError(FamiliaTuiError):
    """A command-line value the user can correct."""


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="familia-tui", description="A terminal card table: Familia and friends.")
    parser.add_argument("--lang", choices=DISPLAY_CHOICES["--lang"], help="language (default: from LANG)")
    parser.add_argument("--glyphs", choices=DISPLAY_CHOICES["--glyphs"], help="how suits and lines are drawn")
    commands = parser.add_subparsers(dest="command")

    play = commands.add_parser("play", help="start a game at the table")
    play.add_argument("game")
    _game_options(play)
    play.add_argument("--seats", help="comma list: human, bot, bot:KIND, NAME or NAME=bot:KIND")
    play.add_argument("--seed", type=int)

    learn = commands.add_parser("learn", help="a guided first game: each rule explained as it comes up")
    learn.add_argument("game")
    _display_options(learn)

    resume = commands.add_parser("resume", help="continue the newest unfinished game, a saved file, "
                                                "or --list the unfinished games")
    resume.add_argument("file", nargs="?")
    resume.add_argument("--list", action="store_true", help="list the unfinished games, newest first")
    _display_options(resume)

    replay = commands.add_parser("replay", help="step through a saved game (finished or not); the file is only read")
    replay.add_argument("file")
    _display_options(replay)

    simulate = commands.add_parser("simulate", help="bots play many games (benchmark, fuzz)")
    simulate.add_argument("game")
    _game_options(simulate)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--bot", default="random",
                          help="bot kind for every seat, or a comma list seat by seat")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")

    tournament = commands.add_parser(
        "tournament", help="bot kinds play each other, seats rotated and deals duplicated")
    tournament.add_argument("game")
    _game_options(tournament)
    tournament.add_argument("--bots", default="basic,random",
                            help="comma list of bot kinds, at least two (default: basic,random)")
    tournament.add_argument("--games", type=int, default=100,
                            help="games to play, rounded up to whole deals: each deal is played once "
                                 "per seating (default: 100)")
    tournament.add_argument("--seed", type=int, default=1)
    tournament.add_argument("--think", type=float, metavar="SECONDS",
                            help="the search bots' time budget per decision (default: their level's)")
    tournament.add_argument("--json", action="store_true", help="print one JSON object")

    check = commands.add_parser("check", help="run scenario files or folders")
    check.add_argument("paths", nargs="+")

    presets = commands.add_parser(
        "presets", help="list presets; 'presets show GAME/PRESET'; 'presets validate FILE...'")
    presets.add_argument("words", nargs="*")
    _display_options(presets)

    stats = commands.add_parser("stats", help="statistics of the finished games in the save folder")
    stats.add_argument("game", nargs="?", help="one game only")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    _display_options(stats)

    shots = commands.add_parser("screenshots", help="regenerate the SVG screenshots")
    shots.add_argument("--out", default="screenshots", help="folder for the SVG files")
    shots.add_argument("--force", action="store_true", help="replace SVG files already there")
    return parser


def _game_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--preset", help="preset id, GAME/ID or a path to a YAML file")
    _display_options(command)


def _display_options(command: argparse.ArgumentParser) -> None:
    import argparse

    """--lang and --glyphs are accepted after the command too (`resume --lang ja`)."""
    command.add_argument("--lang", choices=DISPLAY_CHOICES["--lang"], default=argparse.SUPPRESS,
                         help=argparse.SUPPRESS)
    command.add_argument("--glyphs", choices=DISPLAY_CHOICES["--glyphs"],
                         default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def home_options(given: Sequence[str]) -> dict[str, str] | None:
    """The app's language and glyph mode when the command line is only the bare command with
    valid `--lang`/`--glyphs` options (`--lang ja`, `--glyphs=ascii`; the last one given wins, as
    with argparse), else None: argparse reads it (and says what is wrong)."""
    chosen: dict[str, str] = {}
    words = list(given)
    while words:
        option, equals, value = words.pop(0).partition("=")
        if option not in DISPLAY_CHOICES or not (equals or words):
            return None
        value = value if equals else words.pop(0)
        if value not in DISPLAY_CHOICES[option]:
            return None
        chosen[option.removeprefix("--")] = value
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    display = home_options(given)
    if display is not None:  # the app at home, without argparse (a tenth of the time to its first frame)
        return _guarded(lambda: _launch(record=None, lang=display.get("lang"), glyphs=display.get("glyphs")))
    args = build_parser().parse_args(given)
    handler = {
        None: _run_app, "play": _run_play, "learn": _run_learn,
        "resume": _run_resume, "replay": _run_replay, "simulate": _run_simulate,
        "check": _run_check, "presets": _run_presets, "screenshots": _run_screenshots,
        "stats": _run_stats, "tournament": _run_tournament,
    }[args.command]
    return _guarded(lambda: handler(args))


def _guarded(run: Callable[[], int]) -> int:
    """Run a command; an error the user can act on is one line and the usage exit status."""
    try:
        return run()
    except FamiliaTuiError as error:
        print(f"familia-tui: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyError as error:  # UnknownGame
        print(f"familia-tui: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # a path the system refuses: too long, not allowed, a full disk …
        where = f"{error.filename}: " if error.filename else ""
        print(f"familia-tui: {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE


# ----- games, presets and seats -----

def load_game(game: str, preset_ref: str | None) -> tuple[GameSpec, Preset]:
    """The game spec and its preset (the game's default when none is named)."""
    from familia_tui.core.presets import find_preset
    from familia_tui.core.registry import get_game

    spec = get_game(game)
    return spec, find_preset(game, preset_ref or spec.default_preset)


def preset_for_seats(spec: GameSpec, preset: Preset, seats_text: str | None) -> Preset:
    """With no --preset, a --seats list that does not fit the default table picks the game's
    shipped preset for that many seats (the shortest name: `tarot-5`, not `tarot-5-fft`)."""
    from familia_tui.core.presets import list_presets

    count = len(seat_entries(seats_text))
    defaults = spec.default_seats(preset.options)
    if not count or count in (len(defaults), len({s.person for s in defaults})):
        return preset
    def fits(candidate: Preset) -> bool:
        seats = spec.default_seats(candidate.options)
        return count in (len(seats), len({s.person for s in seats}))

    fitting = [p for p in list_presets(spec.id)[0] if p.origin != "user" and fits(p)]
    return min(fitting, key=lambda p: (len(p.id), p.id)) if fitting else preset


def seat_entries(text: str | None) -> list[str]:
    """The entries of a `--seats` list, stripped; none for no list.

    Raises:
        UsageError: an entry is empty (`Aki,,Chi`): every seat needs a name, human or bot.
    """
    if not text:
        return []
    entries = [e.strip() for e in text.split(",")]
    empty = [str(n) for n, e in enumerate(entries, start=1) if not e]
    if empty:
        which = f"entry {empty[0]} is" if len(empty) == 1 else f"entries {', '.join(empty)} are"
        raise UsageError(f"--seats {text!r}: {which} empty; give every seat a name, human, bot "
                         "or bot:KIND")
    return entries


def check_player_count(spec: GameSpec, seats_text: str | None) -> None:
    """Refuse a `--seats` list with more or fewer players than the game is for."""
    count = len(seat_entries(seats_text))
    low, high = spec.players
    if count and not low <= count <= high:
        raise UsageError(f"{spec.names['en']} is for {low}–{high} players; "
                         f"{count} seat{'s' if count > 1 else ''} given")


def parse_seats(text: str | None, defaults: Sequence[Seat],
                bots: Sequence[str] | None = None) -> list[Seat]:
    """Overlay a `--seats` list on the preset's seats (roles and teams stay).

    Each entry is `human`, `bot` (= bot:basic), `bot:KIND`, a human's `NAME`, or `NAME=bot:KIND`.
    In the 2-player Familia game two entries name the two players, each running two hands.
    `bots` lists the game's bot kinds; an unknown kind is an error.
    """
    seats = list(defaults)
    entries = seat_entries(text)
    if not entries:
        return seats
    people = list(dict.fromkeys(s.person for s in seats))
    if len(entries) not in (len(seats), len(people)):
        raise UsageError(f"--seats lists {len(entries)} seat{'s' if len(entries) > 1 else ''} but "
                         f"the preset's table has {len(seats)}")
    by_person = len(entries) == len(people) != len(seats)
    updated = []
    for index, seat in enumerate(seats):
        entry = entries[people.index(seat.person)] if by_person else entries[index]
        updated.append(_seat_from_entry(seat, entry, by_person))
    unknown = [s.controller for s in updated
               if bots is not None and not s.is_human and s.controller[4:] not in bots]
    if unknown:
        raise UsageError(f"--seats: unknown bot {unknown[0]!r} (bots: "
                         f"{', '.join('bot:' + b for b in bots or ())})")
    names = [s.name for s in updated]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise UsageError(f"--seats: every seat needs its own name ({', '.join(twice)} twice)")
    return updated


def _hand_suffix(seat: Seat) -> str:
    """What tells a person's hands apart in the default seat's name (`P1-M` → `-M`)."""
    player = seat.player or ""
    return seat.name[len(player):] if player and seat.name.startswith(player) else ""


def _seat_from_entry(seat: Seat, entry: str, by_person: bool) -> Seat:
    from pydantic import ValidationError

    from familia_tui.core.engine import Seat
    name, _, controller = entry.partition("=")
    if not controller and (name in ("human", "bot") or name.startswith("bot:")):
        name, controller = "", name
    controller = {"bot": "bot:basic", "": "human"}.get(controller, controller)
    if controller != "human" and not controller.startswith("bot:"):
        raise UsageError(f"--seats: {entry!r} is not human, bot, bot:KIND, NAME or NAME=bot:KIND")
    changes: dict[str, object] = {"controller": controller}
    if name:
        if by_person:
            changes.update(player=name, name=name + _hand_suffix(seat))
        else:
            changes["name"] = name
    try:
        return Seat.model_validate({**seat.model_dump(), **changes})
    except ValidationError as error:
        problem = error.errors()[0]
        raise UsageError(f"--seats: {entry!r}: {'.'.join(map(str, problem['loc']))}: "
                         f"{problem['msg']}") from None


# ----- commands -----

def _run_simulate(args: argparse.Namespace) -> int:
    from familia_tui.core.simulate import simulate

    spec, preset = load_game(args.game, args.preset)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    kinds = [k.strip() for k in args.bot.split(",")]
    unknown = [k for k in kinds if k not in spec.bot_kinds]
    if unknown:
        raise UsageError(f"unknown bot {unknown[0]!r} (bots: {', '.join(spec.bot_kinds)})")
    run = simulate(spec, preset.options, preset.id, args.games, args.seed, kinds)
    report = run.summary()
    if args.json:
        import json

        print(json.dumps(report, ensure_ascii=False))
    else:
        print(f"{report['game']} / {report['preset']}: {report['games']} games, "
              f"{report['deals']} deals in {report['seconds']} s "
              f"({report['deals_per_second']} deals/s, {report['actions_per_second']} actions/s)")
        for unit, stats in report["scores"].items():
            print(f"  {unit:>10}: mean {stats['mean']:+.2f}  min {stats['min']}  max {stats['max']}")
    return 0


def _run_tournament(args: argparse.Namespace) -> int:
    from familia_tui.cli_tournament import run_tournament

    spec, preset = load_game(args.game, args.preset)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.think is not None and not args.think > 0:
        raise UsageError("--think must be a positive number of seconds")
    kinds = [kind.strip() for kind in args.bots.split(",")]
    return run_tournament(spec, preset, kinds, args.games, args.seed, args.json, args.think)


def _run_check(args: argparse.Namespace) -> int:
    from familia_tui.core.lessons import split_lessons
    from familia_tui.core.presets import check_presets, is_preset_file
    from familia_tui.core.scenario import check_paths, scenario_files

    paths, lessons = split_lessons([Path(p) for p in args.paths])
    files = scenario_files(paths)
    presets = [path for path in files if path.suffix in (".yaml", ".yml") and is_preset_file(path)]
    if presets:  # (a game's rules folder holds its presets beside its puzzles)
        paths = [path for path in files if path not in presets]
    results: list[Any] = check_paths(paths) if paths or not (lessons or presets) else []
    results += lessons + check_presets(presets)
    failed = [r for r in results if not r.passed]
    for result in results:
        print(result.report())
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed or not results else 0


def _run_presets(args: argparse.Namespace) -> int:
    from familia_tui.cli_presets import run_presets

    return run_presets(args.words, args.lang)


def _run_stats(args: argparse.Namespace) -> int:
    from familia_tui.cli_stats import run_stats

    return run_stats(args.game, args.json, getattr(args, "lang", None))


def _app_settings(args: argparse.Namespace) -> dict[str, str | None]:
    return {"lang": getattr(args, "lang", None), "glyphs": getattr(args, "glyphs", None)}


def _run_play(args: argparse.Namespace) -> int:
    from familia_tui.core.record import Record
    from familia_tui.core.registry import entry

    spec, preset = load_game(args.game, args.preset)
    if entry(spec.entry.id).ui is None:  # the registry's entry, as the app reads it
        raise UsageError(f"{spec.names['en']} has no table in the app yet: its rules engine runs in "
                         f"`familia-tui simulate {spec.id}` and `familia-tui check`")
    check_player_count(spec, args.seats)
    if args.preset is None:
        preset = preset_for_seats(spec, preset, args.seats)
    seats = parse_seats(args.seats, spec.default_seats(preset.options), spec.bot_kinds)
    seed = args.seed if args.seed is not None else _fresh_seed()
    try:
        spec.new_game(preset.options, seats, seed=seed)  # validates seats before the app opens
    except ValueError as error:
        raise UsageError(str(error)) from None
    for problem in spec.table_problems(seats):
        print(f"familia-tui: seating: {problem.text(args.lang or default_lang())}", file=sys.stderr)
    options = getattr(preset.options, "resolved", lambda: preset.options)()
    record = Record(spec.id, options, tuple(seats), seed, preset=preset.id)
    return _launch(record=record, **_app_settings(args))


def _run_learn(args: argparse.Namespace) -> int:
    """`learn GAME`: the game's guided first game (checked before the app opens)."""
    from familia_tui.core.lessons import load_learn
    from familia_tui.core.registry import entry, get_game

    spec = get_game(args.game)
    if entry(spec.entry.id).ui is None:
        raise UsageError(f"{spec.names['en']} has no table in the app yet")
    load_learn(spec.id)
    return _launch(record=None, learn=spec.id, **_app_settings(args))


def _run_resume(args: argparse.Namespace) -> int:
    """`resume FILE` plays on in that file; `resume` the newest unfinished game of the save
    folder; `resume --list` lists them. Files that cannot be resumed are reported (and, in the
    save folder, moved aside)."""
    from familia_tui.core.record import load_record
    from familia_tui.core.saves import SaveFolder, summary_lines

    if args.file and args.list:
        raise UsageError("resume takes a FILE or --list, not both")
    if args.file:
        path = Path(args.file)
        record = load_record(path)
        record.replay(source=str(path))  # a record that cannot be replayed is reported here
        if SaveFolder(path.parent).in_use(path):
            raise UsageError(f"{path}: this game is open in another familia-tui window")
        return _launch(record=record, record_path=path, **_app_settings(args))
    folder = SaveFolder.default()
    scan = folder.scan()
    for problem in scan.set_aside:
        moved = f" It was renamed {problem.moved_to.name} (nothing was deleted)." if problem.moved_to else ""
        print(f"familia-tui: {problem.path.name} cannot be resumed: {problem.reason}{moved}", file=sys.stderr)
    games = [g for g in scan.unfinished if not g.in_use]
    if args.list:
        lang = getattr(args, "lang", None) or default_lang()
        for game in scan.unfinished:
            lines = summary_lines(game, lang)
            print(f"{game.path}\n  " + "\n  ".join(line for line in lines if line))
        if not scan.unfinished:
            print(f"no unfinished game in {folder.root}")
        return 0
    if scan.unfinished and not games:
        raise UsageError("every unfinished game is open in another familia-tui window")
    if not games:
        raise UsageError(f"there is no unfinished game in {folder.root}; start one with 'familia-tui play'")
    return _launch(record=games[0].load(), record_path=games[0].path, **_app_settings(args))


def _run_replay(args: argparse.Namespace) -> int:
    """`replay FILE`: the game in that file stepped through; a file that cannot be read or
    replayed is reported (and left as it is) before the app opens."""
    from familia_tui.core.record import load_record
    from familia_tui.core.replay import Replay

    path = Path(args.file)
    record = load_record(path)
    Replay(record, str(path))  # a record that cannot be replayed is reported here
    return _launch(record=None, record_path=path, replay=record, **_app_settings(args))


def _run_app(args: argparse.Namespace) -> int:
    return _launch(record=None, **_app_settings(args))


def _run_screenshots(args: argparse.Namespace) -> int:
    from familia_tui.tui import make_screenshots

    return make_screenshots(Path(args.out), args.force)


def _launch(**kwargs: Any) -> int:
    from familia_tui.tui import run_app

    return run_app(**kwargs)


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


if __name__ == "__main__":
    raise SystemExit(main())
