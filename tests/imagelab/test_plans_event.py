"""A job whose planner returns no usable plans still publishes its plans event (empty) before it ends."""

import json

import pytest

from chatapp import llm
from chatapp.db import database_sync_to_async
from chatapp.planner.backends.base import PlannerReply, ToolCall
from chatapp.planner.testing import ScriptedBackend
from chatapp.turns import Turn
from imagelab import services
from tests.support.images import job_of, photo, run_turn

db = database_sync_to_async


@pytest.mark.django_db(transaction=True)
async def test_it_opens_a_job_without_usable_plans_with_an_empty_plans_event(alice, monkeypatch):
    seen = []
    original = Turn.emit

    async def emit(self, event):
        seen.append((getattr(event, "type", ""), getattr(event, "variations", None)))
        return await original(self, event)

    monkeypatch.setattr(Turn, "emit", emit)
    backend = ScriptedBackend(name="scripted")
    backend.add(
        PlannerReply(
            tool_calls=[
                ToolCall(
                    call_id="c", name="plan_variations", arguments=json.dumps({"variations": [], "diversity_axes": []})
                )
            ]
        )
    )
    with llm.backend_override(backend):
        chat = await db(services.image_chat_create)(user=alice)
        job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    assert job.status == "failed"
    types = [t for t, _ in seen if t in ("planner.source", "plans", "job.ended")]
    assert types == ["planner.source", "plans", "job.ended"] and ("plans", []) in seen
