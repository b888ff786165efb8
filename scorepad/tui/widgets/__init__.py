"""Reusable widgets of the scorepad app."""
