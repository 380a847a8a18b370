"""Admin: image jobs with plans, normalization log, step log and timings pretty-printed read-only."""

import json

from django.contrib import admin
from django.utils.html import format_html

from imagelab.models import ImageAsset, ImageChatState, ImageJob


def _pretty(value) -> str:
    return format_html("<pre style='white-space:pre-wrap;max-width:70em'>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


@admin.register(ImageJob)
class ImageJobAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "chat", "status", "planner_source", "result_variation", "created_at")
    list_filter = ("status", "planner_source", "owner")
    search_fields = ("instruction", "owner__username")
    exclude = ("plans", "normalization_log", "variations", "step_log", "timings", "ai_images", "diversity_axes")
    readonly_fields = ("owner", "chat", "message", "source", "instruction", "status", "planner_source", "error",
                       "result_variation", "working_width", "working_height", "source_width", "source_height",
                       "ai_edits", "axes_pretty", "plans_pretty", "log_pretty", "variations_pretty",
                       "step_log_pretty", "timings_pretty", "created_at", "updated_at")

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

    @admin.display(description="Step log")
    def step_log_pretty(self, obj):
        return _pretty(obj.step_log)

    @admin.display(description="Timings (ms)")
    def timings_pretty(self, obj):
        return _pretty(obj.timings)


@admin.register(ImageAsset)
class ImageAssetAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "chat", "kind", "width", "height", "job", "variation", "created_at")
    list_filter = ("kind", "owner")
    readonly_fields = [f.name for f in ImageAsset._meta.fields]


@admin.register(ImageChatState)
class ImageChatStateAdmin(admin.ModelAdmin):
    list_display = ("chat", "current", "updated_at")
    readonly_fields = ("chat", "current", "updated_at")
