"""Questions about the edits and the app rather than asks for an edit: "what does saturation do?", "how do I undo?".

Answered in words, with no plan: planning five looks for "what is a vignette?" would edit a photo nobody asked to
change. Pure: no Django.
"""

import re

# What each edit word means, said plainly with an ask that does it (the glossary a question is answered from).
GLOSSARY = {
    "saturation": "how strong the colours are: more makes them richer, less fades them towards grey",
    "contrast": "the gap between the darks and the lights: more makes it punchier, less makes it flatter and softer",
    "vignette": "darkened corners and edges that draw the eye to the middle of the picture",
    "grain": "a fine speckle like film's, which gives a photo an analogue texture",
    "matte": "lifted blacks, so the darkest parts look faded grey rather than black, as in an old print",
    "sepia": "a brown, old-photograph tint over a black and white picture",
    "white balance": "the colour temperature: warmer leans towards yellow and orange, cooler towards blue",
    "temperature": "how warm (yellow-orange) or cool (blue) the colours look",
    "exposure": "how bright the whole picture is",
    "brightness": "how light or dark the whole picture is",
    "sharpening": "a crisper edge on detail; too much makes halos and grit",
    "split toning": "one colour in the shadows and another in the highlights, e.g. teal shadows and warm highlights",
    "highlights": "the brightest parts of the picture; keeping them stops skies and clouds turning plain white",
    "shadows": "the darkest parts of the picture; lifting them shows detail hidden in the dark",
    "crop": "cutting the picture down to a tighter frame or a set shape such as square, 4:5 or 16:9",
}
_ALIASES = {
    "saturated": "saturation",
    "vibrance": "saturation",
    "contrasty": "contrast",
    "vignetting": "vignette",
    "film grain": "grain",
    "matte look": "matte",
    "wb": "white balance",
    "warmth": "temperature",
    "sharpen": "sharpening",
    "sharpness": "sharpening",
    "split tone": "split toning",
    "cropping": "crop",
    "warm": "temperature",
    "cool": "temperature",
}
_TERM = "|".join(re.escape(t) for t in sorted([*GLOSSARY, *_ALIASES], key=len, reverse=True))
# "what does saturation do?", "what's a vignette", "what is split toning exactly?", "how does the grain work?"
_EXPLAIN = re.compile(
    r"^(?:\W*(?:so|ok|okay|hey|um+|hmm+|sorry|quick question)\W+)*"
    r"(?:what(?:'s|s| is| are| does| do)|how does|how do)\s+(?:a |an |the |this |that )?(?:word |term )?['\"]?"
    rf"({_TERM})['\"]?(?:\s+(?:even |actually |exactly |really )?(?:do|does|mean|means|work|works|for|exactly))*"
    r"(?:\s+to (?:the|my|a|this) (?:photo|picture|image|pic))?\W*$"
)
# "what's the difference between contrast and saturation?": both words explained
_BETWEEN = re.compile(rf"\bdifference between (?:the )?({_TERM}) and (?:the )?({_TERM})\b")
# How to use the app, not an edit: "how do I undo the last edit?", "can I go back to the original?", "how to save"
_APP = re.compile(
    r"\b(?:how (?:do|can|could|should|would) (?:i|we)|how to|can i|could i|is there (?:a way to|an?)|is it possible to)\s+"
    r"(?:\w+\s+)?(undo|revert|go back|get back|start over|reset|restore|save|download|export|keep|"
    r"see the original|get the original|compare)\b"
)


def _asked(text: str) -> list[str]:
    """The glossary words a question asks the meaning of (none when it asks no such thing)."""
    t = text.strip().lower()
    m = _EXPLAIN.search(t) or _BETWEEN.search(t)
    return list(dict.fromkeys(_ALIASES.get(term, term) for term in m.groups())) if m else []  # warm and cool: one


def is_explain(text: str) -> bool:
    """Whether the message asks what an edit word means or does ("what does saturation do?")."""
    return bool(_asked(text))


def is_app_help(text: str) -> bool:
    """Whether the message asks how to use the app (undo, save, which to pick, what was done), not for an edit."""
    return _app_answer(text) is not None


def explain_reply(text: str) -> str:
    """What the edit words asked about mean, and an ask that does the first."""
    terms = _asked(text)
    said = " ".join(f"{_name(t)} is {GLOSSARY[t]}." for t in terms)
    return f'{said} Ask for it, e.g. "{_TRY[terms[0]]}", and I\'ll make five variations.'


def _name(term: str) -> str:
    """A glossary word opening a sentence ("A vignette", "Saturation")."""
    return f"A {term}" if term in ("vignette", "crop") else term[0].upper() + term[1:]


# An ask that does each glossary word, as the planner reads it.
_TRY = {
    "saturation": "a bit more saturation",
    "contrast": "more contrast",
    "vignette": "add a vignette",
    "grain": "add some film grain",
    "matte": "a matte look",
    "sepia": "make it sepia",
    "white balance": "warmer",
    "temperature": "a touch cooler",
    "exposure": "brighter",
    "brightness": "a little darker",
    "sharpening": "sharpen it slightly",
    "split toning": "teal shadows, warm highlights",
    "highlights": "more contrast, keep the highlights",
    "shadows": "lift the shadows",
    "crop": "crop it square",
}


_GO_BACK = (
    "Nothing is lost: the strip at the top holds every upload and each turn's chosen variation. Click the "
    "original (or any earlier one) to make it current again, and the next edit starts from it."
)
_DOWNLOAD = (
    "Under each variation, **JPEG** or **PNG** downloads it at the original's full resolution; "
    "**Use this** makes it the image the next edit starts from."
)
# Keeping a result said as an order: "save it as png", "download", "export this please"
_SAVE = re.compile(
    r"^\W*(?:please\s+|pls\s+|just\s+)?(?:save|download|export)(?:\s+(?:it|this|that|the (?:photo|picture|image|result)))?"
    r"(?:\s+as\s+(?:an?\s+)?(?:png|jpe?g))?(?:\s+(?:please|pls))?\W*$"
)
_COMPARE = (
    "Slide over a result to compare it with its source, both shown whole in one box; **Full size** under a result "
    "opens the before/after view across the whole window."
)
# Which to choose is taste, not a measurement: "which one looks best?", "which would you pick?"
_PICK = re.compile(
    r"\bwhich (?:one|variation|version|of (?:these|them|the five|the variations))?\s*(?:\w+\s+)?"
    r"(?:is|looks?|do you|would you|should i)\s+(?:the\s+)?(?:best|nicest|prettiest|like|pick|choose|prefer|go with)\b"
)
_CHOOSE = (
    "Which one is best is your call: slide over each result to compare it with its source, press **Use this** "
    'on the one you like, then refine it ("a bit warmer", "push it further").'
)
# "can you explain what you did?", "what did you change?"
_DONE = re.compile(r"\b(?:explain|tell me|say) what you (?:did|changed|done)\b|\bwhat did you (?:do|change)\b")
_SAID = (
    'Each variation says what it did in the line under its label (e.g. "warmer white balance, firmer contrast; '
    'cropped square"), and what could not be done is said first.'
)


# Going back said as an order, not a question: "reset it", "undo", "go back to the original colours"
_BACK = re.compile(
    r"^\W*(?:please\s+|pls\s+|can you\s+|just\s+)?(?:reset|revert|undo|start over)"
    r"(?:\s+(?:it|that|this|everything|all|the edits?|the last (?:edit|one|change)))?(?:\s+(?:please|pls))?\W*$|"
    r"\b(?:go|get|take it|put it|revert it|change it)\s+back to (?:the |my )?original\b"
)


# What the page shows: "what does the slider do?", "what do the labels mean?", "why are there five?"
_PAGE = [
    (
        re.compile(r"\b(?:slider|before and after|before/after|full size)\b.*\?|\bwhat (?:does|is) the slider\b"),
        "compare",
    ),
    (re.compile(r"\bwhat (?:do|does) (?:the |those |these )?(?:labels?|names?|descriptions?)\b"), "said"),
    (
        re.compile(
            r"\bwhy (?:are there |do you (?:make|give|show|do) |so many|(?:five|5) )(?:\w+ )?(?:five|5|versions|variations)?"
        ),
        "five",
    ),
]
_FIVE = (
    "Each ask gets five variations, each a different look that does what was asked, so you can choose by eye: "
    'press **Use this** on the one you like and refine it from there ("a bit warmer", "push it further").'
)


def _app_answer(text: str) -> str | None:
    """The answer to a question about using the app, or None when the message is no such question."""
    t = text.strip().lower()
    if _BACK.search(t):
        return _GO_BACK
    if _SAVE.search(t):
        return _DOWNLOAD
    page = next((kind for pattern, kind in _PAGE if pattern.search(t)), None)
    if page:
        return {"compare": _COMPARE, "said": _SAID, "five": _FIVE}[page]
    if _PICK.search(t):
        return _CHOOSE
    if _DONE.search(t):
        return _SAID
    m = _APP.search(t)
    if m is None or not re.search(r"\?\s*$|^(?:how|can|could|is)\b", t):
        return None
    if m.group(1) == "compare":
        return _COMPARE
    return _DOWNLOAD if m.group(1) in ("save", "download", "export", "keep") else _GO_BACK


def app_reply(text: str) -> str:
    """How to go back, keep or download a result, which to pick, what was done (said, not edited)."""
    return _app_answer(text) or _GO_BACK
