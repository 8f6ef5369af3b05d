"""Pilot tests play as people who wait a moment before confirming a handoff: the curtain's clock
moves on by a minute at every reading, so its guard has always passed. The tests of the guard
itself (test_handoff_guard.py) put a clock of their own in its place."""

from __future__ import annotations

import itertools

import pytest

from familia_tui.tui.screens.handoff import HandoffScreen


@pytest.fixture(autouse=True)
def patient_players(monkeypatch: pytest.MonkeyPatch) -> None:
    minutes = itertools.count(0, 60)
    monkeypatch.setattr(HandoffScreen, "clock", staticmethod(lambda: float(next(minutes))))
