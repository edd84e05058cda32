"""One wish found in the text: its kind, value, the words it came from and where they are."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.domain.request import WishKind

#: Verbs and modal words kept with a wish's words (「想坐高铁去」 rather than 「高铁」).
_BEFORE = re.compile(
    # 别 of a word that negates nothing (特别想吃: especially) is not taken
    r"(?:不太|不怎么|不大|不|(?<![特区分告个级类差性])别|没|不要|不想|不用|不能|不坐|别坐|只|就)?"
    r"(?:想|要|打算|希望|愿意|喜欢|最好|一定要|必须)?(?:去|能)?"
    r"(?:坐|乘坐|乘|搭乘|搭|开|吃|喝|尝尝|尝|品尝|来顿|来点|住|住在|看|去看|赏|拍|听|去听|骑|玩|体验)?$"
)
_AFTER = re.compile(r"^(?:过去|回去|去|往返|出行|回来|回程|返程|的)?")
_BEFORE_EN = re.compile(
    r"(?:\b(?:don'?t|do not|never|can'?t|cannot|won'?t)\s+)?"
    r"(?:\b(?:no|not|avoid|skip|skipping|by|take|taking|try|trying|eat|eating|drink|drinking|have|watch|see|want|wants)\s+)?"
    r"(?:\b(?:the|a|an|some)\s+)?$",
    re.I,
)


@dataclass(frozen=True)
class Found:
    """A wish found in the request.

    Attributes:
        kind: the `Wish` kind.
        value: the normalised value (a mode, a cuisine tag, a feature …; a name for places
            that `finalize` resolves to POI ids).
        said: the person's words.
        span: (start, end) of those words in the normalised text.
    """

    kind: WishKind
    value: str
    said: str
    span: tuple[int, int]


def words_at(text: str, start: int, end: int) -> tuple[str, tuple[int, int]]:
    """The words of a wish at text[start:end], widened to the verbs around it (坐…去, 想吃;
    "by train", "try the hotpot"); returns (words, span)."""
    if re.search(r"[\u3400-\u9fff]", text[start:end]):
        before = _BEFORE.search(text[max(0, start - 6) : start])
        after = _AFTER.match(text[end : end + 3])
        start -= len(before.group(0)) if before else 0
        end += len(after.group(0)) if after else 0
    elif (lead := _BEFORE_EN.search(text[max(0, start - 20) : start])) is not None:
        start -= len(lead.group(0))
    return text[start:end].strip(), (start, end)


def add(found: list[Found], item: Found) -> None:
    """Append `item` unless a wish of the same kind and value is already there."""
    if all((f.kind, f.value) != (item.kind, item.value) for f in found):
        found.append(item)
