"""The Daifugō offers are the player's choices (issue 10, item 5): the plays offered under the
hand are every legal play that uses the card under the cursor or the ticked cards, natural sets
and sequences first, then joker completions, then Pass; Enter plays a play only when it is the
one that uses those cards and adds no joker, and otherwise goes to the offers; ticking only
ticks. The last test checks, over random positions of several presets, that every legal play
is on offer for some card (nothing legal is out of the player's reach)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from test_daifugo_table import FOUR, deciding, stacked, table
from tui_helpers import make_app, screen_text, settle

from familia_tui.core.presets import find_preset
from familia_tui.games.daifugo.actions import PASS, Pass, Play, parse_action
from familia_tui.games.daifugo.game import GAME
from familia_tui.tui.games.daifugo.offers import Form, PlayIndex, Selection
from familia_tui.tui.games.daifugo.scenes import move_to
from familia_tui.tui.games.daifugo.screen import DaifugoScreen


def offered(screen: DaifugoScreen) -> list[str]:
    """The offers under the hand in the notation; a play whose joker's suit is still to be
    chosen shows it as `?` (`play 5S JK=5?`)."""
    values = [c.value for c in screen.choices[screen.hand_chips:]]
    return [re.sub(r"(JK=\w+?)[SHDC]\b", r"\1?", str(v.play)) if isinstance(v, Form) and len(v.plays) > 1
            else str(getattr(v, "play", v)) for v in values]


def at(screen: DaifugoScreen, card: str) -> int:
    """The place in the hand of a card (`9S`, `JK`)."""
    return [str(c) for c in screen.shown.hand].index(card)


def practice(tmp_path: Path, position: str):  # type: ignore[no-untyped-def]
    """An app at a position of a plain game (a practice puzzle: Aki, seat 0, decides once)."""
    path = tmp_path / "position.yaml"
    path.write_text("game: daifugo\npreset: daifugo-plain\noptions: {dobon: 'off'}\n"
                    "question: 'Play.'\nposition:\n" + position, encoding="utf-8")
    return make_app(tmp_path), path


async def open_position(pilot, app, path: Path) -> DaifugoScreen:  # type: ignore[no-untyped-def]
    app.open_practice(path)
    await settle(pilot, lambda: isinstance(app.screen, DaifugoScreen) and bool(app.screen.choices))
    return table(app)


async def test_enter_on_a_joker_offers_the_top_joker_and_the_declared_card(tmp_path: Path) -> None:
    """Locks ♦ and → A: the single joker may be JK=A♦ or the top joker (DF-18, DF-19). Enter on it
    plays neither: it goes to the offers, which hold both, and the player picks one. (The cursor
    starts on the joker, the one card with a play, and may rest on a dimmed card.)"""
    app, path = practice(tmp_path, "  hands: {0: [5S, 9C, 2C, JK], 1: [7S, 3C], 2: [JS, JC], 3: [10S, 10C]}\n"
                                   "  trick: [[2, QD], [3, KD]]\n  suit_lock: D\n  number_lock: true\n"
                                   "  to_act: 0\n")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_position(pilot, app, path)
        await pilot.press("left")  # onto 2♣, which no play uses: the cursor stays, and says why
        assert screen.cursor == at(screen, "2C") and offered(screen) == ["pass"]
        assert "Not allowed:" in screen_text(app)
        await move_to(pilot, app, at(screen, "JK"))
        assert offered(screen) == ["play JK=AD", "play JK", "pass"]
        assert "2 plays use JK" in screen_text(app)
        await pilot.press("enter")
        assert not screen.session.record.actions
        assert screen.cursor == screen.hand_chips  # on the first offer, JK=A♦
        await pilot.press("right", "enter")
        await settle(pilot, lambda: screen.practice_done)
        assert screen.session.record.actions == ("play JK",)


async def test_the_plays_of_the_card_under_the_cursor_are_offered(tmp_path: Path) -> None:
    """Following 5♠ 5♥ 5♦ with 9♠ 9♥ 9♣ and a joker: on 9♥ the offers are the natural three 9s,
    then the joker completions that use 9♥, then Pass (not Pass alone); Enter goes to them."""
    app, path = practice(tmp_path, "  hands: {0: [4D, 9S, 9H, 9C, JK], 1: [7S, 3C], 2: [JS, JC], 3: [10S, 10C]}\n"
                                   "  trick: [[3, 5S 5H 5D]]\n  to_act: 0\n")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_position(pilot, app, path)
        await move_to(pilot, app, at(screen, "9H"))
        offers = offered(screen)
        assert offers[0] == "play 9S 9H 9C" and offers[-1] == "pass"
        assert set(offers[1:-1]) == {"play 9S JK=9? 9H", "play JK=9? 9H 9C"}  # 9♥, a 9 and a joker
        assert "9♠9♥9♣" in screen_text(app).replace(" ", "")
        await pilot.press("enter")
        assert not screen.session.record.actions and screen.cursor == screen.hand_chips
        await pilot.press("enter")
        await settle(pilot, lambda: screen.practice_done)
        assert screen.session.record.actions == ("play 9S 9H 9C",)


async def test_ticking_a_five_offers_the_natural_pair_before_the_joker_pair_and_adds_no_joker(tmp_path: Path) -> None:
    """Aki leads with 5♠ 5♣ and a joker. Space on 5♠ ticks 5♠ and nothing else (no joker, no
    play); the offers are 5♠, 5♠ 5♣, then the plays that add a joker (5♠ JK=5? …)."""
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 5S 5C 9D KC JK"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        five, joker = at(screen, "5S"), at(screen, "JK")
        await move_to(pilot, app, five)
        await pilot.press("space")
        assert screen.ticked == {five} and screen.cursor == five and not screen.session.record.actions
        assert not screen.choices[joker].marked and screen_text(app).count("*") == 1
        offers = offered(screen)
        assert offers[:2] == ["play 5S", "play 5S 5C"]
        assert offers.index("play 5S 5C") < offers.index("play 5S JK=5?")
        assert all("JK" in offer for offer in offers[2:])
        await pilot.press("enter")  # several plays: to the offers, nothing played, nothing ticked
        assert screen.ticked == {five} and not screen.session.record.actions
        assert screen.cursor == screen.hand_chips
        await pilot.press("right", "enter")
        await pilot.pause()
        assert screen.session.record.actions[0] == "play 5S 5C"


@pytest.mark.parametrize(("hand", "first_enter"), [
    ("[6S, 9D, JK]", None),  # the one play with 6♠ adds a joker: Enter goes to it
    ("[6S, 6H, 9D]", "play 6S 6H"),  # the one play with 6♠ is natural: Enter plays it
])
async def test_enter_plays_the_one_play_of_a_card_only_when_it_adds_no_joker(
        tmp_path: Path, hand: str, first_enter: str | None) -> None:
    """Following ♠5 ♥5 under the suit-set lock ♠♥ (DF-10a), the one play with 6♠ is a ♠♥ pair."""
    app, path = practice(tmp_path, f"  hands: {{0: {hand}, 1: [7S, 3C], 2: [JS, JC], 3: [10S, 10C]}}\n"
                                   "  trick: [[2, 3S 3H], [3, 5S 5H]]\n  suit_lock: SH\n  to_act: 0\n")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_position(pilot, app, path)
        await move_to(pilot, app, at(screen, "6S"))
        if first_enter is not None:
            assert "Enterplays6♠6♥:nootherplayuses6♠." in screen_text(app).replace(" ", "")
        await pilot.press("enter")
        await pilot.pause()
        if first_enter is not None:
            assert screen.session.record.actions == (first_enter,)
            return
        assert not screen.session.record.actions and offered(screen) == ["play 6S JK=6H", "pass"]
        assert "Theoneplaywith6♠is6♠JK=6♥,whichaddsajoker" in screen_text(app).replace(" ", "")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.practice_done)
        assert screen.session.record.actions == ("play 6S JK=6H",)


# ----- nothing legal is out of reach -----

PRESETS = ("daifugo-4", "daifugo-strict-uno", "daifugo-j", "daifugo-shina-kana", "daifugo-no-overlap",
           "daifugo-single-suit-lock", "daifugo-3")


def reachable(hand, index: PlayIndex, how: str) -> set[object]:  # type: ignore[no-untyped-def]
    """Every action the offers of the hand's cards lead to, each card under the cursor or
    ticked alone, with ウノ ticked or not."""
    actions: set[object] = set()
    for uno in (False, True):
        for place in range(len(hand)):
            selection = Selection(uno=uno)
            if how == "ticked":
                selection.ticked = {place}
            else:
                selection.focus = place
            for choice in selection.offer_choices(hand, index, lambda key, **_: key, "unicode"):
                value = choice.value
                actions.update(value.plays if isinstance(value, Form) else [value])
    return actions - {"uno"}


@pytest.mark.parametrize("how", ["cursor", "ticked"])
@pytest.mark.parametrize("preset", PRESETS)
def test_every_legal_play_is_offered_for_some_card(preset: str, how: str) -> None:
    """Random playouts; at positions along them, the union over every card (under the cursor, or
    ticked alone) of the offers and Pass is exactly the legal actions of the seat to act."""
    options = find_preset("daifugo", preset).options
    rng = random.Random(preset)
    checked = 0
    for seed in range(3):
        state = GAME.new_game(options, GAME.default_seats(options), seed=seed)
        while not state.is_over and checked < 40 * (seed + 1):
            legal = state.legal_actions()
            if all(type(a) in (Play, Pass) for a in legal) and rng.random() < 0.3:
                assert reachable(state.view(state.to_act).hand, PlayIndex(legal), how) == set(legal)
                checked += 1
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked >= 40


def test_a_play_with_jokers_is_offered_for_the_joker_and_for_each_natural_card() -> None:
    """`play 5S JK=6S 7S` is among the offers of 5♠, of 7♠ and of the joker."""
    play = parse_action("play 5S JK=6S 7S")
    index = PlayIndex([play, parse_action("play 5S"), PASS])
    hand = [play.naturals[0], play.naturals[1], parse_action("play JK").jokers[0]]
    for place in range(3):
        forms = Selection(focus=place).forms(hand, index)
        assert play in [p for form in forms for p in form.plays]
