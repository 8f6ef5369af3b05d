"""The Chinkway table in the app: its screen, widgets, scores screen, texts and scenes."""
