"""The image-lab JSON API: every bad upload refused with a code and nothing stored, jobs, ownership, downloads."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import AsyncClient
from PIL import Image

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from imagelab.models import ImageAsset, ImageJob
from tests.support.api import api_for, async_api_for
from tests.support.images import photo
from tests.support.ws import wait_turns_idle

db = database_sync_to_async


def _bmp() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buf, "BMP")
    return buf.getvalue()


BAD = {
    "too_large_by_body": (lambda: photo((400, 300)) + b"\0" * 40_000, "big.jpg", 413, "image_too_large"),
    "too_many_pixels": (lambda: photo((200, 100), "PNG"), "wide.png", 413, "too_many_pixels"),
    "not_an_image": (lambda: b"just some notes, not a picture\n" * 10, "notes.jpg", 400, "not_an_image"),
    "truncated": (lambda: (lambda b: b[: len(b) // 2])(photo((100, 100))), "cut.jpg", 400, "corrupt_image"),
    "unsupported_format": (_bmp, "old.bmp", 415, "unsupported_format"),
    "extension_mismatch": (lambda: photo((64, 64), "PNG"), "really-a-png.jpg", 400, "extension_mismatch"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(BAD))
def test_it_refuses_every_bad_upload_with_a_code_and_stores_nothing(alice, settings, image_root, case):
    settings.IMAGE_MAX_UPLOAD_BYTES = 30_000
    settings.IMAGE_MAX_PIXELS = 15_000
    make, name, status, code = BAD[case]
    response = api_for(alice).post(
        "/api/imagelab/jobs",
        {"instruction": "warmer", "image": SimpleUploadedFile(name, make(), content_type="image/jpeg")},
    )
    assert response.status_code == status
    assert response.json()["code"] == code and response.json()["message"]
    assert not Chat.objects.exists() and not Message.objects.exists() and not ImageAsset.objects.exists()
    assert not image_root.exists() or not any(p.is_file() for p in image_root.rglob("*"))


@pytest.mark.django_db
def test_it_refuses_an_over_long_instruction_before_decoding_the_photo(alice, settings, image_root):
    settings.MESSAGE_MAX_CHARS = 4000
    response = api_for(alice).post(
        "/api/imagelab/jobs",
        {"instruction": "y" * 4500, "image": SimpleUploadedFile("a.jpg", photo((320, 240)), content_type="image/jpeg")},
    )
    assert (response.status_code, response.json()["code"]) == (413, "message_too_long")
    assert "4,500 characters; the limit is 4,000" in response.json()["message"]
    assert not Chat.objects.exists() and not ImageAsset.objects.exists()
    assert not image_root.exists() or not any(image_root.rglob("*"))


@pytest.mark.django_db(transaction=True)
async def test_it_needs_an_image_or_a_chat_with_one(alice):
    api = await browser(alice)
    assert (await api.post("/api/imagelab/jobs", {"instruction": "warmer"})).json()["code"] == "no_image"
    chat = await db(Chat.objects.create)(owner=alice, kind="images")
    response = await api.post("/api/imagelab/jobs", {"instruction": "warmer", "chat": chat.pk})
    assert (response.status_code, response.json()["code"]) == (400, "no_image")
    assert not await db(Message.objects.exists)()


@pytest.mark.django_db(transaction=True)
async def test_it_asks_for_a_photo_first_when_a_text_is_sent_to_a_photo_less_image_chat_through_the_chat_api(alice):
    # As the page's composer, either socket and POST /api/imagelab/jobs: refused in words, nothing stored.
    api = await async_api_for(alice)
    chat = await db(Chat.objects.create)(owner=alice, kind="images")
    body = {"text": "make it warmer"}
    response = await api.post(f"/api/chats/{chat.pk}/messages", body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "no_image")
    assert response.json()["message"] == "Add a photo first: drop one in, paste it, or pick a file."
    assert not await Message.objects.filter(chat=chat).aexists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("blank", ["", "  "])
async def test_it_takes_a_blank_chat_field_as_no_chat(alice, blank):
    api = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((120, 90)), content_type="image/jpeg")
    response = await api.post("/api/imagelab/jobs", {"instruction": "warmer", "chat": blank, "image": upload})
    assert response.status_code == 201, response.json()
    await wait_turns_idle(30)
    made = await db(Chat.objects.get)(pk=response.json()["chat"])
    assert (made.owner_id, made.kind) == (alice.pk, "images")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("chat_field", ["abc", "0", "-1", "1.5", "\u0661", str(10**30)])
async def test_it_refuses_a_chat_field_that_is_not_an_id_in_plain_words(alice, chat_field):
    api = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((64, 48)), content_type="image/jpeg")
    response = await api.post("/api/imagelab/jobs", {"instruction": "warmer", "chat": chat_field, "image": upload})
    assert (response.status_code, response.json()["code"]) == (400, "validation_error")
    assert response.json()["message"] == "chat must be the id of one of your image chats."
    assert not await Chat.objects.aexists() and not await Message.objects.aexists()


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_bob_a_blank_free_chat_id_of_alices(alice, bob):
    chat = await db(Chat.objects.create)(owner=alice, kind="images")
    response = await (await browser(bob)).post("/api/imagelab/jobs", {"instruction": "warmer", "chat": f" {chat.pk} "})
    assert (response.status_code, response.json()["code"]) == (404, "chat_not_found")


@pytest.mark.django_db(transaction=True)
async def test_it_takes_a_photo_with_an_invisible_instruction_as_a_photo_alone(alice):
    api = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((120, 90)), content_type="image/jpeg")
    response = await api.post("/api/imagelab/jobs", {"instruction": "\u200b\u200e", "image": upload})
    assert response.status_code == 201, response.json()
    await wait_turns_idle(30)
    from imagelab.starting import DEFAULT_INSTRUCTION

    asked = await db(Message.objects.get)(chat_id=response.json()["chat"], role="user")
    assert asked.content == DEFAULT_INSTRUCTION


async def browser(user) -> AsyncClient:
    """An async client logged in with the session (the API accepts it like a token)."""
    client = AsyncClient()
    await client.aforce_login(user)
    return client


@pytest.mark.django_db(transaction=True)
async def test_it_creates_a_job_that_runs_in_the_background_and_reports_it(alice, settings):
    settings.IMAGE_WORKING_SIDE = 256  # smaller than the photo: the download must still be full size
    api = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((600, 400)), content_type="image/jpeg")
    response = await api.post("/api/imagelab/jobs", {"instruction": "warmer, keep the framing", "image": upload})
    assert response.status_code == 201
    created = response.json()
    assert created["status"] == "planning" and created["chat"]
    await wait_turns_idle(30)

    job = (await api.get(f"/api/imagelab/jobs/{created['id']}")).json()
    assert job["status"] == "done" and job["planner_source"] == "rules" and job["diversity_axes"]
    stored = await db(ImageJob.objects.get)(pk=created["id"])
    [planned] = [s for s in stored.step_log if s["name"] == "plan_variations"]
    assert planned["model"] == "rules"  # what answered, not the configured OPENAI_MODEL
    assert len(job["variations"]) == 5 and job["result_variation"] is None
    v0 = job["variations"][0]
    assert v0["label"] and v0["strategy"] and v0["operations"][0]["op"] == "resize"
    assert all(s["status"] == "ok" and s["preview_url"] and s["ms"] is not None for s in v0["steps"])
    final = await api.get(v0["final_url"])
    assert final["content-type"] == "image/jpeg" and final["x-content-type-options"] == "nosniff"
    assert max(Image.open(io.BytesIO(final.content)).size) == 256

    for fmt, kind in (("jpeg", "JPEG"), ("png", "PNG")):
        got = await api.get(f"/api/imagelab/jobs/{job['id']}/download", {"variation": 0, "format": fmt})
        assert got.status_code == 200 and got["content-type"] == f"image/{fmt}"
        assert got["x-content-type-options"] == "nosniff"
        image = Image.open(io.BytesIO(got.content))
        assert (image.format, image.size) == (kind, (600, 400))
        image.load()  # decodes completely

    chosen = await api.post(f"/api/imagelab/jobs/{job['id']}/result", {"variation": 2}, content_type="application/json")
    assert chosen.status_code == 200 and chosen.json()["result_variation"] == 2
    second = await api.post("/api/imagelab/jobs", {"instruction": "now crop it square", "chat": created["chat"]})
    assert second.status_code == 201
    await wait_turns_idle(30)
    source = await db(lambda: ImageJob.objects.select_related("source").get(pk=second.json()["id"]).source)()
    assert (source.kind, source.job_id, source.variation) == ("variation", job["id"], 2)
    bad = await api.get(f"/api/imagelab/jobs/{job['id']}/download", {"variation": 0, "format": "gif"})
    assert bad.status_code == 400


@pytest.mark.django_db(transaction=True)
async def test_it_hides_a_job_and_its_images_from_other_users(alice, bob):
    alices = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((160, 120)), content_type="image/jpeg")
    job_id = (await alices.post("/api/imagelab/jobs", {"instruction": "cooler", "image": upload})).json()["id"]
    await wait_turns_idle(30)
    job = (await alices.get(f"/api/imagelab/jobs/{job_id}")).json()
    step_url, final_url = job["variations"][0]["steps"][0]["preview_url"], job["variations"][0]["final_url"]

    bobs_api = await browser(bob)
    for response in (
        await bobs_api.get(f"/api/imagelab/jobs/{job_id}"),
        await bobs_api.get(f"/api/imagelab/jobs/{job_id}/download", {"variation": 0}),
        await bobs_api.post(f"/api/imagelab/jobs/{job_id}/result", {"variation": 0}, content_type="application/json"),
    ):
        assert (response.status_code, response.json()["code"]) == (404, "not_found")
    bobs_browser = await browser(bob)
    for url in (step_url, final_url, f"/imagelab/jobs/{job_id}/source.jpg"):
        assert (await bobs_browser.get(url)).status_code == 404
    assert (await bobs_browser.post(f"/imagelab/jobs/{job_id}/result/", {"variation": 0})).status_code == 404
    assert await db(lambda: ImageJob.objects.get(pk=job_id).result_variation)() is None


@pytest.mark.django_db(transaction=True)
async def test_it_serves_the_jobs_image_urls_to_a_token_only_client_and_hides_them_from_bob(alice, bob):
    alices, bobs = await async_api_for(alice), await async_api_for(bob)  # bearer tokens, no session cookie
    upload = SimpleUploadedFile("p.jpg", photo((320, 240)), content_type="image/jpeg")
    created = await alices.post("/api/imagelab/jobs", {"instruction": "warmer", "image": upload})
    assert created.status_code == 201
    await wait_turns_idle(30)
    job = (await alices.get(f"/api/imagelab/jobs/{created.json()['id']}")).json()
    urls = [job["source_url"]] + [v["final_url"] for v in job["variations"]]
    urls += [s["preview_url"] for v in job["variations"] for s in v["steps"]]
    assert all(urls) and len(urls) > 6
    for url in urls:
        got = await alices.get(url)
        assert got.status_code == 200, url
        assert got["content-type"] == "image/jpeg" and got["x-content-type-options"] == "nosniff"
        Image.open(io.BytesIO(got.content)).load()
        refused = await bobs.get(url)
        assert (refused.status_code, refused.json()["code"]) == (404, "not_found"), url
    missing = job["variations"][0]["final_url"].replace("/variations/0/", "/variations/9/")
    assert (await alices.get(missing)).status_code == 404


@pytest.mark.django_db
def test_it_answers_401_to_an_upload_without_or_with_a_bad_token():
    from django.test import Client

    for client in (
        Client(enforce_csrf_checks=True),
        Client(enforce_csrf_checks=True, headers={"authorization": "Bearer mq_not-a-token"}),
    ):
        upload = SimpleUploadedFile("p.jpg", photo((64, 48)), content_type="image/jpeg")
        response = client.post("/api/imagelab/jobs", {"instruction": "warmer", "image": upload})
        assert (response.status_code, response.json()["code"]) == (401, "unauthorized")
    assert not ImageAsset.objects.exists()


@pytest.mark.django_db
def test_it_refuses_several_images_in_one_upload_and_stores_nothing(alice, image_root):
    # Two `image` parts: the last one was used without a word; which photo gets edited must never be a guess.
    images = [SimpleUploadedFile(n, photo((64, 48)), content_type="image/jpeg") for n in ("a.jpg", "b.jpg")]
    response = api_for(alice).post("/api/imagelab/jobs", {"instruction": "warmer", "image": images})
    assert (response.status_code, response.json()["code"]) == (400, "too_many_images")
    assert response.json()["message"].startswith("Send one photo at a time (this request has 2)")
    assert not Chat.objects.exists() and not Message.objects.exists() and not ImageAsset.objects.exists()
    assert not image_root.exists() or not any(p.is_file() for p in image_root.rglob("*"))


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_to_download_a_variation_that_has_no_finished_image(alice):
    api = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((160, 120)), content_type="image/jpeg")
    job_id = (await api.post("/api/imagelab/jobs", {"instruction": "warmer", "image": upload})).json()["id"]
    await wait_turns_idle(30)
    job = await db(ImageJob.objects.get)(pk=job_id)
    job.variations[1].pop("final")  # as a variation still running, or one a Stop or a failure left unfinished
    await db(job.save)(update_fields=["variations"])

    refused = await api.get(f"/api/imagelab/jobs/{job_id}/download", {"variation": 1})
    assert (refused.status_code, refused.json()["code"]) == (409, "variation_not_ready")
    assert refused.json()["message"] == "That variation has no finished image."
    assert (await api.get(f"/api/imagelab/jobs/{job_id}/download", {"variation": 0})).status_code == 200


@pytest.mark.django_db(transaction=True)
async def test_it_answers_404_to_a_download_whose_stored_original_has_gone(alice, image_root):
    # As the job's own images do: a file removed under the row (a chat deleted mid-download, a lost volume)
    # is a plain 404, not a FileNotFoundError (500).
    api = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((160, 120)), content_type="image/jpeg")
    job_id = (await api.post("/api/imagelab/jobs", {"instruction": "warmer", "image": upload})).json()["id"]
    await wait_turns_idle(30)
    job = await db(ImageJob.objects.select_related("source").get)(pk=job_id)
    (image_root / job.source.original_path).unlink()

    gone = await api.get(f"/api/imagelab/jobs/{job_id}/download", {"variation": 0})
    assert (gone.status_code, gone.json()["code"]) == (404, "not_found")
    assert gone.json()["message"] == "No such image."


@pytest.mark.django_db(transaction=True)
async def test_it_answers_404_to_use_this_when_the_variations_image_has_gone(alice, image_root):
    api = await browser(alice)
    upload = SimpleUploadedFile("p.jpg", photo((160, 120)), content_type="image/jpeg")
    job_id = (await api.post("/api/imagelab/jobs", {"instruction": "warmer", "image": upload})).json()["id"]
    await wait_turns_idle(30)
    job = await db(ImageJob.objects.get)(pk=job_id)
    (image_root / job.variations[0]["final"]).unlink()

    gone = await api.post(f"/api/imagelab/jobs/{job_id}/result", {"variation": 0}, content_type="application/json")
    assert (gone.status_code, gone.json()["code"]) == (404, "not_found")
    assert await db(lambda: ImageJob.objects.get(pk=job_id).result_variation)() is None
    assert not await db(ImageAsset.objects.filter(job_id=job_id).exists)()
