"""Screens where the focus moves with every Enter (the game screens and the forms).

Textual repaints the whole screen whenever the focus moves (``Screen.focused`` is a
reactive that repaints). The two widgets whose focus changed repaint themselves, and a
``:focus`` rule restyles them, so a whole-screen repaint draws forty widgets for two:
on Setup, Enter from one name to the next drew the whole form (three quarters of the
commit's frame).
"""

from __future__ import annotations

from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget


class QuietFocus(Screen):
    """Moving the focus repaints the widgets it leaves and reaches, not the screen."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
