"""The base of every model and entry: immutable, strict, and cheap to copy."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    """Base: immutable, strict about unknown fields so a typo in a file is caught."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    def but(self, **changes):
        """A copy with some fields replaced by values that are already valid.

        What ``model_copy(update=...)`` does, without its general machinery: entries
        apply thousands of these in a replay.
        """
        copy = self.__class__.__new__(self.__class__)
        values = dict(self.__dict__)
        values.update(changes)
        object.__setattr__(copy, "__dict__", values)
        object.__setattr__(copy, "__pydantic_fields_set__", self.__pydantic_fields_set__ | changes.keys())
        object.__setattr__(copy, "__pydantic_extra__", None)
        object.__setattr__(copy, "__pydantic_private__", None)
        return copy
