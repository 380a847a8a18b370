"""Picks just shown, pointed at by their place: "another one like the second", "the first one but shorter"."""

from __future__ import annotations

import re

from recs.rules.scan import LESS_OF_A_KIND

_PLACES = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "middle": 1, "third": 2, "3rd": 2, "last": -1}
_NUMBERS = {"1": 0, "one": 0, "2": 1, "two": 1, "3": 2, "three": 2}
_PLACE = r"(?:the )?(?P<place>first|1st|second|2nd|middle|third|3rd|last)(?: (?:one|pick|film|movie|title))?"
_NUMBER = r"(?:number|no|#) ?(?P<number>[123]|one|two|three)"
# A place, then the end of what is pointed at: "the second world war films" or "the first harry potter" is no pick.
_TAIL = r"(?=\s*(?:$|[,.!?]|but\b|and\b|only\b|please\b|pls\b|though\b|with\b|from\b|that\b|which\b|is\b|was\b|best\b|most\b))"
PLACE_AFTER = re.compile(rf"\s*(?:{_PLACE}|{_NUMBER}){_TAIL}", re.I)
# Said after a word that asks for likeness ("like", "similar to", "as", "in the vein of").
AT_PLACE = re.compile(
    rf"\b(?:like|liked|loved|enjoyed|preferred|similar to|as|vein of|style of|lines of)\s+(?:{_PLACE}|{_NUMBER}){_TAIL}",
    re.I,
)
# Said first, then how to differ from it: "the first one but shorter", "ok the third one but older"; or first
# with praise, then the ask: "the first one looks good, anything similar but older", "2nd one was great, more?"
OPENS_AT = re.compile(
    rf"^(?:(?:ok(?:ay)?|yeah|yes|so|hmm+|nah|right)\W+)?(?:{_PLACE}|{_NUMBER})(?=\s*,?\s*but\b"
    r"|\s+(?:looks?|looked|sounds?|sounded|seems?|was|is|s)\s+(?:\w+\s+)?"
    r"(?:good|great|fun|nice|cool|interesting|perfect|amazing|awesome|the best|closest)\b)",
    re.I,
)


def _pointed(low: str) -> list[re.Match]:
    """Where a lower-case request points at a pick by its place."""
    return [*AT_PLACE.finditer(low), *filter(None, [OPENS_AT.match(low)])]


def shown_at(text: str, last_picks: list[dict]) -> list[dict]:
    """The last picks a request points at by their place ("like the second"), in the order said."""
    chosen: list[dict] = []
    for match in _pointed(" ".join((text or "").lower().split())):
        index = _PLACES[match["place"]] if match["place"] else _NUMBERS[match["number"]]
        if -len(last_picks) <= index < len(last_picks) and last_picks[index] not in chosen:
            chosen.append(last_picks[index])
    return chosen


def points_at_place(text: str) -> bool:
    """True when a request points at a pick by its place, whatever was shown."""
    return bool(_pointed(" ".join((text or "").lower().split())))


# A pick named by its place in a question: "who directed the first one", "how long is number 2?".
_ASKED_AT = re.compile(
    r"\b(?:the (?P<place>first|1st|second|2nd|middle|third|3rd|last) (?:one|pick|film|movie)"
    rf"|{_NUMBER})(?![\w-])",
    re.I,
)


def titles_for_places(text: str, last_picks: list[dict]) -> str:
    """The text with each pick it names by its place ("the second one") replaced by that pick's title."""

    def title(match: re.Match) -> str:
        place = match["place"]
        index = _PLACES[place.lower()] if place else _NUMBERS[match["number"].lower()]
        return last_picks[index]["title"] if -len(last_picks) <= index < len(last_picks) else match.group()

    return _ASKED_AT.sub(title, text or "") if last_picks else text


# "different genre this time", "something of another kind": away from what the picks shown have in common
_ANOTHER_KIND = re.compile(
    r"\b(?:different|another|other|new) (?:genre|kind|type|style)s?\b"
    r"|\bsomething (?:completely |totally |entirely |really |a bit |a little )?(?:different|else entirely)\b"
    r"|\b(?:none of (?:these|those|them)|not (?:feeling|into) (?:these|those|them|any of (?:these|those|them)))\b",
    re.I,
)


def asks_another_kind(text: str) -> bool:
    """True when a request asks for a genre other than the picks just shown."""
    return bool(_ANOTHER_KIND.search(text or ""))


# "something funnier", "funnier pls", "those but scarier": more of a mood than the picks just shown, said bare
_MORE_MOOD = re.compile(
    r"\b(?:funnier|scarier|creepier|spookier|sadder|darker|grittier|edgier|bleaker|grimmer|more (?:funny|romantic|"
    r"scary|exciting|tense|dramatic|emotional|action packed|action-packed|suspenseful|thrilling|dark|gritty|grim)|"
    # "less scary", "a bit lighter": softer than the picks shown (tone.py reads how)
    r"less (?:scary|violent|dark|gory|intense|sad|depressing|heavy|bleak|grim|creepy)|lighter|softer|gentler|tamer)\b",
    re.I,
)


def asks_more_of_a_mood(text: str) -> bool:
    """True when a request asks for more (or less) of a mood or kind ("something funnier", "less romantic"),
    which is relative to the picks shown."""
    return bool(_MORE_MOOD.search(text or "") or LESS_OF_A_KIND.search(prepare_less(text or "")))


def prepare_less(text: str) -> str:
    """The text folded enough for LESS_OF_A_KIND ("less superhero-y" reads "less superhero y")."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())
