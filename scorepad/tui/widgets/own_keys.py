"""A key bound on the focused widget runs its action where it lands.

Textual hands a key to the focused widget, lets it bubble up through every container
to the App, and only there looks up the bindings, the focused widget's first. Each
step up is a message through another queue: on Setup (a form of Inputs then), Enter
in a name field went through its row, the form and the screen before the App moved
the focus on (a fifth of the commit's frame, issue 15). The focused widget's own (non-priority) binding is
the one that lookup would find first, and priority bindings were looked up before the
key reached the widget, so running it at once changes which binding runs in no case.
A binding whose action cannot run now (``check_action``) lets the key go on as before.
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget


class OwnKeys(Widget):
    """Mixed into focusable widgets whose keys are bound on themselves."""

    async def on_key(self, event: events.Key) -> None:
        if not self.has_focus or event._stop_propagation:
            return  # a key sent to the widget otherwise, or taken by a handler before: Textual's way
        if getattr(self, f"key_{event.name}", None) is not None:
            return  # a key method comes before bindings in Textual's order: let it run
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
