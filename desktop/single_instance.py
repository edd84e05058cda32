"""Single instance: the first launch listens on a local socket; a second one asks it to raise
its window and exits (QLocalServer / QLocalSocket)."""

from __future__ import annotations

import getpass
import hashlib

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

MESSAGE = b"raise\n"


def server_name(data_folder: str) -> str:
    """One name per user and data folder (so test runs with their own LVTU_HOME never clash)."""
    digest = hashlib.sha1(data_folder.encode("utf-8")).hexdigest()[:10]
    return f"lvtu-{getpass.getuser()}-{digest}"


def notify_running(name: str, timeout_ms: int = 500) -> bool:
    """Ask a running instance to show itself; True if one answered (then exit 0)."""
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
        super().__init__(parent)
        self.name = name
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)

    def listen(self) -> bool:
        """Start listening, removing a stale socket left by a crash. False if that fails."""
        if self.server.listen(self.name):
            return True
        QLocalServer.removeServer(self.name)
        return self.server.listen(self.name)

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            socket.readyRead.connect(self._read)
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read_from(socket)

    def _read(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read_from(socket)

    def _read_from(self, socket: QLocalSocket) -> None:
        if bytes(socket.readAll().data()).startswith(MESSAGE.strip()):
            self.activated.emit()

    def close(self) -> None:
        self.server.close()
