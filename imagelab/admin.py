"""Admin: image jobs with plans, normalization log, step log and timings pretty-printed read-only."""

from django.contrib import admin

from chatapp.admin import StepLogAdminMixin
from chatapp.admin import pretty_json as _pretty
from imagelab.models import ImageAsset, ImageChatState, ImageJob


@admin.register(ImageJob)
class ImageJobAdmin(StepLogAdminMixin, admin.ModelAdmin):
    list_display = ("id", "owner", "chat", "status", "planner_source", "result_variation", "created_at")
    list_filter = ("status", "planner_source", "owner")
    search_fields = ("instruction", "owner__username")
    exclude = (
        "plans",
        "normalization_log",
        "variations",
        "revisions",
        "step_log",
        "timings",
        "ai_images",
        "diversity_axes",
    )
    readonly_fields = (
        "owner",
        "chat",
        "message",
        "source",
        "instruction",
        "status",
        "planner_source",
        "error",
        "result_variation",
        "working_width",
        "working_height",
        "source_width",
        "source_height",
        "ai_edits",
        "axes_pretty",
        "plans_pretty",
        "log_pretty",
        "variations_pretty",
        "revisions_pretty",
        "step_log_pretty",
        "timings_pretty",
        "created_at",
        "updated_at",
    )

    @admin.display(description="Diversity axes")
    def axes_pretty(self, obj):
        return _pretty(obj.diversity_axes)

    @admin.display(description="Plans")
    def plans_pretty(self, obj):
        return _pretty(obj.plans)

    @admin.display(description="Normalization log")
    def log_pretty(self, obj):
        return _pretty(obj.normalization_log)

    @admin.display(description="Variations (steps, ms, errors)")
    def variations_pretty(self, obj):
        return _pretty(obj.variations)

    @admin.display(description="Quality guard (verdict, edits, before/after figures per iteration)")
    def revisions_pretty(self, obj):
        return _pretty(obj.revisions)


@admin.register(ImageAsset)
class ImageAssetAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "chat", "kind", "width", "height", "job", "variation", "created_at")
    list_filter = ("kind", "owner")
    readonly_fields = [f.name for f in ImageAsset._meta.fields]


@admin.register(ImageChatState)
class ImageChatStateAdmin(admin.ModelAdmin):
    list_display = ("chat", "current", "updated_at")
    readonly_fields = ("chat", "current", "updated_at")
