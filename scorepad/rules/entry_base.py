"""What every entry shares: the error it raises and the checks that span a sheet."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictInt

from .models import Sheet, check_sheet


class EntryError(ValueError):
    """An entry that cannot apply to this sheet; the message says why, in plain words."""


Index = Annotated[StrictInt, Field(ge=0, le=499)]


def checked(sheet: Sheet) -> Sheet:
    try:
        check_sheet(sheet)
    except ValueError as err:
        raise EntryError(str(err)) from None
    return sheet


def first_error(err: ValueError) -> str:
    errors = getattr(err, "errors", None)
    if callable(errors):
        first = errors()[0]
        return first["msg"].removeprefix("Value error, ")
    return str(err)
