"""``python -m bot``: the same as ``durak-bot`` (bot/launch/main.py)."""

import sys

from bot.launch.main import main

if __name__ == "__main__":
    sys.exit(main())
