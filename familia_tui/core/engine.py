"""The engine protocol shared by every game.

A game package exposes one `GameSpec` (`GAME`). A game state is **mutable with an explicit
`clone()`**: `apply()` changes the state in place and returns the events it caused; anything that
wants to look ahead (bots, the UI's "what if") clones first. This is the one choice for the whole
project.

`legal_actions()` is the single source of truth: `apply()` rejects anything else with
`IllegalAction`, the UI highlights from it, bots choose from it, and `explain()` says why an
action is or is not in it, as a chain of rule clauses with ruling ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator

from familia_tui.core.cards import parse_card as standard_parse_card
from familia_tui.core.errors import FamiliaTuiError
from familia_tui.core.registry import GameEntry
from familia_tui.i18n import translate


class IllegalAction(FamiliaTuiError, ValueError):
    """An action that `legal_actions()` does not contain; carries the explanation."""

    def __init__(self, action: object, explanation: Explanation | None = None) -> None:
        self.action = action
        self.explanation = explanation
        reason = explanation.text("en") if explanation else "not a legal action now"
        super().__init__(f"illegal action {action!s}: {reason}")


class ActionSyntaxError(FamiliaTuiError, ValueError):
    """A text that is not an action of the game's notation."""


ParamRenderer = Callable[[str, str], str]
"""Turns a clause parameter (name, notation) into display text."""

ALLOWED = "allowed"
"""The clause parameter that names what is allowed instead of an illegal action: the notations
of the legal actions of its kind (cards for a play, plays for a Daifugō play …), read off
`legal_actions()` by `allowed_clause`, never re-derived."""

ALLOWED_SEPARATOR = ", "
"""Between the items of an `allowed` parameter (a Daifugō play has spaces of its own)."""


@dataclass(frozen=True, slots=True)
class Clause:
    """One step of a rule explanation: a message key, its parameters and the ruling id."""

    key: str
    params: tuple[tuple[str, str], ...] = ()
    ruling: str | None = None

    def text(self, lang: str = "en", render: ParamRenderer | None = None) -> str:
        """The clause in `lang`; `render(name, value)` may restyle parameters (e.g. suit glyphs)."""
        params = {k: _shown(k, v, render) for k, v in self.params}
        body = translate(self.key, lang, **params)
        return f"{body} [{self.ruling}]" if self.ruling else body


def _shown(name: str, value: str, render: ParamRenderer | None) -> str:
    """A parameter as display text; an `allowed` list is rendered item by item."""
    if render is None:
        return value
    if name == ALLOWED:
        return ALLOWED_SEPARATOR.join(render(name, item) for item in value.split(ALLOWED_SEPARATOR))
    return render(name, value)


def clause(key: str, ruling: str | None = None, **params: object) -> Clause:
    """Build a clause; parameters are stored as text so clauses stay hashable and frozen."""
    return Clause(key, tuple((k, str(v)) for k, v in params.items()), ruling)


def allowed_clause(key: str, allowed: Sequence[str], ruling: str | None = None, **params: object) -> Clause:
    """The clause that names what is allowed instead: `allowed` are notations of legal actions
    (the caller reads them off `legal_actions()`), shown as the `{allowed}` parameter."""
    return clause(key, ruling, **params, **{ALLOWED: ALLOWED_SEPARATOR.join(allowed)})


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why an action is (or is not) legal: the verdict and the chain of clauses behind it."""

    legal: bool
    clauses: tuple[Clause, ...]

    def text(self, lang: str = "en", render: ParamRenderer | None = None) -> str:
        return " → ".join(c.text(lang, render) for c in self.clauses)

    @property
    def rulings(self) -> tuple[str, ...]:
        return tuple(c.ruling for c in self.clauses if c.ruling)

    @property
    def allowed(self) -> tuple[str, ...] | None:
        """What the chain names as allowed instead (notations), or None if it names nothing."""
        for item in self.clauses:
            for name, value in item.params:
                if name == ALLOWED:
                    return tuple(value.split(ALLOWED_SEPARATOR)) if value else ()
        return None


class Event(NamedTuple):
    """Something that happened, for logs and animations: no rule knowledge needed to show it.

    `kind` is a short name (`card_played`, `trick_won`, `cards_batted` …), `seat` the seat it is
    about, `cards` the cards involved, and `info` any further named values.
    """

    kind: str
    seat: int | None = None
    cards: tuple[Any, ...] = ()
    info: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.info:
            if key == name:
                return value
        return default


Controller = str
"""`human`, or `bot:KIND` (e.g. `bot:basic`, `bot:random`)."""


class Seat(BaseModel):
    """One seat at the table: who sits there and the game-specific role and team."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=24)
    """The name shown at the table."""
    controller: Controller = "human"
    """`human` or `bot:KIND`."""
    player: str | None = None
    """The person who runs this seat when it differs from `name` (the 2-player Familia game:
    each person runs a male and a female hand). Handoffs go by player."""
    role: Literal["M", "F"] | None = None
    """Familia: male or female role; decides single-card scores."""
    team: str | None = None
    """Team (family) id; seats with the same id score together. None = individual play."""
    crest: Literal["S", "H", "D", "C"] | None = None
    """Familia royal option: the team's crest suit (家紋)."""

    @field_validator("name")
    @classmethod
    def _name_printable(cls, value: str) -> str:
        if not value.isprintable():
            raise ValueError("a name is printable text: no tabs, line breaks or control characters")
        return value

    @field_validator("controller")
    @classmethod
    def _controller_known(cls, value: str) -> str:
        if value != "human" and not value.startswith("bot:"):
            raise ValueError("must be 'human' or 'bot:KIND' (e.g. bot:basic)")
        return value

    @property
    def is_human(self) -> bool:
        return self.controller == "human"

    @property
    def person(self) -> str:
        """Who sits at this seat: the player, or the seat's own name."""
        return self.player or self.name


class GameState(Protocol):
    """What every game's state offers (see DESIGN.md §2)."""

    phase: Any
    seats: tuple[Seat, ...]

    @property
    def to_act(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def apply(self, action: Any) -> list[Event]: ...
    def explain(self, action: Any) -> Explanation: ...
    def view(self, seat: int) -> Any: ...
    def result(self) -> Any: ...
    def clone(self) -> Self: ...


class Figures(Protocol):
    """A game's own figures of a simulation run (bidding, contracts made, revolutions …), tallied
    one finished game at a time so that no result is kept."""

    def add(self, result: Any) -> None: ...
    def report(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Progress:
    """Where a game stands, in public facts only: the lists of saved games show it.

    `rounds` counts from the outside in, each as (word, number, total or None when open-ended):
    `(("game", 2, 3), ("deal", 1, 2))` reads "game 2/3 · deal 1/2". The words are `game`,
    `deal` and `hand` (the catalogues' `ui.round_<word>`).
    """

    rounds: tuple[tuple[str, int, int | None], ...]
    scores: tuple[tuple[str, float], ...]
    """(team or seat name, its score so far), in seat order."""
    scores_key: str | None = None
    """A message of the game's (with `{scores}`) that says what the scores count when they are
    not points (Daifugō: its last places, fewest wins); None: points."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the app, the command line, records and scenarios need to know about one game
    (its id, names and number of players are its registry entry's)."""

    entry: GameEntry
    options_model: type[BaseModel]
    new_game: Callable[..., GameState]
    """`new_game(options, seats, seed=None, deal=None) -> state`."""
    parse_action: Callable[[str], Any]
    bots: Mapping[str, Callable[[], Any]]
    default_preset: str
    default_seats: Callable[[Any], list[Seat]]
    """Seats for a preset when none are given (roles and teams from the preset)."""
    queries: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    """Named read-outs of a state for scenario expectations (`phase`, `scores`, `captures` …)."""
    position: Callable[..., GameState] | None = None
    """`position(options, seats, data, seed) -> state` for scenario positions."""
    table_problems: Callable[[Sequence[Seat]], list[Clause]] = lambda seats: []
    """The game's seating rules broken by a table (reported before a game, not enforced)."""
    parse_card: Callable[[str], Any] = standard_parse_card
    """The game's card notation parser: scenario expectations compare cards canonically."""
    teams: bool = False
    """Whether a table may group seats into teams (`Seat.team`); the setup screen asks only then."""
    progress: Callable[[Any], Progress] | None = None
    """`progress(state)`: the round and the scores, for the lists of saved games."""
    figures: Callable[[Sequence[str]], Figures] | None = None
    """`figures(kinds)`: a tally of the game's own figures for a simulation run whose seats are
    played by bots of these kinds; `simulate --json` reports them under `figures`."""
    deal_keys: type[BaseModel] | None = None
    """The keys a scenario's stacked `deal` may have, with the types the game reads them as."""
    position_keys: type[BaseModel] | None = None
    """The keys a scenario's `position` may have, with the types the game reads them as."""

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def names(self) -> Mapping[str, str]:
        return self.entry.names

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players the game is for (a `--seats` list outside it is refused)."""
        return self.entry.players


