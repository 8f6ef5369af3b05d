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
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Self

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator

from familia_tui.core.cards import parse_card as standard_parse_card
from familia_tui.core.errors import FamiliaTuiError
from familia_tui.core.registry import GameEntry
from familia_tui.i18n import translate

if TYPE_CHECKING:
    from familia_tui.core.search import SearchSpec


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
    """One seat at the table: who sits there, their team, and the game's own seat fields.

    The core knows name, controller, person and team. Anything else a game needs per seat
    (Familia's role and crest, the six-suit player's suit) is a **seat field** the game declares
    in `GameSpec.seat_fields` and reads with `seat.field(name)`; `GameSpec.seat_from_data`
    builds a seat from data and `GameSpec.seat_problems` checks it against the declaration.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=24)
    """The name shown at the table."""
    controller: Controller = "human"
    """`human` or `bot:KIND`."""
    player: str | None = None
    """The person who runs this seat when it differs from `name` (the 2-player Familia game:
    each person runs a male and a female hand). Handoffs go by player."""
    team: str | None = None
    """Team (family) id; seats with the same id score together. None = individual play."""
    fields: tuple[tuple[str, str], ...] = ()
    """The game's seat fields that have a value, as (name, value) pairs sorted by name; given and
    written (records, `model_dump`) as a mapping `{"role": "M", "crest": "H"}`."""

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

    @field_validator("fields", mode="before")
    @classmethod
    def _fields_as_pairs(cls, value: object) -> object:
        """A mapping (or pairs) of text values, without the unset (None) ones, sorted by name."""
        if isinstance(value, Mapping):
            pairs: list[object] = list(value.items())
        elif isinstance(value, (list, tuple)):
            pairs = list(value)
        else:
            return value  # pydantic says why it is not a mapping
        kept = []
        for pair in pairs:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ValueError("seat fields are a mapping of field names to values")
            name, item = pair
            if item is None:
                continue
            if not isinstance(name, str) or not isinstance(item, str):
                raise ValueError(f"seat field {name!r}: the value must be text, not {item!r}")  # noqa: TRY004
            kept.append((name, item))
        if len({name for name, _ in kept}) != len(kept):
            raise ValueError("a seat field is given twice")
        return tuple(sorted(kept))

    @field_serializer("fields")
    def _fields_as_mapping(self, fields: tuple[tuple[str, str], ...]) -> dict[str, str]:
        return dict(fields)

    def field(self, name: str) -> str | None:
        """The value of the game's seat field `name` (None when the seat has none)."""
        for key, value in self.fields:
            if key == name:
                return value
        return None

    def with_fields(self, **values: str | None) -> Seat:
        """This seat with some seat fields set (None removes one)."""
        return Seat.model_validate({**self.model_dump(), "fields": {**dict(self.fields), **values}})

    @property
    def is_human(self) -> bool:
        return self.controller == "human"

    @property
    def person(self) -> str:
        """Who sits at this seat: the player, or the seat's own name."""
        return self.player or self.name


def _always(options: Any) -> bool:
    return True


@dataclass(frozen=True)
class SeatField:
    """A seat field a game declares (`GameSpec.seat_fields`): a named choice among a few text
    values that each seat may carry, like Familia's role (M/F) and crest (a suit, per team).

    The setup screen draws one column per field that the options use, with the values' labels;
    records, presets and scenarios carry the values under the seat's `fields` (or, the older and
    the short form, beside name and team: `{name: Aki, role: F}`).
    """

    name: str
    """The field's name in data and in `Seat.field(name)` (`role`, `crest`, `suit`)."""
    values: tuple[str, ...]
    """The allowed values (their notation: `M`, `F`; suit letters)."""
    label: str
    """Message key of the field's name (the setup column's header)."""
    value_label: str
    """Message key of a value's name, with `{value}` in it (`fam.seat_role_{value}`)."""
    suits: bool = False
    """The values are suit letters: the setup screen shows each with its suit's glyph."""
    required: bool = True
    """The setup screen asks every seat for a value whenever the options use the field (in data,
    a seat without one means what the engine says)."""
    per_team: bool = False
    """The value belongs to the seat's team (every member should carry the same one); the setup
    screen draws the column after the team's and notes a team whose members differ."""
    used: Callable[[Any], bool] = _always
    """`used(options)`: whether these options read the field (Familia's crest: only royal)."""
    missing: str = "ui.seat_field_missing"
    """Message key of the problem "a seat has no value" (parameters `seat`, `field`)."""
    width: int = 10
    """Cells of the field's setup column."""

    def value_text(self, value: str, lang: str = "en") -> str:
        return translate(self.value_label.format(value=value), lang)


@dataclass(frozen=True)
class SeatProblem:
    """A seat that breaks its game's seat-field declaration."""

    seat: int
    """The seat's index."""
    key: str
    """Message key; parameters `seat` (its number), `field` (the field's name), `value`."""
    field: str
    value: str = ""
    label: str | None = None
    """Message key of the field's name (None: an undeclared field, shown as it is)."""

    def text(self, lang: str = "en") -> str:
        field = translate(self.label, lang) if self.label else self.field
        return translate(self.key, lang, seat=self.seat + 1, field=field, value=self.value)


def seat_problems(declared: Sequence[SeatField], options: Any, seats: Sequence[Seat],
                  missing: bool = True) -> list[SeatProblem]:
    """What breaks the declaration: undeclared fields, values not allowed and (with `missing`) a
    required value missing where the options use the field. Records and scenarios check without
    `missing`: what a seat without a value means is the engine's to say (Familia plays a seat
    without a role as a male, and refuses a royal game without crests). Teams that differ on a
    per-team field are notes (`team_field_notes`), not problems."""
    by_name = {decl.name: decl for decl in declared}
    problems = []
    for index, seat in enumerate(seats):
        for name, value in seat.fields:
            decl = by_name.get(name)
            if decl is None:
                problems.append(SeatProblem(index, "ui.seat_field_unknown", name, value))
            elif value not in decl.values:
                problems.append(SeatProblem(index, "ui.seat_field_value", name, value, decl.label))
        problems += [SeatProblem(index, decl.missing, decl.name, label=decl.label)
                     for decl in declared
                     if missing and decl.required and decl.used(options) and seat.field(decl.name) is None]
    return problems


def team_field_notes(declared: Sequence[SeatField], options: Any, seats: Sequence[Seat]) -> list[SeatProblem]:
    """Per-team fields whose value differs between the members of a team (one note per team)."""
    notes = []
    for decl in declared:
        if not decl.per_team or not decl.used(options):
            continue
        for team in dict.fromkeys(s.team for s in seats if s.team is not None):
            members = [i for i, s in enumerate(seats) if s.team == team]
            if len({seats[i].field(decl.name) for i in members}) > 1:
                notes.append(SeatProblem(members[0], "ui.seat_field_team", decl.name, team, decl.label))
    return notes


class Result(Protocol):
    """One shape for every game's result, read by simulate, the lists of saved games and
    statistics (a game's results screen may read more of its own result).

    A *unit* is what scores: a team, or a seat in individual play."""

    @property
    def units(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """(unit, its seats) in seat order."""
        ...

    @property
    def totals(self) -> Mapping[str, float]:
        """Each unit's score so far (higher is better; Daifugō: minus its ビリ count)."""
        ...

    @property
    def deals_played(self) -> int:
        """Deals (hands, Daifugō games) scored so far."""
        ...

    def ranking(self) -> list[tuple[str, int]]:
        """(unit, rank) best first by the game's own measure; units that tie share a rank."""
        ...


class GameState(Protocol):
    """What every game's state offers (see DESIGN.md §2).

    **Who may see a decision.** `to_act` is the seat whose decision it is. A state may also
    define `deciders: tuple[int, ...]`, the seats who may see the current decision, when that is
    more than the acting seat: a team-private step (the six-suit team's Joker split passed among
    its members) gives the team's seats, `to_act` among them; read it with `deciders(state)`,
    which gives `(to_act,)` for a state without the attribute and `()` when the game is over.
    During such a step `view(to_act)` must hold only what every decider may know. The hot-seat
    session (`core/session.py`: `audience()` the deciders' human people, `handoff_due()` the
    people a curtain must name, `viewers()` who may look now) then curtains the table for them
    together (`HandoffScreen(people)`, a curtain naming them all), shows the decision to them
    only while `to_act` passes among them, and curtains it again before the next decision of
    anyone else (a member alone included).
    """

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
    def public_view(self) -> Any: ...
    def result(self) -> Result: ...
    def clone(self) -> Self: ...


def deciders(state: GameState) -> tuple[int, ...]:
    """The seats who may see the current decision: the state's `deciders` when it defines them
    (a team-private step), else the acting seat alone; `()` when nobody is to act."""
    if state.to_act is None:
        return ()
    group = getattr(state, "deciders", None)
    return tuple(group) if group else (state.to_act,)


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
    seat_fields: tuple[SeatField, ...] = ()
    """The game's own seat fields (Familia: role, crest), drawn by the setup screen, carried by
    records, presets and scenarios, read with `Seat.field(name)`."""
    progress: Callable[[Any], Progress] | None = None
    """`progress(state)`: the round and the scores, for the lists of saved games."""
    figures: Callable[[Sequence[str]], Figures] | None = None
    """`figures(kinds)`: a tally of the game's own figures for a simulation run whose seats are
    played by bots of these kinds; `simulate --json` reports them under `figures`."""
    stats: Callable[[Any, Sequence[Event]], Sequence[Mapping[str, int]]] | None = None
    """`stats(state, events)`: the game's own figures of a finished game, one `{figure: count}`
    per seat (Tarot contracts taken and made, Familia melds, Daifugō revolutions …), read from
    the final state and every event of its replay; `core.stats` sums them per person and bot. A
    figure that did not happen is 0; one the table cannot have is left out (a 4-player Daifugō
    game has no 5th place), and tables show only the figures their games gave."""
    stat_figures: tuple[str, ...] = ()
    """The figures `stats` gives, in the order tables show them; each is named by the game's
    message `<prefix>.stat.<figure>`."""
    deal_keys: type[BaseModel] | None = None
    """The keys a scenario's stacked `deal` may have, with the types the game reads them as."""
    position_keys: type[BaseModel] | None = None
    """The keys a scenario's `position` may have, with the types the game reads them as."""
    events: frozenset[str] = frozenset()
    """The game's own event kinds, beside the shared vocabulary (`core.events.COMMON`)."""
    search: SearchSpec | None = None
    """What the search bot needs (the game's sampler …): with it the game offers `bot:search`."""

    @property
    def id(self) -> str:
        return self.entry.id

    def seat_from_data(self, data: Mapping[str, Any]) -> Seat:
        """A seat from its data (a record's, a scenario's, a setup row's): declared fields may be
        under `fields` or beside name and team (`{name: Aki, role: F}`: the short form, and the
        shape of records written before seat fields were declared). ValidationError otherwise."""
        names = {decl.name for decl in self.seat_fields} - set(Seat.model_fields)
        flat = {key: value for key, value in data.items() if key in names}
        rest = {key: value for key, value in data.items() if key not in names}
        if flat:
            given = rest.get("fields") or {}
            rest["fields"] = {**given, **flat} if isinstance(given, Mapping) else given
        return Seat.model_validate(rest)

    def seat_problems(self, options: BaseModel, seats: Sequence[Seat],
                      missing: bool = True) -> list[SeatProblem]:
        """The seats' fields against the game's declaration (`seat_problems`)."""
        return seat_problems(self.seat_fields, options, seats, missing)

    @property
    def names(self) -> Mapping[str, str]:
        return self.entry.names

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        """The bots the game offers (`--seats NAME=bot:KIND`, the setup screen, records): its own
        (`basic`, `random`) and, when it has a sampler, the search bot's levels (`search` alone is
        `search:normal`)."""
        own = tuple(sorted(self.bots))
        if self.search is None:
            return own
        from familia_tui.core.search import LEVELS

        return (*own, "search", *(f"search:{level}" for level in LEVELS))

    def make_bot(self, kind: str) -> Any:
        """A new bot of one of `bot_kinds`, or ValueError naming them."""
        name, _, level = kind.partition(":")
        if name == "search" and self.search is not None:
            from familia_tui.core.search import DEFAULT_LEVEL, LEVELS, SearchBot

            if (level or DEFAULT_LEVEL) in LEVELS:
                return SearchBot(self.search, level or DEFAULT_LEVEL)
        elif kind in self.bots:
            return self.bots[kind]()
        raise ValueError(f"unknown bot {kind!r} (bots: {', '.join(self.bot_kinds)})")

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players the game is for (a `--seats` list outside it is refused)."""
        return self.entry.players


