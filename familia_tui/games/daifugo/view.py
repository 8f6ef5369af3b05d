"""What one seat may know of a Daifugō game: its own hand and everything on the table.

Public: the rule card and the families it activates, every play of the trick (with the jokers'
declared cards), the locks and the order, how many cards each seat holds, who passed, who went
out and in which place and how, the ♥3 holder who led first, every play of the game's finished
tricks, the call windows declined (their pause shows the table, DF-28a), a missed ウノ, the
finished games of the session. Private: the seat's own
hand (and so its ドボン sum), and whether this seat is the one asked for a ドボン decision.
The public view (`DaifugoView.public`, the state's `public_view()`), for a watcher or the
hot-seat curtain, has none of these and no legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple, overload

from familia_tui.core.cards import Card
from familia_tui.core.engine import Seat
from familia_tui.games.daifugo.actions import Action, Play
from familia_tui.games.daifugo.deck import POSITIONS, RANK_OF_POS, TOP, hand_value
from familia_tui.games.daifugo.families import Family
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.results import FinishedTrick, GameRecord
from familia_tui.games.daifugo.shapes import SEQUENCE, legal_shape

if TYPE_CHECKING:
    from familia_tui.games.daifugo.rules import DaifugoState


class TablePlay(NamedTuple):
    """One play of the trick in progress."""

    seat: int
    play: Play
    """The action: natural cards, jokers (`JK` top, or declared), ウノ."""
    kind: str
    """`group` (one card or N of a kind), `sequence` or `top` (jokers alone, strongest)."""
    rank: int | None
    """The rank it is compared by (a group's rank, a sequence's lowest card); None for top
    jokers. Ranks: 2–10, J 11, Q 12, K 13, A 14."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as they count, weakest first: naturals and declared jokers (top: `JK`)."""
        return self.play.cards


@dataclass(frozen=True, slots=True)
class DaifugoView:
    """One seat's view of the game (`of`), or what every seat knows (`public`, seat −1); bots
    and screens see only this."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("hand", "hand_value", "decision", "call_target", "legal")
    """Fields the public view leaves empty (a scenario's public view does not have them)."""
    SHOWN: ClassVar[tuple[str, ...]] = ("rule_card",)
    """Fields that may name a card some seat holds (or its twin) and still show nothing
    private: cards the rules show while they are held, and cards of another pack or pile."""
    FINISHED: ClassVar[tuple[str, ...]] = ("games_played",)
    """Fields that hold earlier deals too (their cards are dealt again later)."""

    seat: int
    seats: tuple[Seat, ...]
    options: DaifugoOptions
    phase: str
    """`lead`, `follow`, `dobon`, `chombo` (a call decision is open) or `over`."""
    to_act: int | None
    game: int
    """The game being played, from 1 (the last one once the session is over)."""
    games: int
    """Games in the session (K)."""
    rule_card: Card | None
    families: tuple[Family, ...]
    """Active families: `shina` (しなふごう), `kana` (かなふごう), `jfugo` (J富豪), `shishi`."""
    ability_ranks: tuple[int, ...]
    """Ranks of the ability cards (能力カード) of the active families."""
    revolution: bool
    trick_reverse: bool
    """○○バック: the order is reversed until the trick ends."""
    reversed: bool
    """The effective order: revolution XOR trick reversal (C6)."""
    order: tuple[int, ...]
    """Natural ranks weakest first in the effective order; a top joker is above them all."""
    leader: int
    """The seat that led the trick in progress."""
    top: TablePlay | None
    """The play to beat, None on an empty table."""
    trick: tuple[TablePlay, ...]
    """Every play of the trick in progress, in order (the last one is `top`)."""
    last_trick: FinishedTrick | None
    """The trick of this game that ended last (the p key), None before one has."""
    finished: tuple[FinishedTrick, ...]
    """Every trick of this game that ended, in order: all the plays seen (what is out of play)."""
    declines: tuple[tuple[int, int, str], ...]
    """(plays made so far, seat, `dobon` or `chombo`) of every call window declined this game:
    the window's pause showed the table that seat could call (DF-28a)."""
    stucks: tuple[tuple[int, int], ...]
    """(plays made so far, seat) of every leader passed over as stuck this game (DF-23a, the
    `pass_on` option): only jokers, or one card that may not finish, were left."""
    first_leader: int
    """The ♥3 holder, who led the game's first trick (DF-7)."""
    outs: tuple[tuple[int, str], ...]
    """(seat, how) of every seat that went out this game: `empty`, `tenho`, `nokoshi`."""
    passed: tuple[int, ...]
    """Seats that passed since the last play."""
    suit_lock: str | None
    """Locked suits as letters (`S`, `SH`, `SSH` …), or None (DF-10a)."""
    number_lock: bool
    next_rank: int | None
    """The rank the number lock demands of the next play (a sequence's lowest card), or None
    when there is no lock or nothing can follow it (DF-36)."""
    counts: tuple[int, ...]
    """Cards held by each seat."""
    places: tuple[int, ...]
    """Seats that went out this game, first place first."""
    kept: tuple[tuple[Card, ...], ...]
    """Cards shown by a seat that went out by 天和 or ○○残し (out of play)."""
    uno_missed: int | None
    """A seat whose strict ウノ was missed, while the チョンボ window is open."""
    last_value: int | None
    """The ドボン value of the last play (or of the trick, with that option), None for top
    jokers."""
    hand: tuple[Card, ...]
    """This seat's hand, weakest first in normal order, jokers last."""
    hand_value: int
    """The ドボン sum of this seat's natural cards."""
    decision: str | None
    """`dobon` or `chombo` when this seat must now decide on that call, else None."""
    call_target: int | None
    """Whose play the open call is about."""
    games_played: tuple[GameRecord, ...]
    """Finished games of the session: places, ビリ and why, how each seat went out, the cards
    left, the ドボン that ended it."""
    biri_counts: tuple[int, ...]
    """Each seat's ビリ count in the session."""
    first_places: tuple[int, ...]
    legal: tuple[Action, ...]
    """The seat's legal actions when it is to act, else empty."""

    @property
    def last_game(self) -> GameRecord | None:
        """The most recent finished game: its ビリ and reason."""
        return self.games_played[-1] if self.games_played else None

    @classmethod
    def of(cls, state: DaifugoState, seat: int) -> DaifugoView:
        """What `seat` may know."""
        to_act = state.to_act
        deciding = state.phase in ("dobon", "chombo") and to_act == seat
        return cls._build(
            state, seat, tuple(state.hand(seat)), hand_value(state.slots[seat]),
            str(state.phase) if deciding else None,
            (state.top_seat if state.phase == "dobon" else state.uno_missed) if deciding else None,
            tuple(state.legal_actions()) if to_act == seat else ())

    @classmethod
    def public(cls, state: DaifugoState) -> DaifugoView:
        """What every seat knows (a watcher, the hot-seat curtain): seat −1, no hand, no call
        decision, no legal actions."""
        return cls._build(state, -1, (), 0, None, None, ())

    @classmethod
    def _build(cls, state: DaifugoState, seat: int, hand: tuple[Card, ...], value: int,
               decision: str | None, call_target: int | None, legal: tuple[Action, ...]) -> DaifugoView:
        to_act = state.to_act
        need = state.required_key()
        top = state.top
        last = POSITIONS - (top.size if top is not None and top.kind == SEQUENCE else 1)
        session = state.session
        return cls(
            seat=seat, seats=state.seats, options=state.options, phase=str(state.phase),
            to_act=to_act, game=state.game_no, games=state.options.games,
            rule_card=state.rule_card, families=state.families,
            ability_ranks=state.rulebook.ability_ranks, revolution=state.revolution,
            trick_reverse=state.trick_reverse, reversed=state.reversed,
            order=effective_order(state.reversed), leader=state.leader,
            top=_table_play(state.top_seat, state.top_play),
            trick=tuple(_table_play(s, p) for s, p in state.trick),
            last_trick=state.last_trick, finished=state.finished, declines=state.declines,
            stucks=state.stucks, first_leader=state.first_leader, outs=state.outs,
            passed=tuple(state.passed),
            suit_lock="".join("SHDC"[s] for s in state.suit_lock) if state.suit_lock else None,
            number_lock=state.number_lock,
            next_rank=RANK_OF_POS[need] if need is not None and 0 <= need <= last else None,
            counts=tuple(state.counts), places=tuple(state.places),
            kept=tuple(tuple(k) for k in state.kept),
            uno_missed=state.uno_missed, last_value=state.last_play_value if top else None,
            hand=hand, hand_value=value, decision=decision, call_target=call_target,
            games_played=tuple(session.games), biri_counts=session.biri_counts,
            first_places=session.first_places,
            legal=legal,
        )


def effective_order(reversed_: bool) -> tuple[int, ...]:
    """Natural ranks weakest first: 3 … A 2, or 2 A … 3 when reversed (C1, C6)."""
    return tuple(reversed(RANK_OF_POS)) if reversed_ else RANK_OF_POS


@overload
def _table_play(seat: int, play: Play) -> TablePlay: ...


@overload
def _table_play(seat: int | None, play: Play | None) -> TablePlay | None: ...


def _table_play(seat: int | None, play: Play | None) -> TablePlay | None:
    """A play on the table as a view shows it; None for none (no top play)."""
    if seat is None or play is None:
        return None
    shape = legal_shape(play)
    return TablePlay(seat, play, shape.kind, None if shape.key == TOP else RANK_OF_POS[shape.key])
