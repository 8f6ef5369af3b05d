"""The daifugo table in the app: its screen, widgets, results screen, texts and scenes."""
