"""Writes for image chats and jobs (HackSoft style: <entity>_<action>(*, ...))."""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from PIL import Image

from chatapp import services as chat_services
from chatapp.errors import InvalidInput, MarqueeError, NotFound
from chatapp.models import Chat, Message
from chatapp.text import form_int
from imagelab import storage
from imagelab.core.codec import encode, preview
from imagelab.core.metadata import strip_jpeg
from imagelab.core.uploads import LoadedImage, UploadError, load_upload
from imagelab.models import ImageAsset, ImageChatState, ImageJob
from imagelab.selectors import (
    asset_get,
    chat_current,
    image_bytes,
    image_chat_get,
    job_get,
    job_variation_finished,
)


class UploadRefused(MarqueeError):
    """An upload refused by validation; carries the upload's own code and status."""

    def __init__(self, error: UploadError):
        super().__init__(error.message, code=error.code, status=error.status)


def upload_validate(*, data: bytes, filename: str = "") -> LoadedImage:
    """Decode and normalise an upload with the configured limits, or raise UploadRefused."""
    try:
        return load_upload(
            data, filename=filename, max_bytes=settings.IMAGE_MAX_UPLOAD_BYTES, max_pixels=settings.IMAGE_MAX_PIXELS
        )
    except UploadError as exc:
        raise UploadRefused(exc) from None


def upload_pick(*, uploads: list) -> object | None:
    """The one photo a request sent (None: none); several are refused, never one of them used silently."""
    if len(uploads) > 1:
        raise InvalidInput(
            f"Send one photo at a time (this request has {len(uploads)}); nothing was stored.", code="too_many_images"
        )
    return uploads[0] if uploads else None


def upload_read(*, upload) -> tuple[bytes, str]:
    """The bytes and name of an uploaded file, refusing an oversized one before reading it."""
    limit = settings.IMAGE_MAX_UPLOAD_BYTES
    if upload.size is not None and upload.size > limit:
        raise UploadRefused(
            UploadError("image_too_large", f"The file is larger than {limit // (1024 * 1024)} MB.", 413)
        )
    return upload.read(), upload.name or ""


def image_chat_create(*, user: AbstractBaseUser, title: str = "") -> Chat:
    """Start an empty image chat."""
    chat = chat_services.chat_create(user=user, kind=Chat.Kind.IMAGES, title=title)
    ImageChatState.objects.create(chat=chat)
    return chat


@dataclass
class StoredUpload:
    """Files of a validated upload, written before the turn's insert (so no encode holds a DB lock)."""

    loaded: LoadedImage
    path: str
    preview_path: str
    original_path: str
    filename: str

    @property
    def size(self) -> tuple[int, int]:
        return self.loaded.size


def upload_store(*, loaded: LoadedImage, data: bytes, filename: str = "") -> StoredUpload:
    """Write the raw file (private, for full-resolution re-renders), our JPEG and a preview."""
    folder = storage.new_folder("uploads")
    # Only ever decoded again by us (downloads); everything served is our own encode. Kept without
    # metadata (EXIF, XMP, GPS): a JPEG's segments are dropped around its untouched image data; any other
    # format is kept as the lossless PNG of the pixels a re-render decodes.
    try:
        original = strip_jpeg(data) if loaded.format == "JPEG" else None
    except ValueError:
        original = None
    return StoredUpload(
        loaded=loaded,
        original_path=storage.save(f"{folder}/original.bin", original or encode(loaded.image, "png")),
        path=storage.save(f"{folder}/image.jpg", encode(loaded.image, "jpeg", quality=92)),
        preview_path=storage.save(f"{folder}/preview.jpg", preview(loaded.image)),
        filename=(filename or "")[:200],
    )


def upload_discard(*, stored: StoredUpload | None) -> None:
    """Delete the files of an upload whose turn was refused."""
    if stored is not None:
        for rel in (stored.path, stored.preview_path, stored.original_path):
            storage.delete(rel)


def asset_create_upload(*, user: AbstractBaseUser, chat: Chat, stored: StoredUpload) -> ImageAsset:
    """The history row of a stored upload."""
    return ImageAsset.objects.create(
        owner=user,
        chat=chat,
        kind=ImageAsset.Kind.UPLOAD,
        path=stored.path,
        preview_path=stored.preview_path,
        original_path=stored.original_path,
        width=stored.size[0],
        height=stored.size[1],
        source_format=stored.loaded.format,
        filename=stored.filename,
    )


def chat_current_set(*, user: AbstractBaseUser, chat: Chat, asset: ImageAsset) -> ImageAsset:
    """Make an image of the chat its current image (what the next instruction edits)."""
    if asset.chat_id != chat.pk or asset.owner_id != user.pk:
        raise NotFound("That image does not exist.", code="not_found")
    ImageChatState.objects.update_or_create(chat=chat, defaults={"current": asset})
    Chat.objects.filter(pk=chat.pk).update(updated_at=timezone.now())
    return asset


def chat_current_choose(*, user: AbstractBaseUser, chat_id: int, asset_id: int) -> ImageAsset:
    """Pick any image of the history strip as the current image (a chosen variation is its job's result again)."""
    chat = image_chat_get(user=user, chat_id=chat_id)
    asset = asset_get(user=user, asset_id=asset_id)
    with transaction.atomic():
        chat_current_set(user=user, chat=chat, asset=asset)
        if asset.kind == ImageAsset.Kind.VARIATION and asset.job_id is not None:
            ImageJob.objects.filter(pk=asset.job_id).update(result_variation=asset.variation, updated_at=timezone.now())
    return asset


def turn_prepare_text(*, user: AbstractBaseUser, chat: Chat, user_message: Message, assistant: Message) -> None:
    """Inside a text send's insert: refuse it (`no_image`, nothing stored) while the chat has no photo."""
    turn_prepare(user=user, chat=chat, user_message=user_message, assistant=assistant, upload=None, with_job=False)


def turn_prepare(
    *,
    user: AbstractBaseUser,
    chat: Chat,
    user_message: Message,
    assistant: Message,
    upload: StoredUpload | None,
    with_job: bool,
) -> ImageJob | None:
    """Inside the turn's insert: store the upload's row, make it current, and create the job if asked."""
    source = None
    if upload is not None:
        source = upload = asset_create_upload(user=user, chat=chat, stored=upload)
        chat_current_set(user=user, chat=chat, asset=upload)
        user_message.payload = {
            "attachment": {
                "asset_id": upload.pk,
                "width": upload.width,
                "height": upload.height,
                "filename": upload.filename,
            }
        }
        user_message.save(update_fields=["payload"])
    else:
        source = chat_current(chat=chat)
    if source is None:
        raise InvalidInput("Add a photo first: drop one in, paste it, or pick a file.", code="no_image")
    if not with_job:
        return None
    return job_create(user=user, chat=chat, message=assistant, source=source, instruction=user_message.content)


def job_create(
    *, user: AbstractBaseUser, chat: Chat, message: Message, source: ImageAsset, instruction: str
) -> ImageJob:
    """The job of one edit turn, tied to its assistant message."""
    return ImageJob.objects.create(
        owner=user,
        chat=chat,
        message=message,
        version=message.version,
        source=source,
        instruction=instruction,
        source_width=source.width,
        source_height=source.height,
    )


def job_prepare_rerun(*, user_message: Message | None, assistant: Message) -> ImageJob | None:
    """A re-run instruction (Regenerate, or edited) plans a new five on the image its earlier version edited."""
    earlier = ImageJob.objects.filter(message=assistant).exclude(version=assistant.version).order_by("-version").first()
    if earlier is None:  # the earlier version was an answer, not an edit: the turn reads the current image
        return None
    instruction = user_message.content if user_message is not None else earlier.instruction
    return job_create(
        user=earlier.owner, chat=assistant.chat, message=assistant, source=earlier.source, instruction=instruction
    )


def job_create_for_message(*, message_id: int, source: ImageAsset, instruction: str) -> ImageJob:
    """The job of a chat turn whose planner chose to edit, owned by the chat's owner."""
    message = Message.objects.select_related("chat").get(pk=message_id)
    return job_create(
        user=message.chat.owner, chat=message.chat, message=message, source=source, instruction=instruction
    )


def job_save_progress(*, job_id: int, **fields) -> bool:
    """Persist what a running job has produced so far (so a reload shows it); False when the job is gone."""
    fields["updated_at"] = timezone.now()
    return ImageJob.objects.filter(pk=job_id).update(**fields) > 0


def job_close_unfinished(*, job_id: int, status: str, error: str) -> None:
    """End a job stopped or failed before it ended itself (one already ended is left as it is)."""
    ImageJob.objects.filter(pk=job_id, status__in=[ImageJob.Status.PLANNING, ImageJob.Status.RUNNING]).update(
        status=status, error=error, updated_at=timezone.now()
    )


def job_close_for_message(*, message_id: int, status: str, error: str = "") -> None:
    """The chat core closed this job's turn (Stop after a crash, or no heartbeat): end the job likewise."""
    job_status = {"stopped": ImageJob.Status.STOPPED, "interrupted": ImageJob.Status.INTERRUPTED}.get(
        status, ImageJob.Status.FAILED
    )
    ImageJob.objects.filter(
        message_id=message_id, status__in=[ImageJob.Status.PLANNING, ImageJob.Status.RUNNING]
    ).update(status=job_status, error=error, updated_at=timezone.now())


def job_choose_result(*, user: AbstractBaseUser, job_id: int, variation: object) -> ImageAsset:
    """ "Use this": the variation becomes a history image and the chat's current image."""
    job = job_get(user=user, job_id=job_id)
    # ASCII digits from a form (int() read "١" as variation 1, never the one clicked) or a JSON int.
    vi = form_int(variation) if isinstance(variation, str) else variation
    if not isinstance(vi, int) or isinstance(vi, bool):
        raise InvalidInput("Choose a variation by its number.", code="invalid_variation")
    entry = job_variation_finished(job=job, variation=vi)
    asset = ImageAsset.objects.filter(job=job, variation=vi).first()
    if asset is None:  # files first, outside any transaction; a concurrent "Use this" may win the insert
        image = Image.open(io.BytesIO(image_bytes(path=entry["final"])), formats=["JPEG"])  # our own final JPEG
        small = storage.save(f"{storage.new_folder('chosen')}/preview.jpg", preview(image.convert("RGB")))
        try:
            with transaction.atomic():
                asset = ImageAsset.objects.create(
                    owner=user,
                    chat=job.chat,
                    kind=ImageAsset.Kind.VARIATION,
                    path=entry["final"],
                    preview_path=small,
                    width=image.width,
                    height=image.height,
                    job=job,
                    variation=vi,
                )
        except IntegrityError:  # one asset per (job, variation): use the one the other request made
            storage.delete(small)
            asset = ImageAsset.objects.get(job=job, variation=vi)
    with transaction.atomic():
        job.result_variation = vi
        job.save(update_fields=["result_variation", "updated_at"])
        chat_current_set(user=user, chat=job.chat, asset=asset)
    return asset
