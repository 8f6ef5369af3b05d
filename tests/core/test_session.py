"""The table session: autosave after every action, hot-seat handoffs and who may see what."""

from __future__ import annotations

from pathlib import Path

import pytest

from familia_tui.core.engine import Seat
from familia_tui.core.record import Record, load_record
from familia_tui.core.session import Session
from familia_tui.games.familia.game import GAME
from familia_tui.games.familia.options import FamiliaOptions

OPTIONS = FamiliaOptions(players=4, first_leader=0)


def seats(controllers: str) -> tuple[Seat, ...]:
    """`"hbhb"`: h = human, b = basic bot, in seat order."""
    defaults = GAME.default_seats(OPTIONS)
    return tuple(s.model_copy(update={"controller": "human" if c == "h" else "bot:basic"})
                 for s, c in zip(defaults, controllers, strict=True))


def session(controllers: str, tmp_path: Path | None = None) -> Session:
    record = Record("familia", OPTIONS, seats(controllers), seed=5)
    return Session.open(record, tmp_path / "auto.json" if tmp_path else None)


def test_one_human_is_always_the_viewer_and_never_handed_over() -> None:
    table = session("hbbb")
    while not table.state.is_over and len(table.record.actions) < 30:
        assert table.handoff_due() is None
        assert table.viewer() == "P1"
        table.apply(table.state.legal_actions()[0] if table.is_human_turn() else table.bot_action())


def test_hot_seat_hands_over_to_each_new_human_and_hides_hands_between() -> None:
    table = session("hhbb")
    assert table.to_act == 0 and table.handoff_due() == ("P1",)
    assert table.viewer() is None  # nothing private before P1 confirms
    table.confirm("P1")
    assert table.handoff_due() is None and table.viewer() == "P1"
    while table.to_act == 0:
        table.apply(table.state.legal_actions()[0])
    assert table.to_act == 1 and table.handoff_due() == ("P2",) and table.viewer() is None
    table.confirm("P2")
    table.apply(table.state.legal_actions()[0])
    assert not table.is_human_turn() and table.viewer() is None  # a bot's turn between humans


def test_a_standing_action_is_recorded_but_confirms_nobody_at_the_keyboard() -> None:
    """An action a player ordered in advance, applied for them while someone else may hold the
    keyboard: the curtains stay as they were (the next person's decision is curtained, P1's is
    not)."""
    table = session("hhbb")
    table.confirm("P1")
    while table.to_act == 0:
        table.apply(table.state.legal_actions()[0])
    assert table.to_act == 1 and table.confirmed == ("P1",)
    table.apply(table.state.legal_actions()[0], standing=True)  # P2's, unseen
    assert table.confirmed == ("P1",) and len(table.record.actions) >= 2


def test_every_action_is_recorded_and_autosaved(tmp_path: Path) -> None:
    table = session("hbbb", tmp_path)
    for _ in range(5):
        table.apply(table.state.legal_actions()[0] if table.is_human_turn() else table.bot_action())
    saved = load_record(tmp_path / "auto.json")
    assert saved.actions == table.record.actions and len(saved.actions) == 5
    assert saved.replay().hands == table.state.hands


def test_bot_actions_are_legal_and_repeatable() -> None:
    first, second = session("bbbb"), session("bbbb")
    for _ in range(40):
        action = first.bot_action()
        assert action in first.state.legal_actions()
        assert action == second.bot_action()
        first.apply(action)
        second.apply(action)


def test_opening_a_record_replays_it_once_and_keeps_every_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """A resumed game's history (the log of the game so far) is the events of the one replay
    that opened it: the deal's, then each action's, as playing the record gives them."""
    table = session("bbbb")
    for _ in range(12):
        table.apply(table.bot_action())
    record, start = table.record, Record.start
    starts: list[Record] = []
    monkeypatch.setattr(Record, "start", lambda self: starts.append(self) or start(self))
    opened = Session.open(record)
    history = opened.history_events()
    assert len(starts) == 1
    state = start(record)
    played = list(state.events) + [e for text in record.actions for e in state.apply(GAME.parse_action(text))]
    assert history == played and played[-len(opened.last_events):] == opened.last_events


def test_a_failed_autosave_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "auto.json").mkdir()  # a folder where the file should be
    table = session("hbbb", tmp_path)
    table.apply(table.state.legal_actions()[0])
    assert table.save_error and len(table.record.actions) == 1
