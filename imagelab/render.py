"""Image-lab events and messages → HTML fragments (out-of-band swaps by element id)."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string

from chatapp.models import Message
from chatapp.render import status_html
from imagelab.core.quality import MEANINGS
from imagelab.events import JobEnded, PlannerSource, Plans, StepResultEvent, VariationDone, VariationRevised
from imagelab.jobrun import job_urls
from imagelab.models import ImageAsset, ImageJob
from imagelab.rules import iqa_saturation
from imagelab.selectors import chat_current, job_get_for_message

PAGE = "imagelab/chat.html"
# Read after "Planned by": "Planned by OpenAI", "Planned by the rule-based planner".
SOURCE_LABELS = {
    "openai": "OpenAI",
    "rules": "the rule-based planner",
    "scripted": "the scripted planner",
    "none": "none",
}


def _partial(name: str, context: dict) -> str:
    return render_to_string(f"{PAGE}#{name}", context)


def job_view(job: ImageJob, *, current: ImageAsset | None = None) -> dict:
    """The template context of a stored job (the same shape the plans event produces).

    `current` is the chat's current image: a variation is "in use" only while it is that image; the
    job's own choice (result_variation) may have been replaced since by an upload or an earlier image.
    """
    urls = job_urls(job.pk)
    # A job that has ended (stopped, failed) will never run what it had not reached: no loading placeholders.
    variations = []
    for plan, state in zip(job.plans, job.variations or [{}] * len(job.plans), strict=False):
        i = state.get("index", len(variations))
        r = state.get("revision", 0)
        steps = [
            {
                "index": s["index"],
                "op": s["op"],
                "status": job.step_status(s["status"]),
                "error": s.get("error"),
                "ms": s.get("ms"),
                "url": urls.step(i, s["index"], r) if s.get("preview") else None,
            }
            for s in state.get("steps", [])
        ]
        variations.append(
            {
                "index": i,
                "label": plan["label"],
                "strategy": plan["strategy"],
                "steps": steps,
                "status": job.variation_status(state),
                "final_url": urls.final(i, r) if state.get("final") else None,
                "revisions": job.variation_revisions(i, state),
            }
        )
    return {
        "id": job.pk,
        "status": job.status,
        "planner_source": job.planner_source,
        "source_label": SOURCE_LABELS.get(job.planner_source, job.planner_source),
        "diversity_axes": job.diversity_axes,
        "source_url": urls.source(),
        "variations": variations,
        "result_variation": job.result_variation,
        "error": job.error,
        "in_use": current.variation if current is not None and current.job_id == job.pk else None,
        "changes": len(job.normalization_log or []),
    }


def plans_view(event: Plans) -> dict:
    """The template context of a job that has just been planned (nothing executed yet)."""
    return {
        "id": event.job_id,
        "status": "running",
        "diversity_axes": event.diversity_axes,
        "source_url": event.source_url,
        "result_variation": None,
        "in_use": None,
        "error": "",
        "variations": [
            {
                "index": v.index,
                "label": v.label,
                "strategy": v.strategy,
                "status": "running",
                "final_url": None,
                "steps": [
                    {"index": s, "op": o["op"], "status": "pending", "url": None} for s, o in enumerate(v.operations)
                ],
            }
            for v in event.variations
        ],
    }


_LOOK_UP = object()

# The figures table under a quality answer: each figure's name as shown (its meaning is quality.MEANINGS').
FIGURE_LABELS = {
    "sharpness": "Sharpness",
    "blur_effect": "Blur effect",
    "noise_sigma": "Noise σ",
    "mean_luminance": "Mean brightness",
    "highlights_clipped": "Burnt-out highlights (%)",
    "shadows_clipped": "Crushed shadows (%)",
    "bright_end": "Brightest 1%",
    "contrast_spread": "Tonal range",
    "blockiness": "JPEG blockiness",
    "colourfulness": "Colourfulness",
    "cast_a": "Tint a*",
    "cast_b": "Tint b*",
    "colour_cast": "Colour cast",
    "psnr": "PSNR (dB)",
    "ssim": "SSIM",
    "delta_e": "Mean ΔE2000",
    # an oversaturation answer's own figures (stored beside the plan's, under "saturation")
    "saturation_clipped": "Saturation clipping (%)",
    "hue_share": "Share of the hue (%)",
    "hue_saturation": "Saturation of the hue (%)",
}


def _figure_value(value) -> str:
    if value is None:  # stored for PSNR ∞: the images are identical
        return "∞"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def quality_view(quality: dict | None) -> dict | None:
    """The figures table of a quality answer: [{label, value, meaning}] and what was measured (None: no table).

    An oversaturation answer's figures (saturation clipping, a hue's share and saturation) are shown after the
    plan's, each once: the answer cites them, so the table has them too."""
    figures = dict((quality or {}).get("figures") or {})
    figures |= {k: v for k, v in ((quality or {}).get("saturation") or {}).items() if k not in figures}
    if not figures:
        return None
    meanings = iqa_saturation.MEANINGS | MEANINGS
    rows = [
        {"label": FIGURE_LABELS.get(k, k), "value": _figure_value(v), "meaning": meanings.get(k, "")}
        for k, v in figures.items()
    ]
    return {"rows": rows, "measured": quality.get("measured") or "the photo"}


def message_html(
    message: Message,
    *,
    swap: str | None = None,
    job: ImageJob | None = None,
    current: ImageAsset | None | object = _LOOK_UP,
) -> str:
    """A whole image-chat message (runs ORM reads: call from sync code or a DB thread).

    `current` is the chat's current image when the caller already has it (else it is looked up).
    """
    if job is None and message.role == Message.Role.ASSISTANT:
        job = job_get_for_message(message_id=message.pk)
    if job is not None and current is _LOOK_UP:
        current = chat_current(chat=message.chat)
    view = job_view(job, current=current) if job else None
    # Context processors do not run here: the Edit box's limit is passed.
    context = {
        "m": message,
        "job": view,
        "swap": swap,
        "MESSAGE_MAX_CHARS": settings.MESSAGE_MAX_CHARS,
        "figures": message_figures(message),
    }
    return _partial("message", context)


def message_figures(message: Message) -> dict | None:
    """The figures table of a finished quality answer (None for anything else)."""
    return None if message.is_active else quality_view((message.payload or {}).get("quality"))


def planner_source_html(event: PlannerSource, **_) -> str:
    """Who planned the job, while its steps run."""
    label = SOURCE_LABELS.get(event.source, event.source)
    text = "No usable plan." if event.source == "none" else f"Planned by {label}; editing…"
    return status_html(turn_key=event.turn_key, text=text)


def plans_html(event: Plans, **_) -> str:
    """The job's columns, one per planned variation, every step still loading."""
    # A job with no usable plan shows no columns (as the stored page does); its status says why.
    job = plans_view(event) if event.variations else None
    return _partial("job_oob", {"turn_key": event.turn_key, "job": job, "m": {"turn_key": event.turn_key}})


def step_result_html(event: StepResultEvent, **_) -> str:
    """One step's preview in place of its placeholder."""
    step = {
        "index": event.step,
        "op": event.op,
        "status": event.status,
        "error": event.error,
        "ms": event.ms,
        "url": event.preview_url,
    }
    return _partial(
        "step", {"job": {"id": event.job_id}, "v": {"index": event.variation}, "s": step, "swap": "outerHTML"}
    )


def variation_done_html(event: VariationDone, **_) -> str:
    """A variation's final image with its compare slider and actions."""
    v = {"index": event.variation, "status": event.status, "final_url": event.final_url}
    job = {
        "id": event.job_id,
        "status": "running",
        "source_url": job_urls(event.job_id).source(),
        "result_variation": None,
        "in_use": None,
    }
    return _partial("final", {"job": job, "v": v, "swap": "outerHTML"})


def variation_revised_html(event: VariationRevised, **_) -> str:
    """A kept revision: the column's steps from the first changed one loading again, the note, the final."""
    urls = job_urls(event.job_id)
    # Steps before from_step did not change: they keep their pictures (saved with the job's row).
    steps = [
        dict(s, url=urls.step(event.variation, s["index"], event.revision) if s["index"] < event.from_step else None)
        for s in event.steps
    ]
    v = {"index": event.variation, "status": "running", "final_url": None, "revisions": event.revisions, "steps": steps}
    return _partial("revised_oob", {"job": {"id": event.job_id}, "v": v, "swap": "outerHTML"})


def job_ended_html(event: JobEnded, **_) -> str:
    """How the job ended, in the status line."""
    text = {"done": "Done: pick one.", "failed": event.error or "The edit failed.", "stopped": "Stopped."}[event.status]
    return status_html(turn_key=event.turn_key, text=text, thinking=False)


def state_html(*, chat, current, assets, swap: bool = True) -> str:
    """The current image and the history strip."""
    return _partial(
        "state", {"chat": chat, "current": current, "assets": assets, "swap": "outerHTML" if swap else None}
    )


def composer_inputs_html(*, max_chars: int) -> str:
    """The photo drop zone and an empty instruction box, after a turn was accepted."""
    return _partial("composer_inputs", {"MESSAGE_MAX_CHARS": max_chars})
