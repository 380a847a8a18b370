"""The image lab's part of a chat export: photos and variations as owner-checked links, with their plans."""

from __future__ import annotations

from django.urls import reverse

from chatapp.exports import markdown_text
from chatapp.kinds import ExportPart
from chatapp.models import Chat, Message
from imagelab import selectors
from imagelab.jobrun import api_job_urls
from imagelab.models import ImageJob


def export_parts(*, chat: Chat, messages: list[Message], base_url: str) -> dict[int, ExportPart]:
    """Per message: an attached photo's link; per job: its source, and each variation's plan and final image."""
    jobs = selectors.jobs_by_message(message_ids=[m.pk for m in messages if m.role == Message.Role.ASSISTANT])
    parts = {}
    for message in messages:
        attachment = (message.payload or {}).get("attachment") or {}
        if message.role == Message.Role.USER and attachment.get("asset_id"):
            url = base_url + reverse("imagelab-asset", args=[attachment["asset_id"]])
            parts[message.pk] = ExportPart(data={"attachment": {"url": url}}, markdown=f"[Attached photo]({url})")
        elif message.pk in jobs:
            job = _job(jobs[message.pk], base_url)
            parts[message.pk] = ExportPart(data={"job": job}, markdown=_markdown(job))
    return parts


def _job(job: ImageJob, base_url: str) -> dict:
    urls = api_job_urls(job.pk)
    states = {v.get("index"): v for v in job.variations or []}
    variations = []
    for i, plan in enumerate(job.plans or []):
        state = states.get(i, {})
        variations.append(
            {
                "index": i,
                "label": plan.get("label"),
                "strategy": plan.get("strategy"),
                "plan": plan.get("operations", []),
                "status": job.variation_status(state) if state else "pending",
                "final_url": base_url + urls.final(i) if state.get("final") else None,
            }
        )
    return {
        "id": job.pk,
        "status": job.status,
        "instruction": job.instruction,
        "planner_source": job.planner_source,
        "diversity_axes": job.diversity_axes,
        "source_url": base_url + urls.source(),
        "result_variation": job.result_variation,
        "variations": variations,
    }


def _markdown(job: dict) -> str:
    """The source link and each variation's label, strategy, image and steps; the planner's words go in as text."""
    lines = [f"[Source image]({job['source_url']})", "", "### Variations", ""]
    for v in job["variations"]:
        ops = " → ".join(markdown_text(op.get("op")) for op in v["plan"] if isinstance(op, dict)) or "no steps"
        image = f"[image]({v['final_url']})" if v["final_url"] else markdown_text(v["status"])
        chosen = " (chosen)" if job["result_variation"] == v["index"] else ""
        label, strategy = markdown_text(v["label"]), markdown_text(v["strategy"])
        lines.append(f"{v['index'] + 1}. **{label}**{chosen}: {strategy} · {image}  ")
        lines.append(f"   Plan: {ops}")
    return "\n".join(lines)
