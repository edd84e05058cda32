"""Request understanding: free text (zh/en) or form fields → a TripRequest, or clear problems.

`read_request` is the one entry point (command line, desktop, agent); `parse_request` and
`parse_form` are its text-only and form halves.
"""

from engine.understanding.form import parse_form
from engine.understanding.parser import DEFAULT_DAYS, parse_request
from engine.understanding.read import RequestOptions, read_request
from engine.understanding.result import ParseProblem, ParseResult, RequestDraft

__all__ = [
    "DEFAULT_DAYS",
    "ParseProblem",
    "ParseResult",
    "RequestDraft",
    "RequestOptions",
    "parse_form",
    "parse_request",
    "read_request",
]
