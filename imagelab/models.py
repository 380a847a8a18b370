"""Image chats: stored images (uploads and chosen variations), each chat's current image, and edit jobs."""

from django.conf import settings
from django.db import models

from chatapp.models import Chat, Message


class ImageAsset(models.Model):
    """One image in a chat's history strip: an upload, or a variation the user chose."""

    class Kind(models.TextChoices):
        UPLOAD = "upload", "Upload"
        VARIATION = "variation", "Chosen variation"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="image_assets")
    chat = models.ForeignKey(Chat, on_delete=models.CASCADE, related_name="image_assets")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    path = models.CharField(max_length=300, help_text="Our JPEG re-encode (full size for uploads).")
    preview_path = models.CharField(max_length=300, help_text="JPEG, longest side <= 640.")
    original_path = models.CharField(max_length=300, blank=True, help_text="The raw upload; never served.")
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    source_format = models.CharField(max_length=10, blank=True)
    filename = models.CharField(max_length=200, blank=True)
    job = models.ForeignKey("ImageJob", null=True, blank=True, on_delete=models.CASCADE, related_name="chosen_assets")
    variation = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["job", "variation"], name="one_asset_per_variation")]

    def __str__(self) -> str:
        return f"{self.kind} {self.pk} ({self.width}x{self.height})"


class ImageChatState(models.Model):
    """Per image chat: the image the next instruction applies to."""

    chat = models.OneToOneField(Chat, on_delete=models.CASCADE, primary_key=True, related_name="image_state")
    current = models.ForeignKey(ImageAsset, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Chat {self.chat_id} → image {self.current_id}"


class ImageJob(models.Model):
    """One edit turn: five planned variations of the source image, executed and streamed."""

    class Status(models.TextChoices):
        PLANNING = "planning", "Planning"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        STOPPED = "stopped", "Stopped"
        INTERRUPTED = "interrupted", "Interrupted"  # the process running it died

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="image_jobs")
    chat = models.ForeignKey(Chat, on_delete=models.CASCADE, related_name="image_jobs")
    # One job per version of the turn's answer (a re-run instruction is a new five): chatapp/versions.py.
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="image_jobs")
    version = models.PositiveSmallIntegerField(default=0, help_text="The answer's version this job is.")
    source = models.ForeignKey(ImageAsset, on_delete=models.CASCADE, related_name="jobs")
    instruction = models.TextField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLANNING)
    planner_source = models.CharField(max_length=20, blank=True, help_text="openai | rules | none (| scripted)")
    diversity_axes = models.JSONField(default=list, blank=True)
    normalization_log = models.JSONField(default=list, blank=True)
    plans = models.JSONField(default=list, blank=True, help_text="[{label, strategy, operations}] after normalisation")
    variations = models.JSONField(
        default=list,
        blank=True,
        help_text="[{index, status, steps: [{index, op, params, status, error, preview, ms}], final, ms}]",
    )
    revisions = models.JSONField(
        default=list,
        blank=True,
        help_text="The quality guard's log per variation: [{variation, ok, score, figures, issues, note, "
        "revisions: [{iteration, verdict, issues, edits, ignored, before, after}]}]",
    )
    result_variation = models.PositiveSmallIntegerField(null=True, blank=True)
    working_width = models.PositiveIntegerField(null=True, blank=True)
    working_height = models.PositiveIntegerField(null=True, blank=True)
    source_width = models.PositiveIntegerField(null=True, blank=True)
    source_height = models.PositiveIntegerField(null=True, blank=True)
    ai_images = models.JSONField(default=dict, blank=True, help_text='{"variation:step": path} for re-rendering')
    ai_edits = models.PositiveSmallIntegerField(default=0)
    timings = models.JSONField(default=dict, blank=True)
    step_log = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        constraints = [models.UniqueConstraint(fields=["message", "version"], name="one_job_per_answer_version")]

    def __str__(self) -> str:
        return f"Job {self.pk} ({self.status})"

    @property
    def is_active(self) -> bool:
        return self.status in (self.Status.PLANNING, self.Status.RUNNING)

    @property
    def cut_short(self) -> str | None:
        """How an ended job left what it never reached: "stopped", "interrupted", "unfinished" (failed), or None."""
        if self.is_active:
            return None
        if self.status in (self.Status.STOPPED, self.Status.INTERRUPTED):
            return self.status
        return "unfinished"

    def variation_status(self, state: dict) -> str:
        """A variation's status as shown: one still "running" in a job that has ended was cut short."""
        status = state.get("status", "running")
        return (self.cut_short or status) if status in ("running", "pending") else status

    def variation_revisions(self, index: int, state: dict) -> list[dict]:
        """A variation's quality-guard iterations: the stored log once the job ended, else those kept so far."""
        entry = next((v for v in self.revisions or [] if v.get("variation") == index), None)
        return entry["revisions"] if entry else state.get("revisions", [])

    def step_status(self, status: str) -> str:
        """A step's status as shown: one still "pending" in a job that has ended is "skipped" (not run)."""
        return "skipped" if self.cut_short and status == "pending" else status
