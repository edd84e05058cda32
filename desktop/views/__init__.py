"""The four views: planner (with the itinerary panel and map), library, jobs, settings."""
