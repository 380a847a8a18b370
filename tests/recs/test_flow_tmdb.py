"""The v2 turn resolving picks on TMDB (a local fake speaking TMDB's JSON), as the page sees it."""

import pytest

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.testing import ScriptedBackend
from tests.fakes import tmdb_server
from tests.support.ws import communicator, frames_until

fake_tmdb = tmdb_server.fake_tmdb
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tmdb_on(settings, fake_tmdb):
    settings.TMDB_API_KEY = fake_tmdb.api_key
    settings.TMDB_BASE_URL = fake_tmdb.base_url
    settings.TMDB_IMAGE_BASE_URL = "http://127.0.0.1:9/posters"
    return fake_tmdb


async def test_it_resolves_picks_on_tmdb_and_escapes_what_it_returns(alice, scripted, tmdb_on):
    plan = {
        "intro": "Three picks:",
        "picks": [
            {"title": "Heat", "year": 1995, "reason": "Pacino vs De Niro."},
            {"title": "<script>alert(1)</script>", "year": 1999, "reason": "Hostile title."},
            {"title": "The Thing", "year": 1982, "reason": "Carpenter's remake."},
        ],
    }
    chat, frames = await _picks_turn(alice, scripted, plan)
    joined = "\n".join(frames)
    assert "<script>alert(1)</script>" not in joined
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in joined
    message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    picks = {p["title"]: p for p in message.payload["picks"]}
    assert picks["Heat"]["source"] == "tmdb" and picks["Heat"]["id"] == "949" and picks["Heat"]["runtime"] == 170
    assert picks["The Thing"]["year"] == 1982  # the remake, not the 1951 or 2011 film
    assert picks["Heat"]["poster_url"].startswith("http://127.0.0.1:9/posters/")


async def test_it_drops_a_pick_when_tmdb_is_down_and_says_why(alice, scripted, tmdb_on):
    tmdb_on.fail_next(500, times=50)
    plan = {"intro": "One:", "picks": [{"title": "Heat", "year": 1995, "reason": "r"}]}
    chat, _frames = await _picks_turn(alice, scripted, plan, timeout=30)
    message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert message.status == "complete" and message.payload["picks"] == []
    assert "lookup failed" in message.payload["dropped"][0]["reason"]


async def test_it_looks_up_the_first_pick_before_the_others_when_tmdb_is_busy(alice, scripted, tmdb_on, settings):
    settings.TMDB_CONCURRENCY = 1  # one request at a time: the order the turn asks in is the order TMDB sees
    # Alien's search holds the one place long enough for Heat's details to queue behind it (beside Se7en's
    # search, queued earlier): however slow the machine, the gate then chooses between the two by rank.
    tmdb_on.delay_title("Alien", 0.5)
    plan = {
        "intro": "Three:",
        "picks": [
            {"title": "Heat", "year": 1995, "reason": "r"},
            {"title": "Alien", "year": 1979, "reason": "r"},
            {"title": "Se7en", "year": 1995, "reason": "r"},
        ],
    }
    chat, _frames = await _picks_turn(alice, scripted, plan, timeout=30)

    asked = [r.query.get("query") or r.path for r in tmdb_on.requests]
    # Heat's details (its card) come before the third pick's search, which queued before them.
    assert asked.index("/3/movie/949") < asked.index("Se7en")
    message = await database_sync_to_async(Message.objects.get)(chat=chat, role="assistant")
    assert [p["title"] for p in message.payload["picks"]] == ["Heat", "Alien", "Se7en"]


async def _picks_turn(user, scripted, plan: dict, **wait) -> tuple[Chat, list[str]]:
    """One movie turn over the HTML socket that plans these picks: its chat and every frame until Send is back."""
    scripted.add(ScriptedBackend.tool("decide_mode", {"mode": "B", "reason": "films"}), purpose="decide_mode")
    scripted.add(ScriptedBackend.tool("plan_picks", plan), purpose="plan_picks")
    chat = await database_sync_to_async(Chat.objects.create)(owner=user)
    comm = await communicator(user, f"/ws/chats/{chat.pk}/")
    await comm.connect()
    await comm.receive_from()
    await comm.send_json_to({"action": "send", "text": "films"})
    frames = await frames_until(comm, 'id="send-button"', **wait)
    await comm.disconnect()
    return chat, frames
