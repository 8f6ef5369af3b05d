"""Every entry point fuzzed (DESIGN.md §9): presets, scenarios, records and argument lists.

Each example runs the command in-process (`familia_tui.cli.main`) on malformed input: shipped
presets, scenarios and records with keys misspelt, deleted or added and values swapped for
values of any type, YAML nested hundreds of levels deep, text that is not UTF-8, and argument
lists for every subcommand. Every run must end with an exit status (0 where the input happens
to be valid) and a message, never an exception other than argparse's SystemExit and never a
traceback, and must leave the input file's bytes and modification time as they were.

The terminal app is replaced by a stub, so `play` and `resume` stop once the game is set up.
FAMILIA_TUI_FUZZ=N runs N examples per test, with fresh random inputs (a long run by hand);
CI runs a few dozen reproducible ones.
"""

from __future__ import annotations

import copy
import io
import json
import os
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import familia_tui.tui
from familia_tui.cli import main
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.registry import game_ids, get_game
from familia_tui.tui import scenes

ROOT = Path(__file__).resolve().parents[1]
LONG_RUN = int(os.environ.get("FAMILIA_TUI_FUZZ", "0"))
FUZZ = settings(max_examples=LONG_RUN or 40, deadline=None, derandomize=not LONG_RUN, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
GAMES = tuple(game_ids())
"""Every registered game: a new game's presets, scenarios and records are fuzzed without a word here."""

# ----- values and mutations -----

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
WORDS = st.sampled_from(["", "x", "5S", "KS", "JK", "10H", "T21", "EX", "pass", "garde", "black", "red",
                         "none", "bot", "bot:random", "human", "M", "F", "-1", "[/", "Aki[/", "yes",
                         "play 5S", "familia", "tarot", "daifugo", "x" * 300])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(), st.floats(),
                    WORDS, TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.one_of(TEXT, st.integers(-2, 12)), inner, max_size=4),
                      max_leaves=10)


def places(node: Any) -> Iterator[tuple[Any, Any]]:
    """(container, key) for every value below `node`."""
    stack = [node]
    while stack:
        item = stack.pop()
        pairs = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, value in list(pairs):
            yield item, key
            stack.append(value)


@st.composite
def typo(draw: st.DrawFn, word: object) -> object:
    """A misspelling of a key: a letter dropped, doubled, swapped or changed."""
    if not isinstance(word, str) or not word:
        return draw(st.one_of(st.integers(-2, 12), WORDS))
    at = draw(st.integers(0, len(word) - 1))
    letter = draw(st.sampled_from("aeiorstx_"))
    return draw(st.sampled_from([word[:at] + word[at + 1:], word[:at] + word[at] + word[at:],
                                 word[:at] + letter + word[at + 1:],
                                 word[:at] + word[at + 1:at + 2] + word[at] + word[at + 2:]])) or "k"


def nested(depth: int, leaf: object) -> object:
    for level in range(depth):
        leaf = [leaf] if level % 2 else {"a": leaf}
    return leaf


@st.composite
def mutated(draw: st.DrawFn, documents: list[Any], focus: tuple[str, ...] = ()) -> Any:
    """A document with 1–3 changes, half of them inside the `focus` parts when it has them."""
    document = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(1, 3))):
        parts = [document[k] for k in focus if isinstance(document, dict) and isinstance(document.get(k), dict)]
        root = draw(st.sampled_from(parts)) if parts and draw(st.booleans()) else document
        spots = list(places(root))
        if not spots:
            return draw(VALUES)
        container, key = draw(st.sampled_from(spots))
        change = draw(st.sampled_from(["value", "value", "typo", "delete", "add", "deep"]))
        if change == "delete":
            del container[key]
        elif change == "typo" and isinstance(container, dict):
            container[draw(typo(key))] = container.pop(key)
        elif change == "add" and isinstance(container, dict):
            container[draw(st.one_of(typo(key), TEXT))] = draw(VALUES)
        elif change == "deep":
            container[key] = nested(draw(st.sampled_from([5, 60])), draw(SCALARS))
        else:
            container[key] = draw(VALUES)
    return document


@st.composite
def file_bytes(draw: st.DrawFn, documents: list[Any], dump: Any, focus: tuple[str, ...] = ()) -> bytes:
    """A mutated document as a file, now and then with its text cut or spliced, nested hundreds
    of levels deep, or raw bytes."""
    form = draw(st.sampled_from(["document"] * 6 + ["text", "deep", "bytes"]))
    if form == "bytes":
        return draw(st.binary(max_size=200) | st.just(b"game: familia\nname: \xff\xfe\n"))
    text = dump(draw(mutated(documents, focus)))
    if form == "deep":
        depth = draw(st.sampled_from([150, 400, 3000]))
        text = f'{{"deep": {"[" * depth}{"]" * depth}, ' + text[1:] if text.startswith("{") else \
            f"deep: {'[' * depth}{']' * depth}\n{text}"
    if form == "text":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["", "[", "{", ":", "\n  - ", "\t", "'", "&a *a", "!!python/object "]))
        text += text[at + draw(st.integers(0, 20)):]
    return text.encode("utf-8", "surrogatepass")


def yaml_text(document: Any) -> str:
    return yaml.safe_dump(document, allow_unicode=True, sort_keys=False)


def json_text(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False)


# ----- running the command -----


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder for the inputs, used as the working directory, with private data and preset
    folders; the terminal app and the screenshots are stubs."""
    folder = tmp_path_factory.mktemp("fuzz")

    async def shoot(scene: scenes.Scene, out: Path) -> Path:
        (out / f"{scene.name}.svg").write_text("<svg/>", encoding="utf-8")
        return out / f"{scene.name}.svg"

    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        patch.setenv("FAMILIA_TUI_DATA", str(folder / "data"))
        patch.setenv("FAMILIA_TUI_USER_PRESETS", str(folder / "user-presets"))
        patch.setenv("LANG", "C.UTF-8")
        patch.setattr(familia_tui.tui, "run_app", lambda **kwargs: 0)
        patch.setattr(scenes, "_shoot", shoot)
        yield folder


def run(argv: list[str], statuses: tuple[int, ...], untouched: tuple[Path, ...] = ()) -> str:
    """Run the command; assert a clean end with one of `statuses` and the files untouched."""
    before = [(p.read_bytes(), p.stat().st_mtime_ns) for p in untouched]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit:  # argparse: --help (0) or a usage error (2)
            status = exit.code  # type: ignore[assignment]
    text = out.getvalue() + err.getvalue()
    assert status in statuses, (argv, status, text[-2000:])
    assert "Traceback" not in text
    assert status == 0 or err.getvalue() or "FAIL" in text, "a failure without a message"
    assert [(p.read_bytes(), p.stat().st_mtime_ns) for p in untouched] == before
    return text


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


# ----- presets -----

PRESETS = [yaml.safe_load(p.read_text(encoding="utf-8"))
           for g in GAMES for p in sorted((ROOT / "rules" / g).glob("*.yaml"))]


@FUZZ
@given(data=file_bytes(PRESETS, yaml_text), game=st.sampled_from(GAMES))
def test_presets_fuzzed(sandbox: Path, data: bytes, game: str) -> None:
    preset = write(sandbox / "fuzzed-preset.yaml", data)
    run(["presets", "validate", str(preset)], (0, 1), (preset,))
    run(["check", str(preset)], (0, 1), (preset,))  # (read as a preset when it has a name)
    run(["play", game, "--preset", str(preset)], (0, 2), (preset,))


# ----- scenarios -----

SCENARIOS = [yaml.safe_load(p.read_text(encoding="utf-8"))
             for p in sorted([*(ROOT / "tests" / "scenarios").glob("*/*.yaml"),
                              *(ROOT / "rules").glob("*/practice/*.yaml")])]


@FUZZ
@given(data=file_bytes(SCENARIOS, yaml_text, ("position", "deal")))
def test_scenarios_fuzzed(sandbox: Path, data: bytes) -> None:
    scenario = write(sandbox / "fuzzed-scenario.yaml", data)
    run(["check", str(scenario)], (0, 1), (scenario,))


# ----- records -----


def a_record(game: str, actions: int) -> dict[str, Any]:
    """A real record of `game` after a few actions, as its JSON data."""
    spec = get_game(game)
    options = find_preset(game, spec.default_preset).options
    record = Record(game, options, tuple(spec.default_seats(options)), 4, preset=spec.default_preset)
    state = record.start()
    for _ in range(actions):
        action = state.legal_actions()[0]
        state.apply(action)
        record = record.with_action(action)
    return record.to_data()


def a_finished_record(game: str) -> dict[str, Any]:
    """A real record of a whole game of `game`, played by random bots, as its JSON data."""
    from familia_tui.core.simulate import play_out

    spec = get_game(game)
    options = find_preset(game, spec.default_preset).options
    record = Record(game, options, tuple(spec.default_seats(options)), 4, preset=spec.default_preset)
    return play_out(record, stand_in="random").to_data()


RECORDS = [a_record(game, actions) for game in GAMES for actions in (0, 6)] + [a_finished_record(g) for g in GAMES]


@FUZZ
@given(data=file_bytes(RECORDS, json_text))
def test_records_fuzzed(sandbox: Path, data: bytes) -> None:
    record = write(sandbox / "fuzzed-record.json", data)
    run(["resume", str(record)], (0, 2), (record,))
    games = sandbox / "data" / "games"  # statistics read it in the save folder, and only read
    games.mkdir(parents=True, exist_ok=True)
    saved = write(games / "fuzzed-record.json", data)
    run(["stats", "--json"], (0,), (saved,))


# ----- argument lists -----

TOKENS = st.one_of(
    st.sampled_from(["play", "resume", "simulate", "check", "presets", "screenshots", "stats", "show", "validate",
                     "familia", "tarot", "daifugo", "sixsuit", "chess", "--preset", "--seats", "--seed",
                     "--games", "--bot", "--json", "--lang", "--glyphs", "--out", "--force", "--help", "en",
                     "ja", "ascii", "familia-4", "tarot/tarot-5", "familia/familia-44", "daifugo/x", "human",
                     "Aki,,Ben", "Aki,Ben,Cho,Dan", "bot:random,bot,bot", "Aki[/,bot,bot,bot", "-1", "0",
                     "1", "2", str(ROOT / "rules" / "tarot"), str(ROOT / "rules" / "familia" / "familia-4.yaml"),
                     str(ROOT / "tests" / "scenarios" / "familia" / "R-F01-batting-card-only.yaml"), "shots",
                     str(ROOT / "tests" / "scenarios" / "test_scenarios.py"), "x" * 300,
                     "x" * 300 + "/y", "/proc/none", "fuzzed-preset.yaml", "-"]),
    st.text(st.characters(blacklist_categories=("Cs", "Nd"), blacklist_characters="\x00"), max_size=10))


@FUZZ
@given(argv=st.lists(TOKENS, max_size=6))
def test_argument_lists_fuzzed(sandbox: Path, argv: list[str]) -> None:
    shots = sandbox / "shots"
    shots.mkdir(exist_ok=True)
    kept = write(shots / "01-home.svg", b"<svg>mine</svg>")
    run(argv, (0, 1, 2), () if "--force" in argv else (kept,))


# ----- what the fuzz found, pinned -----


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: {**d, "seats": d["seats"][:3]}, "invalid seats: 3 given, but its options seat 4"),
    (lambda d: {**d, "deal": {"hands": {0: ["5S"]}, "stok": []}},
     "invalid deal.stok: unknown key — did you mean 'stock'?"),
    (lambda d: {**d, "deal": {"hands": 5}}, "invalid deal.hands: 5 — Input should be a valid dictionary"),
    (lambda d: {**d, "deal": [1, 2]}, "invalid deal: a list, not a mapping"),
])
def test_records_that_crashed_resume(sandbox: Path, change: Any, expected: str) -> None:
    record = write(sandbox / "found-record.json", json_text(change(a_record("familia", 0))).encode())
    assert expected in run(["resume", str(record)], (2,), (record,))


def test_a_record_nested_thousands_of_levels_deep(sandbox: Path) -> None:
    text = '{"deep": ' + "[" * 3000 + "]" * 3000 + ", " + json_text(a_record("tarot", 0))[1:]
    record = write(sandbox / "found-record.json", text.encode())
    assert "nested far too deeply to be a game record" in run(["resume", str(record)], (2,), (record,))
