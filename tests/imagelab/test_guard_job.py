"""The quality guard in a job: a clipping variation is revised, re-run from its first changed step, streamed,
stored with the job (page, API), and the model reviser's edits go through the same applier."""

import html
import json

import pytest
from channels.layers import get_channel_layer

from chatapp.db import database_sync_to_async
from chatapp.events import group_name
from imagelab import render, services, starting, storage
from imagelab.events import EVENT_TYPES
from tests.fakes import openai_server
from tests.fakes.openai_server import text, tool_call
from tests.support.api import async_api_for
from tests.support.images import assistant_of, bright_photo, bright_scene, job_of
from tests.support.ws import drain_events, wait_turns_idle

fake_openai = openai_server.fake_openai
pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

# Variation 1 burns the bright photo's highlights (contrast 1.4); the others are clean and far apart.
PLAN = {
    "variations": [
        {
            "label": "Punchy",
            "strategy": "More contrast.",
            "operations": [
                {"op": "hue", "params": {"value": 6}},
                {"op": "contrast", "params": {"value": 1.4}},
            ],
        },
        {
            "label": "Mono",
            "strategy": "Black and white, flat.",
            "operations": [
                {"op": "filter", "params": {"type": "grayscale"}},
                {"op": "contrast", "params": {"value": 0.6}},
            ],
        },
        {"label": "Soft", "strategy": "Dreamy.", "operations": [{"op": "blur", "params": {"sigma": 3}}]},
        {"label": "Dim", "strategy": "Darker.", "operations": [{"op": "brightness", "params": {"value": 0.7}}]},
        {
            "label": "Warm",
            "strategy": "Warmer, framed.",
            "operations": [
                {"op": "temperature", "params": {"warm": True, "strength": 0.6}},
                {"op": "vignette", "params": {"strength": 0.7}},
            ],
        },
    ],
    "diversity_axes": ["tone"],
}


@pytest.fixture(autouse=True)
def patient_planner(settings):
    """A cold first model call on a shared, busy machine can take seconds: these tests are not about outages."""
    settings.PLANNER_RETRY_BUDGET = 20.0
    settings.OPENAI_TIMEOUT = 20.0


@pytest.fixture
def guard_on(settings):
    settings.MAX_REVISIONS = 2
    settings.IMAGE_REVISER = "rules"
    return settings


async def _job_events(user, instruction="punchier"):
    chat = await db(services.image_chat_create)(user=user)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(chat.pk), channel)
    turn, _job = await starting.start_turn(
        user=user, chat=chat, text=instruction, data=bright_photo(), filename="bright.jpg", with_job=False
    )
    await wait_turns_idle(60)
    return await drain_events(layer, channel, EVENT_TYPES), turn


async def test_it_revises_a_clipping_variation_streams_the_re_run_and_stores_the_log(alice, openai_on, guard_on):
    openai_on.enqueue(tool_call("plan_variations", PLAN))
    events, turn = await _job_events(alice)
    job = await db(job_of)(turn)
    assert job.status == "done"

    types = [(e["type"], e.get("variation")) for e in events]
    revised = types.index(("variation.revised", 0))
    # The guard runs between the streamed previews and the finals: every step streamed first, then the
    # note, and one final, rendered once with the revised plan.
    assert [e["step"] for e in events[:revised] if e["type"] == "step.result" and e["variation"] == 0] == [0, 1]
    assert types.count(("variation.done", 0)) == 1
    assert revised < types.index(("variation.done", 0)) < len(types) - 1 and types[-1][0] == "job.ended"
    event = events[revised]
    assert event["from_step"] == 1 and event["revision"] == 1
    assert event["operations"][1] == {"op": "contrast", "params": {"value": 1.28}}
    [entry] = event["revisions"]
    assert entry["edits"][0]["reason"] == "to keep the highlights"
    # Only the steps from the first changed one re-run, streamed like any step, with fresh URLs.
    after = events[revised + 1 :]
    reran = [e for e in after if e["type"] == "step.result" and e["variation"] == 0]
    assert [e["step"] for e in reran] == [1] and reran[0]["preview_url"].endswith("?r=1")
    done = next(e for e in after if e["type"] == "variation.done" and e["variation"] == 0)
    assert done["final_url"].endswith("?r=1")
    assert not [e for e in after if e["type"] == "step.result" and e["variation"] != 0]  # the others were clean

    # Stored with the job: the revised plan (downloads re-render it), the new files, the iterations log.
    assert job.plans[0]["operations"][1]["params"]["value"] == 1.28
    v0 = job.variations[0]
    assert v0["revision"] == 1 and v0["steps"][1]["params"]["value"] == 1.28
    assert "-r1-" in v0["steps"][1]["preview"] and storage.exists(v0["steps"][1]["preview"])
    assert "-r1-" in v0["final"] and storage.exists(v0["final"])
    log = {v["variation"]: v for v in job.revisions}
    assert set(log) == {0, 1, 2, 3, 4}
    [it] = log[0]["revisions"]
    assert it["verdict"] == "revised" and it["iteration"] == 1
    assert it["before"]["highlights_new"] > 0.5 and it["after"]["score"] < it["before"]["score"]
    assert all(log[i]["revisions"] == [] and log[i]["ok"] for i in (1, 2, 3, 4))
    assert any(e["name"] == "guard" for e in job.step_log) and "t_guard" in job.timings

    # The column says what changed and why.
    page = await db(render.message_html)(await db(assistant_of)(turn))
    assert "revised: contrast 1.40 → 1.28 to keep the highlights" in page
    assert f"/imagelab/jobs/{job.pk}/variations/0/final.jpg?r=1" in page or "?r=1" in page

    # The API: each variation's revisions.
    api = await async_api_for(alice)
    body = (await api.get(f"/api/imagelab/jobs/{job.pk}")).json()
    [rev] = body["variations"][0]["revisions"]
    assert {"iteration", "verdict", "edits", "before", "after"} <= set(rev)
    assert rev["edits"][0]["op"] == "contrast" and rev["edits"][0]["from"] == 1.4 and rev["edits"][0]["value"] == 1.28
    assert body["variations"][1]["revisions"] == []
    assert body["variations"][0]["final_url"].endswith("?r=1")
    image = await api.get(body["variations"][0]["final_url"])
    assert image.status_code == 200 and image["content-type"] == "image/jpeg"


async def test_it_only_measures_when_max_revisions_is_zero(alice, openai_on, settings):
    settings.MAX_REVISIONS = 0
    openai_on.enqueue(tool_call("plan_variations", PLAN))
    events, turn = await _job_events(alice)
    job = await db(job_of)(turn)
    assert "variation.revised" not in [e["type"] for e in events]
    assert job.plans[0]["operations"][1]["params"]["value"] == 1.4
    first = next(v for v in job.revisions if v["variation"] == 0)
    assert first["ok"] is False and first["revisions"] == [] and "burnt to white" in first["issues"][0]

    # Staff see the guard's log in the admin.
    from django.contrib.auth import get_user_model
    from django.test import AsyncClient

    root = await db(get_user_model().objects.create_superuser)("root", password="x-admin-pass-1")
    client = AsyncClient()
    await client.aforce_login(root)
    page = html.unescape((await client.get(f"/admin/imagelab/imagejob/{job.pk}/change/")).content.decode())
    assert "Quality guard (verdict, edits, before/after figures per iteration)" in page
    assert '"highlights_new": ' in page and first["issues"][0] in page


async def test_it_runs_the_plans_as_planned_with_the_guard_off(alice, openai_on, settings):
    settings.IMAGE_GUARD = False
    settings.MAX_REVISIONS = 2
    openai_on.enqueue(tool_call("plan_variations", PLAN))
    events, turn = await _job_events(alice)
    job = await db(job_of)(turn)
    assert job.status == "done" and all(v["status"] == "done" for v in job.variations)
    types = [e["type"] for e in events]
    assert "variation.revised" not in types and types.count("variation.done") == 5
    assert job.plans[0]["operations"][1]["params"]["value"] == 1.4  # the clipping plan ran as planned
    assert job.revisions == []
    [guard] = [e for e in job.step_log if e["name"] == "guard"]
    assert guard["status"] == "skipped" and "IMAGE_GUARD=0" in guard["result"]
    page = await db(render.message_html)(await db(assistant_of)(turn))
    assert "revised:" not in page


async def test_it_asks_the_model_reviser_with_a_strict_tool_and_applies_only_valid_edits(alice, openai_on, guard_on):
    guard_on.IMAGE_REVISER = "openai"
    guard_on.MAX_REVISIONS = 1
    edits = {
        "edits": [
            {"type": "tune_param", "op_index": 1, "param": "value", "value": 1.1, "reason": "to keep the highlights"},
            {"type": "tune_param", "op_index": 5, "param": "value", "value": 1.0, "reason": "no such step"},
        ]
    }
    openai_on.enqueue(tool_call("plan_variations", PLAN), tool_call("revise_variation", edits))
    _events, turn = await _job_events(alice)
    job = await db(job_of)(turn)

    plan_request, revise_request = openai_on.bodies("/responses")
    assert revise_request["tool_choice"] == {"type": "function", "name": "revise_variation"}
    [tool] = revise_request["tools"]
    assert tool["name"] == "revise_variation" and tool["strict"] is True
    assert tool["parameters"]["additionalProperties"] is False and tool["parameters"]["required"] == ["edits"]
    sent = json.loads(revise_request["input"][0]["content"][0]["text"])
    assert sent["variation"]["operations"][1] == {"op": "contrast", "params": {"value": 1.4}}
    assert sent["rule_edits"][0]["value"] == 1.28 and "burnt to white" in sent["problems"][0]

    [it] = next(v for v in job.revisions if v["variation"] == 0)["revisions"]
    assert it["verdict"] == "revised" and [e["value"] for e in it["edits"]] == [1.1]
    assert "does not exist" in it["ignored"][0]["why"]
    assert job.plans[0]["operations"][1]["params"]["value"] == 1.1


async def test_it_falls_back_to_the_rule_edits_when_the_model_answers_in_words(alice, openai_on, guard_on):
    guard_on.IMAGE_REVISER = "openai"
    guard_on.MAX_REVISIONS = 1
    openai_on.enqueue(tool_call("plan_variations", PLAN), text("I would lower the contrast."))
    _events, turn = await _job_events(alice)
    job = await db(job_of)(turn)
    [it] = next(v for v in job.revisions if v["variation"] == 0)["revisions"]
    assert it["verdict"] == "revised" and it["edits"][0]["value"] == 1.28


def _jpeg(image) -> bytes:
    import io

    buf = io.BytesIO()
    image.save(buf, "JPEG", quality=90)
    return buf.getvalue()


async def test_it_streams_the_revision_note_over_the_websocket(alice, guard_on):
    from tests.support.ws import communicator, frames_until

    chat = await db(services.image_chat_create)(user=alice)
    comm = await communicator(alice, f"/ws/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    await comm.receive_from()  # sync on connect
    await starting.start_turn(
        user=alice,
        chat=chat,
        text="make it much brighter",
        data=_jpeg(bright_scene()),
        filename="b.jpg",
        with_job=False,
    )
    frames = await frames_until(comm, 'id="send-button"', timeout=60)
    await comm.disconnect()
    await wait_turns_idle()
    revised = [f for f in frames if 'hx-swap-oob="outerHTML" class="revision-note"' in f and "revised: " in f]
    highlights = [f for f in revised if "to keep the highlights" in f]
    assert highlights, "no revision for the highlights was streamed"
    assert 'class="steps" id="steps-' in highlights[0]  # the column's steps, reloading from the first changed one
    # The re-run's final arrives after its note, under a fresh URL.
    after = frames[frames.index(highlights[0]) :]
    assert any('class="final"' in f and "final.jpg?r=1" in f for f in after)
