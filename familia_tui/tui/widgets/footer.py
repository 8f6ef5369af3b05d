"""The key footer of every screen: it changes only when the keys it shows change, and then only the
keys that changed.

Textual's `Footer` recomposes all its keys whenever a screen publishes `refresh_bindings()`, which
the tables do after every move (and Textual on every focus change). Each recompose also leaves the
removed keys registered as watchers of the footer's `compact` reactive (`data_bind`), so a long
match grew the app by ~36 MB and spent a quarter of its time per move rebuilding identical keys.
Even when one key comes or goes (Esc with the first ticked Daifugō card), the recompose ran after
the screen's refresh, mounted and styled every key again and laid the screen out a second and a
third time: ~40 ms of a 50 ms key budget. `AppFooter` changes its keys in place at once, in the
frame of the key press: a key that goes is hidden (and shown again when it comes back), a new key
is mounted where `Footer.compose` would put it, and the others take the new enabled state. It
follows `Footer.compose` of Textual 8.2 (pyproject pins textual<9) and a few of its internals
(`FooterKey._disabled`, `MessagePump._context`); tests/tui/test_footer.py checks that the footer
draws what a recomposed one draws. A screen may keep keys that work out of the footer for want of
room (`footer_hidden()`: a table's spare keys, and the command palette's key when the keys that
work need its room); `kept_out` finds them from the keys the footer draws (`footer_room`).
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import NamedTuple

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from familia_tui.tui.widgets import footer_room

STATE_CLASSES = frozenset({"-disabled", "-compact", "-gone"})
"""Classes of a footer key that follow its state rather than say which key it is."""


class KeySpec(NamedTuple):
    """One key as `Footer.compose` makes it (the arguments of its `FooterKey`)."""

    key: str
    key_display: str
    description: str
    action: str
    classes: str = ""
    disabled: bool = False
    tooltip: str = ""

    @property
    def identity(self) -> tuple[object, ...]:
        """Which key this is, whatever its state."""
        return self.key, self.key_display, self.description, self.action, frozenset(self.classes.split())


def key_identity(widget: Widget) -> tuple[object, ...] | None:
    """Which key a footer child shows (None: not a lone key)."""
    if type(widget) is not FooterKey:
        return None
    return widget.key, widget.key_display, widget.description, widget.action, widget.classes - STATE_CLASSES


class AppFooter(Footer):
    """A `Footer` that changes only when the shown keys, their labels or their states change,
    and then changes only the keys that differ, at once (see the module)."""

    DEFAULT_CSS = """
    AppFooter FooterKey.-gone { display: none; }
    """
    """A key that went is hidden (`-gone`) until it comes back."""

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__(show_command_palette=show_command_palette)
        self._shown: tuple[object, ...] | None = None
        self._hidden: frozenset[str] = frozenset()
        """The keys the screen keeps out, as `shown_keys` last found them."""
        self._recomposing = False

    def shown_keys(self, screen: Screen[object]) -> tuple[object, ...]:
        """What the footer would draw: each shown binding's key, label and whether it is enabled
        (and whether the palette's key may show at all)."""
        palette = screen.app.COMMAND_PALETTE_BINDING
        self._hidden = hidden = self.hidden_actions(screen)  # (`key_specs` uses them next)
        return (self.show_command_palette, *((key, binding.description, binding.key_display, enabled)
                for key, (_, binding, enabled, _) in screen.active_bindings.items()
                if (binding.show or key == palette) and binding.action not in hidden))

    @staticmethod
    def hidden_actions(screen: Screen[object]) -> frozenset[str]:
        """Keys that work but that the screen keeps out of the footer for want of room (a
        table's spare keys: `footer_hidden()`)."""
        hidden = getattr(screen, "footer_hidden", None)
        return hidden() if hidden is not None else frozenset()

    def kept_out(self, screen: Screen[object], spares: Sequence[str]) -> frozenset[str]:
        """The actions whose keys this footer keeps out for want of room, counted as it draws
        its keys (`footer_room`): of the `spares` (spare actions, by priority) those that do
        nothing now or do not fit beside the keys that work, and the command palette's key
        when the keys that work need its room."""
        app, palette_key = screen.app, screen.app.COMMAND_PALETTE_BINDING
        working: list[tuple[str, str]] = []
        spare: list[tuple[str, str, str]] = []
        out: set[str] = set()
        palette: tuple[str, str, str] | None = None  # (action, key, description)
        seen: set[str] = set()
        for key, (_, binding, enabled, _) in screen.active_bindings.items():
            drawn = (app.get_key_display(binding), binding.description)
            if key == palette_key:
                palette = (binding.action, *drawn) if self.palette_shown(screen) else None
            elif binding.show and binding.action not in seen:  # (`Footer.compose`: an action's first key)
                seen.add(binding.action)
                if binding.action not in spares:
                    working.append(drawn)
                elif enabled:
                    spare.append((binding.action, *drawn))
                else:
                    out.add(binding.action)
        spare.sort(key=lambda entry: spares.index(entry[0]))
        room = None if palette is None else (palette[1], palette[2])
        keeps_palette, shown = footer_room.fitting(working, spare, screen.size.width or app.size.width,
                                                   self.compact, room)
        out.update(action for action, _, _ in spare if action not in shown)
        if palette is not None and not keeps_palette:
            out.add(palette[0])
        return frozenset(out)

    def palette_shown(self, screen: Screen[object]) -> bool:
        """Whether the command palette's key is drawn when there is room for it (an ascii
        screen's CSS hides it: its border is no ascii)."""
        return (self.show_command_palette and screen.app.ENABLE_COMMAND_PALETTE
                and not screen.has_class("-ascii"))

    def compose(self) -> ComposeResult:
        """Textual's keys, less those the screen keeps out for want of room."""
        hidden = self.hidden_actions(self.screen) if self._bindings_ready else frozenset()
        for widget in super().compose():
            if not (isinstance(widget, FooterKey) and widget.action in hidden):
                yield widget

    def on_mount(self) -> None:
        self.call_next(self._subscribe_now)  # once `Footer.on_mount` has subscribed `bindings_changed`

    def _subscribe_now(self) -> None:
        """Hear of changed bindings at once, in the handler that changed them (Textual's footer
        hears of them when that handler is done), so that the keys change in the frame that
        shows the rest of its work."""
        signal = self.screen.bindings_updated_signal
        signal.unsubscribe(self)
        signal.subscribe(self, self._bindings_published, immediate=True)

    def _bindings_published(self, screen: Screen[object]) -> None:
        with self._context():  # as in the footer's own handler: its messages, its data_bind
            self.bindings_changed(screen)

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._forget_removed_keys()
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self.shown_keys(screen)
            if shown == self._shown:
                return
            composed, self._shown = self._shown is not None, shown
            if composed and not self._recomposing and self.update_keys():
                return
        else:
            self._shown = None  # recompose on the next change, whatever it is
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        self._recomposing = True  # its keys are being replaced: no change in place meanwhile
        try:
            await super().recompose()
        finally:
            self._recomposing = False

    def key_specs(self) -> list[KeySpec] | None:
        """The keys `Footer.compose` (Textual 8.2) yields now, in its order; None when it would
        yield a group of keys (no screen here has one: those are recomposed)."""
        active, hidden = self.screen.active_bindings, self._hidden
        by_action: dict[str, KeySpec] = {}
        for _, binding, enabled, tooltip in active.values():
            if not binding.show or binding.action in hidden:
                continue
            if binding.group is not None:
                return None
            if binding.action not in by_action:  # compose shows the first key of an action
                by_action[binding.action] = KeySpec(binding.key, self.app.get_key_display(binding),
                                                    binding.description, binding.action,
                                                    disabled=not enabled, tooltip=tooltip)
        specs = list(by_action.values())
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None
                and palette.binding.action not in hidden):
            _, binding, enabled, _ = palette
            specs.append(KeySpec(binding.key, self.app.get_key_display(binding), binding.description,
                                 binding.action, "-command-palette", not enabled,
                                 binding.tooltip or binding.description))
        return specs

    def update_keys(self) -> bool:
        """Make the keys on show those of `key_specs`: the keys that stay take their new state,
        the ones that went are hidden (those replaced by others, e.g. in another language,
        removed), the new ones are shown again or mounted in their places. False (nothing done)
        when the footer must be recomposed instead."""
        specs = self.key_specs()
        keys = [widget for widget in self.children if not widget._pruning]
        old = [key_identity(widget) for widget in keys]
        if specs is None or None in old:
            return False
        new = [spec.identity for spec in specs]
        with self.app.batch_update():
            matcher = SequenceMatcher(a=old, b=new, autojunk=False)
            for tag, old_from, old_to, new_from, new_to in matcher.get_opcodes():
                if tag == "equal":
                    for key, spec in zip(keys[old_from:old_to], specs[new_from:new_to]):
                        self._set_state(key, spec)
                    continue
                gone = keys[old_from:old_to]
                for key in gone:
                    key.add_class("-gone")  # at once: a removal takes a moment
                coming = specs[new_from:new_to]
                if coming:  # mounted; keys of theirs hidden elsewhere, and keys they replace, removed
                    identities = {spec.identity for spec in coming}
                    replaced = [key for key, seen in zip(keys, old) if seen in identities]
                    self.remove_children(list(dict.fromkeys(replaced + (gone if tag == "replace" else []))))
                    self.mount(*self._make_keys(coming), before=keys[old_to] if old_to < len(keys) else None)
        return True

    def _make_keys(self, specs: list[KeySpec]) -> list[FooterKey]:
        """New keys, bound to the footer's `compact` as `Footer.compose` binds them (but the
        command palette's key)."""
        keys = [FooterKey(spec.key, spec.key_display, spec.description, spec.action,
                          disabled=spec.disabled, tooltip=spec.tooltip, classes=spec.classes)
                for spec in specs]
        return [key if spec.classes else key.data_bind(compact=Footer.compact) for key, spec in zip(keys, specs)]

    @staticmethod
    def _set_state(key: Widget, spec: KeySpec) -> None:
        """Give a key on show the state `spec` says: shown, enabled or not, its tooltip."""
        assert isinstance(key, FooterKey)
        key._disabled = spec.disabled
        key.update_classes({"-gone": False, "-disabled": spec.disabled})
        tooltip = spec.tooltip or None
        if key.tooltip != tooltip:
            key.tooltip = tooltip

    def _forget_removed_keys(self) -> None:
        """Drop the watchers that keys removed by earlier recomposes left on `compact`."""
        watchers = getattr(self, "__watchers", {}).get("compact")
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers
                           if getattr(node, "is_attached", False)]

