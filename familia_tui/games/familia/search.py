"""The search bot's sampler and evaluation for Familia (issue 15, DESIGN.md §8).

What a seat cannot see, and where it may be (`unseen`, read off the seat's view only):

- **Other hands.** The hand cards of the deal's pool less the seat's own hand(s) (both hands of
  the 2-player game's player [R-F27]), the cards played in this deal's tricks, the drawn cards
  every seat still holds (public [R-F9a]) and the stock's top card (public [R-F9]). Each other
  hand holds its size less its known cards.
- **The stock** below its public top card, in a random order (the sample's draws follow it).
- **The face piles' order.** Their cards are public (the sets in play less the revealed ones);
  only the order is hidden, so each pile's cards are dealt back to that pile in a random order.
- **What plays showed.** A play is legal when it is a batting card [R-F1], a hand Joker
  [R-F13], the free lead of a trump trick [R-F7] or a card the follow / ruff / must-win layers
  allow [R-F11][R-F12][R-F12a]; only the last shows anything. A card off the led suit shows a
  void in it (and in trumps when it is not a trump either); a card that does not beat the
  strongest so far in batting Familia shows that the seat held no card of its own layer that
  beats it. The seat's hidden cards were all held then (every card drawn since is public), so
  they hold none of those cards. No more is known, so nothing more is excluded.

`build` makes the whole state from the view and the dealt cards; `value` is a seat's team score
(the game's melds so far, scored as at the game's end [R-F23]) less the other teams' mean, and a
playout stops at the end of the deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from familia_tui.core.cards import COLOURS, JOKER, Card
from familia_tui.core.search import SearchSpec, Unseen
from familia_tui.core.table import per_object, seat_ring
from familia_tui.games.familia import trick as tr
from familia_tui.games.familia.actions import PlayCard
from familia_tui.games.familia.match import units_of
from familia_tui.games.familia.rules import (
    OVER_PHASE,
    PLAY_PHASE,
    FamiliaState,
    Phase,
    hand_pool,
    plan_of,
)
from familia_tui.games.familia.scoring import SINGLE_POINTS, cached_score
from familia_tui.games.familia.view import FamiliaView


class PileCard(NamedTuple):
    """An unrevealed face card in its pile: the sampler deals it back to that pile only."""

    colour: str
    card: Card

    def __str__(self) -> str:
        return f"{self.card}@{self.colour}"


class Places(NamedTuple):
    """What `unseen` worked out once per view, reused by `build`."""

    unseen: Unseen
    others: tuple[int, ...]
    """The seats whose hidden cards are places 0, 1 …; then the stock, the black and red piles."""
    template: FamiliaState
    """The state with everything public placed; `build` clones it and deals the rest."""


_last: tuple[FamiliaView, Places] | None = None
"""The last view's places: the search samples the same view hundreds of times."""


def places(view: FamiliaView) -> Places:
    """The unseen cards and the state template of `view` (worked out once per view)."""
    global _last
    last = _last
    if last is not None and last[0] is view:
        return last[1]
    found = _places(view)
    _last = (view, found)
    return found


def unseen(view: FamiliaView) -> Unseen:
    """The cards `view.seat` has not seen and where they may be (the module's text)."""
    return places(view).unseen


def build(view: FamiliaView, dealt: list[list[Any]]) -> FamiliaState:
    """The whole state: the view's public facts with the dealt cards in their places."""
    found = places(view)
    state = found.template.clone()
    others = found.others
    hands, known, card_id = state.hand_ids, state.known_ids, tr.CARD_ID
    for index, seat in enumerate(others):
        hands[seat] = [*map(card_id.__getitem__, dealt[index]), *known[seat]]  # drawn cards stay last, as in play
    stock = dealt[len(others)]
    if view.stock_top is not None:
        state.stock_ids = [*map(card_id.__getitem__, reversed(stock)), card_id[view.stock_top]]
    for offset, colour in enumerate(COLOURS):
        state.piles[colour] = [pile_card.card for pile_card in dealt[len(others) + 1 + offset]]
    return state


def _places(view: FamiliaView) -> Places:
    options = view.options
    n = len(view.seats)
    own = view.own_hands
    others = tuple(seat for seat in range(n) if seat not in own)
    finished = [record for record in view.history if record.deal == view.deal]
    played = [card for record in finished for _, card, _ in record.plays]
    seen: Counter[Card] = Counter(played)
    seen.update(card for _, card, _ in view.plays)
    for seat in range(n):
        seen.update(own[seat] if seat in own else view.known[seat])
    if view.stock_top is not None:
        seen[view.stock_top] += 1
    hidden: list[Card] = []
    for card in hand_pool(options.pool_decks, *options.adjustment):
        if seen[card]:
            seen[card] -= 1
        else:
            hidden.append(card)
    black, red = len(others) + 1, len(others) + 2
    room = [view.hand_counts[seat] - len(view.known[seat]) for seat in others]
    room += [max(view.stock_count - 1, 0), view.piles["black"], view.piles["red"]]
    excluded = _excluded(view, finished, others)
    anywhere = frozenset(range(len(others) + 1))
    allowed: dict[Card, frozenset[int]] = {}
    for card in set(hidden):
        allowed[card] = anywhere - {i for i, seat in enumerate(others) if card in excluded[seat]}
    cards: list[object] = list(hidden)
    may_hold = [allowed[card] for card in hidden]
    for place, colour in ((black, "black"), (red, "red")):
        for card in view.unrevealed[colour]:
            cards.append(PileCard(colour, card))
            may_hold.append(frozenset((place,)))
    found = Unseen(tuple(cards), tuple(room), tuple(may_hold))
    return Places(found, others, _template(view, finished, played))


def _excluded(view: FamiliaView, finished: Sequence[object], others: Sequence[int]) -> dict[int, set[Card]]:
    """Per other seat, the hand cards its plays in this deal show it did not hold."""
    options = view.options
    keys = tr.batting_key(options.pool_decks, view.style)
    batting = view.style == "batting"
    universe = set(hand_pool(options.pool_decks, *options.adjustment)) - {JOKER}
    excluded: dict[int, set[Card]] = {seat: set() for seat in others}
    tricks = [(r.plays, r.led, r.trump, r.stock_trick) for r in finished]  # type: ignore[attr-defined]
    tricks.append((view.plays, view.led, view.trump, view.stock_trick))
    for plays, led, trump, stock_trick in tricks:
        for index, (seat, card, _) in enumerate(plays):
            if seat not in excluded or card == JOKER or (index == 0 and not stock_trick):
                continue
            before = [c for _, c, _ in plays[:index]]
            if before and keys[card] in {keys[c] for c in before}:
                continue  # a batting card is always legal [R-F1]
            excluded[seat] |= _shown_absent(card, before, led, trump, batting, universe)
    return excluded


def _shown_absent(card: Card, before: Sequence[Card], led: str | None, trump: str | None,
                  batting: bool, universe: set[Card]) -> set[Card]:
    """The cards a hand cannot have held when playing `card` (neither batting nor a Joker) after
    `before`: exactly the condition for the play to be legal (trick.obligations)."""
    absent: set[Card] = set()
    layer = universe
    if led is not None and card.suit != led:
        absent |= {c for c in universe if c.suit == led}
        if trump is not None and card.suit != trump:
            absent |= {c for c in universe if c.suit == trump}
    if led is not None and card.suit in (led, trump):
        layer = {c for c in universe if c.suit == card.suit}
    if batting and before:
        best = max(tr.strength(c, led, trump) for c in before)
        if tr.strength(card, led, trump) <= best:
            absent |= {c for c in layer if tr.strength(c, led, trump) > best}
    return absent


def _template(view: FamiliaView, finished: Sequence[object], played: list[Card]) -> FamiliaState:
    """The state with every public fact of the view in place and the hidden places empty."""
    options = view.options
    n = len(view.seats)
    state = object.__new__(FamiliaState)
    state.plan, state.seats, state.ring = plan_of(options), view.seats, seat_ring(n)
    state.rng = random.Random(view.deal)
    state.match = view.match.clone()
    state.events, state._legal, state._legal_ids = [], None, []
    state.deal, state.batting = view.deal, view.style == "batting"
    state.key_of = state.plan.key_tables[view.deal]
    state.deal_start = finished[0].leader if finished else view.leader  # type: ignore[attr-defined]
    state.captures = [list(cards) for cards in view.captures]
    state.history = list(view.history)
    state.face_discard = [r.face for r in view.history if r.winner is None]
    state.piles = {colour: [] for colour in COLOURS}
    state.hand_ids = [tr.ids_of(view.own_hands.get(seat, ())) for seat in range(n)]
    state.known_ids = [tr.ids_of(cards) for cards in view.known]
    state.stock_ids = []
    state.discard_ids = tr.ids_of(played)
    state.trick_no, state.leader = view.trick_no, view.leader
    state.turn = view.leader if view.to_act is None else view.to_act
    state.phase = Phase(view.phase)
    state.is_over = state.phase is OVER_PHASE
    state.face = None if view.face_card is None else (view.face_card, view.face_colour or "")
    state.played_ids = [tr.CARD_ID[card] for _, card, _ in view.plays]
    state.led, state.trump = view.led, view.trump
    return state


def horizon(state: FamiliaState) -> int:
    """Changes when a deal ends (a new deal or game starts, or the match ends)."""
    return len(state.match.games) * 16 + state.deal


def value(state: FamiliaState, seat: int) -> float:
    """The seat's team (or the seat, in individual play) score for the game in play, as if it
    ended now, less the other teams' mean. Once a game has ended (the match over, or the next
    game not yet started), its recorded result."""
    seats = state.seats
    units = units_of(seats)
    if state.match.games and (state.phase is OVER_PHASE or (not state.history and state.deal == 0)):
        totals = {s.unit: s.total for s in state.match.games[-1].standings}
    else:
        options = state.options
        scores = [cached_score(tuple(sorted(state.captures[i])), s.field("role") or "M",
                               options.royal, s.field("crest"), options.misere_bonus).total
                  for i, s in enumerate(seats)]
        totals = {unit: sum(scores[i] for i in members) for unit, members in units}
    mine = next(unit for unit, members in units if seat in members)
    rest = [total for unit, total in totals.items() if unit != mine]
    return totals[mine] - (sum(rest) / len(rest) if rest else 0.0)


STAKES = {role: {**points, 0: -3} for role, points in SINGLE_POINTS.items()}
"""What capturing a face card is worth to a seat of each role, roughly: its single's points (a
face Joker, rank 0, zeroes a scoring entry)."""
WANDER = 0.15
"""How often a playout's seat plays at random rather than by the rule of thumb."""

class _Table(NamedTuple):
    stakes: tuple[dict[int, int], ...]
    """Per seat, what capturing a face card of each rank is worth to it (`STAKES` by role)."""
    teams: tuple[str, ...]
    """Per seat, its team (or its name in individual play)."""


@per_object
def _table(seats: tuple[Any, ...]) -> _Table:
    """The seats' stakes and teams, worked out once per table."""
    return _Table(tuple(STAKES[s.field("role") or "M"] for s in seats), tuple(s.team or s.name for s in seats))


def playout_policy(state: FamiliaState, rng: random.Random) -> Any:
    """A playout's move: mostly a rule of thumb, sometimes at random. The seat weighs taking the
    face card itself against leaving it to the seat winning the trick so far (a teammate's gain
    counts for its side, an opponent's against it): to take it, it leads its strongest card or
    wins as cheaply as it can; else it plays its highest card that does not win (a batting card
    is always safe), or its lowest when every card wins. One pass over the legal plays."""
    legal = state.legal_actions()
    if len(legal) == 1 or state.phase is not PLAY_PHASE or rng.random() < WANDER:
        return legal[int(rng.random() * len(legal))]
    face = state.face_card
    seat = state.turn
    assert face is not None and seat is not None
    table = _table(state.seats)
    played, keys, trump, led = state.played_ids, state.keys, state.trump, state.led
    gain = table.stakes[seat][face.rank]
    best = -1
    if played:
        powers = list(map(tr.POWER[led, trump].__getitem__, played))
        best = max(powers)
        holder = state.plays[powers.index(best)][0]
        kept = table.stakes[holder][face.rank]
        gain -= kept if table.teams[holder] == table.teams[seat] else -kept
    batted = set(map(state.key_of.__getitem__, played))
    strongest = cheapest_win = safest_loss = lowest = None
    top = low = win_low = loss_high = 0
    for action in cast("list[PlayCard]", legal):
        card = action.card
        rank, suit = card.rank, card.suit
        if not rank:
            power = tr.strength(card, led or action.declared, trump)
        elif keys[card] in batted:
            power = -1  # removed at stage 1: it cannot win
        elif suit == trump:
            power = tr.TRUMP + rank
        elif led is None or suit == led:
            power = tr.LED + rank  # a lead sets the led suit
        else:
            power = rank
        if lowest is None or power < low:
            lowest, low = action, power
        if strongest is None or power > top:
            strongest, top = action, power
        if power > best:
            if cheapest_win is None or power < win_low:
                cheapest_win, win_low = action, power
        elif safest_loss is None or power > loss_high:
            safest_loss, loss_high = action, power
    if gain > 0:
        return strongest if not played else cheapest_win or lowest
    return safest_loss or lowest


SEARCH = SearchSpec(unseen=unseen, build=build, horizon=horizon, value=value,  # type: ignore[arg-type]
                    playout=playout_policy)  # type: ignore[arg-type]
"""Familia's search: the sampler above, playouts to the deal's end by the rule of thumb, team
score lead."""
