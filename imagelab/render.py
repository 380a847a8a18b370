"""Image-lab events and messages → HTML fragments (out-of-band swaps by element id)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.html import format_html

from chatapp.models import Message
from imagelab.events import JobEnded, PlannerSource, Plans, StepResultEvent, VariationDone
from imagelab.jobrun import job_urls
from imagelab.models import ImageAsset, ImageJob
from imagelab.selectors import chat_current, job_get_for_message

PAGE = "imagelab/chat.html"
SOURCE_LABELS = {"openai": "OpenAI", "rules": "rule-based planner", "scripted": "scripted planner", "none": "none"}


def _partial(name: str, context: dict) -> str:
    return render_to_string(f"{PAGE}#{name}", context)


def _oob(html: str, tag: str, swap: str = "outerHTML") -> str:
    return html.replace(f"<{tag} ", f'<{tag} hx-swap-oob="{swap}" ', 1)


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
        steps = [{"index": s["index"], "op": s["op"], "status": job.step_status(s["status"]),
                  "error": s.get("error"), "ms": s.get("ms"),
                  "url": urls.step(i, s["index"]) if s.get("preview") else None}
                 for s in state.get("steps", [])]
        variations.append({"index": i, "label": plan["label"], "strategy": plan["strategy"], "steps": steps,
                           "status": job.variation_status(state),
                           "final_url": urls.final(i) if state.get("final") else None})
    return {"id": job.pk, "status": job.status, "planner_source": job.planner_source,
            "source_label": SOURCE_LABELS.get(job.planner_source, job.planner_source),
            "diversity_axes": job.diversity_axes, "source_url": urls.source(), "variations": variations,
            "result_variation": job.result_variation, "error": job.error,
            "in_use": current.variation if current is not None and current.job_id == job.pk else None,
            "changes": len(job.normalization_log or [])}


def plans_view(event: Plans) -> dict:
    """The template context of a job that has just been planned (nothing executed yet)."""
    return {"id": event.job_id, "status": "running", "diversity_axes": event.diversity_axes,
            "source_url": event.source_url, "result_variation": None, "in_use": None, "error": "",
            "variations": [{"index": v.index, "label": v.label, "strategy": v.strategy, "status": "running",
                            "final_url": None, "steps": [{"index": s, "op": o["op"], "status": "pending", "url": None}
                                                         for s, o in enumerate(v.operations)]}
                           for v in event.variations]}


_LOOK_UP = object()


def message_html(message: Message, *, swap: str | None = None, job: ImageJob | None = None,
                 current: ImageAsset | None | object = _LOOK_UP) -> str:
    """A whole image-chat message (runs ORM reads: call from sync code or a DB thread).

    `current` is the chat's current image when the caller already has it (else it is looked up).
    """
    if job is None and message.role == Message.Role.ASSISTANT:
        job = job_get_for_message(message_id=message.pk)
    if job is not None and current is _LOOK_UP:
        current = chat_current(chat=message.chat)
    view = job_view(job, current=current) if job else None
    html = _partial("message", {"m": message, "job": view})
    return _oob(html, "article", swap) if swap else html


def planner_source_html(event: PlannerSource) -> str:
    label = SOURCE_LABELS.get(event.source, event.source)
    text = "No usable plan." if event.source == "none" else f"Planned by the {label}; editing…"
    return format_html('<div id="status-{}" class="status" hx-swap-oob="innerHTML"><span class="thinking">{}</span></div>',
                       event.turn_key, text)


def plans_html(event: Plans) -> str:
    # A job with no usable plan shows no columns (as the stored page does); its status says why.
    body = _partial("job", {"job": plans_view(event), "m": {"turn_key": event.turn_key}}) if event.variations else ""
    return format_html('<div id="job-{}" class="job-wrap" hx-swap-oob="innerHTML">', event.turn_key) + body + "</div>"


def step_result_html(event: StepResultEvent) -> str:
    step = {"index": event.step, "op": event.op, "status": event.status, "error": event.error, "ms": event.ms,
            "url": event.preview_url}
    return _oob(_partial("step", {"job": {"id": event.job_id}, "v": {"index": event.variation}, "s": step}), "figure")


def variation_done_html(event: VariationDone) -> str:
    v = {"index": event.variation, "status": event.status, "final_url": event.final_url}
    job = {"id": event.job_id, "status": "running", "source_url": job_urls(event.job_id).source(),
           "result_variation": None, "in_use": None}
    return _oob(_partial("final", {"job": job, "v": v}), "div")


def job_ended_html(event: JobEnded) -> str:
    text = {"done": "Done: pick one.", "failed": event.error or "The edit failed.", "stopped": "Stopped."}[event.status]
    return format_html('<div id="status-{}" class="status" hx-swap-oob="innerHTML"><span>{}</span></div>',
                       event.turn_key, text)


def state_html(*, chat, current, assets, swap: bool = True) -> str:
    """The current image and the history strip."""
    html = _partial("state", {"chat": chat, "current": current, "assets": assets})
    return _oob(html, "section") if swap else html


EVENT_RENDERERS = {
    "planner.source": planner_source_html,
    "plans": plans_html,
    "step.result": step_result_html,
    "variation.done": variation_done_html,
    "job.ended": job_ended_html,
}
