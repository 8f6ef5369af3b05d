"""The choices of each Tarot decision, built from the legal actions, and the decisions made in
several picks (`core/picks.py`): a poignée's shown trumps and the cards of the écart.

- The poignée: exactly `choose` trumps of the level's pool join its fixed cards [A8, TA-11];
  a trump beyond that is refused (dimmed), and OK is lit once the picks make one `declare`.
- The écart: a set of cards that some order of legal `discard`s makes [A6, TA-2]. The engine
  alone says which: the picks try the discards out on a copy of the table (`Table.after`),
  suit cards before trumps, as the engine takes them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from familia_tui.core.picks import RulePicks, choose_from
from familia_tui.core.session import Table
from familia_tui.games.tarot.actions import (
    BID,
    CALL,
    DECLARE_NONE,
    DISCARD,
    PASS,
    PLAY,
    SLAM,
    Bid,
    Call,
    Contract,
    Declare,
    DeclareNone,
    Discard,
    Pass,
    Slam,
)
from familia_tui.games.tarot.cards import KING, Card, plain
from familia_tui.games.tarot.declarations import ActionList, Handful
from familia_tui.games.tarot.view import TarotView
from familia_tui.tui.games.tarot.widgets import card_markup, cards_markup, contract_name
from familia_tui.tui.widgets.choices import Chip, Choice, ChoiceBar

Translate = Callable[..., str]


@dataclass(frozen=True)
class Step:
    """A choice that moves the screen on without an action: a poignée level whose trumps are
    chosen next, a trump ticked for it, back."""

    name: str
    level: Handful | None = None
    card: Card | None = None


def bid_choices(legal: Sequence[object], t: Translate) -> list[Choice]:
    """Pass and the four contracts, those not higher than the highest bid dimmed (the line under
    the choices gives the multiplier and what the contract means)."""
    return [Choice(t("tarot.ui.pass"), PASS in legal, PASS)] + [
        Choice(contract_name(str(c), t), BID[c] in legal, BID[c]) for c in Contract]


def call_choices(view: TarotView, legal: Sequence[object], t: Translate, glyphs: str) -> list[Choice]:
    """The four kings, and the lower honours when the taker holds every higher one."""
    cards = [plain(KING, suit) for suit in range(4)]
    cards += [a.card for a in legal if isinstance(a, Call) and a.card not in cards]
    own = f" [dim]({t('tarot.ui.in_hand')})[/]"
    return [Choice(card_markup(c, glyphs) + (own if c in view.hand else ""), CALL[c] in legal, CALL[c])
            for c in cards]


def declarations_on_offer(legal: Sequence[object]) -> tuple[tuple[Handful, ...], list[Declare]]:
    """(the poignée levels, the misères) among the legal actions of a first card."""
    if isinstance(legal, ActionList):
        return legal.handfuls, [a for a in legal.actions if isinstance(a, Declare)]
    return (), [a for a in legal if isinstance(a, Declare)]


def declare_choices(view: TarotView, legal: Sequence[object], t: Translate) -> list[Choice]:
    """The poignées on offer (highest first), the misères, and no (more) declaration (the
    engine's `declare none`, which closes the seat's declarations for the hand)."""
    levels, miseres = declarations_on_offer(legal)
    choices = [Choice(f"{_capital(t(f'tarot.kind.{level.kind}'))} ({len(level.fixed) + level.choose})",
                      True, Step("poignee", level)) for level in reversed(levels)]
    choices += [Choice(_capital(t(f"tarot.kind.{m.kind}")), True, m) for m in miseres]
    done = any(d.seat == view.seat for d in view.declarations)
    choices.append(Choice(t("tarot.ui.no_more" if done else "tarot.ui.no_declaration"),
                          DECLARE_NONE in legal, DECLARE_NONE))
    return choices


# ----- a poignée's trumps -----

def poignee_picks(level: Handful) -> RulePicks[Card, Declare]:
    """Exactly `choose` trumps of the level's pool, shown with its fixed cards [A8, TA-11]."""
    return choose_from(level.pool, level.choose, lambda picked: Declare(level.kind, (*level.fixed, *picked)))


def pick_choices(level: Handful, picked: Sequence[Card], t: Translate, glyphs: str) -> list[Choice]:
    """Which trumps a poignée shows: OK (lit once the picks make the declaration), Back, the
    trumps (one more than the level shows is dimmed)."""
    picks = poignee_picks(level)
    made = picks.made(picked)
    declare = made[0] if len(made) == 1 else Declare(level.kind, (*level.fixed, *picked))
    ok = Choice(t("tarot.ui.ok"), len(made) == 1, declare)
    return [ok, Choice(t("tarot.ui.back"), True, Step("back"))] + [
        Choice(card_markup(c, glyphs), c in picked or picks.may_add(picked, c), Step("trump", card=c),
               marked=c in picked) for c in level.pool]


# ----- the écart -----

Ecart = tuple[Discard, ...]
"""An écart as the engine takes it: its discards in a legal order."""


def ecart_order(table: Table, cards: Sequence[Card], size: int) -> Ecart | None:
    """The discards that make an écart of `size` cards holding `cards`, in an order the engine
    takes (suit cards before trumps), filled up with other legal discards when `cards` is not
    complete; None when no legal écart holds them all. `legal_actions()` decides alone."""
    current: Table | None = table
    pending, order = list(cards), list[Discard]()
    for _ in range(size):
        assert current is not None
        legal = current.legal_actions()
        action = next((DISCARD[c] for c in pending if DISCARD[c] in legal), None)
        if action is None and len(order) + len(pending) < size:
            action = next((a for a in legal if isinstance(a, Discard) and a.card not in pending), None)
        if action is None:
            return None
        pending = [c for c in pending if c != action.card]
        current = current.after([action])
        order.append(action)
    return tuple(order) if not pending else None


def ecart_picks(table: Table) -> RulePicks[Card, Ecart]:
    """The écart's picks: cards that some legal écart holds together, and the écart they make
    once there are as many as it needs (the engine's count, `ecart_left`)."""
    size = table.public_view().ecart_left

    def extends(picked: Sequence[Card]) -> bool:
        return len(picked) <= size and ecart_order(table, picked, size) is not None

    def made(picked: Sequence[Card]) -> list[Ecart]:
        order = ecart_order(table, picked, size) if len(picked) == size else None
        return [order] if order is not None else []

    return RulePicks(extends, made)


def ecart_choices(hand: Sequence[Card], ticked: Sequence[Card], picks: RulePicks[Card, Ecart],
                  full: bool, glyphs: str) -> list[Choice]:
    """The hand's cards, ticked ones marked: a ticked card may be unticked; another is lit when
    some legal écart holds it with the ticked ones (when the set is full: holds it at all)."""
    def may_tick(card: Card) -> bool:
        return card in ticked or picks.may_add([] if full else ticked, card)

    return [Choice(card_markup(c, glyphs), may_tick(c), DISCARD[c], c in ticked) for c in hand]


# ----- the picks in progress -----

class PoigneePick:
    """A poignée whose shown trumps the player is choosing (its lowest ones at first)."""

    def __init__(self, level: Handful) -> None:
        self.level = level
        self.picked: list[Card] = list(level.pool[:level.choose])

    @property
    def need(self) -> int:
        """The cards the poignée shows."""
        return len(self.level.fixed) + self.level.choose

    def toggle(self, card: Card) -> None:
        self.picked.remove(card) if card in self.picked else self.picked.append(card)

    def choices(self, t: Translate, glyphs: str) -> list[Choice]:
        return pick_choices(self.level, self.picked, t, glyphs)

    def turn(self, name: str, t: Translate) -> str:
        return t("tarot.ui.turn_pick", name=name, need=self.need, picked=len(self.picked))


class EcartTicks(list[Card]):
    """The cards ticked for the écart, not yet discarded: `ecart_picks` says which may join
    and which discards they make once there are as many as the engine's count."""

    @staticmethod
    def left(table: Table) -> int:
        """The cards the écart still needs (the chien's size, unless a resumed game has some
        discarded already): the engine's count."""
        return int(table.public_view().ecart_left)

    def refusal(self, table: Table, card: Card, t: Translate) -> str | None:
        """Why `card` may not be ticked now: the set is full (a word), no legal écart holds it
        with the others (`""`: the engine explains); None when it may."""
        if card in self:
            return None
        if len(self) >= self.left(table):
            return t("tarot.ui.ecart_full", need=self.left(table))
        return None if ecart_picks(table).may_add(self, card) else ""

    def toggle(self, card: Card) -> None:
        self.remove(card) if card in self else self.append(card)

    def made(self, table: Table) -> Ecart:
        """The discards of the écart ticked, when they make exactly one (else none)."""
        made = ecart_picks(table).made(self)
        return made[0] if len(made) == 1 else ()

    def choices(self, table: Table, hand: Sequence[Card], glyphs: str) -> list[Choice]:
        return ecart_choices(hand, self, ecart_picks(table), len(self) >= self.left(table), glyphs)

    def note(self, table: Table, t: Translate, glyphs: str) -> str:
        return ecart_note(self, self.left(table), t, glyphs)

    def turn(self, table: Table, name: str, t: Translate) -> str:
        return t("tarot.ui.turn_ecart", name=name, left=self.left(table) - len(self))


def table_choices(table: Table, view: TarotView, ecart: EcartTicks, pick: PoigneePick | None,
                  t: Translate, glyphs: str) -> tuple[str, list[Choice]]:
    """The deciding seat's choices from `legal_actions()`, and how they are laid out: bids, the
    call, the slam and declarations as `buttons`, a poignée's trumps as `cards`, the écart and the
    plays as the `hand`'s cards."""
    legal = table.legal_actions()
    if view.phase == "bid":
        return "buttons", bid_choices(legal, t)
    if view.phase == "call":
        return "buttons", call_choices(view, legal, t, glyphs)
    if view.phase == "slam":
        return "buttons", [Choice(t("tarot.ui.no_slam"), True, SLAM[False]),
                           Choice(t("tarot.ui.slam"), True, SLAM[True])]
    if view.phase == "ecart":
        return "hand", ecart.choices(table, view.hand, glyphs)
    if pick is not None:
        return "cards", pick.choices(t, glyphs)
    if declaring(legal):
        return "buttons", declare_choices(view, legal, t)
    return "hand", [Choice(card_markup(c, glyphs), PLAY[c] in legal, PLAY[c]) for c in view.hand]


def declaring(legal: Sequence[object]) -> bool:
    """The deciding seat may still declare (the engine closes it on `declare none`)."""
    levels, miseres = declarations_on_offer(legal)
    return bool(levels or miseres)


# ----- what a choice means -----

def choice_meaning(value: object, t: Translate, glyphs: str, explain: Callable[[object], str],
                   declared: bool) -> str:
    """What an enabled choice of a bid, the call, the slam or a declaration does: a bid's
    contract, a poignée's shown trumps, the engine's explanation of a call, a slam or a
    declaration (`explain`), no (more) declaration (`declared`: the seat declared already)."""
    if isinstance(value, Step) and value.name == "poignee" and value.level is not None:
        shown = value.level.action(0)
        text = t("tarot.ui.poignee_shows", cards=cards_markup(shown.cards, glyphs))
        if len(value.level.pool) > value.level.choose:
            text += " " + t("tarot.ui.poignee_choose")
        return f"{text}\n{explain(shown)}"
    if isinstance(value, DeclareNone):
        return t("tarot.ui.no_more_hint" if declared else "tarot.ui.no_declaration_hint")
    if isinstance(value, (Call, Slam, Declare)):
        return explain(value)
    if isinstance(value, (Bid, Pass)):
        return t(f"tarot.ui.about_{value.contract if isinstance(value, Bid) else 'pass'}")
    return ""


def picked_note(level: Handful, picked: Sequence[Card], t: Translate, glyphs: str) -> str:
    """The trumps a poignée shows so far."""
    return t("tarot.ui.picked", cards=cards_markup(sorted(picked), glyphs), count=len(picked), need=level.choose)


def pick_refusal(level: Handful, t: Translate) -> str:
    """Why one more trump may not join the poignée."""
    return t("tarot.ui.pick_full", kind=t(f"tarot.kind.{level.kind}"), need=len(level.fixed) + level.choose)


def ecart_note(ticked: Sequence[Card], need: int, t: Translate, glyphs: str) -> str:
    """The écart so far and the keys that change or confirm it."""
    chosen = t("tarot.ui.ecart_set", count=len(ticked), need=need, cards=cards_markup(ticked, glyphs))
    keys = "tarot.ui.ecart_ready" if len(ticked) == need else "tarot.ui.ecart_keys"
    return f"{chosen}\n{t(keys, need=need)}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


ShownChips = list[tuple[Chip, object]]
"""The chips on show and the value of each."""

CHIP_WIDTH = 7
"""Cells per card in the card grid: `9 10♥` and a gap. At 80 columns 11 cards make a row, so the
3-player taker's 30 cards (hand and chien) fit in three rows, all on screen at once."""


class TarotChoiceBar(ChoiceBar):
    """The choice row of the Tarot table: chips kept from one decision to the next (`refill`),
    laid out as framed buttons (bids, the call, declarations) or as a grid of cards."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.chips: ShownChips = []
        self.columns = 1
        """Cards per row of the grid (↑ ↓ move by a row)."""

    def fill(self, choices: list[Choice], cursor: int, note: str) -> None:
        self.chips = refill(self, self.chips, choices, cursor, note)

    def lay_out(self, layout: str, shown: bool) -> None:
        """Buttons, or (`layout` cards or hand) a grid; hidden when there is no choice."""
        self.set_class(layout != "buttons", "-cards")
        self.set_class(layout == "buttons", "-lift")  # (a grid of one-line cards has no row to spare)
        self.display = shown

    def fit(self, width: int) -> None:
        """As many cards a row as the screen's width holds."""
        self.columns = max(1, (width - 2) // CHIP_WIDTH)
        self.styles.grid_size_columns = self.columns


def refill(bar: ChoiceBar, chips: ShownChips, choices: list[Choice], cursor: int, note: str) -> ShownChips:
    """Show the choices, keeping the chips already there: a card played or discarded takes its
    chip away and the others change only where they differ (mounting two dozen chips again costs
    a good part of a second on a slow machine). Returns the chips now on show."""
    values = [c.value for c in choices]
    kept = [(chip, value) for chip, value in chips if value in values]
    if not choices:
        bar.show(choices, cursor, note)
        return []
    if [value for _, value in kept] != values:
        bar.remove_children()
        fresh = [(Chip(i, c, i == cursor), c.value) for i, c in enumerate(choices)]
        bar.mount_all([chip for chip, _ in fresh])
        return fresh
    for chip, value in chips:
        if value not in values:
            chip.remove()
    for index, ((chip, _), choice) in enumerate(zip(kept, choices, strict=True)):
        model = Chip(index, choice, index == cursor)  # never mounted: its text and classes
        chip.index = index
        if chip.content != model.content:
            chip.update(model.content)
        if chip.classes != model.classes:
            chip.set_classes(model.classes)
    bar.select(cursor)
    return kept
