"""The plan DSL (pydantic, strict per-op params) and the OpenAI `plan_variations` tool schema.

Normalisation of untrusted planner output lives in `imagelab.core.normalize` (which imports this
module, never the other way round).
"""

import copy
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_VARIATIONS = 5
MAX_AI_VARIATIONS = 2
MAX_AI_STEPS_PER_VARIATION = 1

# (low, high) bounds enforced by normalisation; the schema advertises them too.
BOUNDS: dict[tuple[str, str], tuple[float, float]] = {
    ("brightness", "value"): (0.1, 3.0),
    ("contrast", "value"): (0.1, 3.0),
    ("curve", "value"): (0.5, 2.5),
    ("saturation", "value"): (0.1, 3.0),
    ("hue", "value"): (-180.0, 180.0),
    ("tint", "strength"): (0.0, 1.0),
    ("temperature", "strength"): (0.0, 1.0),
    ("levels", "black"): (0, 254),
    ("levels", "white"): (1, 255),
    ("levels", "gamma"): (0.1, 10.0),
    ("vignette", "strength"): (0.0, 1.0),
    ("resize", "width"): (1, 8192),
    ("resize", "height"): (1, 8192),
    ("rotate", "degrees"): (-180.0, 180.0),
    ("blur", "sigma"): (0.3, 10.0),
    ("sharpen", "amount"): (0.0, 5.0),
    ("sharpen", "radius"): (0.3, 10.0),
    ("grain", "amount"): (0.0, 1.0),
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _num(op: str, key: str, desc: str) -> Any:
    lo, hi = BOUNDS[(op, key)]
    return Field(ge=lo, le=hi, description=desc)


class BrightnessParams(_Strict):
    value: float = _num("brightness", "value", "Multiplier, 1.0 = unchanged")


class ContrastParams(_Strict):
    value: float = _num("contrast", "value", "Slope around mid-grey, 1.0 = unchanged")


class CurveParams(_Strict):
    value: float = _num(
        "curve",
        "value",
        "Midtone slope as contrast's, 1.0 = unchanged, with soft shoulders: black and white stay put, nothing clips",
    )


class SaturationParams(_Strict):
    value: float = _num("saturation", "value", "Colourfulness multiplier, 1.0 = unchanged")


class HueParams(_Strict):
    value: float = _num("hue", "value", "Hue rotation in degrees")


class FilterParams(_Strict):
    type: Literal["grayscale", "sepia"]


class TintParams(_Strict):
    color: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$", description="#RRGGBB")
    strength: float = _num("tint", "strength", "Opacity of the colour, 0..1")


class TemperatureParams(_Strict):
    warm: bool = Field(description="true = warmer, false = cooler")
    strength: float = _num("temperature", "strength", "0..1")


class LevelsParams(_Strict):
    black: int = _num("levels", "black", "Input black point, default 0")
    white: int = _num("levels", "white", "Input white point, default 255")
    gamma: float = _num("levels", "gamma", "Midtone gamma, >1 brightens, default 1.0")


class VignetteParams(_Strict):
    strength: float = _num("vignette", "strength", "Corner darkening, 0..1")


class CropParams(_Strict):
    x: int = Field(ge=0, description="Left, in working-image pixels")
    y: int = Field(ge=0, description="Top, in working-image pixels")
    width: int = Field(ge=1)
    height: int = Field(ge=1)


class ResizeParams(_Strict):
    width: int = _num("resize", "width", "Box width in pixels")
    height: int | None = Field(description="Box height in pixels, or null to keep the aspect ratio")
    fit: Literal["contain", "cover", "fill"] = Field(
        description="contain: fit inside the box; cover: fill it and centre-crop; fill: stretch"
    )


class RotateParams(_Strict):
    degrees: float = _num("rotate", "degrees", "Clockwise degrees; the canvas expands")


class FlipParams(_Strict):
    direction: Literal["horizontal", "vertical"] = Field(
        description="horizontal: mirror left to right; vertical: top to bottom (a mirrored upside-down picture)"
    )


class BlurParams(_Strict):
    sigma: float = _num("blur", "sigma", "Gaussian sigma in pixels")


class SharpenParams(_Strict):
    amount: float = _num("sharpen", "amount", "Unsharp-mask strength, 1.0 = 100%")
    radius: float = _num("sharpen", "radius", "Unsharp-mask radius in pixels")


class GrainParams(_Strict):
    amount: float = _num("grain", "amount", "Film grain, 0..1: 0.1 subtle, 0.3 strong")


class AiEditParams(_Strict):
    prompt: str = Field(min_length=1, max_length=1000, description="What the generative edit must do")


PARAMS_MODELS: dict[str, type[_Strict]] = {
    "brightness": BrightnessParams,
    "contrast": ContrastParams,
    "curve": CurveParams,
    "saturation": SaturationParams,
    "hue": HueParams,
    "filter": FilterParams,
    "tint": TintParams,
    "temperature": TemperatureParams,
    "levels": LevelsParams,
    "vignette": VignetteParams,
    "crop": CropParams,
    "resize": ResizeParams,
    "rotate": RotateParams,
    "flip": FlipParams,
    "blur": BlurParams,
    "sharpen": SharpenParams,
    "grain": GrainParams,
    "aiEdit": AiEditParams,
}


def _op_model(name: str, params_model: type[_Strict]) -> type[_Strict]:
    cls_name = name[0].upper() + name[1:] + "Op"
    return type(
        cls_name,
        (_Strict,),
        {
            "__annotations__": {"op": Literal[name], "params": params_model},  # type: ignore[valid-type]
            "__doc__": f"The {name} operation.",
        },
    )


OP_MODELS: dict[str, type[_Strict]] = {n: _op_model(n, m) for n, m in PARAMS_MODELS.items()}

# A discriminated union over `op`: each op has its own strict params model.
Operation = Annotated[Union[tuple(OP_MODELS.values())], Field(discriminator="op")]  # noqa: UP007
OPERATION = TypeAdapter(Operation)


class Variation(_Strict):
    """One complete candidate: an ordered list of operations."""

    label: str = Field(description="Short name, e.g. 'Warm Pop'")
    strategy: str = Field(description="One sentence: what this variation tries and why")
    operations: list[Operation]


class PlanVariationsArgs(_Strict):
    """Arguments of the single `plan_variations` tool call."""

    variations: list[Variation] = Field(description="Exactly 5 distinct variations")
    diversity_axes: list[str] = Field(description="What was varied across the five plans")


def op_dict(operation: Any) -> tuple[str, dict]:
    """(op, params) from an op model or a plain {op, params} mapping."""
    if isinstance(operation, BaseModel):
        return operation.op, operation.params.model_dump()
    return operation["op"], dict(operation.get("params") or {})


TOOL_DESCRIPTION = (
    "Return exactly 5 distinct, complete edit plans for the photo. Local ops first; aiEdit only "
    "for generative needs (at most one per plan, at most two plans). Pixel values refer to the "
    "working image (longest side 2048 unless the user asks otherwise)."
)


def _strictify(node: Any) -> Any:
    """Rewrite pydantic's JSON schema into OpenAI strict-mode form."""
    if isinstance(node, list):
        return [_strictify(n) for n in node]
    if not isinstance(node, dict):
        return node
    # Strict mode rejects some keywords (lengths, defaults); normalisation enforces them anyway.
    dropped = ("title", "default", "discriminator", "minLength", "maxLength")
    node = {k: _strictify(v) for k, v in node.items() if k not in dropped}
    if "oneOf" in node:  # strict mode understands anyOf only
        node["anyOf"] = node.pop("oneOf")
    if "const" in node:
        node["enum"] = [node.pop("const")]
    if node.get("type") == "object" and "properties" in node:
        node["additionalProperties"] = False
        node["required"] = list(node["properties"])  # strict: every key present (nullable if optional)
    return node


def strict_schema(model: type[BaseModel]) -> dict:
    """A pydantic model's JSON schema in OpenAI strict-mode form (as plan_variations uses)."""
    return _strictify(copy.deepcopy(model.model_json_schema()))


def plan_variations_tool() -> dict:
    """The OpenAI function-tool definition for `plan_variations` (strict mode)."""
    schema = _strictify(copy.deepcopy(PlanVariationsArgs.model_json_schema()))
    return {
        "type": "function",
        "function": {
            "name": "plan_variations",
            "description": TOOL_DESCRIPTION,
            "strict": True,
            "parameters": schema,
        },
    }


__all__ = [
    "BOUNDS",
    "MAX_AI_VARIATIONS",
    "MAX_VARIATIONS",
    "OPERATION",
    "OP_MODELS",
    "Operation",
    "PlanVariationsArgs",
    "Variation",
    "op_dict",
    "plan_variations_tool",
    "strict_schema",
]
