"""The search bot's Daifugō (issue 15, DESIGN.md §8): the sampler, where a playout stops, what a
seat has, and the playouts' policy.

What one seat does not see is the other hands (their sizes are public) and so where the jokers
are. Everything else is public (`DaifugoView`): every play of the game (`finished` tricks and the
trick in play), the hands shown by 天和 and ○○残し (`kept`), who went out and how, the ♥3 holder
who led first (DF-7), and every call window declined (the pause of a window shows the table that
the seat may call, DF-28a). There are no card exchanges in these rules (digest C, "no card
exchanges and no ranks between games"), and passing is always legal (C4), so a pass tells
nothing.

The sampler deals the unseen cards to the seats holding cards, each its count, then keeps only
deals that agree with what the table saw happen (`_History.agrees`):

- the ♥3, while unplayed, is in the first leader's hand (it is the card that made him lead);
- a seat shown a ドボン window, now or earlier this game, held no joker then, so holds none now;
- after every play, the ドボン and チョンボ windows that opened are exactly those the seats'
  hands of the time give (C13, DF-28: the sum of the hand equals the play's value, no joker),
  in turn order; a seat with a matching hand that was not asked could not have had it;
- the seat to lead is not stuck (DF-23a: he would have committed チョンボ, or been passed
  over), and a leader passed over as stuck (the `pass_on` option) held only jokers or one card
  that may not finish;
- nobody kept a 天和 hand at the deal, nor a ○○残し hand at the deal or after his own plays
  (DF-24, DF-25a), or he would have gone out.

The per-card facts go to the core's constrained deal; the others are checked on each deal (a
hand's sum cannot be written per card), redealing up to `TRIES` times: such facts rarely bite
(a window is seldom open, a matching sum is rare), and a deal that still disagrees after that
is kept, as close as the core's deal can get (its view is the seat's all the same).

A playout ends with the game (the round: the ビリ is decided); the seat's value is minus its
ビリ count plus a little for going out early (a place's share), so that a playout says more
than ビリ or not. Playouts use `quick_policy`: a cheap rule-based player far closer to real play
than uniform moves (random play passes half the time).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from familia_tui.core.cards import JOKER, Card
from familia_tui.core.sampling import deal_unseen
from familia_tui.core.search import SearchSpec, Unseen
from familia_tui.core.table import SharedRandom, seat_ring
from familia_tui.games.daifugo.actions import PASS, Action, Play
from familia_tui.games.daifugo.deck import (
    CARD,
    CARD_INDEX,
    HEART,
    JOKER_INDEX,
    NATURALS,
    POS3,
    POS_OF_RANK,
    VALUE,
)
from familia_tui.games.daifugo.families import Rulebook
from familia_tui.games.daifugo.legal import Phase
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.results import SessionResult
from familia_tui.games.daifugo.rules import DaifugoState, GameLog, Plan
from familia_tui.games.daifugo.shapes import legal_shape
from familia_tui.games.daifugo.view import DaifugoView

EXPLORE = 0.05
"""How often a playout's move is any legal one."""
CONTROL = 10
"""Strengths (0–12 in the lasting order) of the control cards a playout keeps: K A 2."""
ENDGAME = 3
"""With this many cards or fewer a playout's follow spends control cards and jokers freely."""
FINISH_SCAN = 8
"""A playout's leader with this many cards or fewer looks for a play that empties his hand."""
TRIES = 100
"""Deals tried per sample before one that disagrees with a sum the table saw is kept."""
REPAIRS = 400
"""Swaps tried per deal to give the seats shown a ドボン window the sum it showed."""
HEART3 = CARD[POS3][HEART]
_WORTH = {card: VALUE[POS_OF_RANK[card.rank]] for card in NATURALS} | {JOKER: 0}
"""Each card's ドボン value (C5; a joker's counts as declared, so 0 in a hand's sum)."""
PLACE_WEIGHT = 1.0
"""A playout's value of going out first rather than being the last to go out before ビリ: a
place counts far less than ビリ (the only result the rules define, DF-31), but it separates
good playouts from lucky ones."""


@dataclass(frozen=True, slots=True)
class _Step:
    """One play of the game, as the history check reads it."""

    seat: int
    natural_value: int
    jokers: int
    size: int
    naturals: tuple[int, ...]
    """The deck indexes of its natural cards."""
    value: int | None
    """Its ドボン value (or the trick's, with that option; None: no ドボン on it)."""
    uno_missed: bool
    """It left one card without ウノ in strict mode (the チョンボ window opened)."""
    windows: tuple[tuple[str, int], ...]
    """The call windows declined after it, in order."""
    turns: bool
    """It turned the order for good (革命, クーデター)."""


class _History:
    """What the view's seat saw happen this game, read once per view: the checks every deal of
    the unseen cards must pass."""

    def __init__(self, view: DaifugoView) -> None:
        options = view.options
        self.view = view
        self.n = len(view.seats)
        self.after = seat_ring(self.n).afters
        self.dobon_on = options.dobon != "off"
        self.strict = options.uno == "strict"
        self.auto = frozenset(s for s, seat in enumerate(view.seats)
                              if options.dobon == "auto" and seat.is_human)
        plays = [p for trick in view.finished for p in trick.plays]
        tricks = [len(trick.plays) for trick in view.finished] + [len(view.trick)]
        plays += [(p.seat, p.play) for p in view.trick]
        declined: dict[int, list[tuple[str, int]]] = {}
        for made, seat, kind in view.declines:
            declined.setdefault(made, []).append((kind, seat))
        steps, index = [], 0
        for size in tricks:
            total: int | None = 0
            for seat, play in plays[index:index + size]:
                shape = legal_shape(play)
                value = shape.value
                if options.dobon_sum == "trick":
                    total = None if total is None or value is None else total + value
                    value = total
                index += 1
                steps.append(_Step(seat, shape.natural_value, shape.jokers, shape.size,
                                   tuple(CARD_INDEX[c] for c in play.naturals), value,
                                   self.strict and not play.uno, tuple(declined.get(index, ())),
                                   shape.turns))
        self.steps = steps
        last_play = {seat: i for i, (seat, _) in enumerate(plays)}
        self.out_at = [len(steps) + 1] * self.n
        """The play after which each seat went out (−1: at the deal; past the end: holds cards)."""
        for seat, how in view.outs:
            self.out_at[seat] = -1 if how == "tenho" else last_play.get(seat, -1)
        self.window = view.phase in ("dobon", "chombo")
        book = Rulebook.of(view.families)
        self.nokoshi_sets, self.tenho_masks = book.nokoshi_sets, book.tenho_masks
        self.nokoshi_max = max((len(p) for _, p in self.nokoshi_sets), default=0)
        self.forbidden = book.forbidden[view.revolution]
        self.book = book
        self.stucks: dict[int, list[int]] = {}
        """Seats passed over as stuck, by the plays made before (DF-23a)."""
        for made, seat in view.stucks:
            self.stucks.setdefault(made, []).append(seat)
        self.leader = view.to_act if view.phase == "lead" and view.to_act != view.seat else None
        seen = [card for _, play in plays for card in play.naturals]
        seen += [card for cards in view.kept for card in cards]
        jokers = sum(len(play.jokers) for _, play in plays) + seen.count(JOKER)
        seen += view.hand
        jokers += view.hand.count(JOKER)
        gone = set(seen)
        self.places = [s for s in range(self.n) if s != view.seat and view.counts[s]]
        cards = [card for card in NATURALS if card not in gone] + [JOKER] * (4 - jokers)
        asked = {seat for _, seat, kind in view.declines if kind == "dobon"}
        if view.phase == "dobon" and view.to_act is not None:
            asked.add(view.to_act)
        everywhere = frozenset(range(len(self.places)))
        no_joker = frozenset(i for i, s in enumerate(self.places) if s not in asked)
        leader = frozenset(i for i, s in enumerate(self.places) if s == view.first_leader)
        may_hold = tuple(no_joker if card == JOKER else leader if card == HEART3 else everywhere
                         for card in cards)
        if self.leader is not None and view.counts[self.leader] == 1:  # not stuck (DF-23a)
            spared = frozenset(i for i, s in enumerate(self.places) if s != self.leader)
            may_hold = tuple(allowed & spared if card == JOKER or self.forbidden[POS_OF_RANK[card.rank]]
                             else allowed for card, allowed in zip(cards, may_hold, strict=True))
        constrained = any(len(allowed) < len(self.places) for allowed in may_hold)
        self.unseen = Unseen(tuple(cards), tuple(view.counts[s] for s in self.places),
                         may_hold if constrained else None)
        self.quick = self._quick(cards, may_hold)
        self.targets = self._targets(view)
        self.needs_check = (self.leader is not None or bool(self.nokoshi_sets) or bool(self.stucks)
                            or (self.dobon_on and any(s.value is not None for s in steps)) or self.strict)

    def _quick(self, cards: list[Card], may_hold: tuple[frozenset[int], ...]) -> tuple[Any, ...]:
        """The deal with the ♥3 put in its only place first: (cards, room, may_hold, the ♥3's
        place or None), the same deals as `unseen`'s at less cost (the core's constrained deal
        is slower, and most deals are constrained only by the ♥3)."""
        room = list(self.unseen.room)
        heart = None
        if HEART3 in cards and len(may_hold[cards.index(HEART3)]) == 1:
            index = cards.index(HEART3)
            (heart,) = may_hold[index]
            room[heart] -= 1
            cards = cards[:index] + cards[index + 1:]
            may_hold = may_hold[:index] + may_hold[index + 1:]
        free = all(len(allowed) == len(room) for allowed in may_hold)
        return tuple(cards), tuple(room), None if free else may_hold, heart

    def deal(self, rng: random.Random) -> list[list[Card]]:
        """A deal of the unseen cards by the per-card facts, asked seats given their sums."""
        cards, room, may_hold, heart = self.quick
        dealt = deal_unseen(cards, room, may_hold, rng, spare=True)
        if heart is not None:
            dealt[heart].append(HEART3)
        self.repair(dealt, rng)
        return dealt

    def _targets(self, view: DaifugoView) -> dict[int, int]:
        """The sum each asked seat's hand must have now (by place): the value of the play it was
        asked about, less its own plays since (C13)."""
        targets: dict[int, int] = {}
        asked = [(i, seat) for i, step in enumerate(self.steps) for kind, seat in step.windows
                 if kind == "dobon"]
        if view.phase == "dobon" and view.to_act is not None and self.steps:
            asked.append((len(self.steps) - 1, view.to_act))
        for i, seat in asked:
            value = self.steps[i].value
            if seat in self.places and value is not None:
                later = sum(step.natural_value for step in self.steps[i + 1:] if step.seat == seat)
                targets[self.places.index(seat)] = value - later
        return targets

    def repair(self, dealt: list[list[Card]], rng: random.Random) -> None:
        """Swap cards between the dealt hands until each asked seat's hand has its sum (or give
        up after `REPAIRS` tries): a random walk that never moves away from the sums, jokers
        and the first leader's ♥3 staying where they may be."""
        targets = self.targets
        if not targets:
            return
        worth = _WORTH
        off = {place: sum(worth[c] for c in dealt[place]) - target for place, target in targets.items()}
        places = len(dealt)
        for _ in range(REPAIRS):
            bad = [place for place, gap in off.items() if gap]
            if not bad:
                return
            place = bad[int(rng.random() * len(bad))]
            other = int(rng.random() * (places - 1))
            other += other >= place
            hand, them = dealt[place], dealt[other]
            if not hand or not them:
                continue
            i, j = int(rng.random() * len(hand)), int(rng.random() * len(them))
            mine, theirs = hand[i], them[j]
            if theirs in (JOKER, HEART3) or mine == HEART3:
                continue
            change = worth[theirs] - worth[mine]
            before = abs(off[place]) + abs(off.get(other, 0))
            after = abs(off[place] + change) + (abs(off[other] - change) if other in off else 0)
            if after <= before:
                hand[i], them[j] = theirs, mine
                off[place] += change
                if other in off:
                    off[other] -= change

    def hands(self, dealt: Sequence[Sequence[Card]]) -> list[list[Card]]:
        """Every seat's hand now: the view's own, the dealt ones, the kept ones of seats out."""
        view = self.view
        hands = [list(cards) for cards in view.kept]
        hands[view.seat] += view.hand  # kept, when it went out by 天和 or ○○残し
        for seat, cards in zip(self.places, dealt, strict=True):
            hands[seat] = list(cards)
        return hands

    def windows(self, hands: Sequence[Sequence[Card]]) -> list[tuple[str, int]]:
        """The call windows after the last play, from these hands (C13, DF-26a)."""
        sums = [sum(VALUE[POS_OF_RANK[c.rank]] for c in hand if not c.is_joker) for hand in hands]
        jokers = [sum(c.is_joker for c in hand) for hand in hands]
        counts = [len(hand) if self.out_at[s] > len(self.steps) else 0 for s, hand in enumerate(hands)]
        return self._windows(self.steps[-1], sums, jokers, counts)

    def _windows(self, step: _Step, sums: list[int], jokers: list[int],
                 counts: list[int]) -> list[tuple[str, int]]:
        others = [o for o in self.after[step.seat][:-1] if counts[o]]
        count = counts[step.seat]
        uno = step.uno_missed and count == 1
        found = []
        if self.dobon_on and count and step.value is not None:
            found = [("dobon", o) for o in others if sums[o] == step.value and not jokers[o]
                     and not (uno and o in self.auto)]
        if uno:
            found += [("chombo", o) for o in others]
        return found

    def agrees(self, hands: Sequence[Sequence[Card]]) -> bool:
        """Whether these hands (every seat's, now) agree with what the table saw this game."""
        if not self.needs_check:
            return True
        indexes = [[CARD_INDEX.get(c, JOKER_INDEX) for c in hand] for hand in hands]
        if self.leader is not None:  # the leader is not stuck, or he would have been (DF-23a)
            hand = indexes[self.leader]
            if all(i == JOKER_INDEX for i in hand) or (len(hand) == 1 and self.forbidden[hand[0] >> 2]):
                return False
        sums = [sum(VALUE[i >> 2] for i in hand if i < JOKER_INDEX) for hand in indexes]
        jokers = [hand.count(JOKER_INDEX) for hand in indexes]
        counts = [len(hand) for hand in indexes]
        last = len(self.steps) - 1
        out_at, auto, nokoshi_max = self.out_at, self.auto, self.nokoshi_max
        window = self.window
        revolution = self.view.revolution
        stucks = self.stucks
        for i in range(last, -1, -1):
            step = self.steps[i]
            seat = step.seat
            if stucks and i + 1 in stucks and not _all_stuck(stucks[i + 1], indexes, self.book, revolution):
                return False
            revolution ^= step.turns
            if (step.uno_missed or step.windows or (i == last and window)
                    or (self.dobon_on and step.value in sums and _matches(step, sums, jokers, counts))):
                held = [c if out_at[s] > i else 0 for s, c in enumerate(counts)]
                found = self._windows(step, sums, jokers, held)
                declined = list(step.windows)
                if i == last and self.window:
                    asked = len(declined)
                    if found[:asked] != declined or len(found) <= asked:
                        return False
                    if found[asked] != (str(self.view.phase), self.view.to_act):
                        return False
                    found = found[:asked + 1]
                elif found != declined:
                    return False
                if any(kind == "dobon" and seat in auto for kind, seat in found):
                    return False  # an automatic ドボン would have ended the game
            if (nokoshi_max and 2 <= counts[seat] <= nokoshi_max and out_at[seat] > i
                    and _nokoshi(indexes[seat], self.nokoshi_sets)):
                return False
            sums[seat] += step.natural_value
            jokers[seat] += step.jokers
            counts[seat] += step.size
            indexes[seat].extend(step.naturals)
            indexes[seat].extend([JOKER_INDEX] * step.jokers)
        if stucks and 0 in stucks and not _all_stuck(stucks[0], indexes, self.book, revolution):
            return False
        if self.nokoshi_sets:
            for seat in range(self.n):
                if out_at[seat] == -1:
                    continue
                hand = indexes[seat]
                rows = [0, 0, 0, 0]
                for index in hand:
                    if index < JOKER_INDEX:
                        rows[index & 3] |= 1 << (index >> 2)
                if any(rows[suit] & mask == mask for _, _, mask in self.tenho_masks for suit in range(4)):
                    return False
                if len(hand) <= nokoshi_max and _nokoshi(hand, self.nokoshi_sets):
                    return False
        return True


def _all_stuck(seats: list[int], hands: list[list[int]], book: Rulebook, revolution: bool) -> bool:
    """Each of these leaders was stuck (DF-23a): only jokers, or one card that may not finish."""
    forbidden = book.forbidden[revolution]
    for seat in seats:
        hand = hands[seat]
        if not (all(i == JOKER_INDEX for i in hand) or (len(hand) == 1 and forbidden[hand[0] >> 2])):
            return False
    return True


def _matches(step: _Step, sums: list[int], jokers: list[int], counts: list[int]) -> bool:
    """Some other seat's hand might match the play's value (a quick look before the windows are
    worked out: seats gone out are counted here too)."""
    value = step.value
    return any(total == value and not jokers[seat] and counts[seat] and seat != step.seat
               for seat, total in enumerate(sums))


def _nokoshi(hand: Sequence[int], sets: Sequence[tuple[str, tuple[int, ...]]]) -> bool:
    """The hand (deck indexes) is a ○○残し hand (DF-25a), as the engine tests it."""
    if JOKER_INDEX in hand:
        return False
    held = [0] * 13
    for index in hand:
        held[index >> 2] += 1
    return any(len(positions) == len(hand) and all(held[p] == 1 for p in positions)
               for _, positions in sets)


_last: tuple[Any, ...] = (None, None, None)
"""The last view read: (view, its `_History`, its template state), as a decision samples the
same view hundreds of times (one tuple, replaced whole: a bot thinking in another thread reads
a consistent one)."""


def _read(view: DaifugoView) -> tuple[_History, DaifugoState]:
    global _last
    last = _last
    if last[0] is not view:
        last = _last = (view, _History(view), _template(view))
    return last[1], last[2]


def unseen(view: DaifugoView) -> Unseen:
    """The sampler's first half: the cards `view.seat` has not seen, for the other seats still
    holding cards (jokers only where no window showed a joker-free hand; the unplayed ♥3 with
    the first leader)."""
    return _read(view)[0].unseen


def build(view: DaifugoView, dealt: list[list[Card]]) -> DaifugoState:
    """The sampler's second half: the state with those hands and everything else from the view."""
    history, template = _read(view)
    state = DaifugoState.__new__(DaifugoState)
    fields = template.__dict__.copy()  # a clone of the template, sharing its SharedRandom: it
    # deals only the games after the playouts' horizon, the search's own guess
    fields["session"] = template.session.clone()
    fields["log"] = template.log.clone()
    for name in ("trick", "passed", "pending", "events"):
        fields[name] = list(fields[name])
    state.__dict__ = fields
    hands = history.hands(dealt)
    for seat in range(len(hands)):
        if history.out_at[seat] <= len(history.steps):
            hands[seat] = []  # out: its kept cards are out of play
    state._set_hands([[CARD_INDEX.get(c, JOKER_INDEX) for c in hand] for hand in hands])
    if history.window:
        found = history.windows(history.hands(dealt))
        asked = len(history.steps[-1].windows)
        assert view.to_act is not None
        now = (str(view.phase), view.to_act)
        rest = found[asked + 1:] if len(found) > asked and found[asked] == now else found[asked:]
        state.pending = [now, *(w for w in rest if w != now)]
    return state


def _template(view: DaifugoView) -> DaifugoState:
    """A state with every public field of the view and no hands yet."""
    options: DaifugoOptions = view.options
    state = DaifugoState.__new__(DaifugoState)
    n = len(view.seats)
    state.plan, state.seats, state.seed = Plan.of(options), view.seats, None
    state.rng = SharedRandom(view.game)
    state.session = SessionResult(tuple(s.name for s in view.seats), options.games, list(view.games_played))
    state.events, state._legal = [], None
    state.is_over = view.phase == "over"
    state.to_act, state.phase = view.to_act, Phase(view.phase)
    state.use_families(view.families)
    state.revolution, state.trick_reverse = view.revolution, view.trick_reverse
    top = view.top
    state.top = legal_shape(top.play) if top else None
    state.top_seat = top.seat if top else None
    state.trick = [(p.seat, p.play) for p in view.trick]
    state.passed = list(view.passed)
    state.suit_lock = tuple("SHDC".index(x) for x in view.suit_lock) if view.suit_lock else None
    state.number_lock = view.number_lock
    state.pending = []
    state.uno_missed = view.uno_missed
    state.leader = view.leader
    log = state.log = GameLog(view.rule_card, n)
    log.places = list(view.places)
    log.kept = [list(cards) for cards in view.kept]
    plays = [p for trick in view.finished for p in trick.plays] + state.trick
    log.revolutions = sum(legal_shape(play).turns for _, play in plays)
    log.first_leader, log.outs = view.first_leader, view.outs
    log.finished, log.declines, log.stucks = view.finished, view.declines, view.stucks
    state._set_hands([[] for _ in range(n)])
    return state


def deal(view: DaifugoView, rng: random.Random) -> list[list[Card]]:
    """A deal of the unseen cards by the per-card facts, the asked seats' hands mended towards
    the sums they showed (`_History.deal`)."""
    return _read(view)[0].deal(rng)


def accept(view: DaifugoView, dealt: list[list[Card]]) -> bool:
    """Whether a deal agrees with the hand sums and hands the table saw (`_History.agrees`): the
    search deals again when not, `TRIES` deals at most (see the module)."""
    history = _read(view)[0]
    return history.agrees(history.hands(dealt))


def horizon(state: DaifugoState) -> int:
    """The game (round) in play: a playout stops when its ビリ is decided."""
    return state.game_no + state.is_over


def value(state: DaifugoState, seat: int) -> float:
    """Minus the seat's ビリ count, plus a place's share for each game it went out in (first
    place most): the ビリ is what the rules score (DF-31)."""
    session = state.session
    total = 0.0
    n = state.n
    for game in session.games:
        if game.biri == seat:
            total -= 1.0
        elif seat in game.places:
            total += PLACE_WEIGHT * (n - 1 - game.places.index(seat)) / (n - 1)
    return total


def quick_policy(state: DaifugoState, rng: random.Random) -> Action:
    """A playout's move: the basic idea of shedding cheaply, at a few operations a move. Calls
    are made (a window's seat holds the match); a play that empties the hand is made; a lead
    sheds the most cards of the weakest rank, without jokers; a follow plays the weakest answer
    without jokers most of the time, a joker seldom, and passes otherwise; now and then any
    legal move, so that the playouts try everything. With strict ウノ a play that leaves one
    card says it (DF-26a)."""
    action = _shed(state, rng)
    if state.plan.strict_uno and type(action) is Play and not action.uno:
        left = state.counts[state.to_act] - len(action.naturals) - len(action.jokers)  # type: ignore[index]
        if left == 1:
            return action._replace(uno=True)
    return action


def _shed(state: DaifugoState, rng: random.Random) -> Action:
    """`quick_policy`'s move before ウノ is said."""
    legal = state.legal_actions()
    first = legal[0]
    if len(legal) == 1 or (first is not PASS and not isinstance(first, Play)):
        return first  # a call window: call (the engine lists the call first)
    roll = rng.random()
    if roll < EXPLORE:
        return legal[int(rng.random() * len(legal))]
    count = state.counts[state.to_act]  # type: ignore[index]
    if first is PASS:
        top = state.top
        if top is not None and top.size == count:
            return legal[1]  # it goes out (the engine offers no forbidden finish)
        for action in legal:
            if action is not PASS and not action.jokers:  # type: ignore[union-attr]
                pos = POS_OF_RANK[action.naturals[0].rank]  # type: ignore[union-attr]
                if count > ENDGAME and (12 - pos if state.revolution else pos) >= CONTROL:
                    return action if roll < 0.4 else PASS  # a control card: keep it, mostly
                return action if roll < 0.85 else PASS
        return legal[1] if roll < (0.6 if count <= ENDGAME else 0.15) else PASS
    best: Play | None = None
    rank = 0
    scan = count <= FINISH_SCAN  # a play may empty the hand: look at every one
    for action in legal if not state.revolution else reversed(legal):
        play: Play = action  # type: ignore[assignment]
        naturals = play.naturals
        if scan and len(naturals) + len(play.jokers) == count:
            return play
        if play.jokers or naturals[-1].rank != naturals[0].rank:
            continue  # jokers are kept; sequences come last and are left to chance
        if best is None:
            best, rank = play, naturals[0].rank
        elif naturals[0].rank == rank:
            if len(naturals) > len(best.naturals):
                best = play
        elif not scan:
            break
    return best or first


def same_play(view: DaifugoView, legal: Sequence[Action]) -> list[Hashable]:
    """The search's key of actions it treats as one: plays that differ only in the suits their
    jokers are declared as, where no suit lock is at stake now. An approximation, and why:

    A declared joker's rank counts (strength, the number lock, ドボン values, DF-12, C5) and is
    kept apart. Its suit counts only for the suit lock (DF-10a, DF-10): whether this play locks
    the trick now, and which later plays could lock on it. Plays that lock now, or follow a
    lock already in place, have the lock's suits, so they are kept apart by those (exact). The
    others differ only in the suits a later play must show to lock on them, which turns on hands
    the seat cannot see: the search takes them as one and plays the first of them in the
    engine's order (its jokers declared ♠ first, so a suit often doubled: a lock the others can
    only make with jokers of their own). The engine already makes one play of declarations that
    cannot differ at all (jokers in 8s). What it buys: a lead with three jokers beside a card
    offers some thirty plays per rank, hundreds in all, far more than a decision's playouts; they
    become one per rank and joker count."""
    top = view.top
    previous = legal_shape(top.play).lock_suits if top is not None else None
    locked = view.suit_lock is not None
    keys: list[Hashable] = []
    for action in legal:
        if type(action) is not Play or not action.jokers or JOKER in action.jokers:
            keys.append(action)
            continue
        suits = legal_shape(action).lock_suits
        at_stake = locked or (previous is not None and suits == previous)
        keys.append((action.naturals, action.uno, tuple(card.rank for card in action.jokers),
                     suits if at_stake else None))
    return keys


SEARCH = SearchSpec(unseen=unseen, build=build, horizon=cast(Any, horizon), value=cast(Any, value),
                    playout=cast(Any, quick_policy), deal=deal, accept=accept, tries=TRIES,
                    key=cast(Any, same_play))
"""The search bot's Daifugō."""
