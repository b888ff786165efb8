"""Pydantic without its plugin search: scorepad uses no pydantic plugins.

The first validator pydantic builds asks ``pydantic.plugin._loader`` for the plugins
installed, and that module imports ``importlib.metadata`` (with ``email``, ``zipfile``
and ``csv``) and reads the metadata of every installed package: 1.4 MiB of peak memory
and some 25 ms of start-up for an answer that is always "none" here (issue 15). The
loader is answered in advance, before any model is built: no plugins. It is installed
only when pydantic has not loaded its own yet (a process that did keeps it).
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

LOADER = "pydantic.plugin._loader"  # the module pydantic asks, by name, when it builds a validator


def get_plugins(*_args, **_kwargs) -> tuple:
    """The pydantic plugins to use: none."""
    return ()


def real_loader(name: str):
    """Anything else pydantic asks of its loader (a version that asks more than
    ``get_plugins``) comes from its own loader, imported then: never an ImportError."""
    if name.startswith("__"):  # the import system asking what kind of module it is
        raise AttributeError(name)
    sys.modules.pop(LOADER, None)
    return getattr(importlib.import_module(LOADER), name)


def skip_plugin_search() -> None:
    """Answer pydantic's plugin loader with no plugins, unless it is loaded already."""
    if LOADER in sys.modules:
        return
    loader = ModuleType(LOADER, __doc__)
    loader.get_plugins = get_plugins
    loader.__getattr__ = real_loader
    sys.modules[LOADER] = loader
