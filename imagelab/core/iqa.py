"""The image-quality-assessment (IQA) plan: the planner's structured reading of a quality question.

Exactly the structure of the design note (seed 004): query_type, query_scope, distortion_source,
distortions, reference_mode, required_tool and the four plan switches. On the wire (a strict tool schema)
`distortions` is a list of {scope, names}, because strict schemas allow no free-form maps; `as_seed()`
gives the note's {scope: [names]} form. Model output is untrusted: `complete()` fills missing fields with
the note's defaults, and anything else invalid raises `ValidationError` (the caller re-asks).

Pure: no Django.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Distortion = Literal["blur", "noise", "overexposure", "underexposure", "jpeg", "low_contrast", "colour_cast"]
DISTORTION_NAMES: tuple[str, ...] = Distortion.__args__

# What a model (or the note's examples: "Blurs") may call a distortion, folded to our names.
_ALIASES = {
    "blurs": "blur",
    "blurry": "blur",
    "defocus": "blur",
    "motion blur": "blur",
    "noisy": "noise",
    "grain": "noise",
    "over-exposure": "overexposure",
    "overexposed": "overexposure",
    "under-exposure": "underexposure",
    "underexposed": "underexposure",
    "jpeg artifacts": "jpeg",
    "compression": "jpeg",
    "compression artifacts": "jpeg",
    "low contrast": "low_contrast",
    "haze": "low_contrast",
    "color cast": "colour_cast",
    "colour cast": "colour_cast",
    "color_cast": "colour_cast",
}

TOOL_NAME = "assess_quality"
TOOL_DESCRIPTION = (
    "Plan a quality assessment of the attached photo: call this when the user asks about its quality "
    "(blur, focus, noise, exposure, compression, contrast, colour cast) or how much an edit changed it."
)


def canonical_distortion(name: str) -> str:
    """Our name for a distortion word (case and the note's plurals forgiven); unknown names pass through."""
    key = name.strip().lower().replace("-", " ") if isinstance(name, str) else name
    if isinstance(key, str):
        key = _ALIASES.get(key, _ALIASES.get(key.rstrip("s"), key))
        return key.replace(" ", "_") if key.replace(" ", "_") in DISTORTION_NAMES else key
    return key


class ScopedDistortions(BaseModel):
    """The distortions asked about (or to look for) in one scope: an object, or "Global"."""

    model_config = ConfigDict(extra="forbid")
    scope: str = Field(min_length=1, max_length=80)
    names: list[Distortion] = Field(min_length=1, max_length=len(DISTORTION_NAMES))

    @field_validator("names", mode="before")
    @classmethod
    def _fold(cls, v: Any) -> Any:
        return [canonical_distortion(n) for n in v] if isinstance(v, list) else v


class PlanSwitches(BaseModel):
    """Which assessment stages run."""

    model_config = ConfigDict(extra="forbid")
    distortion_detection: bool
    distortion_analysis: bool
    tool_selection: bool
    tool_execution: bool


class IQAPlan(BaseModel):
    """assess_quality: the structured plan of a quality assessment (seed 004)."""

    model_config = ConfigDict(extra="forbid")
    query_type: Literal["IQA", "Other"]
    query_scope: list[str] | Literal["Global"] = Field(
        description='The objects the question is about, or "Global" for the whole image.'
    )
    distortion_source: Literal["Explicit", "Inferred"] = Field(
        description="Explicit when the user names the distortions, Inferred when they must be detected."
    )
    distortions: list[ScopedDistortions] | None = Field(description="Named distortions per scope, or null.")
    reference_mode: Literal["Full-Reference", "No-Reference"] = Field(
        description="Full-Reference when the user compares with the original/before; else No-Reference."
    )
    required_tool: str | None = Field(description='A metric the user named ("SSIM", "PSNR"), or null.')
    plan: PlanSwitches

    @field_validator("reference_mode", mode="before")
    @classmethod
    def _reference_case(cls, v: Any) -> Any:
        # The note's own prompt spells it "No-reference": accept either case, nothing else.
        return (
            {"full-reference": "Full-Reference", "no-reference": "No-Reference"}.get(v.lower(), v)
            if isinstance(v, str)
            else v
        )

    @field_validator("distortions", mode="before")
    @classmethod
    def _from_mapping(cls, v: Any) -> Any:
        # The note's form {scope: [names]} is accepted as well as the wire's [{scope, names}].
        if isinstance(v, dict):
            return [{"scope": k, "names": n} for k, n in v.items()]
        return v

    def as_seed(self) -> dict[str, Any]:
        """The plan in the note's JSON shape (distortions as {scope: [names]})."""
        out = self.model_dump()
        out["distortions"] = None if self.distortions is None else {d.scope: d.names for d in self.distortions}
        return out

    def distortion_names(self) -> list[str]:
        """Every distortion named in the plan, once, in order."""
        seen: list[str] = []
        for d in self.distortions or []:
            seen += [n for n in d.names if n not in seen]
        return seen


def defaults(*, has_reference: bool) -> dict[str, Any]:
    """The note's fallback plan: an inferred, whole-image assessment that detects every distortion."""
    return {
        "query_type": "IQA",
        "query_scope": "Global",
        "distortion_source": "Inferred",
        "distortions": None,
        "reference_mode": "Full-Reference" if has_reference else "No-Reference",
        "required_tool": None,
        "plan": {
            "distortion_detection": True,
            "distortion_analysis": True,
            "tool_selection": True,
            "tool_execution": True,
        },
    }


def complete(raw: dict[str, Any], *, has_reference: bool) -> IQAPlan:
    """Validate model output: missing fields take the note's defaults; invalid values raise ValidationError.

    Detection is switched on whenever the source is Inferred (nothing named means look for everything).
    """
    if not isinstance(raw, dict):
        raise TypeError(f"an IQA plan is a JSON object, not {type(raw).__name__}")
    base = defaults(has_reference=has_reference)
    merged = {**base, **{k: v for k, v in raw.items() if k != "plan"}}
    if "distortion_source" not in raw:
        merged["distortion_source"] = "Explicit" if raw.get("distortions") else "Inferred"
    switches = raw.get("plan", {})
    merged["plan"] = {**base["plan"], **switches} if isinstance(switches, dict) else switches
    plan = IQAPlan.model_validate(merged)
    if plan.distortion_source == "Inferred" and not plan.plan.distortion_detection:
        plan = plan.model_copy(update={"plan": plan.plan.model_copy(update={"distortion_detection": True})})
    return plan
