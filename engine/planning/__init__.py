"""Planning: the trip planner (TOPTW on PyVRP), transport legs, the feasibility validator.

`plan_trip`, `validate` and `PlanningError` are imported lazily so that light modules of this
package (transit, intercity) load without the solver.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PlanningError", "plan_trip", "validate"]


def __getattr__(name: str) -> Any:
    if name == "plan_trip":
        from engine.planning.planner import plan_trip

        return plan_trip
    if name == "validate":
        from engine.planning.validator import validate

        return validate
    if name == "PlanningError":
        from engine.planning.errors import PlanningError

        return PlanningError
    raise AttributeError(name)
