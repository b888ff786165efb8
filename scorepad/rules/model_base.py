"""The base of every model and entry: immutable, strict, and cheap to copy."""

from __future__ import annotations

import sys

from pydantic import BaseModel, ConfigDict

from .no_plugins import skip_plugin_search

skip_plugin_search()  # before any model is built: its validator would look for plugins

SHORT = 40  # characters: the kinds of entries, the names of counts, a player's name

# One set of field names for all the models that set the same fields: a history keeps
# thousands of small entries, and a set of their own made up 40% of each (216 bytes).
_FIELD_SETS: dict[frozenset, set[str]] = {}


class Model(BaseModel):
    """Base: immutable, strict about unknown fields so a typo in a file is caught."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True, defer_build=True)

    def but(self, **changes):
        """A copy with some fields replaced by values that are already valid.

        What ``model_copy(update=...)`` does, without its general machinery: entries
        apply thousands of these in a replay.
        """
        copy = self.__class__.__new__(self.__class__)
        values = dict(self.__dict__)
        values.update(changes)
        object.__setattr__(copy, "__dict__", values)
        # the same set when it names the changes already (see ``lean``): a new one on
        # every copy was 44% of a typed value's memory
        fields_set = self.__pydantic_fields_set__
        if not fields_set.issuperset(changes):
            fields_set = fields_set | changes.keys()
        object.__setattr__(copy, "__pydantic_fields_set__", fields_set)
        object.__setattr__(copy, "__pydantic_extra__", None)
        object.__setattr__(copy, "__pydantic_private__", None)
        return copy


def lean(model: Model) -> Model:
    """The model, made small to be kept: its set of the fields set shared with every
    model that set the same fields (nothing changes such a set in place: copies copy
    it), and its short words shared too (a file read gives each entry its own
    ``"set_count"`` and ``"renown"``). Equal values: the model is the same."""
    fields = model.__pydantic_fields_set__
    shared = _FIELD_SETS.setdefault(frozenset(fields), fields)
    if shared is not fields:
        object.__setattr__(model, "__pydantic_fields_set__", shared)
    values = model.__dict__
    for key, value in values.items():
        if type(value) is str and len(value) <= SHORT:
            values[key] = sys.intern(value)  # the same words: a value replaced, no key added
    return model
