"""``python -m bot.cli``: the ``durak`` command without the installed script."""

import sys

from bot.cli.dispatch import main

sys.exit(main())
