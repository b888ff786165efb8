"""``python -m scorepad``: the same as the ``scorepad`` command."""

import sys

from .cli import main

sys.exit(main())
