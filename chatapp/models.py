"""Chats, their messages, and personal API tokens."""

import hashlib
import re
import secrets
import uuid

from django.conf import settings
from django.db import models

_TURN_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Chat(models.Model):
    """A conversation owned by one user: movie recommendations or the image lab."""

    class Kind(models.TextChoices):
        MOVIES = "movies", "Movies"
        IMAGES = "images", "Images"

    class Flow(models.TextChoices):
        V1 = "v1", "v1 (Chat Completions + search tool)"
        V2 = "v2", "v2 (Responses API, decide_mode → plan_picks)"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chats")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.MOVIES)
    title = models.CharField(max_length=120, blank=True)
    flow = models.CharField(max_length=2, choices=Flow.choices, blank=True, help_text="Flow of the latest turn.")
    flow_override = models.CharField(
        max_length=2,
        choices=Flow.choices,
        blank=True,
        default="",
        help_text="Flow for this chat's new turns; blank follows the CHAT_API_VERSION setting.",
    )
    last_response_id = models.CharField(max_length=200, blank=True, help_text="Responses API thread head.")
    pending_call_ids = models.JSONField(
        default=list, blank=True, help_text="Function calls left open by the last turn; answered at the next."
    )
    pending_turn_key = models.CharField(
        max_length=64, blank=True, default="", help_text="The turn whose answer left those calls open."
    )
    pinned_at = models.DateTimeField(null=True, blank=True, help_text="Pinned to the top of the sidebar since.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]

    def __str__(self) -> str:
        return self.title or f"Chat {self.pk}"

    @property
    def display_title(self) -> str:
        return self.title or "New chat"


class Message(models.Model):
    """One message; an assistant message answers the user message sharing its turn key."""

    class Role(models.TextChoices):
        USER = "user", "User"
        ASSISTANT = "assistant", "Assistant"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        STREAMING = "streaming", "Streaming"
        COMPLETE = "complete", "Complete"
        FAILED = "failed", "Failed"
        STOPPED = "stopped", "Stopped"
        INTERRUPTED = "interrupted", "Interrupted"  # its process died mid-answer (no heartbeat): try again

    ACTIVE_STATUSES = (Status.PENDING, Status.STREAMING)

    chat = models.ForeignKey(Chat, on_delete=models.CASCADE, related_name="messages")
    role = models.CharField(max_length=10, choices=Role.choices)
    turn_key = models.CharField(max_length=64, help_text="The user message this turn answers.")
    content = models.TextField(blank=True)
    payload = models.JSONField(default=dict, blank=True, help_text="mode, plan, picks, dropped picks…")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.COMPLETE)
    planner_source = models.CharField(max_length=20, blank=True)
    flow = models.CharField(max_length=2, choices=Chat.Flow.choices, blank=True)
    step_log = models.JSONField(default=list, blank=True)
    timings = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    # Versions live inside the one row of a turn and role (chatapp/versions.py): the live fields above are
    # the selected version; `versions` holds every version (empty: only the live one), oldest first.
    versions = models.JSONField(
        default=list, blank=True, help_text="Every version: [{content, payload, status…, created_at, question}]."
    )
    version = models.PositiveSmallIntegerField(default=0, help_text="Index of the selected version in `versions`.")
    branch = models.CharField(
        max_length=80,
        blank=True,
        default="",
        help_text="'turn key:version' of the edited question whose later turns this belongs to; blank = shown.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["chat", "turn_key", "role"], name="one_message_per_turn_and_role"),
        ]
        indexes = [models.Index(fields=["chat", "status"]), models.Index(fields=["chat", "branch"])]

    def __str__(self) -> str:
        """How the admin names it: 'Answer “Three tense 90s thrillers…” (complete)'."""
        who = "Answer" if self.role == self.Role.ASSISTANT else "User message"
        words = " ".join(self.content.split())
        quoted = f"“{words[:40]}…”" if len(words) > 40 else f"“{words}”" if words else f"#{self.pk}"
        return f"{who} {quoted} ({self.get_status_display().lower()})"

    @staticmethod
    def new_turn_key() -> str:
        return uuid.uuid4().hex

    @staticmethod
    def is_turn_key(value: object) -> bool:
        """Whether `value` can be a turn key (ours are hex; a rerun's may be given): a URL's key is checked
        before any query, as PostgreSQL refuses a NUL in a text parameter (a 500, not a 404)."""
        return isinstance(value, str) and _TURN_KEY.fullmatch(value) is not None

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE_STATUSES

    @property
    def open_slots(self) -> list[int]:
        """Indices of planned picks that have neither resolved nor been dropped yet."""
        planned = len((self.payload.get("plan") or {}).get("picks", []))
        done = {p.get("index") for p in self.payload.get("picks", [])}
        done |= {d.get("index") for d in self.payload.get("dropped", [])}
        return [i for i in range(planned) if i not in done]


class ApiToken(models.Model):
    """A personal API token; only its SHA-256 is stored, the secret is shown once."""

    PREFIX = "mq_"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=80, default="API token")
    key_prefix = models.CharField(max_length=12, help_text="First characters, to tell tokens apart.")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.key_prefix}… ({self.user})"

    @classmethod
    def hash_key(cls, key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @classmethod
    def generate_key(cls) -> str:
        return cls.PREFIX + secrets.token_urlsafe(32)


class PlannerCall(models.Model):
    """One planner call of a turn: its tokens, cost and time (kept when its chat goes: quotas count it)."""

    class Status(models.TextChoices):
        OK = "ok", "OK"
        ERROR = "error", "Error"
        STOPPED = "stopped", "Stopped"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="planner_calls")
    chat = models.ForeignKey(Chat, on_delete=models.SET_NULL, null=True, blank=True, related_name="planner_calls")
    message = models.ForeignKey(Message, on_delete=models.SET_NULL, null=True, blank=True, related_name="planner_calls")
    turn_key = models.CharField(max_length=64, blank=True)
    request_id = models.CharField(max_length=32, help_text="Our id of the call (also in the planner log).")
    response_id = models.CharField(max_length=200, blank=True, help_text="The service's id of its reply.")
    backend = models.CharField(max_length=20)
    model = models.CharField(max_length=100, blank=True)
    purpose = models.CharField(max_length=60, blank=True)
    metered = models.BooleanField(default=False, help_text="Counted by the service; off: offline, no cost.")
    input_tokens = models.PositiveIntegerField(default=0)
    cached_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    reasoning_tokens = models.PositiveIntegerField(default=0)
    cost = models.DecimalField(
        max_digits=14, decimal_places=8, null=True, blank=True, help_text="US dollars; empty: no price for the model."
    )
    ms = models.FloatField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OK)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "created_at"])]

    def __str__(self) -> str:
        return f"{self.backend} {self.model or '-'} {self.purpose or 'call'} ({self.input_tokens}+{self.output_tokens} tokens)"

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens
