"""A key bound on the focused widget runs its action where it lands (``OwnKeys``):
the same binding runs as when the key bubbles up to the App, one message per container
sooner, and a binding that cannot run now lets the key go on."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget

from scorepad.tui.widgets.own_keys import OwnKeys


class Field(OwnKeys, Widget, can_focus=True):
    BINDINGS = [Binding("x", "mine", "Mine"), Binding("y", "refused", "Refused")]

    def __init__(self) -> None:
        super().__init__()
        self.ran: list[str] = []

    def action_mine(self) -> None:
        self.ran.append("mine")

    def check_action(self, action: str, parameters) -> bool | None:
        return action != "refused"


class Host(App):
    BINDINGS = [Binding("y", "app_y", "App's y"), Binding("x", "app_x", "App's x")]

    def __init__(self) -> None:
        super().__init__()
        self.ran: list[str] = []
        self.bubbled: list[str] = []

    def compose(self):
        with Vertical():
            with Vertical():
                yield Field()

    def on_mount(self) -> None:
        self.query_one(Field).focus()

    def action_app_y(self) -> None:
        self.ran.append("app y")

    def action_app_x(self) -> None:
        self.ran.append("app x")

    def on_key(self, event) -> None:
        self.bubbled.append(event.key)


async def test_the_focused_widgets_binding_runs_without_bubbling_and_a_refused_one_goes_on():
    app = Host()
    async with app.run_test() as pilot:
        field = app.query_one(Field)
        await pilot.press("x")
        assert field.ran == ["mine"] and app.ran == [] and app.bubbled == []
        await pilot.press("y")  # the field's binding cannot run now: the App's does, as before
        assert field.ran == ["mine"] and app.ran == ["app y"] and app.bubbled == ["y"]


class Typed(Field):
    """A widget that takes a key in its own handler (a count table's digits)."""

    def on_key(self, event) -> None:
        if event.key == "x":
            event.stop()
            self.ran.append("typed")


async def test_a_key_its_handler_took_runs_no_binding():
    app = Host()
    app.compose = lambda: iter([Typed()])
    async with app.run_test() as pilot:
        app.query_one(Typed).focus()
        await pilot.pause()
        await pilot.press("x")
        assert app.query_one(Typed).ran == ["typed"] and app.ran == []
