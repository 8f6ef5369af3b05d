"""Toy whist has no screenshots."""

SCENES: tuple[object, ...] = ()
