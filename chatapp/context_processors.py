"""Values every template may use."""

from django.conf import settings

from chatapp import llm


def marquee(request) -> dict:
    """Limits and the planner mode shown in the page footer."""
    return {
        "MESSAGE_MAX_CHARS": settings.MESSAGE_MAX_CHARS,
        "PLANNER_MODE": "OpenAI" if llm.openai_enabled() else "offline rules",
    }
