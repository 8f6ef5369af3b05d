"""The guided first game: lessons that explain each rule the first time it matters.

A game's guided game lives in `rules/<game>/learn/`: a scenario file (`game.yaml`, DESIGN.md §5:
preset, options, seats with one human, a stacked deal) and `lessons.yaml`:

```yaml
game: daifugo
scenario: game.yaml              # the deal, beside this file (default game.yaml)
title: {en: First game of Daifugō, ja: はじめての大富豪}
closing: {en: ..., ja: ...}      # said at the end, above the lessons seen
ends_at: deal_scored             # optional: the guided game ends there (a long game's first deal)
lessons:
  - id: eight-cut
    trigger: {event: trick_won, where: {why: eight}}    # an event apply() reports ...
    title: {en: "8切り: the 8 ends the trick", ja: ...}
    text: {en: ..., ja: ...}
    rulings: [DF-15]
    point: table                 # hand, table, log, banner or scores
  - id: follow
    trigger: {condition: following}   # ... or a condition the game names (games/<game>/lessons.py)
    ...
```

A lesson fires once, the first time its trigger holds: an **event** kind from `apply()` (the
game's own kinds or the shared ones, `core/events.py`), optionally with `where` (values the
event's info must have), `by` (`human`: the learner's seat, `other`, `any`) and `test` (a test
of the event the game names in `EVENT_TESTS`: a trick with batted cards); or a
**condition** the game package names in `CONDITIONS` (`games/<game>/lessons.py`), a pure
predicate on the learner's view and legal actions, asked when the learner is to decide. The UI
needs no rule knowledge: it shows what fires, pointing at the area named by `point`.

`load_learn(game)` reads and checks both files (every problem with its file and key path);
`check_learn(path)` is what `familia-tui check` runs on a lessons file; `rehearse(learn)` plays
the guided game to its end with a scripted learner and says which lessons fired, in order.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from familia_tui.core.engine import Event, GameSpec, GameState
from familia_tui.core.errors import FamiliaTuiError
from familia_tui.core.events import COMMON
from familia_tui.core.presets import Problem, StrictModel, read_yaml_file, rules_dir, validate_model
from familia_tui.core.record import Record
from familia_tui.core.scenario import ScenarioError, ScenarioFile, load_scenario, start_state

LANGS = ("en", "ja")
"""Every lesson text is written in each of these languages."""
AREAS = ("hand", "table", "log", "banner", "scores")
"""Where a lesson may point: the table screen maps each to its widgets (`lesson_area()`)."""
LESSONS_FILE = "lessons.yaml"

Area = Literal["hand", "table", "log", "banner", "scores"]
Condition = Callable[[Any, Sequence[Any]], bool]
"""A game's named condition: (the learner's view, the legal actions) → whether it holds."""
EventTest = Callable[[Event], bool]
"""A game's named test of one event (`trigger.test`)."""


class LearnError(FamiliaTuiError):
    """A guided game that cannot be read or set up; names the file and every problem."""


class Texts(StrictModel):
    """A text in every language the app speaks."""

    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        """The text in `lang` (English for a language it lacks)."""
        return str(getattr(self, lang, self.en))


class Trigger(StrictModel):
    """When a lesson fires: an event (with `where`, `by`) or a condition; exactly one."""

    event: str | None = None
    """An event kind `apply()` reports (`trick_won`, `revolution` …)."""
    where: dict[str, str | int | bool] = Field(default_factory=dict)
    """Values the event's info must have (`{why: eight}`), compared as text."""
    by: Literal["human", "other", "any"] = "any"
    """Whose event: the learner's seat, another seat, or any."""
    test: str | None = None
    """A test of the event the game names (its `lessons.py` `EVENT_TESTS`: a trick whose cards
    were batted …), for what `where` cannot say."""
    condition: str | None = None
    """A condition the game names (its `lessons.py`), asked when the learner is to decide."""

    @model_validator(mode="after")
    def _one_kind(self) -> Trigger:
        if (self.event is None) == (self.condition is None):
            raise ValueError("give either an event or a condition")
        if self.condition is not None and (self.where or self.by != "any" or self.test):
            raise ValueError("where, by and test go with an event, not a condition")
        return self


class Lesson(StrictModel):
    """One rule explained the first time it matters."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    """A short name (letters, digits, dashes), unique in the file."""
    trigger: Trigger
    title: Texts
    text: Texts
    rulings: list[str] = Field(default_factory=list)
    """The ruling ids the text explains (the rulebook has them)."""
    point: Area
    """The table area the lesson is about: hand, table, log, banner or scores."""


class LessonsFile(StrictModel):
    """The keys of `lessons.yaml` (see the module docstring)."""

    game: str
    scenario: str = "game.yaml"
    """The scenario file with the deal, beside this file."""
    title: Texts
    closing: Texts
    """Said at the end of the game, above the list of lessons seen."""
    ends_at: str | None = None
    """An event kind that ends the guided game (a long game's first `deal_scored`); left out,
    the guided game is the whole game."""
    lessons: list[Lesson] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> LessonsFile:
        ids = [lesson.id for lesson in self.lessons]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"lesson ids must be unique ({', '.join(twice)} more than once)")
        return self


@dataclass(frozen=True)
class Learn:
    """A game's guided first game, read and checked."""

    path: Path
    """The lessons file."""
    lessons: LessonsFile
    scenario: ScenarioFile
    spec: GameSpec
    human: int
    """The learner's seat (the scenario's one human)."""
    conditions: Mapping[str, Condition]
    event_tests: Mapping[str, EventTest] = field(default_factory=dict)

    def ends(self, over: bool, events: Sequence[Event]) -> bool:
        """Whether the guided game is over: the game is (`over`), or its `ends_at` event came."""
        ends_at = self.lessons.ends_at
        return over or any(event.kind == ends_at for event in events)

    def start(self) -> GameState:
        """The guided game's first state (the scenario's deal)."""
        return start_state(self.spec, self.scenario)

    def record(self) -> Record:
        """The guided game's record: the scenario's options, seats, seed and deal (a session
        opened from it has its bots)."""
        state = self.start()
        return Record(self.spec.id, state.options, tuple(state.seats),  # type: ignore[attr-defined]
                      self.scenario.seed, deal=self.scenario.deal, preset=self.scenario.preset)


def learn_path(game: str) -> Path:
    """Where a game's lessons file is shipped."""
    return rules_dir(game) / "learn" / LESSONS_FILE


def learn_games() -> list[str]:
    """The games that ship a guided first game, in the registry's order."""
    from familia_tui.core.registry import game_ids

    return [game for game in game_ids() if learn_path(game).is_file()]


def game_conditions(spec: GameSpec) -> tuple[Mapping[str, Condition], Mapping[str, EventTest]]:
    """The conditions and event tests a game names for lessons: `CONDITIONS` and `EVENT_TESTS`
    of the `lessons` module beside its spec (`familia_tui.games.<game>.lessons`); none when it
    has no such module."""
    package = spec.entry.spec.partition(":")[0].rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.lessons")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.lessons":
            raise
        return {}, {}
    conditions: Mapping[str, Condition] = getattr(module, "CONDITIONS", {})
    tests: Mapping[str, EventTest] = getattr(module, "EVENT_TESTS", {})
    return conditions, tests


def load_learn(game_or_path: str | Path) -> Learn:
    """Read a guided game: a game id (its shipped file) or a lessons file's path.

    Raises:
        LearnError: naming the file and, for every problem, its key path and the reason.
    """
    from familia_tui.core.registry import UnknownGame, get_game

    path = Path(game_or_path) if isinstance(game_or_path, Path) else learn_path(game_or_path)
    lessons = _read(path)
    try:
        spec = get_game(lessons.game)
    except UnknownGame as error:
        raise LearnError(f"{path}: game: {error}") from None
    conditions, tests = game_conditions(spec)
    problems = trigger_problems(lessons, spec, conditions, tests) + ruling_problems(lessons)
    scenario_path = path.parent / lessons.scenario
    try:
        scenario = load_scenario(scenario_path)
    except (ScenarioError, OSError, ValueError) as error:  # (a name the system refuses)
        raise LearnError(f"{path}: scenario: {error}") from None
    try:
        humans = [i for i, seat in enumerate(start_seats(spec, scenario)) if seat.is_human]
    except LearnError as error:
        raise LearnError(f"{path}: {error}") from None
    if scenario.game != lessons.game:
        problems.append(f"scenario: {scenario_path.name} is a {scenario.game} scenario")
    if len(humans) != 1:
        problems.append(f"scenario: {scenario_path.name} needs exactly one human seat ({len(humans)} found)")
    if problems:
        raise LearnError(f"{path}: " + "; ".join(problems))
    return Learn(path, lessons, scenario, spec, humans[0], conditions, tests)


def _read(path: Path) -> LessonsFile:
    data, lines = read_yaml_file(path, LearnError)
    lessons, problems = validate_model(LessonsFile, data, lines)
    if problems or lessons is None:
        problems.sort(key=lambda p: (p.line is None, p.line or 0))
        raise LearnError(f"{path}: " + "; ".join(_render(p) for p in problems))
    return lessons


def _render(problem: Problem) -> str:
    return problem.render().replace("\n", " ")


def start_seats(spec: GameSpec, scenario: ScenarioFile) -> tuple[Any, ...]:
    """The seats the scenario sits (its start state's)."""
    try:
        return tuple(start_state(spec, scenario).seats)
    except (FamiliaTuiError, ValueError, KeyError) as error:
        raise LearnError(f"scenario: cannot be set up: {error}".replace("\n", " ")) from None


def trigger_problems(lessons: LessonsFile, spec: GameSpec, conditions: Mapping[str, Condition],
                     tests: Mapping[str, EventTest]) -> list[str]:
    """Triggers that name no event the game reports, or no condition or test it provides."""
    kinds = COMMON | spec.events
    problems = [] if lessons.ends_at is None or lessons.ends_at in kinds else [
        f"ends_at: {lessons.ends_at!r} is no event of {spec.id}"]
    for index, lesson in enumerate(lessons.lessons):
        trigger, where = lesson.trigger, f"lessons.{index}.trigger"
        if trigger.event is not None and trigger.event not in kinds:
            problems.append(f"{where}.event: {trigger.event!r} is no event of {spec.id} "
                            f"({', '.join(sorted(kinds))})")
        if trigger.condition is not None and trigger.condition not in conditions:
            known = ", ".join(sorted(conditions)) or "none"
            problems.append(f"{where}.condition: {trigger.condition!r} is no condition of "
                            f"{spec.id} ({known})")
        if trigger.test is not None and trigger.test not in tests:
            known = ", ".join(sorted(tests)) or "none"
            problems.append(f"{where}.test: {trigger.test!r} is no event test of {spec.id} ({known})")
    return problems


def ruling_problems(lessons: LessonsFile) -> list[str]:
    """Ruling ids the game's rulebook (`rules.en.md`) does not mention."""
    try:
        book = (rules_dir(lessons.game) / "rules.en.md").read_text(encoding="utf-8")
    except OSError:
        return []
    return [f"lessons.{i}.rulings: {ruling!r} is not in the rulebook"
            for i, lesson in enumerate(lessons.lessons) for ruling in lesson.rulings
            if not re.search(rf"(?<![\w-]){re.escape(ruling)}(?![\w-])", book)]


@dataclass
class Tutor:
    """Which lessons are due: each fires once, the first time its trigger holds."""

    learn: Learn
    seen: list[str] = field(default_factory=list)
    """The ids of the lessons fired so far, in order."""

    def after_events(self, events: Sequence[Event]) -> list[Lesson]:
        """The lessons that the events of one action fire (in the events' order)."""
        due: list[Lesson] = []
        for event in events:
            for lesson in self._waiting():
                if lesson not in due and self._event_fires(lesson, event):
                    due.append(lesson)
        return self._fire(due)

    def at_decision(self, view: Any, legal: Sequence[Any]) -> list[Lesson]:
        """The lessons that a decision of the learner's fires (their view and legal actions)."""
        due = [lesson for lesson in self._waiting() if lesson.trigger.condition is not None
               and self.learn.conditions[lesson.trigger.condition](view, legal)]
        return self._fire(due)

    def lessons_seen(self) -> list[Lesson]:
        by_id = {lesson.id: lesson for lesson in self.learn.lessons.lessons}
        return [by_id[i] for i in self.seen]

    def _waiting(self) -> list[Lesson]:
        return [lesson for lesson in self.learn.lessons.lessons if lesson.id not in self.seen]

    def _event_fires(self, lesson: Lesson, event: Event) -> bool:
        trigger = lesson.trigger
        if trigger.event != event.kind:
            return False
        mine = event.seat == self.learn.human
        if (trigger.by == "human" and not mine) or (trigger.by == "other" and mine):
            return False
        if trigger.test is not None and not self.learn.event_tests[trigger.test](event):
            return False
        return all(_same(event.get(key), value) for key, value in trigger.where.items())

    def _fire(self, due: list[Lesson]) -> list[Lesson]:
        self.seen.extend(lesson.id for lesson in due)
        return due


def _same(actual: object, expected: object) -> bool:
    if isinstance(expected, bool):
        return actual is expected
    return actual is not None and str(actual) == str(expected)


Script = Callable[[Any, Sequence[Any]], Any]
"""The scripted learner of a rehearsal: (view, legal actions) → the action."""


def first_legal(view: Any, legal: Sequence[Any]) -> Any:
    """A scripted learner: always the first legal action."""
    return legal[0]


@dataclass
class Rehearsal:
    """A guided game played to its end by a scripted learner."""

    fired: list[str]
    """Lesson ids in the order they fired."""
    over: bool
    actions: int


def rehearse(learn: Learn, script: Script | None = None, limit: int = 5000) -> Rehearsal:
    """Play the guided game as the app does (the session's bots, seeded by the record) with
    `script` in the learner's seat (default: the game's basic bot, seeded likewise)."""
    import random

    from familia_tui.core.session import Session

    spec = learn.spec
    session = Session.open(learn.record())
    tutor = Tutor(learn)
    if script is None:
        bot = spec.make_bot("basic")

        def script(view: Any, legal: Sequence[Any]) -> Any:
            return bot.choose(view, legal, random.Random(f"learn:{len(session.record.actions)}"))
    actions, ended = 0, False
    tutor.after_events(session.table.events)
    while not ended and actions < limit:
        if session.to_act == learn.human:
            view, legal = session.table.view(learn.human), list(session.table.legal_actions())
            tutor.at_decision(view, legal)
            action = script(view, legal)
        else:
            action = session.bot_action()
        events = session.apply(action)
        tutor.after_events(events)
        ended = learn.ends(session.table.is_over, events)
        actions += 1
    return Rehearsal(tutor.seen, ended, actions)


@dataclass
class LearnCheck:
    """`familia-tui check` on a lessons file: what is wrong, if anything."""

    path: Path
    problems: list[str]

    @property
    def passed(self) -> bool:
        return not self.problems

    def report(self) -> str:
        head = f"{'PASS' if self.passed else 'FAIL'} {self.path} — guided first game"
        return "\n".join([head] + [f"  {p}" for p in self.problems])


def check_learn(path: Path) -> LearnCheck:
    """Check a lessons file: its keys and texts, that every trigger names an event or condition
    of the game, that its rulings are in the rulebook, that the deal can be set up, and that a
    rehearsal (the basic bot as the learner) ends the game with every lesson fired once."""
    try:
        learn = load_learn(path)
        run = rehearse(learn)
    except LearnError as error:
        return LearnCheck(path, [str(error)])
    except (FamiliaTuiError, ValueError, KeyError) as error:
        return LearnCheck(path, [f"cannot be played: {error}".replace("\n", " ")])
    problems = [] if run.over else [f"the game did not end in {run.actions} actions"]
    missing = [lesson.id for lesson in learn.lessons.lessons if lesson.id not in run.fired]
    if missing:
        problems.append(f"lessons that never fire when the basic bot plays the learner: {', '.join(missing)}")
    return LearnCheck(path, problems)


def is_lessons_file(path: Path) -> bool:
    """Whether `familia-tui check` reads this file as lessons (not as a scenario)."""
    return path.name in (LESSONS_FILE, "lessons.yml")


def split_lessons(paths: Sequence[Path]) -> tuple[list[Path], list[LearnCheck]]:
    """`familia-tui check PATH...`: the scenario files and folders to run, and the lessons files
    (named, or found in the folders) checked. A folder holding lessons files is replaced by its
    scenario files."""
    from familia_tui.core.presets import is_dir
    from familia_tui.core.scenario import scenario_files

    scenarios: list[Path] = []
    lessons: list[Path] = []
    for path in paths:
        found = [p for p in scenario_files([path]) if is_lessons_file(p)] if is_dir(path) else []
        if found:
            lessons += found
            scenarios += [p for p in scenario_files([path]) if not is_lessons_file(p)]
        elif is_lessons_file(path):
            lessons.append(path)
        else:
            scenarios.append(path)
    return scenarios, [check_learn(path) for path in lessons]
