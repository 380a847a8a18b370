"""One running job: executor callbacks (worker threads) bridged to the event loop, state persisted as it arrives."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse

from chatapp.db import database_sync_to_async
from chatapp.turns import Turn
from imagelab import ai_edit as ai_module
from imagelab import services, storage
from imagelab.core.codec import encode, preview
from imagelab.core.execute import ExecutionResult, StepResult, VariationResult
from imagelab.events import StepResultEvent, VariationDone, VariationRevised

# Step state is written at most this often while a job runs (and always when a variation ends).
FLUSH_EVERY_S = 0.3


class Stopped(Exception):
    """Raised inside a worker callback once the turn was stopped: the remaining steps are skipped."""


@dataclass
class job_urls:  # noqa: N801 - reads like a function at call sites
    """URLs of a job's images (all behind owner-checked views)."""

    job_id: int

    def source(self) -> str:
        return reverse("imagelab-job-source", args=[self.job_id])

    def step(self, variation: int, step: int, revision: int = 0) -> str:
        return reverse("imagelab-step", args=[self.job_id, variation, step]) + _fresh(revision)

    def final(self, variation: int, revision: int = 0) -> str:
        return reverse("imagelab-final", args=[self.job_id, variation]) + _fresh(revision)


def _fresh(revision: int) -> str:
    """A revised variation's images get new URLs: the browser keeps image responses for an hour."""
    return f"?r={revision}" if revision else ""


@dataclass
class api_job_urls(job_urls):  # noqa: N801
    """The same images behind the JSON API (session or bearer token, errors as {code, message})."""

    def source(self) -> str:
        return reverse("api-1.0:imagelab-api-source", args=[self.job_id])

    def step(self, variation: int, step: int, revision: int = 0) -> str:
        return reverse("api-1.0:imagelab-api-step", args=[self.job_id, variation, step]) + _fresh(revision)

    def final(self, variation: int, revision: int = 0) -> str:
        return reverse("api-1.0:imagelab-api-final", args=[self.job_id, variation]) + _fresh(revision)


def consume_outcome(future: asyncio.Future) -> None:
    """Retrieve a finished future's outcome that nobody waits for any more (so asyncio logs no error)."""
    if not future.cancelled():
        future.exception()


@dataclass
class JobRun:
    """Collects step results from the executor's threads and publishes them from the event loop."""

    turn: Turn
    job_id: int
    plans: list[dict]
    folder: str
    variations: list[dict] = field(default_factory=list)
    ai_images: dict[str, str] = field(default_factory=dict)
    first_step_at: float | None = None
    revisions: list[dict] = field(default_factory=list)  # the guard's log, one entry per variation
    _stopped: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _write_lock: threading.Lock = field(default_factory=threading.Lock)  # a file write, or the stop, at a time
    _shared: dict[int, str] = field(default_factory=dict)
    _ai_local: threading.local = field(default_factory=threading.local)
    _last_flush: float = 0.0
    _held: list = field(default_factory=list)  # events waiting for the save that makes their URLs work
    _revision: dict[int, int] = field(default_factory=dict)  # variation -> kept guard revisions (worker side)
    _plans_changed: bool = False

    def __post_init__(self) -> None:
        self.variations = [
            {
                "index": i,
                "status": "running",
                "final": None,
                "ms": None,
                "errors": [],
                "steps": [
                    {
                        "index": s,
                        "op": o["op"],
                        "params": o["params"],
                        "status": "pending",
                        "error": None,
                        "preview": None,
                        "ms": None,
                    }
                    for s, o in enumerate(p["operations"])
                ],
            }
            for i, p in enumerate(self.plans)
        ]

    def cancel(self) -> None:
        """Tell the worker threads to stop at their next step; once this returns, no file of the job is written."""
        with self._write_lock:  # waits for a write in progress: the job's end may delete the folder right after
            self._stopped.set()

    def stopped(self) -> bool:
        """Whether the turn was stopped (the executor starts no further variation)."""
        return self._stopped.is_set()

    def wrap_ai(self, fn: Callable | None) -> Callable | None:
        """Keep each AI result on its worker thread so on_step can store it; no paid call once stopped."""
        if fn is None:
            return None

        def ai_edit(image, prompt):
            if self._stopped.is_set():
                raise Stopped("stopped")
            self._ai_local.image = None
            out = fn(image, prompt)
            self._ai_local.image = out
            return out

        return ai_edit

    # --- worker threads ---------------------------------------------------
    def _write(self, rel: str, data: bytes) -> str:
        """Store one file of the job, unless it was stopped (Stopped): a stopped job writes nothing more."""
        with self._write_lock:
            if self._stopped.is_set():
                raise Stopped("stopped")
            return storage.save(rel, data)

    def _store_step(self, r: StepResult) -> str:
        if r.shared:  # a common-prefix step: one picture for every column
            with self._lock:
                if r.step in self._shared:
                    return self._shared[r.step]
                path = self._write(f"{self.folder}/shared-s{r.step}.jpg", preview(r.image))
                self._shared[r.step] = path
                return path
        return self._write(f"{self.folder}/v{r.variation}{self._tag(r.variation)}-s{r.step}.jpg", preview(r.image))

    def _tag(self, variation: int) -> str:
        """A revised variation's files get new names: the first run's stay valid until the revision is saved."""
        n = self._revision.get(variation, 0)
        return f"-r{n}" if n else ""

    def _on_step(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue, r: StepResult) -> None:
        if self._stopped.is_set():
            raise Stopped("stopped")
        path = self._store_step(r)
        ai_path = None
        if r.op == "aiEdit" and r.status == "ok" and getattr(self._ai_local, "image", None) is not None:
            ai_path = self._write(
                f"{self.folder}/ai-v{r.variation}-s{r.step}.png", ai_module.to_png(self._ai_local.image)
            )
            self._ai_local.image = None
        item = {
            "variation": r.variation,
            "step": r.step,
            "op": r.op,
            "status": r.status,
            "error": r.error,
            "ms": round(r.ms, 2),
            "preview": path,
            "ai": ai_path,
        }
        loop.call_soon_threadsafe(queue.put_nowait, ("step", item))

    def _on_done(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue, r: VariationResult) -> None:
        path = None
        if r.final is not None and not self._stopped.is_set():
            with contextlib.suppress(Stopped):  # stopped while encoding: no final (the column reads failed)
                path = self._write(
                    f"{self.folder}/v{r.variation}{self._tag(r.variation)}-final.jpg", encode(r.final, "jpeg", 92)
                )
        item = {
            "variation": r.variation,
            "status": r.status if path else "failed",
            "final": path,
            "ms": round(r.ms, 2),
            "errors": r.errors,
        }
        loop.call_soon_threadsafe(queue.put_nowait, ("done", item))

    def _on_revised(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue, d: dict) -> None:
        """The guard kept a revision of a variation: its re-run steps and final follow."""
        if self._stopped.is_set():
            raise Stopped("stopped")
        self._revision[d["variation"]] = self._revision.get(d["variation"], 0) + 1
        item = {**d, "revision": self._revision[d["variation"]]}
        loop.call_soon_threadsafe(queue.put_nowait, ("revised", item))

    # --- event loop ---------------------------------------------------------
    # An event names an image by a URL whose view reads the path from the job's row, so every
    # event waits in `_held` until the state it describes is saved. Saves stay throttled: the
    # first result after a quiet spell is saved and sent at once, later ones at most
    # FLUSH_EVERY_S later (all in one save), and a variation's end right away.
    async def execute(self, run: Callable, *, revisions: bool = False) -> ExecutionResult:
        """Run `run(on_step, on_done)` in a thread; persist each result, then publish it.

        With `revisions` (the quality guard), `run` also gets `on_revised(variation, operations, from_step, entry)`.
        """
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()
        callbacks = [lambda r: self._on_step(loop, queue, r), lambda r: self._on_done(loop, queue, r)]
        if revisions:
            callbacks.append(lambda d: self._on_revised(loop, queue, d))
        worker = asyncio.ensure_future(asyncio.to_thread(run, *callbacks))
        # Every callback was queued before the thread returned, so the sentinel comes last.
        worker.add_done_callback(lambda _f: queue.put_nowait(None))
        try:
            while True:
                try:
                    # Not asyncio.wait_for: on 3.11 it swallows a Stop that lands as the item arrives
                    # (it returns the item), and with results arriving steadily that is most Stops.
                    async with asyncio.timeout(self._due_in()):
                        item = await queue.get()
                except TimeoutError:  # held events are due
                    await self._flush(force=True)
                    continue
                if item is None:
                    break
                kind, data = item
                if kind == "step":
                    self._step(data)
                    await self._flush()
                elif kind == "revised":
                    self._revised(data)
                else:
                    self._done(data)
                    await self._flush(force=True)
            await self._flush(force=True)
        except BaseException:
            # Stopped (or a failed save): the thread ends on its own, usually raising Stopped from a
            # callback; nobody awaits it any more, so its outcome is taken here, not logged as lost.
            worker.add_done_callback(consume_outcome)  # Stop was pressed
            raise
        return await worker

    def _step(self, d: dict) -> None:
        if self.first_step_at is None:
            self.first_step_at = time.perf_counter()
        step = self.variations[d["variation"]]["steps"][d["step"]]
        step.update(status=d["status"], error=d["error"], preview=d["preview"], ms=d["ms"])
        if d["ai"]:
            self.ai_images[f"{d['variation']}:{d['step']}"] = d["ai"]
        t = self.turn
        self._held.append(
            StepResultEvent(
                chat_id=t.chat_id,
                turn_key=t.turn_key,
                job_id=self.job_id,
                variation=d["variation"],
                step=d["step"],
                op=d["op"],
                status=d["status"],
                error=d["error"],
                ms=d["ms"],
                preview_url=job_urls(self.job_id).step(d["variation"], d["step"], self._shown(d["variation"])),
            )
        )

    def _done(self, d: dict) -> None:
        v = self.variations[d["variation"]]
        v.update(status=d["status"], final=d["final"], ms=d["ms"], errors=d["errors"])
        t = self.turn
        t.steplog.record(
            "variation",
            args={"index": d["variation"]},
            status="ok" if d["final"] else "error",
            result=f"{len(d['errors'])} step error(s)",
            duration_ms=d["ms"],
        )
        self._held.append(
            VariationDone(
                chat_id=t.chat_id,
                turn_key=t.turn_key,
                job_id=self.job_id,
                variation=d["variation"],
                status=d["status"],
                final_url=job_urls(self.job_id).final(d["variation"], self._shown(d["variation"]))
                if d["final"]
                else None,
                errors=d["errors"],
            )
        )

    def _shown(self, variation: int) -> int:
        """The revision a variation's saved state shows (0: as first run)."""
        return self.variations[variation].get("revision", 0)

    def _revised(self, d: dict) -> None:
        """A kept revision: the new plan, its steps from the first changed one pending again, its note."""
        vi, start = d["variation"], d["from_step"]
        self.plans[vi]["operations"] = d["operations"]
        self._plans_changed = True
        v = self.variations[vi]
        pending = [
            {"index": s, "op": o["op"], "params": o["params"], "status": "pending", "error": None, "preview": None}
            for s, o in enumerate(d["operations"])
        ]
        v["steps"] = v["steps"][:start] + [dict(p, ms=None) for p in pending[start:]]
        v.update(status="running", final=None, revision=d["revision"])
        v.setdefault("revisions", []).append(d["entry"])
        t = self.turn
        self._held.append(
            VariationRevised(
                chat_id=t.chat_id,
                turn_key=t.turn_key,
                job_id=self.job_id,
                variation=vi,
                revision=d["revision"],
                from_step=start,
                operations=d["operations"],
                steps=[{k: st.get(k) for k in ("index", "op", "status", "error")} for st in v["steps"]],
                revisions=v["revisions"],
            )
        )

    def _due_in(self) -> float | None:
        """Seconds until the held events must be saved and sent (None: nothing is held)."""
        if not self._held:
            return None
        return max(0.0, self._last_flush + FLUSH_EVERY_S - time.monotonic())

    async def _flush(self, *, force: bool = False) -> None:
        """Save the step state (at most every FLUSH_EVERY_S unless forced), then send what it covers."""
        if not force and time.monotonic() - self._last_flush < FLUSH_EVERY_S:
            return
        self._last_flush = time.monotonic()
        held, self._held = self._held, []
        fields = {"variations": self.variations, "ai_images": self.ai_images}
        if self._plans_changed:  # a kept revision: downloads re-render the revised plan
            fields["plans"], self._plans_changed = self.plans, False
        await database_sync_to_async(services.job_save_progress)(job_id=self.job_id, **fields)
        for event in held:
            await self.turn.emit(event)
