"""scorepad: a keyboard-driven terminal scorepad for The Great Library's end game."""

__version__ = "0.1.0"
