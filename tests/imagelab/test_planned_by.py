"""The image job names its planner in plain words: "Planned by OpenAI", "Planned by the rule-based planner"."""

from imagelab.events import PlannerSource
from imagelab.render import SOURCE_LABELS, planner_source_html


def test_it_says_planned_by_openai_without_an_article():
    html = planner_source_html(PlannerSource(chat_id=1, turn_key="t", job_id=1, source="openai"))
    assert "Planned by OpenAI; editing…" in html
    assert "the OpenAI" not in html
    rules = planner_source_html(PlannerSource(chat_id=1, turn_key="t", job_id=1, source="rules"))
    assert "Planned by the rule-based planner; editing…" in rules
    assert SOURCE_LABELS["openai"] == "OpenAI"
