"""The rule card, the deal, who leads, turn order, the end of a game and the session
(rules digest C2, C3, C14; rulings DF-1–DF-7, DF-31, DF-32, DF-35). Each test names its ruling."""

from __future__ import annotations

from collections import Counter

import pytest
from daifugo_helpers import act, kinds, legal, options, position, stacked

from familia_tui.core.cards import JOKER, Card, parse_card
from familia_tui.core.engine import IllegalAction
from familia_tui.games.daifugo.actions import PASS
from familia_tui.games.daifugo.deck import DECK
from familia_tui.games.daifugo.families import Rulebook, families_of
from familia_tui.games.daifugo.game import GAME, default_seats, new_game

# ----- [C2] the rule card and its families -----


@pytest.mark.parametrize(("card", "families"), [
    ("4S", ("shina", "kana")), ("5H", ("shina",)), ("7D", ("shina", "kana")), ("3C", ("kana",)),
    ("KS", ("kana",)), ("AH", ("kana",)), ("JD", ("jfugo",)),
    ("2S", ()), ("6H", ()), ("8D", ()), ("9C", ()), ("QS", ()), ("10H", ()),
])
def test_c2_rule_card_table_and_df2_plain_ranks(card: str, families: tuple[str, ...]) -> None:
    """DF-2: 2, 6, 8, 9, 10, Q activate no family; the others as the table of C2."""
    assert families_of(parse_card(card), shishi=False) == families


def test_df4_joker_rule_card_is_j_fugo() -> None:
    assert families_of(JOKER, shishi=False) == ("jfugo",)


def test_df3_df35_shishi_only_when_enabled() -> None:
    """DF-3: ししふごう is not accepted by default; DF-35: when on, 4 and 10 activate it."""
    assert families_of(parse_card("10S"), shishi=True) == ("shishi",)
    assert families_of(parse_card("4S"), shishi=True) == ("shina", "kana", "shishi")
    assert Rulebook.of(("shishi",)).ability_ranks == (4, 10)
    assert options().shishi is False and options().diamond_revolution is False


def test_df3_diamond_rule_card_starts_in_revolution_only_with_the_option() -> None:
    plain = stacked(options(rule_card="draw"), rule_card="9D")
    assert plain.revolution is False and plain.families == ()
    diamond = stacked(options(rule_card="draw", diamond_revolution=True), rule_card="9D")
    assert diamond.revolution is True
    assert diamond.events[0].kind == "rule_card" and diamond.events[0].get("revolution") is True
    assert stacked(options(diamond_revolution=True), rule_card="9S").revolution is False


def test_c2_several_families_all_apply() -> None:
    """被っている数字: a 7 activates しな and かな; every rank of both is an ability card."""
    state = stacked(options(), rule_card="7C")
    assert state.families == ("shina", "kana")
    assert state.rulebook.ability_ranks == (3, 4, 5, 7, 13, 14)


def test_df1_a_rule_card_is_drawn_every_game_and_returned() -> None:
    """DF-1: each game of the session turns up a card of all 56 and deals all 56 afterwards."""
    opts = options(rule_card="draw", games=6)
    state = new_game(opts, default_seats(opts), seed=11)
    drawn = [state.rule_card]
    while not state.is_over:
        before = len(state.session.games)
        state.apply(state.legal_actions()[0])
        if len(state.session.games) != before and not state.is_over:
            drawn.append(state.rule_card)
            assert sum(state.counts) + sum(map(len, state.kept)) == len(DECK)
    assert len(drawn) == 6 and len(set(drawn)) > 1
    assert sum(1 for g in state.session.games) == 6


def test_df1_rule_card_event_comes_first() -> None:
    state = stacked(options(rule_card="draw"), rule_card="5S")
    assert state.events[0].kind == "rule_card" and state.events[0].cards == (parse_card("5S"),)
    assert state.events[0].get("families") == ("shina",)


def test_rule_card_off_is_a_plain_game() -> None:
    opts = options(rule_card="off")
    state = new_game(opts, default_seats(opts), seed=1)
    assert state.rule_card is None and state.families == () and state.events[0].cards == ()


# ----- [C3] dealing and the first lead -----


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_df5_even_deal_sizes_differ_by_at_most_one(players: int) -> None:
    opts = options(players=players)
    for seed in range(5):
        state = new_game(opts, default_seats(opts), seed=seed)
        counts = [state.counts[s] + len(state.kept[s]) for s in range(players)]
        assert sum(counts) == 56 and max(counts) - min(counts) <= 1


def test_df5_even_deal_starts_from_a_random_player() -> None:
    """The odd cards go to different seats for different seeds (one card at a time from a random
    player)."""
    opts = options(players=3)
    big = {tuple(c == 19 for c in new_game(opts, default_seats(opts), seed=s).counts)
           for s in range(12)}
    assert len(big) == 3


@pytest.mark.parametrize("players", [3, 4, 8])
def test_df5_rough_split_within_three_cards_of_even(players: int) -> None:
    opts = options(players=players, deal="rough")
    sizes = set()
    for seed in range(30):
        state = new_game(opts, default_seats(opts), seed=seed)
        counts = [state.counts[s] + len(state.kept[s]) for s in range(players)]
        assert sum(counts) == 56 and min(counts) >= 1
        sizes.update(counts)
    assert max(sizes) - min(sizes) > 1  # not an even deal
    assert max(sizes) - min(sizes) <= 12  # each cut within ±3 of the even split


def test_df7_heart_three_holder_leads_and_need_not_play_it() -> None:
    state = stacked(options(), hands={2: "3H 4S 4D 9C"})
    assert state.to_act == 2 and state.phase == "lead"
    assert {"play 4S", "play 4S 4D", "play 9C"} <= legal(state)
    act(state, "play 9C")
    assert state.top_seat == 2


def test_df6_turns_go_clockwise() -> None:
    state = stacked(options(), hands={3: "3H 4S"})
    act(state, "play 4S")
    assert state.to_act == 0
    act(state, "pass")
    assert state.to_act == 1


def test_df32_the_leader_cannot_pass() -> None:
    state = stacked(options(), hands={0: "3H 4S"})
    assert "pass" not in legal(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(PASS)
    assert "DF-32" in error.value.explanation.rulings  # type: ignore[union-attr]


# ----- [C4] passing and the end of a trick -----


def test_c4_trick_ends_when_all_others_pass_and_last_player_leads() -> None:
    state = position(options(), hands={0: "5S 9S", 1: "6S 7D", 2: "8H 9D", 3: "10C JC"},
                     to_act=0)
    act(state, "play 5S", "play 6S", "pass", "pass")
    assert state.phase == "follow" and state.to_act == 0
    act(state, "pass")
    assert state.phase == "lead" and state.to_act == 1 and state.top is None
    assert state.events[-1].kind == "trick_won" and state.events[-1].get("why") == "passes"


def test_df27_strategic_passing_any_number_of_times() -> None:
    """A player who passed may play later in the trick; passing with playable cards is fine."""
    state = position(options(), hands={0: "4S 9S", 1: "KS AD", 2: "6H 6D", 3: "10C JC"}, to_act=0)
    act(state, "play 4S", "pass", "play 6H", "pass")
    assert state.to_act == 0
    act(state, "pass", "play KS")  # seat 1 passed before, plays now
    assert state.top_seat == 1


def test_c4_after_the_last_player_goes_out_the_next_holder_leads() -> None:
    state = position(options(), hands={0: "5S", 1: "6S 7D", 2: "8H 9D", 3: "10C JC"}, to_act=0)
    act(state, "play 5S")
    assert state.places == [0]
    act(state, "pass", "pass", "pass")
    assert state.phase == "lead" and state.to_act == 1


# ----- [C14] the end of a game, [DF-31] the session -----


def test_c14_the_last_player_holding_cards_is_biri() -> None:
    state = position(options(players=3), hands={0: "5S", 1: "6S 7D", 2: "8H 9D"}, to_act=0)
    act(state, "play 5S", "play 6S", "pass")  # seat 0 is out: one pass ends the trick
    assert state.phase == "lead" and state.to_act == 1
    act(state, "play 7D")
    assert state.is_over
    record = state.session.games[-1]
    assert record.places == (0, 1) and record.biri == 2 and record.reason == "last"


def test_c14_unranked_players_by_fewest_cards_then_turn_order() -> None:
    """A penalty ends the game with several hands still held: shown by fewest cards."""
    state = position(options(), hands={0: "2S", 1: "6S 7D 8C", 2: "8H", 3: "10C JC"}, to_act=0)
    assert state.is_over  # seat 0 leads a lone 2: チョンボ
    record = state.session.games[-1]
    assert record.biri == 0 and record.reason == "stuck" and record.middle == (2, 3, 1)


def test_df31_session_counts_biri_and_totals_are_minus_biri() -> None:
    opts = options(rule_card="draw", games=4)
    state = new_game(opts, default_seats(opts), seed=3)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    result = state.result()
    assert result.deals_played == 4 and len(result.games) == 4
    counts = Counter(g.biri for g in result.games)
    assert result.totals == {f"P{s + 1}": -counts[s] for s in range(4)}
    ranking = result.standings()
    assert [s.biri for s in ranking] == sorted(s.biri for s in ranking)
    assert kinds(state.events)[-1] == "game_over"


def test_df31_ties_broken_by_more_first_places() -> None:
    from familia_tui.games.daifugo.results import GameRecord, SessionResult

    games = [GameRecord(1, None, (), (2, 0), (), 1, "last"), GameRecord(2, None, (), (2, 1), (), 0, "last"),
             GameRecord(3, None, (), (0, 2), (), 1, "last")]
    names = ("A", "B", "C")
    ranking = SessionResult(names, 3, games).standings()
    assert [(s.unit, s.rank, s.biri, s.firsts) for s in ranking] == [
        ("C", 1, 0, 2), ("A", 2, 1, 1), ("B", 3, 2, 0)]


def test_new_game_rejects_duplicate_names_and_wrong_seat_count() -> None:
    opts = options()
    seats = default_seats(opts)
    with pytest.raises(ValueError):
        new_game(opts, seats[:3], seed=1)
    with pytest.raises(ValueError):
        new_game(opts, [seats[0]] * 4, seed=1)


def test_same_seed_same_game() -> None:
    opts = options(rule_card="draw")
    first, second = (new_game(opts, default_seats(opts), seed=9) for _ in range(2))
    while not first.is_over:
        action = first.legal_actions()[len(first.legal_actions()) // 2]
        first.apply(action)
        second.apply(action)
        assert first.hand(first.n - 1) == second.hand(second.n - 1)
    assert first.session.games == second.session.games


def test_gamespec_names_and_default_seats() -> None:
    assert GAME.names["ja"] == "大富豪（統合ルール）"
    assert [s.name for s in GAME.default_seats(options(players=5))] == ["P1", "P2", "P3", "P4", "P5"]
    assert all(s.team is None and s.fields == () for s in GAME.default_seats(options()))


def test_card_type_is_the_core_card() -> None:
    assert isinstance(stacked(options()).hand(0)[0], Card)


def test_clone_is_independent_and_plays_on_the_same() -> None:
    opts = options(rule_card="draw", uno="strict", games=2)
    state = new_game(opts, default_seats(opts), seed=4)
    for _ in range(15):
        state.apply(state.legal_actions()[-1])
    twin = state.clone()
    before = (state.hand(state.to_act), list(state.counts), list(state.trick), state.rng.getstate())
    while not twin.is_over:  # the clone plays on, dealing a second game with its own random state
        twin.apply(twin.legal_actions()[0])
    assert (state.hand(state.to_act), list(state.counts), list(state.trick),
            state.rng.getstate()) == before
    assert not state.is_over and len(twin.session.games) == 2
