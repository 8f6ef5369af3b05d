"""The hot-seat curtain for a team-private decision (issue 11, item 4; DESIGN.md §7): a curtain
naming the team's members, then the decision shown to them only, and a curtain again before the
next person's decision; nothing of the team's hands is on screen for anyone else.

No shipped game has a team-private step yet, so Familia's state is given one here: every
decision of a team-A seat belongs to the whole of team A (Aki and Cho)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_handoff_guard import deciding, hand_texts, move_keys, record
from tui_helpers import make_app, screen_text, settle

from familia_tui.games.familia.rules import FamiliaState
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.table import TableScreen


def team_a_decides_together(state: FamiliaState) -> tuple[int, ...] | None:
    """Team A's decisions are team-private; the others are the acting seat's own."""
    seat = state.to_act
    if seat is None or state.seats[seat].team != "A":
        return None
    return tuple(i for i, s in enumerate(state.seats) if s.team == "A")


def curtained(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, HandoffScreen) and app.screen.drawn_at is not None


async def test_a_team_decision_is_shown_to_the_team_only_behind_a_curtain_naming_its_members(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(FamiliaState, "deciders", property(team_a_decides_together), raising=False)
    game = record("familia")
    assert [(s.name, s.team) for s in game.seats] == [("Aki", "A"), ("Ben", "B"), ("Cho", "A"), ("Dan", "B")]
    app = make_app(tmp_path, game)
    seen: list[tuple[str, ...]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        while len(seen) < 6:  # six curtains: team A's and B's decisions by turns
            await settle(pilot, lambda: curtained(app) or deciding(app))
            if deciding(app):  # the same people decide again (the leader's pile, then a card)
                assert app.screen.session.viewers() == seen[-1]
                await pilot.press(*move_keys(app.screen))
                continue
            curtain = app.screen
            table = app.screen_stack[-2]
            assert isinstance(table, TableScreen)
            text = screen_text(app)
            if table.session.seats[table.session.to_act].team == "A":
                assert curtain.people == ("Aki", "Cho")
                assert "Pass the keyboard to Aki, Cho, together" in text
                assert "Only Aki, Cho should look at the screen now" in text
            else:
                assert curtain.people in (("Ben",), ("Dan",))
                assert f"Pass the keyboard to {curtain.person}" in text
            assert table.session.viewers() == () and not table.choices
            for person in ("Aki", "Ben", "Cho", "Dan"):
                assert not [c for c in hand_texts(table, person) if c in text], person
            seen.append(curtain.people)
            await pilot.press("enter")
            await settle(pilot, lambda: deciding(app))
            assert table.session.viewers() == curtain.people
            acting = table.session.seats[table.session.to_act].person
            assert acting in curtain.people
            assert [c for c in hand_texts(table, acting) if c in screen_text(app)]
            await pilot.press(*move_keys(table))
    assert ("Aki", "Cho") in seen and {("Ben",), ("Dan",)} & set(seen)
