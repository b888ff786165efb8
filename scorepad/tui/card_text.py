"""A player's cards typed on one line, and the entries that store them.

School takes a player's Scribes as ``3 2 4y`` (the printed Knowledge, ``y`` for a Young
Scribe, S7/M3); Scholars as ``4 3 2``, where words after a number name that card
(``4 Hypatia, 3, 2``, S8); Pinax quick counts as ``3 4 1`` (Seals matched per tile,
0-4, S1). The cards stay separate items of the sheet; the entries that store a line
are applied together as one (one step to undo and to replay). Nothing here imports
Textual.
"""

from __future__ import annotations

import re
from typing import Callable

from ..messages import counted
from ..storage.errors import clip
from ..rules.entries import PutCards, PutPinax, PutScholar, PutScribe, RemoveItem
from ..rules.models import MAX_SCHOLAR_NAME, PinaxTile, Scholar, Scribe
from ..rules.scoring import pinax_renown

NUMBER = re.compile(r"[0-9]+")  # ASCII digits, as the counts are stored


def numbers(text: str, what: str, suffix: str = "") -> list[tuple[int, str]]:
    """Whole numbers separated by spaces or commas, each with an optional ``suffix``
    letter: ``"3 2 4y"`` -> ``[(3, ""), (2, ""), (4, "y")]``."""
    found = []
    for word in text.replace(",", " ").split():
        body, tail = (word[:-1], word[-1].lower()) if suffix and word[-1].lower() == suffix else (word, "")
        if not NUMBER.fullmatch(body):
            hint = f", {suffix} after a Young one (4{suffix})" if suffix else ""
            raise ValueError(f"{word!r}: type {what}, one number per card{hint}")
        found.append((int(body), tail))
    return found


class ScribesText:
    """``3 2 4y``: a player's Scribes (S7), ``y`` marks a Young Scribe (M3)."""

    list_name, noun = "scribes", "Scribe"
    heading = "Knowledge per Scribe, 4y = Young"

    @staticmethod
    def parse(text: str) -> tuple[Scribe, ...]:
        """The Scribes a line means; ValueError in words when it means none."""
        return tuple(Scribe(knowledge=n, young=tail == "y") for n, tail in numbers(text, "Knowledge", "y"))

    @staticmethod
    def show(cards: tuple[Scribe, ...]) -> str:
        return " ".join(f"{s.knowledge}{'y' if s.young else ''}" for s in cards)

    @staticmethod
    def line(card: Scribe) -> str:
        return f"Knowledge {card.knowledge}" + (", Young (not doubled, M3)" if card.young else "")

    @staticmethod
    def put(player: int, index: int | None, card: Scribe):
        return PutScribe(player=player, index=index, scribe=card)


class ScholarsText:
    """``4 Hypatia, 3, 2``: a player's invited Scholars (S8). With commas, each part is
    a card: its Renown, then its name as typed (digits and all, but never starting
    with a number: ``3 2`` or ``3 4 Euclid`` there meant two cards). Without commas, a
    number starts a card and the words after it, up to the next number, name it."""

    list_name, noun = "scholars", "Scholar"
    takes_names = True
    heading = "Renown per card, name optional"

    @staticmethod
    def parse(text: str) -> tuple[Scholar, ...]:
        """The Scholars a line means; ValueError in words when it means none."""
        if "," in text:
            parts = [part.strip().split(maxsplit=1) for part in text.split(",") if part.strip()]
        else:
            parts = []  # [renown, start and end of the name in the text]
            for word in re.finditer(r"\S+", text):
                if NUMBER.fullmatch(word.group()) or not parts:
                    parts.append([word.group(), None, None])
                else:
                    parts[-1][1:] = [parts[-1][1] or word.start(), word.end()]
            parts = [[renown, *([text[start:end]] if start else [])] for renown, start, end in parts]
        cards = []
        for renown, *name in parts:
            if not NUMBER.fullmatch(renown):
                raise ValueError(f"{renown!r}: start each card with the Renown on it, then its name if you like")
            if name and NUMBER.fullmatch(name[0].split()[0]):
                # "4 Hypatia, 3 2" stored a card of 3 named "2", "3 4 Euclid" one named
                # "4 Euclid": more cards were meant (a name may hold digits, not start so)
                words = name[0].split()
                count = next((i for i, word in enumerate(words) if not NUMBER.fullmatch(word)), len(words))
                lead, named = words[:count], " ".join(words[count:])  # the numbers it starts with, the rest
                cards_meant = ", ".join([renown, *lead[:-1], f"{lead[-1]} {named}".strip()])
                raise ValueError(f"{renown + ' ' + name[0]!r}: with commas, each part is one card (its Renown, then "
                                 f"its name), and a name is not a number: {cards_meant} types them as cards")
            if name and len(name[0]) > MAX_SCHOLAR_NAME:  # refused, not cut: the row shows what is stored
                raise ValueError(f"a Scholar's name is at most {MAX_SCHOLAR_NAME} characters (this one has "
                                 f"{len(name[0])}): {clip(name[0], 24)!r}")
            cards.append(Scholar(renown=int(renown), name=name[0] if name else ""))
        return tuple(cards)

    @staticmethod
    def show(cards: tuple[Scholar, ...]) -> str:
        # commas only where names need them to be read back the same; a lone card with
        # a name ends in one when its name would read as more cards ("2 Ptolemy 2,")
        joiner = ", " if any(c.name for c in cards) else " "
        line = joiner.join(f"{c.renown} {c.name}".strip() for c in cards)
        return line if len(cards) != 1 or ScholarsText.parse(line) == cards else f"{line},"

    @staticmethod
    def line(card: Scholar) -> str:
        return f"Renown {card.renown}" + (f", {card.name}" if card.name else "")

    @staticmethod
    def put(player: int, index: int | None, card: Scholar):
        return PutScholar(player=player, index=index, scholar=card)


class QuickPinaxText:
    """``3 4 1``: the Seals each quick-count Pinax tile matched (S1, 0-4)."""

    list_name, noun = "pinax", "quick tile"
    heading = "Seals per quick tile (0-4)"

    @staticmethod
    def parse(text: str) -> tuple[PinaxTile, ...]:
        return tuple(PinaxTile(seals=n) for n, _ in numbers(text, "the Seals a tile matched"))

    @staticmethod
    def show(cards: tuple[PinaxTile, ...]) -> str:
        return " ".join(str(t.seals) for t in cards)

    @staticmethod
    def line(card: PinaxTile) -> str:
        return f"{counted(card.seals, 'Seal')} -> {pinax_renown(card.seals)} Renown"

    @staticmethod
    def put(player: int, index: int | None, card: PinaxTile):
        return PutPinax(player=player, index=index, tile=card)


def card_changes(player: int, places: list[int], old: tuple, new: tuple,
                 put: Callable[[int, int | None, object], object], list_name: str) -> list:
    """The entries that turn a player's cards ``old`` into ``new``: a card that changed
    is replaced where it is (``places`` says where each old card sits in the player's
    list), new cards are added at the end, and cards no longer typed are removed, last
    first so the places before them still hold."""
    entries = [put(player, places[i], b) for i, (a, b) in enumerate(zip(old, new)) if a != b]
    entries += [put(player, None, card) for card in new[len(old):]]
    entries += [RemoveItem(player=player, list=list_name, index=i) for i in sorted(places[len(new):], reverse=True)]
    return entries


def card_entry(player: int, places: list[int], old: tuple, new: tuple,
               put: Callable[[int, int | None, object], object], list_name: str) -> list:
    """``card_changes`` as one entry (none when nothing changed): a line typed is one
    step to undo, however many cards it changed."""
    entries = card_changes(player, places, old, new, put, list_name)
    return [PutCards(entries=entries)] if len(entries) > 1 else entries
