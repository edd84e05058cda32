"""Text that did not come from us — data packs, a model's answers, what a person types — made safe
for each place it is shown. One rule, applied on the way into every renderer:

- `clean`: everything invisible or active is stripped — terminal escape sequences (CSI, OSC
  such as a title change, DCS …), C0/C1 control characters, bidi embeddings/overrides/isolates
  and marks, zero-width characters, lone surrogates (bytes that were not UTF-8). Line breaks of
  every kind become ``\\n`` (``lines=True``) or a space (a name stays on one line: no CR/LF
  injection). Very long text is cut with ``…``.
- `markdown_text`: a cleaned one-line value (a place name, a title) with every Markdown and
  HTML special character backslash-escaped, for interpolation into Markdown we write.
- `safe_markdown`: a whole Markdown document from outside (a model's guide, or ours with names
  in it): cleaned; raw HTML escaped, so it shows as text and never loads or runs anything; any
  link that is not ``http(s)://`` and every image turned back into literal text (judged by a
  CommonMark parser, markdown-it-py, with link validation off so every link is seen).
- `for_terminal`: text for stdout/stderr — `clean` keeping lines and tabs.
- `web_link`: whether a URL may be a link at all (``http``/``https`` with a host, no user-info).

The Qt side (rich text, tooltips, PDF) is in ``desktop/rich_text.py``; it applies the same rule
to Qt documents after parsing, so what a different parser sees differently is caught there.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

#: Terminal escape sequences (ECMA-48): CSI, OSC (ended by BEL or ST), DCS/SOS/PM/APC (ended by
#: ST), any other ESC + one byte; their 8-bit C1 forms. An unterminated string runs to the end.
_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"
    r"|\x1b[ -~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
)
#: Bidi controls (LRM, RLM, ALM, embeddings, overrides, isolates) and zero-width characters
#: (ZWSP, ZWNJ, ZWJ, word joiner, invisible operators, BOM, Mongolian vowel separator).
_INVISIBLE = re.compile("[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_BREAKS = re.compile("\r\n|[\r\n\x0b\x0c\x85\u2028\u2029]")
_CONTROLS = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f]")  # (\t \n \x0b \x0c \r handled above)
_SURROGATES = re.compile("[\ud800-\udfff]")
_ANYTHING = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ud800-\udfff]"
)

#: Longest name or one-line value kept (characters; a longer one is cut with …).
NAME_LIMIT = 200


def clean(text: str, *, lines: bool = False, limit: int | None = None) -> str:
    """`text` with escape sequences, control, bidi and zero-width characters removed, lone
    surrogates replaced by U+FFFD; line breaks as ``\\n`` when `lines`, else spaces (tabs too);
    cut to `limit` characters with a final ``…``. Text with none of them is returned as is."""
    if _ANYTHING.search(text):
        text = _SEQUENCES.sub("", text)
        text = _INVISIBLE.sub("", text)
        text = _BREAKS.sub("\n" if lines else " ", text)
        text = _CONTROLS.sub("", text)
        text = _SURROGATES.sub("\ufffd", text)
        if not lines:
            text = text.replace("\t", " ")
    if limit is not None and len(text) > limit:
        text = text[: max(0, limit - 1)] + "…"
    return text


def clean_name(text: str) -> str:
    """A name or title from outside: `clean`, on one line, stripped, at most `NAME_LIMIT`."""
    return clean(text, limit=NAME_LIMIT).strip()


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>&|~#!])")


def markdown_text(text: str) -> str:
    """A one-line value for Markdown we write: `clean_name`, every special character escaped
    (``<img>`` shows as ``<img>``; ``[x](javascript:…)`` as itself, not a link)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", clean_name(text))


def for_terminal(text: str) -> str:
    """Text for a terminal: `clean` keeping line breaks and tabs (no escape sequence, no
    carriage return that would overwrite a line, no bidi override)."""
    return clean(text, lines=True)


def web_link(url: str) -> bool:
    """Whether `url` may stay a link: ``http``/``https`` with a host, no user-info, nothing
    invisible in it."""
    if _ANYTHING.search(url) or " " in url.strip():
        return False
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return False
    return (
        parts.scheme.lower() in ("http", "https")
        and bool(parts.hostname)
        and "@" not in parts.netloc
    )


# -- Markdown documents ---------------------------------------------------------------------------

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
#: In a line outside code: a backslash escape or a code span (kept), or a ``<`` (escaped).
_HTML_START = re.compile(r"\\.|(`+)[^`]*?\1|<")
_BRACKETS = re.compile(r"\\.|[\[\]]")


@functools.cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt  # (imported when first needed: not at start-up)

    parser = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    # see every link: its default validation drops javascript: … (which md4c would link)
    parser.validateLink = lambda url: True  # type: ignore[method-assign]
    return parser


def safe_markdown(markdown: str) -> str:
    """`markdown` from outside, safe to render anywhere (see the module docstring): the text
    reads the same, but no HTML, no image and no link other than ``http(s)://`` survives."""
    text = clean(markdown, lines=True)
    lines = _escape_html(text.split("\n"))
    for attempt in range(3):
        bad = _bad_lines(lines)
        if not bad:
            return "\n".join(lines)
        for n in bad:  # first only the bad links and images, then every bracket of the line
            if attempt == 0:
                lines[n] = _INLINE_LINK.sub(_literal_unless_web, lines[n])
            else:
                lines[n] = _BRACKETS.sub(_escaped, lines[n])
    return "\n".join(_MARKDOWN_SPECIAL.sub(r"\\\1", line) for line in lines)  # (never seen)


#: An inline link or image: ``[text](dest "title")``, ``![alt](<dest>)`` (one level of
#: brackets in the text, of parentheses in the destination, as people write them).
_INLINE_LINK = re.compile(
    r"(!?)\[((?:\\.|[^\[\]\\]|\[(?:\\.|[^\[\]\\])*\])*)\]"
    r"\(\s*(<[^<>\n]*>|(?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*)"
    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^()]*\)))?\s*\)"
)


def _escaped(match: re.Match[str]) -> str:
    text = match.group()
    return text if len(text) == 2 else "\\" + text


def _literal_unless_web(match: re.Match[str]) -> str:
    """A web link as it is; an image, or a link anywhere else, as its literal text."""
    destination = match.group(3).strip("<>")
    if not match.group(1) and web_link(destination):
        return match.group()
    return _BRACKETS.sub(_escaped, match.group())


def _escape_html(lines: list[str]) -> list[str]:
    """``<`` outside fenced code and code spans escaped: no HTML, no ``<scheme:…>`` autolink."""
    out, fence = [], ""
    for line in lines:
        opening = _FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = ""
            out.append(line)
            continue
        if opening:
            fence = opening.group(1)
            out.append(line)
            continue
        out.append(_HTML_START.sub(lambda m: "\\<" if m.group() == "<" else m.group(), line))
    return out


def _bad_lines(lines: list[str]) -> list[int]:
    """Line numbers of blocks holding HTML, an image, or a link that is not a web link."""
    text = "\n".join(lines)
    if "[" not in text and "<" not in text:
        # CommonMark (linkify off) makes links, images and reference definitions only from a
        # "[" and HTML and autolinks only from a "<": a text with neither holds none, and
        # parsing it took 5-20 ms of the GUI thread per guide chunk.
        return []
    bad: set[int] = set()
    for token in _parser().parse(text):
        if token.map is None:
            continue
        start, end = token.map
        if token.type in ("html_block",):
            bad.update(range(start, end))
        for child in token.children or ():
            href = child.attrs.get("href") if child.type == "link_open" else None
            if child.type in ("image", "html_inline") or (
                href is not None and not web_link(str(href))
            ):
                bad.update(range(start, end))
    return sorted(bad)
