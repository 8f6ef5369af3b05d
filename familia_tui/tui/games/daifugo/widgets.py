"""Drawing the Daifugō table from a seat's view: its panels, the hand and the offers row.

Everything here reads a `DaifugoView` (never the state) or the events:

- markup for the rule card and its families, the order and the locks, the trick and the log
  (`glyphs.glyph_safe` keeps messages in the glyph mode: ascii, nothing of ambiguous width);
- the table's panels, drawn from the screen's `DaifugoFrame` (`tui/widgets/panel.py`): the rule
  card and the order, and `DaifugoTable`, the seats around the shared `TableView` (`table_data`:
  each seat's facts, its play of the trick in front of it, the top play in the middle); the
  banner and explanation lines (Japanese wraps with kinsoku);
- `HandBar`, the hand's card chips, and `OffersLine`, the offers drawn as one line of chips (a
  key that changes forty offers repaints one widget and lays nothing out again).

Names come from the seats; nothing says "you" (hot-seat: several people read the screen).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from rich.cells import cell_len
from textual.content import Content
from textual.events import Click
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from familia_tui.core.cards import JOKER, Card, parse_card, rank_text
from familia_tui.core.engine import Event, Explanation, Seat
from familia_tui.games.daifugo.actions import Play
from familia_tui.games.daifugo.deck import WILD, sort_key
from familia_tui.games.daifugo.log import event_text
from familia_tui.games.daifugo.view import DaifugoView, TablePlay
from familia_tui.tui.glyphs import (
    ClauseStyle,
    card_markup,
    card_text,
    clause_renderer,
    glyph_safe,
    ink_style,
    suit_text,
)
from familia_tui.tui.glyphs import explanation_markup as shown_explanation
from familia_tui.tui.markup import escape
from familia_tui.tui.widgets.choices import Chip, Choice, ChoiceBar
from familia_tui.tui.widgets.log import KinsokuText
from familia_tui.tui.widgets.panel import Frame, Note, Panel
from familia_tui.tui.widgets.table_view import CardFace, SeatSpot, TableData, TableView, face_of

Translate = Callable[..., str]

# ----- cards and plays -----


def declared_markup(card: Card, glyphs: str) -> str:
    """A joker in a play: `JK` (top), `JK=7♠` (declared), `JK=8` (an 8 whose suit is open)."""
    if card.is_joker:
        return card_markup(JOKER, glyphs)
    shown = rank_text(card.rank) if card.suit == WILD else card_markup(card, glyphs)
    return f"[{ink_style('magenta')}]JK=[/]{shown}"


def play_markup(play: Play, glyphs: str) -> str:
    """The cards of a play weakest first, jokers with the card they stand for."""
    tokens = [(sort_key(c), 0, card_markup(c, glyphs)) for c in play.naturals]
    tokens += [(sort_key(c), 1, declared_markup(c, glyphs)) for c in play.jokers]
    return " ".join(text for _, _, text in sorted(tokens))


def play_text(play: Play, glyphs: str) -> str:
    """The play as plain text (no markup), for the banner."""
    tokens = [(sort_key(c), 0, card_text(c, glyphs)) for c in play.naturals]
    tokens += [(sort_key(c), 1, "JK" if c.is_joker else "JK=" + (
        rank_text(c.rank) if c.suit == WILD else card_text(c, glyphs))) for c in play.jokers]
    return " ".join(text for _, _, text in sorted(tokens))


def form_markup(play: Play, glyphs: str, open_suits: bool) -> str:
    """A play whose jokers' suits are still to be chosen: `7♠ JK=7?`."""
    if not open_suits:
        return play_markup(play, glyphs)
    tokens = [(sort_key(c), 0, card_markup(c, glyphs)) for c in play.naturals]
    tokens += [(sort_key(c) if c.is_joker else (sort_key(c)[0], 9), 1,
                "JK" if c.is_joker else f"[{ink_style('magenta')}]JK=[/]{rank_text(c.rank)}?") for c in play.jokers]
    return " ".join(text for _, _, text in sorted(tokens))


def turn_markup(view: DaifugoView | None, name: str, t: Translate, glyphs: str) -> str:
    """The banner of a human's decision: lead, beat the top play, or the call to make."""
    if view is None:
        return t("dfg.ui.turn_lead", name=name)
    if view.phase in ("dobon", "chombo"):
        target = view.top.seat if view.phase == "dobon" and view.top else view.uno_missed
        return t(f"dfg.ui.turn_{view.phase}", name=name,
                 target=escape(view.seats[target].name) if target is not None else "")
    if view.top is not None:
        return t("dfg.ui.turn_follow", name=name, top=play_text(view.top.play, glyphs))
    return t("dfg.ui.turn_lead", name=name)


def kind_text(top: TablePlay, t: Translate) -> str:
    size = top.play.size
    if top.kind == "group":
        return t("dfg.ui.kind.single") if size == 1 else t("dfg.ui.kind.group", size=size)
    return t(f"dfg.ui.kind.{top.kind}", size=size)


def place_text(place: int, t: Translate) -> str:
    """1st, 2nd …, or 1位, 2位 …"""
    return t(f"dfg.ui.place.{place}") if place <= 3 else t("dfg.ui.place.n", n=place)


# ----- the rule card, the order, the locks -----


def families_text(families: Sequence[str], t: Translate) -> str:
    return " + ".join(t(f"dfg.family.{f}") for f in families)


def rule_markup(view: DaifugoView, t: Translate, glyphs: str) -> str:
    """Game k/K, the rule card and its families; the ability cards and what they do."""
    game = t("dfg.ui.game", game=view.game, games=view.games)
    if view.rule_card is None:
        rule = t("dfg.ui.rule_none")
    elif view.families:
        rule = t("dfg.ui.rule_card", card=card_markup(view.rule_card, glyphs),
                 families=f"[b]{families_text(view.families, t)}[/]")
    else:
        rule = t("dfg.ui.rule_plain", card=card_markup(view.rule_card, glyphs))
    ranks = " ".join(rank_text(r) for r in view.ability_ranks)
    ability = (t("dfg.ui.ability", ranks=f"[b magenta]{ranks}[/]") if view.ability_ranks
               else t("dfg.ui.no_ability"))
    return f"[b]{game}[/] · {rule}\n[dim]{ability}[/]"


def order_markup(view: DaifugoView, t: Translate) -> str:
    """The effective order weakest first, ability ranks coloured; 革命 and ○○バック when on."""
    ability = set(view.ability_ranks)
    ranks = " ".join(f"[magenta]{rank_text(r)}[/]" if r in ability else rank_text(r) for r in view.order)
    flags = []
    if view.revolution:
        flags.append(f"[b reverse red] {t('dfg.ui.revolution')} [/]")
    if view.trick_reverse:
        flags.append(f"[b reverse magenta] {t('dfg.ui.back')} [/]")
    line = f"{t('dfg.ui.order')} {ranks} [b]JK[/] [dim]{t('dfg.ui.weak_strong')}[/]"
    return " ".join([line, *flags])


def lock_suits(letters: str, glyphs: str) -> tuple[str, bool]:
    """The suits a suit lock asks for, and whether they are one suit. A lock of one suit (a
    single, a sequence, a group all of one suit) shows that suit once; a suit-set lock shows
    each card's suit, a repeated one too (♠♠♥: two ♠ and a ♥, DF-10a)."""
    one = len(set(letters)) == 1
    return "".join(suit_text(s, glyphs) for s in (letters[:1] if one else letters)), one


def locks_markup(view: DaifugoView, t: Translate, glyphs: str) -> str:
    locks = []
    if view.suit_lock:
        suits, one = lock_suits(view.suit_lock, glyphs)
        locks.append(t("dfg.ui.lock_suit" if one else "dfg.ui.lock_suits", suits=f"[b]{suits}[/]"))
    if view.number_lock:
        locks.append(t("dfg.ui.lock_number", rank=f"[b]{rank_text(view.next_rank)}[/]")
                     if view.next_rank is not None else t("dfg.ui.lock_number_dead"))
    shown = " · ".join(f"[b yellow]{lock}[/]" for lock in locks) if locks else t("dfg.ui.lock_none")
    return f"{t('dfg.ui.locks')} {shown}"


# ----- the table -----


def plays_markup(plays: Iterable[tuple[int, Play]], seats: Sequence[Seat], glyphs: str) -> str:
    arrow = " > " if glyphs == "ascii" else " › "
    return arrow.join(f"{escape(seats[seat].name)} {play_markup(play, glyphs)}" for seat, play in plays)


def table_markup(view: DaifugoView, t: Translate, glyphs: str, show_last: bool) -> str:
    """The top play (with its kind and ドボン value) and the plays before it, or the empty
    table with the trick that just ended."""
    seats, last = view.seats, view.last_trick
    if show_last or view.top is None:
        lines = [] if view.top is not None else [t("dfg.ui.empty", name=escape(seats[view.to_act].name))
                                                 if view.to_act is not None else ""]
        if last is not None:
            lines.append(t("dfg.ui.last_trick", why=t(f"dfg.why.{last.why}"),
                           plays=plays_markup(last.plays, seats, glyphs)))
        elif show_last:
            lines.append(t("dfg.ui.no_last_trick"))
        return "\n".join(lines)
    top = view.top
    line = t("dfg.ui.top", name=f"[b]{escape(seats[top.seat].name)}[/]",
             cards=f"[b]{play_markup(top.play, glyphs)}[/]") + f" [dim]({kind_text(top, t)})[/]"
    if view.options.dobon != "off" and view.last_value is not None:
        line += f" [dim]{t('dfg.ui.value', value=view.last_value)}[/]"
    before = view.trick[:-1][-4:]
    if before:
        ellipsis = "... " if glyphs == "ascii" else "… "
        more = ellipsis if len(view.trick) > 5 else ""
        line += "\n[italic]" + t("dfg.ui.before", plays=more + plays_markup(
            ((p.seat, p.play) for p in before), seats, glyphs)) + "[/]"
    return line


def play_faces(play: Play, glyphs: str, earlier: bool) -> tuple[CardFace, ...]:
    """A play's cards as the table draws them, weakest first: a joker that stands for a card
    shows it after `JK=` (`JK=7♠`, `JK=8` for an 8 whose suit is open); an `earlier` play (not
    the top one) in plain italics, the top one bold."""
    tokens = [(sort_key(c), 0, c) for c in play.naturals] + [(sort_key(c), 1, c) for c in play.jokers]
    faces = []
    for _, joker, card in sorted(tokens, key=lambda token: token[:2]):
        if joker and not card.is_joker:
            declared = rank_text(card.rank) if card.suit == WILD else card_text(card, glyphs)
            face = CardFace("JK", "=" + declared, ink_style("magenta"))
        else:
            face = face_of(JOKER if joker else card, glyphs)
        faces.append(replace(face, style=earlier_style(face.style)) if earlier else face)
    return tuple(faces)


def earlier_style(style: str) -> str:
    """A card's ink for a play below the top one: italic, not bold (its colour kept: a dimmed
    card would be unreadable in some themes)."""
    return " ".join(["italic", *(part for part in style.split() if part != "bold")])


def shown_plays(view: DaifugoView, show_last: bool) -> tuple[tuple[tuple[int, Play], ...], int | None]:
    """The plays the table shows and the seat whose play took the trick: the trick in
    progress (no winner yet), or the trick that ended last while the table is empty (and on p):
    its last play took it (流れ, 8切り, スペ3)."""
    if view.top is not None and not show_last:
        return tuple((p.seat, p.play) for p in view.trick), None
    last = view.last_trick
    if last is None or not last.plays:
        return (), None
    return last.plays, last.plays[-1][0]


def table_data(frame: DaifugoFrame, bottom: int | None) -> TableData:
    """The table: each seat with its cards held, what it did (passed, top play, out and its
    place, ウノ), the cards it showed going out by 天和 or ○○残し, and its session ビリ; in
    front of it its latest play of the trick shown (the top one bold, earlier ones in italics);
    in the middle the top play with its kind and ドボン value and the plays before it, or the
    empty table, who leads and the trick that ended."""
    view, t, glyphs, lang = frame.view, frame.t, frame.glyphs, frame.lang
    plays, winner = shown_plays(view, frame.show_previous)
    latest = {seat: index for index, (seat, _) in enumerate(plays)}
    spots = []
    for seat, who in enumerate(view.seats):
        state = seat_state(view, seat, t)
        facts = ([state] if state else []) + [t("dfg.ui.seat_biri", count=view.biri_counts[seat])]
        if view.kept[seat]:  # the cards shown going out by 天和 or ○○残し
            facts.insert(1, " ".join(card_markup(card, glyphs) for card in view.kept[seat]))
        played = (play_faces(plays[latest[seat]][1], glyphs, latest[seat] != len(plays) - 1)
                  if seat in latest else ())
        spots.append(SeatSpot(seat, glyph_safe(escape(who.name), glyphs, lang), acting=seat == view.to_act,
                              cards=view.counts[seat],
                              facts=tuple(glyph_safe(fact, glyphs, lang) for fact in facts), played=played))
    centre = glyph_safe(table_markup(view, t, glyphs, frame.show_previous), glyphs, lang)
    return TableData(tuple(spots), t, glyphs, bottom=bottom, centre=centre, winner=winner,
                     winner_word="dfg.ui.takes_lead")


def seat_state(view: DaifugoView, seat: int, t: Translate) -> str:
    if seat in view.places:
        return f"[green]{t('dfg.ui.st_out', place=place_text(view.places.index(seat) + 1, t))}[/]"
    states = []
    if view.top is not None and view.top.seat == seat:
        states.append(t("dfg.ui.st_top"))
    if seat in view.passed:
        states.append(f"[dim]{t('dfg.ui.st_passed')}[/]")
    if view.uno_missed == seat:
        states.append(f"[b red]{t('dfg.ui.st_uno_missed')}[/]")
    elif view.counts[seat] == 1:
        states.append(f"[b yellow]{t('dfg.ui.st_uno')}[/]")
    return ", ".join(states)


# ----- the log -----


def event_lines(events: Sequence[Event], seats: Sequence[Seat], lang: str, t: Translate,
                glyphs: str) -> list[str]:
    """Log lines for events, by seat name; plays show their jokers' declared cards."""
    names = [escape(s.name) for s in seats]
    lines = []
    for event in events:
        if event.kind == "played" and event.seat is not None and not event.get("spade3"):
            line = t("dfg.ev.played", name=names[event.seat], cards=play_markup(event.get("play"), glyphs))
        elif event.kind == "suit_lock":
            line = t("dfg.ev.suit_lock", suits=lock_suits(str(event.get("suits")), glyphs)[0])
        else:
            line = event_text(event, names, lang, lambda c: card_markup(c, glyphs))
        if event.kind in ("rule_card", "game_scored", "game_over"):
            line = f"[b]{line}[/]"
        elif event.kind in ("revolution", "trick_reverse", "suit_lock", "number_lock", "dobon",
                            "dobon_gaeshi", "chombo", "nasuritsuke", "tenho", "nokoshi"):
            line = f"[b yellow]{line}[/]"
        elif event.kind == "passed" or event.kind == "trick_won":
            line = f"[dim]{line}[/]"
        lines.append(line)
        if event.kind == "rule_card" and event.get("revolution"):
            rule_card = " ".join(card_markup(c, glyphs) for c in event.cards)
            lines.append(f"[b yellow]{t('dfg.ev.rule_card.revolution', cards=rule_card)}[/]")
    return lines


def explanation_markup(explanation: Explanation, lang: str, seats: Sequence[Seat], glyphs: str) -> str:
    """An explain() chain through the shared text pipeline, seats named."""
    return shown_explanation(explanation, lang, glyphs, clause_renderer(CLAUSES, lang, glyphs, seats))


def clause_card(word: str, glyphs: str) -> str:
    """A word of a play in an explanation: a card, or a joker with what it stands for (`JK=7S`)."""
    head, _, declared = word.partition("=")
    return declared_markup(_declared(declared), glyphs) if declared else card_markup(parse_card(head), glyphs)


CLAUSES = ClauseStyle(card=clause_card, suits=("suits",))
"""Daifugō's explanation parameters: plays with declared jokers, lock suits, seat names."""


def _declared(text: str) -> Card:
    if text.endswith(WILD):
        return Card(parse_card(text[:-1] + "S").rank, WILD)
    return parse_card(text)


# ----- the table's panels -----


@dataclass(frozen=True)
class DaifugoFrame(Frame):
    """What the Daifugō table shows now: the view, the language (Japanese wraps with kinsoku),
    and whether the previous trick is shown in place of the current one (`p`)."""

    view: DaifugoView
    lang: str = "en"
    show_previous: bool = False


def wrapped(markup: str, glyphs: str, lang: str) -> str | KinsokuText:
    """Markup in the glyph mode; Japanese wraps with kinsoku (no line starts with 。)."""
    safe = glyph_safe(markup, glyphs, lang)
    return KinsokuText(safe) if lang == "ja" and safe else safe


class RulesPanel(Panel):
    """Game k/K, the rule card and its families; the ability cards."""

    def draw(self, frame: DaifugoFrame) -> str | KinsokuText:
        return wrapped(rule_markup(frame.view, frame.t, frame.glyphs), frame.glyphs, frame.lang)


class OrderPanel(Panel):
    """The effective order, 革命 and ○○バック, and the locks."""

    def draw(self, frame: DaifugoFrame) -> str | KinsokuText:
        view, t = frame.view, frame.t
        return wrapped(order_markup(view, t) + "\n" + locks_markup(view, t, frame.glyphs), frame.glyphs, frame.lang)


class DaifugoTable(TableView):
    """The seats around the table with their plays in front of them (`table_data`)."""

    frame: reactive[Frame | None] = reactive(None, always_update=True)
    bottom: int | None = None
    """The seat at the keyboard (`TableScreen.table_bottom`), set by the screen."""

    def watch_frame(self, frame: Frame | None) -> None:
        if isinstance(frame, DaifugoFrame):
            self.data = table_data(frame, frame.viewer if frame.viewer is not None else self.bottom)


class TableNote(Note):
    """The banner or the explanation line: Japanese wraps with kinsoku, and `info` (a word on
    the decision, not a refusal) draws it in a quiet colour. A text that fits on one line, in
    place of another that did, is drawn without laying the screen out again (a key press must
    redraw fast)."""

    text: reactive[str] = reactive("", repaint=False)
    """(`watch_text` draws it, laying the screen out only when its height may change.)"""
    info: reactive[bool] = reactive(False)

    def __init__(self, lang: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lang = lang
        self.lines = 0
        """The lines the text took when last drawn (0: not drawn at this width yet)."""

    def watch_text(self, text: str) -> None:
        width = self.content_region.width
        plain = Content.from_markup(text).plain if width else ""
        lines = 1 if width and "\n" not in plain and cell_len(plain) <= width else 0
        self.update(KinsokuText(text) if self.lang == "ja" and text else text,
                    layout=not (lines and lines == self.lines))
        self.lines = lines

    def watch_info(self, info: bool) -> None:
        self.set_class(info, "-info")


class HandBar(ChoiceBar):
    """The viewer's cards as chips of one width in a grid (a new label needs no layout), with
    the hand's owner, count and value as the border title; between two humans, a note."""

    fixed_chips = True
    CHIP_WIDTH = 7
    """Cells per card chip in the grid (`1 10♥*`)."""

    def fit(self, width: int) -> int:
        """As many columns as chips fit in a terminal `width` cells wide (the count)."""
        columns = max(1, (width - 2) // self.CHIP_WIDTH)
        self.styles.grid_size_columns = columns
        return columns

    def show_hand(self, view: DaifugoView | None, viewer: int | None, choices: Sequence[Choice], cursor: int,
                  t: Translate, glyphs: str) -> None:
        """The viewer's cards: the choices when deciding, else the cards as they are (never
        selected); between two humans, a note that hands are hidden."""
        if view is None or viewer is None:
            self.border_title = ""
            if not self.query(".hand-note"):
                self.remove_children()
                self.mount(Static(t("ui.hands_hidden"), classes="hand-note"))
            return
        title = t("dfg.ui.hand_title", name=escape(view.seats[viewer].name), count=len(view.hand),
                  value=view.hand_value)
        if self.border_title != title:
            self.border_title = title
        if not all(isinstance(w, Chip) for w in self.children):
            self.remove_children()  # the note that hands are hidden
        self.sync(list(enumerate(choices)) if choices else
                  [(99, Choice(card_markup(c, glyphs), True, None)) for c in view.hand], cursor)

    def select(self, cursor: int) -> None:
        for chip in self.query_children(Chip):
            if chip.has_class("-selected") != (chip.index == cursor):
                chip.set_class(chip.index == cursor, "-selected")


class OffersLine(Widget):
    """The offers on one line, drawn as chips (the `offer` parts' CSS: padding, the cursor and
    the marked offer), the one under the cursor kept in view; a click chooses the offer under
    the mouse (`ChoiceBar.Picked`, as a chip's click does). One widget of a fixed size: a key
    press that changes the offers repaints it and lays nothing out."""

    COMPONENT_CLASSES = {"offer--selected", "offer--marked", "offer--marked-selected"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.chips: list[tuple[int, Choice]] = []
        """(choice index, choice) of each offer."""
        self.cursor = -1
        self.first = 0
        """The first offer drawn (the row scrolls sideways to keep the cursor in view)."""
        self.drawn: list[tuple[int, int, int]] = []
        """(first cell, end cell, choice index) of each offer drawn, for clicks."""
        self.parsed: dict[str, Content] = {}
        """Offers' markup already parsed (the cursor comes back to the same cards)."""

    def show(self, chips: Sequence[tuple[int, Choice]], cursor: int) -> None:
        if list(chips) != self.chips:
            self.chips, self.first = list(chips), 0
        self.select(cursor)

    def select(self, cursor: int) -> None:
        self.cursor = cursor
        self.refresh()

    def chip_content(self, index: int, choice: Choice) -> Content:
        markup = f" {Chip.label_of(index, choice)} "
        content = self.parsed.get(markup)
        if content is None:
            if len(self.parsed) > 1024:
                self.parsed.clear()
            content = self.parsed[markup] = Content.from_markup(markup)
        selected = index == self.cursor
        part = ("offer--marked-selected" if choice.marked else "offer--selected") if selected else (
            "offer--marked" if choice.marked else "")
        return content.stylize_before(self.get_visual_style(part)) if part else content

    def render(self) -> Content:
        contents = [self.chip_content(index, choice) for index, choice in self.chips]
        ends = []
        cell = 0
        for content in contents:
            cell += content.cell_length
            ends.append(cell)
            cell += 1  # the margin after a chip
        self.first = self.first_shown([e - c.cell_length for e, c in zip(ends, contents, strict=True)], ends)
        origin = ends[self.first] - contents[self.first].cell_length if contents else 0
        self.drawn = [(e - c.cell_length - origin, e - origin, i)
                      for e, c, (i, _) in zip(ends, contents, self.chips, strict=True)][self.first:]
        return Content(" ").join(contents[self.first:])

    def first_shown(self, starts: list[int], ends: list[int]) -> int:
        """The first offer to draw so that the one under the cursor shows whole (if it can)."""
        places = [i for i, (index, _) in enumerate(self.chips) if index == self.cursor]
        if not places:
            return min(self.first, max(len(self.chips) - 1, 0))
        place, first, width = places[0], min(self.first, places[0]), self.content_region.width
        while first < place and ends[place] - starts[first] > width:
            first += 1
        return first

    def on_click(self, event: Click) -> None:
        for start, end, index in self.drawn:
            if start <= event.x < end:
                event.stop()
                self.post_message(ChoiceBar.Picked(index))
                return
