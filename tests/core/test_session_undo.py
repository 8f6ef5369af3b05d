"""Undo at the session (issue 14, item 1): against bots back to the player's previous decision,
the bots' moves replayed from the same seeded draw (no fishing for another bot move); in hot-seat
only the last decision's people, and only until someone else confirms a curtain; the record
counts the undos and keeps them through a save."""

from __future__ import annotations

from pathlib import Path

from familia_tui.core.engine import Seat
from familia_tui.core.record import Record, load_record
from familia_tui.core.session import Session
from familia_tui.games.familia.game import GAME
from familia_tui.games.familia.options import FamiliaOptions

OPTIONS = FamiliaOptions(players=4, first_leader=1)


def seats(controllers: str) -> tuple[Seat, ...]:
    """`"hbhb"`: h = human, b = basic bot, in seat order."""
    defaults = GAME.default_seats(OPTIONS)
    return tuple(s.model_copy(update={"controller": "human" if c == "h" else "bot:basic"})
                 for s, c in zip(defaults, controllers, strict=True))


def session(controllers: str, tmp_path: Path | None = None, first: int = 1) -> Session:
    """Familia for 4 at seed 5; seat `first` leads (by default P2, a bot before P1)."""
    options = OPTIONS.model_copy(update={"first_leader": first})
    record = Record("familia", options, seats(controllers), seed=5)
    return Session.open(record, tmp_path / "game.json" if tmp_path else None)


def until_human(table: Session) -> None:
    """Bots move until a human is to act."""
    while not table.is_human_turn():
        table.apply(table.bot_action())


def test_nothing_to_take_back_before_a_human_decided() -> None:
    table = session("hbbb")
    until_human(table)  # the bots before P1 moved, P1 has not
    assert table.record.actions and table.undo_point() is None


def test_against_bots_undo_goes_back_to_the_players_previous_decision_and_the_bots_replay_alike(
        tmp_path: Path) -> None:
    table = session("hbbb", tmp_path)
    until_human(table)
    before = table.record.actions
    choice = table.state.legal_actions()[-1]
    table.apply(choice)
    until_human(table)  # the three bots answer
    after = table.record.actions
    assert len(after) > len(before) + 1
    assert table.undo_point() == len(before)
    assert table.undo() == ("P1",)
    assert table.record.actions == before and table.record.undos == 1
    assert table.to_act == 0 and table.state.legal_actions()[-1] == choice
    table.apply(choice)
    until_human(table)
    assert table.record.actions == after  # the same bot moves: undo cannot fish for others
    saved = load_record(tmp_path / "game.json")
    assert saved.undos == 1 and saved.actions == after


def test_against_bots_undo_steps_back_one_decision_at_a_time() -> None:
    table = session("hbbb")
    marks = []
    for _ in range(3):
        until_human(table)
        marks.append(len(table.record.actions))
        table.apply(table.state.legal_actions()[0])
    for mark in reversed(marks):
        table.undo()
        assert len(table.record.actions) == mark
    assert table.undo_point() is None and table.record.undos == 3


def test_hot_seat_undo_only_until_the_next_person_confirms() -> None:
    table = session("hhbb", first=0)
    table.confirm("P1")
    while table.to_act == 0:  # P1 chooses the face pile, then leads
        last = len(table.record.actions)
        table.apply(table.state.legal_actions()[0])
    assert table.handoff_due() == ("P2",)
    assert table.undo_point() == last  # P1 may still take it back while P2's curtain is up
    table.confirm("P2")
    assert table.undo_point() is None  # P2 has the keyboard: never beyond the curtain
    mark = len(table.record.actions)
    table.apply(table.state.legal_actions()[0])
    assert table.undo_point() == mark  # P2's own move


def test_hot_seat_undo_from_the_curtain_hands_the_keyboard_back_first() -> None:
    table = session("hhbb", first=0)
    table.confirm("P1")
    while table.to_act == 0:
        table.apply(table.state.legal_actions()[0])
    assert table.undo(hand_back=True) == ("P1",)
    assert table.to_act == 0 and table.handoff_due() == ("P1",) and table.viewer() is None


def test_nothing_is_taken_back_once_the_game_is_over() -> None:
    options = FamiliaOptions(players=4, first_leader=1)
    record = Record("familia", options, seats("hbbb"), seed=2)
    table = Session.open(record)
    while not table.state.is_over:
        table.apply(table.state.legal_actions()[0] if table.is_human_turn() else table.bot_action())
    assert table.undo_point() is None


def test_a_record_without_undos_is_written_as_before() -> None:
    record = Record("familia", OPTIONS, seats("hbbb"), seed=5)
    assert "undos" not in record.to_data()
    assert record.taken_back(0).to_data()["undos"] == 1
