"""What each seat may know (`TarotView`): own hand, public bids, chien and declarations, the
écart to the taker only, the trick, and which card-point tallies are public (rules digest A5,
A6, A8; rulings TA-2, TA-12)."""

from __future__ import annotations

import dataclasses

from tarot_helpers import card, cards, options, play, play_out, position, stacked

from familia_tui.games.tarot.cards import half_to_points


def test_a_view_shows_its_own_hand_and_only_counts_of_the_others() -> None:
    state = stacked(options())
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == tuple(state.hand(seat)) and view.hand_counts == (18, 18, 18, 18)
    assert "legal" not in {f.name for f in dataclasses.fields(state.view(0))}


def test_bids_taker_and_contract_are_public() -> None:
    state = play(stacked(options()), "pass", "bid garde", "pass")
    view = state.view(0)
    assert view.bids == ((1, None), (2, "garde"), (3, None)) and view.phase == "bid"
    play(state, "pass")
    assert state.view(3).taker == 2 and state.view(3).contract == "garde"


def test_A6_TA_2_the_chien_is_public_the_ecart_is_the_takers_alone() -> None:
    state = play(stacked(options(), chien="2S 3S 4S 5S 6S 7S"), "bid prise", "pass", "pass", "pass")
    assert all(state.view(s).chien == tuple(cards("2S 3S 4S 5S 6S 7S")) for s in range(4))
    play(state, "discard 2S")
    assert state.view(1).ecart == (card("2S"),)
    assert all(state.view(s).ecart is None for s in (0, 2, 3))


def test_the_trick_in_play_order_and_the_last_trick() -> None:
    state = position(options(), taker=1, contract="garde", tricks=[["2H", "3H", "RH", "4H"]],
                     trick_cards=["5S"])
    view = state.view(0)
    assert view.leader == 3 and view.trick == ((3, card("5S")),) and view.led == "S"
    assert view.last_trick.winner == 3 and view.last_trick.cards == tuple(cards("2H 3H RH 4H"))  # type: ignore[union-attr]
    assert view.trick_number == 2 and view.tricks_won == (0, 0, 0, 1)
    assert view.trick_points == (0, 0, 0, 6)


def test_public_side_tallies_count_tricks_only_never_the_ecart() -> None:
    state = position(options(), taker=1, contract="garde", tricks=[["RH", "2H", "3H", "4H"]],
                     ecart="DS 2S 3S 4S 5S 6S")
    view = state.view(2)
    assert view.side_trick_points == (6, 0) and view.side_trick_bouts == (0, 0)
    taker_half, _, _, _ = state.side_points()
    assert half_to_points(taker_half) == 6 + 3.5 + 2.5  # the engine counts the écart: 12


def test_A5_five_players_the_defenders_cannot_tally_sides_before_the_partner_is_known() -> None:
    state = position(options(5), taker=1, contract="garde", called="RC", hands={3: "RC"})
    assert state.view(0).side_trick_points is None and state.view(0).partner is None
    assert state.view(3).side_trick_points == (0, 0) and state.view(3).partner == 3


def test_A8_TA_12_declarations_are_public_a_poignee_with_its_cards_a_misere_without() -> None:
    trumps = " ".join(f"T{i}" for i in range(2, 12))
    state = position(options(declarations="poignees-miseres"), taker=1, contract="garde",
                     hands={1: trumps, 2: "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H 6H 7H 8H 9H 10H"},
                     voids={1: "TX"})
    play(state, f"declare poignee-simple {trumps}", "play T2", "declare misere-trumps")
    declarations = state.view(0).declarations
    assert [(d.seat, str(d.kind), len(d.cards)) for d in declarations] == [
        (1, "poignee-simple", 10), (2, "misere-trumps", 0)]


def test_scores_and_every_scored_hand_are_public() -> None:
    state = play(stacked(options()), "bid garde", "pass", "pass", "pass")
    play_out(state)
    view = state.view(0)
    assert view.results == tuple(state.results) and view.totals == state.totals()
    assert view.hand_number == 2 and view.hands_total == 8


def test_A5_the_public_view_keeps_the_partner_secret_until_every_seat_knows_him() -> None:
    """The hot-seat curtain and a watcher see what every seat knows: no hand, no écart, and the
    partner and the sides' tallies only once the called card is played."""
    state = position(options(5), taker=1, contract="garde", called="RC", hands={3: "RC"})
    public = state.public_view()
    assert public.seat == -1 and public.hand == () and public.ecart is None
    assert public.partner is None and public.taker_alone is None and public.side_trick_points is None
    assert state.view(3).partner == 3  # the partner himself knows


def test_the_public_view_is_what_every_seat_view_shares() -> None:
    """`public_view()` keeps exactly the partner knowledge and tallies that every seat's view
    shares (what the screen used to work out from all the seats' views)."""
    import random

    from familia_tui.games.tarot.game import default_seats, new_game

    for players in (3, 4, 5):
        opts = options(players)
        state = new_game(opts, default_seats(opts), seed=players)
        rng = random.Random(players)
        while not state.is_over:
            views = [state.view(seat) for seat in range(players)]
            shared = {name: {getattr(v, name) for v in views}
                      for name in ("partner", "taker_alone", "side_trick_points", "side_trick_bouts")}
            expected = dataclasses.replace(
                views[0], seat=-1, hand=(), ecart=None,
                **{name: values.pop() if len(values) == 1 else None for name, values in shared.items()})
            assert state.public_view() == expected
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
