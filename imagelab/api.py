"""The image-lab JSON API (mounted on the one NinjaAPI at /api/imagelab): jobs, results, downloads."""

from __future__ import annotations

from typing import Any, Literal

from asgiref.sync import sync_to_async
from ninja import File, Form, Path, Query, Router, Schema, Status
from ninja.files import UploadedFile
from pydantic import Field

from chatapp import services as chat_services
from chatapp.errors import InvalidInput
from chatapp.json_body import form_required
from chatapp.schemas import DB_INT_MAX, TEXT_PATTERN, Id, Index, InSchema, StrictIndex, errors, image_content
from imagelab import downloads, selectors, services, starting
from imagelab.jobrun import api_job_urls
from imagelab.models import ImageJob
from imagelab.views import image_response

router = Router(tags=["imagelab"])
JobStatus = Literal[tuple(ImageJob.Status.values)]  # type: ignore[valid-type]


class JobCreated(Schema):
    id: int
    status: JobStatus
    chat: int


class ResultIn(InSchema):
    variation: StrictIndex


class ResultOut(Schema):
    id: int
    result_variation: int
    asset: int
    chat: int


class StepOut(Schema):
    index: int
    op: str
    params: dict[str, Any]
    status: str
    error: str | None = None
    ms: float | None = None
    preview_url: str | None = Field(description="The step's preview (JPEG), once it has run")


class RevisionOut(Schema):
    iteration: int = Field(description="1 for the guard's first revision of this variation")
    verdict: str = Field(description="revised (kept: it measured better), kept (the plan stayed), no_edits")
    issues: list[str] = Field(description="What the verifier measured before this iteration, in plain words")
    edits: list[dict[str, Any]] = Field(description="Applied edits: tune_param, remove_op, add_op, each with a reason")
    ignored: list[dict[str, Any]] = Field(default_factory=list, description="Proposed edits ignored, with why")
    before: dict[str, Any] = Field(description="The verifier's figures before the edits")
    after: dict[str, Any] | None = Field(description="The figures of the re-run variation (none if it did not run)")


class VariationOut(Schema):
    index: int
    label: str
    strategy: str
    operations: list[dict[str, Any]]
    status: str
    steps: list[StepOut]
    final_url: str | None = Field(description="The variation's final image (JPEG), once it is done")
    revisions: list[RevisionOut] = Field(description="The quality guard's iterations on this variation")


class JobOut(Schema):
    id: int
    status: JobStatus
    chat: int
    instruction: str
    source_url: str
    planner_source: str
    diversity_axes: list[Any]
    normalization_log: list[Any]
    variations: list[VariationOut]
    result_variation: int | None
    error: str


def job_out(job: ImageJob) -> dict:
    """The job as the API shows it (image URLs are API routes: a bearer token opens them)."""
    urls = api_job_urls(job.pk)
    variations = []
    for i, plan in enumerate(job.plans):
        state = job.variations[i] if i < len(job.variations) else {}
        variations.append(
            {
                "index": i,
                "label": plan["label"],
                "strategy": plan["strategy"],
                "operations": plan["operations"],
                # An ended job's unreached work reads as it does on the page: stopped / unfinished, skipped.
                "status": job.variation_status(state) if state else (job.cut_short or "pending"),
                "steps": [
                    {
                        "index": s["index"],
                        "op": s["op"],
                        "params": s["params"],
                        "status": job.step_status(s["status"]),
                        "error": s.get("error"),
                        "ms": s.get("ms"),
                        "preview_url": urls.step(i, s["index"], state.get("revision", 0)) if s.get("preview") else None,
                    }
                    for s in state.get("steps", [])
                ],
                "final_url": urls.final(i, state.get("revision", 0)) if state.get("final") else None,
                "revisions": job.variation_revisions(i, state),
            }
        )
    return {
        "id": job.pk,
        "status": job.status,
        "chat": job.chat_id,
        "instruction": job.instruction,
        "source_url": urls.source(),
        "planner_source": job.planner_source,
        "diversity_axes": job.diversity_axes,
        "normalization_log": job.normalization_log,
        "variations": variations,
        "result_variation": job.result_variation,
        "error": job.error,
    }


def _chat_field(raw: str | None) -> int | None:
    """The form's `chat`: blank is no chat (as absent); anything but a positive id is refused in words."""
    text = (raw or "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= DB_INT_MAX:
        raise InvalidInput("chat must be the id of one of your image chats.", code="validation_error")
    return int(text)


def _form_fields_once(request) -> None:
    """`instruction` and `chat` as one text field each: ninja took the last of several, or none sent as a file."""
    for name in ("instruction", "chat"):
        if name in request.FILES:  # a file part named `instruction` was left out: a job with no instruction
            raise InvalidInput(
                f"`{name}` must be a text field, not a file (only `image` takes a file).", code="validation_error"
            )
        sent = len(request.POST.getlist(name))
        if sent > 1:
            raise InvalidInput(f"Send `{name}` once (this form has it {sent} times).", code="validation_error")


def _chat_for(user, chat_id: int | None, has_image: bool):
    if chat_id is None:
        if not has_image:
            raise InvalidInput("Send an image (field `image`) or the id of a chat that has one.", code="no_image")
        return services.image_chat_create(user=user)
    return selectors.image_chat_get(user=user, chat_id=chat_id)


CREATE_EXTRA = {
    "requestBody": {
        "content": {
            "multipart/form-data": {
                # `image`, or the id of an image chat that has a current image (or both)
                "schema": {
                    "anyOf": [{"required": ["image"]}, {"required": ["chat"]}],
                    # a form field is a string: `chat` is an id, or blank or absent for a new chat (never null)
                    "properties": {
                        "instruction": {"pattern": TEXT_PATTERN},
                        "chat": {"type": "string", "pattern": r"^\s*[0-9]*\s*$"},
                    },
                },
                "encoding": {"image": {"contentType": "image/jpeg, image/png, image/webp"}},
            }
        }
    }
}


@router.post(
    "/jobs", response={201: JobCreated, **errors(400, 403, 404, 409, 413, 415, 429)}, openapi_extra=CREATE_EXTRA
)
async def create_job(
    request,
    instruction: Form[str] = "",
    chat: Form[str | None] = None,
    image: File[UploadedFile] = None,
):
    """Start an edit job: a photo (or the chat's current image) and an instruction; it runs in the background."""
    user = request.auth
    form_required(request, fields="`image`, `instruction`, `chat`")
    _form_fields_once(request)
    chat = _chat_field(chat)
    starting.instruction_check(text=instruction)
    image = services.upload_pick(uploads=request.FILES.getlist("image"))  # ninja's `image` is the last of several
    data, name = (await sync_to_async(services.upload_read)(upload=image)) if image else (None, "")
    loaded = None
    if data is not None:  # validate before creating anything
        loaded = await sync_to_async(services.upload_validate)(data=data, filename=name)
    target = await sync_to_async(_chat_for)(user, chat, data is not None)
    try:
        _turn, job = await starting.start_turn(
            user=user, chat=target, text=instruction, data=data, filename=name, with_job=True, loaded=loaded
        )
    except Exception:
        if chat is None:  # the chat made for this request would stay behind empty
            await sync_to_async(target.delete)()
        raise
    return Status(201, {"id": job.pk, "status": job.status, "chat": target.pk})


@router.get("/jobs/{job_id}", response={200: JobOut, **errors(400, 404)})
def get_job(request, job_id: Path[Id]):
    """A job with its plans, per-step state and image URLs."""
    job = selectors.job_get(user=request.auth, job_id=job_id)
    if chat_services.turn_close_stale(chat=job.chat) is not None:  # its process died: the job ends with its turn
        job.refresh_from_db()
    return job_out(job)


@router.post("/jobs/{job_id}/result", response={200: ResultOut, **errors(400, 403, 404, 409, 413)})
def set_result(request, job_id: Path[Id], body: ResultIn):
    """Make a variation the chat's current image (the next instruction edits it)."""
    asset = services.job_choose_result(user=request.auth, job_id=job_id, variation=body.variation)
    return {"id": job_id, "result_variation": body.variation, "asset": asset.pk, "chat": asset.chat_id}


@router.get(
    "/jobs/{job_id}/download",
    response={200: None, **errors(400, 404, 409, 429)},
    openapi_extra=image_content("image/jpeg", "image/png", description="The image (attachment)"),
)
def download(
    request,
    job_id: Path[Id],
    variation: Query[Index],
    format: Query[Literal["jpeg", "png"]] = "jpeg",  # noqa: A002
):
    """The variation at full resolution, re-rendered from the original upload through every chosen plan."""
    job = selectors.job_get(user=request.auth, job_id=job_id)
    selectors.job_variation_finished(job=job, variation=variation)  # never a render of what the job did not finish
    data, content_type = downloads.render_download(job=job, variation=variation, fmt=format)
    return image_response(
        data, content_type, filename=f"marquee-job{job.pk}-v{variation}.{'jpg' if format == 'jpeg' else 'png'}"
    )


JPEG_200 = image_content("image/jpeg", description="The image (JPEG)")


def _job_image(request, job_id: int, variation: int | None = None, step: int | None = None):
    job = selectors.job_get(user=request.auth, job_id=job_id)
    path = selectors.job_image_path(job=job, variation=variation, step=step)
    return image_response(selectors.image_bytes(path=path))


@router.get(
    "/jobs/{job_id}/source.jpg",
    response={200: None, **errors(400, 404)},
    url_name="imagelab-api-source",
    openapi_extra=JPEG_200,
)
def source_image(request, job_id: Path[Id]):
    """The preview (<= 640 px JPEG) of the image the job started from."""
    return _job_image(request, job_id)


@router.get(
    "/jobs/{job_id}/variations/{variation}/steps/{step}.jpg",
    response={200: None, **errors(400, 404)},
    url_name="imagelab-api-step",
    openapi_extra=JPEG_200,
)
def step_image(request, job_id: Path[Id], variation: Path[Index], step: Path[Index]):
    """One step's preview (<= 640 px JPEG); 404 until the step has run."""
    return _job_image(request, job_id, variation, step)


@router.get(
    "/jobs/{job_id}/variations/{variation}/final.jpg",
    response={200: None, **errors(400, 404)},
    url_name="imagelab-api-final",
    openapi_extra=JPEG_200,
)
def final_image(request, job_id: Path[Id], variation: Path[Index]):
    """A variation's final image at working size (JPEG); 404 until the variation is done."""
    return _job_image(request, job_id, variation)
