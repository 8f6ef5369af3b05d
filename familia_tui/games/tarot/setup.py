"""Starting a Tarot game from stacked deals or from a position (scenarios, tests, bug reports).

A **stacked deal** (`deal:` in a scenario) places the first deal's cards: `hands` (a list in seat
order, or a mapping seat → cards), `chien`, and optionally `dealer` (the first dealer's seat;
default the options' `first_dealer`, else seat 0), `voids` (seat → letters the filler must not
give that hand: S H D C, T for trumps, X for the Excuse) and `then` (a list of further deals,
same keys but `dealer`, used for the following deals, annulled ones included).

Seats are numbered from 0 in the order of play; the seat after the dealer bids first and leads
the first trick (the taker leads after a slam announcement). The filler also keeps a position's
hands consistent with the cards played: a seat that did not follow, trump or overtrump is given
no card that would have obliged it to.

A **position** (`position:`) is any moment of a hand, written as it stands now:

- `dealer` (default: the options' `first_dealer`, else 0), `hands` (seat → the cards held
  now), `chien` (as dealt), `voids`;
- the bidding: `bids` (the speeches so far from the seat after the dealer: `pass`, `prise`,
  `garde`, `garde-sans`, `garde-contre`), or the shortcut `taker` + `contract` (everyone else
  passed); all passes with the Grasch option on give a Grasch hand;
- `called` (5 players), `ecart` (the taker's discards so far), `slam` (true/false);
- `declarations` (seat → list of declarations in the action notation without `declare`, made at
  that seat's first card: `[poignee-simple T21 T20 …, misere-faces]`);
- `tricks` (the finished tricks, each a list of cards in play order from its leader) and
  `trick_cards` (the trick in play so far);
- `phase` (`bid`, `call`, `ecart`, `slam`, `play`): where the position stops; default `play` once
  the bidding is over, else `bid`.

Cards a start leaves out are placed by a seeded filler, which never deals a petit sec the given
cards do not force. A position is rebuilt as the hand's deal and replayed through the engine, so
every bid, call, discard, declaration and card is checked against the rules; a position that the
rules cannot reach is a `SetupError` saying which step fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from familia_tui.core.engine import IllegalAction, Seat
from familia_tui.core.errors import FamiliaTuiError
from familia_tui.core.position import (
    SetupError,
    card_list,
    per_seat,
    seat_letters,
    seat_number,
)
from familia_tui.core.table import seat_ring
from familia_tui.games.tarot.actions import (
    BID,
    CALL,
    DISCARD,
    PASS,
    PLAY,
    SLAM,
    Action,
    Contract,
    parse_action,
)
from familia_tui.games.tarot.cards import (
    CARDS,
    EXCUSE_SUIT,
    KING,
    NO_SUIT,
    PETIT,
    RANK,
    SUIT,
    TRUMP,
    Card,
    CardError,
    parse_cards,
)
from familia_tui.games.tarot.options import TarotOptions
from familia_tui.games.tarot.rules import StackedDeal, TarotState
from familia_tui.games.tarot.trick import trick_winner

ATTEMPTS = 200
"""Fills tried before a start is declared impossible (a petit sec forced, voids too tight)."""
PHASES = ("bid", "call", "ecart", "slam", "play")
VOID_LETTERS = "SHDCTX"
"""A void letter per `SUIT` value: the four suits, trumps, the Excuse."""


__all__ = ["SetupError", "position_state", "stacked_deals"]


CardTest = Callable[[Card], bool]
"""Which free cards the filler may give (`None`: any)."""


def _card_list(value: str | Iterable[object] | None, where: str) -> list[Card]:
    return card_list(value, where, parse_cards, (CardError, TypeError))


def _seat_key(key: object, seats: int, where: str) -> int:
    return seat_number(key, seats, where)


def _per_seat(data: Mapping[str, Any], key: str, seats: int) -> dict[int, Any]:
    return per_seat(data, key, seats)


def _voids(data: Mapping[str, Any], seats: int) -> dict[int, set[int]]:
    letters = seat_letters(data, "voids", seats, VOID_LETTERS, "use S, H, D, C, T (trumps), X (Excuse)")
    return {seat: {VOID_LETTERS.index(letter) for letter in text} for seat, text in letters.items()}


class _Fill:
    """Places the cards a start leaves out, from a seeded shuffle of the free cards."""

    def __init__(self, placed: Mapping[str, Sequence[Card]], rng: random.Random) -> None:
        """`placed`: the cards the start gives, by where they are (`hands.2`, `tricks.0` …)."""
        seen: dict[Card, str] = {}
        for where, cards in placed.items():
            for card in cards:
                if card in seen:
                    raise SetupError(f"{card} is placed twice ({seen[card]} and {where})")
                seen[card] = where
        self.free = [c for c in CARDS if c not in seen]
        rng.shuffle(self.free)

    def take(self, cards: list[Card], size: int, where: str, avoid: AbstractSet[int] = frozenset(),
             only: CardTest | None = None) -> list[Card]:
        """`cards` topped up to `size` with free cards outside the `avoid` suits (and passing
        `only`, when given)."""
        if len(cards) > size:
            raise SetupError(f"{where}: {len(cards)} cards given but it holds {size} here")
        picked = [c for c in self.free if SUIT[c] not in avoid and (only is None or only(c))]
        picked = picked[:size - len(cards)]
        if len(picked) < size - len(cards):
            raise SetupError(f"{where}: needs {size} cards but only {len(cards) + len(picked)} fit")
        chosen = set(picked)
        self.free = [c for c in self.free if c not in chosen]
        return cards + picked


def _petit_sec(hand: Sequence[Card]) -> bool:
    trumps = [c for c in hand if SUIT[c] >= TRUMP]
    return trumps == [PETIT]


def _deal_once(options: TarotOptions, data: Mapping[str, Any], rng: random.Random,
               where: str) -> StackedDeal:
    """One stacked deal; the filler avoids any petit sec the given cards do not force."""
    n, size = options.players, options.hand_size
    hands = {s: _card_list(v, f"{where}hands.{s}") for s, v in _per_seat(data, "hands", n).items()}
    chien = _card_list(data.get("chien"), f"{where}chien")
    voids = _voids(data, n)
    order = sorted(range(n), key=lambda s: s not in voids)
    for _ in range(ATTEMPTS):
        fill = _Fill({**{f"{where}hands.{s}": cards for s, cards in hands.items()},
                      f"{where}chien": chien}, rng)
        full = {s: fill.take(list(hands.get(s, [])), size, f"{where}hands.{s}", voids.get(s, set()))
                for s in order}
        dog = fill.take(list(chien), options.chien_size, f"{where}chien")
        if not any(_petit_sec(full[s]) and len(hands.get(s, [])) < size for s in range(n)):
            return StackedDeal(tuple(tuple(full[s]) for s in range(n)), tuple(dog))
    raise SetupError(f"{where}hands: every fill gives someone a petit sec; place more cards")


def stacked_deals(options: TarotOptions, data: Mapping[str, Any],
                  seed: int = 0) -> tuple[list[StackedDeal], int]:
    """The stacked deals of a `deal:` mapping (the first, then `then`), and the first dealer
    (`dealer`, else the options' `first_dealer`, else seat 0)."""
    rng = random.Random(seed)
    later = data.get("then") or []
    if not isinstance(later, list):
        raise SetupError("then: a list of further deals")
    deals = [_deal_once(options, data, rng, "")]
    deals += [_deal_once(options, extra, rng, f"then.{i}.") for i, extra in enumerate(later)]
    dealer = data.get("dealer", options.first_dealer if options.first_dealer is not None else 0)
    return deals, _seat_key(dealer, options.players, "dealer")


# ----- positions -----


def position_state(options: TarotOptions, seats: Sequence[Seat], data: Mapping[str, Any],
                   seed: int = 0) -> TarotState:
    """A state at any moment of a hand, as the position describes it (see the module docstring)."""
    plan = _Plan(options, data)
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        deal = plan.deal(rng)
        if deal is not None:
            break
    else:
        raise SetupError("hands: every fill gives someone a petit sec (the deal would be annulled)")
    state = TarotState(options, seats, seed, [deal], plan.dealer)
    for step, action in plan.actions():
        try:
            state.apply(action)
        except IllegalAction as error:
            raise SetupError(f"{step}: {error}") from None
    state.events = []
    return state


class _Plan:
    """A position read and checked: who played what, and the sizes of every place."""

    def __init__(self, options: TarotOptions, data: Mapping[str, Any]) -> None:
        self.options, self.data, self.n = options, data, options.players
        self.ring = seat_ring(self.n)
        self.dealer = _seat_key(data.get("dealer", options.first_dealer or 0), self.n, "dealer")
        self.bidders = self.ring.after(self.dealer)
        """The seats in bidding order: from the one after the dealer."""
        self.bids = self._bids()
        taker_bids = [(i, c) for i, c in enumerate(self.bids) if c is not None]
        self.taker = self.bidders[taker_bids[-1][0]] if taker_bids else None
        self.contract = taker_bids[-1][1] if taker_bids else None
        self.phase = self._phase()
        self.called = self._called()
        self.ecart = _card_list(data.get("ecart"), "ecart")
        self.slam = bool(data.get("slam", False))
        if self.slam and self.taker is None:
            raise SetupError("slam: only a taker announces a slam")
        self.tricks = [_card_list(t, f"tricks.{i}") for i, t in enumerate(data.get("tricks") or [])]
        self.current = _card_list(data.get("trick_cards"), "trick_cards")
        self.hands = {s: _card_list(v, f"hands.{s}") for s, v in _per_seat(data, "hands", self.n).items()}
        self.chien = _card_list(data.get("chien"), "chien")
        self.voids = _voids(data, self.n)
        """Seat → suits it holds none of now: given, and inferred from the cards played."""
        self.caps: dict[int, int] = {}
        """Seat → the highest trump it may still hold (it played under a higher trump)."""
        self.played = self._read_tricks()
        self._check()

    # ----- reading the position -----

    def _bids(self) -> list[Contract | None]:
        data = self.data
        if "bids" in data:
            words = data["bids"] or []
            if not isinstance(words, list) or len(words) > self.n:
                raise SetupError(f"bids: a list of at most {self.n} speeches")
            try:
                return [None if str(w) == "pass" else Contract(str(w)) for w in words]
            except ValueError:
                raise SetupError(f"bids: {words!r} — use pass, {', '.join(Contract)}") from None
        if "taker" in data or "contract" in data:
            taker = _seat_key(data.get("taker"), self.n, "taker")
            try:
                contract = Contract(str(data.get("contract")))
            except ValueError:
                raise SetupError(f"contract: {data.get('contract')!r} — use {', '.join(Contract)}") from None
            return [contract if seat == taker else None for seat in self.bidders]
        return []

    def _phase(self) -> str:
        done = len(self.bids) == self.n and (self.taker is not None or self.options.grasch)
        phase = str(self.data.get("phase", "play" if done else "bid"))
        if phase not in PHASES:
            raise SetupError(f"phase: {phase!r} — use one of {', '.join(PHASES)}")
        if len(self.bids) == self.n and self.taker is None and not self.options.grasch:
            raise SetupError("bids: everyone passed, so the hand would be annulled (Grasch is off)")
        if phase != "bid" and not done:
            raise SetupError(f"phase: {phase} needs the bidding over (bids, or taker and contract)")
        if phase in ("call", "ecart", "slam") and self.taker is None:
            raise SetupError(f"phase: {phase} needs a taker (a Grasch hand goes straight to play)")
        if phase == "call" and self.n != 5:
            raise SetupError("phase: call is a 5-player phase")
        if phase == "ecart" and not (self.contract and self.contract.exchanges):
            raise SetupError("phase: ecart needs a Prise or Garde")
        return phase

    def _taker_seat(self) -> int:
        """The taker's seat, for a step that only a taker makes (checked by `_phase`)."""
        if self.taker is None:
            raise SetupError("this position has no taker")
        return self.taker

    def _first_leader(self) -> int:
        """The first trick's leader: the taker after a slam announcement (a slam needs a taker),
        else the seat after the dealer [A7]."""
        return self._taker_seat() if self.slam else self.ring.next(self.dealer)

    def _called(self) -> Card | None:
        if self.n != 5 or self.taker is None or self.phase in ("bid", "call"):
            return None
        if "called" not in self.data:
            raise SetupError("called: a 5-player position after the call names the called card")
        cards = _card_list([self.data["called"]], "called")
        return cards[0]

    def _read_tricks(self) -> dict[int, list[Card]]:
        """The cards each seat played (finished tricks and the trick in play), and what they say
        about the hands now: a seat that did not follow was void in the led suit, one that did
        not trump had none, one that played under the highest trump held nothing higher [A9].
        The filler respects it (`voids`, `caps`); the replay checks given hands."""
        if (self.tricks or self.current) and self.phase != "play":
            raise SetupError("tricks: cards are played only in phase play")
        if len(self.tricks) >= self.options.tricks:
            raise SetupError("tricks: a position is inside a hand (play the last trick with steps)")
        ring, leader = self.ring, self._first_leader()
        played: dict[int, list[Card]] = {s: [] for s in range(self.n)}
        inferred: dict[int, set[int]] = {}
        for number, cards in enumerate([*self.tricks, self.current]):
            if len(cards) > self.n or (number < len(self.tricks) and len(cards) != self.n):
                raise SetupError(f"tricks.{number}: a trick has {self.n} cards")
            led, top = NO_SUIT, -1
            for i, card in enumerate(cards):
                seat, suit = ring.step(leader, i), SUIT[card]
                if suit in inferred.get(seat, ()) or (suit == TRUMP and card > self.caps.get(seat, card)):
                    raise SetupError(f"tricks: seat {seat} plays {card}, but an earlier card showed "
                                     "it could not hold it (it did not follow, trump or overtrump)")
                played[seat].append(card)
                if suit != EXCUSE_SUIT and led != NO_SUIT:
                    if suit != led:
                        inferred.setdefault(seat, set()).add(led)
                    if suit not in (led, TRUMP):
                        inferred[seat].add(TRUMP)
                    if suit == TRUMP and card < top:
                        self.caps[seat] = min(self.caps.get(seat, top), top)
                if led == NO_SUIT and suit != EXCUSE_SUIT:
                    led = suit
                top = max(top, card) if suit == TRUMP else top
            if len(cards) == self.n:
                leader = ring.step(leader, trick_winner(cards))
        for seat, suits in inferred.items():
            self.voids.setdefault(seat, set()).update(suits)
        return played

    def _allows(self, seat: int, forced: bool) -> CardTest | None:
        """The filler's test for the cards `seat` may be given now (trump cap, forced écart)."""
        cap = self.caps.get(seat)
        if cap is None and not forced:
            return None
        return lambda c: (cap is None or SUIT[c] != TRUMP or c < cap) and not (forced and self._plain_discard(c))

    def _check(self) -> None:
        if self.ecart and not (self.contract and self.contract.exchanges and self.phase != "bid"):
            raise SetupError("ecart: only a Prise or Garde taker discards")
        absorbed = self._absorbs_chien()
        if absorbed:
            taker = self._taker_seat()
            stray = [c for c in self.chien if c not in self._taker_pool_given()]
            room = self.size(taker) - len(self.hands.get(taker, []))
            if len(stray) > room:
                raise SetupError("chien: the taker took the chien, but his hand has no room for "
                                 f"{' '.join(map(str, stray))}")
            self.hands[taker] = [*self.hands.get(taker, []), *stray]

    # ----- sizes and places -----

    def _absorbs_chien(self) -> bool:
        """Prise/Garde past the call: the chien went into the taker's hand."""
        return bool(self.contract and self.contract.exchanges and self.phase in ("ecart", "slam", "play"))

    def _ecart_size(self) -> int:
        if not self._absorbs_chien():
            return 0
        return len(self.ecart) if self.phase == "ecart" else self.options.chien_size

    def size(self, seat: int) -> int:
        """Cards `seat` holds now."""
        size = self.options.hand_size - len(self.played[seat])
        if seat == self.taker and self._absorbs_chien():
            size += self.options.chien_size - self._ecart_size()
        return size

    def _taker_pool_given(self) -> list[Card]:
        taker = self._taker_seat()
        return [*self.hands.get(taker, []), *self.played[taker], *self.ecart]

    # ----- the deal -----

    def _plain_discard(self, card: Card) -> bool:
        """A card the taker may discard while he holds any such card: a suit card other than a
        king and the called card [A6, TA-14a]."""
        return SUIT[card] < TRUMP and RANK[card] != KING and card != self.called

    def deal(self, rng: random.Random) -> StackedDeal | None:
        """The hand's deal, reconstructed with a fill; None when the fill deals a petit sec."""
        n, taker, absorbed = self.n, self.taker, self._absorbs_chien()
        placed = {f"hands.{s}": cards for s, cards in self.hands.items()}
        placed.update({f"cards played by seat {s}": cards for s, cards in self.played.items()})
        placed.update(ecart=self.ecart, chien=[] if absorbed else self.chien)
        fill = _Fill(placed, rng)
        ecart: list[Card] = []
        if absorbed:
            ecart = fill.take(list(self.ecart), self._ecart_size(), "ecart", only=self._plain_discard)
        forced = absorbed and any(SUIT[c] == TRUMP for c in self.ecart)
        order = sorted(range(n), key=lambda s: s not in self.voids)
        hands = {s: fill.take(list(self.hands.get(s, [])), self.size(s), f"hands.{s}",
                              self.voids.get(s, set()), only=self._allows(s, forced and s == taker))
                 for s in order}
        if absorbed:
            taker = self._taker_seat()
            pool = [*hands[taker], *self.played[taker], *ecart]
            extra = [c for c in pool if c not in self.chien]
            rng.shuffle(extra)
            chien = self.chien + extra[:self.options.chien_size - len(self.chien)]
            dealt = {s: hands[s] + self.played[s] for s in range(n)}
            dealt[taker] = [c for c in pool if c not in chien]
        else:
            chien = fill.take(list(self.chien), self.options.chien_size, "chien")
            dealt = {s: hands[s] + self.played[s] for s in range(n)}
        if any(_petit_sec(dealt[s]) for s in range(n)):
            return None
        self.ecart_final = ecart
        return StackedDeal(tuple(tuple(sorted(dealt[s])) for s in range(n)), tuple(chien))

    # ----- the actions that lead to the position -----

    def actions(self) -> list[tuple[str, Action]]:
        """(where, action) in order: bids, call, discards, slam, declarations and cards."""
        steps: list[tuple[str, Action]] = [
            (f"bids.{i}", PASS if c is None else BID[c]) for i, c in enumerate(self.bids)]
        phase = PHASES.index(self.phase)
        if self.called is not None:
            steps.append(("called", CALL[self.called]))
        if self._absorbs_chien():
            ecart = sorted(self.ecart_final, key=lambda c: SUIT[c] == TRUMP)
            steps += [("ecart", DISCARD[c]) for c in ecart]
        if phase >= PHASES.index("play") and self.taker is not None:
            steps.append(("slam", SLAM[self.slam]))
        return steps + self._play_steps()

    def _play_steps(self) -> list[tuple[str, Action]]:
        declared = _per_seat(self.data, "declarations", self.n)
        first = self.tricks[0] if self.tricks else self.current
        ring, leader = self.ring, self._first_leader()
        played_first = {ring.step(leader, i) for i in range(len(first))}
        early = sorted(set(declared) - played_first)
        if early:
            raise SetupError(f"declarations.{early[0]}: declarations are made at the first card, "
                             "and this seat has not played yet (declare in a step instead)")
        steps: list[tuple[str, Action]] = []
        for number, cards in enumerate([*self.tricks, self.current]):
            for i, card in enumerate(cards):
                seat = ring.step(leader, i)
                if number == 0:
                    for text in declared.get(seat) or []:
                        steps.append((f"declarations.{seat}", _declaration(str(text), seat)))
                steps.append((f"tricks.{number}" if number < len(self.tricks) else "trick_cards",
                              PLAY[card]))
            if len(cards) == self.n:
                leader = ring.step(leader, trick_winner(cards))
        return steps


def _declaration(text: str, seat: int) -> Action:
    try:
        return parse_action(f"declare {text}")
    except FamiliaTuiError as error:
        raise SetupError(f"declarations.{seat}: {error}") from None
