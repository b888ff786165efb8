"""Moving the focus costs nothing where it changes nothing in a widget's look.

Textual restyles a widget, and everything in it, whenever it gains or loses the focus,
so that ``:focus`` rules apply: 2-3 ms a move on a full game screen, on every Enter
that moves on to the next field (half of a commit's frame on Game progress). Most of
our widgets show the focus by drawing it (a cursor), under no ``:focus`` rule. The
first time a widget of a kind (its class, id and classes, and its ancestors') gains or
loses the focus, it is restyled as Textual does; where its styles come out the same,
later moves of that kind skip it. A ``:focus`` rule (a table's border) keeps applying.
"""

from __future__ import annotations

from typing import ClassVar, Hashable

from textual.widget import Widget


class FocusLook(Widget):
    """Mixed into our focusable drawn widgets (see the module's docstring)."""

    # per kind of widget (``_kind``): the focus changes (gained: True) that left its styles alone
    _same_look: ClassVar[dict[Hashable, set[bool]]] = {}

    def watch_has_focus(self, has_focus: bool) -> None:
        kind = self._kind()
        same = FocusLook._same_look.setdefault(kind, set())
        if has_focus in same:
            return
        before = self._look()
        super().watch_has_focus(has_focus)
        if self._look() == before:
            same.add(has_focus)

    def _kind(self) -> Hashable:
        """What the stylesheet's rules can tell this widget by: the stylesheet, and
        the type, id and classes of the widget and of each of its ancestors."""
        return id(self.app.stylesheet), tuple((type(node), node.id, frozenset(node.classes))
                                              for node in self.ancestors_with_self)

    def _look(self) -> tuple:
        """The rules styling the widget and its parts (component classes) now."""
        parts = {name: styles.base.get_rules() for name, styles in self._component_styles.items()}
        return self.styles.base.get_rules(), parts
