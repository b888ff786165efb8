"""The rules core: models, entries, scoring, the Pinax solver, the end trigger, standings.

Pure Python and pydantic; it never imports Textual (a test checks). Each part is
imported from its own module (``scorepad.rules.standings``...): the package itself
loads nothing, so what needs only a light part (the saved games' lists, the
categories' names) does not build the sheet's models.
"""
