"""A quality question with an edit that hangs on its answer ("is it too dark? if so brighten it", "is it sharp
enough? if not sharpen it"): the question is measured and answered first, and the edit runs only when the answer
says it should. Pure: no Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from imagelab.rules import iqa_polarity

# "... ? if so, brighten it", "..., and if it is, fix it", "... if not sharpen it"; the question before ends in "?" or
# a comma (a condition with nothing asked before it is an edit's own wording: "brighten it if needed").
_CONDITION = re.compile(
    r"^(?P<question>.+?)(?:\?+|[,;.]|\s-+)\s*(?:(?:and|then|so|ok)\s+)?"
    r"(?P<if>if (?:so|yes|yeah|it is|it's|they are|that's the case|it does|there is|there are)|"
    r"if not|if no|if it isn'?t|if it's not|if they aren'?t|if it doesn'?t|otherwise)\b[,:]?\s*(?P<edit>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# ... or after the edit: "is it too bright? tone it down if so"
_CONDITION_AFTER = re.compile(
    r"^(?P<question>.+?)\?+\s*(?P<edit>.+?)[,\s]+(?P<if>if (?:so|yes|it is|it's|they are|needed|necessary)|if not|"
    r"if it isn'?t|if it's not)\W*$",
    re.IGNORECASE | re.DOTALL,
)


@dataclass(frozen=True)
class Conditional:
    """A question, the edit that hangs on it, and whether it runs on a yes ("if so") or a no ("if not")."""

    question: str
    edit: str
    on_yes: bool


def split(text: str) -> Conditional | None:
    """The question and the edit of "is it too dark? if so brighten it", or None for any other message."""
    m = _CONDITION.match(text.strip()[:4000]) or _CONDITION_AFTER.match(text.strip()[:4000])
    if not m:
        return None
    on_yes = not re.match(r"if (?:not|no|it isn|it's not|they aren|it doesn)|otherwise", m.group("if").lower())
    return Conditional(question=m.group("question").strip() + "?", edit=m.group("edit").strip(), on_yes=on_yes)


def holds(cond: Conditional, verdicts: dict[str, str]) -> bool:
    """Whether the answer's verdicts call for the edit: a fault found on "is it too dark? if so", none found on "is
    it sharp? if so" (asked by its good word), and the other way round for "if not". Borderline is not found."""
    found = any(v == "yes" for v in verdicts.values())
    good = bool(iqa_polarity.asked_good(cond.question) & verdicts.keys())
    return found if cond.on_yes != good else not found


def said(cond: Conditional, run: bool, verdicts: dict[str, str] | None = None) -> str:
    """What follows the answer: the edit starting, or why it was left and how to ask for it anyway."""
    if run:
        return f"So I'm making five variations of “{cond.edit}”."
    lead = "That is borderline, so" if "unsure" in (verdicts or {}).values() else "So"
    return f"{lead} I've left it as it is; say “{cond.edit}” if you'd like it anyway."
