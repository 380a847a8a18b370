"""The movie chat's part of a chat export: each answer's picks (and what was skipped or proposed)."""

from __future__ import annotations

from chatapp.exports import markdown_text
from chatapp.kinds import ExportPart
from chatapp.models import Chat, Message

_PICK_FIELDS = ("title", "year", "reason", "genres", "director", "runtime", "source", "id", "poster_url")


def export_parts(*, chat: Chat, messages: list[Message], base_url: str) -> dict[int, ExportPart]:
    """Per assistant message: its picks, dropped picks, mode and proposed list changes."""
    parts = {}
    for message in messages:
        payload = message.payload or {}
        if message.role != Message.Role.ASSISTANT or not payload:
            continue
        picks = [{k: p.get(k) for k in _PICK_FIELDS} for p in payload.get("picks", [])]
        dropped = [{k: d.get(k) for k in ("title", "year", "reason")} for d in payload.get("dropped", [])]
        data = {"mode": payload.get("mode"), "picks": picks, "dropped": dropped}
        if payload.get("proposal"):
            data["proposal"] = payload["proposal"]
        # A v1 answer names its picks in its own text already: Markdown lists them once.
        shown = [] if message.flow == "v1" else picks
        parts[message.pk] = ExportPart(data=data, markdown=_markdown(shown, dropped, payload.get("proposal")))
    return parts


def _film(item: dict) -> str:
    return f"**{markdown_text(item.get('title'))}**" + (f" ({markdown_text(item['year'])})" if item.get("year") else "")


def _markdown(picks: list[dict], dropped: list[dict], proposal: dict | None) -> str:
    """The picks, skipped films and list changes; every field goes in as text (`markdown_text`), never HTML."""
    lines: list[str] = []
    if picks:
        lines += ["### Picks", ""]
        for n, pick in enumerate(picks, 1):
            about = " · ".join(x for x in (", ".join(pick.get("genres") or []), pick.get("director") or "") if x)
            about, reason = markdown_text(about), markdown_text(pick.get("reason") or "")
            lines.append(f"{n}. {_film(pick)}" + (f" · {about}" if about else "") + f" — {reason}")
        lines.append("")
    if dropped:
        lines += ["### Skipped", ""] + [f"- {_film(d)}: {markdown_text(d.get('reason'))}" for d in dropped] + [""]
    if proposal:
        lines += [f"### List changes ({markdown_text(proposal.get('state'))})", ""]
        for row in proposal.get("rows", []):
            film = row.get("movie") or row
            stars = f" · {markdown_text(row['rating'])}★" if row.get("rating") else ""
            note = f" ({markdown_text(row['note'])})" if row.get("note") else ""
            label, status = markdown_text(row.get("label")), markdown_text(row.get("status"))
            lines.append(f"- {label}: {_film(film)}{stars} — {status}{note}")
    return "\n".join(lines)
