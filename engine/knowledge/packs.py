"""Data packs: separately licensed place collections, stored in the user data directory and
merged into the knowledge base beside the curated records (curated wins on conflict).

Storage (never in the repository): one folder per pack, ``data_home()/packs/<name>/``, holding

- ``meta.json``: name, kind, title, licence, attribution, source, import time and record counts
  (`PackInfo`; small, so listing packs is cheap);
- ``places.json``: the records — `Pack` (destinations with their places, intercity links).

A pack is written to a temporary folder first and renamed into place, so an import either installs
the whole pack or nothing; a folder without ``meta.json`` is ignored.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import re
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pydantic_core
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.knowledge.base import KnowledgeBase, forget_knowledge
from engine.knowledge.schema import Destination, IntercityLink
from engine.paths import data_home

log = logging.getLogger(__name__)

PackKind = Literal["chinatravel", "csv", "geojson", "gpx"]
NAME_PATTERN = r"^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$"
_NAME = re.compile(NAME_PATTERN)
_COUNTED = ("attractions", "restaurants", "lodging", "hubs")


class PackError(ValueError):
    """A pack cannot be read, written or found; the message is for people (zh / en given)."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh, self.en = zh, en

    def message(self, lang: str = "zh") -> str:
        return self.zh if lang == "zh" else self.en


class Pack(BaseModel):
    """A data pack's records and provenance.

    Attributes:
        name: the pack's name (``chinatravel``, or what the person chose); ids of its places
            start with it.
        kind: where it came from (``chinatravel``, ``csv``, ``geojson``, ``gpx``).
        licence, attribution: shown wherever its data are used.
        destinations: destination records with the pack's places. A destination whose id is
            curated contributes only its places; any other becomes a destination of its own.
        links: intercity links between destination ids.
        notes: how the data were converted (datums, field mappings, what was skipped).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=NAME_PATTERN)
    kind: PackKind
    title: str
    licence: str
    attribution: str
    url: str = ""
    source_path: str = ""
    imported_at: dt.datetime
    notes: tuple[str, ...] = ()
    skipped: dict[str, int] = Field(default_factory=dict)
    destinations: tuple[Destination, ...] = ()
    links: tuple[IntercityLink, ...] = ()


@dataclass(frozen=True)
class PackInfo:
    """What `installed_packs` reports about one pack (the desktop Settings view shows it).

    `counts` has ``destinations``, ``attractions``, ``restaurants``, ``lodging``, ``hubs`` and
    ``links`` (records in the pack, before merging with the curated base).
    """

    name: str
    kind: str
    title: str
    licence: str
    attribution: str
    url: str
    imported_at: dt.datetime
    counts: dict[str, int]
    skipped: dict[str, int]
    path: Path


def packs_dir() -> Path:
    """``data_home()/packs`` (created if missing)."""
    path = data_home() / "packs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def check_name(name: str) -> str:
    """`name` when it is a valid pack name (lower-case letters, digits and inner ``-``; <= 40).

    Raises:
        PackError: otherwise.
    """
    if not _NAME.match(name):
        raise PackError(
            f"数据包名称“{name}”无效：只能用小写字母、数字和 -（最多40个字符）。",
            f"Invalid pack name {name!r}: use lower-case letters, digits and - (up to 40).",
        )
    return name


def counts_of(pack: Pack) -> dict[str, int]:
    """Records per kind in `pack` (see `PackInfo.counts`)."""
    counts = {"destinations": len(pack.destinations)}
    for kind in _COUNTED:
        counts[kind] = sum(len(getattr(d, kind)) for d in pack.destinations)
    counts["links"] = len(pack.links)
    return counts


def save_pack(pack: Pack) -> PackInfo:
    """Install `pack` (replacing a pack of the same name) in one step, and reload knowledge."""
    root = packs_dir()
    tmp = Path(tempfile.mkdtemp(prefix=f".tmp-{pack.name}-", dir=root))
    target, old = root / pack.name, root / f".old-{pack.name}-{os.getpid()}"
    meta = {
        **pack.model_dump(mode="json", exclude={"destinations", "links"}),
        "counts": counts_of(pack),
    }
    try:
        # UTF-8 bytes straight from the serializer: no str of the whole pack (for 100 000
        # places that str held 130 MB beside the 65 MB written)
        (tmp / "places.json").write_bytes(pydantic_core.to_json(pack))
        (tmp / "meta.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1), "utf-8")
        if target.exists():
            os.replace(target, old)
        try:
            os.replace(tmp, target)
        except OSError:
            if old.exists():
                os.replace(old, target)  # put the previous pack back
            raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
    reload_knowledge()
    return _info(root / pack.name)


def remove_pack(name: str) -> bool:
    """Delete the pack `name`; False when no such pack is installed. Reloads knowledge."""
    target = packs_dir() / name
    if not _NAME.match(name) or not (target / "meta.json").is_file():
        return False
    shutil.rmtree(target)
    reload_knowledge()
    return True


def installed_packs() -> list[PackInfo]:
    """Installed packs, by name (unreadable ones are left out and logged)."""
    found = []
    for folder in sorted(packs_dir().iterdir()):
        if folder.is_dir() and _NAME.match(folder.name) and (folder / "meta.json").is_file():
            try:
                found.append(_info(folder))
            except (OSError, ValueError, KeyError) as exc:
                log.warning("data pack %s unreadable: %s", folder.name, exc)
    return found


def _info(folder: Path) -> PackInfo:
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    return PackInfo(
        name=meta["name"],
        kind=meta["kind"],
        title=meta["title"],
        licence=meta["licence"],
        attribution=meta["attribution"],
        url=meta.get("url", ""),
        imported_at=dt.datetime.fromisoformat(meta["imported_at"]),
        counts=dict(meta.get("counts", {})),
        skipped=dict(meta.get("skipped", {})),
        path=folder,
    )


def load_pack(name: str) -> Pack:
    """The installed pack `name`.

    Raises:
        PackError: not installed, or its files are damaged.
    """
    path = packs_dir() / name / "places.json"
    try:
        return Pack.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        raise PackError(f"没有名为“{name}”的数据包。", f"No data pack named {name!r}.") from None
    except (OSError, ValidationError) as exc:
        raise PackError(
            f"数据包“{name}”已损坏，请删除后重新导入：{exc}",
            f"Data pack {name!r} is damaged; remove and import it again: {exc}",
        ) from exc


def merge_installed_packs(kb: KnowledgeBase) -> list[str]:
    """Merge every installed pack into `kb` (see `engine.knowledge.pack_merge`); returns the
    names merged. A damaged pack is skipped and logged, never fatal."""
    from engine.knowledge.pack_merge import merge_pack

    merged = []
    for info in installed_packs():
        try:
            merge_pack(kb, load_pack(info.name))
        except PackError as exc:
            log.warning("%s", exc)
            continue
        merged.append(info.name)
    return merged


def pack_of(kb: KnowledgeBase, poi_id: str) -> str | None:
    """The name of the pack a place of `kb` comes from, or None for curated places."""
    return kb.pack_places.get(poi_id)


def credits_for(kb: KnowledgeBase, poi_ids: Iterable[str | None]) -> list[tuple[str, str]]:
    """(pack name, attribution and licence) of each pack that any of `poi_ids` comes from, in
    the order first used."""
    names = dict.fromkeys(kb.pack_places[i] for i in poi_ids if i and i in kb.pack_places)
    return [(name, kb.pack_credits.get(name, name)) for name in names]


def reload_knowledge() -> None:
    """Forget the per-process knowledge base so the next `default_knowledge()` reads packs anew
    (called after import and remove; tests call it too). Worker processes reload theirs before
    their next plan (`engine.knowledge.base.knowledge_generation`)."""
    forget_knowledge()
