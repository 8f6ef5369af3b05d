"""Toy whist's table in the app: its screen (`screen:TABLE`), results and scenes."""
