"""A port nothing listens on, for commands that must fail to connect."""

from __future__ import annotations

import socket


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
