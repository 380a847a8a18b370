"""Reads for image chats and jobs; every read is scoped to its owner (others get NotFound)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F

from chatapp.converters import DB_INT_MAX
from chatapp.errors import MarqueeError, NotFound
from chatapp.models import Chat, Message
from chatapp.text import form_int
from imagelab import storage
from imagelab.models import ImageAsset, ImageChatState, ImageJob


def job_get(*, user: AbstractBaseUser, job_id: int) -> ImageJob:
    """One of the user's jobs; another user's job does not exist for them."""
    try:
        return ImageJob.objects.select_related("source", "chat").get(pk=job_id, owner=user)
    except (ImageJob.DoesNotExist, ValueError, TypeError):
        raise NotFound("That job does not exist.", code="not_found") from None


def job_variation_finished(*, job: ImageJob, variation: int) -> dict:
    """A variation's entry once its final image is stored: NotFound when the job has no such variation,
    409 `variation_not_ready` while it is still running or when a Stop or a failure left it unfinished."""
    if not 0 <= variation < len(job.plans or []):
        raise NotFound("That variation does not exist.", code="not_found")
    entry = next((v for v in job.variations or [] if v.get("index") == variation), None)
    if entry is None or not entry.get("final"):
        raise MarqueeError("That variation has no finished image.", code="variation_not_ready", status=409)
    return entry


def job_image_path(*, job: ImageJob, variation: int | None = None, step: int | None = None) -> str:
    """The stored file of one of a job's images: the source preview (no variation), a step's preview,
    or a variation's final image (no step). NotFound until it has been stored."""
    if variation is None:
        path = job.source.preview_path
    else:
        entry = next((v for v in job.variations or [] if v.get("index") == variation), None)
        if entry is None:
            raise NotFound("No such variation.", code="not_found")
        if step is None:
            path = entry.get("final")
        else:
            steps = entry.get("steps", [])
            path = steps[step].get("preview") if 0 <= step < len(steps) else None
    if not path or not storage.exists(path):
        raise NotFound("No such image.", code="not_found")
    return path


def image_bytes(*, path: str) -> bytes:
    """A stored image's bytes (NotFound when the file has gone)."""
    try:
        return storage.read(path)
    except FileNotFoundError:
        raise NotFound("No such image.", code="not_found") from None


def asset_get(*, user: AbstractBaseUser, asset_id: int) -> ImageAsset:
    """One of the user's stored images (an id a form sent as text: ASCII digits only, else none)."""
    # "١" was read as asset 1 and a 30-digit id overflowed the database's integer (a 500).
    number = form_int(asset_id) if isinstance(asset_id, str) else asset_id
    if not isinstance(number, int) or isinstance(number, bool) or not 0 < number <= DB_INT_MAX:
        raise NotFound("That image does not exist.", code="not_found")
    try:
        return ImageAsset.objects.get(pk=number, owner=user)
    except ImageAsset.DoesNotExist:
        raise NotFound("That image does not exist.", code="not_found") from None


def image_chat_get(*, user: AbstractBaseUser, chat_id: int) -> Chat:
    """One of the user's image chats."""
    try:
        return Chat.objects.get(pk=chat_id, owner=user, kind=Chat.Kind.IMAGES)
    except (Chat.DoesNotExist, ValueError, TypeError):
        raise NotFound("That image chat does not exist.", code="chat_not_found") from None


def chat_current(*, chat: Chat) -> ImageAsset | None:
    """The image the chat's next instruction applies to."""
    state = ImageChatState.objects.select_related("current").filter(chat=chat).first()
    return state.current if state else None


def chat_current_by_id(*, chat_id: int) -> ImageAsset | None:
    """The current image of a chat known by its id (the chat must exist)."""
    return chat_current(chat=Chat.objects.get(pk=chat_id))


def message_texts_recent(*, chat_id: int, exclude_turn_key: str, limit: int = 4) -> list[str]:
    """The texts of the chat's latest `limit` user messages outside one turn, oldest first."""
    newest = (
        Message.objects.filter(chat_id=chat_id, role=Message.Role.USER, branch="")
        .exclude(turn_key=exclude_turn_key)
        .order_by("-created_at", "-id")
        .values_list("content", flat=True)[:limit]
    )
    return list(newest)[::-1]


def chat_assets(*, chat: Chat) -> list[ImageAsset]:
    """The history strip, oldest first: every upload, and one image per edit turn (its chosen variation).

    Choosing another variation of the same turn replaces that turn's entry in place. The other chosen
    variations stay stored (a later turn may have started from one, and its downloads re-render through it).
    """
    # Only the turn's choice is needed, not the job row (whose plans and logs are large JSON).
    assets = list(
        ImageAsset.objects.filter(chat=chat)
        .annotate(job_choice=F("job__result_variation"))
        .order_by("created_at", "id")
    )
    by_job: dict[int, ImageAsset] = {}
    for asset in assets:  # per turn: the variation it has chosen, else the latest one chosen
        held = by_job.get(asset.job_id)
        if asset.job_id is not None and (held is None or held.variation != asset.job_choice):
            by_job[asset.job_id] = asset
    strip, placed = [], set()
    for asset in assets:
        if asset.job_id is None:
            strip.append(asset)
        elif asset.job_id not in placed:  # where the turn's first choice was
            placed.add(asset.job_id)
            strip.append(by_job[asset.job_id])
    return strip


def jobs_by_message(*, message_ids: list[int]) -> dict[int, ImageJob]:
    """Jobs keyed by their assistant message id (one query for a whole page)."""
    jobs = ImageJob.objects.select_related("source").filter(message_id__in=message_ids, version=F("message__version"))
    return {j.message_id: j for j in jobs}


def job_get_for_message(*, message_id: int) -> ImageJob | None:
    """The job of an assistant message's shown version, with its source image (None: it has no job)."""
    jobs = ImageJob.objects.select_related("source").filter(message_id=message_id, version=F("message__version"))
    return jobs.first()


def job_chain(*, job: ImageJob, variation: int) -> tuple[ImageAsset, list[list[dict]], dict]:
    """(root upload, plans from the original to this variation, AI images keyed (plan index, step))."""
    links: list[tuple[ImageJob, int]] = [(job, variation)]
    source = job.source
    while source.kind == ImageAsset.Kind.VARIATION and source.job_id is not None:
        parent = ImageJob.objects.select_related("source").get(pk=source.job_id)
        links.append((parent, source.variation))
        source = parent.source
    links.reverse()
    plans, ai = [], {}
    for pi, (j, vi) in enumerate(links):
        plans.append(j.plans[vi]["operations"])
        for key, path in (j.ai_images or {}).items():
            v, s = (int(x) for x in key.split(":"))
            if v == vi:
                ai[(pi, s)] = path
    return source, plans, ai


def asset_folders(*, asset: ImageAsset) -> set[str]:
    """The storage folders an image owns: an upload's (its file, preview and original), a chosen
    variation's preview (its full image is the job's final, owned by the job)."""
    paths = [asset.preview_path] if asset.kind == ImageAsset.Kind.VARIATION else [asset.path, asset.preview_path]
    if asset.kind != ImageAsset.Kind.VARIATION:
        paths.append(asset.original_path)
    return {storage.folder_of(p) for p in paths if p}


def job_folders(*, job: ImageJob) -> set[str]:
    """The storage folder(s) of a job's files: step previews, finals and AI step results."""
    paths = list((job.ai_images or {}).values())
    for entry in job.variations or []:
        paths.append(entry.get("final"))
        paths.extend(step.get("preview") for step in entry.get("steps", []))
    return {storage.folder_of(p) for p in paths if p}


def referenced_folders() -> set[str]:
    """Every storage folder some image or job row still owns (what imagelab_gc keeps)."""
    folders: set[str] = set()
    for asset in ImageAsset.objects.only("kind", "path", "preview_path", "original_path").iterator():
        folders |= asset_folders(asset=asset)
    for job in ImageJob.objects.only("variations", "ai_images").iterator():
        folders |= job_folders(job=job)
    return folders


def chosen_plan(*, chat_id: int, current: ImageAsset | None, variation: int | None = None) -> dict | None:
    """The plan "push it further" iterates on: {label, operations, applied}, or None when it cannot be known.

    Unnamed, it is the current image's own plan (a chosen variation: applied). A variation named (counted from 1)
    is the latest edit's: applied when it is the current image, not applied when the current image is that
    edit's source (it was never chosen); any other current image is neither, so nothing is known.
    """
    if variation is None:
        if current is None or current.kind != ImageAsset.Kind.VARIATION or current.job_id is None:
            return None
        job, index, applied = current.job, current.variation, True
    else:
        latest = ImageJob.objects.filter(chat_id=chat_id).exclude(status=ImageJob.Status.PLANNING)  # not this turn's
        job, index = latest.first(), variation - 1
        if job is None or current is None:
            return None
        applied = current.job_id == job.pk and current.variation == index
        if not applied and current.pk != job.source_id:
            return None
    if not 0 <= index < len(job.plans or []):
        return None
    plan = job.plans[index]
    return {"label": plan.get("label", ""), "operations": plan.get("operations", []), "applied": applied}


def quality_subject(*, chat_id: int, variation: int | None = None) -> dict:
    """What a quality question measures and against what: {path, label, reference_path, reference_label, note}.

    A numbered variation (counted from 1) of the chat's latest edit is compared with that edit's source;
    otherwise the current image is compared with the upload it was made from (none when it is that upload).
    """
    note = ""
    if variation is not None:
        job = ImageJob.objects.select_related("source").filter(chat_id=chat_id).first()  # the latest edit
        entry = next((v for v in (job.variations if job else []) if v.get("index") == variation - 1), None)
        if job is not None and entry and entry.get("final"):
            return {
                "path": entry["final"],
                "label": f"variation {variation}",
                "reference_path": job.source.path,
                "reference_label": "its source image",
                "note": "",
            }
        note = f"The latest edit has no finished variation {variation}, so I measured the current image."
    current = chat_current_by_id(chat_id=chat_id)
    root = current
    if current is not None and current.kind == ImageAsset.Kind.VARIATION and current.job_id is not None:
        root, _plans, _ai = job_chain(job=current.job, variation=current.variation)
    same = root is None or current is None or root.pk == current.pk
    return {
        "path": current.path if current else None,
        "label": "the current image" if not same else "the photo",
        "reference_path": None if same else root.path,
        "reference_label": "the original upload",
        "note": note,
    }
