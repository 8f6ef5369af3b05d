"""The key footer of every screen, rebuilt only when the keys it shows change.

Textual's `Footer` recomposes all its keys whenever a screen publishes `refresh_bindings()`, which
the tables do after every move (and Textual on every focus change). Each recompose also leaves the
removed keys registered as watchers of the footer's `compact` reactive (`data_bind`), so a long
match grew the app by ~36 MB and spent a quarter of its time per move rebuilding identical keys.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class AppFooter(Footer):
    """A `Footer` that recomposes only when the shown keys, their labels or their states change."""

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__(show_command_palette=show_command_palette)
        self._shown: tuple[object, ...] | None = None

    def shown_keys(self, screen: Screen[object]) -> tuple[object, ...]:
        """What the footer would draw: each shown binding's key, label and whether it is enabled."""
        palette, hidden = screen.app.COMMAND_PALETTE_BINDING, self.hidden_actions(screen)
        return tuple((key, binding.description, binding.key_display, enabled)
                     for key, (_, binding, enabled, _) in screen.active_bindings.items()
                     if (binding.show or key == palette) and binding.action not in hidden)

    @staticmethod
    def hidden_actions(screen: Screen[object]) -> frozenset[str]:
        """Keys that work but that the screen keeps out of the footer for want of room (a
        table's spare keys: `footer_hidden()`)."""
        hidden = getattr(screen, "footer_hidden", None)
        return hidden() if hidden is not None else frozenset()

    def compose(self) -> ComposeResult:
        """Textual's keys, less those the screen keeps out for want of room."""
        hidden = self.hidden_actions(self.screen) if self._bindings_ready else frozenset()
        for widget in super().compose():
            if not (isinstance(widget, FooterKey) and widget.action in hidden):
                yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._forget_removed_keys()
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self.shown_keys(screen)
            if shown == self._shown:
                return
            self._shown = shown
        else:
            self._shown = None  # recompose on the next change, whatever it is
        super().bindings_changed(screen)

    def _forget_removed_keys(self) -> None:
        """Drop the watchers that keys removed by earlier recomposes left on `compact`."""
        watchers = getattr(self, "__watchers", {}).get("compact")
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers
                           if getattr(node, "is_attached", False)]
