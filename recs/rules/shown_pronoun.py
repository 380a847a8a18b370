"""A question about "it" or "them" right after picks were shown: "who directed it?", "how long are they?".

Nothing in the message names a film, so "it" is what the chat just showed: one pick, or each of them (a
reader asking "who directed it?" under three cards means the one they are looking at, which the text does not
say; the answer gives all three rather than guess). Pure: the caller answers each question from the catalogue.
"""

from __future__ import annotations

import re

_ASKS = re.compile(
    r"^(?:(?:and|so|but|ok|okay|hmm+|wait)\W+)?(?:who|whom|whose|what|when|how|which|is|was|are|were|does|did|do|has"
    r"|have)\b",
    re.I,
)
# longest first: "those films" is one pronoun, not "those" and a stray "films"; lower case only ("They" is a film)
_PRONOUN = re.compile(
    r"\b(?:(?:that|this) (?:one|film|movie)|(?:those|these) (?:ones|films|movies|two|three)|the(?:se|m|y)|those|it)\b"
)
_PLURAL = re.compile(r"^(?:the(?:se|m|y)|those)\b")
# "are they rated R?" asked of one film at a time: "is Fargo rated R?"
_VERBS = {"are": "is", "were": "was", "have": "has", "do": "does"}
# "is there anything like it", "what else is like them": asks for films, not about the ones shown
_REQUEST = re.compile(r"\b(?:there|anything|something|else|similar|like (?:it|them|that|those))\b", re.I)


def about_shown(text: str, last_picks: list[dict]) -> list[str]:
    """The question asked of each pick just shown ("who directed it?" -> "who directed Cars?", …), or []."""
    question = " ".join((text or "").split())
    if not last_picks or not _ASKS.match(question) or _REQUEST.search(question) or re.search(r"[,;]", question):
        return []
    pronoun = _PRONOUN.search(question)
    # a capital past the first word is likely a title the question names ("is Alien better than it?")
    if pronoun is None or re.search(r"\s[A-Z][a-z]", question[: pronoun.start()]):
        return []
    head, tail = question[: pronoun.start()], question[pronoun.end() :]
    if _PLURAL.match(pronoun.group()):
        head, tail = (re.sub(r"\b(are|were|have|do)\b", lambda m: _VERBS[m.group()], part) for part in (head, tail))
    return [f"{head}{pick['title']}{tail}" for pick in last_picks if pick.get("title")]
