"""The ``scorepad`` command. Textual is imported only when a UI is opened."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .storage.document import SheetFileError, document_schema
from .storage.files import read_sheet


def cmd_score(args: argparse.Namespace) -> int:
    """Print the standings of a sheet: a table, or the JSON contract with --json."""
    from .reports import score_json, score_text

    sheet, _ = read_sheet(Path(args.file))
    if args.json:
        print(json.dumps(score_json(sheet), indent=2, ensure_ascii=False))
    else:
        print(score_text(sheet))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the JSON schema of the scoresheet file."""
    print(json.dumps(document_schema(), indent=2, ensure_ascii=False))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="scorepad", description="Scorepad for the end game of The Great Library."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = sub.add_parser("score", help="print the standings without the UI")
    score.add_argument("file", metavar="FILE")
    score.add_argument("--json", action="store_true", help="print the JSON contract")
    score.set_defaults(run=cmd_score)
    schema = sub.add_parser("schema", help="print the file format's JSON schema")
    schema.set_defaults(run=cmd_schema)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point: exit 0 on success, 2 on a sheet that cannot be read (stderr only)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 0
    try:
        return args.run(args)
    except SheetFileError as err:
        print(f"scorepad: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
