"""Moving the focus restyles a widget from memory, not from the stylesheet.

Textual restyles a widget, and everything in it, whenever it gains or loses the focus,
so that ``:focus`` rules apply: the stylesheet is matched again for the widget and for
each of its parts (component classes). That was 2-3 ms a move on a full game screen, on
every Enter that moves on to the next field (half of a commit's frame on Game
progress), and 2.5 ms for each of the two fields an Enter on Setup leaves and reaches
(an Input has four parts; Setup's form is one widget with its own cursor since). The
outcome depends only on the stylesheet, on what its rules can tell the widget by (its
type, id and classes, and its ancestors'), and on its pseudo-classes: the first time a
widget of a kind gains or loses the focus, it is restyled as Textual does, and its
rules before and after are remembered; later moves of that kind, starting from the same
rules, put the rules after in place at once (or nothing, where the focus changes
nothing in the look: most of our widgets show it by drawing a cursor, and a
``LineWidget`` redraws its lines when ``has_focus`` changes, as no restyle does it
then). A ``:focus`` rule (a field's accent border) keeps applying. A move that changed a part's look, a
widget with children, or a widget whose rules are not the remembered ones (a new theme)
is restyled as Textual does.
"""

from __future__ import annotations

from typing import ClassVar, Hashable

from textual.widget import Widget


class FocusLook(Widget):
    """Mixed into our focusable widgets (see the module's docstring). A widget of
    Textual's keeps its CSS type when this comes after it: ``class F(Input, FocusLook)``."""

    # per kind of widget and pseudo-classes after the move (``_kind``): its look before
    # a focus change, and its own rules after it
    _looks: ClassVar[dict[Hashable, tuple[tuple, dict]]] = {}

    def watch_has_focus(self, has_focus: bool) -> None:
        key = (self._kind(), self._pseudo_classes_cache_key)
        before = self._look()
        known = FocusLook._looks.get(key)
        if known is not None and known[0] == before and not self.children:
            rules = known[1]
            if rules != before[0]:
                # this widget's own layout object (Textual makes one per widget)
                rules = {**rules, "layout": self.styles.base.layout} if "layout" in rules else rules
                self.app.stylesheet.replace_rules(self, rules, animate=True)  # as Textual applies them
            return
        super().watch_has_focus(has_focus)
        after = self._look()
        if after[1] == before[1]:  # the parts' looks are not replayed: only the widget's own rules
            FocusLook._looks[key] = (before, after[0])

    def _kind(self) -> Hashable:
        """What the stylesheet's rules can tell this widget by: the stylesheet, and
        the type, classes and id (where a rule names it, as Textual's own cache of
        rules keys it) of the widget and of each of its ancestors. Widgets alike in all
        of these are one kind: the first one's move teaches the others."""
        stylesheet = self.app.stylesheet
        named = stylesheet.rules_map
        return id(stylesheet), tuple((type(node), node.id if f"#{node.id}" in named else None,
                                      frozenset(node.classes)) for node in self.ancestors_with_self)

    def _look(self) -> tuple:
        """The rules styling the widget and its parts (component classes) now."""
        parts = {name: rules(styles.base) for name, styles in self._component_styles.items()}
        return rules(self.styles.base), parts


def rules(styles) -> dict:
    """Styles' rules, comparable from one widget to another: a layout by its name
    (Textual makes a layout object per widget, equal only to itself)."""
    found = styles.get_rules()
    if "layout" in found:
        found["layout"] = found["layout"].name
    return found
