"""Pilot tests of the play-test fixes at the Tarot table (issue 10, items 4 and 6): the écart is
picked as a set, shown with its count, changed before it is confirmed, and refused with the
rule's explanation [A6, TA-2]; a hand's last trick stays on the table until a key, then the
breakdown, where p shows it again."""

from __future__ import annotations

from pathlib import Path

import yaml
from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.tarot.actions import Discard
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.options import TarotOptions
from familia_tui.tui.games.tarot.results import TarotResultsScreen
from familia_tui.tui.games.tarot.screen import TarotScreen

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "tarot"


def record(seats: str, preset: str, seed: int, hands: int | None = None) -> Record:
    options = find_preset("tarot", preset).options.resolved()
    if hands is not None:
        options = TarotOptions.model_validate({**options.model_dump(), "hands": hands})
    table = parse_seats(seats, GAME.default_seats(options), list(GAME.bots))
    return Record("tarot", options, tuple(table), seed, preset=preset)


def discards(screen: TarotScreen) -> list[str]:
    return [a for a in screen.session.record.actions if a.startswith("discard")]


async def test_the_ecart_is_a_set_changed_before_it_is_confirmed(tmp_path: Path) -> None:
    """[A6] Ticking builds the écart on screen (with its count); nothing is discarded until Enter
    on a full set, and a ticked card can be unticked and another chosen first."""
    app = make_app(tmp_path, record("Aki,bot,bot,bot", "tarot-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TarotScreen) and bool(app.screen.choices))
        screen = app.screen
        await pilot.press("3", "enter")  # Garde: the chien joins the hand
        await settle(pilot, lambda: screen.session.state.phase == "ecart" and bool(screen.choices))
        first = screen.choices[screen.cursor].value.card
        await pilot.press("space")
        assert screen.ecart == [first] and "Écart 1/6 chosen" in screen_text(app)
        await pilot.press("space")  # unticked again
        assert screen.ecart == []
        for _ in range(6):
            await pilot.press("enter")  # ticks the card under the cursor and moves on
        assert len(screen.ecart) == 6 and not discards(screen)
        assert "Écart 6/6 chosen" in screen_text(app)
        dropped = screen.ecart[0]
        await pilot.press("home")
        await pilot.press("space")  # the first card was ticked: unticked
        assert dropped not in screen.ecart and len(screen.ecart) == 5
        spare = next(i for i, c in enumerate(screen.choices) if c.enabled and not c.marked
                     and c.value.card != dropped)
        screen.cursor = spare
        await pilot.press("space")
        chosen = set(screen.ecart)
        assert len(chosen) == 6 and dropped not in chosen and not discards(screen)
        await pilot.press("enter")  # confirms the set
        await settle(pilot, lambda: screen.session.state.phase != "ecart")
        assert set(screen.session.state.ecart) == chosen and len(discards(screen)) == 6


async def test_a_card_no_ecart_allows_is_refused_with_the_rule(tmp_path: Path) -> None:
    """[TA-2] A trump cannot join while suit cards may go: ticking it shows why, the set stays."""
    app = make_app(tmp_path, record("Aki,bot,bot,bot", "tarot-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TarotScreen) and bool(app.screen.choices))
        screen = app.screen
        await pilot.press("3", "enter")
        await settle(pilot, lambda: screen.session.state.phase == "ecart" and bool(screen.choices))
        trump = next(i for i, c in enumerate(screen.choices) if str(c.value).startswith("discard T"))
        screen.cursor = trump
        await pilot.press("space")
        assert screen.ecart == []
        assert "trumps go to the écart only when nothing else may" in screen_text(app)
        assert all(isinstance(c.value, Discard) for c in screen.choices)


def one_card_before_the_end() -> Record:
    """TA-4's hand (a defender's Petit taken by another defender's 21 in the last trick: petit
    au bout for the defence) up to its last card, which Cho (the only human) plays."""
    scenario = yaml.safe_load((SCENARIOS / "TA-04-petit-au-bout-defence-beats-defence.yaml").read_text("utf-8"))
    actions = [a for step in scenario["steps"] for a in step.get("do", [])]
    assert actions[-1] == "play T1"
    options = TarotOptions.model_validate({**find_preset("tarot", "tarot-4").options.resolved().model_dump(),
                                           **scenario["options"]})
    seats = parse_seats("bot,bot,Cho,bot", GAME.default_seats(options), list(GAME.bots))
    return Record("tarot", options, tuple(seats), None, tuple(actions[:-1]), scenario["deal"], "tarot-4")


async def test_the_last_trick_of_the_hand_stays_until_a_key_then_the_breakdown_and_p(tmp_path: Path) -> None:
    """[TA-4] The hand's last trick, its winner and the petit au bout stay on the table after
    the last card until a key; then the breakdown, where p shows the trick again."""
    app = make_app(tmp_path, one_card_before_the_end())
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TarotScreen) and bool(app.screen.choices))
        screen = app.screen
        await pilot.press("enter")  # T1, the only card left
        await settle(pilot, lambda: screen.held is not None)
        await pilot.pause()
        text = screen_text(app)
        assert "The last trick of the hand: press any key for the breakdown" in text
        assert "Trick 18 won by P4" in text and "T21" in text and "T1" in text
        assert "Petit au bout: P4 took the Petit in the last trick" in text
        assert not isinstance(app.screen, TarotResultsScreen)
        await pilot.press("space")
        await settle(pilot, lambda: isinstance(app.screen, TarotResultsScreen))
        assert "Trick 18 won by" not in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(app)
        assert "The last trick (p hides it)" in text and "Trick 18 won by P4" in text
        assert "Petit au bout: P4 took" in text
