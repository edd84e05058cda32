"""Request-parsing accuracy per field (zh and en) and time per query on TravelEval-easy.

Run: /work/venv/bin/python bench/parse_eval.py [path/to/traveleval-easy.json]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.knowledge.base import default_knowledge
from engine.knowledge.gazetteer import gazetteer_for
from engine.understanding.evaluation import FIELDS, evaluate, load_queries

DEFAULT = (
    Path(__file__).resolve().parents[1]
    / ".."
    / "shared"
    / "data"
    / "queries"
    / "traveleval-easy.json"
)


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    if not path.exists():
        print(f"queries file absent: {path}")
        return 1
    queries = load_queries(path)
    kb = default_knowledge()
    start = time.perf_counter()
    gazetteer_for(kb)
    print(
        f"{len(queries)} queries; knowledge base: {len(kb.destinations)} destinations; "
        f"gazetteer built in {1000 * (time.perf_counter() - start):.0f} ms"
    )
    for lang in ("zh", "en"):
        score = evaluate(queries, lang, kb)
        cells = "  ".join(f"{name} {100 * score.accuracy(name):5.1f}%" for name in FIELDS)
        per_query = 1000 * score.seconds / max(score.total, 1)
        print(f"{lang}: {cells}  |  {per_query:.2f} ms/query")
        for name in FIELDS:
            for uid, want, got in score.failures[name][:3]:
                print(f"    {name} {uid}: expected {want!r}, got {got!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
