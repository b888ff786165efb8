"""The scorepad app's screens."""
