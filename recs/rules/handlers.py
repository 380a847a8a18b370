"""The rule backend's handlers for the movie chat: decide_mode, plan_picks, a mode A answer and a v1
turn, answered offline by the recommender (the tools themselves are declared in recs.flows.tools)."""

from __future__ import annotations

import re

from chatapp.planner.backends.base import (
    FunctionCallOutput,
    PlannerContext,
    PlannerReply,
    PlannerRequest,
)
from chatapp.planner.backends.rules import TextHandler, ToolHandler, rules_tool_call
from recs.flows.tools import (
    DECIDE_MODE_TOOL,
    PLAN_PICKS_TOOL,
    PROPOSE_LIST_CHANGES_TOOL,
    SEARCH_MOVIES_TOOL,
    DecideModeArgs,
    MovieContext,
    PlanPicksArgs,
    SearchMoviesArgs,
)
from recs.rules.answer import UNSURE, answer, decide_mode
from recs.rules.list_changes import parse_list_changes, read_list_changes, which_one
from recs.rules.lists_asked import lists_answer
from recs.rules.parse import parse_constraints
from recs.rules.preferences import extract_preferences
from recs.rules.rank import plan_picks
from recs.rules.shown import titles_for_places
from recs.rules.shown_pronoun import about_shown
from recs.rules.shown_superlative import shown_superlative
from recs.rules.why_picked import why_picked
from recs.sources.catalogue import load_catalogue


def rules_decide_mode(request: PlannerRequest) -> DecideModeArgs:
    """Offline decide_mode: intent classification; a list change is answered in mode A."""
    ctx = _movie_context(request)
    text = ctx.text
    focus = _last_answered_film(request.input)
    if parse_list_changes(text, last_picks=ctx.last_picks) or focus and parse_list_changes(text, last_picks=focus):
        return DecideModeArgs(mode="A", reason="Asks to change their watchlist or seen list.")
    if which_one(text, last_picks=ctx.last_picks):
        return DecideModeArgs(mode="A", reason="Asks to change a list, naming no one film.")
    if lists_answer(text, ctx.lists, load_catalogue()) is not None:
        return DecideModeArgs(mode="A", reason="Asks about their watchlist or seen list.")
    if why_picked(text, ctx.last_picks) is not None:
        return DecideModeArgs(mode="A", reason="Asks why a pick was shown.")
    if ctx.learned and _STATEMENT.match(text) and not _ASKS.search(text):
        return DecideModeArgs(mode="A", reason="States a preference; acknowledge it.")
    return decide_mode(text)


# "I hate horror" states a taste; "I love horror, what should I watch?" still asks for films. A message
# that opens with "more"/"less"/"no" ("more comedies please", "no more westerns") is a request: it gets
# picks (its leaning is remembered all the same).
_STATEMENT = re.compile(
    # "remember that I hate horror", "fyi we love westerns": a taste to keep, said as one
    r"^\s*(?:(?:please\s+)?(?:remember|note|keep in mind|fyi|btw|just so you know|for the record)(?:\s+that)?[,:]?\s+)?"
    r"(?:i|we)\s+(?:really\s+|just\s+)?(?:hate|love|like|dislike|adore|enjoy|can.?t stand|don.?t (?:like|enjoy))\b",
    re.I,
)
_ASKS = re.compile(r"recommend|suggest|watch|give me|show me|what should|any ideas|\?", re.I)


def rules_plan_picks(request: PlannerRequest) -> PlanPicksArgs:
    """Offline plan_picks: the constraint-aware catalogue recommender."""
    ctx = _movie_context(request)
    plan = plan_picks(
        ctx.text,
        load_catalogue(),
        blocked=ctx.blocked,
        profile=ctx.profile,
        last_picks=ctx.last_picks or _recommended_in(request.input),
    )
    if ctx.autostart:
        return plan.model_copy(update={"intro": f"Hello! {plan.intro}"})
    return plan


def rules_answer(request: PlannerRequest) -> str | PlannerReply:
    """Offline mode A: propose list changes asked for in words, else answer from the catalogue."""
    ctx = _movie_context(request)
    text = ctx.text
    focus = _last_answered_film(request.input)  # "is the first one good?" answered: "it" is that film now
    if any(tool.name == PROPOSE_LIST_CHANGES_TOOL.name for tool in request.tools):
        changes, notes = read_list_changes(text, last_picks=ctx.last_picks)
        if not changes and focus:  # "add it to my watchlist"
            changes, notes = read_list_changes(text, last_picks=focus)
        if changes:  # notes say what was left out (a 7-star rating), shown above the diff card
            args = {"changes": [c.model_dump() for c in changes]}
            call = rules_tool_call(PROPOSE_LIST_CHANGES_TOOL.name, args)
            return PlannerReply(text=" ".join(notes), tool_calls=[call])
    # "who directed it?" under the picks: no film named, so the ones shown ("when did they come out" is no
    # question about the 2002 film They), else "who directed the first one"
    said = (
        (None if focus else which_one(text, last_picks=ctx.last_picks))  # "add it" under three picks: which?
        or lists_answer(text, ctx.lists, load_catalogue())
        or why_picked(text, ctx.last_picks)
        or shown_superlative(text, ctx.last_picks, load_catalogue())
        or _about_shown(text, (None if _THEM.search(text) else focus) or ctx.last_picks)
        or answer(titles_for_places(text, ctx.last_picks), load_catalogue())
    )
    return _acknowledged(ctx.learned, said) if ctx.learned else said


def _about_shown(text: str, last_picks: list[dict]) -> str | None:
    """A question about "it" or "them" answered for the one pick just shown, or for each; None if any is unknown."""
    catalogue = load_catalogue()
    said = [answer(q, catalogue) for q in about_shown(text, last_picks)]
    if not said or any(s.startswith("I don't know") for s in said):
        return None
    return said[0] if len(said) == 1 else "Of the picks just shown:\n\n" + "\n".join(f"- {s}" for s in said)


def _acknowledged(learned: str, reply: str) -> str:
    """A stated preference ("I hate horror") deserves an acknowledgement, not "I don't know"."""
    ack = f"Noted: {learned}. I'll keep that in mind when I recommend films."
    return ack if reply.startswith(("I don't know", UNSURE)) else f"{ack}\n\n{reply}"


# v1 offers only search_movies, so it cannot show a diff card: it says where the buttons are instead.
V1_LIST_CHANGES = (
    "I can't change your lists from a message here. Use the **+ Watchlist** and **Seen it** buttons on "
    "the pick cards, or the Lists page."
)


def v1_pick_line(title: str, year: int | None, reason: str) -> str:
    """One pick as the v1 answer names it: `- **Title** (Year) — reason`."""
    return f"- **{title}** ({year}) — {reason}"


def rules_v1_chat(request: PlannerRequest) -> str | PlannerReply:
    """Offline v1 turn: answer questions; for films, search first, then name three picks as lines."""
    ctx = _movie_context(request)
    text = ctx.text
    if ctx.autostart:  # a greeting: three picks for the taste, no search to run on words
        return "Hello! " + _v1_picks(request, "")
    if parse_list_changes(text, last_picks=ctx.last_picks):
        return V1_LIST_CHANGES
    if listed := lists_answer(text, ctx.lists, load_catalogue()):
        return listed
    # Like v2: a stated preference (already remembered by the flow) is acknowledged, not answered with picks.
    learned = ctx.learned or extract_preferences(text, load_catalogue()).describe()
    if learned and _STATEMENT.match(text) and not _ASKS.search(text):
        return _acknowledged(learned, answer(text, load_catalogue()))
    if decide_mode(text).mode == "A":
        return answer(titles_for_places(text, ctx.last_picks), load_catalogue())
    # Like a model on Chat Completions: call the tool first, answer once its output is in the input.
    if not any(isinstance(item, FunctionCallOutput) for item in request.input):
        return PlannerReply(tool_calls=[rules_tool_call("search_movies", _v1_search_args(text))])
    return _v1_picks(request, text)


def _v1_picks(request: PlannerRequest, text: str) -> str:
    """A v1 answer naming three picks as lines the server resolves into cards."""
    ctx = _movie_context(request)
    plan = plan_picks(
        text,
        load_catalogue(),
        blocked=ctx.blocked,
        profile=ctx.profile,
        last_picks=ctx.last_picks or _recommended_in(request.input),
    )
    lines = [v1_pick_line(p.title, p.year, p.reason) for p in plan.picks]
    return plan.intro + "\n\n" + "\n".join(lines)


_RECOMMENDED = re.compile(r"^Recommended: (.+)$", re.M)
_NAMED = re.compile(r"(.+?) \((\d{4}|None)\)(?:, |$)")


# an answer about one film opens with its name: "**Heat** (1995): IMDB 8.3/10 …", "I picked **Heat** (1995): …"
_ONE_FILM = re.compile(r"^(?:I picked )?\*\*(?P<title>[^*\n]+)\*\* \((?P<year>\d{4})\)")


_THEM = re.compile(r"\b(?:them|they|these|those)\b", re.I)  # a question about the picks, not the film discussed


def _last_answered_film(items: list) -> list[dict]:
    """The film the last answer was about, when it was about one ("who's in it?" then means it), else []."""
    for item in reversed(items):
        if getattr(item, "role", "") != "assistant":
            continue
        said = (getattr(item, "text", "") or "").strip()
        found = None if _RECOMMENDED.search(said) else _ONE_FILM.match(said)
        return [{"title": found["title"], "year": int(found["year"])}] if found else []
    return []


def _recommended_in(items: list) -> list[dict]:
    """The last picks named in the history replay ("Recommended: Se7en (1995), …"), as a model would read them."""
    for item in reversed(items):
        found = (
            _RECOMMENDED.findall(getattr(item, "text", "") or "") if getattr(item, "role", "") == "assistant" else []
        )
        if found:
            return [{"title": t, "year": int(y) if y.isdigit() else None} for t, y in _NAMED.findall(found[-1])]
    return []


def _v1_search_args(text: str) -> SearchMoviesArgs:

    catalogue = load_catalogue()
    cons = parse_constraints(text, catalogue)
    liked = [m for m in (catalogue.get(i) for i in cons.like_ids) if m]
    if liked:  # "something like Heat": look the reference film up
        return SearchMoviesArgs(query=liked[0].title, year=liked[0].year)
    words = cons.genre_words or cons.moods or cons.genres
    query = " ".join(words[:2]) if words else " ".join(text.split())[:200]
    return SearchMoviesArgs(query=query or "film")


def rules_movie_text(request: PlannerRequest) -> str | PlannerReply:
    """Offline text answer of the movie chat, chosen by the tools offered (as a model would use them).

    The v1 turn offers `search_movies`: search, then name picks. The v2 answer (mode A) offers
    `propose_list_changes`: answer, or propose a list change asked for in words.
    """
    if any(tool.name == SEARCH_MOVIES_TOOL.name for tool in request.tools):
        return rules_v1_chat(request)
    return rules_answer(request)


def _movie_context(request: PlannerRequest) -> MovieContext:
    ctx = request.context
    if ctx is None:
        return MovieContext()
    if not isinstance(ctx, MovieContext):
        raise TypeError(f"the movie rules need a MovieContext, not {type(ctx).__name__}")
    return ctx


# The rule-based backend's movie handlers: forced calls by tool name, text answers by context class.
RULE_TOOL_HANDLERS: dict[str, ToolHandler] = {
    DECIDE_MODE_TOOL.name: rules_decide_mode,
    PLAN_PICKS_TOOL.name: rules_plan_picks,
}
RULE_ANSWERERS: dict[type[PlannerContext], TextHandler] = {MovieContext: rules_movie_text}
