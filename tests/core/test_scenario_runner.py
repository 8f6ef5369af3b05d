"""The scenario runner (DESIGN.md §5): steps, expectations, failure reports and set-up errors.

Scenario files are written into tmp_path. The position used by most tests is one Familia trick
with every hand given, so the legal actions and the trick's outcome are fixed:

- the face card KS leads spades; P1 (seat 0) holds 5S 9S and must follow with one of them [A.6];
- P1 5S, P2 10S, P3 3S, P4 9C: P2 (seat 1) wins KS and chooses the next face pile.
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent, indent

import pytest

from familia_tui.core.scenario import (
    Failure,
    ScenarioResult,
    check_paths,
    matches,
    run_scenario,
    scenario_files,
)

HEAD = """\
game: familia
preset: familia-4
seed: 3
"""

POSITION = """\
position:
  trick: 1
  leader: 0
  face: KS
  hands:
    0: [5S, 9S, 2H, 3H, 4D, 6C]
    1: [10S, 2S, 5H, 6H, 7D, 8C]
    2: [3S, 6S, 10C, 8D, 5D, AH]
    3: [9C, 10D, 5C, 4H, 3C, 6D]
"""

TRICK = "  - do: [play 5S, play 10S, play 3S, play 9C]\n"


def scenario(tmp_path: Path, steps: str, start: str = POSITION, head: str = HEAD,
             name: str = "case.yaml") -> Path:
    """Write a scenario: the head, a start, then `steps` (YAML list items, dedented)."""
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    body = head + start + "steps:\n" + indent(dedent(steps), "  ") if steps.strip() else \
        head + start + "steps: []\n"
    path.write_text(body, encoding="utf-8")
    return path


def run(tmp_path: Path, steps: str, **kwargs: str) -> ScenarioResult:
    return run_scenario(scenario(tmp_path, steps, **kwargs))


def only_failure(result: ScenarioResult) -> Failure:
    assert result.error is None, result.report()
    assert len(result.failures) == 1, result.report()
    return result.failures[0]


# ----- a passing scenario -----


def test_a_passing_scenario(tmp_path: Path) -> None:
    result = run(tmp_path, """\
        - expect: {phase: play, to_act: 0, leader: 0, face_card: KS, trick_cards: []}
        - legal: [play 5S, play 9S]
        - legal_includes: [play 9S]
        - illegal: {action: play 2H, ruling: A.6}
        - illegal: play 10S
        - do: play 5S
          note: the notes of a step are ignored
        - legal: [play 10S, play 2S]
        - do: [play 10S, play 3S, play 9C]
        - expect:
            last_trick: {winner: 1, void: false, plays: [5S, 10S, 3S, 9C]}
            captures: {1: [KS], 0: []}
            tricks_won: {1: 1}
            phase: pile
            to_act: 1
        - legal: [pile black, pile red]
        """)
    assert result.passed, result.report()
    assert result.failures == [] and result.error is None
    assert result.report().startswith("PASS ")


def test_the_title_is_reported(tmp_path: Path) -> None:
    head = HEAD + 'title: "P2 wins the first trick"\nruling: [A.6]\n'
    result = run(tmp_path, "- do: play 5S\n", head=head)
    assert result.passed and result.title == "P2 wins the first trick"
    assert result.report() == f"PASS {tmp_path / 'case.yaml'} — P2 wins the first trick"


def test_a_scenario_from_a_seed_starts_by_choosing_a_pile(tmp_path: Path) -> None:
    result = run(tmp_path, """\
        - expect: {phase: pile, trick: 1, deal: 1, stock_count: 16}
        - legal: [pile black, pile red]
        - illegal: {action: play 5S, ruling: R-F10}
        - do: pile red
        - expect: {phase: play}
        """, start="")
    assert result.passed, result.report()


def test_card_and_action_notation_is_normalised(tmp_path: Path) -> None:
    result = run(tmp_path, """\
        - legal: [PLAY 9s, play 5♠]
        - legal_includes: [play 5s]
        - do: play 5s
        - do: [Play 10S, play 3s, play 9c]
        - expect: {captures: {1: [ks]}, last_trick: {plays: [5s, 10s, 3♠, 9C]}}
        """)
    assert result.passed, result.report()


# ----- failures: step, expected and actual -----


def test_each_failing_expectation_is_reported_with_step_expected_and_actual(tmp_path: Path) -> None:
    result = run(tmp_path, """\
        - do: play 5S
        - expect: {to_act: 2, phase: play, trick_cards: [9S]}
        - do: [play 10S, play 3S, play 9C]
        - expect: {captures: {1: [QS]}, last_trick: {winner: 0}}
        """)
    assert not result.passed and result.error is None
    found = [(f.step, f.kind, f.expected, f.actual) for f in result.failures]
    assert found == [
        (2, "expect to_act", 2, 1),
        (2, "expect trick_cards", ["9S"], ["5S"]),
        (4, "expect captures", {1: ["QS"]}, {0: [], 1: ["KS"], 2: [], 3: []}),
        (4, "expect last_trick", {"winner": 0}, result.failures[3].actual),
    ]
    assert result.failures[3].actual["winner"] == 1
    report = result.report()
    assert report.startswith(f"FAIL {tmp_path / 'case.yaml'}")
    assert "  step 2 (expect to_act): expected 2, got 1" in report.splitlines()
    assert "step 4 (expect captures): expected {1: ['QS']}" in report


def test_legal_is_exact(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- legal: [play 5S]\n"))
    assert (failure.step, failure.kind) == (1, "legal")
    assert failure.expected == ["play 5S"]
    assert failure.actual == ["play 5S", "play 9S"]


def test_legal_fails_on_a_missing_action_too(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- legal: [play 5S, play 9S, play 2H]\n"))
    assert failure.kind == "legal" and failure.actual == ["play 5S", "play 9S"]


def test_legal_includes_accepts_a_subset_and_names_what_is_missing(tmp_path: Path) -> None:
    assert run(tmp_path, "- legal_includes: [play 5S]\n").passed
    failure = only_failure(run(tmp_path, "- legal_includes: [play 5S, play 2H]\n"))
    assert (failure.step, failure.kind) == (1, "legal_includes")
    assert failure.actual == ["play 5S", "play 9S"]
    assert "play 2H" in failure.message and "play 5S" not in failure.message


def test_illegal_fails_when_the_action_is_legal(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- expect: {phase: play}\n- illegal: play 9S\n"))
    assert (failure.step, failure.kind, failure.actual) == (2, "illegal", "legal")
    assert "play 9S" in str(failure.expected)


def test_illegal_checks_the_ruling_against_the_explanation(tmp_path: Path) -> None:
    assert run(tmp_path, "- illegal: {action: play 2H, ruling: A.6}\n").passed
    failure = only_failure(run(tmp_path, "- illegal: {action: play 2H, ruling: R-F1}\n"))
    assert (failure.step, failure.kind) == (1, "illegal")
    assert "R-F1" in str(failure.expected)
    assert "must follow" in failure.actual and "A.6" in failure.actual


def test_illegal_without_a_ruling_only_checks_illegality(tmp_path: Path) -> None:
    assert run(tmp_path, "- illegal: {action: play 2H}\n- illegal: play 7H\n").passed


def test_a_rejected_action_stops_the_scenario(tmp_path: Path) -> None:
    result = run(tmp_path, """\
        - do: [play 5S, play 9H]
        - expect: {to_act: 3}
        - legal: []
        """)
    failure = only_failure(result)
    assert (failure.step, failure.kind, failure.expected, failure.actual) == (1, "do", "play 9H", "rejected")
    assert "9H" in failure.message


def test_an_action_in_no_notation_in_do_is_a_failure(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- do: dance\n"))
    assert (failure.step, failure.kind, failure.actual) == (1, "do", "rejected")
    assert "dance" in failure.message


@pytest.mark.parametrize("step", [
    "- legal: [play 5S, dance]\n",
    "- legal_includes: [plya 5S]\n",
    "- illegal: {action: play ZZ}\n",
    "- illegal: {ruling: A.6}\n",
    "- legal: play 5S\n",
    "- expect: [phase, play]\n",
])
def test_a_malformed_expectation_is_reported_not_raised(tmp_path: Path, step: str) -> None:
    result = run(tmp_path, step + "- expect: {phase: play}\n")
    assert not result.passed
    assert [f.step for f in result.failures] == [1], result.report()


def test_an_unknown_query(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- expect: {phase: play, hnads: {0: [5S]}}\n"))
    assert (failure.step, failure.kind, failure.actual) == (1, "expect", "hnads")
    assert failure.message == "unknown query"
    assert "hands" in str(failure.expected)


def test_a_query_with_nothing_to_report_yet_is_a_failure(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- expect: {scores: {0: 0}}\n"))
    assert (failure.step, failure.kind, failure.actual) == (1, "expect scores", None)
    assert "no game has been scored yet" in failure.message


def test_a_step_with_two_kinds_is_reported_and_stops(tmp_path: Path) -> None:
    result = run(tmp_path, """\
        - do: play 5S
          expect: {to_act: 1}
        - legal: [nothing]
        """)
    failure = only_failure(result)
    assert (failure.step, failure.kind) == (1, "step")
    assert failure.actual == ["do", "expect"]
    assert "legal_includes" in failure.expected


def test_a_step_of_an_unknown_kind(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- expect: {phase: play}\n- assert: {phase: play}\n"))
    assert (failure.step, failure.kind, failure.actual) == (2, "step", ["assert"])


def test_a_step_with_only_a_note(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "- note: nothing to do\n"))
    assert (failure.step, failure.kind, failure.actual) == (1, "step", ["note"])


# ----- set-ups that cannot be: an error, never a traceback -----


def _hands(**hands: str) -> str:
    lines = "".join(f"    {seat[1:]}: {cards}\n" for seat, cards in hands.items())
    return "position:\n  trick: 1\n  leader: 0\n  face: KS\n  hands:\n" + lines


@pytest.mark.parametrize(("start", "expected"), [
    (_hands(s0="[5S, 9S]", s1="[5S]"), "5S is placed more often than the game has it"),
    (_hands(s0="[5S, 9S, 2H, 3H, 4D, 6C, 7C]"), "7 cards given but it holds 6"),
    (_hands(s4="[5S]"), "seat 4 is not a seat number 0–3"),
    (_hands(s0="[5S, KH]"), "KH"),
    (_hands(s0="[5S, 9X]"), "9X"),
    ("position: {trick: 1, leader: 7}\n", "leader: 7 is not a seat number 0–3"),
    ("position: {trick: 11}\n", "trick: 11 is not a trick"),
    ("deal: {hands: {0: [5S, 5S]}}\n", "5S is placed more often"),
    ("deal: {hands: [[2S]], stock: [2S]}\n", "2S is placed more often"),
    ("deal: {hands: {}}\nposition: {trick: 1}\n", "either a deal or a position"),
    ("seats: [Aki, Ben]\n", "seats: 2 given, the table has 4"),
    ("seats: [Aki, Aki, Cho, Dan]\n", "seat names must differ"),
    ("options: {players: 13}\n", "players"),
    ("options: {stlye: batting}\n", "stlye"),
])
def test_an_impossible_set_up_is_a_clear_error(tmp_path: Path, start: str, expected: str) -> None:
    result = run(tmp_path, "- expect: {phase: play}\n", start=start)
    assert not result.passed and result.failures == []
    assert result.error is not None and result.error.startswith("cannot set up: ")
    assert expected in result.error
    assert "Traceback" not in result.report()
    assert "\n" not in result.error


@pytest.mark.parametrize(("text", "expected"), [
    (HEAD.replace("familia-4", "familia-44") + "steps: []\n", "did you mean 'familia-4'?"),
    ("game: chess\nsteps: []\n", "unknown game 'chess'"),
    ("game: canasta\nsteps: []\n", "unknown game"),
    (HEAD + "stpes: []\n", "stpes"),
    (HEAD + "steps: {do: play 5S}\n", "steps"),
    (HEAD + "steps: [\n", "broken YAML"),
    ("- just\n- a list\n", "cannot set up"),
    ("", "cannot set up"),
])
def test_a_bad_file_is_a_clear_error(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_scenario(path)
    assert not result.passed and result.error is not None
    assert expected in result.error
    assert result.report().startswith(f"FAIL {path}")


@pytest.mark.parametrize(("text", "expected"), [
    (HEAD + "position:\n  trick: 1\n  leadr: 3\nsteps: []\n",
     "line 6: position.leadr: unknown key — did you mean 'leader'?"),
    (HEAD + "position: {trick: one}\nsteps: []\n",
     "line 4: position.trick: \"one\" — Input should be a valid integer"),
    (HEAD + "deal: {hands: {0: [5S]}, stok: [2S]}\nsteps: []\n",
     "line 4: deal.stok: unknown key — did you mean 'stock'?"),
    (HEAD + "position: {hands: {x: [5S]}}\nsteps: []\n", "position.hands.x: \"x\" — Input should be a valid integer"),
    (HEAD + "position: {colour: green}\nsteps: []\n", "position.colour: \"green\" — Input should be 'black' or 'red'"),
    (HEAD + "position: {deal: null}\nsteps: []\n", "position.deal: null — Input should be a valid integer"),
    ("game: tarot\ndeal: {dealr: 1}\nsteps: []\n", "deal.dealr: unknown key — did you mean 'dealer'?"),
    ("game: tarot\ndeal: {then: [{chein: [1C]}]}\nsteps: []\n",
     "deal.then.0.chein: unknown key — did you mean 'chien'?"),
    ("game: tarot\nposition: {slam: maybe}\nsteps: []\n", "position.slam: \"maybe\" — Input should be a valid boolean"),
    ("game: daifugo\nposition: {to_act: [2]}\nsteps: []\n", "position.to_act: [2] — Input should be a valid integer"),
    ("game: daifugo\nposition: {trick: [{seat: 1, ply: 4H}]}\nsteps: []\n",
     "position.trick.0.ply: unknown key — did you mean 'play'?"),
    ("game: daifugo\nposition: {revolutoin: true}\npositon: {}\nsteps: []\n",
     ("line 2: position.revolutoin: unknown key — did you mean 'revolution'?; "
      "line 3: positon: unknown key — did you mean 'position'?")),
])
def test_unknown_or_mistyped_start_keys_are_errors(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "keys.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_scenario(path)
    assert result.error is not None and result.error.startswith(f"cannot set up: {path}: "), result.report()
    assert expected in result.error and "\n" not in result.error


# ----- matches() -----


@pytest.mark.parametrize(("expected", "actual"), [
    ({1: ["KS"]}, {0: [], 1: ["KS"], 2: []}),              # a mapping names only what it cares about
    ({"winner": 1}, {"winner": 1, "plays": ["5S"]}),
    ({}, {"anything": 1}),
    (["5S", "9S"], ["9S", "5S"]),                          # plain lists are multisets
    (["5S", "5S", "9S"], ["5S", "9S", "5S"]),
    (["5S"], ("5S",)),
    ([["A", 1], ["B", 2]], [["A", 1], ["B", 2]]),          # lists of lists in order
    ([{"unit": "A"}, {"unit": "B"}], [{"unit": "A", "rank": 1}, {"unit": "B", "rank": 2}]),
    ("10h", "10H"),                                        # card notation normalised
    ("10♥", "10H"),
    (["10h", "ks"], ["KS", "10H"]),
    ({0: ["10h", "jk"]}, {0: ["JK", "10H"]}),
    ({"face": "ks"}, {"face": "KS"}),
    ("play", "play"),
    ("A", "A"),
    ("2", 2),                                              # a number written as text
    (None, None),
    (True, True),
    (3, 3),
    ([], []),
])
def test_matches(expected: object, actual: object) -> None:
    assert matches(expected, actual)


@pytest.mark.parametrize(("expected", "actual"), [
    ({1: ["KS"]}, {0: [], 1: []}),
    ({4: []}, {0: [], 1: []}),                             # a key the actual value lacks
    ({1: ["KS"]}, [["KS"]]),                               # a mapping against a list
    (["5S", "5S"], ["5S", "9S"]),                          # multisets count duplicates
    (["5S"], ["5S", "9S"]),
    (["5S", "9S"], ["5S"]),
    (["5S"], "5S"),
    ([["A", 1], ["B", 2]], [["B", 2], ["A", 1]]),          # lists of lists keep their order
    ([{"unit": "A"}, {"unit": "B"}], [{"unit": "B"}, {"unit": "A"}]),
    ("10h", "10D"),
    ("KS", None),
    (None, "KS"),
    (1, 2),
    (0, None),
    ([], None),
    ({}, None),
])
def test_does_not_match(expected: object, actual: object) -> None:
    assert not matches(expected, actual)


def test_matches_does_not_confuse_words_with_cards() -> None:
    assert not matches("as", "AH")
    assert matches("pile", "pile") and not matches("pile", "play")


# ----- scenario_files and check_paths -----


def test_check_paths_runs_every_yaml_file_under_a_folder_in_order(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    scenario(folder, "- do: play 5S\n", name="b-pass.yaml")
    scenario(folder, "- expect: {to_act: 3}\n", name="a-fail.yaml")
    scenario(folder, "- legal: [play 5S, play 9S]\n", name="sub/c-pass.yml")
    (folder / "README.md").write_text("not a scenario\n", encoding="utf-8")
    (folder / "notes.txt").write_text("steps: [\n", encoding="utf-8")
    results = check_paths([folder])
    assert [r.path.relative_to(folder).as_posix() for r in results] == [
        "a-fail.yaml", "b-pass.yaml", "sub/c-pass.yml"]
    assert [r.passed for r in results] == [False, True, True]
    assert results[0].failures[0].step == 1


def test_check_paths_reports_a_missing_path_and_goes_on(tmp_path: Path) -> None:
    good = scenario(tmp_path, "- do: play 5S\n")
    missing = tmp_path / "nowhere.yaml"
    results = check_paths([missing, good])
    assert [r.path for r in results] == [missing, good]
    assert not results[0].passed and results[0].error == "no such file or folder"
    assert results[0].report() == f"FAIL {missing}\n  no such file or folder"
    assert results[1].passed


def test_a_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("game: familia\nsteps: [\n", encoding="utf-8")
    scenario(tmp_path, "- do: play 5S\n", name="b.yaml")
    results = check_paths([tmp_path])
    assert [r.passed for r in results] == [False, True]


def test_an_empty_folder_has_no_scenarios_and_says_so(tmp_path: Path) -> None:
    assert scenario_files([tmp_path]) == []
    assert [(r.path, r.error) for r in check_paths([tmp_path])] == [
        (tmp_path, "no scenario files (*.yaml, *.yml) in this folder")]


def test_a_named_file_is_run_whatever_its_suffix(tmp_path: Path) -> None:
    path = scenario(tmp_path, "- do: play 5S\n", name="case.scenario")
    assert scenario_files([path]) == [path]
    assert check_paths([path])[0].passed
