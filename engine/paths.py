"""Where things live on disk: bundled resources and the user's data directory."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

APP_NAME = "lvtu"


def resources_dir() -> Path:
    """The bundled `resources/` folder (knowledge base, icons, translations).

    Looked up, in order: ``LVTU_RESOURCES``; PyInstaller's bundle (``sys._MEIPASS``); the
    checkout next to the `engine` package.
    """
    env = os.environ.get("LVTU_RESOURCES")
    if env:
        return Path(env)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def knowledge_dir() -> Path:
    """The curated knowledge base: ``resources/knowledge``."""
    return resources_dir() / "knowledge"


class DataHomeError(OSError):
    """The data folder cannot be used.

    Attributes:
        path: the folder (``LVTU_HOME`` or the platform's user data directory).
        reason: ``not_a_folder`` (it, or a folder above it, is a file), ``read_only`` (no
            permission to write, or a read-only file system) or ``unusable`` (any other error).
        detail: the operating system's words, for the log.
    """

    def __init__(self, path: Path, reason: str, detail: str = "") -> None:
        super().__init__(f"data folder {path}: {reason} ({detail})")
        self.path, self.reason, self.detail = path, reason, detail

    def message(self, lang: str) -> str:
        """What is wrong and what to do, in `lang` (zh or en), naming the folder."""
        zh = lang == "zh"
        if self.reason == "not_a_folder":
            what = (
                f"数据文件夹 {self.path} 不是文件夹（它或它上面的某一级是一个文件）。"
                if zh
                else f"The data folder {self.path} is not a folder (it, or a folder above it, "
                "is a file)."
            )
        elif self.reason == "read_only":
            what = (
                f"数据文件夹 {self.path} 无法写入（没有写权限，或在只读的文件系统上）。"
                if zh
                else f"The data folder {self.path} cannot be written to (no permission, or a "
                "read-only file system)."
            )
        else:
            what = (
                f"数据文件夹 {self.path} 无法使用：{self.detail}。"
                if zh
                else f"The data folder {self.path} cannot be used: {self.detail}."
            )
        return what + (
            "请把 LVTU_HOME 设为一个可写的文件夹。"
            if zh
            else " Set LVTU_HOME to a folder you can write to."
        )


def data_home() -> Path:
    """The user's data directory (database, logs, data packs); created if missing.

    ``LVTU_HOME`` overrides the platform's user data directory (platformdirs), for tests and
    portable installs.

    Raises:
        DataHomeError: the folder cannot be created (``not_a_folder``, ``read_only``,
            ``unusable``).
    """
    env = os.environ.get("LVTU_HOME")
    if env:
        path = Path(env)
    else:  # (imported only here: platformdirs loads tempfile, ~25 ms before the first paint)
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as exc:
        raise DataHomeError(path, "not_a_folder", str(exc)) from exc
    except OSError as exc:
        raise DataHomeError(path, _reason(exc), str(exc)) from exc
    return path


def writable_data_home() -> Path:
    """`data_home()`, checked by writing (and removing) a scratch file in it.

    Raises:
        DataHomeError: as `data_home`; ``read_only`` when nothing can be written in it.
    """
    path = data_home()
    try:
        import tempfile

        with tempfile.TemporaryFile(dir=path, prefix=".lvtu-write-check-"):
            pass
    except OSError as exc:
        raise DataHomeError(path, _reason(exc), str(exc)) from exc
    return path


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "read_only"
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return "not_a_folder"
    return "unusable"


def log_path() -> Path:
    """The log file, inside `data_home()`."""
    return data_home() / "lvtu.log"
