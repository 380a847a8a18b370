"""Helpers for the offline movie planner's tests."""

from recs.rules.parse import parse_constraints
from recs.sources.catalogue import load_catalogue


def parse(text: str):
    """The constraints the offline planner reads in `text`, against the embedded catalogue."""
    return parse_constraints(text, load_catalogue())
