"""A compound quality question whose parts each name their own thing ("is the sky blown out and the shadows
crushed?"): each part measured in its own region (the sky's stand-in; the shadows are the whole picture's), said
part by part, never one part's fault measured in the other's crop. Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.core.iqa import IQAPlan, ScopedDistortions
from imagelab.rules import iqa as rules_iqa

_JOINS = re.compile(r",\s*|\s+(?:and|but|while|whereas)\s+|;\s*")
# A part with its own thing ("the shadows", "it", "everything"): without one it is about the part before it.
_OWN = re.compile(r"\b(?:(?:the|my|his|her|their|its|this|that|these|those)\s+[a-z]+|it|everything|overall)\b")


def parts(text: str, plan: IQAPlan) -> list[IQAPlan] | None:
    """One plan per part of the question when its parts name different things (or one the whole picture), each
    with the faults of its own part; None for a question about one thing."""
    found = []
    for clause in _JOINS.split(text[:4000]):
        read = rules_iqa.read_question(clause, has_reference=False)
        names = [n for n in (read["distortions"] or [{"names": []}])[0]["names"] if n in plan.distortion_names()]
        scope = read["query_scope"]
        if scope == "Global" and found and not _OWN.search(clause):  # "is the dog blurry and noisy?": the dog's
            scope = found[-1][0]
        if names:
            found.append((scope, names))
    if len(found) < 2 or len({str(scope) for scope, _n in found}) < 2:
        return None
    return [
        plan.model_copy(
            update={
                "query_scope": scope,
                "distortions": [ScopedDistortions(scope=scope if isinstance(scope, str) else scope[0], names=names)],
            }
        )
        for scope, names in found
    ]


def merged(plan: IQAPlan, results: list[dict]) -> dict:
    """One answer of the parts' answers: their texts in turn, the figures and verdicts of them all."""
    quality = {
        "plan": plan.as_seed(),
        "figures": {k: v for r in results for k, v in r["quality"]["figures"].items()},
        "verdicts": {k: v for r in results for k, v in r["quality"]["verdicts"].items()},
        "measured": results[0]["quality"]["measured"],
        "parts": [{"plan": r["quality"]["plan"], "verdicts": r["quality"]["verdicts"]} for r in results],
    }
    return {
        "text": " ".join(r["text"] for r in results),
        "notes": [n for r in results for n in r["notes"]],
        "quality": quality,
    }
