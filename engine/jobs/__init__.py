"""Generation jobs that outlive their viewers and their process (DESIGN.md, "Jobs")."""

from engine.jobs.manager import JobManager
from engine.jobs.runner import Checkpoint, JobFailed, JobRunner, RunnerItem
from engine.jobs.states import (
    JobError,
    JobInfo,
    JobNotFoundError,
    JobState,
    JobStateError,
    ManagerClosedError,
    UnknownJobKindError,
)
from engine.jobs.subscription import Subscription

__all__ = [
    "Checkpoint",
    "JobError",
    "JobFailed",
    "JobInfo",
    "JobManager",
    "JobNotFoundError",
    "JobRunner",
    "JobState",
    "JobStateError",
    "ManagerClosedError",
    "RunnerItem",
    "Subscription",
    "UnknownJobKindError",
]
