"""Preset loading: every problem of a bad file is listed, with its key path, value and line."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest
import yaml
from pydantic import model_validator

from familia_tui.core import presets, registry
from familia_tui.core.presets import (
    SAFE_LOADER,
    PresetError,
    find_preset,
    list_presets,
    load_preset_file,
    resolved_options,
    validate_files,
)
from familia_tui.core.registry import game_ids

HEADER = """\
game: familia
name: {en: "Four players", ja: "4人"}
description: {en: "A test preset.", ja: "テスト用。"}
"""


def write(folder: Path, name: str, body: str, header: str = HEADER) -> Path:
    """Write a preset file (the standard header, then `body`) and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(header + dedent(body), encoding="utf-8")
    return path


def error_of(path: Path) -> PresetError:
    """The PresetError that loading `path` raises."""
    with pytest.raises(PresetError) as caught:
        load_preset_file(path)
    return caught.value


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Shipped (`rules/`) and user preset folders in tmp_path, for the familia game."""
    rules, user = tmp_path / "rules", tmp_path / "user"
    monkeypatch.setattr(presets, "rules_dir", lambda game=None: rules / game if game else rules)
    monkeypatch.setenv(presets.USER_PRESETS_ENV, str(user))
    return rules / "familia", user / "familia"


# ----- a good file -----


def test_good_preset_loads_with_defaults_filled(tmp_path: Path) -> None:
    preset = load_preset_file(write(tmp_path, "four.yaml", "players: 4\nstyle: batting\n"))
    assert (preset.id, preset.full_id, preset.origin) == ("four", "familia/four", "path")
    assert preset.title("ja") == "4人" and preset.title("fr") == "Four players"
    options = resolved_options(preset)
    assert options["style"] == "batting" and options["match"]["format"] == "single"


# ----- exact messages -----


def test_unknown_key_names_line_and_did_you_mean(tmp_path: Path) -> None:
    path = write(tmp_path, "typo.yaml", "players: 4\nstlye: batting\n")
    assert str(error_of(path)) == (
        f"presets: {path}: 1 problem(s)\n"
        "  line 5: stlye: unknown key — did you mean 'style'?"
    )


def test_unknown_nested_key_suggests_from_the_nested_model(tmp_path: Path) -> None:
    path = write(tmp_path, "typo.yaml", "players: 4\nmatch:\n  formt: games\n")
    assert error_of(path).problems[0].render() == (
        "line 6: match.formt: unknown key — did you mean 'format'?"
    )


def test_wrong_type_shows_value_and_reason(tmp_path: Path) -> None:
    path = write(tmp_path, "four.yaml", 'players: "four"\n')
    assert str(error_of(path)) == (
        f"presets: {path}: 1 problem(s)\n"
        '  line 4: players: "four" — Input should be a valid integer, unable to parse string '
        "as an integer"
    )


def test_impossible_card_count_gives_the_r_f31a_message(tmp_path: Path) -> None:
    path = write(tmp_path, "eleven.yaml", "players: 4\ntricks: 11\n")
    lines = str(error_of(path)).splitlines()
    assert lines[1] == (
        "  line 5: tricks: 11 — tricks 11 × 4 hands need 44 hand cards, but 1 deck gives at "
        "most 40 + 2 Jokers = 42 (choose fewer tricks or more decks) [R-F31a]"
    )


def test_broken_yaml_names_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.yaml", "players: 4\n  style: batting\n")
    error = error_of(path)
    # libyaml (the C loader, used when present) says "in this context" where PyYAML says "here"
    context = "in this context" if SAFE_LOADER is not yaml.SafeLoader else "here"
    assert str(error) == (
        f"presets: {path}: 1 problem(s)\n"
        f"  line 5, column 8: (yaml): not valid YAML: mapping values are not allowed {context} — "
        "fix the YAML syntax there: check the indentation, and quote text that contains ': ' "
        "or ' #' or starts with one of [ ] { } * & ! | > % @"
    )
    assert "Traceback" not in str(error)


def test_a_file_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "list.yaml", "- players: 4\n", header="")
    assert error_of(path).problems[0].render() == (
        "line 1: (file): the file holds a list, not a mapping — a preset is a mapping: game, "
        "name, description, then the options (key: value lines)"
    )


ENGLISH_ONLY = """\
game: familia
name: {en: "Four players"}
description: {en: "A test preset."}
"""


def test_a_users_preset_may_name_and_describe_itself_in_english_only(folders: tuple[Path, Path]) -> None:
    _, user = folders
    write(user, "english.yaml", "players: 4\nstyle: batting\n", header=ENGLISH_ONLY)
    preset = find_preset("familia", "english")
    assert preset.origin == "user" and dict(preset.name) == {"en": "Four players"}
    assert preset.title("ja") == "Four players"  # Japanese falls back to English
    assert (preset.description.get("ja") or preset.description["en"]) == "A test preset."
    assert load_preset_file(user / "english.yaml").options.style == "batting"  # a path, too


def test_a_shipped_preset_carries_both_languages(folders: tuple[Path, Path]) -> None:
    rules, _ = folders
    header = HEADER.replace(', ja: "4人"', "")
    write(rules, "noja.yaml", "players: 4\n", header=header)
    found, errors = list_presets("familia")
    assert "noja" not in [p.id for p in found]
    assert [str(e).splitlines()[1] for e in errors] == [
        "  line 2: name.ja: required key missing — add 'ja:' under 'name': shipped presets carry both languages"
    ]


def test_every_meta_problem_is_listed(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.yaml", "players: 4\n", header="game: familai\nname: Four\n")
    assert str(error_of(path)) == "\n".join([
        f"presets: {path}: 3 problem(s)",
        "  line 1: game: \"familai\" — unknown game — did you mean 'familia'?",
        '  line 2: name: "Four" — give the text by language, e.g. {en: "…", ja: "…"} (ja may be left out)',
        "  description: required key missing — add 'description:' at the top level",
    ])


def test_every_option_problem_is_listed(tmp_path: Path) -> None:
    body = """\
        players: 12
        stlye: batting
        face_jokers: many
        table:
          - {role: M}
          - {role: X, tema: A}
    """
    path = write(tmp_path, "bad.yaml", body)
    assert str(error_of(path)) == "\n".join([
        f"presets: {path}: 5 problem(s)",
        "  line 4: players: 12 — Input should be less than or equal to 10",
        "  line 5: stlye: unknown key — did you mean 'style'?",
        '  line 6: face_jokers: "many" — Input should be a valid integer, unable to parse string '
        "as an integer; or Input should be a valid tuple",
        "  line 9: table.1.role: \"X\" — Input should be 'M' or 'F'",
        "  line 9: table.1.tema: unknown key — did you mean 'team'?",
    ])


def test_model_validator_problems_are_split(tmp_path: Path) -> None:
    body = "players: 4\nstyle: [normal, batting]\nface_mode: split_carry\nface_jokers: [1, 1]\n"
    problems = error_of(write(tmp_path, "split.yaml", body)).problems
    assert [p.render() for p in problems] == [
        'line 5: style: ["normal", "batting"] — style lists 2 deals but the game has 1 '
        "(one per face set) [R-F33a]",
        "line 7: face_jokers: [1, 1] — face_jokers lists 2 deals but the game has 1 [R-F33a]",
    ]


class _CrashingOptions(presets.StrictModel):
    """An options model whose cross-field check has a bug."""

    players: int

    @model_validator(mode="after")
    def _crash(self) -> _CrashingOptions:
        raise TypeError("int() argument must be a real number, not 'tuple'")


def test_a_crashing_check_is_a_problem_not_a_crash(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "options_model", lambda game: _CrashingOptions)
    problems = error_of(write(tmp_path, "crash.yaml", "players: 4\n")).problems
    assert [p.render() for p in problems] == [
        "(options): the checks of _CrashingOptions failed on these values: TypeError: int() "
        "argument must be a real number, not 'tuple' — this is a bug in familia-tui; please report it"
    ]


def test_duplicate_key_is_a_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "dup.yaml", "players: 4\nplayers: 5\n")
    assert error_of(path).problems[0].render() == (
        "line 5: players: duplicate key — also set on line 4; YAML keeps only the last one"
    )


# ----- extends -----


def test_extends_overrides_and_merges_nested_mappings(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "players: 4\nstyle: batting\nmatch: {format: games, count: 5}\n")
    child = write(tmp_path, "child.yaml", "extends: base\nstyle: normal\nmatch: {count: 7}\n")
    options = resolved_options(load_preset_file(child))
    assert (options["players"], options["style"]) == (4, "normal")
    assert (options["match"]["format"], options["match"]["count"]) == ("games", 7)


def test_extends_by_relative_path(tmp_path: Path) -> None:
    write(tmp_path / "bases", "base.yaml", "players: 6\n")
    child = write(tmp_path, "child.yaml", "extends: bases/base.yaml\n")
    assert load_preset_file(child).options.players == 6


def test_extends_cycle_is_a_problem(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: b\nplayers: 4\n")
    path = write(tmp_path, "b.yaml", "extends: a\n")
    assert str(error_of(path)) == (
        f"presets: {path}: 1 problem(s)\n"
        '  line 4: extends: "a" — base preset \'a\' is invalid — '
        "extends: extends cycle: b → a → b"
    )


def test_missing_base_is_a_problem(tmp_path: Path) -> None:
    write(tmp_path, "familia-4.yaml", "players: 4\n")
    path = write(tmp_path, "child.yaml", "extends: familia-44\n")
    assert error_of(path).problems[0].render() == (
        "line 4: extends: \"familia-44\" — no familia preset 'familia-44' to extend — "
        "did you mean 'familia-4'?"
    )


# ----- folders: shipped, user, overrides -----


def test_user_preset_overrides_a_shipped_id(folders: tuple[Path, Path]) -> None:
    shipped, user = folders
    write(shipped, "familia-4.yaml", "players: 4\n")
    write(shipped, "familia-6.yaml", "players: 6\n")
    write(user, "familia-4.yaml", "extends: familia-4\nstyle: batting\n")
    found, errors = list_presets("familia")
    assert errors == []
    assert [(p.id, p.origin) for p in found] == [("familia-4", "user"), ("familia-6", "shipped")]
    assert found[0].options.style == "batting" and found[0].options.players == 4


def test_practice_subfolder_is_not_presets(folders: tuple[Path, Path]) -> None:
    shipped, _ = folders
    write(shipped, "familia-4.yaml", "players: 4\n")
    write(shipped / "practice", "lesson-1.yaml", "deal: []\n", header="")
    found, errors = list_presets("familia")
    assert [p.id for p in found] == ["familia-4"] and errors == []


def test_bad_user_file_is_reported_and_the_others_still_load(folders: tuple[Path, Path]) -> None:
    shipped, user = folders
    write(shipped, "familia-4.yaml", "players: 4\n")
    bad = write(user, "mine.yaml", "players: 4\nstlye: batting\n")
    write(user, "good.yaml", "players: 5\n")
    found, errors = list_presets("familia")
    assert [p.id for p in found] == ["familia-4", "good"]
    assert [e.path for e in errors] == [bad]


def test_find_preset_by_id_game_id_and_path(folders: tuple[Path, Path]) -> None:
    shipped, _ = folders
    path = write(shipped, "familia-4.yaml", "players: 4\n")
    assert find_preset("familia", "familia-4").origin == "shipped"
    assert find_preset("familia", "familia/familia-4").source == path
    assert find_preset("familia", str(path)).origin == "path"


def test_find_preset_did_you_mean(folders: tuple[Path, Path]) -> None:
    shipped, _ = folders
    write(shipped, "familia-4.yaml", "players: 4\n")
    write(shipped, "familia-6.yaml", "players: 6\n")
    with pytest.raises(PresetError) as caught:
        find_preset("familia", "familia-44")
    assert str(caught.value) == (
        "presets: familia-44: 1 problem(s)\n"
        "  (preset): \"familia-44\" — no familia preset named 'familia-44' — "
        "did you mean 'familia-4'?"
    )


def test_find_preset_raises_the_broken_user_override(folders: tuple[Path, Path]) -> None:
    shipped, user = folders
    write(shipped, "familia-4.yaml", "players: 4\n")
    bad = write(user, "familia-4.yaml", "players: 44\n")
    with pytest.raises(PresetError) as caught:
        find_preset("familia", "familia-4")
    assert caught.value.path == bad


def test_file_of_an_unknown_game(folders: tuple[Path, Path]) -> None:
    shipped, _ = folders
    write(shipped, "canasta.yaml", "players: 5\n", header=HEADER.replace("familia", "canasta"))
    _, errors = list_presets("familia")
    assert errors[0].problems[0].render() == (
        f"line 1: game: \"canasta\" — unknown game — games: {', '.join(sorted(game_ids()))}"
    )


def test_file_in_another_games_folder(folders: tuple[Path, Path]) -> None:
    shipped, _ = folders
    write(shipped, "tarot.yaml", "players: 5\n", header=HEADER.replace("familia", "tarot"))
    _, errors = list_presets("familia")
    assert errors[0].problems[0].render() == 'line 1: game: "tarot" — a familia preset is expected here'


def test_validate_files_returns_one_error_per_bad_file(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", "players: 4\n")
    bad = write(tmp_path, "bad.yaml", "players: 1\n")
    assert [e.path for e in validate_files([good, bad])] == [bad]
    assert [e.path for e in validate_files([tmp_path])] == [bad]


def test_validate_files_reports_a_folder_without_presets(tmp_path: Path) -> None:
    (tmp_path / "practice").mkdir()
    errors = validate_files([tmp_path])
    assert [(e.path, e.problems[0].render()) for e in errors] == [
        (tmp_path, ("(folder): no preset files (*.yaml, *.yml) in this folder — name preset files, "
                    "or a folder that holds them"))]


@pytest.mark.parametrize("body", [
    "players: " + "[" * 400 + "]" * 400 + "\n",
    "".join(" " * i + "a:\n" for i in range(400)),
])
def test_yaml_nested_hundreds_of_levels_deep_is_a_problem(tmp_path: Path, body: str) -> None:
    problem = error_of(write(tmp_path, "deep.yaml", body)).problems[0]
    assert (problem.key_path, problem.reason) == ("(yaml)", "not valid YAML: nested more than 100 levels deep")
    assert problem.line is not None


def test_names_longer_than_the_file_system_allows(tmp_path: Path) -> None:
    long = "x" * 300
    with pytest.raises(PresetError, match=f"no familia preset named '{long}'"):
        find_preset("familia", long)
    with pytest.raises(PresetError, match="cannot read the file: File name too long"):
        find_preset("familia", str(tmp_path / f"{long}.yaml"))
    assert validate_files([tmp_path / long])[0].problems[0].reason == "cannot read the file: File name too long"
    base = write(tmp_path, "base.yaml", f"extends: {long}\nplayers: 4\n")
    assert error_of(base).problems[0].reason == f"no familia preset '{long}' to extend"


def test_rules_dir_finds_the_source_rules_folder() -> None:
    assert presets.rules_dir().name == "rules" and presets.rules_dir().is_dir()
    assert presets.rules_dir("familia") == presets.rules_dir() / "familia"


def test_cross_field_checks_still_reported_when_a_field_fails(tmp_path: Path) -> None:
    path = write(tmp_path, "multi.yaml", "players: 6\nface_mode: split_carry\nstyle: [normal]\n"
                 "match: {format: target}\n")
    lines = str(error_of(path)).splitlines()
    assert lines[0].endswith("2 problem(s)")
    assert lines[1] == ('  line 6: style: ["normal"] — style lists 1 deals but the game has 2 '
                        "(one per face set) [R-F33a]")
    assert lines[2] == "  line 7: match: a 'target' match needs win_at, lose_at or both"


# ----- options changed at the setup, saved as a user preset -----


def test_changed_options_are_checked_as_a_preset_file_would_be() -> None:
    base = find_preset("tarot", "tarot-4")
    options, problems = presets.options_with(base.options, {"players": 5})
    assert problems == [] and options is not None and options.players == 5
    _, problems = presets.options_with(base.options, {"hands": 0, "direction": "sideways"})
    assert sorted(p.render().split(" — ")[0] for p in problems) == ['direction: "sideways"', "hands: 0"]


def test_an_override_is_set_or_taken_out_nested_keys_too() -> None:
    changed = presets.with_override({}, ("match", "format"), "games")
    assert changed == {"match": {"format": "games"}}
    assert presets.with_override(changed, ("match", "format")) == {}  # an empty part is dropped
    assert presets.with_override({"style": "batting"}, ("tricks",), None) == {"style": "batting", "tricks": None}


def test_the_values_an_option_allows_come_from_its_model() -> None:
    from familia_tui.games.familia.options import FamiliaOptions

    fields = FamiliaOptions.model_fields
    assert presets.option_choices(fields["royal"].annotation) == [True, False]
    assert presets.option_choices(fields["tricks"].annotation) == [10, 11, 12, presets.UNSET]
    assert presets.option_choices(fields["style"].annotation) == ["normal", "batting"]
    assert presets.option_takes_text(fields["style"].annotation)  # a list: one style per deal
    assert not presets.option_takes_text(fields["royal"].annotation)
    assert presets.option_bounds(fields["players"]) == (2, 10)
    assert presets.option_field(FamiliaOptions, ("match", "count")).default == 3


def test_a_user_preset_id_is_safe_ascii() -> None:
    assert presets.user_preset_id("Our Friday rules!") == "our-friday-rules"
    assert presets.user_preset_id("../../etc/passwd") == "etc-passwd"
    assert presets.user_preset_id("金曜日") == ""  # the screen then picks preset-N


def test_a_saved_preset_extends_its_base_with_only_the_changes(folders: tuple[Path, Path]) -> None:
    rules, user = folders
    write(rules, "four.yaml", "players: 4\n")
    base = find_preset("familia", "four")
    text = presets.user_preset_text(base, "Batting", {"style": "batting"}, preset_id="batting")
    presets.write_user_preset("familia", "batting", text)
    assert yaml.safe_load((user / "batting.yaml").read_text(encoding="utf-8")) == {
        "game": "familia", "extends": "four", "name": {"en": "Batting"},
        "description": {"en": "“Four players” with my changes."}, "style": "batting"}
    with pytest.raises(FileExistsError):
        presets.write_user_preset("familia", "batting", text)
    saved = find_preset("familia", "batting")
    assert saved.origin == "user" and saved.options.style == "batting" and saved.options.players == 4

    # saving over one's own preset keeps what it set and what it extends
    again = presets.user_preset_text(saved, "Batting", {"tricks": 10}, preset_id="batting")
    presets.write_user_preset("familia", "batting", again, replace=True)
    data = yaml.safe_load((user / "batting.yaml").read_text(encoding="utf-8"))
    assert (data["extends"], data["style"], data["tricks"]) == ("four", "batting", 10)


def test_a_refused_option_says_its_reason_in_japanese_and_the_same_english_as_before() -> None:
    """Validation errors by kind (`preset.err.<type>`) and the games' own checks (`Check`) are
    catalogue messages: English as pydantic and the checks always wrote it, Japanese from the
    catalogues; a kind without a message stays English."""
    from familia_tui.core.presets import Problem, options_with

    tarot = find_preset("tarot", "tarot-4").options
    _, (bound,) = options_with(tarot, {"hands": 0})
    assert bound.render() == "hands: 0 — Input should be greater than or equal to 1"
    assert bound.render("ja") == "hands: 0 — 1以上にしてください"
    _, (word,) = options_with(tarot, {"declarations": "zzz"})
    assert word.render("ja") == "declarations: \"zzz\" — 'none', 'poignees', 'poignees-miseres' のどれかにしてください"
    _, checks = options_with(find_preset("sixsuit", "sixsuit-4").options, {"players": 5})
    assert [p.render() for p in checks] == ["players: 5 — players: the team game is for 4 or 6 players, not 5 [B.2]"]
    assert [p.render("ja") for p in checks] == ["players: 5 — チーム戦は4人か6人で遊びます（5人ではなく）[B.2]"]
    unknown = Problem("x", 1, "something new", key="preset.err.some_new_kind")
    assert unknown.render("ja") == "x: 1 — something new"
