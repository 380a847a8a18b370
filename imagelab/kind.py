"""The image lab as a chat kind: everything it brings to the chat core, named by dotted path."""

from chatapp.kinds import ANY_VERSION, ChatKind, register

IMAGES = ChatKind(
    name="images",
    label="image chat",
    flows={ANY_VERSION: "imagelab.flows.run_image_turn"},
    page="imagelab.views.chat_page",
    message_html="imagelab.render.message_html",
    events="imagelab.events.parse",
    renderers={
        "planner.source": "imagelab.render.planner_source_html",
        "plans": "imagelab.render.plans_html",
        "step.result": "imagelab.render.step_result_html",
        "variation.done": "imagelab.render.variation_done_html",
        "variation.revised": "imagelab.render.variation_revised_html",
        "job.ended": "imagelab.render.job_ended_html",
    },
    # a text sent (either socket, the chat API): a turn on the current image, refused (`no_image`) while there is none
    on_send="imagelab.services.turn_prepare_text",
    rule_tools="imagelab.planning.RULE_TOOL_HANDLERS",
    rule_answerers="imagelab.planning.RULE_ANSWERERS",
    on_turn_closed="imagelab.services.job_close_for_message",
    queue="images",  # image work runs in worker processes (TURN_RUNNER=procrastinate), never beside pages
    has_versions=True,
    on_rerun="imagelab.services.job_prepare_rerun",
    urls="imagelab.urls",
    api_router="imagelab.api.router",
    export="imagelab.exports.export_parts",
    api_prefix="/imagelab",
    http_wrapper="imagelab.asgi_limits.wrap_http",
    list_related=("image_state",),
    list_icon="imagelab/list_icon.html",
    error_codes=(
        "no_image",
        "too_many_images",
        "not_an_image",
        "corrupt_image",
        "unsupported_format",
        "extension_mismatch",
        "image_too_large",
        "too_many_pixels",
        "invalid_variation",
        "variation_not_ready",
        "invalid_instruction",
        "instruction_too_long",
        "busy",
        "job_failed",
        "job_finished",
        "no_variations",
        "source_missing",
    ),
)


def register_kind() -> None:
    """Called from ImagelabConfig.ready()."""
    register(IMAGES)
