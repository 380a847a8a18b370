"""The `plan_variations` planner tool, the system prompt, and the rule-based backend's handlers."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from chatapp.planner.backends.base import PlannerContext, PlannerReply, PlannerRequest
from chatapp.planner.backends.rules import TextHandler, ToolHandler, rules_tool_call
from chatapp.planner.tools import Tool, ToolArgumentsError, format_validation_error
from imagelab.core import iqa
from imagelab.core.plans import TOOL_DESCRIPTION, PlanVariationsArgs, plan_variations_tool
from imagelab.core.simulate import PixelSample
from imagelab.rules import iqa as rules_iqa
from imagelab.rules import iqa_conditional, plan_said
from imagelab.rules import planner as rules
from imagelab.rules.intent import has_local_request

PURPOSE = "imagelab.plan"  # the planning call's label in the step log and in test scripts


@dataclass(frozen=True, kw_only=True)
class ImageContext(PlannerContext):
    """What the image flow tells the rule-based backend about an edit; models see the image instead."""

    text: str = ""  # the user's instruction
    image_size: tuple[int, int] = (2048, 2048)  # the source image's size (width, height)
    max_side: int = 2048  # the working image's longest side
    chat_id: int | None = None
    has_reference: bool = False  # a quality question could compare with an original (the IQA default)
    # The chosen variation "push it further" iterates on: {label, operations, applied} (applied: the current
    # image already has those operations), or None when no variation is chosen.
    chosen: dict | None = None
    # A sample of the photo's pixels (core.simulate.PixelSample) the rules fit their looks' own character to, so
    # stock black points and contrast do not crush a dark photo; None plans blind (tests, the bench's plan sets).
    sample: PixelSample | None = None


@dataclass(frozen=True)
class _PlanVariationsTool(Tool):
    """The planner Tool whose schema is exactly `plans.plan_variations_tool()` (strict mode)."""

    def json_schema(self) -> dict[str, Any]:
        return copy.deepcopy(plan_variations_tool()["function"]["parameters"])


# Arguments are normalised (imagelab.core.normalize), never rejected by the Tool: model output is repaired and logged.
PLAN_VARIATIONS_TOOL = _PlanVariationsTool(
    name="plan_variations", description=TOOL_DESCRIPTION, args_model=PlanVariationsArgs
)


@dataclass(frozen=True)
class _AssessQualityTool(Tool):
    """The IQA plan tool (seed 004): missing fields take the seed's defaults, invalid values are re-asked."""

    has_reference: bool = False

    def parse(self, arguments: str) -> iqa.IQAPlan:
        """The validated plan; ToolArgumentsError (with pydantic's reasons) when it cannot be completed."""
        try:
            raw = json.loads(arguments or "")
        except (ValueError, TypeError, RecursionError) as exc:  # as Tool.parse: a huge number or deep nesting too
            raise ToolArgumentsError(f"arguments are not valid JSON ({str(exc)[:200]})") from None
        try:
            return iqa.complete(raw, has_reference=self.has_reference)
        except TypeError as exc:
            raise ToolArgumentsError(str(exc)) from None
        except ValidationError as exc:
            raise ToolArgumentsError(format_validation_error(exc)) from None


def assess_quality_tool(*, has_reference: bool = False) -> Tool:
    """The `assess_quality` tool of a turn (its defaults depend on whether a reference image exists)."""
    return _AssessQualityTool(
        name=iqa.TOOL_NAME, description=iqa.TOOL_DESCRIPTION, args_model=iqa.IQAPlan, has_reference=has_reference
    )


ASSESS_QUALITY_TOOL = assess_quality_tool()


def turn_tools(*, backend: str, chat: bool, has_reference: bool = False) -> list[Tool]:
    """The tools of an image turn: an API job must plan; a chat turn may also plan a quality assessment."""
    del backend  # both backends decide between an edit, a quality question and other talk
    return [PLAN_VARIATIONS_TOOL] + ([assess_quality_tool(has_reference=has_reference)] if chat else [])


def quality_call(reply: PlannerReply):
    """The reply's `assess_quality` call, or None."""
    return next((c for c in reply.tool_calls if c.name == ASSESS_QUALITY_TOOL.name), None)


_INSTRUCTIONS = """You are the planner of an image editing chat. The user sends a photo (attached) and an instruction.

If the message asks for a change to the photo, call `plan_variations` exactly once with exactly 5 variations.
Otherwise (small talk, "what can you do?", thanks) answer in one or two short sentences without calling a tool.
If the user asks about the photo's quality (blur or focus, noise, exposure, JPEG blocks, contrast, colour cast,
"is it good enough?", "how much did the edit change it compared with the original?", "is number 3 too dark?"),
call `assess_quality` once instead: query_scope lists the objects asked about (else "Global"); distortion_source
is Explicit with the named distortions, or Inferred (distortions null, distortion_detection true) when none is
named; reference_mode is Full-Reference only when they compare with the original/before/the upload;
required_tool is a metric they name (SSIM, PSNR, DeltaE2000) or null. The server measures and you answer later.

Principles for the plans:
- Local operations first (brightness, contrast, curve, saturation, hue, filter, tint, temperature, levels,
  vignette, crop, resize, rotate, flip, blur, sharpen, grain). Use aiEdit only for generative needs local ops cannot do (removing or
  adding objects, replacing a sky, blurring only the background): at most one aiEdit per plan, at most two plans with one.
- Concrete, bounded numbers: brightness/contrast/saturation 0.1-3.0 (1.0 = unchanged, stay near 0.8-1.3 unless asked),
  hue -180..180, blur sigma 0.3-10, grain amount 0-1 (0.1 subtle), rotate -180..180, levels black 0-254 white 1-255 gamma 0.1-10.
- curve is contrast with soft shoulders (value 0.5-2.5, the midtone slope as contrast's): black and white stay
  put, so it adds punch to a photo with deep blacks or bright whites without crushing or burning them.
- flip mirrors the photo: direction "horizontal" (left to right, "mirror it") or "vertical" (top to bottom).
- Working size: longest side {side} px unless the user asks for another size. Pixel values (crop box, resize)
  refer to the working image: the size given in the message. Keep crops inside it.
- Respect what the user asked to keep (e.g. "keep the framing" means no crop).
- A crop asked as the only change ("just crop it square", "crop it 4:5, don't touch the colours"), or asked of a
  variation already applied to the current image, gets five crops placed and sized differently and no tone,
  colour or finish step (a second look on top of the chosen one is not asked for).
- Make the five meaningfully different along stated diversity axes: tone/colour, geometry, finish.
- Give every variation a short `label` and a one-sentence `strategy`."""


def instructions(*, working_side: int) -> str:
    """The system prompt: when to plan, and the principles every plan follows (with the working size)."""
    return _INSTRUCTIONS.replace("{side}", str(int(working_side)))


CHOSEN_MAX_CHARS = 2000  # the chosen plan's steps as JSON, cut: a plan has at most a few dozen small steps


def planning_text(
    *, instruction: str, working_size: tuple[int, int], history: list[str], chosen: dict | None = None
) -> str:
    """The user turn given to the model: the instruction, the working size, earlier instructions and the chosen
    variation's steps (so "push it further" or "tone it down" can build on them, as the rule planner does)."""
    lines = [f"Instruction: {instruction}", f"Working image: {working_size[0]}x{working_size[1]} pixels."]
    if history:
        lines.append("Earlier instructions in this chat (oldest first): " + " | ".join(history))
    if chosen:
        steps = json.dumps(chosen.get("operations", []), separators=(",", ":"), ensure_ascii=False)[:CHOSEN_MAX_CHARS]
        where = (
            "The current image is that variation: the steps are already applied to it"
            if chosen.get("applied")
            else "The current image is that edit's source: the steps are not applied to it"
        )
        lines.append(
            f"Variation the user refers to: “{chosen.get('label', '')}”, made with the steps {steps}. {where}."
        )
    return "\n".join(lines)


def _image_context(request: PlannerRequest) -> ImageContext:
    ctx = request.context
    if ctx is None:
        return ImageContext()
    if not isinstance(ctx, ImageContext):
        raise TypeError(f"the image rules need an ImageContext, not {type(ctx).__name__}")
    return ctx


def plan_with_rules(request: PlannerRequest) -> dict:
    """The forced `plan_variations` call of the rule-based backend."""
    ctx = _image_context(request)
    return rules.plan_variations(
        ctx.text, image_size=tuple(ctx.image_size), max_side=ctx.max_side, chosen=ctx.chosen, sample=ctx.sample
    )


def answer_or_plan(request: PlannerRequest) -> str | PlannerReply:
    """Auto tool choice with rules: an edit gets a plan_variations call, anything else a short answer."""
    ctx = _image_context(request)
    text = ctx.text
    conditional = _conditional(request)
    if conditional:  # "is it too dark? if so brighten it": measured first, the edit runs if the answer says so
        edit = replace(request, context=replace(ctx, text=conditional.edit))
        question = rules_iqa.read_question(conditional.question, has_reference=ctx.has_reference)
        return PlannerReply(
            tool_calls=[
                rules_tool_call(ASSESS_QUALITY_TOOL.name, question),
                rules_tool_call(PLAN_VARIATIONS_TOOL.name, plan_with_rules(edit)),
            ]
        )
    if rules_iqa.is_quality_question(text) and any(t.name == ASSESS_QUALITY_TOOL.name for t in request.tools):
        return PlannerReply(
            tool_calls=[
                rules_tool_call(
                    ASSESS_QUALITY_TOOL.name,
                    rules_iqa.read_question(text, has_reference=ctx.has_reference),
                )
            ]
        )
    size = rules.size_answer(text, tuple(ctx.image_size), ctx.max_side)
    if size is not None:  # "what size is this photo?": the size the flow passed in
        return size
    # "what did you change in number 3?", "how did you make it?": that variation's steps, when it is known
    if ctx.chosen and plan_said.asks_what_was_done(text) and not has_local_request(rules.read_intent(text)):
        return plan_said.plan_said(ctx.chosen, rules_iqa.variation_number(text))
    kind = rules.classify_request(text)
    # Nonsense or a straighten without an angle: explain, no job.
    reply = rules.edit_reply(text, ctx.chosen) if kind == "edit" else None
    can_plan = kind == "edit" and any(t.name == PLAN_VARIATIONS_TOOL.name for t in request.tools)
    # Only AI edits asked ("replace the sky"): said plainly first, then the closest local alternatives.
    answer = rules.alternatives_answer(text) if can_plan and reply is not None else None
    if can_plan and (reply is None or answer):
        call = rules_tool_call(PLAN_VARIATIONS_TOOL.name, plan_with_rules(request))
        return PlannerReply(text=answer or "", tool_calls=[call])
    return reply or rules.chat_reply(text, kind)


def _conditional(request: PlannerRequest) -> iqa_conditional.Conditional | None:
    """The question and the edit hanging on it ("is it too dark? if so brighten it"), when both tools are offered."""
    offered = {t.name for t in request.tools}
    found = iqa_conditional.split(_image_context(request).text)
    if not found or not {ASSESS_QUALITY_TOOL.name, PLAN_VARIATIONS_TOOL.name} <= offered:
        return None
    if not rules_iqa.is_quality_question(found.question) or rules.classify_request(found.edit) != "edit":
        return None
    return found


@dataclass(frozen=True, kw_only=True)
class QualityAnswerContext(PlannerContext):
    """A measured quality answer: the rule backend says the templated text; a model writes its own."""

    text: str = ""


def templated_answer(request: PlannerRequest) -> str:
    """The rule backend's answer to a quality question: the template written from the figures."""
    ctx = request.context
    if not isinstance(ctx, QualityAnswerContext):
        raise TypeError(f"a quality answer needs a QualityAnswerContext, not {type(ctx).__name__}")
    return ctx.text


ANSWER_WORDS = 80  # a model's quality answer is cut after this many words
ANSWER_INSTRUCTIONS = f"""You answer a question about the quality of a photo in an image editing chat.
The server has measured the photo (attached): you get the question, the assessment plan, the measured figures
with what each means, the verdicts the thresholds gave, and notes on what was measured. Answer in at most
{ANSWER_WORDS} words of plain prose: say yes, no or borderline, cite the figures that decide it (with their
numbers), and say what was measured when a note says so. When the question names an object, judge it by eye
in the photo and say so, citing the global figures. Never invent figures; no tables, no headings."""


# The rule-based backend's image handlers: forced calls by tool name, text answers by context class.
RULE_TOOL_HANDLERS: dict[str, ToolHandler] = {PLAN_VARIATIONS_TOOL.name: plan_with_rules}
RULE_ANSWERERS: dict[type[PlannerContext], TextHandler] = {
    ImageContext: answer_or_plan,
    QualityAnswerContext: templated_answer,
}
