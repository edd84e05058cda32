"""The trip planner's vocabulary: requests, itineraries and feasibility reports."""
