"""The ``durak`` command line: one module per subcommand, dispatched by ``bot.cli.dispatch``.

Each subcommand module has ``add_parser(subparsers)`` (its ``--help`` text and options)
and ``run(args, streams) -> exit code``; ``dispatch.COMMANDS`` lists them in the order
``durak --help`` shows them.
"""

from bot.cli.dispatch import main

__all__ = ["main"]
