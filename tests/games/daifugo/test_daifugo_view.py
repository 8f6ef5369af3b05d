"""What a seat sees (DaifugoView), the scenario queries, and the log lines of every event."""

from __future__ import annotations

import random

from daifugo_helpers import act, options, position, stacked

from familia_tui.games.daifugo.game import GAME, default_seats, new_game
from familia_tui.games.daifugo.log import event_text
from familia_tui.games.daifugo.queries import QUERIES


def test_view_shows_own_hand_and_only_counts_of_others() -> None:
    state = stacked(options(rule_card="draw"), rule_card="7S", hands={0: "3H 4S 4D"})
    view = state.view(1)
    assert view.hand == tuple(state.hand(1)) and view.counts == tuple(state.counts)
    assert view.families == ("shina", "kana") and view.ability_ranks == (3, 4, 5, 7, 13, 14)
    assert not hasattr(view, "hands") and view.legal == ()
    assert state.view(0).legal == tuple(state.legal_actions())
    assert view.phase == "lead" and view.to_act == 0 and view.top is None


def test_view_of_the_table_locks_and_order() -> None:
    state = position(options(dobon="off"), hands={0: "7S 9S", 1: "KC", 2: "QC", 3: "JC"},
                     trick=[[2, "5S"], [3, "6S"]], suit_lock="S", number_lock=True,
                     revolution=True, to_act=0)
    view = state.view(0)
    assert view.top is not None and view.top.seat == 3 and view.top.rank == 6
    assert [p.seat for p in view.trick] == [2, 3] and view.top.cards[0].rank == 6
    assert view.suit_lock == "S" and view.number_lock and view.next_rank == 5
    assert view.revolution and view.reversed and view.order[0] == 2 and view.order[-1] == 3
    assert view.last_value == 6 and view.hand_value == 16


def test_view_of_a_decision_and_of_the_session() -> None:
    state = position(options(dobon="ask"), hands={0: "9C 3D 4D", 1: "10C JC", 2: "5H 4H", 3: "9H"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    assert state.view(2).decision == "dobon" and state.view(2).call_target == 0
    assert state.view(1).decision is None and state.view(1).legal == ()
    act(state, "call dobon")
    view = state.view(0)
    assert view.phase == "over" and view.last_game is not None
    assert view.last_game.biri == 0 and view.last_game.reason == "dobon"
    assert view.biri_counts == (1, 0, 0, 0)


def test_queries_read_plain_data() -> None:
    state = position(options(rule_card="5S", dobon="off"), hands={0: "7S 9S", 1: "KC", 2: "QC", 3: "JC"},
                     trick=[[2, "5S"], [3, "6S"]], suit_lock="S", number_lock=True, to_act=0)
    read = {name: query(state) for name, query in QUERIES.items()}
    assert read["phase"] == "follow" and read["to_act"] == 0
    assert read["top"] == {"seat": 3, "play": "6S", "kind": "group", "size": 1, "rank": "6"}
    assert read["trick_plays"] == [[2, "5S"], [3, "6S"]]
    assert read["suit_lock"] == ["S"] and read["next_rank"] == "7"
    assert read["hands"][0] == ["7S", "9S"] and read["counts"] == {0: 2, 1: 1, 2: 1, 3: 1}
    assert read["families"] == ["shina"] and read["ability_ranks"] == ["4", "5", "7"]
    assert read["biri"] is None and read["over"] is False and read["session"] == {0: 0, 1: 0, 2: 0, 3: 0}
    assert set(QUERIES) >= {"phase", "to_act", "hands", "rule_card", "families", "top", "trick_plays",
                            "suit_lock", "number_lock", "revolution", "trick_reverse", "places",
                            "biri", "reason", "counts", "session", "over"}


def test_every_event_has_a_log_line_in_both_languages() -> None:
    """Seeded playouts of several rule sets: no event kind lacks its message."""
    kinds = set()
    for fields in ({"rule_card": "draw", "games": 3}, {"rule_card": "7D", "uno": "strict"},
                   {"rule_card": "JK", "dobon": "ask", "stuck_leader": "pass_on"},
                   {"rule_card": "10D", "shishi": True, "diamond_revolution": True}):
        opts = options(**fields)
        seats = default_seats(opts)
        names = [s.name for s in seats]
        for seed in range(12):
            state = new_game(opts, seats, seed=seed)
            events = list(state.events)
            rng = random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                events += state.apply(legal[int(rng.random() * len(legal))])
            for event in events:
                kinds.add(event.kind)
                for lang in ("en", "ja"):
                    text = event_text(event, names, lang)
                    assert "dfg." not in text and "{" not in text, (event, text)
    assert kinds >= {"rule_card", "dealt", "played", "passed", "trick_won", "went_out",
                     "game_scored", "game_over", "revolution", "trick_reverse", "uno",
                     "number_lock", "suit_lock", "dobon"}


def test_spec_queries_are_the_games() -> None:
    assert GAME.queries is QUERIES


def test_the_game_record_keeps_a_dobon_and_its_return() -> None:
    """DF-28, DF-29: the finished game keeps the ドボン (caller, target, value, the caller's hand and
    the play worth it) and the target's own hand of the ドボン返し, for the results screen."""
    state = position(options(), hands={0: "9C 5D 4D", 1: "10C JC", 2: "5H 4H", 3: "KC KD"},
                     trick=[[1, "6S"]], to_act=0)
    act(state, "play 9C")
    record = state.view(1).last_game
    assert record is not None and record.reason == "dobon_gaeshi"
    call = record.dobon
    assert call is not None and (call.caller, call.target, call.value) == (2, 0, 9)
    assert call.play is not None and str(call.play) == "play 9C"
    assert sorted(map(str, call.hand)) == ["4H", "5H"] and call.returned is not None
    assert sorted(map(str, call.returned)) == ["4D", "5D"]
    assert record.outs == () and record.left == (2, 2, 2, 2)


def test_the_view_keeps_the_trick_that_ended_and_how_seats_went_out() -> None:
    state = position(options(dobon="off"), hands={0: "7S 9S", 1: "KC", 2: "QC", 3: "JC 3C"},
                     to_act=0)
    act(state, "play 9S")
    for _ in range(3):
        act(state, "pass")
    public = state.public_view()
    assert public.last_trick is not None and public.last_trick.why == "passes"
    assert [(seat, str(play)) for seat, play in public.last_trick.plays] == [(0, "play 9S")]
    assert public.hand == () and public.decision is None and public.legal == ()
