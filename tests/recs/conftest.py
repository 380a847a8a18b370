"""Shared fixtures of the movie tests."""

import pytest

from recs.sources.catalogue import load_catalogue


@pytest.fixture(scope="module")
def cat():
    """The embedded catalogue (loaded once per process)."""
    return load_catalogue()
