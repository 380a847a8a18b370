"""What the offline image planner says instead of planning: generative asks, nonsense, small talk, quality.

Pure: no Django.
"""

import re

from imagelab.rules import amend, explain, focus, iqa_unmeasured, iterate
from imagelab.rules.intent import has_local_request, read_intent
from imagelab.rules.iqa import distortions_named, unmeasured
from imagelab.rules.iqa_words import EDIT, HOW_TO
from imagelab.rules.wishes import VOCABULARY

ANGLE_HINT = 'say by how many degrees, e.g. "straighten by 2°" (clockwise; "-2°" turns the other way)'

# For each thing only an AI edit can do (by what was asked, as `generative.GENERATIVE` words it), the closest
# local edit, said right after the refusal so the answer leads somewhere.
CLOSEST = {
    "blur the background": 'a vignette and a tighter crop that draw the eye to the subject: try "darken the '
    'corners and crop tighter"',
    "blur just one part of the picture": 'cropping that part out if it is near an edge: try "crop tighter"',
    "remove things from the picture": 'cropping it out if it is near an edge: try "crop tighter" or "crop it square"',
    "keep one colour and turn the rest grey": 'draining the colour from the whole picture: try "black and white" '
    'or "much less saturated"',
    "recolour one thing in the picture": 'shifting the colour of the whole picture: try "warmer", "cooler" or '
    '"much less saturated"',
    "add things to the picture": 'changing the light and colour of what is there: try "warmer with a vignette"',
    "change the sky or the background": 'deepening the sky you have while keeping the bright clouds: try "cooler '
    'and more contrast, keep the highlights"',
    "fix red-eye": "a cooler, less saturated grade, which tames every red in the picture alike, the eyes' too: try "
    '"cooler and a bit less saturated"',
    "retouch faces or skin": 'a softer, gentler look over the whole picture: try "soft and warm"',
    "extend the picture past its edges": 'a different crop of what is there: try "crop it 16:9"',
    "repaint it in another style or colourise it": 'a strong local look: try "vintage film look with grain" or '
    '"grainy black and white"',
}
MEASURED = "blur, noise, over- and underexposure, JPEG blocking, low contrast and colour casts"
# Words that ask for an edit without naming one ("make it look its best"): planned as five looks.
_VAGUE = frozenset(
    "best better improve enhance fix nice nicer good great pretty beautiful edit auto touch tweak adjust polish "
    "professional magic amazing stunning awesome something anything style look looks filter "
    "suggest suggestion suggestions idea ideas recommend surprise".split()  # "what would you suggest?": five looks
)


def _recognised(text: str) -> bool:
    """Whether any word of the text is one the planner knows or a vague ask for an edit."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    return bool(words & (_VAGUE | set(VOCABULARY)))


def edit_reply(text: str, chosen: dict | None = None) -> str | None:
    """A short answer instead of a plan when nothing asked is a local edit (else None: plan it).

    `chosen` is the chosen variation's plan: "push it further" is planned from it, or answered without one.
    """
    part = focus.read(text, chosen)
    # "zoom out a bit" on the chosen crop, or said why not (unless something new is asked too: then planned, said)
    if part is not None and (focus.reply(part, chosen) is None or amend.read(text, chosen) is None):
        return focus.reply(part, chosen)
    intent = read_intent(text)
    if has_local_request(intent):
        return None
    sign = iterate.direction(text)
    if sign and not (intent["generative"] or intent["cannot"]):
        return None if iterate.usable(chosen, sign) else iterate.reply(sign, chosen)
    if intent["generative"]:
        # Said to the person using the app; how an operator switches AI edits on is the README's business.
        closest = "; or ".join(CLOSEST[a] for a in intent["generative_asks"] if a in CLOSEST)
        return (
            f"AI edits aren't switched on for this app, so I can't {' or '.join(intent['generative_asks'])}. "
            + (f"The closest I can do here is {closest}. " if closest else "")
            + "I can change its colour, tone and contrast, make it black and white, crop, rotate, flip, sharpen it, "
            'add grain or a vignette: try "warmer and punchier" or "crop it square".'
        )
    if intent["cannot"]:
        return (
            f"I can't {' or '.join(intent['cannot'])} here. I can change its colour, tone and contrast, make it black and "
            'white, crop, rotate, flip, sharpen it, add grain or a vignette: try "crop it square" or "rotate 90°".'
        )
    if _recognised(text):
        return None
    return (
        "I'm not sure what to change in the photo from that. Tell me a look or an edit, e.g. \"warmer and "
        'punchier", "grainy black and white", "darken the corners" or "crop it square".'
    )


_CHAT = (
    r"^(hi|hiya|hello|hey|yo|sup|howdy|thanks|thank you|thx|ty|tysm|cheers|ok|okay|great|cool|nice|bye)\b|"
    r"^(?:good )?(?:morning|afternoon|evening|night)\b|what (?:else )?can you do|what (?:kind of |sort of )?edits|"
    r"who are you|how does (this|it) work|^help\b|what are you|how (?:do|can) i use (?:this|it|the app)"
)
# Words that only acknowledge ("ok cool", "nice thanks!"): a message of nothing else is small talk, even when one
# of them is also a tone word; a lone tone word ("cool") is still read as the edit it names.
_ACK = frozenset(
    "ok okay k kk cool nice great awesome perfect sweet thanks thank you thx ty tysm lol haha sure yes yep yeah "
    "alright got it love wow amazing good fine neat brilliant job well done work".split()
)
_QUALITY = (
    r"\b(sharp|blurry|blurred|in focus|out of focus|focus|noisy|noise|grainy|quality|exposed|"
    r"overexposed|underexposed|good enough|resolution)\b"
)
_QUESTION = r"\?\s*$|^(is|are|does|do|how|was|can you tell|tell me)\b"


def classify_request(text: str) -> str:
    """'chat' (small talk, what can you do), 'quality' (is it sharp?), 'explain' (what does saturation do?),
    'app' (how do I undo?) or 'edit'."""
    t = text.strip().lower()
    if not t:
        return "chat"
    if explain.is_explain(t):  # a question about an edit word, not an ask to make it
        return "explain"
    if explain.is_app_help(t) and not has_local_request(read_intent(t)):  # "undo the warmth" is an edit
        return "app"
    # an edit asked as a question ("can you get rid of the noise?") is planned; how to fix a fault is answered
    if re.search(_QUALITY, t) and re.search(_QUESTION, t) and not re.search(r"^(make|can you make|please)", t):
        if EDIT.search(t):
            return "edit"
        return "how_to" if HOW_TO.search(t) else "quality"
    if unmeasured(t):
        return "unmeasured"
    words = re.findall(r"[a-z]+", t)
    if words and set(words) <= _ACK and (len(words) > 1 or words[0] not in VOCABULARY):
        return "chat"
    # "cool it down a tad" and "ok, now crop it" open like small talk but ask for an edit
    if re.search(_CHAT, t) and not has_local_request(read_intent(t)):
        return "chat"
    return "edit"


# Per fault, the edit that answers it as the planner reads it, and the question that measures it: where "how do I
# fix a noisy photo?" is pointed.
_FIX = {
    "blur": ("sharpen it", "is it sharp?"),
    "noise": ("reduce the noise", "is it noisy?"),
    "overexposure": ("recover the highlights", "is it overexposed?"),
    "underexposure": ("brighter", "is it too dark?"),
    "low_contrast": ("more contrast", "is it flat?"),
    "colour_cast": ("fix the colour cast", "is there a colour cast?"),
}


def how_to_reply(text: str) -> str:
    """How to fix the fault a how-to question names ("how do I make it less grainy?"): the edit to ask for."""
    named = [d for d in distortions_named(text) if d in _FIX] or ["blur", "noise"]
    edits = " or ".join(f'"{_FIX[d][0]}"' for d in named)
    return (
        f"Ask me for it and I'll do it here: {edits} makes five variations to choose from. To check the photo "
        f'first, ask "{_FIX[named[0]][1]}" and I\'ll measure it.'
    )


_SIZE_QUESTION = re.compile(
    r"\b(?:what(?:'s| is)?(?: the)? (?:image |photo |picture |pixel )?(?:size|dimensions?)|"
    r"how (?:big|large|wide|tall|many (?:mega)?pixels)|"
    # the resolution asked about: "is this resolution good?", "what resolution is it?"
    r"(?:the|this|its|my|what|which) resolution|resolution (?:good|ok|okay|enough|high enough|of)|"
    r"(?:size|dimensions?) of (?:this|the|my|that) (?:photo|image|picture|pic|shot)|"
    r"(?:big|large) enough (?:to print|for (?:a |an )?(?:print|poster|canvas|frame|a4|a3))|print (?:size|it at|at))"
)
PRINT_DPI = 300  # a sharp print's pixels per inch


def size_answer(text: str, size: tuple[int, int], max_side: int) -> str | None:
    """The photo's size, when the message asks for it ("what size is this photo?"), else None."""
    t = text.strip().lower()
    if not (_SIZE_QUESTION.search(t) and re.search(_QUESTION + r"|^what\b", t)):
        return None
    w, h = size
    inches = (w / PRINT_DPI, h / PRINT_DPI)
    said = (
        f"The photo is {w} × {h} pixels ({w * h / 1e6:.1f} megapixels): at {PRINT_DPI} dpi it prints sharp up to "
        f"about {inches[0]:.1f} × {inches[1]:.1f} inches ({inches[0] * 2.54:.0f} × {inches[1] * 2.54:.0f} cm)."
    )
    if max(w, h) > max_side:
        said += f" Edits are made on a copy {max_side} pixels on its long side."
    return said


def chat_reply(text: str, kind: str | None = None) -> str:
    """A short conversational answer for a non-edit message."""
    kind = kind or classify_request(text)
    if kind == "unmeasured":
        names = iqa_unmeasured.named(text) or [unmeasured(text)]  # every one asked: "is it tilted or skewed?"
        hints = "".join(f" {iqa_unmeasured.NEXT[n]}" for n in names if n in iqa_unmeasured.NEXT)
        return (
            f"I can't measure {' or '.join(names)} here: the quality check looks at {MEASURED}. "
            'Ask about one of those, e.g. "is it sharp?" or "is the sky blown out?".' + hints
        )
    if kind == "how_to":
        return how_to_reply(text)
    if kind == "explain":
        return explain.explain_reply(text)
    if kind == "app":
        return explain.app_reply(text)
    if kind == "quality":  # a quality word the quality check did not read as a question about the photo
        return (
            f"I can't judge that from the question as it stands. Ask about one fault — {MEASURED} — e.g. "
            '"is it sharp?" or "is the sky blown out?", and I\'ll measure the photo; or tell me an edit, e.g. '
            '"warmer and punchier".'
        )
    t = text.strip().lower()
    if re.search(r"\b(thanks|thank you|thx|ty|tysm|cheers)\b", t):
        return "You're welcome! Tell me how you'd like the photo changed next."
    return (
        "Drop in a photo and tell me how to change it — warmer, cooler, punchier, softer, brighter, "
        "black and white, vintage, cinematic, crop tighter or square, rotate, mirror. I'll make five variations "
        "to choose from, and you can keep refining the one you pick."
    )
