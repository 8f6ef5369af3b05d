"""The scenario keys added for issue 11 item 9: each fails, with a clear message, when its
expectation is wrong (the passing cases are the files under tests/scenarios/)."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from familia_tui.core.registry import get_game
from familia_tui.core.scenario import Failure, ScenarioResult, matches, run_scenario

FAMILIA_TRICK = """\
game: familia
preset: familia-4-batting
position:
  trick: 1
  leader: 0
  face: QH
  trick_cards: [5H, 8S]
  hands:
    2: [8H, 7C, 2S, 3S, 4D, 5D]
    3: [9H, 6H, 8D, 2C, 3C, 4S]
"""

DOBON = """\
game: daifugo
preset: daifugo-dobon-ask
position:
  hands: {0: [9C, 3D, 4D], 1: [5C, 4C], 2: [QH, KH], 3: [9H]}
  trick: [[2, 6S]]
  to_act: 0
"""


def run(tmp_path: Path, head: str, steps: str = "", tail: str = "") -> ScenarioResult:
    path = tmp_path / "case.yaml"
    body = head + tail + ("steps:\n" + dedent(steps) if steps else "")
    path.write_text(body, encoding="utf-8")
    return run_scenario(path)


def only_failure(result: ScenarioResult) -> Failure:
    assert result.error is None, result.report()
    assert len(result.failures) == 1, result.report()
    return result.failures[0]


# ----- view -----


def test_a_wrong_hand_in_a_seat_view_shows_only_the_fields_compared(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, FAMILIA_TRICK, """\
        - expect: {view: {seat: 3, hand: [9H, 6H, 8D, 2C, 3C, 5S]}}
        """))
    assert failure.kind == "expect view {'seat': 3}"
    assert failure.expected == {"hand": ["9H", "6H", "8D", "2C", "3C", "5S"]}
    assert failure.actual == {"hand": ["9H", "6H", "8D", "2C", "3C", "4S"]}


def test_a_hand_is_not_in_the_public_view(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, FAMILIA_TRICK, """\
        - expect: {view: {seat: public, own_hands: {3: [9H]}}}
        """))
    assert "the public view has no own_hands" in failure.message
    assert "hand_counts" in failure.message  # the fields it has are listed


def test_a_view_needs_a_seat_in_range(tmp_path: Path) -> None:
    missing = only_failure(run(tmp_path, FAMILIA_TRICK, "- expect: {view: {hand: [9H]}}\n"))
    assert missing.message == "view needs seat"
    wrong = only_failure(run(tmp_path, FAMILIA_TRICK, "- expect: {view: {seat: 7, hand: [9H]}}\n"))
    assert "seat: 7 is not a seat number 0–3 or public" in wrong.message


def test_the_public_view_falls_back_to_what_every_seat_sees_alike(tmp_path: Path) -> None:
    spec = get_game("daifugo")
    result = run(tmp_path, DOBON, "- expect: {view: {seat: public, counts: [3, 2, 2, 1]}}\n")
    assert result.passed, result.report()
    state = spec.new_game(spec.options_model(), spec.default_seats(spec.options_model()), seed=1)
    public = spec.queries["view"](state)
    assert "hand" not in public and "counts" in public  # the engine's public view has no hand

    class NoPublicView:  # a game whose states offer no public view
        seats = state.seats
        view = state.view

    fallback = spec.queries["view"](NoPublicView())
    assert "hand" not in fallback and "counts" in fallback  # a hand differs between seats


# ----- strongest, meld_score, in_order -----


def test_a_wrong_strongest_card_fails(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, FAMILIA_TRICK, "- expect: {strongest: {seat: 1, card: 8S}}\n"))
    assert failure.kind == "expect strongest"
    assert failure.actual == {"seat": 0, "card": "5H"}


def test_a_wrong_partition_score_fails_and_a_non_meld_is_named(tmp_path: Path) -> None:
    head = "game: familia\npreset: familia-4\n"
    wrong = only_failure(run(tmp_path, head, """\
        - expect: {meld_score: {role: M, melds: [[KS, KH, KD, KC], [QS], [JS]], score: 24}}
        """))
    assert wrong.expected == {"score": 24} and wrong.actual == {"score": 17}
    bad = only_failure(run(tmp_path, head, "- expect: {meld_score: {role: M, melds: [[KS, QH]], score: 10}}\n"))
    assert "melds: KS QH is not a meld" in bad.message


def test_in_order_compares_a_list_in_order() -> None:
    assert matches({"in_order": [1, 3]}, [1, 3])
    assert not matches({"in_order": [3, 1]}, [1, 3])
    assert matches([3, 1], [1, 3])  # without it, plain values compare as a multiset
    assert matches({"in_order": ["single KS -6", "joker JK 0"]}, ("single KS -6", "joker JK 0"))


def test_a_wrong_forced_entry_order_fails(tmp_path: Path) -> None:
    source = Path(__file__).parents[1] / "scenarios" / "familia" / "R-F18-forced-entry-order.yaml"
    text = source.read_text(encoding="utf-8").replace(
        "[marriage KC QC 0, single KS -6, single JD -2,", "[marriage KC QC 0, single JD -2, single KS -6,")
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    failure = only_failure(run_scenario(path))
    assert failure.kind == "expect breakdown"
    assert failure.actual[3]["entries"][1:3] == ["single KS -6", "single JD -2"]


# ----- Daifugō: ドボン callers, the caller, ○○バック -----


def test_wrong_dobon_callers_and_caller_fail(tmp_path: Path) -> None:
    result = run(tmp_path, DOBON, """\
        - do: play 9C
        - expect: {dobon_callers: {in_order: [3, 1]}}
        - do: [decline, call dobon]
        - expect: {caller: 1}
        """)
    assert result.error is None
    assert [(f.kind, f.actual) for f in result.failures] == [
        ("expect dobon_callers", [1, 3]), ("expect caller", 3)]


def test_a_wrong_back_count_fails(tmp_path: Path) -> None:
    head = dedent("""\
        game: daifugo
        preset: daifugo-shina-kana
        options: {dobon: "off"}
        position:
          hands: {0: [4S, KD, 6S], 1: [3S, QC, 5H], 2: [JS, JC], 3: [10S, 10C]}
          trick: [[3, 3H]]
          to_act: 0
        """)
    failure = only_failure(run(tmp_path, head, "- do: play 4S\n- expect: {back_count: 1}\n"))
    assert (failure.kind, failure.expected, failure.actual) == ("expect back_count", 1, 2)


# ----- setup: {valid: false} -----


def test_a_set_up_expected_to_be_refused_but_accepted_fails(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "game: familia\npreset: familia-4\n",
                               tail="setup: {valid: false, refusal: win_at}\n"))
    assert (failure.kind, failure.actual) == ("setup", "accepted")
    assert failure.expected == "refused with 'win_at'"
    assert "expected to be refused" in failure.message


def test_a_refusal_for_another_reason_fails_with_the_message(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "game: tarot\npreset: tarot-4\nseats: [Aki, Ben, Cho]\n",
                               tail="setup: {valid: false, refusal: placed twice}\n"))
    assert failure.kind == "setup" and failure.message == "refused for another reason"
    assert "seats: 3 given, the table has 4" in failure.actual


def test_a_refusal_is_still_an_error_when_none_is_expected(tmp_path: Path) -> None:
    result = run(tmp_path, "game: tarot\npreset: tarot-4\nseats: [Aki, Ben, Cho]\n")
    assert result.error == "cannot set up: seats: 3 given, the table has 4"


def test_the_public_view_is_the_engines_own_when_it_has_one() -> None:
    from dataclasses import dataclass

    from familia_tui.core.queries import VIEW

    @dataclass
    class Public:
        counts: tuple[int, ...]

        @property
        def total(self) -> int:
            return sum(self.counts)

    class State:
        seats = ("A", "B")

        def public_view(self) -> Public:
            return Public((3, 4))

        def view(self, seat: int) -> None:
            raise AssertionError("the fallback is not used")

    public = VIEW(State())
    assert public["counts"] == [3, 4] and public["total"] == 7 and "hand" not in public


def test_a_misspelt_result_key_is_named(tmp_path: Path) -> None:
    failure = only_failure(run(tmp_path, "game: familia\npreset: familia-4\n",
                               "- expect: {meld_score: {role: M, melds: [[KS, QS]], scroe: 10}}\n"))
    assert failure.message.startswith("meld_score has no scroe (it has score, zero_sum, entries")
