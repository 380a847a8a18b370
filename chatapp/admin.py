"""Admin: chats with inline messages; plans, step logs and timings pretty-printed read-only."""

import json

from django.contrib import admin
from django.template.loader import render_to_string

from chatapp.models import ApiToken, Chat, Message, PlannerCall
from chatapp.selectors import day_start, usage_by_user


def pretty_json(value) -> str:
    """JSON shown read-only and readable in the admin."""
    return render_to_string("admin/chatapp/json.html", {"text": json.dumps(value, indent=2, ensure_ascii=False)})


class StepLogAdminMixin:
    """Read-only step log and timings, for anything a planner ran (messages, image jobs)."""

    class Media:
        css = {"all": ["marquee-admin.css"]}  # the JSON's wrapping (no inline style: the CSP refuses it)

    @admin.display(description="Step log")
    def step_log_pretty(self, obj):
        return pretty_json(obj.step_log)

    @admin.display(description="Timings (ms)")
    def timings_pretty(self, obj):
        return pretty_json(obj.timings)


class PrettyJsonMixin(StepLogAdminMixin):
    @admin.display(description="Plan & picks")
    def payload_pretty(self, obj):
        return pretty_json(obj.payload)


class MessageInline(PrettyJsonMixin, admin.StackedInline):
    model = Message
    extra = 0
    can_delete = False
    show_change_link = True
    fields = (
        "role",
        "status",
        "planner_source",
        "flow",
        "error",
        "content",
        "payload_pretty",
        "step_log_pretty",
        "timings_pretty",
    )
    readonly_fields = fields


@admin.register(Chat)
class ChatAdmin(admin.ModelAdmin):
    # Short columns: the flow choices' long labels and long titles made every row several lines tall.
    list_display = ("id", "short_title", "owner", "kind", "flow_code", "override_code", "updated_at")
    list_display_links = ("id", "short_title")
    list_filter = ("kind", "flow", "flow_override", "owner", "messages__status", "messages__planner_source")
    search_fields = ("title", "owner__username")
    readonly_fields = ("last_response_id", "pending_call_ids", "pending_turn_key", "created_at", "updated_at")
    inlines = [MessageInline]

    @admin.display(description="Title", ordering="title")
    def short_title(self, obj):
        text = obj.display_title
        return text if len(text) <= 60 else text[:59] + "…"

    @admin.display(description="Flow", ordering="flow")
    def flow_code(self, obj):
        return obj.flow or "—"

    @admin.display(description="Override", ordering="flow_override")
    def override_code(self, obj):
        return obj.flow_override or "—"


@admin.register(Message)
class MessageAdmin(PrettyJsonMixin, admin.ModelAdmin):
    list_display = ("id", "chat", "role", "status", "planner_source", "flow", "created_at")
    list_filter = ("role", "status", "planner_source", "flow", "chat__owner")
    search_fields = ("content", "turn_key")
    exclude = ("payload", "step_log", "timings")
    readonly_fields = (
        "chat",
        "role",
        "turn_key",
        "status",
        "planner_source",
        "flow",
        "error",
        "payload_pretty",
        "step_log_pretty",
        "timings_pretty",
        "created_at",
        "updated_at",
    )


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("key_prefix", "name", "user", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    exclude = ("key_hash",)
    readonly_fields = ("key_prefix", "created_at", "last_used_at")


@admin.register(PlannerCall)
class PlannerCallAdmin(admin.ModelAdmin):
    """Every planner call with its tokens and cost; the list opens with usage per user (today and in all)."""

    change_list_template = "admin/chatapp/plannercall/change_list.html"
    list_display = ("created_at", "user", "backend", "model", "purpose", "input_tokens", "output_tokens", "cost", "ms")
    list_filter = ("backend", "metered", "status", "model", "user")
    search_fields = ("user__username", "request_id", "response_id", "turn_key")
    list_select_related = ("user",)
    readonly_fields = [f.name for f in PlannerCall._meta.fields]

    def has_add_permission(self, request):
        return False  # calls are recorded by turns, never typed in

    def changelist_view(self, request, extra_context=None):
        today = {row["user_id"]: row for row in usage_by_user(since=day_start())}
        rows = [{**row, "today": today.get(row["user_id"])} for row in usage_by_user()]
        return super().changelist_view(request, extra_context={"usage_per_user": rows, **(extra_context or {})})
