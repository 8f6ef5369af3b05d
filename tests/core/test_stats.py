"""Statistics of the kept records (core/stats.py), checked against counts made by hand from the
records: each test replays the records itself and counts from their final states (results,
score sheets, deal records, the engines' own counters), not through the statistics' code."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from stats_records import finished, write

from familia_tui.core.engine import Seat
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, load_record
from familia_tui.core.registry import UnknownGame
from familia_tui.core.stats import BOT, PERSON, Statistics, Table, collect, who
from familia_tui.games.tarot.scoring import ContractResult


def table(stats: Statistics, game: str, preset: str) -> Table:
    return next(t for t in stats.tables if (t.game, t.preset) == (game, preset))


def who_of(seat: Seat) -> tuple[str, str]:
    """Written out again here: a person by name, a bot by its kind."""
    return (PERSON, seat.person) if seat.controller == "human" else (BOT, seat.controller[4:])


# ----- Tarot: two presets, people and bots -----

TAROT = [("tarot-4", seed) for seed in range(3)] + [("tarot-3", seed) for seed in range(10, 12)]


@pytest.fixture(scope="module")
def tarot_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Record]]:
    records = [finished("tarot", preset, seed) for preset, seed in TAROT]
    folder = tmp_path_factory.mktemp("tarot") / "games"
    write(folder, records)
    return folder, records


def test_tarot_games_wins_places_and_mean_scores_match_a_hand_count(tarot_folder) -> None:
    folder, records = tarot_folder
    stats = collect(folder)
    assert [(t.game, t.preset, t.games) for t in stats.tables] == [("tarot", "tarot-3", 2), ("tarot", "tarot-4", 3)]
    for preset in ("tarot-3", "tarot-4"):
        games: Counter[tuple[str, str]] = Counter()
        wins: Counter[tuple[str, str]] = Counter()
        scores: dict[tuple[str, str], list[float]] = {}
        for record in (r for r in records if r.preset == preset):
            state = record.replay()
            totals = state.totals_half
            for index, seat in enumerate(record.seats):
                games[who_of(seat)] += 1
                wins[who_of(seat)] += totals[index] == max(totals)
                scores.setdefault(who_of(seat), []).append(totals[index] / 2)
        lines = table(stats, "tarot", preset).lines
        assert {w: line.games for w, line in lines.items()} == dict(games)
        assert {w: line.wins for w, line in lines.items()} == dict(wins)
        assert {w: line.mean_score for w, line in lines.items()} == {
            w: round(sum(s) / len(s), 2) for w, s in scores.items()}
        assert {w: sorted(line.scores) for w, line in lines.items()} == {w: sorted(s) for w, s in scores.items()}


def test_tarot_contracts_taken_and_made_by_bid_and_petit_au_bout_match_a_hand_count(tarot_folder) -> None:
    folder, records = tarot_folder
    stats = collect(folder, "tarot")
    for preset in ("tarot-3", "tarot-4"):
        counted: Counter[tuple[tuple[str, str], str]] = Counter()
        for record in (r for r in records if r.preset == preset):
            for hand in record.replay().results:
                if hand.kind != "contract":
                    continue
                assert isinstance(hand, ContractResult)
                taker = who_of(record.seats[hand.taker])
                counted[taker, f"taken.{hand.contract}"] += 1
                counted[taker, f"made.{hand.contract}"] += hand.score.made
                if hand.petit_au_bout is not None:
                    counted[who_of(record.seats[hand.petit_au_bout]), "petit_au_bout"] += 1
        lines = table(stats, "tarot", preset).lines
        got = Counter({(w, name): count for w, line in lines.items() for name, count in line.figures.items()
                       if name.startswith(("taken.", "made.", "petit"))})
        assert +got == +counted
    assert sum(table(stats, "tarot", "tarot-4").totals()[f"made.{c}"]
               for c in ("prise", "garde", "garde-sans", "garde-contre")) > 0  # a contract made counted


# ----- Familia: melds, batting, misère; a person running two hands counts once -----

def test_familia_melds_batting_and_misere_match_a_hand_count(tmp_path: Path) -> None:
    records = [finished("familia", "familia-4-batting", seed) for seed in range(3)]
    write(tmp_path, records)
    lines = table(collect(tmp_path), "familia", "familia-4-batting").lines
    melds: Counter[tuple[tuple[str, str], str]] = Counter()
    batted: Counter[tuple[str, str]] = Counter()
    for record in records:
        state = record.replay()
        for game in state.match.games:
            for index, player in enumerate(game.players):
                for entry in player.entries:
                    if entry.kind not in ("single", "joker"):
                        melds[who_of(record.seats[index]), entry.kind] += 1
                melds[who_of(record.seats[index]), "misere"] += player.misere_bonus > 0
        for trick in state.history:  # the one game's tricks (familia-4-batting is a single game)
            for stage in (trick.stage1, trick.stage2):
                for play in stage:
                    batted[who_of(record.seats[trick.plays[play][0]])] += 1
    assert sum(batted.values()) > 0
    assert {w: line.figures["batted"] for w, line in lines.items()} == {w: batted[w] for w in lines}
    for (player, kind), count in melds.items():
        assert lines[player].figures[kind] == count, (player, kind)


def test_a_person_running_two_hands_counts_once(tmp_path: Path) -> None:
    from familia_tui.core.registry import get_game

    seats = get_game("familia").default_seats(find_preset("familia", "familia-2").options)
    people = sorted({seat.person for seat in seats})
    assert len(people) == 2 < len(seats)
    records = [finished("familia", "familia-2", seed, tuple(seats)) for seed in range(2)]
    write(tmp_path, records)
    lines = table(collect(tmp_path), "familia", "familia-2").lines
    assert sorted(lines) == [(PERSON, person) for person in people]
    assert all(line.games == 2 for line in lines.values())


# ----- Daifugō: revolutions, ビリ, first places -----

def test_daifugo_revolutions_biri_and_firsts_match_a_hand_count(tmp_path: Path) -> None:
    records = [finished("daifugo", "daifugo-session-5", seed) for seed in range(2)]
    write(tmp_path, records)
    stats = collect(tmp_path)
    revolutions = 0
    biri: Counter[tuple[str, str]] = Counter()
    firsts: Counter[tuple[str, str]] = Counter()
    for record in records:
        session = record.replay().result()
        revolutions += sum(game.revolutions for game in session.games)  # the engine's own counter
        for seat, count in enumerate(session.biri_counts):
            biri[who_of(record.seats[seat])] += count
        for seat, count in enumerate(session.first_places):
            firsts[who_of(record.seats[seat])] += count
    found = table(stats, "daifugo", "daifugo-session-5")
    assert revolutions > 0
    assert found.totals()["revolutions"] == revolutions
    assert {w: line.figures["biri"] for w, line in found.lines.items()} == {w: biri[w] for w in found.lines}
    assert {w: line.figures["place.1"] for w, line in found.lines.items()} == {w: firsts[w] for w in found.lines}
    assert found.figures == ("games", "place.1", "place.2", "place.3", "biri", "revolutions", "chombo", "dobon")
    totals = found.totals()  # every seat of every game: a place, ビリ, or left holding cards by a penalty
    assert sum(totals[f"place.{place}"] for place in (1, 2, 3)) + totals["biri"] <= totals["games"]
    assert {w: line.mean_score for w, line in found.lines.items() if w[0] == PERSON} == {
        w: -biri[w] / 2 for w in found.lines if w[0] == PERSON}


# ----- the six-suit game and Chinkway -----

def test_sixsuit_face_cards_won_match_the_captures(tmp_path: Path) -> None:
    records = [finished("sixsuit", "sixsuit-6", seed) for seed in range(2)]
    write(tmp_path, records)
    lines = table(collect(tmp_path), "sixsuit", "sixsuit-6").lines
    won: Counter[tuple[str, str]] = Counter()
    for record in records:
        for seat, captured in enumerate(record.replay().captured):
            won[who_of(record.seats[seat])] += len(captured)
    assert {w: line.figures["tricks"] for w, line in lines.items()} == {w: won[w] for w in lines}


def test_chinkway_quest_cards_and_dealer_points_match_the_score_sheet(tmp_path: Path) -> None:
    records = [finished("chinkway", "chinkway-10", seed) for seed in range(2)]
    write(tmp_path, records)
    found = table(collect(tmp_path), "chinkway", "chinkway-10")
    cards = dealer_points = 0
    for record in records:
        for deal in record.replay().history:
            cards += sum(len(side) for side in deal.collected)
            dealer_points += deal.scores[deal.dealer]
    assert found.totals()["quest_cards"] == cards > 0
    assert found.totals()["dealer_points"] == dealer_points
    assert found.totals()["dealt"] == 2 * 10


# ----- the folder: damaged and unfinished files, one game, no game -----

def test_a_damaged_file_is_skipped_with_a_note_and_left_untouched(tmp_path: Path) -> None:
    write(tmp_path, [finished("daifugo", "daifugo-4", 1)])
    damaged = tmp_path / "20260101-000000-abcdef.json"
    damaged.write_bytes(b'{"format": "familia-tui/record", "version": 1, "game": ')
    before = sorted(p.name for p in tmp_path.iterdir())
    stats = collect(tmp_path)
    assert [s.path for s in stats.skipped] == [damaged]
    assert "JSON" in stats.skipped[0].reason
    assert damaged.read_bytes() == b'{"format": "familia-tui/record", "version": 1, "game": '
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert stats.games == 1


def test_unfinished_games_are_not_counted(tmp_path: Path) -> None:
    done = finished("daifugo", "daifugo-4", 2)
    start = Record("daifugo", done.options, done.seats, 2, done.actions[:3], preset="daifugo-4")
    write(tmp_path, [done, start])
    stats = collect(tmp_path)
    assert (stats.games, stats.unfinished) == (1, 1)
    assert load_record(tmp_path / "daifugo-daifugo-4-1.json").actions == done.actions[:3]


def test_one_game_only_and_an_unknown_game(tarot_folder, tmp_path: Path) -> None:
    folder, _ = tarot_folder
    assert collect(folder, "daifugo").tables == []
    assert collect(tmp_path / "none").tables == []
    with pytest.raises(UnknownGame):
        collect(folder, "poker")


def test_who_is_a_person_by_name_or_a_bot_by_kind() -> None:
    assert who(Seat(name="P1-M", player="Aki")) == (PERSON, "Aki")
    assert who(Seat(name="B3", controller="bot:random")) == (BOT, "random")
