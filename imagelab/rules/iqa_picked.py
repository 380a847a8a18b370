"""A variation picked by a superlative and asked about ("are the highlights clipped on the brightest one?", "is the
sharpest one noisy?"): the one the superlative names is found by measurement, then the question is answered about it,
saying which it is. Not a ranking: the question asks a fault of one variation. Pure: no Django.
"""

from __future__ import annotations

import re

from imagelab.core import quality
from imagelab.rules.iqa_rank_words import ORDERED
from imagelab.rules.iqa_words import WHICH

# The superlative -> (the figure that finds it, whether its highest value wins, how its figure is written).
_PICKS = [
    (r"brightest|lightest|most exposed", "mean_luminance", True, "mean brightness {:.0f}"),
    (r"darkest|dimmest|moodiest", "mean_luminance", False, "mean brightness {:.0f}"),
    (r"sharpest|crispest|most detailed|least blurry|least soft", "blur_effect", False, "blur effect {:.2f}"),
    (r"softest|blurriest|most blurry|least sharp", "blur_effect", True, "blur effect {:.2f}"),
    (r"noisiest|grainiest|most noisy|most grainy|least clean", "noise_sigma", True, "noise σ {:.1f}"),
    (r"cleanest|least noisy|least grainy", "noise_sigma", False, "noise σ {:.1f}"),
    (r"warmest|most yellow|yellowest", "cast_b", True, "yellow–blue b* {:.1f}"),
    (r"coolest|coldest|bluest|most blue", "cast_b", False, "yellow–blue b* {:.1f}"),
    (r"punchiest|most contrast(?:y|ed)?|contrastiest", "contrast_spread", True, "tonal range {:.0f}"),
    (r"flattest|least contrast(?:y|ed)?|dullest", "contrast_spread", False, "tonal range {:.0f}"),
    (r"most colou?rful|most vivid|most saturated|most vibrant", "colourfulness", True, "colourfulness {:.1f}"),
    (r"least colou?rful|most muted|least saturated|least vivid", "colourfulness", False, "colourfulness {:.1f}"),
]
_WORDS = "|".join(pattern for pattern, *_rest in _PICKS)
# "the brightest one", "the sharpest variation", "the warmest": one variation named by how it measures
_PICKED = re.compile(rf"\bthe ({_WORDS})(?: (?:one|variation|version|variant|option|edit|result|pic|shot))?\b")
# A yes/no question ("are the highlights clipped on ...", "is the sharpest one noisy?"), never "which one ...?"
_POLAR = re.compile(r"^\W*(?:(?:so|ok|okay|and|but|hey|hmm+)\W+)*(?:is|are|does|do|did|has|have|was|were|any)\b")
_WHICH = re.compile(rf"\b{WHICH}\b|\bwhat\b|{ORDERED}")


def asked(text: str, faults: list[str]) -> str | None:
    """The superlative a yes/no question picks its variation by ("are the highlights clipped on the brightest one?"
    -> "brightest"), or None: a question of which one, or one asking nothing beyond the superlative (`faults`, the
    faults named once the superlative is taken out) is a ranking."""
    t = text[:4000].strip().lower()
    m = _PICKED.search(t)
    if m is None or not _POLAR.search(t) or _WHICH.search(t) or not faults:
        return None
    return m.group(1)


def narrowed(plan, faults: list[str]):
    """The plan answering only the faults asked of the picked variation ("is the sharpest one noisy?": noise, not the
    blur its superlative names), or the plan as it is when they are not among its faults."""
    keep = [d for d in plan.distortion_names() if d in faults]
    if not keep or not plan.distortions:
        return plan
    scoped = [s.model_copy(update={"names": [n for n in s.names if n in keep]}) for s in plan.distortions]
    return plan.model_copy(update={"distortions": [s for s in scoped if s.names]})


def without(text: str) -> str:
    """The question with the superlative phrase taken out: what it asks of the variation it picks."""
    return _PICKED.sub(" it ", text[:4000].lower())


def pick(word: str, images: dict) -> tuple[int, str]:
    """(the variation the superlative names by measurement, the note saying which and by what figures) of
    {number: image}."""
    _pattern, figure, highest, fmt = next(row for row in _PICKS if re.fullmatch(row[0], word))
    values = {n: quality.measure(image)[figure] for n, image in images.items()}
    chosen = (max if highest else min)(sorted(values), key=lambda n: values[n])
    name = fmt.rsplit(" ", 1)[0]
    listed = "; ".join(f"#{n} {fmt.format(values[n]).rsplit(' ', 1)[-1]}" for n in sorted(values))
    return chosen, f"The {word} is variation {chosen} ({name}: {listed}), so I answered about it."
