"""The end-trigger banner on every game screen (E1-E8)."""

from __future__ import annotations

from scorepad.tui.widgets.status_banner import status_words

from ..test_endgame import END_OF_GEN, empty, status


def test_E7_the_banner_says_a_pending_library_end_once():
    """A tmux run saw the E7 sentence twice in the banner: it is the next step and a warning."""
    words = status_words(status(END_OF_GEN, empty(2)))
    assert words.count("the end triggers when the next Execution phase begins (E7)") == 1
