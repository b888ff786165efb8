"""Screens of cards per player: Scribes in the School (S7) and invited Scholars (S8)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label

from ...rules.entries import PutScholar, PutScribe, RemoveItem
from ...rules.models import Sheet
from ..widgets.count_field import CountField
from .base import GameScreen


class ListScreen(GameScreen):
    """One column per player: a row per card, a remove button, and an add button."""

    LIST = ""
    NOUN = ""
    BINDINGS = [Binding("ctrl+n", "add", "Add a card")]
    EDITS = frozenset({"add"})

    def structure(self, sheet: Sheet) -> object:
        return tuple((p.name, len(getattr(p, self.LIST))) for p in sheet.players)

    def body(self) -> ComposeResult:
        with Horizontal(classes="columns"):
            for p, player in enumerate(self.sheet.players):
                with Vertical(classes="player-column"):
                    yield Label(player.name, classes="column-heading")
                    for i, item in enumerate(getattr(player, self.LIST)):
                        with Horizontal(classes="item-row"):
                            yield from self.item_widgets(p, i, item)
                            yield Button("✕", id=f"remove-{p}-{i}", classes="remove", tooltip="Remove")
                    yield Button(f"+ {self.NOUN}", id=f"add-{p}", classes="add")
                    yield Label(self.summary(player), id=f"summary-{p}", classes="summary")

    def item_widgets(self, p: int, i: int, item) -> ComposeResult:
        yield from ()

    def summary(self, player) -> str:
        return ""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        parts = (event.button.id or "").split("-")
        if parts[0] == "add":
            self.add(int(parts[1]))
        elif parts[0] == "remove":
            p, i = int(parts[1]), int(parts[2])
            self.focus_after = f"#add-{p}"
            self.send(RemoveItem(player=p, list=self.LIST, index=i))

    def new_entry(self, p: int):
        raise NotImplementedError

    def action_add(self) -> None:
        """Add a card for the player whose column has the focus."""
        parts = (self.focused.id or "").split("-") if self.focused else []
        if self.focused is not None and self.focused.parent is not None and not parts[1:]:
            parts = (self.focused.parent.id or "").split("-")  # an Input inside a CountField
        player = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
        self.add(player)

    def add(self, p: int) -> None:
        count = len(getattr(self.sheet.players[p], self.LIST))
        self.focus_after = f"#value-{p}-{count} Input"
        self.send(self.new_entry(p))

    def update(self, sheet: Sheet) -> None:
        for p, player in enumerate(sheet.players):
            for i, item in enumerate(getattr(player, self.LIST)):
                self.show_item(p, i, item)
            self.query_one(f"#summary-{p}", Label).update(self.summary(player))

    def show_item(self, p: int, i: int, item) -> None:
        self.query_one(f"#value-{p}-{i}", CountField).show(self.item_value(item))

    def item_value(self, item) -> int:
        raise NotImplementedError


class SchoolScreen(ListScreen):
    """S7: the printed Knowledge of each Scribe in the School."""

    HEADING = "School (S7)"
    HINT = "Knowledge of every Scribe in the School: 1 Renown per 2, rounded down."
    LIST, NOUN = "scribes", "Scribe"

    def body(self) -> ComposeResult:
        yield from super().body()
        yield Label("M3: a Young Scribe counts at its printed Knowledge value: it is not doubled.",
                    classes="reminder")

    def item_widgets(self, p: int, i: int, item) -> ComposeResult:
        yield CountField("Knowledge", item.knowledge,
                         lambda v, p=p, i=i: PutScribe(player=p, index=i, scribe={
                             "knowledge": v, "young": self.sheet.players[p].scribes[i].young}),
                         id=f"value-{p}-{i}")
        yield Checkbox("Young", item.young, id=f"young-{p}-{i}")

    def item_value(self, item) -> int:
        return item.knowledge

    def show_item(self, p: int, i: int, item) -> None:
        super().show_item(p, i, item)
        box = self.query_one(f"#young-{p}-{i}", Checkbox)
        with box.prevent(Checkbox.Changed):
            box.value = item.young

    def summary(self, player) -> str:
        total = sum(s.knowledge for s in player.scribes)
        return f"Knowledge {total} -> {total // 2} Renown"

    def new_entry(self, p: int):
        return PutScribe(player=p, scribe={"knowledge": 0})

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        _, p, i = (event.checkbox.id or "").split("-")
        scribe = self.sheet.players[int(p)].scribes[int(i)]
        if scribe.young != event.value:
            self.send(PutScribe(player=int(p), index=int(i),
                                    scribe={"knowledge": scribe.knowledge, "young": event.value}))


class ScholarsScreen(ListScreen):
    """S8: the Renown printed on the back of each invited Scholar card (T3 counts cards)."""

    HEADING = "Invited Scholars (S8)"
    HINT = "The Renown on the back of each Scholar card in the Workshop. The number of cards breaks ties (T3)."
    LIST, NOUN = "scholars", "Scholar"

    def item_widgets(self, p: int, i: int, item) -> ComposeResult:
        yield CountField("Renown", item.renown,
                         lambda v, p=p, i=i: PutScholar(player=p, index=i, scholar={
                             "renown": v, "name": self.sheet.players[p].scholars[i].name}),
                         id=f"value-{p}-{i}")
        yield Input(item.name, placeholder="name (optional)", id=f"name-{p}-{i}", classes="name",
                    compact=True, max_length=60)

    def item_value(self, item) -> int:
        return item.renown

    def summary(self, player) -> str:
        return f"{len(player.scholars)} cards -> {sum(s.renown for s in player.scholars)} Renown"

    def new_entry(self, p: int):
        return PutScholar(player=p, scholar={"renown": 0})

    def commit_name(self, widget: Input) -> None:
        _, p, i = (widget.id or "").split("-")
        scholar = self.sheet.players[int(p)].scholars[int(i)]
        if widget.value.strip() != scholar.name:
            self.send(PutScholar(player=int(p), index=int(i),
                                 scholar={"renown": scholar.renown, "name": widget.value[:60]}))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if "name" in event.input.classes:
            self.commit_name(event.input)
            self.focus_next()

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if "name" in event.input.classes:
            self.commit_name(event.input)
