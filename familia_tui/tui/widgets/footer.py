"""The key footer of every screen, rebuilt only when the keys it shows change.

Textual's `Footer` recomposes all its keys whenever a screen publishes `refresh_bindings()`, which
the tables do after every move (and Textual on every focus change). Each recompose also leaves the
removed keys registered as watchers of the footer's `compact` reactive (`data_bind`), so a long
match grew the app by ~36 MB and spent a quarter of its time per move rebuilding identical keys.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class AppFooter(Footer):
    """A `Footer` that recomposes only when the shown keys, their labels or their states change."""

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__(show_command_palette=show_command_palette)
        self._shown: tuple[object, ...] | None = None

    def shown_keys(self, screen: Screen[object]) -> tuple[object, ...]:
        """What the footer would draw: each shown binding's key, label and whether it is enabled."""
        palette = screen.app.COMMAND_PALETTE_BINDING
        return tuple((key, binding.description, binding.key_display, enabled)
                     for key, (_, binding, enabled, _) in screen.active_bindings.items()
                     if binding.show or key == palette)

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
