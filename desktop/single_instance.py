"""Single instance: the first launch listens on a local socket; a second one asks it to raise
its window and exits (QLocalServer / QLocalSocket).

QtNetwork (~20 ms to import) is loaded only when needed: before the first paint only if a
socket of a running instance may exist; the first instance listens after its first paint.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QCryptographicHash, QObject, Signal

MESSAGE = b"raise\n"


def server_name(data_folder: str) -> str:
    """One name per user and data folder (so test runs with their own LVTU_HOME never clash)."""
    # (Qt's SHA-1, the same digest as hashlib's: importing hashlib loads OpenSSL, ~8 ms
    # before the first paint)
    sha1 = QCryptographicHash.hash(
        QByteArray(data_folder.encode("utf-8")), QCryptographicHash.Algorithm.Sha1
    )
    digest = bytes(sha1.toHex().data()).decode("ascii")[:10]
    return f"lvtu-{user_name()}-{digest}"


def user_name() -> str:
    """The login name, as `getpass.getuser` finds it: the environment (LOGNAME, USER, LNAME,
    USERNAME), then the password database (`pwd`; getpass itself costs ~1 ms to import before
    the first paint, for its terminal code)."""
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        if user := os.environ.get(variable):
            return user
    try:
        import pwd
    except ImportError:  # (Windows: getpass says why there is none)
        import getpass

        return getpass.getuser()
    return pwd.getpwuid(os.getuid()).pw_name


def may_be_running(name: str) -> bool:
    """False when no instance can be listening: on Unix, Qt's server socket is the file
    ``$TMPDIR/name`` (``/tmp`` by default); elsewhere (named pipes) True, ask `notify_running`."""
    if sys.platform == "win32":
        return True
    return (Path(os.environ.get("TMPDIR") or "/tmp") / name).exists()


def notify_running(name: str, timeout_ms: int = 500) -> bool:
    """Ask a running instance to show itself; True if one answered (then exit 0)."""
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(timeout_ms):
        return False
    socket.write(MESSAGE)
    socket.waitForBytesWritten(timeout_ms)
    socket.disconnectFromServer()
    return True


class SingleInstance(QObject):
    """Listens for later launches.

    Signals:
        activated(): another launch asked this instance to come to the front.
    """

    activated = Signal()

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        from PySide6.QtNetwork import QLocalServer

        super().__init__(parent)
        self.name = name
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)

    def listen(self) -> bool:
        """Start listening, removing a stale socket left by a crash. False if that fails."""
        if self.server.listen(self.name):
            return True
        self.server.removeServer(self.name)
        return self.server.listen(self.name)

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            socket.readyRead.connect(self._read)
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read_from(socket)

    def _read(self) -> None:
        from PySide6.QtNetwork import QLocalSocket

        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read_from(socket)

    def _read_from(self, socket: Any) -> None:
        if bytes(socket.readAll().data()).startswith(MESSAGE.strip()):
            self.activated.emit()

    def close(self) -> None:
        self.server.close()
