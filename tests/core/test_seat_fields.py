"""Seat fields (issue 11, item 4): the core seat is name, controller, person and team; a game
declares its own fields (Familia: role, crest) and every way in (records, scenarios, the setup)
reads them through that declaration.

- a seat carries its fields as a mapping in data and answers `seat.field(name)`;
- a record written before seat fields were declared (Familia's `role` and `crest` beside the
  name) still loads, replays the same game, and is written back in the new shape;
- a field the game does not declare, or a value it does not allow, is refused with its path.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from familia_tui.core.engine import Seat, SeatField, seat_problems, team_field_notes
from familia_tui.core.presets import find_preset
from familia_tui.core.record import (
    Record,
    RecordError,
    load_record,
    record_from_data,
    save_record,
)
from familia_tui.core.registry import get_game

FAMILIA = get_game("familia")


def royal_record(actions: int = 12) -> Record:
    """A royal Familia game (roles and crests on every seat) with a few actions played."""
    options = find_preset("familia", "familia-4-royal").options
    record = Record("familia", options, tuple(FAMILIA.default_seats(options)), seed=3)
    state = record.start()
    for _ in range(actions):
        action = state.legal_actions()[0]
        state.apply(action)
        record = record.with_action(action)
    return record


def test_a_seat_carries_its_fields_as_a_mapping_and_reads_them_by_name() -> None:
    seat = Seat(name="Aki", fields={"role": "F", "crest": "H", "suit": None})
    assert seat.field("role") == "F" and seat.field("crest") == "H" and seat.field("suit") is None
    assert seat.fields == (("crest", "H"), ("role", "F"))  # sorted, unset values dropped
    assert seat.model_dump()["fields"] == {"crest": "H", "role": "F"}
    assert Seat.model_validate(seat.model_dump()) == seat
    assert seat.with_fields(crest=None, role="M").fields == (("role", "M"),)
    with pytest.raises(ValidationError):
        Seat(name="Aki", fields={"role": 3})
    with pytest.raises(ValidationError):
        Seat.model_validate({"name": "Aki", "role": "F"})  # the core seat has no role of its own


def test_familia_declares_role_and_crest_and_its_seats_carry_them() -> None:
    assert [f.name for f in FAMILIA.seat_fields] == ["role", "crest"]
    seats = FAMILIA.default_seats(find_preset("familia", "familia-4-royal").options)
    assert [(s.field("role"), s.team, s.field("crest")) for s in seats] == [
        ("M", "A", "H"), ("M", "B", "S"), ("F", "A", "H"), ("F", "B", "S")]
    assert all(not get_game(game).seat_fields for game in ("tarot", "daifugo"))


def test_a_record_written_with_role_and_crest_beside_the_name_still_loads(tmp_path: Path) -> None:
    record = royal_record()
    data = record.to_data()
    assert data["seats"][0] == {"name": "P1", "controller": "human", "team": "A",
                                "fields": {"crest": "H", "role": "M"}}
    old = json.loads(json.dumps(data))
    for seat in old["seats"]:
        seat.update(seat.pop("fields"))  # the shape of records written before seat fields
    assert old["seats"][2] == {"name": "P3", "controller": "human", "team": "A", "role": "F", "crest": "H"}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = load_record(path)
    assert loaded.seats == record.seats
    assert loaded.replay().view(0) == record.replay().view(0)
    save_record(loaded, path)
    assert json.loads(path.read_text(encoding="utf-8"))["seats"] == data["seats"]


OLD_RECORD = Path(__file__).parent / "records" / "familia-royal-before-seat-fields.json"
"""A royal Familia game saved, 25 actions in, by the version before seat fields were declared
(role and crest beside each seat's name); kept as written then."""


def test_a_saved_game_of_the_version_before_seat_fields_loads_and_replays(tmp_path: Path) -> None:
    record = load_record(OLD_RECORD)
    assert [(s.name, s.field("role"), s.team, s.field("crest")) for s in record.seats] == [
        ("Aki", "M", "A", "H"), ("Ben", "M", "B", "S"), ("Cho", "F", "A", "H"), ("Dan", "F", "B", "S")]
    state = record.replay()
    assert [len(c) for c in state.view(0).captures] == [3, 1, 1, 0]
    copy = tmp_path / "copy.json"
    save_record(record, copy)
    assert load_record(copy) == record
    assert "fields" in json.loads(copy.read_text(encoding="utf-8"))["seats"][0]


def test_a_record_seat_without_a_role_still_loads_as_before() -> None:
    data = royal_record(0).to_data()
    data["seats"] = [{"name": s["name"], "team": s.get("team"), "crest": s["fields"]["crest"]}
                     for s in data["seats"]]
    assert [s.field("role") for s in record_from_data(data).seats] == [None] * 4


@pytest.mark.parametrize(("seat", "expected"), [
    ({"name": "P1", "role": "X"}, "invalid seats.0: seat 1: “X” is not a Role"),
    ({"name": "P1", "fields": {"suit": "L"}}, "invalid seats.0: seat 1: this game has no seat field “suit”"),
    ({"name": "P1", "colour": "red"}, "invalid seats.0.colour: Extra inputs are not permitted"),
    ({"name": "P1", "fields": ["role"]}, "invalid seats.0.fields"),
])
def test_an_undeclared_field_or_a_value_not_allowed_is_a_record_error(seat: dict[str, object],
                                                                       expected: str) -> None:
    data = royal_record(0).to_data()
    data["seats"][0] = seat
    with pytest.raises(RecordError, match=expected):
        record_from_data(data, "x.json")


def test_seat_problems_follow_the_declaration() -> None:
    suit = SeatField("suit", ("S", "H", "X", "L", "C", "D"), label="fam.seat_crest",
                     value_label="fam.seat_crest_{value}", per_team=True,
                     used=lambda options: options == "six")
    seats = [Seat(name="A", team="1", fields={"suit": "X"}), Seat(name="B", team="1"),
             Seat(name="C", team="2", fields={"suit": "Q"})]
    assert [(p.seat, p.text()) for p in seat_problems((suit,), "six", seats)] == [
        (1, "seat 2 needs a Crest (家紋)"), (2, "seat 3: “Q” is not a Crest (家紋)")]
    assert [p.text() for p in seat_problems((suit,), "six", seats, missing=False)] == [
        "seat 3: “Q” is not a Crest (家紋)"]
    assert [p.text() for p in seat_problems((suit,), "four", seats[:2])] == []  # not used: not asked
    assert [n.text() for n in team_field_notes((suit,), "six", seats)] == [
        "the seats of team 1 differ in their Crest (家紋)"]


def test_a_scenario_seat_may_give_its_fields_in_the_short_form() -> None:
    seat = FAMILIA.seat_from_data({"name": "Aki", "role": "F", "team": "A", "fields": {"crest": "S"}})
    assert seat == Seat(name="Aki", team="A", fields={"role": "F", "crest": "S"})
