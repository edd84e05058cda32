"""Instance validation, and which tours can reach a visit inside its window (shortest-path bounds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from engine.planning.toptw import Instance, Tour, Visit


def validate(instance: Instance) -> np.ndarray:
    """The travel matrix as int64, after checking the instance.

    Raises:
        ValueError: a non-square, negative, non-integer or non-zero-diagonal matrix; a location,
            group or tour index out of range; a negative service or score; a window or tour with
            early > late; a negative max_duration; a required visit inside a group.
    """
    try:
        raw = np.asarray(instance.travel)
    except ValueError as exc:
        raise ValueError("travel must be a square matrix of integers") from exc
    if raw.size and (raw.ndim != 2 or raw.shape[0] != raw.shape[1]):
        raise ValueError("travel must be a square matrix of integers")
    if raw.size and not np.issubdtype(raw.dtype, np.integer):
        if not np.issubdtype(raw.dtype, np.floating) or not np.all(np.mod(raw, 1) == 0):
            raise ValueError("travel must hold integers (scale fractional times first)")
    travel = raw.astype(np.int64).reshape(len(raw), len(raw))
    if np.any(travel < 0) or np.any(np.diagonal(travel) != 0):
        raise ValueError("travel times must be >= 0 with a zero diagonal")
    n = len(travel)
    for k, tour in enumerate(instance.tours):
        if not (0 <= tour.start < n and 0 <= tour.end < n):
            raise ValueError(f"tour {k}: start/end location out of range")
        if (
            tour.earliest > tour.latest
            or min((tour.max_duration or 0, *as_loads(tour.capacity))) < 0
        ):
            raise ValueError(f"tour {k}: earliest > latest, or negative max_duration or capacity")
    for i, visit in enumerate(instance.visits):
        if not 0 <= visit.location < n:
            raise ValueError(f"visit {i}: location out of range")
        if min((visit.service, *as_loads(visit.load))) < 0 or not visit.score >= 0:
            raise ValueError(f"visit {i}: negative service, load or score")
        if visit.tw_early > visit.tw_late:
            raise ValueError(f"visit {i}: tw_early > tw_late")
        if visit.group is not None and not 0 <= visit.group < len(instance.groups):
            raise ValueError(f"visit {i}: group out of range")
        if visit.group is not None and visit.required:
            raise ValueError(
                f"visit {i}: a visit in a group cannot be required (require the group)"
            )
        if visit.tours is not None and any(not 0 <= k < len(instance.tours) for k in visit.tours):
            raise ValueError(f"visit {i}: tour index out of range")
    return travel


class Reach:
    """Lower bounds on reaching each visit from each tour, on the locations in use.

    Attributes:
        used: the matrix indices in use (tour starts and ends, visit locations), sorted.
        index: position of a matrix index in `used`.
        matrix: travel restricted to `used`.
    """

    def __init__(self, instance: Instance, travel: np.ndarray) -> None:
        self.instance = instance
        places = {v.location for v in instance.visits}
        places |= {t.start for t in instance.tours} | {t.end for t in instance.tours}
        self.used = sorted(places)
        self.index = {loc: n for n, loc in enumerate(self.used)}
        self.matrix = travel[np.ix_(self.used, self.used)]
        self._from = {t.start: _shortest(self.matrix, self.index[t.start]) for t in instance.tours}
        self._to = {t.end: _shortest(self.matrix.T, self.index[t.end]) for t in instance.tours}

    def window(self, i: int) -> tuple[int, int] | None:
        """The visit's window clipped to what its allowed tours can reach; None if none can."""
        visit = self.instance.visits[i]
        allowed = range(len(self.instance.tours)) if visit.tours is None else sorted(visit.tours)
        tours = [self.instance.tours[k] for k in allowed]
        reach = [t for t in tours if self._reaches(t, visit, visit.tw_early, visit.tw_late)]
        if not reach:
            return None
        x = self.index[visit.location]
        early = max(visit.tw_early, min(t.earliest + int(self._from[t.start][x]) for t in reach))
        late = min(
            visit.tw_late,
            max(t.latest - visit.service - int(self._to[t.end][x]) for t in reach),
        )
        return early, late

    def blocked(self, i: int, early: int, late: int) -> frozenset[int]:
        """Tours not allowed for the visit that could still reach it in [early, late]."""
        visit = self.instance.visits[i]
        if visit.tours is None:
            return frozenset()
        return frozenset(
            k
            for k, tour in enumerate(self.instance.tours)
            if k not in visit.tours and self._reaches(tour, visit, early, late)
        )

    def _reaches(self, tour: Tour, visit: Visit, early: int, late: int) -> bool:
        x = self.index[visit.location]
        there, back = int(self._from[tour.start][x]), int(self._to[tour.end][x])
        start = max(tour.earliest + there, early)
        fits_pace = tour.max_duration is None or there + visit.service + back <= tour.max_duration
        fits_load = fits(as_loads(visit.load), tour.capacity)
        in_time = start <= late and start + visit.service + back <= tour.latest
        return in_time and fits_pace and fits_load


def _shortest(matrix: np.ndarray, source: int) -> np.ndarray:
    """Shortest travel times from `source` to every node (dense Dijkstra, O(n²))."""
    dist = matrix[source].copy()
    dist[source] = 0
    done = np.zeros(len(dist), dtype=bool)
    done[source] = True
    huge = np.iinfo(np.int64).max
    for _ in range(len(dist) - 1):
        u = int(np.where(done, huge, dist).argmin())
        if done[u]:
            break
        done[u] = True
        np.minimum(dist, dist[u] + matrix[u], out=dist)
    return dist


def as_loads(value: int | tuple[int, ...] | None, dims: int = 0) -> tuple[int, ...]:
    """A load or capacity as a tuple of `dims` (at least its own length) dimensions; missing
    dimensions are 0 (None gives all zeros)."""
    raw = () if value is None else (value,) if isinstance(value, int) else tuple(value)
    return raw + (0,) * max(0, dims - len(raw))


def fits(load: tuple[int, ...], capacity: int | tuple[int, ...] | None) -> bool:
    """Whether `load` is within `capacity` in every capped dimension (None caps nothing)."""
    if capacity is None:
        return True
    caps = as_loads(capacity)
    return all(i >= len(caps) or amount <= caps[i] for i, amount in enumerate(load))
