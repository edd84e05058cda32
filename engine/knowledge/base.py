"""KnowledgeBase: the curated destinations and links, loaded once and indexed."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from engine.knowledge.schema import (
    Attraction,
    Destination,
    Hub,
    IntercityLink,
    Lodging,
    Place,
    Restaurant,
)
from engine.paths import knowledge_dir

_LINKS = TypeAdapter(list[IntercityLink])


class KnowledgeError(ValueError):
    """A knowledge file is malformed; the message names the file and the field."""


@dataclass
class KnowledgeBase:
    """Destinations by id, every POI by id, and intercity links.

    Attributes:
        destinations: id -> Destination.
        links: all intercity links (typical links both ways; scheduled services one way).
        packs: names of data packs merged in (curated records win on id or name conflicts).
        pack_places: place id -> name of the data pack it comes from (curated places absent).
        pack_credits: pack name -> its attribution and licence, shown where its data are used.
    """

    destinations: dict[str, Destination] = field(default_factory=dict)
    links: list[IntercityLink] = field(default_factory=list)
    packs: list[str] = field(default_factory=list)
    pack_places: dict[str, str] = field(default_factory=dict)
    pack_credits: dict[str, str] = field(default_factory=dict)
    _places: dict[str, tuple[Place, str]] = field(default_factory=dict, repr=False)
    _link_index: tuple[int, dict[frozenset[str], list[IntercityLink]]] = field(
        default=(-1, {}), repr=False
    )

    def add(self, destination: Destination) -> None:
        """Add or replace a destination and index its places."""
        old = self.destinations.get(destination.id)
        if old is not None:
            for place in _places_of(old):
                self._places.pop(place.id, None)
        self.destinations[destination.id] = destination
        for place in _places_of(destination):
            self._places[place.id] = (place, destination.id)

    def place(self, poi_id: str) -> Place | None:
        """Any place (attraction, restaurant, lodging, hub) by id, or None."""
        hit = self._places.get(poi_id)
        return hit[0] if hit else None

    def destination_of(self, poi_id: str) -> Destination | None:
        """The destination a place belongs to, or None."""
        hit = self._places.get(poi_id)
        return self.destinations[hit[1]] if hit else None

    def attraction(self, poi_id: str) -> Attraction | None:
        place = self.place(poi_id)
        return place if isinstance(place, Attraction) else None

    def restaurant(self, poi_id: str) -> Restaurant | None:
        place = self.place(poi_id)
        return place if isinstance(place, Restaurant) else None

    def lodging(self, poi_id: str) -> Lodging | None:
        place = self.place(poi_id)
        return place if isinstance(place, Lodging) else None

    def hub(self, poi_id: str) -> Hub | None:
        place = self.place(poi_id)
        return place if isinstance(place, Hub) else None

    def links_between(self, a: str, b: str) -> list[IntercityLink]:
        """Links joining destinations `a` and `b`, in either direction (typical links and the
        scheduled services of both directions)."""
        if self._link_index[0] != len(self.links):  # links are only ever appended
            index: dict[frozenset[str], list[IntercityLink]] = {}
            for link in self.links:
                index.setdefault(frozenset((link.a, link.b)), []).append(link)
            self._link_index = (len(self.links), index)
        return list(self._link_index[1].get(frozenset((a, b)), ()))

    def all_places(self) -> Iterator[tuple[Place, Destination]]:
        for place, dest_id in self._places.values():
            yield place, self.destinations[dest_id]


def _places_of(destination: Destination) -> Iterable[Place]:
    yield from destination.attractions
    yield from destination.restaurants
    yield from destination.lodging
    yield from destination.hubs


def load_destination(path: Path) -> Destination:
    """Read one destination file.

    Raises:
        KnowledgeError: the file is not valid JSON or does not match `Destination`.
    """
    try:
        return Destination.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise KnowledgeError(f"{path.name}: {exc}") from exc


def load_links(path: Path) -> list[IntercityLink]:
    """Read one links file (a JSON list of `IntercityLink`).

    Raises:
        KnowledgeError: the file is not valid JSON or a record does not match.
    """
    try:
        return _LINKS.validate_python(json.loads(path.read_bytes()))
    except (ValidationError, json.JSONDecodeError) as exc:
        raise KnowledgeError(f"{path.name}: {exc}") from exc


def load_curated(root: Path | None = None) -> KnowledgeBase:
    """Load ``destinations/*.json`` and ``links/*.json`` under `root` (default: resources).

    Raises:
        KnowledgeError: a file is malformed or an id is used twice.
    """
    root = root or knowledge_dir()
    kb = KnowledgeBase()
    for path in sorted((root / "destinations").glob("*.json")):
        destination = load_destination(path)
        if destination.id in kb.destinations:
            raise KnowledgeError(f"{path.name}: destination id {destination.id!r} used twice")
        for place in _places_of(destination):
            if kb.place(place.id) is not None:
                raise KnowledgeError(f"{path.name}: place id {place.id!r} used twice")
        kb.add(destination)
    for path in sorted((root / "links").glob("*.json")):
        kb.links.extend(load_links(path))
    return kb


_loads = 0  # how many times default_knowledge() has loaded


def knowledge_generation() -> int:
    """A number that changes each time `default_knowledge` is forgotten
    (`forget_knowledge`: packs imported or removed) and each time it loads anew; a worker
    process compares it with the one its own knowledge base was loaded at (a host whose plans
    all run in workers may never load it again itself)."""
    return _loads


def forget_knowledge() -> None:
    """Forget the per-process knowledge base: the next `default_knowledge()` loads it anew,
    and `knowledge_generation` changes now."""
    global _loads
    _loads += 1
    default_knowledge.cache_clear()


@functools.cache
def default_knowledge() -> KnowledgeBase:
    """The curated base plus installed data packs, loaded once per process."""
    global _loads
    _loads += 1
    kb = load_curated()
    try:
        from engine.knowledge.packs import merge_installed_packs
    except ImportError:  # data packs are optional
        return kb
    merge_installed_packs(kb)
    return kb
