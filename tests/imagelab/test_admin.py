"""Admin: an image job's change page shows its plans, normalization log, and step log with timings."""

import html
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import AsyncClient

from chatapp.db import database_sync_to_async
from imagelab import services
from tests.fakes import openai_server
from tests.fakes.openai_server import tool_call
from tests.support.images import job_of, photo, run_turn

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

PLAN = {
    "variations": [
        {
            "label": f"Look {i}",
            "strategy": f"Strategy {i}.",
            "operations": [
                {"op": "contrast", "params": {"strength": 1 + i / 10}},
                {"op": "blur", "params": {"sigma": 50}},
            ],
        }
        for i in range(5)
    ],
    "diversity_axes": ["tone", "finish"],
}


async def test_it_shows_a_jobs_plans_normalization_log_and_timed_step_log_to_staff(alice, bob, openai_on):
    openai_on.enqueue(tool_call("plan_variations", PLAN))
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "punchier", photo((240, 180))))
    assert job.status == "done"
    root = await db(get_user_model().objects.create_superuser)("root", password="x-admin-pass-1")
    client = AsyncClient()
    await client.aforce_login(root)

    response = await client.get(f"/admin/imagelab/imagejob/{job.pk}/change/")
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    # Plans, as normalised (aliases mapped, numbers clamped).
    assert "Plans" in page and '"label": "Look 3"' in page and '"strategy": "Strategy 3."' in page
    assert '"sigma": 10' in page and '"value": 1.3' in page
    # The normalization log: every change with its reason.
    assert "Normalization log" in page and "contrast.strength -> contrast.value" in page
    assert any(e["change"].startswith("blur.sigma 50 -> 10") and e["reason"] in page for e in job.normalization_log)
    # The step log with timings: the planner call, the execution and each variation, each with its ms.
    assert "Step log" in page and "Timings (ms)" in page
    for name in ("plan_variations", "normalize", "first_step", "execute", "variation"):
        assert f'"name": "{name}"' in page
    timed = [e for e in job.step_log if e["name"] in ("plan_variations", "execute", "variation")]
    assert timed and all(f'"duration_ms": {json.dumps(e["duration_ms"])}' in page for e in timed)
    assert all(f'"{label}": {json.dumps(ms)}' in page for label, ms in job.timings.items())
    assert {"t_plan", "t_first_step", "t_execute"} <= set(job.timings)
    # Per-step ms of every column, as the variations show them.
    assert f'"ms": {json.dumps(job.variations[0]["steps"][1]["ms"])}' in page

    listing = await client.get("/admin/imagelab/imagejob/?status=done&planner_source=openai")
    assert listing.status_code == 200 and f"/admin/imagelab/imagejob/{job.pk}/change/" in listing.content.decode()
    outsider = AsyncClient()
    await outsider.aforce_login(bob)
    assert (await outsider.get(f"/admin/imagelab/imagejob/{job.pk}/change/")).status_code == 302
