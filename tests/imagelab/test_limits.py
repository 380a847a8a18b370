"""Resource limits: request bodies refused inside daphne (chunked, percent-encoded paths, Expect), and
full-resolution downloads bounded in pixels and in concurrent renders."""

import io
import json

import pytest
from django.test import AsyncClient
from PIL import Image

from chatapp import llm
from chatapp.db import database_sync_to_async
from chatapp.planner.backends.base import PlannerReply, ToolCall
from chatapp.planner.testing import ScriptedBackend
from imagelab import downloads, services
from imagelab.asgi_limits import install_daphne_guard, too_large
from imagelab.core.rerender import chain_peak, render_chain
from tests.support.images import job_of, photo, run_turn

db = database_sync_to_async


# ------------------------------------------------------------------ daphne guard
@pytest.fixture
def daphne(monkeypatch):
    """A daphne HTTP connection over an in-memory transport; `processed` lists requests that reached the app."""
    from daphne.http_protocol import HTTPFactory, WebRequest
    from twisted.internet.testing import StringTransport

    assert install_daphne_guard()
    processed = []
    monkeypatch.setattr(WebRequest, "process", lambda self: processed.append((self.path, self.content.read())))

    class Server:
        def protocol_connected(self, protocol):
            pass

        def protocol_disconnected(self, protocol):
            pass

    def connect():
        protocol = HTTPFactory(Server()).buildProtocol(("127.0.0.1", 0))
        transport = StringTransport()
        protocol.makeConnection(transport)
        return protocol, transport

    connect.processed = processed
    return connect


def chunked(body: bytes, size: int = 65536) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(body[i : i + size]), body[i : i + size]) for i in range(0, len(body), size)]
    return b"".join(parts) + b"0\r\n\r\n"


def refused(transport, code: str) -> bool:
    head, _, body = transport.value().partition(b"\r\n\r\n")
    return head.startswith(b"HTTP/1.1 413") and json.loads(body)["code"] == code and transport.disconnecting


def test_it_refuses_a_chunked_upload_past_the_limit_without_running_it(settings, daphne):
    settings.IMAGE_MAX_UPLOAD_BYTES = 1024  # limit: 1 kB + the 64 kB multipart allowance
    protocol, transport = daphne()
    # The whole body, terminating chunk included, in one read: it must still never reach the app.
    protocol.dataReceived(
        b"POST /api/imagelab/jobs HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(b"\0" * 200_000)
    )
    assert refused(transport, "image_too_large") and daphne.processed == []

    protocol, transport = daphne()  # a small chunked upload goes through
    protocol.dataReceived(
        b"POST /api/imagelab/jobs HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        + chunked(b"x" * 5000, 1000)
    )
    assert transport.value() == b"" and daphne.processed == [(b"/api/imagelab/jobs", b"x" * 5000)]


def test_it_matches_a_percent_encoded_upload_path(settings, daphne):
    settings.IMAGE_MAX_UPLOAD_BYTES = 1024
    protocol, transport = daphne()
    protocol.dataReceived(b"POST /api/imagelab/%6Aobs HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n")
    assert refused(transport, "image_too_large") and daphne.processed == []
    assert too_large("POST", "/imagelab/chats/7/%74urn/", str(10**9))


def test_it_matches_an_upload_path_sent_in_absolute_form(settings, daphne):
    # `POST http://host/api/imagelab/jobs` (through a proxy) is the upload route too: its limit, its words.
    settings.IMAGE_MAX_UPLOAD_BYTES = 1024
    protocol, transport = daphne()
    protocol.dataReceived(b"POST http://x/api/imagelab/jobs HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n")
    assert refused(transport, "image_too_large") and daphne.processed == []
    assert too_large("POST", "https://x:8443/imagelab/chats/7/turn/", str(10**9))
    assert not too_large("POST", "http://x/api/imagelab/jobs", str(1024))


def test_it_sends_no_100_continue_after_refusing(daphne):
    protocol, transport = daphne()
    protocol.dataReceived(
        b"POST /api/imagelab/jobs HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 999999999\r\n\r\n"
    )
    assert refused(transport, "image_too_large") and b"100 Continue" not in transport.value()


def test_it_caps_every_other_request_body_generously(settings, daphne):
    cap = settings.DATA_UPLOAD_MAX_MEMORY_SIZE * 4
    assert not too_large("POST", "/api/chats/1/messages", str(cap)) and too_large(
        "POST", "/api/chats/1/messages", str(cap + 1)
    )
    protocol, transport = daphne()
    protocol.dataReceived(
        b"POST /api/chats/1/messages HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        + chunked(b"\0" * (cap + 1))
    )
    assert refused(transport, "payload_too_large") and daphne.processed == []


# ------------------------------------------------------------------ downloads
def test_it_renders_an_upscaling_chain_within_max_pixels():
    # The job ran on a 100 px working image and upscaled it to 400 px: at full size (400 px) that is 1600 px.
    plans = [
        [
            {"op": "resize", "params": {"width": 400, "height": 400, "fit": "contain"}},
            {"op": "crop", "params": {"x": 0, "y": 0, "width": 400, "height": 150}},
        ]
    ]
    original = Image.new("RGB", (400, 300), (90, 120, 150))
    assert chain_peak(plans, (400, 300), (400, 300), max_side=100) == 1600 * 1200  # the resize, before the crop
    out = render_chain(original, plans, max_side=100, max_pixels=200_000)
    assert out.width * out.height <= 200_000 and chain_peak(plans, (400, 300), (400, 300), 100) > 200_000
    assert out.width / out.height == pytest.approx(400 / 150, rel=0.03)  # the same picture, smaller
    assert render_chain(original, plans, max_side=100).size == (1600, 600)  # uncapped, as before


def _upscale_plan() -> PlannerReply:
    variation = {
        "label": "Big",
        "strategy": "upscale",
        "operations": [{"op": "resize", "params": {"width": 800, "height": 800, "fit": "contain"}}],
    }
    return PlannerReply(
        tool_calls=[
            ToolCall(
                call_id="c",
                name="plan_variations",
                arguments=json.dumps({"variations": [variation], "diversity_axes": ["size"]}),
            )
        ]
    )


@pytest.mark.django_db(transaction=True)
async def test_it_delivers_a_download_of_at_most_image_max_pixels(alice, settings):
    settings.IMAGE_WORKING_SIDE = 256  # the 400x300 upload works at 256x192, upscaled to 800x600 in the job
    settings.IMAGE_MAX_PIXELS = 500_000  # the full-resolution render would be 1250x938 = 1.2 MP
    backend = ScriptedBackend(name="scripted")
    backend.add(_upscale_plan())
    with llm.backend_override(backend):
        chat = await db(services.image_chat_create)(user=alice)
        job = await db(job_of)(await run_turn(alice, chat, "bigger", photo((400, 300))))
    assert job.status == "done"
    data, content_type = await db(downloads.render_download)(job=job, variation=0, fmt="png")
    image = Image.open(io.BytesIO(data))
    assert content_type == "image/png" and image.width * image.height <= 500_000
    assert image.width / image.height == pytest.approx(4 / 3, rel=0.02)


@pytest.mark.django_db(transaction=True)
async def test_it_answers_429_while_two_downloads_are_rendering(alice):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((160, 120))))
    api = AsyncClient()
    await api.aforce_login(alice)
    with downloads.download_slot(user_id=alice.pk), downloads.download_slot(user_id=alice.pk):
        busy = await api.get(f"/api/imagelab/jobs/{job.pk}/download", {"variation": 0})
        assert busy.status_code == 429 and busy.json()["code"] == "busy" and busy.json()["message"]
    assert (await api.get(f"/api/imagelab/jobs/{job.pk}/download", {"variation": 0})).status_code == 200


@pytest.mark.django_db(transaction=True)
async def test_it_limits_downloads_per_user_so_others_are_unaffected(alice, bob):
    """Alice looping downloads fills her own slots only: she gets 429, Bob still gets his picture."""
    jobs = {}
    for user in (alice, bob):
        chat = await db(services.image_chat_create)(user=user)
        jobs[user.pk] = await db(job_of)(await run_turn(user, chat, "warmer", photo((160, 120))))
    alices, bobs = AsyncClient(), AsyncClient()
    await alices.aforce_login(alice)
    await bobs.aforce_login(bob)
    with downloads.download_slot(user_id=alice.pk), downloads.download_slot(user_id=alice.pk):
        refused = await alices.get(f"/api/imagelab/jobs/{jobs[alice.pk].pk}/download", {"variation": 0})
        assert (refused.status_code, refused.json()["code"]) == (429, "busy")
        assert "You already have 2 downloads rendering" in refused.json()["message"]
        assert (await bobs.get(f"/api/imagelab/jobs/{jobs[bob.pk].pk}/download", {"variation": 0})).status_code == 200
    assert (await alices.get(f"/api/imagelab/jobs/{jobs[alice.pk].pk}/download", {"variation": 0})).status_code == 200


@pytest.mark.django_db
def test_it_counts_download_slots_in_the_shared_cache(alice, bob, settings):
    """The count is the cache's (shared by every process on Redis), and a refused attempt gives its slot back."""
    from django.core.cache import cache

    from chatapp.errors import RateLimited

    settings.IMAGE_DOWNLOADS_PER_USER = 1
    with downloads.download_slot(user_id=alice.pk):
        assert cache.get(f"imagelab:downloads:{alice.pk}") == 1
        for _ in range(3):
            with pytest.raises(RateLimited), downloads.download_slot(user_id=alice.pk):
                pass
        assert cache.get(f"imagelab:downloads:{alice.pk}") == 1
        with downloads.download_slot(user_id=bob.pk):
            pass
    assert cache.get(f"imagelab:downloads:{alice.pk}") == 0
