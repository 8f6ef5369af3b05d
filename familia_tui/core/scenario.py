"""Scenario files: tests, bug reports and practice puzzles share one YAML format.

```yaml
game: familia
preset: familia-4            # optional; the game's default preset otherwise
options: {style: batting}    # optional overrides of the preset's options
seats: [Aki, Ben, Cho, Dan]  # optional: names over the preset's seats, or full seat mappings
seed: 3                      # optional (default 0): shuffles, and fills what a deal leaves out
deal: {...}                  # optional stacked first deal (game-specific)
position: {...}              # optional position: any moment of a deal (game-specific)
steps:
  - do: pile red             # one action or a list, each by the seat to act
  - legal: [play 5H, play 9H]        # the exact legal actions of the seat to act
  - legal_includes: [play 5C]        # at least these
  - illegal: {action: play 2C, ruling: R-F1}   # not legal (and the explanation cites the ruling)
  - expect: {last_trick: {winner: 2}, captures: {2: [KH]}}   # documented queries
  - expect: {view: {seat: 2, hand: [5H, 9H]}}  # what seat 2 sees (`seat: public`: a watcher)
```

A scenario that expects its set-up to be refused says `setup: {valid: false, refusal: TEXT}`
(TEXT: a fragment of the message) and has no steps.

Expected values are compared with what the game's query returns: a mapping compares only the
keys it names, a list of plain values compares as a multiset (order ignored), a list of lists or
mappings compares in order, and `{in_order: [...]}` compares a list in order.
A `Parameterised` query (`view`) takes its arguments from the expected mapping.
`familia-tui check PATH...` runs files and folders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, model_validator

from familia_tui.core.cards import parse_card
from familia_tui.core.engine import (
    ActionSyntaxError,
    Event,
    GameSpec,
    GameState,
    IllegalAction,
    Seat,
)
from familia_tui.core.errors import FamiliaTuiError
from familia_tui.core.presets import (
    Lines,
    PresetError,
    Problem,
    StrictModel,
    find_preset,
    is_dir,
    problems_under,
    read_yaml_file,
    validate_model,
)
from familia_tui.core.queries import Parameterised


class ScenarioError(FamiliaTuiError):
    """A scenario file that cannot be read or set up; names the file and what is wrong."""


CardsText = str | list[str]
"""Cards as a space-separated text or a list: `5S 9S` or `[5S, 9S]`."""
SeatCards = dict[int, CardsText] | list[CardsText]
"""Cards per seat: a mapping seat → cards, or a list in seat order."""
SeatTexts = dict[int, str] | list[str]
"""A text per seat (e.g. the suits a seat is void in)."""
SeatCounts = dict[int, int] | list[int]
"""A number per seat."""


class SetupExpectation(StrictModel):
    """What the scenario expects of its own set-up (`setup: {valid: false, refusal: ...}`)."""

    valid: bool = True
    """False: the preset, options, seats or start must be refused, and no step runs."""
    refusal: str | None = None
    """A fragment of the refusal's message (case ignored), e.g. `win_at` or `placed more often`."""


PuzzleKind = Literal["which-cards", "who-wins", "score", "best-play"]
"""How a practice puzzle is answered and judged:

- `which-cards`: the player ticks every offered action (`choices`) they think is allowed; right
  iff the ticked set is exactly the offered actions the engine finds legal at the start;
- `who-wins`, `score`: the player picks one of the `choices`; the right one's `expect` must hold
  after the steps and every other's `expect` must not (so the key cannot drift from the engine);
- `best-play`: the player makes the decision at the table; right iff it is one of `answer`.
"""


class Choice(StrictModel):
    """One option of a practice puzzle."""

    text: str | dict[str, str] | None = None
    """What the option says (`who-wins`, `score`; for `which-cards`, a label for an action the
    table cannot name from its cards, such as Chinkway's `take D`)."""
    action: str | None = None
    """The action offered (`which-cards`)."""
    right: bool = False
    """The right option (`who-wins`, `score`; exactly one)."""
    expect: dict[str, Any] | None = None
    """Queries that hold after the steps for the right option, and fail for a wrong one."""


def puzzle_problems(scenario: ScenarioFile) -> list[str]:
    """What is wrong with a practice puzzle's keys for its kind (an empty list when nothing)."""
    kind, choices = scenario.kind, scenario.choices
    if kind is None:
        return ["answer and choices need a kind"] if scenario.answer or choices else []
    problems = [] if scenario.question and scenario.explanation else [
        "a puzzle (kind) needs a question and an explanation"]
    if kind == "best-play" and (not scenario.answer or choices):
        problems.append("best-play: give the right actions as answer, and no choices")
    if kind == "which-cards" and (scenario.answer or len(choices) < 2 or not all(
            c.action and not c.right and c.expect is None for c in choices)):
        problems.append("which-cards: give two or more choices, each {action: ACTION} (and an optional text),"
                        " and no answer")
    if kind in ("who-wins", "score"):
        if scenario.answer or len(choices) < 2 or any(c.text is None or c.action for c in choices):
            problems.append(f"{kind}: give two or more choices, each with a text (and no answer)")
        rights = [c for c in choices if c.right]
        if len(rights) != 1 or rights[0].expect is None:
            problems.append(f"{kind}: mark exactly one choice right: true, with an expect")
    return problems


class ScenarioFile(StrictModel):
    """The keys of a scenario file (see the module docstring)."""

    game: str
    preset: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str | dict[str, Any]] | None = None
    seed: int = 0
    deal: dict[str, Any] | None = None
    position: dict[str, Any] | None = None
    steps: list[dict[str, Any]] = Field(default_factory=list)
    setup: SetupExpectation = Field(default_factory=SetupExpectation)
    """`setup: {valid: false, refusal: TEXT}`: the set-up must be refused (with TEXT in the message)."""
    title: str | dict[str, str] | None = None
    """One line saying what the scenario shows (a practice puzzle may give it per language,
    `{en: ..., ja: ...}`)."""
    ruling: str | list[str] | None = None
    """The ruling ids it checks."""
    source: str | None = None
    """Where it comes from (e.g. a worked example of the rule text)."""
    question: str | dict[str, str] | None = None
    """Practice: the question put to the player."""
    hints: list[str | dict[str, str]] = Field(default_factory=list)
    """Practice: hints, shown one at a time."""
    explanation: str | dict[str, str] | None = None
    """Practice: the answer explained."""
    topic: str | dict[str, str] | None = None
    """Practice: what the puzzle is about (the practice list groups puzzles by it)."""
    kind: PuzzleKind | None = None
    """Practice: how the player answers and how the answer is judged (see `PuzzleKind`)."""
    answer: list[str] = Field(default_factory=list)
    """Practice, `best-play`: the right actions for the seat to act at the start (each must be
    legal there; `check` says so)."""
    choices: list[Choice] = Field(default_factory=list)
    """Practice: the options offered. `who-wins`/`score`: texts, one marked right; `which-cards`:
    the actions offered (the right ones are those the engine finds legal at the start)."""

    @model_validator(mode="after")
    def _puzzle_keys_fit_the_kind(self) -> ScenarioFile:
        problems = puzzle_problems(self)
        if problems:
            raise ValueError("\n".join(problems))
        return self


IN_ORDER = "in_order"
"""`{in_order: [...]}` as an expected value: the list compares in order, item by item."""

STEP_KINDS = ("do", "legal", "legal_includes", "illegal", "expect")


@dataclass
class Failure:
    step: int
    kind: str
    expected: Any
    actual: Any
    message: str = ""

    def __str__(self) -> str:
        text = f"  step {self.step} ({self.kind}): expected {self.expected!r}, got {self.actual!r}"
        return text + (f" — {self.message}" if self.message else "")


@dataclass
class ScenarioResult:
    path: Path
    title: str | None = None
    failures: list[Failure] = field(default_factory=list)
    error: str | None = None

    @property
    def passed(self) -> bool:
        return not self.failures and self.error is None

    def report(self) -> str:
        head = f"{'PASS' if self.passed else 'FAIL'} {self.path}" + (
            f" — {self.title}" if self.title else "")
        lines = [head] + ([f"  {self.error}"] if self.error else []) + [str(f) for f in self.failures]
        return "\n".join(lines)


def load_scenario(path: Path) -> ScenarioFile:
    """Read a scenario file and check its keys, those of its deal or position included.

    Raises:
        ScenarioError: naming the file and, for every problem, its key path, the value, the
            reason and a "did you mean …?" for a misspelt key.
    """
    data, lines = read_yaml_file(path, ScenarioError)
    scenario, problems = validate_model(ScenarioFile, data, lines)
    starts, start_problems = _checked_starts(data, lines) if isinstance(data, dict) else ({}, [])
    problems += start_problems
    if problems or scenario is None:
        problems.sort(key=lambda p: (p.line is None, p.line or 0))
        raise ScenarioError(f"{path}: " + "; ".join(p.render() for p in problems))
    return scenario.model_copy(update=starts)


def _checked_starts(data: Mapping[str, Any], lines: Lines) -> tuple[dict[str, Any], list[Problem]]:
    """The file's deal and position checked against the game's keys and read in the types the
    game reads them as, and the problems found (an unknown game among them)."""
    from familia_tui.core.registry import UnknownGame, get_game

    game = data.get("game")
    if not isinstance(game, str):
        return {}, []  # the file's own check reports it
    try:
        spec = get_game(game)
    except UnknownGame as error:
        return {}, [Problem("game", game, str(error), None, lines.get(("game",)))]
    starts: dict[str, Any] = {}
    problems: list[Problem] = []
    for part, model in (("deal", spec.deal_keys), ("position", spec.position_keys)):
        if not isinstance(data.get(part), dict) or model is None:
            continue
        below = {key[1:]: line for key, line in lines.items() if key[:1] == (part,)}
        keys, found = validate_model(model, data[part], below)
        problems += problems_under(part, found)
        if keys is not None:
            starts[part] = keys.model_dump(exclude_unset=True)
    return starts, problems


def validation_text(error: ValidationError) -> str:
    """Pydantic's problems as `key.path: message` lines joined by '; '."""
    return "; ".join(
        (f"{'.'.join(map(str, e['loc']))}: " if e["loc"] else "") + e["msg"].removeprefix("Value error, ")
        for e in error.errors())


def start_state(spec: GameSpec, scenario: ScenarioFile) -> GameState:
    """The scenario's starting state: seed, stacked deal or position."""
    preset = find_preset(spec.id, scenario.preset or spec.default_preset)
    merged = _merge(preset.options.model_dump(exclude_unset=True), scenario.options)
    options, problems = validate_model(spec.options_model, merged)
    if problems:
        raise ScenarioError("; ".join(p.render() for p in problems_under("options", problems)))
    seats = _seats(spec, options, scenario.seats)
    if scenario.deal is not None and scenario.position is not None:
        raise ScenarioError("give either a deal or a position, not both")
    if scenario.position is not None:
        if spec.position is None:
            raise ScenarioError(f"{spec.id} scenarios cannot start from a position yet")
        return spec.position(options, seats, scenario.position, scenario.seed)
    return spec.new_game(options, seats, seed=scenario.seed, deal=scenario.deal)


def played_state(spec: GameSpec, scenario: ScenarioFile) -> tuple[GameState, list[Event]]:
    """The scenario's state after its `do` steps, and the events of the last action: the
    position a `who-wins` or `score` puzzle asks about (its trick played, its hand scored)."""
    state = start_state(spec, scenario)
    events: list[Event] = []
    for step in scenario.steps:
        if "do" in step:
            value = step["do"]
            for text in value if isinstance(value, list) else [value]:
                events = list(state.apply(spec.parse_action(str(text))))
    return state, events


def _merge(base: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(dict(merged[key]), value)
        else:
            merged[key] = value
    return merged


def _seats(spec: GameSpec, options: Any, given: Sequence[str | dict[str, Any]] | None) -> list[Seat]:
    defaults = spec.default_seats(options)
    if given is None:
        return defaults
    if len(given) != len(defaults):
        raise ScenarioError(f"seats: {len(given)} given, the table has {len(defaults)}")
    seats = [
        default.model_copy(update={"name": entry}) if isinstance(entry, str)
        else spec.seat_from_data({**default.model_dump(), **entry})
        for default, entry in zip(defaults, given, strict=True)
    ]
    problems = spec.seat_problems(options, seats, missing=False)
    if problems:
        raise ScenarioError(f"seats.{problems[0].seat}: {problems[0].text()}")
    return seats


def run_scenario(path: Path) -> ScenarioResult:
    """Run one scenario file; problems setting it up are reported, never raised."""
    result = ScenarioResult(path)
    try:
        scenario = load_scenario(path)
        title = scenario.title
        result.title = title.get("en") or next(iter(title.values()), None) if isinstance(title, dict) else title
        from familia_tui.core.registry import get_game

        spec = get_game(scenario.game)
    except ValidationError as error:
        result.error = f"cannot set up: {validation_text(error)}"
        return result
    except (FamiliaTuiError, PresetError, ValueError, KeyError) as error:
        result.error = f"cannot set up: {error}".replace("\n", " ")
        return result
    try:
        state = start_state(spec, scenario)
    except ValidationError as error:
        return _refused(result, scenario.setup, validation_text(error))
    except (FamiliaTuiError, PresetError, ValueError, KeyError) as error:
        return _refused(result, scenario.setup, str(error).replace("\n", " "))
    if not scenario.setup.valid:
        result.failures.append(Failure(0, "setup", "refused" + _fragment(scenario.setup), "accepted",
                                       "the set-up was expected to be refused"))
        return result
    start_legal = _legal_texts(state) if scenario.kind is not None else []
    for number, step in enumerate(scenario.steps, start=1):
        if not _run_step(spec, state, number, step, result):
            return result
    if scenario.kind is not None:
        result.failures.extend(_check_puzzle(spec, scenario, start_legal, state, len(scenario.steps) + 1))
    return result


def _check_puzzle(spec: GameSpec, scenario: ScenarioFile, start_legal: list[str], state: GameState,
                  number: int) -> list[Failure]:
    """A puzzle's key against the engine: best-play answers legal at the start; which-cards
    choices in the notation, some legal and some not; the right choice's `expect` holds after
    the steps and no wrong one's does."""
    failures: list[Failure] = []
    if scenario.kind in ("which-cards", "best-play") and scenario.steps and "do" in scenario.steps[0]:
        failures.append(Failure(1, "puzzle", "the start is the decision asked about", "a do step first",
                                "the table opens at the start and judges the answer there"))
    try:
        answers = [str(spec.parse_action(a)) for a in scenario.answer]
        offered = [str(spec.parse_action(c.action or "")) for c in scenario.choices if c.action]
    except ActionSyntaxError as error:
        return [Failure(number, "puzzle", "actions in the game's notation", str(error))]
    if any(a not in start_legal for a in answers):
        failures.append(Failure(number, "answer", "legal at the start", sorted(start_legal)))
    legal_offered = [a for a in offered if a in start_legal]
    if offered and not 0 < len(legal_offered) < len(offered):
        failures.append(Failure(number, "choices", "some offered actions legal and some not",
                                legal_offered))
    for index, choice in enumerate(scenario.choices):
        if choice.expect is None:
            continue
        misses = _step_expect(spec, state, number, "expect", choice.expect)
        if (not misses) != choice.right:
            why = "; ".join(f"{m.kind}: {m.actual!r}" for m in misses)
            failures.append(Failure(number, f"choices[{index}]", "wrong" if misses else "right",
                                    "marked right" if choice.right else "marked wrong",
                                    "the key disagrees with the engine" + (f" ({why})" if why else "")))
    return failures


def _fragment(expected: SetupExpectation) -> str:
    return f" with {expected.refusal!r}" if expected.refusal else ""


def _refused(result: ScenarioResult, expected: SetupExpectation, message: str) -> ScenarioResult:
    """A set-up that was refused: an error, unless the scenario expects this refusal."""
    if expected.valid:
        result.error = f"cannot set up: {message}"
    elif expected.refusal and expected.refusal.casefold() not in message.casefold():
        result.failures.append(Failure(0, "setup", "refused" + _fragment(expected), message,
                                       "refused for another reason"))
    return result


def _run_step(spec: GameSpec, state: GameState, number: int, step: Mapping[str, Any],
              result: ScenarioResult) -> bool:
    """Run one step; returns False when the scenario cannot go on."""
    kinds = [k for k in step if k != "note"]
    if len(kinds) != 1 or kinds[0] not in STEP_KINDS:
        result.failures.append(Failure(number, "step", f"one of {', '.join(STEP_KINDS)}",
                                       sorted(step)))
        return False
    kind = kinds[0]
    value = step[kind]
    shape = _shape_problem(kind, value)
    if shape:
        result.failures.append(Failure(number, kind, shape, value, "malformed step"))
        return False
    runner = {"do": _step_do, "legal": _step_legal, "legal_includes": _step_legal,
              "illegal": _step_illegal, "expect": _step_expect}[kind]
    try:
        failures = runner(spec, state, number, kind, value)
    except ActionSyntaxError as error:
        failures = [Failure(number, kind, "actions in the game's notation", value, str(error))]
    result.failures.extend(failures)
    return not (kind == "do" and failures)


def _shape_problem(kind: str, value: Any) -> str | None:
    """What a step's value should look like, when it does not."""
    if kind in ("legal", "legal_includes") and not (
            isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return "a list of actions, e.g. [play 5H, play 9H]"
    if kind == "do" and not (isinstance(value, str) or (
            isinstance(value, list) and all(isinstance(v, str) for v in value))):
        return "an action or a list of actions"
    if kind == "illegal" and not (isinstance(value, str) or (
            isinstance(value, dict) and isinstance(value.get("action"), str))):
        return "an action, or {action: ACTION, ruling: ID}"
    if kind == "expect" and not isinstance(value, dict):
        return "a mapping of query: expected value"
    return None


def _step_do(spec: GameSpec, state: GameState, number: int, kind: str, value: Any) -> list[Failure]:
    for text in value if isinstance(value, list) else [value]:
        try:
            state.apply(spec.parse_action(str(text)))
        except (ActionSyntaxError, IllegalAction) as error:
            return [Failure(number, kind, str(text), "rejected", str(error))]
    return []


def _legal_texts(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _step_legal(spec: GameSpec, state: GameState, number: int, kind: str, value: Any) -> list[Failure]:
    expected = sorted(str(spec.parse_action(str(v))) for v in value)
    actual = sorted(_legal_texts(state))
    if kind == "legal" and expected != actual:
        return [Failure(number, kind, expected, actual)]
    missing = [a for a in expected if a not in actual]
    if kind == "legal_includes" and missing:
        return [Failure(number, kind, expected, actual, f"missing {missing}")]
    return []


def _step_illegal(spec: GameSpec, state: GameState, number: int, kind: str, value: Any) -> list[Failure]:
    text, ruling = (value.get("action"), value.get("ruling")) if isinstance(value, dict) else (value, None)
    action = spec.parse_action(str(text))
    if action in state.legal_actions():
        return [Failure(number, kind, f"{text} illegal", "legal")]
    explanation = state.explain(action)
    if ruling and ruling not in explanation.rulings:
        return [Failure(number, kind, f"explanation citing {ruling}", explanation.text())]
    return []


def _step_expect(spec: GameSpec, state: GameState, number: int, kind: str, value: Any) -> list[Failure]:
    failures = []
    for name, expected in (value or {}).items():
        query = spec.queries.get(name)
        if query is None:
            failures.append(Failure(number, kind, f"a query of {sorted(spec.queries)}", name,
                                    "unknown query"))
            continue
        if isinstance(query, Parameterised):
            failures.extend(_expect_parameterised(spec, state, number, name, query, expected))
            continue
        try:
            actual = query(state)
        except LookupError as error:
            failures.append(Failure(number, f"expect {name}", expected, None, str(error)))
            continue
        if not matches(expected, actual, spec.parse_card):
            failures.append(Failure(number, f"expect {name}", expected, actual))
    return failures


def _expect_parameterised(spec: GameSpec, state: GameState, number: int, name: str,
                          query: Parameterised, expected: Any) -> list[Failure]:
    """`name: {ARGUMENT: value, …, KEY: expected, …}`: the arguments go to the query, the other
    keys are compared with its result (the failure shows only the keys compared)."""
    where = f"expect {name}"
    if not isinstance(expected, Mapping):
        return [Failure(number, where, f"a mapping with {', '.join(query.params)} and the keys "
                        "to compare", expected, "malformed expectation")]
    arguments = {key: expected[key] for key in query.params if key in expected}
    missing = [key for key in query.required if key not in arguments]
    if missing:
        return [Failure(number, where, f"{', '.join(missing)} given", expected,
                        f"{name} needs {', '.join(missing)}")]
    compared = {key: item for key, item in expected.items() if key not in query.params}
    try:
        actual = query.read(state, **arguments)
        check = getattr(actual, "check", None)
        if check is not None:
            check(compared)
        unknown = [key for key in compared if key not in actual]
        if unknown:
            raise LookupError(f"{name} has no {', '.join(unknown)} (it has {', '.join(actual)})")
    except LookupError as error:
        return [Failure(number, where, expected, None, str(error).strip("'\""))]
    shown = {key: actual[key] for key in compared if key in actual}
    if not matches(compared, actual, spec.parse_card):
        return [Failure(number, f"{where} {arguments}" if arguments else where, compared, shown)]
    return []


def _canon(value: Any, parse: Callable[[str], object]) -> Any:
    """A card written any accepted way (`10h`, `10♥`) in its canonical notation (`10H`)."""
    if isinstance(value, str):
        try:
            return str(parse(value))
        except ValueError:
            return value
    return value


def matches(expected: Any, actual: Any, parse: Callable[[str], object] = parse_card) -> bool:
    """Mappings by the keys named; lists of plain values as multisets; lists of lists in order;
    `{in_order: [...]}` a list in order, item by item. Expected strings that are cards in the
    game's notation (`parse`) compare canonically."""
    expected = _canon(expected, parse)
    if isinstance(expected, Mapping) and set(expected) == {IN_ORDER}:
        ordered = expected[IN_ORDER]
        return (isinstance(ordered, list) and isinstance(actual, list | tuple)
                and len(ordered) == len(actual)
                and all(matches(e, a, parse) for e, a in zip(ordered, actual, strict=True)))
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(
            key in actual and matches(value, actual[key], parse) for key, value in expected.items())
    if isinstance(expected, list):
        if not isinstance(actual, list | tuple) or len(expected) != len(actual):
            return False
        if all(not isinstance(v, list | Mapping) for v in expected):
            return sorted(str(_canon(v, parse)) for v in expected) == sorted(map(str, actual))
        return all(matches(e, a, parse) for e, a in zip(expected, actual, strict=True))
    if isinstance(expected, str) and not isinstance(actual, str) and actual is not None:
        return expected == str(actual)
    return bool(expected == actual)


def scenario_files(paths: Sequence[Path]) -> list[Path]:
    """Files named, and every .yaml/.yml below folders named, sorted."""
    files: list[Path] = []
    for path in paths:
        if is_dir(path):
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        else:
            files.append(path)
    return files


def check_paths(paths: Sequence[Path]) -> list[ScenarioResult]:
    """Run every scenario under `paths`; a path that does not exist, and a folder without
    scenario files, is a failed result."""
    results = [ScenarioResult(path, error="no scenario files (*.yaml, *.yml) in this folder")
               for path in paths if is_dir(path) and not scenario_files([path])]
    for file in scenario_files(paths):
        if _missing(file):
            results.append(ScenarioResult(file, error="no such file or folder"))
        else:
            results.append(run_scenario(file))
    return results


def _missing(file: Path) -> bool:
    try:
        return not file.exists()
    except (OSError, ValueError):
        return False  # a name the system refuses (too long …): reading it says so
