"""Image-chat pages: the chat list, the page, a turn from the composer, "Use this", the strip, the size guard."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import AsyncClient, Client

from chatapp.asgi import application
from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from imagelab import services
from imagelab.models import ImageAsset, ImageJob
from tests.support.images import photo
from tests.support.ws import wait_turns_idle

db = database_sync_to_async


async def browser(user) -> AsyncClient:
    client = AsyncClient()
    await client.aforce_login(user)
    return client


@pytest.mark.django_db
def test_it_starts_an_image_chat_from_the_list(alice):
    client = Client()
    client.force_login(alice)
    assert 'id="new-image-chat"' in client.get("/").content.decode()
    response = client.post("/chats/new/", {"kind": "images"})
    chat = Chat.objects.get(owner=alice)
    assert chat.kind == "images" and response["location"] == f"/chats/{chat.pk}/"
    page = client.get(response["location"]).content.decode()
    assert 'hx-encoding="multipart/form-data"' in page and 'name="image"' in page and "No photo yet" in page


@pytest.mark.django_db(transaction=True)
async def test_it_runs_a_turn_from_the_composer_and_shows_the_job_on_reload(alice):
    chat = await db(services.image_chat_create)(user=alice)
    client = await browser(alice)
    upload = SimpleUploadedFile("beach.jpg", photo((320, 240)), content_type="image/jpeg")
    response = await client.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "vintage", "image": upload})
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="composer-inputs"' in body and 'hx-swap-oob="outerHTML"' in body and 'id="image-state"' in body
    await wait_turns_idle(30)
    page = (await client.get(f"/chats/{chat.pk}/")).content.decode()
    job = await db(ImageJob.objects.get)(chat=chat)
    assert page.count('<section class="column') == 5 and f'id="final-{job.pk}-4"' in page
    assert 'class="compare"' in page and "Use this" in page and f"/api/imagelab/jobs/{job.pk}/download" in page
    assert 'class="attachment"' in page  # the user's photo in their message

    chosen = await client.post(f"/imagelab/jobs/{job.pk}/result/", {"variation": 1})
    html = chosen.content.decode()
    assert chosen.status_code == 200 and 'hx-swap-oob="outerHTML"' in html and "In use" in html
    assert html.count('class="thumb') == 2  # the upload and the chosen variation
    upload_asset = await db(ImageAsset.objects.get)(chat=chat, kind="upload")
    back = await client.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": upload_asset.pk})
    assert f'id="history-{upload_asset.pk}"' in back.content.decode() and "is-current" in back.content.decode()
    listing = (await client.get("/")).content.decode()
    assert f"/imagelab/assets/{upload_asset.pk}/preview.jpg" in listing  # the chat list thumbnail
    preview = await client.get(f"/imagelab/assets/{upload_asset.pk}/preview.jpg")
    assert preview["content-type"] == "image/jpeg" and preview["x-content-type-options"] == "nosniff"


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_a_bad_upload_from_the_composer_with_the_reason(alice, settings):
    chat = await db(services.image_chat_create)(user=alice)
    client = await browser(alice)
    bad = SimpleUploadedFile("cat.png", photo((64, 64), "JPEG"), content_type="image/png")
    response = await client.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "warmer", "image": bad})
    assert response.status_code == 400 and response["x-error-code"] == "extension_mismatch"
    assert 'id="composer-error"' in response.content.decode()
    first = await client.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "warmer"})
    assert (first.status_code, first["x-error-code"]) == (400, "no_image")
    assert not await db(Message.objects.exists)() and not await db(ImageAsset.objects.exists)()


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_several_photos_from_the_composer_with_the_reason(alice):
    chat = await db(services.image_chat_create)(user=alice)
    client = await browser(alice)
    photos = [SimpleUploadedFile(n, photo((64, 48)), content_type="image/jpeg") for n in ("a.jpg", "b.jpg")]
    response = await client.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "warmer", "image": photos})
    assert (response.status_code, response["x-error-code"]) == (400, "too_many_images")
    assert "Send one photo at a time" in response.content.decode()
    assert not await db(Message.objects.exists)() and not await db(ImageAsset.objects.exists)()


async def _call(path: str, length: int, method: str = "POST"):
    """Call the real ASGI app; receiving the body fails the test."""
    sent = []

    async def receive():
        raise AssertionError("the body was read")

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [
            (b"content-length", str(length).encode()),
            (b"host", b"testserver"),
            (b"content-type", b"multipart/form-data; boundary=x"),
        ],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "scheme": "http",
        "http_version": "1.1",
        "root_path": "",
    }
    await application(scope, receive, send)
    return sent


@pytest.mark.parametrize("path", ["/api/imagelab/jobs", "/imagelab/chats/7/turn/"])
async def test_it_refuses_an_oversized_upload_from_its_header_without_reading_it(settings, path):
    settings.IMAGE_MAX_UPLOAD_BYTES = 1_000_000
    start, body = await _call(path, 100 * 1024 * 1024)
    assert start["status"] == 413 and (b"x-content-type-options", b"nosniff") in start["headers"]
    assert json.loads(body["body"])["code"] == "image_too_large"


def test_it_leaves_small_uploads_alone_and_gives_other_paths_the_generous_cap():
    from imagelab.asgi_limits import too_large

    assert not too_large("POST", "/api/chats/1/messages", "1000000")
    assert too_large("POST", "/api/chats/1/messages", "999999999")  # the global cap, not the upload limit
    assert too_large("GET", "/api/imagelab/jobs", "999999999")
    assert not too_large("POST", "/api/imagelab/jobs", "1000")
    assert too_large("POST", "/api/imagelab/jobs", str(10**9))


@pytest.mark.django_db
def test_it_renders_the_users_photo_and_text_without_blank_space_in_the_bubble(alice):
    from imagelab import render

    chat = services.image_chat_create(user=alice)
    photo_msg = Message.objects.create(
        chat=chat, role="user", turn_key="t1", content="warmer\nplease", payload={"attachment": {"asset_id": 7}}
    )
    html = render.message_html(photo_msg)
    # The bubble keeps white-space: pre-wrap (typed line breaks), so template whitespace would show.
    assert (
        '<div class="bubble"><img class="attachment" src="/imagelab/assets/7/preview.jpg" alt="Attached photo">warmer<br>please</div>'
        in html
    )
    text_only = Message.objects.create(chat=chat, role="user", turn_key="t2", content="now crop it square")
    assert '<div class="bubble">now crop it square</div>' in render.message_html(text_only)


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_an_over_long_instruction_whole_before_touching_the_photo(alice, settings, image_root):
    settings.MESSAGE_MAX_CHARS = 4000
    chat = await db(services.image_chat_create)(user=alice)
    client = await browser(alice)
    upload = SimpleUploadedFile("beach.jpg", photo((320, 240)), content_type="image/jpeg")
    response = await client.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "y" * 4500, "image": upload})
    assert (response.status_code, response["x-error-code"]) == (413, "message_too_long")
    assert "That message is 4,500 characters; the limit is 4,000." in response.content.decode()
    assert 'id="composer-inputs"' not in response.content.decode()  # the composer keeps the text as typed
    assert not await db(Message.objects.exists)() and not await db(ImageAsset.objects.exists)()
    assert not image_root.exists() or not any(image_root.rglob("*"))  # the photo was never decoded or written


def _job_with_unfinished_steps(user, *, status: str) -> ImageJob:
    """A stored job cut short: variation 0 finished, 1 ran one of its two steps, 2 never started."""
    chat = services.image_chat_create(user=user)
    asset = ImageAsset.objects.create(
        owner=user, chat=chat, kind="upload", path="u/i.jpg", preview_path="u/p.jpg", width=320, height=240
    )
    Message.objects.create(chat=chat, role="user", turn_key="t1", content="cinematic and cooler")
    message = Message.objects.create(chat=chat, role="assistant", turn_key="t1", status=status)
    ops = [{"op": "contrast", "params": {"value": 1.2}}, {"op": "vignette", "params": {"strength": 0.3}}]
    step = {"params": {}, "error": None, "ms": None}
    return ImageJob.objects.create(
        owner=user,
        chat=chat,
        message=message,
        source=asset,
        instruction="cinematic and cooler",
        status=status,
        plans=[{"label": f"Look {i}", "strategy": "A look.", "operations": ops} for i in range(3)],
        variations=[
            {
                "index": 0,
                "status": "done",
                "final": "j/v0.jpg",
                "steps": [
                    {**step, "index": 0, "op": "contrast", "status": "ok", "preview": "j/0-0.jpg", "ms": 3},
                    {**step, "index": 1, "op": "vignette", "status": "ok", "preview": "j/0-1.jpg", "ms": 3},
                ],
            },
            {
                "index": 1,
                "status": "running",
                "final": None,
                "steps": [
                    {**step, "index": 0, "op": "contrast", "status": "ok", "preview": "j/1-0.jpg", "ms": 3},
                    {**step, "index": 1, "op": "vignette", "status": "pending", "preview": None},
                ],
            },
            {
                "index": 2,
                "status": "running",
                "final": None,
                "steps": [
                    {**step, "index": 0, "op": "contrast", "status": "pending", "preview": None},
                    {**step, "index": 1, "op": "vignette", "status": "pending", "preview": None},
                ],
            },
        ],
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "status,final_says", [("stopped", "Stopped before it finished."), ("failed", "Not finished: the edit failed.")]
)
def test_it_shows_the_unfinished_steps_of_a_stopped_or_failed_job_as_not_run(alice, status, final_says):
    from imagelab import render

    job = _job_with_unfinished_steps(alice, status=status)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/chats/{job.chat_id}/").content.decode()
    for html in (page, render.message_html(job.message)):  # on reload, and as the finished turn re-renders it
        assert "shimmer" not in html  # nothing is still loading
        assert html.count('class="step step-skipped"') == 3 and html.count(">not run<") == 3
        assert html.count(final_says) == 2  # variations 1 and 2; variation 0 shows its image
        assert html.count('class="compare"') == 1


@pytest.mark.django_db
def test_it_keeps_loading_placeholders_while_a_job_runs(alice):
    job = _job_with_unfinished_steps(alice, status="running")
    client = Client()
    client.force_login(alice)
    page = client.get(f"/chats/{job.chat_id}/").content.decode()
    assert page.count('<div class="shimmer"></div>') == 3 + 2 and "not run" not in page


@pytest.mark.django_db(transaction=True)
async def test_it_marks_in_use_only_the_variation_that_is_the_chats_current_image(alice):
    from tests.support.images import job_of, run_turn

    chat = await db(services.image_chat_create)(user=alice)
    client = await browser(alice)
    turn = await run_turn(alice, chat, "warmer", photo((200, 150)))
    first = await db(job_of)(turn)
    upload = await db(ImageAsset.objects.get)(chat=chat, kind="upload")
    first_msg = f'id="msg-{turn.turn_key}-assistant"'

    async def page() -> str:
        return (await client.get(f"/chats/{chat.pk}/")).content.decode()

    chosen = (await client.post(f"/imagelab/jobs/{first.pk}/result/", {"variation": 1})).content.decode()
    assert chosen.count(">In use<") == 1 and "variation 2 in use" in chosen

    # The upload made current from the strip: the turn's choice is no longer in use, here and on reload.
    back = (await client.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": upload.pk})).content.decode()
    assert first_msg in back and ">In use<" not in back and "variation 2 chosen earlier" in back
    assert ">In use<" not in await page() and "chosen earlier" in await page()
    strip_choice = await db(ImageAsset.objects.get)(job=first, variation=1)
    again = (await client.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": strip_choice.pk})).content.decode()
    assert first_msg in again and again.count(">In use<") == 1

    # A variation of the next turn made current: the first turn's message is re-rendered without it.
    turn = await run_turn(alice, chat, "now crop it square")
    second = await db(job_of)(turn)
    used = (await client.post(f"/imagelab/jobs/{second.pk}/result/", {"variation": 0})).content.decode()
    assert first_msg in used and used.count(">In use<") == 1 and "variation 2 chosen earlier" in used
    assert (await page()).count(">In use<") == 1

    # A new photo is the current image: the second turn's choice is no longer in use.
    new_photo = SimpleUploadedFile("b.jpg", photo((160, 120)), content_type="image/jpeg")
    sent = await client.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "vintage", "image": new_photo})
    assert f'id="msg-{turn.turn_key}-assistant"' in sent.content.decode()
    assert ">In use<" not in sent.content.decode()
    await wait_turns_idle(30)
    assert ">In use<" not in await page()


@pytest.mark.django_db
@pytest.mark.parametrize("status,cut_short", [("stopped", "stopped"), ("failed", "unfinished")])
def test_it_reports_an_ended_jobs_unreached_work_in_the_api_as_the_page_shows_it(alice, status, cut_short):
    from tests.support.api import api_for

    job = _job_with_unfinished_steps(alice, status=status)
    body = api_for(alice).get(f"/api/imagelab/jobs/{job.pk}").json()
    assert [v["status"] for v in body["variations"]] == ["done", cut_short, cut_short]
    assert [[s["status"] for s in v["steps"]] for v in body["variations"]] == [
        ["ok", "ok"],
        ["ok", "skipped"],
        ["skipped", "skipped"],
    ]


@pytest.mark.django_db
def test_it_reports_a_running_jobs_pending_work_as_it_is(alice):
    from tests.support.api import api_for

    job = _job_with_unfinished_steps(alice, status="running")
    body = api_for(alice).get(f"/api/imagelab/jobs/{job.pk}").json()
    assert [v["status"] for v in body["variations"]] == ["done", "running", "running"]
    assert body["variations"][2]["steps"][0]["status"] == "pending"
