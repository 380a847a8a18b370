"""The closest local alternatives to an edit only an AI edit can do (by what was asked, as `generative.GENERATIVE`
words it): a plain answer first, then five plans, each saying what it does instead.

"Replace the sky" gets sky-minded grades (deeper blues and contrast that keep the clouds, a sunset-coloured
grade, a crop that trims the sky, heavier edges); "remove the person" gets crops that frame an edge out.
Each plan is a list of steps: ("crop", (left, top, right, bottom) as fractions of the frame) or an op and its
params. Pure: no Django.
"""

from imagelab.core import ops
from imagelab.rules import geometry as geo

# fmt: off
_EDGE_CROPS = [
    ("Left Part", "keeps the left 70 %, so anything at the right edge is framed out", [("crop", (0, 0, .7, 1))]),
    ("Right Part", "keeps the right 70 %, so anything at the left edge is framed out", [("crop", (.3, 0, 1, 1))]),
    ("Lower Part", "keeps the lower 75 %, so anything along the top is framed out", [("crop", (0, .25, 1, 1))]),
    ("Upper Part", "keeps the upper 75 %, so anything along the bottom is framed out", [("crop", (0, 0, 1, .75))]),
    ("Centre", "a centre crop of 70 %, so anything near any edge is framed out", [("crop", (.15, .15, .85, .85))]),
]
# ask -> (what it needs, said plainly; what the five do instead; the five plans: label, what it does, steps)
ALTERNATIVES = {
    "change the sky or the background": ("replacing the sky or the background", "make the most of the sky you have", [
        ("Deep Sky", "deepens the blues and the contrast of the sky you have, keeping the bright clouds",
         [("temperature", {"warm": False, "strength": .3}), ("saturation", {"value": 1.15}),
          ("contrast", {"value": 1.15}), ("levels", {"black": 8, "white": 255, "gamma": .95})]),
        ("Sunset Glow", "a warm, sunset-coloured grade over the whole picture (the sky itself stays)",
         [("temperature", {"warm": True, "strength": .55}), ("tint", {"color": "#F28C38", "strength": .12}),
          ("saturation", {"value": 1.1})]),
        ("Less Sky", "crops most of the sky away from the top", [("crop", (0, .3, 1, 1)), ("contrast", {"value": 1.08})]),
        ("Heavy Sky", "darker edges and a denser tone, so the sky reads heavier, as a graduated filter would",
         [("brightness", {"value": .92}), ("contrast", {"value": 1.2}), ("vignette", {"strength": .4})]),
        ("Blue Hour", "a cool, dim blue-hour grade for sky and land alike", [("brightness", {"value": .88}),
         ("tint", {"color": "#35507A", "strength": .12}), ("contrast", {"value": 1.1})]),
    ]),
    "remove things from the picture": ("removing an object", "frame it out with a crop, if it is near an edge",
                                       _EDGE_CROPS),
    "blur just one part of the picture": ("blurring just one part", "frame that part out with a crop, if it is near "
                                          "an edge", _EDGE_CROPS),
    "blur the background": ("blurring only the background", "draw the eye to the subject", [
        ("Vignette", "darkens the corners so the eye goes to the middle", [("vignette", {"strength": .35})]),
        ("Close Crop", "a 75 % centre crop that brings the subject closer", [("crop", (.125, .125, .875, .875))]),
        ("Spotlight", "a strong vignette and a slightly dimmer picture, a spotlight on the subject",
         [("vignette", {"strength": .55}), ("brightness", {"value": .95})]),
        ("Tight Vignette", "a 85 % centre crop with darkened corners",
         [("crop", (.075, .075, .925, .925)), ("vignette", {"strength": .3})]),
        ("Square Focus", "a centred square crop with a light vignette", [("crop", "square"), ("vignette", {"strength": .25})]),
    ]),
    "extend the picture past its edges": ("extending the picture past its edges", "reframe what is there", [
        ("Widescreen", "a 16:9 crop", [("crop", 16 / 9)]), ("Square", "a square crop", [("crop", "square")]),
        ("Portrait", "a 4:5 crop", [("crop", .8)]), ("Cinema", "a 2.39:1 letterbox crop", [("crop", geo.WIDESCREEN)]),
        ("Classic", "a 3:2 crop", [("crop", 1.5)]),
    ]),
    "retouch faces or skin": ("retouching faces or skin", "soften the whole picture gently", [
        ("Soft Glow", "a slight softening and lift", [("blur", {"sigma": .6}), ("brightness", {"value": 1.05})]),
        ("Warm Soft", "gentler contrast and a warmer tone", [("contrast", {"value": .9}),
         ("temperature", {"warm": True, "strength": .25})]),
        ("Matte Soft", "lifted blacks and gentler contrast", [("levels", {"black": 0, "white": 255, "gamma": 1.1}),
         ("contrast", {"value": .88})]),
        ("Muted", "calmer colour and a touch of softening", [("saturation", {"value": .85}), ("blur", {"sigma": .4})]),
        ("Bright Soft", "brighter and gentler", [("brightness", {"value": 1.1}), ("contrast", {"value": .92})]),
    ]),
    "repaint it in another style or colourise it": ("repainting or colourising", "give it a strong local look", [
        ("Film Grain", "a vintage film look with grain", [("filter", {"type": "sepia"}), ("grain", {"amount": .2})]),
        ("Grainy Mono", "grainy black and white", [("filter", {"type": "grayscale"}), ("grain", {"amount": .25})]),
        ("Hand Tint", "a warm hand-tinted colour wash", [("tint", {"color": "#C9874A", "strength": .2})]),
        ("Poster", "bold colour and hard contrast", [("saturation", {"value": 1.5}), ("contrast", {"value": 1.35})]),
        ("Cool Wash", "a cool blue colour wash", [("tint", {"color": "#3C6E9A", "strength": .2})]),
    ]),
    "keep one colour and turn the rest grey": ("keeping one colour while the rest turns grey", "take the colour down "
                                               "everywhere alike", [
        ("Mono", "black and white all over", [("filter", {"type": "grayscale"})]),
        ("Graphic Mono", "a punchy black and white", [("filter", {"type": "grayscale"}), ("contrast", {"value": 1.25})]),
        ("Near Mono", "almost all colour drained, a hint of it left", [("saturation", {"value": .25})]),
        ("Muted Warm", "muted colour with warm hues leaning forward", [("saturation", {"value": .5}),
         ("temperature", {"warm": True, "strength": .3})]),
        ("Muted Cool", "muted colour with a cool cast", [("saturation", {"value": .5}),
         ("temperature", {"warm": False, "strength": .3})]),
    ]),
    "recolour one thing in the picture": ("recolouring one thing", "shift the colour of the whole picture", [
        ("Hue Turn", "turns every hue 30° round the colour wheel, the whole picture alike", [("hue", {"value": 30.0})]),
        ("Hue Turn Back", "turns every hue 30° the other way round", [("hue", {"value": -30.0})]),
        ("Warm Wash", "a warm colour wash over everything", [("temperature", {"warm": True, "strength": .4}),
         ("tint", {"color": "#E08A3C", "strength": .1})]),
        ("Cool Wash", "a cool colour wash over everything", [("temperature", {"warm": False, "strength": .4}),
         ("tint", {"color": "#3C6E9A", "strength": .1})]),
        ("Muted Colour", "most of the colour drained, so no one colour stands out", [("saturation", {"value": .45})]),
    ]),
    "add things to the picture": ("adding things to the picture", "change the light and colour of what is there", [
        ("Warm Light", "warmer light", [("temperature", {"warm": True, "strength": .4})]),
        ("Cool Light", "cooler light", [("temperature", {"warm": False, "strength": .4})]),
        ("Vignette", "darker corners", [("vignette", {"strength": .35})]),
        ("Punch", "more colour and contrast", [("saturation", {"value": 1.2}), ("contrast", {"value": 1.15})]),
        ("Glow", "a brighter, golden glow", [("brightness", {"value": 1.08}),
         ("tint", {"color": "#F2B35B", "strength": .08})]),
    ]),
}
# fmt: on


def _box(spec, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """A crop box in the working image: fractions of the frame, "square", or a ratio (centred, largest)."""
    frame = (0, 0, *size)
    if spec == "square":
        return geo.centre_box(frame, 1.0, 1.0)
    if isinstance(spec, float | int):
        return geo.centre_box(frame, 1.0, float(spec))
    x0, y0, x1, y1 = spec
    w, h = size
    return int(x0 * w), int(y0 * h), max(1, int((x1 - x0) * w)), max(1, int((y1 - y0) * h))


def first_ask(intent: dict) -> str | None:
    """The first thing asked that has local alternatives (None: nothing generative was asked)."""
    return next((a for a in intent["generative_asks"] if a in ALTERNATIVES), None)


def answer(intent: dict) -> str:
    """The plain answer said before the alternatives: what cannot be done here, then what the five do."""
    ask = first_ask(intent)
    need, instead, _plans = ALTERNATIVES[ask]
    also = [a for a in intent["generative_asks"] if a != ask]
    return (
        f"{need[0].upper()}{need[1:]} needs the AI edit, which is off here, so I can't {ask}"
        + (f" (nor {' or '.join(also)})" if also else "")
        + f". Below are the closest local edits instead, five ways to {instead}."
    )


def plan_alternatives(intent: dict, *, image_size: tuple[int, int], max_side: int = 2048) -> dict:
    """Five local plans, the closest to the first generative ask, as `plan_variations` args."""
    ask = first_ask(intent)
    need, _instead, plans = ALTERNATIVES[ask]
    size = ops.working_size(image_size, max_side)
    long_side = min(max_side, max(image_size))
    resize = {"op": "resize", "params": {"width": long_side, "height": long_side, "fit": "contain"}}
    variations = []
    for label, does, steps in plans:
        operations = [resize]
        for op, params in steps:
            operations.append(geo.crop_params(_box(params, size)) if op == "crop" else {"op": op, "params": params})
        strategy = f"Instead of {need} (an AI edit, off here): {does}."
        variations.append({"label": label, "strategy": strategy, "operations": operations})
    cropped = any(op == "crop" for _label, _does, steps in plans for op, _p in steps)
    axes = ["tone/colour", "finish"] + (["crop/framing"] if cropped else [])
    return {"variations": variations, "diversity_axes": axes, "notes": list(intent["generative"])}
