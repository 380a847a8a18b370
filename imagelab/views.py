"""Image-chat pages: the chat page, a turn (multipart POST), "Use this", history choice, and image files."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST, require_safe

from chatapp.errors import MarqueeError, NotFound
from chatapp.refusals import refused
from chatapp.render import composer_error_html
from imagelab import render as image_render
from imagelab import selectors, services, starting

JPEG = "image/jpeg"


def chat_page(request, chat, history, busy: bool):
    """The image chat page (called by chatapp.views.chat_detail for chats of kind images)."""
    jobs = selectors.jobs_by_message(message_ids=[m.pk for m in history if m.role == "assistant"])
    current = selectors.chat_current(chat=chat)
    items = [
        {
            "m": m,
            "job": image_render.job_view(jobs[m.pk], current=current) if m.pk in jobs else None,
            "figures": image_render.message_figures(m),
        }
        for m in history
    ]
    return render(
        request,
        "imagelab/chat.html",
        {
            "chat": chat,
            "items": items,
            "busy": busy,
            "ws_path": f"/ws/chats/{chat.pk}/",
            "current": current,
            "assets": selectors.chat_assets(chat=chat),
            "MAX_BYTES": settings.IMAGE_MAX_UPLOAD_BYTES,
        },
    )


def _after_choice(user, chat, *job_ids: int | None) -> str:
    """The strip and current image, then these jobs' messages: "in use" follows the chat's current image."""
    current = selectors.chat_current(chat=chat)  # read once, for the strip and every message
    html = ""
    for job_id in dict.fromkeys(j for j in job_ids if j is not None):
        job = selectors.job_get(user=user, job_id=job_id)
        html += image_render.message_html(job.message, swap="outerHTML", job=job, current=current)
    return html + image_render.state_html(chat=chat, current=current, assets=selectors.chat_assets(chat=chat))


def _current_job_id(chat) -> int | None:
    current = selectors.chat_current(chat=chat)
    return current.job_id if current is not None else None


def _composer_refusal(exc: MarqueeError) -> HttpResponse:
    response = HttpResponse(composer_error_html(exc.message), status=exc.status)
    response["X-Error-Code"] = exc.code
    return response


@login_required
@require_POST
async def chat_turn(request, chat_id: int):
    """Start a turn from the composer: text plus an optional photo; refusals are 4xx with the reason."""
    user = await request.auser()
    try:
        chat = await sync_to_async(selectors.image_chat_get)(user=user, chat_id=chat_id)
    except MarqueeError as exc:  # another's, or deleted in another tab: said under the composer (a 404 page was not)
        return _composer_refusal(exc)
    try:
        upload = services.upload_pick(uploads=request.FILES.getlist("image"))
        # A new photo becomes the current image: the turn whose variation was in use is shown without it.
        was_in_use = await sync_to_async(_current_job_id)(chat) if upload else None
        data, name = await sync_to_async(services.upload_read)(upload=upload) if upload else (None, "")
        await starting.start_turn(
            user=user, chat=chat, text=request.POST.get("text", ""), data=data, filename=name, with_job=False
        )
    except MarqueeError as exc:
        return _composer_refusal(exc)
    reset = image_render.composer_inputs_html(max_chars=settings.MESSAGE_MAX_CHARS)
    # Every fragment is swapped out of band (the form swaps nothing), so their order does not matter.
    return HttpResponse(reset + composer_error_html() + await sync_to_async(_after_choice)(user, chat, was_in_use))


@login_required
@require_POST
def choose_result(request, job_id: int):
    """ "Use this": the variation becomes the current image; the message and the strip are re-rendered."""
    try:
        job = selectors.job_get(user=request.user, job_id=job_id)
        was_in_use = _current_job_id(job.chat)
        asset = services.job_choose_result(user=request.user, job_id=job_id, variation=request.POST.get("variation"))
    except MarqueeError as exc:  # a job that is not one's own is 404, in words (htmx: {code, message})
        return refused(request, exc)
    return HttpResponse(_after_choice(request.user, asset.chat, job_id, was_in_use))


@login_required
@require_POST
def choose_current(request, chat_id: int):
    """Pick any image of the history strip as the current image."""
    try:
        was_in_use = _current_job_id(selectors.image_chat_get(user=request.user, chat_id=chat_id))
        asset = services.chat_current_choose(user=request.user, chat_id=chat_id, asset_id=request.POST.get("asset"))
    except MarqueeError:  # said in words (htmx: {code, message}); a Django 404 page left the alert wordless
        return refused(request, NotFound("That image does not exist."))
    # The job it came from (now in use) and the one whose variation was (no longer) say so.
    return HttpResponse(_after_choice(request.user, asset.chat, asset.job_id, was_in_use))


def image_response(data: bytes, content_type: str = JPEG, *, filename: str | None = None) -> HttpResponse:
    """Bytes we encoded ourselves, with their exact type, nosniff, and private caching."""
    response = HttpResponse(data, content_type=content_type)
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, max-age=3600"
    if filename:
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _file(rel: str | None) -> HttpResponse:
    if not rel:
        raise Http404("No such image.")
    try:
        return image_response(selectors.image_bytes(path=rel))
    except MarqueeError:
        raise Http404("No such image.") from None


def _job_image(request, job_id: int, variation: int | None = None, step: int | None = None) -> HttpResponse:
    try:
        job = selectors.job_get(user=request.user, job_id=job_id)
        return image_response(
            selectors.image_bytes(path=selectors.job_image_path(job=job, variation=variation, step=step))
        )
    except MarqueeError:
        raise Http404("No such image.") from None


@login_required
@require_safe
def asset_file(request, asset_id: int, size: str = "full"):
    """A history image (our JPEG re-encode) or its preview."""
    try:
        asset = selectors.asset_get(user=request.user, asset_id=asset_id)
    except MarqueeError:
        raise Http404("No such image.") from None
    return _file(asset.preview_path if size == "preview" else asset.path)


@login_required
@require_safe
def job_source(request, job_id: int):
    """The preview of the image a job started from."""
    return _job_image(request, job_id)


@login_required
@require_safe
def step_preview(request, job_id: int, variation: int, step: int):
    """One step's preview (<= 640 px)."""
    return _job_image(request, job_id, variation, step)


@login_required
@require_safe
def final_image(request, job_id: int, variation: int):
    """A variation's final image at working size."""
    return _job_image(request, job_id, variation)
