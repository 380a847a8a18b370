"""Model output is untrusted: a plan whose labels, strategies and axes carry markup, NULs, lone surrogates and
absurd numbers ends the job in words (never a crash), stores only what the database can hold, and is escaped
on the page and in the API."""

import pytest
from django.test import AsyncClient

from chatapp.db import database_sync_to_async
from imagelab import services
from tests.fakes import openai_server
from tests.fakes.openai_server import tool_call
from tests.support.api import async_api_for
from tests.support.images import assistant_of, job_of, photo, run_turn

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

MARKUP = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
HOSTILE_VALUES = ["NaN", 1e308, -1e308, "<b>", None, [1, 2], {"x": 1}, True]


def _hostile_plan() -> str:
    """Raw tool arguments: markup, a NUL and a lone surrogate in the words, nonsense in the numbers."""
    variations = []
    for i in range(7):  # more than the five asked for
        value = HOSTILE_VALUES[i % len(HOSTILE_VALUES)]
        variations.append(
            {
                "label": f"{MARKUP} \\u0000 \\ud800 {i}",
                "strategy": MARKUP + " \\u202e",
                "operations": [
                    {"op": "contrast", "params": {"value": value}},
                    {"op": "<script>", "params": {}},
                    {"op": "brightness", "params": {"value": 1.1, "extra": MARKUP}},
                ],
            }
        )
    import json

    raw = json.dumps({"variations": variations, "diversity_axes": [MARKUP, "\\u0000"]})
    return raw.replace("\\\\u0000", "\\u0000").replace("\\\\ud800", "\\ud800")


def _inert(html: str) -> bool:
    return "<script>alert(2)" not in html and '<img src=x onerror="alert(1)">' not in html


def _markup_plan() -> str:
    """A plan the schema accepts whose words carry markup, a NUL and a lone surrogate."""
    import json

    variations = [
        {
            "label": f"{MARKUP[:30]} \u0000\ud800{i}",
            "strategy": MARKUP,
            "operations": [{"op": "contrast", "params": {"value": 1 + i / 10}}],
        }
        for i in range(5)
    ]
    raw = json.dumps({"variations": variations, "diversity_axes": ["tone"]})
    return raw.replace("\\u0000", "\u0000").replace("\\ud800", "\ud800")


@pytest.mark.parametrize("plan", [_hostile_plan, _markup_plan])
async def test_it_ends_a_job_planned_with_hostile_words_and_numbers_in_words_and_escapes_them(alice, openai_on, plan):
    openai_on.enqueue(*[tool_call("plan_variations", plan()) for _ in range(3)])
    chat = await db(services.image_chat_create)(user=alice)
    turn = await run_turn(alice, chat, "warmer please", photo((160, 120)))
    job = await db(job_of)(turn)
    message = await db(assistant_of)(turn)
    assert job.status in ("done", "failed"), (job.status, job.error)
    assert message.status in ("complete", "failed")
    if job.status == "failed":
        assert job.error and "Traceback" not in job.error
    stored = repr(job.plans) + repr(job.variations) + repr(job.diversity_axes) + message.content
    assert "\x00" not in stored and "\ud800" not in stored
    page = AsyncClient()
    await page.aforce_login(alice)
    html = (await page.get(f"/chats/{chat.pk}/")).content.decode()
    assert _inert(html)
    api = await async_api_for(alice)
    answered = await api.get(f"/api/imagelab/jobs/{job.pk}")
    assert answered.status_code == 200
    assert len(answered.json()["variations"]) <= 5
    exported = await api.get(f"/api/chats/{chat.pk}/export", {"format": "json"})
    assert exported.status_code == 200
