"""Values every template may use."""

from django.conf import settings

from chatapp import kinds, llm


def marquee(request) -> dict:
    """Limits, the chat kinds (new-chat buttons, top-bar links) and the planner mode shown in the footer."""
    return {
        "MESSAGE_MAX_CHARS": settings.MESSAGE_MAX_CHARS,
        "PLANNER_MODE": "OpenAI" if llm.openai_enabled() else "offline rules",
        "CHAT_KINDS": kinds.all_kinds(),
        "KIND_NAV": [link for kind in kinds.all_kinds() for link in kind.nav],
    }
