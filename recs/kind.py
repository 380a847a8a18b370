"""The movie chat as a chat kind: everything it brings to the chat core, named by dotted path."""

from chatapp.kinds import ChatKind, register

MOVIES = ChatKind(
    name="movies",
    label="movie chat",
    flows={"v2": "recs.flows.v2.run_v2", "v1": "recs.flows.v1.run_v1"},
    page="recs.views.chat_page",
    message_html="recs.render.message_html",
    events="recs.events.parse",
    renderers={
        "mode.decided": "recs.render.mode_decided_html",
        "intro.shown": "recs.render.intro_shown_html",
        "pick.resolved": "recs.render.pick_resolved_html",
        "pick.dropped": "recs.render.pick_dropped_html",
        "proposal.shown": "recs.render.proposal_shown_html",
        "proposal.updated": "recs.render.proposal_updated_html",
    },
    json_extras={"proposal.shown": "recs.sockets.proposal_json", "proposal.updated": "recs.sockets.proposal_json"},
    socket_actions={"approve": "recs.sockets.approve", "discard": "recs.sockets.discard"},
    rule_tools="recs.rules.handlers.RULE_TOOL_HANDLERS",
    rule_answerers="recs.rules.handlers.RULE_ANSWERERS",
    autostart="recs.services.memory.autostart_enabled",
    on_regenerate="recs.services.memory.memory_forget_results",
    can_regenerate=True,
    has_versions=True,
    on_versions_changed="recs.services.recommendations.recommendations_sync",
    urls="recs.urls",
    api_router="recs.api.router",
    export="recs.exports.export_parts",
    list_icon="recs/list_icon.html",
    nav=(("Lists", "lists"),),
    error_codes=(
        "proposal_not_found",
        "nothing_selected",
        "invalid_decision",
        "invalid_rows",
        "invalid_rating",
        "not_on_list",
        "pick_not_found",
        "unknown_list",
        # the Lists page's Letterboxd import
        "no_import_file",
        "too_many_files",
        "import_too_large",
        "too_many_rows",
        "not_csv",
        "bad_encoding",
        "wrong_columns",
        "unknown_import_file",
    ),
)


def register_kind() -> None:
    """Called from RecsConfig.ready()."""
    register(MOVIES)
