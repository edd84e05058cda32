"""Request understanding: free text (zh/en) or form fields → a TripRequest, or clear problems."""

from engine.understanding.form import parse_form
from engine.understanding.parser import DEFAULT_DAYS, parse_request
from engine.understanding.result import ParseProblem, ParseResult, RequestDraft

__all__ = [
    "DEFAULT_DAYS",
    "ParseProblem",
    "ParseResult",
    "RequestDraft",
    "parse_form",
    "parse_request",
]
