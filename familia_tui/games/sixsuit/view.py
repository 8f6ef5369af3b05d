"""What a seat may know in the six-suit game [R-S25], [R-S25a], [R-S16a].

Everyone sees: each seat's suit and colour, the Spade player, the play order, the face card at
stake and how many remain, hand sizes (0–3), whether each deck and each discard pile is empty,
the rebuild markers, the counts of captured face cards (never the cards, not even one's own
[R-S25]), battalions, the trick's face-up cards (a face-down card as a card back, but to its own
player), and the Jokers and white cards played face up, with their colour [R-S16a].

A seat also sees its own hand, the exact sizes of its own deck and discard pile, the specials it
received and, in the team game, its team's split [R-S26]; in the secret-team game it knows its
own team's colour, never its partner. Nobody sees the split of the other team.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from familia_tui.core.cards import Card
from familia_tui.core.engine import Seat
from familia_tui.games.sixsuit.options import SixSuitOptions

if TYPE_CHECKING:
    from familia_tui.games.sixsuit.rules import SixSuitState

class TrickPlay(NamedTuple):
    """One play of a trick as a seat sees it."""

    seat: int
    card: Card | None
    """None: a pass, or a face-down card the viewer may not see (`passed` tells which)."""
    face_up: bool
    passed: bool = False
    """The seat had no hand card and passed [R-S13]."""


@dataclass(frozen=True)
class SixSuitView:
    """One seat's view (`seat` None: the public view, what a watcher or a curtain may show)."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("hand", "deck_size", "discard_size", "my_specials", "team_split",
                                          "team_specials", "my_team")
    SHOWN: ClassVar[tuple[str, ...]] = ("last_trick",)
    """The last trick's face-up cards were shown to everyone; a rebuild may take one back to hand."""

    seat: int | None
    seats: tuple[Seat, ...]
    options: SixSuitOptions
    """The rules in play (public: the search's sampler rebuilds the game from them)."""
    variant: str
    phase: str
    to_act: int | None
    deciders: tuple[int, ...]
    suits: tuple[str, ...]
    """Each seat's suit."""
    colours: tuple[str, ...]
    """Each seat's suit colour."""
    teams: tuple[str | None, ...]
    """Each seat's team (`black`/`red`) in the team game; in the secret-team game a seat's pair
    once it has shown its Joker or white face up [R-S16a]; None where it is secret."""
    spade: int
    """The Spade player (or the seat in the Spade role [R-S21])."""
    order: tuple[int, ...]
    """Every seat in play order from the Spade player."""
    face: Card | None
    """The face card at stake."""
    faces_left: int
    """Face cards still in the face pile (not counting the one at stake)."""
    hand_sizes: tuple[int, ...]
    deck_empty: tuple[bool, ...]
    discard_empty: tuple[bool, ...]
    rebuilt: tuple[bool, ...]
    fresh_rebuilds: tuple[bool, ...]
    """Per seat, it rebuilt in the cleanup after the last trick (so that trick's card went back
    into its new deck; declarations are announced)."""
    round_declared: bool
    """A rebuild was declared in this cleanup's declaration round so far (then another round is
    asked [R-S4]); declarations are announced, so everyone knows it."""
    captured_counts: tuple[int, ...]
    battalions: tuple[int, ...]
    """Battalions formed, per team (team game)."""
    battalion_size: int | None
    """Equal face-up numbers of one team that make a battalion (3; 2 with the 4-player option);
    None: no battalion in these rules [R-S6]."""
    trick: tuple[TrickPlay, ...]
    leader: int
    last_trick: tuple[TrickPlay, ...]
    last_winner: int | None
    last_judgement: str | None
    last_face: Card | None
    """The face card the last trick took (None: no winner, or no trick yet); it was at stake, in sight."""
    shown_specials: tuple[tuple[Card, ...], ...]
    """Per seat, the Jokers and white cards it played face up [R-S16a]."""
    hand: tuple[Card, ...]
    deck_size: int | None
    discard_size: int | None
    my_specials: tuple[Card, ...]
    """The Jokers and white cards this seat received at the start."""
    team_split: tuple[tuple[int, tuple[Card, ...]], ...]
    """The team game: (member, specials) for the seat's own team [R-S26]."""
    team_specials: tuple[Card, ...]
    """While its team splits: the cards to split."""
    my_team: str | None
    """The seat's own team (the secret-team game: known from its own Joker or white)."""
    scores: tuple[tuple[int, ...], ...] | None
    """When the game is over: each seat's points per scoring item (scoring.ITEMS)."""


def make_view(state: SixSuitState, seat: int | None) -> SixSuitView:
    """`seat`'s view of the state (None: the public view)."""
    team_game = state.team_game
    private = _private(state, seat) if seat is not None else _NOTHING
    return SixSuitView(
        seat=seat, seats=state.seats, options=state.options, variant=state.options.variant, phase=state.phase,
        to_act=state.to_act, deciders=state.deciders, suits=state.suits, colours=state.colours,
        teams=_known_teams(state),
        spade=state.spade, order=state.order, face=state.face, faces_left=len(state.face_pile),
        hand_sizes=tuple(len(h) for h in state.hands), deck_empty=tuple(not d for d in state.decks),
        discard_empty=tuple(not d for d in state.discards), rebuilt=tuple(state.rebuilt),
        fresh_rebuilds=tuple(after == state.tricks for after in state.rebuilt_after),
        round_declared=state.phase == "rebuild" and state.decl_any,
        captured_counts=tuple(len(c) for c in state.captured), battalions=tuple(state.battalions) if team_game else (),
        battalion_size=state.battalion_size,
        trick=state.trick_view(seat, state.trick), leader=state.leader,
        last_trick=state.trick_view(seat, state.last_trick), last_winner=state.last_winner,
        last_judgement=state.last_judgement, last_face=state.last_face,
        shown_specials=tuple(tuple(s) for s in state.shown),
        scores=state.items() if state.phase == "over" else None, **private,
    )


def _known_teams(state: SixSuitState) -> tuple[str | None, ...]:
    """What every seat knows of the teams: all of them in the team game; in the secret-team game
    the pair of each seat that played its Joker or white face up, which shows it [R-S16a]."""
    names = state.unit_names()
    if state.team_game:
        return tuple(names[t] for t in state.team_of)
    if state.options.variant == "secret_team":
        return tuple(names[t] if shown else None for t, shown in zip(state.team_of, state.shown, strict=True))
    return (None,) * state.n


_NOTHING: dict[str, Any] = {"hand": (), "deck_size": None, "discard_size": None, "my_specials": (),
                            "team_split": (), "team_specials": (), "my_team": None}


def _private(state: SixSuitState, seat: int) -> dict[str, Any]:
    """What `seat` alone (or with its team [R-S26]) knows."""
    team_split: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    team_specials: tuple[Card, ...] = ()
    team = state.team_of[seat]
    if state.team_game:
        members = state.members[team]
        if state.phase == "split" and seat in state.deciders:
            team_specials = tuple(c for share in state._split_actions()[0].shares for c in share)
        elif any(state.splits[m] for m in members):
            team_split = tuple((m, state.splits[m]) for m in members)
    teams = state.team_game or state.options.variant == "secret_team"
    return {"hand": tuple(state.hands[seat]), "deck_size": len(state.decks[seat]),
            "discard_size": len(state.discards[seat]), "my_specials": state.splits[seat],
            "team_split": team_split, "team_specials": team_specials,
            "my_team": state.unit_names()[team] if teams else None}
