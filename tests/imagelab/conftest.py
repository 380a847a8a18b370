"""Image-lab fixtures: private storage in a temp dir, a small real photo (helpers: tests/support/images.py)."""

import pytest

from tests.support.images import photo


@pytest.fixture(autouse=True)
def image_root(settings, tmp_path):
    """Every test stores its images in its own temp directory."""
    settings.IMAGE_ROOT = tmp_path / "imagelab"
    settings.IMAGE_EDIT_BACKEND = "none"
    return settings.IMAGE_ROOT


@pytest.fixture(autouse=True)
def no_early_working_images():
    """Working images a test's turns left for a next edit do not outlive the test (they are per process)."""
    from imagelab import working

    working.PREDECODED.clear()
    yield
    working.PREDECODED.clear()


@pytest.fixture(autouse=True)
def guard_measures_only(settings):
    """The quality guard measures every job but revises none, unless a test asks (tests/imagelab/test_guard*.py):
    the other tests check exactly the plans they gave."""
    settings.MAX_REVISIONS = 0
    settings.IMAGE_REVISER = "rules"


@pytest.fixture
def jpeg() -> bytes:
    """A 320x240 JPEG."""
    return photo()
