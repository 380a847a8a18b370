"""Template filters of the movie chat: pick-card info lines, placeholder posters, list marks."""

import hashlib

from django import template

register = template.Library()


@register.filter
def poster_hue(title: str) -> int:
    """A stable hue for a title's generated placeholder poster."""
    return int(hashlib.sha1((title or "").encode()).hexdigest()[:4], 16) % 360


@register.filter
def initials(title: str) -> str:
    """Up to two initials for a placeholder poster."""
    words = [w for w in (title or "").split() if w[:1].isalnum()]
    skip = {"the", "a", "an", "of"}
    core = [w for w in words if w.lower() not in skip] or words
    return "".join(w[0].upper() for w in core[:2]) or "?"


@register.filter
def pick_meta(pick) -> str:
    """A pick card's info line: genres · runtime · rating · director, only the parts it has."""
    parts = [*(pick.get("genres") or []), runtime_text(pick.get("runtime"))]
    if pick.get("rating"):
        parts.append(f"★ {pick['rating']}")
    parts.append(pick.get("director") or "")
    return " · ".join(p for p in parts if p)


@register.filter
def runtime_text(minutes) -> str:
    """120 → '2h 0m'."""
    if not minutes:
        return ""
    minutes = int(minutes)
    return f"{minutes // 60}h {minutes % 60}m" if minutes >= 60 else f"{minutes}m"


@register.filter
def mark_of(marks, pick) -> dict:
    """The watchlist/seen marks of a pick card ({} when none)."""
    if not marks or not pick:
        return {}
    return marks.get(f"{pick.get('source')}:{pick.get('id')}", {})
