"""An image chat's export: the photo and every variation as owner-checked links, JSON with each variation's plan."""

import json

import pytest
from django.test import Client
from markdown_it import MarkdownIt

from chatapp.db import database_sync_to_async
from chatapp.exports import chat_export
from imagelab import services
from tests.support.images import job_of, photo, run_turn
from tests.support.markdown import raw_html

db = database_sync_to_async


@pytest.mark.django_db(transaction=True)
async def test_it_exports_plans_and_owner_checked_image_links(alice, bob, image_root):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    base = "http://testserver"
    record = json.loads((await db(chat_export)(user=alice, chat_id=chat.pk, fmt="json", base_url=base)).body)
    user, answer = record["messages"]
    assert user["attachment"]["url"].startswith(f"{base}/imagelab/assets/")
    exported = answer["job"]
    assert exported["id"] == job.pk and exported["instruction"] == "warmer"
    assert [v["plan"] for v in exported["variations"]] == [p["operations"] for p in job.plans]
    final = exported["variations"][0]["final_url"]
    assert final == f"{base}/api/imagelab/jobs/{job.pk}/variations/0/final.jpg"
    path = final.removeprefix(base)

    def fetch(user):
        client = Client()
        client.force_login(user)
        return client.get(path).status_code

    assert await db(fetch)(alice) == 200 and await db(fetch)(bob) == 404  # the links are owner-checked

    md = (await db(chat_export)(user=alice, chat_id=chat.pk, fmt="md", base_url=base)).body
    links = [t.attrGet("href") for b in MarkdownIt().parse(md) for t in (b.children or []) if t.type == "link_open"]
    assert links[0] == user["attachment"]["url"] and exported["source_url"] in links and final in links
    assert f"1. **{job.plans[0]['label']}**" in md and "Plan: " in md


@pytest.mark.django_db(transaction=True)
async def test_it_exports_html_in_a_plan_as_text(alice, image_root):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((400, 300))))
    # What a hostile planner could name a variation and its steps.
    job.plans[0] = {**job.plans[0], "label": "<img src=x onerror=alert(1)>", "strategy": "<script>x</script>"}
    job.plans[0]["operations"] = [{"op": "<iframe src=//x>"}]
    await db(job.save)()
    md = (await db(chat_export)(user=alice, chat_id=chat.pk, fmt="md", base_url="http://testserver")).body
    assert raw_html(md) == []
    assert "1. **&lt;img src=x onerror=alert(1)>**" in md and "Plan: &lt;iframe src=//x>" in md
