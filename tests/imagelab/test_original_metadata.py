"""Stored originals carry no metadata (EXIF, XMP, GPS, comments) and decode to exactly the same pixels."""

import io

import numpy as np
import pytest
from PIL import Image, ImageCms

from chatapp.db import database_sync_to_async
from imagelab import services, storage
from imagelab.core.metadata import strip_jpeg
from imagelab.core.uploads import load_upload
from imagelab.models import ImageAsset
from tests.support.images import job_of, photo, run_turn

GPS_IFD = 0x8825
XMP = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="48,51.5N"/></x:xmpmeta>'


def phone_jpeg(*, orientation: int = 6, progressive: bool = False) -> bytes:
    """A JPEG as a phone writes it: EXIF with GPS, XMP, an sRGB ICC profile, a comment, and an appended trailer."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x010F] = "PhoneMaker"
    exif.get_ifd(GPS_IFD).update({1: "N", 2: (48.0, 51.0, 30.0), 3: "E", 4: (2.0, 17.0, 40.0)})
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    buf = io.BytesIO()
    Image.open(io.BytesIO(photo((96, 64)))).save(
        buf, "JPEG", quality=90, exif=exif, xmp=XMP, icc_profile=icc, comment=b"secret", progressive=progressive
    )
    return buf.getvalue() + b"TRAILER-with-GPS-48.86N"


def pixels(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


@pytest.mark.parametrize("progressive", [False, True])
def test_it_strips_exif_xmp_gps_and_comments_without_touching_pixels(progressive):
    original = phone_jpeg(progressive=progressive)
    assert Image.open(io.BytesIO(original)).getexif().get_ifd(GPS_IFD)  # the fixture really carries GPS
    stripped = strip_jpeg(original)
    image = Image.open(io.BytesIO(stripped))
    exif = image.getexif()
    assert dict(exif) == {0x0112: 6} and not exif.get_ifd(GPS_IFD)
    assert "xmp" not in image.info and "comment" not in image.info
    assert b"PhoneMaker" not in stripped and b"adobe:ns:meta" not in stripped and b"TRAILER" not in stripped
    assert image.info.get("icc_profile") == Image.open(io.BytesIO(original)).info["icc_profile"]
    assert np.array_equal(pixels(stripped), pixels(original))
    # The re-render's decode (orientation applied) sees the same upright picture.
    assert np.array_equal(
        np.asarray(load_upload(stripped).image), np.asarray(load_upload(original.split(b"TRAILER")[0]).image)
    )


def test_it_keeps_an_upright_jpeg_without_any_exif():
    stripped = strip_jpeg(phone_jpeg(orientation=1))
    assert dict(Image.open(io.BytesIO(stripped)).getexif()) == {}


@pytest.mark.django_db(transaction=True)
async def test_it_stores_the_original_upload_without_metadata(alice, tmp_path, settings):
    settings.IMAGE_ROOT = tmp_path
    chat = await database_sync_to_async(services.image_chat_create)(user=alice)
    original = phone_jpeg()
    await run_turn(alice, chat, "warmer", original)
    asset = await ImageAsset.objects.aget(chat=chat, kind="upload")
    stored = storage.read(asset.original_path)
    assert b"PhoneMaker" not in stored and b"adobe:ns:meta" not in stored and b"secret" not in stored
    assert not Image.open(io.BytesIO(stored)).getexif().get_ifd(GPS_IFD)
    assert np.array_equal(pixels(stored), pixels(original))


@pytest.mark.django_db(transaction=True)
async def test_it_stores_a_png_original_as_its_decoded_pixels_without_text_chunks(alice, tmp_path, settings):
    settings.IMAGE_ROOT = tmp_path
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("GPS", "48.86N 2.29E")
    buf = io.BytesIO()
    Image.open(io.BytesIO(photo((80, 60)))).save(buf, "PNG", pnginfo=info)
    chat = await database_sync_to_async(services.image_chat_create)(user=alice)
    await run_turn(alice, chat, "warmer", buf.getvalue(), filename="p.png")
    asset = await ImageAsset.objects.aget(chat=chat, kind="upload")
    stored = storage.read(asset.original_path)
    assert b"48.86N" not in stored
    assert np.array_equal(np.asarray(load_upload(stored).image), np.asarray(load_upload(buf.getvalue()).image))


@pytest.mark.django_db(transaction=True)
async def test_it_edits_a_multi_picture_jpeg_and_keeps_only_its_first_picture(alice, tmp_path, settings):
    settings.IMAGE_ROOT = tmp_path
    first = Image.open(io.BytesIO(photo((96, 64))))
    buf = io.BytesIO()
    first.save(buf, "MPO", save_all=True, append_images=[Image.new("RGB", (96, 64), (0, 0, 255))], quality=95)
    chat = await database_sync_to_async(services.image_chat_create)(user=alice)
    job = await database_sync_to_async(job_of)(
        await run_turn(alice, chat, "warmer", buf.getvalue(), filename="IMG.JPG")
    )
    assert job.status == "done"
    asset = await ImageAsset.objects.aget(chat=chat, kind="upload")
    stored = storage.read(asset.original_path)
    assert Image.open(io.BytesIO(stored)).format == "JPEG"  # the depth or second picture is not kept
    assert np.array_equal(pixels(stored), pixels(buf.getvalue()))
