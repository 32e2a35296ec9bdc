"""The ``bola8`` command: parses arguments and calls the library.

Each subcommand lives in its own module, imported only when that command is
chosen, so ``bola8 referee`` never imports numpy or numba.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# name -> (module, one-line help). Modules expose ``add_arguments(parser)`` and
# ``run(args) -> int``, and import heavy library code only inside ``run``.
COMMANDS: dict[str, tuple[str, str]] = {
    "referee": ("bola8.cli.referee", "judge one shot, choice or declaration (JSON on stdin)"),
    "simulate": ("bola8.cli.simulate", "simulate one strike (JSON on stdin)"),
    "match": ("bola8.cli.match", "play a whole match between players"),
    "replay": ("bola8.cli.replay", "re-simulate a game record and confirm every ruling"),
    "render": ("bola8.cli.render", "draw a shot of a record as an SVG diagram"),
    "demo": ("bola8.cli.demo", "the main job: a short bot-vs-bot match"),
    "serve": ("bola8.cli.serve", "serve the browser app and its HTTP API"),
}


def build_parser(chosen: str | None) -> argparse.ArgumentParser:
    """The argument parser; only the chosen command's module is imported."""
    parser = argparse.ArgumentParser(
        prog="bola8",
        description="bola8 - Reglamento Bola 8: referee, physics, games.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            module = importlib.import_module(module_name)
            module.add_arguments(command_parser)
            command_parser.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    chosen = next((arg for arg in argv if not arg.startswith("-")), None)
    parser = build_parser(chosen)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    return int(args._module.run(args))
