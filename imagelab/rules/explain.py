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
}
_TERM = "|".join(re.escape(t) for t in sorted([*GLOSSARY, *_ALIASES], key=len, reverse=True))
# "what does saturation do?", "what's a vignette", "what is split toning exactly?", "how does the grain work?"
_EXPLAIN = re.compile(
    r"^(?:\W*(?:so|ok|okay|hey|um+|hmm+|sorry|quick question)\W+)*"
    r"(?:what(?:'s|s| is| are| does| do)|how does|how do)\s+(?:a |an |the |this |that )?(?:word |term )?['\"]?"
    rf"({_TERM})['\"]?(?:\s+(?:even |actually |exactly |really )?(?:do|does|mean|means|work|works|for|exactly))*\W*$"
)
# How to use the app, not an edit: "how do I undo the last edit?", "can I go back to the original?", "how to save"
_APP = re.compile(
    r"\b(?:how (?:do|can|could|should|would) (?:i|we)|how to|can i|could i|is there (?:a way to|an?))\s+"
    r"(?:\w+\s+)?(undo|revert|go back|get back|start over|reset|restore|save|download|export|keep|"
    r"see the original|get the original|compare)\b"
)


def is_explain(text: str) -> bool:
    """Whether the message asks what an edit word means or does ("what does saturation do?")."""
    return _EXPLAIN.search(text.strip().lower()) is not None


def is_app_help(text: str) -> bool:
    """Whether the message asks how to use the app (undo, go back, save, download), not for an edit."""
    t = text.strip().lower()
    return _APP.search(t) is not None and bool(re.search(r"\?\s*$|^(?:how|can|could|is)\b", t))


def explain_reply(text: str) -> str:
    """What the edit word asked about means, and an ask that does it."""
    term = _EXPLAIN.search(text.strip().lower()).group(1)
    term = _ALIASES.get(term, term)
    name = f"A {term}" if term in ("vignette", "crop") else term[0].upper() + term[1:]
    return f'{name} is {GLOSSARY[term]}. Ask for it, e.g. "{_TRY[term]}", and I\'ll make five variations.'


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


def app_reply(text: str) -> str:
    """How to go back, keep or download a result (said, not edited)."""
    verb = _APP.search(text.strip().lower()).group(1)
    if verb in ("save", "download", "export", "keep"):
        return (
            "Under each variation, **JPEG** or **PNG** downloads it at the original's full resolution; "
            "**Use this** makes it the image the next edit starts from."
        )
    return (
        "Nothing is lost: the strip at the top holds every upload and each turn's chosen variation. Click the "
        "original (or any earlier one) to make it current again, and the next edit starts from it."
    )
