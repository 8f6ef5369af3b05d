"""The table as players see it: seats around it, the cards each seat has in front of it.

Every game draws its table with one `TableView`. The game screen builds a `TableData` from a VIEW
(never a state: what is drawn is what the viewer may know) and gives it to the widget, which draws
it in the room it has; the screen never places anything itself:

    spots = tuple(SeatSpot(seat=i, name=seat.name, marks=("A", "♂"), acting=i == view.to_act,
                           cards=view.hand_counts[i], facts=(f"+{score}",),
                           played=(face_of(card, glyphs),)) for i, seat in enumerate(view.seats))
    self.query_one(TableView).data = TableData(spots, bottom=viewer, t=t, glyphs=glyphs,
                                               centre="K♠ face card", winner=None)

- `SeatSpot`: one seat. `name` and `marks` (team, role, dealer, taker …) are markup on the name
  line, `acting` reverses it, `cards` is the count of cards in hand (None: not shown), `facts`
  are short markup lines (captured cards, bid, place, quest, score …), `played` the cards the
  seat has in front of it now (the current trick or play: several for a Daifugō play; a
  `CardFace` may be face down or struck through, e.g. a batted card).
- `TableData`: the spots in PLAY ORDER (the order the game's seats act, any seat first),
  `bottom` (the seat at the keyboard: the viewer, or the acting human after the curtain; None in
  a bots-only table: the first spot), `clockwise` (the next seat sits to the left of the bottom
  one; False for counter-clockwise play: to its right), `centre` (a few short markup lines: trump,
  face card, stock, the chien …) and `winner` (the seat that won the finished trick still shown:
  its cards are marked and its name says so).
- `CardFace`: one card as drawn: its rank and suit as plain text, its Rich style (ink), and a
  short note after it (`=♠`, `¹`). `face_of()` makes one from a standard-pack `Card`; other packs
  build it from their own glyph helpers.

A game screen binds it to its reactive `frame` like its panels: a subclass with a `frame`
reactive whose watcher sets `data` (`FamiliaTable`, `TarotTable`), and `bottom` set from
`TableScreen.table_bottom()` for the public view (between two humans, bots only); the facts the
old seats table showed go in `facts`, so nothing is lost. Words come from the catalogue: the
widget itself writes only `ui.table_cards` (`{count} cards`) and `ui.table_wins` (or the game's
`winner_word`).

Placement: the bottom seat at the bottom, the others around in play order (left column, top row,
right column for clockwise play; the mirror for counter-clockwise), 2 to 10 seats. Cards are
small framed faces (ASCII frames in ascii mode) when the widget has the room, else one line of
compact text in front of each seat; when even that does not fit (80x24 with many seats), a
list: one line per seat in play order from the bottom seat. Nothing is cut: the list grows the
widget (put it in a scrolling box).

Motion (settings: off / normal / slow): a card that appears in front of a seat moves there from
the seat; the cards of a trick that is gathered slide to its winner. It is drawn by the widget
itself (Textual's `animate` on `motion`), never delays input (`finish_motion()` ends it at once,
and the table screens call it on every key) and is off in headless runs (tests, screenshots).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from familia_tui.tui.glyphs import card_ink, card_text, ink_style
from familia_tui.tui.widgets.ascii import ascii_safe

Translate = Callable[..., str]

MOTION_SECONDS = {"off": 0.0, "normal": 0.3, "slow": 0.8}
"""How long a card takes to move, by the motion setting."""
SIDES = {2: (0, 1, 0), 3: (1, 0, 1), 4: (1, 1, 1), 5: (1, 2, 1), 6: (2, 1, 2), 7: (2, 2, 2),
         8: (2, 3, 2), 9: (3, 2, 3), 10: (3, 3, 3)}
"""How many of the other seats sit on the left, across and on the right, by table size."""
BOX_WIDTH = 24
"""The widest a seat's spot is drawn (its facts wrap within it)."""
CENTRE_WIDTH = 24
"""The narrowest the centre's text is wrapped to around the table (else the table is a list,
with the centre above it at full width)."""


@dataclass(frozen=True)
class CardFace:
    """One card as the table draws it."""

    rank: str
    """Plain text: `10`, `K`, `21`, `JK`, `Exc`."""
    suit: str = ""
    """Plain text in the glyph mode: `♥` or `H` (empty for a card of no suit)."""
    style: str = ""
    """The Rich style the card is drawn in (its ink)."""
    note: str = ""
    """Plain text shown after the card: a led Joker's suit (`=♠`), a batting stage (`¹`)."""
    struck: bool = False
    """Drawn dim and struck through (a batted card)."""
    down: bool = False
    """Face down (its face is not known to the viewer)."""

    def text(self) -> Text:
        """The compact face: `10♥¹`."""
        if self.down:
            return Text("##", style="dim")
        face = Text(self.rank + self.suit, style=self.style)
        if self.struck:
            face.stylize("dim strike")
        return face + Text(self.note)


def face_of(card: object, glyphs: str, note: str = "", struck: bool = False) -> CardFace:
    """A standard-pack card (`core.cards.Card`) as a face, coloured by suit (glyphs.py)."""
    text = card_text(card, glyphs)  # type: ignore[arg-type]
    suit = getattr(card, "suit", "")
    rank_len = len(text) - 1 if text and not getattr(card, "is_joker", False) and len(text) > 1 else len(text)
    ink = card_ink(card)  # type: ignore[arg-type]
    return CardFace(text[:rank_len], text[rank_len:] if suit else "", ink_style(ink) if ink is not None else "",
                    note, struck)


@dataclass(frozen=True)
class SeatSpot:
    """One seat at the table, as the viewer may know it."""

    seat: int
    """The game's seat number."""
    name: str
    """Markup (escaped names: `TableScreen.shown_seats`)."""
    marks: tuple[str, ...] = ()
    """Short markup after the name: team, role, dealer, taker, partner."""
    acting: bool = False
    cards: int | None = None
    """Cards in hand (None: not shown)."""
    facts: tuple[str, ...] = ()
    """Short markup lines: captured cards, bid, place, quest, score."""
    played: tuple[CardFace, ...] = ()
    """The cards in front of the seat now (its card of the trick, its play)."""


@dataclass(frozen=True)
class TableData:
    """What the table shows now; see the module docstring."""

    spots: tuple[SeatSpot, ...]
    """In play order."""
    t: Translate
    glyphs: str
    bottom: int | None = None
    """The seat drawn at the bottom (None: the first spot's)."""
    clockwise: bool = True
    centre: str = ""
    """A few short markup lines drawn in the middle of the table."""
    winner: int | None = None
    """The seat that won the finished trick shown."""
    winner_word: str = "ui.table_wins"
    """The catalogue key of the word beside the winner (Daifugō's: the seat that takes the lead)."""

    def ordered(self) -> list[SeatSpot]:
        """The spots in play order from the bottom seat."""
        spots = list(self.spots)
        seats = [s.seat for s in spots]
        start = seats.index(self.bottom) if self.bottom in seats else 0
        return spots[start:] + spots[:start]


@dataclass
class Box:
    """Where a seat's spot and its cards are drawn (cells in the widget)."""

    x: int
    y: int
    width: int
    lines: list[Text]
    side: str
    """`bottom`, `left`, `top` or `right`: the cards lie towards the middle from there."""
    cards: tuple[int, int] = (0, 0)
    """Top-left cell of the seat's cards."""


@dataclass(frozen=True)
class Mover:
    """A card on its way: from a seat to its place in front of it, or from there to a winner."""

    face: CardFace
    seat: int
    index: int
    to_winner: int | None = None
    """Gathered to this seat (then gone); None: played, from its seat to the table."""


@dataclass
class Canvas:
    """A grid of cells that text is written into (wide characters take two cells)."""

    width: int
    height: int
    cells: list[list[tuple[str, Style] | None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cells = [[(" ", Style.null())] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: Text, limit: int | None = None) -> None:
        """Write `text` from cell (x, y), cut at the canvas's edge or after `limit` cells."""
        if not 0 <= y < self.height:
            return
        end = min(self.width, x + limit if limit is not None else self.width)
        row = self.cells[y]
        for char, style in styled_chars(text):
            wide = cell_len(char)
            if x < 0:
                x += wide
                continue
            if x + wide > end:
                return
            self._clear(row, x)
            row[x] = (char, style)
            if wide == 2:
                self._clear(row, x + 1)
                row[x + 1] = None
            x += wide

    @staticmethod
    def _clear(row: list[tuple[str, Style] | None], x: int) -> None:
        """Free a cell: the other half of a wide character there becomes a space."""
        if row[x] is None and x > 0:
            row[x - 1] = (" ", Style.null())
        elif x + 1 < len(row) and row[x + 1] is None and row[x] is not None and cell_len(row[x][0]) == 2:
            row[x + 1] = (" ", Style.null())
        row[x] = (" ", Style.null())

    def text(self) -> Text:
        lines = []
        for row in self.cells:
            line = Text(no_wrap=True, overflow="crop")
            run, style = "", Style.null()
            for cell in row:
                if cell is None:
                    continue
                if cell[1] != style and run:  # one span per run of a style (SVGs keep words whole)
                    line.append(run, style)
                    run = ""
                run, style = run + cell[0], cell[1]
            line.append(run, style)
            lines.append(line)
        return Text("\n", no_wrap=True).join(lines)


@lru_cache(maxsize=256)
def _style(spec: str) -> Style:
    return Style.parse(spec) if spec else Style.null()


def styled_chars(text: Text) -> list[tuple[str, Style]]:
    """The characters of `text` with the style each is drawn in."""
    base = _style(str(text.style)) if isinstance(text.style, str) else text.style
    styles = [[base] for _ in text.plain]
    for span in text.spans:
        style = _style(span.style) if isinstance(span.style, str) else span.style
        for index in range(span.start, min(span.end, len(styles))):
            styles[index].append(style)
    return [(char, Style.combine(parts)) for char, parts in zip(text.plain, styles, strict=True)]


_CONSOLE = Console(width=200, file=io.StringIO(), legacy_windows=False, color_system=None)


def wrapped(markup: str, width: int) -> list[Text]:
    """Markup as lines of at most `width` cells."""
    text = Text.from_markup(markup)
    return list(text.wrap(_CONSOLE, max(width, 1), overflow="fold")) or [Text("")]


# ----- card faces -----

def frame_chars(glyphs: str) -> str:
    """Corners and lines of a card's frame: top-left, top-right, bottom-left, bottom-right, -, |."""
    return "++++-|" if glyphs == "ascii" else "┌┐└┘─│"


def framed(face: CardFace, glyphs: str, tall: bool, winner: bool) -> list[Text]:
    """A card as a small framed face: 5 cells wide, 3 lines (4 when `tall`)."""
    tl, tr, bl, br, h, v = frame_chars(glyphs)
    edge = "bold yellow" if winner else ("dim" if face.struck else "")
    inner: list[Text]
    if face.down:
        fill = "###" if glyphs == "ascii" else "░░░"
        inner = [Text(fill, style="dim")] * (2 if tall else 1)
    else:
        word = face.rank + face.suit if cell_len(face.rank + face.suit) <= 3 else face.rank
        inner = [Text(f"{word:<3}"[:3] if tall else f"{word:^3}"[:3], style=face.style)]
        if tall:  # the suit again in the corner, as on a card
            inner.append(Text(f"{face.suit:>3}"[-3:], style=face.style))
    if face.struck:
        for line in inner:
            line.stylize("dim strike")
    lines = [Text(tl + h * 3 + tr, style=edge)]
    lines += [Text(v, style=edge) + line + Text(v, style=edge) for line in inner]
    lines.append(Text(bl + h * 3 + br, style=edge))
    return lines


def compact(faces: Sequence[CardFace], winner: bool) -> Text:
    text = Text(" ").join(face.text() for face in faces)
    if winner:
        text.stylize("reverse")
    return text


# ----- the layout -----

@dataclass(frozen=True)
class Fit:
    """How the table is drawn in the room it has."""

    mode: str
    """`framed`, `compact` (seats around, cards as text) or `list`."""
    tall: bool = False
    """Framed cards four lines high (rank and suit on lines of their own)."""


def card_size(fit: Fit) -> tuple[int, int]:
    """Width step and height of one card in front of a seat."""
    if fit.mode == "framed":
        return 6, (4 if fit.tall else 3)
    return 0, 1


class TableView(Widget):
    """The seats around the table and the cards in front of them (see the module docstring)."""

    DEFAULT_CSS = """
    TableView { height: 1fr; }
    """

    data: reactive[TableData | None] = reactive(None, always_update=True, layout=True)
    motion: reactive[float] = reactive(1.0)
    """How far the cards on their way have come (0 → 1)."""
    animate_headless = False
    """Move cards in headless runs too (the motion test); tests and screenshots show the table
    at rest."""

    def __init__(self, *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.movers: tuple[Mover, ...] = ()
        self.shown: TableData | None = None
        """The data drawn before the current one (what moved is found by comparing)."""

    # ----- motion -----

    def watch_data(self, old: TableData | None, new: TableData | None) -> None:
        if old == new:  # (drawn again unchanged: what moves goes on moving)
            return
        self.finish_motion()
        if self.is_mounted:
            self.keep_list_whole()
        if old is None or new is None:
            return
        movers = self.moved(old, new)
        seconds = self.motion_seconds()
        if not movers or seconds <= 0:
            return
        self.movers = movers
        self.motion = 0.0
        self.animate("motion", 1.0, duration=seconds, easing="out_cubic", on_complete=self._moved)

    def motion_seconds(self) -> float:
        if self.app.is_headless and not self.animate_headless:
            return 0.0
        settings = getattr(self.app, "settings", None)
        return MOTION_SECONDS.get(getattr(settings, "motion", "normal"), 0.0)

    @staticmethod
    def moved(old: TableData, new: TableData) -> tuple[Mover, ...]:
        """Cards new in front of a seat (played), and a finished trick's cards going to its winner."""
        before = {s.seat: s.played for s in old.spots}
        movers: list[Mover] = []
        gathered = old.winner is not None and any(
            before.get(s.seat, ()) and s.played != before[s.seat] for s in new.spots)
        if gathered and old.winner is not None:
            movers += [Mover(face, s.seat, i, to_winner=old.winner)
                       for s in old.spots for i, face in enumerate(s.played)]
        for spot in new.spots:
            was = () if gathered else before.get(spot.seat, ())
            if spot.played != was:
                start = len(was) if spot.played[:len(was)] == was else 0
                movers += [Mover(face, spot.seat, i) for i, face in enumerate(spot.played) if i >= start]
        return tuple(movers)

    def _moved(self) -> None:
        self.movers = ()
        self.refresh()

    def finish_motion(self) -> None:
        """End the motion at once (a key was pressed, or the table changed)."""
        if self.movers:
            self.app.animator.force_stop_animation(self, "motion")
            self.movers = ()
            self.motion = 1.0
            self.refresh()

    def watch_motion(self) -> None:
        self.refresh()

    # ----- size -----

    def keep_list_whole(self) -> None:
        """Grow below the room it has when the list of seats needs more lines (nothing is cut:
        the box around it scrolls)."""
        data, parent = self.data, self.parent
        room = parent.size if isinstance(parent, Widget) else self.size
        lines = 1
        if data is not None and self.fit(data, room.width, room.height).mode == "list":
            lines = len(list_lines(data, room.width))
        if self.styles.min_height is None or self.styles.min_height.value != lines:
            self.styles.min_height = lines

    def on_resize(self) -> None:
        self.keep_list_whole()

    def fit(self, data: TableData, width: int, height: int) -> Fit:
        for fit in (Fit("framed", tall=True), Fit("framed"), Fit("compact")):
            if layout(data, fit, width, height) is not None:
                return fit
        return Fit("list")

    # ----- drawing -----

    def render(self) -> Text:
        data = self.data
        width, height = self.size
        if data is None or width < 1 or height < 1:
            return Text("")
        fit = self.fit(data, width, height)
        placed = layout(data, fit, width, height) if fit.mode != "list" else None
        if placed is None:
            return Text("\n").join(list_lines(data, width))
        boxes = placed.boxes
        canvas = Canvas(width, height)
        moving = {(m.seat, m.index) for m in self.movers if m.to_winner is None}
        for spot, box in zip(data.ordered(), boxes, strict=True):
            for row, line in enumerate(box.lines):
                canvas.put(box.x, box.y + row, line, box.width)
            faces = [(i, f) for i, f in enumerate(spot.played) if (spot.seat, i) not in moving]
            draw_cards(canvas, fit, box, faces, data.glyphs, spot.seat == data.winner)
        centre_text(canvas, placed, fit)
        self.draw_movers(canvas, data, fit, {s.seat: b for s, b in zip(data.ordered(), boxes, strict=True)})
        return canvas.text()

    def draw_movers(self, canvas: Canvas, data: TableData, fit: Fit, boxes: dict[int, Box]) -> None:
        step, _ = card_size(fit)
        for mover in self.movers:
            box = boxes.get(mover.seat)
            if box is None:
                continue
            at = (box.cards[0] + mover.index * (step or 4), box.cards[1])
            home = (box.x + 1, box.y)
            if mover.to_winner is None:
                start, end = home, at
            else:
                winner = boxes.get(mover.to_winner)
                start, end = at, (winner.x + 1, winner.y) if winner else at
            x = round(start[0] + (end[0] - start[0]) * self.motion)
            y = round(start[1] + (end[1] - start[1]) * self.motion)
            lines = (framed(mover.face, data.glyphs, fit.tall, False) if fit.mode == "framed"
                     else [mover.face.text()])
            for row, line in enumerate(lines):
                canvas.put(x, y + row, line)


def safe(markup: str, glyphs: str) -> str:
    """Markup with nothing of ambiguous width in ascii mode (names, marks, facts)."""
    return ascii_safe(markup) if glyphs == "ascii" else markup


def name_line(spot: SeatSpot, data: TableData) -> Text:
    marker = ">" if spot.acting else " "
    marks = "".join(f" {safe(m, data.glyphs)}" for m in spot.marks if m)
    text = Text.from_markup(f"{marker} [b]{safe(spot.name, data.glyphs)}[/]{marks}")
    if spot.acting:
        text.stylize("reverse")
    return text


def spot_lines(spot: SeatSpot, data: TableData, width: int) -> list[Text]:
    """A seat's spot: its name line, then its count of cards and facts (wrapped), the win."""
    name = name_line(spot, data)
    lines = list(name.wrap(_CONSOLE, width, overflow="fold")) if name.cell_len > width else [name]
    if spot.seat == data.winner:
        lines.append(Text.from_markup(f"  [b reverse] {data.t(data.winner_word)} [/]"))
    facts = list(spot.facts)
    if spot.cards is not None:
        facts.insert(0, data.t("ui.table_cards", count=spot.cards))
    for fact in facts:
        lines += [Text("  ") + line for line in wrapped(safe(fact, data.glyphs), width - 2)]
    return lines


def list_lines(data: TableData, width: int) -> list[Text]:
    """The table as a list: each seat in play order from the bottom one, its cards in front of it."""
    lines: list[Text] = []
    if data.centre:
        lines += [line for part in safe(data.centre, data.glyphs).splitlines() for line in wrapped(part, width)]
    names = {spot.seat: name_line(spot, data) for spot in data.spots}
    name_w = max((name.cell_len for name in names.values()), default=0)
    played_w = max((compact(spot.played, False).cell_len for spot in data.spots), default=0)
    for spot in data.ordered():
        parts = [names[spot.seat].copy()]
        parts[0].pad_right(name_w - parts[0].cell_len)
        if played_w:
            cards = compact(spot.played, spot.seat == data.winner)
            cards.pad_right(played_w - cards.cell_len)
            parts.append(cards)
        if spot.seat == data.winner:
            parts.append(Text.from_markup(f"[b reverse] {data.t(data.winner_word)} [/]"))
        if spot.cards is not None:
            parts.append(Text.from_markup(data.t("ui.table_cards", count=spot.cards)))
        parts += [Text.from_markup(safe(fact, data.glyphs)) for fact in spot.facts]
        lines += _parts_wrapped(parts, width)
    return lines


def _parts_wrapped(parts: list[Text], width: int) -> list[Text]:
    """A seat's line, broken between its parts (a fact such as "Faces 0" stays whole) and the
    lines after the first indented; a part too long for a line of its own is wrapped."""
    lines = [parts[0].copy()]
    for part in parts[1:]:
        line = lines[-1]
        if line.cell_len + 2 + part.cell_len <= width:
            line.append("  ")
            line.append_text(part)
        else:
            lines += [Text("    ") + piece for piece in part.wrap(_CONSOLE, max(width - 4, 1), overflow="fold")]
    first, *more = lines[0].wrap(_CONSOLE, max(width, 1), overflow="fold") or [Text("")]
    return [first, *(Text("    ") + rest for rest in more), *lines[1:]]


@dataclass
class Placed:
    """The table laid out: each seat's spot in play order from the bottom one, the centre's lines."""

    boxes: list[Box]
    centre: list[Text]


def layout(data: TableData, fit: Fit, width: int, height: int) -> Placed | None:
    """Where each seat (in play order from the bottom one) is drawn, or None when the table
    does not fit in `width` x `height` this way."""
    spots = data.ordered()
    left_n, top_n, right_n = SIDES.get(len(spots), (0, 0, 0))
    if len(spots) not in SIDES:
        return None
    step, card_h = card_size(fit)
    box_w = min(BOX_WIDTH, max(12, (width - 2) // max(3, top_n + 2)))
    boxes = [Box(0, 0, box_w, spot_lines(s, data, box_w), "") for s in spots]
    box_h = max(len(b.lines) for b in boxes)
    played = max((len(s.played) for s in spots), default=0) or 1
    cards_w = played * step if step else max(cell_len(compact(s.played, False).plain) for s in spots) or 3
    # the columns: left seats, their cards, the middle, right cards, right seats
    side_w = box_w if left_n or right_n else 0
    middle_w = width - 2 * (side_w + cards_w + 1) if side_w else width
    centre = centre_lines(data, middle_w - 4)  # (two cells clear of the side seats' cards)
    centre_w = max((line.cell_len for line in centre), default=0)
    if middle_w - 4 < max(centre_w, cards_w, CENTRE_WIDTH if centre else 8) or top_n * box_w + top_n - 1 > width:
        return None
    # the rows: top seats and their cards, the middle, the bottom seat's cards and the bottom seat
    top_h = box_h + card_h if top_n else 0
    bottom_h = box_h + card_h
    side_room = height - top_h - (bottom_h if width < 3 * box_w + 2 else 0)
    if top_h + bottom_h + max(len(centre), 1) > height or max(left_n, right_n) * box_h > side_room:
        return None
    order = ["bottom"] + ["left"] * left_n + ["top"] * top_n + ["right"] * right_n
    if not data.clockwise:
        order = ["bottom"] + ["right"] * right_n + ["top"] * top_n + ["left"] * left_n
    between = height - top_h - bottom_h  # (the side seats face the middle when they fit there)
    side_room = between if between >= max(left_n, right_n) * box_h else side_room
    placed = place(order, (width, height), (box_w, box_h), top_h, side_room, data.clockwise)
    for box, (side, x, y) in zip(boxes, placed, strict=True):
        box.side, box.x, box.y = side, x, y
        box.cards = cards_at(box, side, box_h, cards_w, card_h, width)
    return Placed(boxes, centre)


def place(order: list[str], size: tuple[int, int], box: tuple[int, int], top_h: int, side_room: int,
          clockwise: bool) -> list[tuple[str, int, int]]:
    """The top-left cell of each seat's spot, in play order from the bottom seat: the top row
    between the side columns when it fits there (else across the whole width), the side columns
    below the top seats' cards."""
    (width, height), (box_w, box_h) = size, box
    counts = {side: order.count(side) for side in ("left", "top", "right")}
    seen = {"left": 0, "top": 0, "right": 0}
    spots = [("bottom", (width - box_w) // 2, height - box_h)]
    sides = 2 * box_w if counts["left"] or counts["right"] else 0
    top_room = width - sides if counts["top"] * box_w + counts["top"] - 1 <= width - sides else width
    for side in order[1:]:
        k, n = seen[side], counts[side]
        seen[side] += 1
        if side == "top":
            slot = top_room // n
            from_left = k if clockwise else n - 1 - k
            spots.append((side, (width - top_room) // 2 + slot * from_left + (slot - box_w) // 2, 0))
            continue
        slot = side_room // n
        # the seats of a column go up the left side and down the right in clockwise play
        up = side == "left" if clockwise else side == "right"
        row = n - 1 - k if up else k
        y = top_h + slot * row + max(0, (slot - box_h) // 2)
        if not top_h and n == 1:
            y = max(0, (height - box_h) // 3)
        spots.append((side, 0 if side == "left" else width - box_w, y))
    return spots


def cards_at(box: Box, side: str, box_h: int, cards_w: int, card_h: int, width: int) -> tuple[int, int]:
    """The top-left cell of a seat's cards: towards the middle of the table from its spot."""
    middle = box.x + (box.width - cards_w) // 2
    if side == "bottom":
        return middle, box.y - card_h
    if side == "top":
        return middle, box.y + box_h
    row = box.y + max(0, (box_h - card_h) // 2)
    return (box.x + box.width + 1, row) if side == "left" else (box.x - cards_w - 1, row)


def draw_cards(canvas: Canvas, fit: Fit, box: Box, faces: Sequence[tuple[int, CardFace]], glyphs: str,
               winner: bool) -> None:
    x, y = box.cards
    if fit.mode != "framed":
        if faces:
            canvas.put(x, y, compact([f for _, f in faces], winner))
        return
    step, _ = card_size(fit)
    for index, face in faces:
        for row, line in enumerate(framed(face, glyphs, fit.tall, winner)):
            canvas.put(x + index * step, y + row, line)


def centre_lines(data: TableData, width: int) -> list[Text]:
    """The centre's lines, wrapped to `width` (at most 40 cells)."""
    if not data.centre:
        return []
    return [line for part in safe(data.centre, data.glyphs).splitlines() for line in wrapped(part, min(width, 40))]


def centre_text(canvas: Canvas, placed: Placed, fit: Fit) -> None:
    """The centre's lines in the middle, between the top seats' cards and the bottom seat's."""
    lines, boxes = placed.centre, placed.boxes
    top = max((b.cards[1] + card_size(fit)[1] for b in boxes if b.side == "top"), default=0)
    bottom = min(b.cards[1] for b in boxes if b.side == "bottom")
    y = top + max(0, (bottom - top - len(lines)) // 2)
    for row, line in enumerate(lines):
        canvas.put((canvas.width - line.cell_len) // 2, y + row, line)
