"""A sloppy or hostile client against the image lab: disguised, empty, cut and bomb uploads, odd names,
odd variation and asset numbers, bob on alice's jobs, markup in instructions, and junk socket frames."""

import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import AsyncClient, Client
from PIL import Image

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from imagelab import services
from imagelab.models import ImageAsset, ImageJob
from tests.support.api import api_for, async_api_for
from tests.support.images import (
    job_of,
    jpeg_cut_short,
    jpeg_scan_bomb,
    jpeg_taller_than_its_data,
    photo,
    png_taller_than_its_data,
    run_turn,
)
from tests.support.ws import communicator, wait_turns_idle

db = database_sync_to_async
HUGE = 10**30


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _png_bomb(width: int = 60_000, height: int = 60_000) -> bytes:
    """A tiny PNG whose header claims billions of pixels."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 1024, 9)
    return b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", idat) + _png_chunk(b"IEND", b"")


def _png_text_bomb() -> bytes:
    """A small valid PNG carrying a zTXt chunk that inflates to 64 MB."""
    body = photo((32, 32), "PNG")
    ztxt = b"Comment\0\0" + zlib.compress(b"A" * (64 * 1024 * 1024), 9)
    end = body.rindex(b"IEND") - 4
    return body[:end] + _png_chunk(b"zTXt", ztxt) + body[end:]


def _gif_bomb() -> bytes:
    """A GIF whose logical screen claims 65535 x 65535 pixels around a 1x1 frame."""
    buf = io.BytesIO()
    Image.new("P", (1, 1)).save(buf, "GIF")
    data = bytearray(buf.getvalue())
    data[6:10] = struct.pack("<HH", 65535, 65535)
    return bytes(data)


def _gif_comments(count: int) -> bytes:
    """A real small GIF with `count` empty comments before its picture (after the global colour table)."""
    data = photo((32, 24), "GIF")
    start = 13 + (3 * 2 ** ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    return data[:start] + b"\x21\xfe\x00" * count + data[start:]


def _bad_icc_jpeg() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (200, 10, 10)).save(buf, "JPEG", icc_profile=b"\x00" * 200)
    return buf.getvalue()


def _cmyk_jpeg() -> bytes:
    buf = io.BytesIO()
    Image.new("CMYK", (16, 16), (0, 100, 200, 0)).save(buf, "JPEG")
    return buf.getvalue()


REFUSED = {
    "zero_bytes": (b"", "empty.jpg", 400, "not_an_image"),
    "html_as_jpeg": (b"<html><script>alert(1)</script></html>", "x.jpg", 400, "not_an_image"),
    "svg": (b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "x.svg", 415, "unsupported_format"),
    "svg_as_jpeg": (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', "x.jpg", 415, None),
    "jpeg_magic_only": (b"\xff\xd8\xff\xe0" + b"\0" * 64, "x.jpg", 400, None),
    "png_header_only": (photo((64, 64), "PNG")[:40], "x.png", 400, None),
    "png_bomb": (_png_bomb(), "bomb.png", 413, "too_many_pixels"),
    "gif_screen_bomb": (_gif_bomb(), "bomb.gif", 413, "too_many_pixels"),
    "png_text_bomb": (_png_text_bomb(), "text.png", 400, "corrupt_image"),
    "zip_as_png": (b"PK\x03\x04" + b"\0" * 100, "x.png", 400, "not_an_image"),
    "pdf": (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "x.jpg", 400, "not_an_image"),
    "jpeg_scan_bomb": (jpeg_scan_bomb(5000), "scans.jpg", 400, "corrupt_image"),
    "gif_comment_bomb": (_gif_comments(100_000), "comments.gif", 400, "corrupt_image"),
    "jpeg_cut_short": (jpeg_cut_short(photo((160, 120))), "cut.jpg", 400, "corrupt_image"),
    "jpeg_taller_than_its_data": (jpeg_taller_than_its_data(photo((160, 120))), "tall.jpg", 400, "corrupt_image"),
    "png_taller_than_its_data": (png_taller_than_its_data(photo((160, 120), "PNG")), "tall.png", 400, "corrupt_image"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(REFUSED))
def test_it_refuses_a_disguised_empty_cut_or_bomb_upload_in_words_and_stores_nothing(alice, image_root, case):
    data, name, status, code = REFUSED[case]
    answered = api_for(alice).post(
        "/api/imagelab/jobs",
        {"instruction": "warmer", "image": SimpleUploadedFile(name, data, content_type="image/jpeg")},
    )
    assert answered.status_code in ((status,) if code else (400, 415)), answered.content
    assert answered.json()["message"] and (code is None or answered.json()["code"] == code)
    assert not Chat.objects.exists() and not Message.objects.exists() and not ImageAsset.objects.exists()
    assert not any(p.is_file() for p in image_root.rglob("*")) if image_root.exists() else True


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("data", [_bad_icc_jpeg(), _cmyk_jpeg(), photo((40, 30), "PNG", mode="RGBA")])
async def test_it_takes_an_odd_but_real_photo(alice, data):
    api = await async_api_for(alice)
    answered = await api.post("/api/imagelab/jobs", {"instruction": "warmer", "image": SimpleUploadedFile("odd", data)})
    assert answered.status_code == 201, answered.content
    await wait_turns_idle(30)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "name", ["../../../etc/passwd.jpg", "..\\..\\boot.ini.jpg", "a\x00b.jpg", "\u202egpj.exe", "x" * 500 + ".jpg"]
)
async def test_it_never_uses_an_uploads_name_as_a_path(alice, image_root, name):
    api = await async_api_for(alice)
    answered = await api.post(
        "/api/imagelab/jobs", {"instruction": "warmer", "image": SimpleUploadedFile(name, photo((64, 48)))}
    )
    assert answered.status_code in (201, 400), answered.content
    await wait_turns_idle(30)
    for path in image_root.rglob("*"):
        assert path.resolve().is_relative_to(image_root.resolve())
        assert "passwd" not in path.name and "boot" not in path.name and "\u202e" not in path.name


@pytest.mark.django_db
def test_it_escapes_markup_in_an_instruction_on_the_chat_page(alice):
    chat = services.image_chat_create(user=alice)
    Message.objects.create(chat=chat, role="user", turn_key="t1", content='<img src=x onerror="alert(1)">')
    client = Client()
    client.force_login(alice)
    page = client.get(f"/chats/{chat.pk}/").content.decode()
    assert '<img src=x onerror="alert(1)">' not in page


@pytest.mark.django_db(transaction=True)
async def test_it_answers_odd_variation_and_asset_numbers_in_words_and_changes_nothing(alice, bob):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((320, 240))))
    client = AsyncClient()
    await client.aforce_login(alice)
    for variation in ["", "abc", "-1", str(HUGE), "\u0661", "1.0", "99"]:
        answered = await client.post(f"/imagelab/jobs/{job.pk}/result/", {"variation": variation})
        assert answered.status_code in (400, 404), (variation, answered.status_code)
    for asset in ["", "abc", str(HUGE), "-1", "\u0661"]:
        answered = await client.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": asset})
        assert answered.status_code in (400, 404), (asset, answered.status_code)
    assert (await db(ImageJob.objects.get)(pk=job.pk)).result_variation is None
    assert not await ImageAsset.objects.filter(job=job).aexists()
    api = await async_api_for(alice)
    for query in [
        {"variation": "-1"},
        {"variation": str(HUGE)},
        {"variation": "1", "format": "gif"},
        {"variation": "1", "format": "../x"},
        {"variation": "\u0661"},
        {},
    ]:
        answered = await api.get(f"/api/imagelab/jobs/{job.pk}/download", query)
        assert answered.status_code in (400, 404), (query, answered.status_code)
        assert answered.json()["code"] in ("validation_error", "not_found")
    for body in [{"variation": True}, {"variation": -1}, {"variation": HUGE}, {"variation": "1"}, {}]:
        answered = await api.post(f"/api/imagelab/jobs/{job.pk}/result", body, content_type="application/json")
        assert answered.status_code in (400, 404), (body, answered.status_code)


@pytest.mark.django_db(transaction=True)
async def test_bob_gets_404_on_every_route_of_alices_image_job(alice, bob):
    chat = await db(services.image_chat_create)(user=alice)
    job = await db(job_of)(await run_turn(alice, chat, "warmer", photo((320, 240))))
    asset = await db(services.job_choose_result)(user=alice, job_id=job.pk, variation=0)
    api = await async_api_for(bob)
    base = f"/api/imagelab/jobs/{job.pk}"
    answers = [
        await api.get(base),
        await api.get(f"{base}/source.jpg"),
        await api.get(f"{base}/variations/0/final.jpg"),
        await api.get(f"{base}/variations/0/steps/0.jpg"),
        await api.get(f"{base}/download", {"variation": 0}),
        await api.post(f"{base}/result", {"variation": 1}, content_type="application/json"),
        await api.post("/api/imagelab/jobs", {"instruction": "mine", "chat": str(chat.pk)}),  # her chat as the target
    ]
    assert [a.status_code for a in answers] == [404] * len(answers)
    page = AsyncClient()
    await page.aforce_login(bob)
    pages = [
        await page.get(f"/imagelab/jobs/{job.pk}/source.jpg"),
        await page.get(f"/imagelab/assets/{asset.pk}.jpg"),
        await page.post(f"/imagelab/jobs/{job.pk}/result/", {"variation": "1"}),
        await page.post(f"/imagelab/chats/{chat.pk}/current/", {"asset": str(asset.pk)}),
        await page.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "mine"}),
    ]
    assert [p.status_code for p in pages] == [404] * len(pages)
    assert await Message.objects.filter(chat=chat).acount() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "frame",
    [
        b"\x89PNG\r\n\x1a\n",
        "not json",
        '{"action": "send", "text": {"image": "data:image/png;base64,AAAA"}}',
        '{"action": "approve", "message": 1, "rows": [0]}',
        '{"action": "version", "message": 1000000000000000000000000000000, "index": 1}',
        '{"action": ["stop"]}',
    ],
)
async def test_the_image_chat_socket_answers_junk_in_words_and_stays_open(alice, frame):
    chat = await db(services.image_chat_create)(user=alice)
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from(timeout=5))["type"] == "sync"
    if isinstance(frame, bytes):
        await comm.send_to(bytes_data=frame)
    else:
        await comm.send_to(text_data=frame)
    answer = await comm.receive_json_from(timeout=5)
    assert answer["type"] == "turn.refused" and answer["code"] != "server_error", answer
    await comm.send_json_to({"action": "nope"})
    assert (await comm.receive_json_from(timeout=5))["code"] == "unknown_action"
    assert not await Message.objects.filter(chat=chat).aexists()
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
# a blank field is no chat, as absent (tests/imagelab/test_api.py::test_it_takes_a_blank_chat_field_as_no_chat)
@pytest.mark.parametrize("chat_field", ["movie", "0", "-1", str(HUGE), "\u0661", "abc", "1.5", "+1"])
async def test_it_refuses_an_image_job_for_a_chat_that_is_not_an_image_chat_of_yours(alice, chat_field):
    movie_chat = await db(Chat.objects.create)(owner=alice, title="films")
    api = await async_api_for(alice)
    target = str(movie_chat.pk) if chat_field == "movie" else chat_field
    answered = await api.post(
        "/api/imagelab/jobs",
        {"instruction": "warmer", "chat": target, "image": SimpleUploadedFile("a.jpg", photo((64, 48)))},
    )
    assert answered.status_code in (400, 404), answered.content
    assert answered.json()["code"] in ("chat_not_found", "validation_error")
    assert not await Message.objects.filter(chat=movie_chat).aexists()
    assert await Chat.objects.acount() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/ws/api/chats/{id}/", "/ws/chats/{id}/"])
async def test_it_answers_an_instruction_sent_to_an_image_chat_without_a_photo_in_words(alice, path):
    chat = await db(services.image_chat_create)(user=alice)
    comm = await communicator(alice, path.format(id=chat.pk))
    assert (await comm.connect())[0]
    await comm.receive_from(timeout=5)
    await comm.send_json_to({"action": "send", "text": "make it warmer"})
    frames = []
    # Answered (a status line, the turn's end) or refused: as JSON, or as the page's composer error.
    while not any(m in f for f in frames for m in ("status-", '"turn.ended"', "turn.refused", "Add a photo first")):
        frames.append(await comm.receive_from(timeout=20))
    await wait_turns_idle(30)
    joined = " ".join(frames)
    assert "server_error" not in joined and "Something went wrong" not in joined
    await comm.send_json_to({"action": "nope"})
    while "nknown action" not in await comm.receive_from(timeout=5):
        pass
    await comm.disconnect()
    statuses = [m.status async for m in Message.objects.filter(chat=chat, role="assistant")]
    assert statuses in ([], ["failed"], ["complete"]), statuses


@pytest.mark.django_db(transaction=True)
async def test_it_stores_nothing_of_an_upload_refused_by_the_rate_limit(alice, settings, image_root, one_minute):
    settings.TURNS_PER_MINUTE = 1
    chat = await db(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer", photo((160, 120)))
    files = sorted(p for p in image_root.rglob("*") if p.is_file())
    messages, assets = await Message.objects.acount(), await ImageAsset.objects.acount()
    page = AsyncClient()
    await page.aforce_login(alice)
    upload = SimpleUploadedFile("b.jpg", photo((170, 120)), content_type="image/jpeg")
    refused = await page.post(f"/imagelab/chats/{chat.pk}/turn/", {"text": "cooler", "image": upload})
    assert refused.status_code == 429 and refused["X-Error-Code"] == "rate_limited"
    api = await async_api_for(alice)
    upload = SimpleUploadedFile("c.jpg", photo((180, 120)), content_type="image/jpeg")
    refused = await api.post("/api/imagelab/jobs", {"instruction": "cooler", "chat": str(chat.pk), "image": upload})
    assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
    upload = SimpleUploadedFile("d.jpg", photo((190, 120)), content_type="image/jpeg")
    refused = await api.post("/api/imagelab/jobs", {"instruction": "in a new chat", "image": upload})
    assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
    assert await Chat.objects.acount() == 1  # the chat made for that request went with it
    await wait_turns_idle(10)
    assert sorted(p for p in image_root.rglob("*") if p.is_file()) == files
    assert (await Message.objects.acount(), await ImageAsset.objects.acount()) == (messages, assets)
