"""The agent runtime: sessions, turns, cancellation, memory."""
