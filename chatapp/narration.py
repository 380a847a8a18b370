"""What a running turn says it is doing: the steps it has begun (turn.progress) and the model's reasoning
summary (thinking.delta). Mixed into `chatapp.turns.Turn`; the step labels belong to the kinds' flows."""

from __future__ import annotations

import time
from typing import Any

from chatapp.events import ThinkingDelta, TurnProgress

# Streamed text (the answer's and the reasoning's) is persisted at most this often, so a reload shows it.
FLUSH_EVERY_S = 0.4


class Narration:
    """Turn methods that publish and store progress; the Turn brings the fields and emit()/save()."""

    chat_id: int
    turn_key: str
    payload: dict[str, Any]
    _last_flush: float
    _thinking_gap: str

    async def emit(self, event) -> None:  # pragma: no cover - the Turn's
        raise NotImplementedError

    async def save(self, **extra) -> None:  # pragma: no cover - the Turn's
        raise NotImplementedError

    async def progress(self, label: str, *, save: bool = True) -> None:
        """Say which step the turn has begun ("Planning picks…"): published, and stored for a reload.

        `save=False` when the flow stores the turn right after anyway (one database hop, not two).
        """
        steps = self.payload.setdefault("progress", [])
        if steps and steps[-1] == label:
            return  # a re-ask or fallback of the same step is still that step
        earlier = list(steps)
        steps.append(label)
        await self.emit(
            TurnProgress(chat_id=self.chat_id, turn_key=self.turn_key, index=len(earlier), label=label, earlier=earlier)
        )
        if save:
            await self.save()

    async def stream_thinking(self, delta: str) -> None:
        """Append a piece of the model's reasoning summary, publish it, and persist it now and then."""
        if not delta.strip():
            # A separator between summary parts is held back until more text follows: no trailing blank line.
            self._thinking_gap += delta if self.payload.get("thinking") else ""
            return
        delta, self._thinking_gap = self._thinking_gap + delta, ""
        self.payload["thinking"] = self.payload.get("thinking", "") + delta
        await self.emit(ThinkingDelta(chat_id=self.chat_id, turn_key=self.turn_key, delta=delta))
        if time.monotonic() - self._last_flush >= FLUSH_EVERY_S:
            await self.save()
