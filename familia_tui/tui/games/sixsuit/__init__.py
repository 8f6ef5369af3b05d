"""The six-suit table in the app: its screen, widgets, results screen, texts and scenes."""
