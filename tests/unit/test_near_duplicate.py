"""Near-duplicate decisions and the vector spaces models share (pure functions)."""
import numpy as np

from memcore.embedding.model_files import INT8_MODEL_NAME, MODEL_NAME
from memcore.embedding.spaces import models_in_space
from memcore.retrieval.near_duplicate import (NEAR_DUPLICATE_COSINE, RECHECK_MARGIN, closest, is_near_duplicate,
                                              needs_recheck)


def test_the_float_model_and_its_int8_weights_share_a_space():
    assert models_in_space(MODEL_NAME) == [MODEL_NAME, INT8_MODEL_NAME]
    assert models_in_space(INT8_MODEL_NAME) == [INT8_MODEL_NAME, MODEL_NAME]
    assert models_in_space("text-embedding-3-small") == ["text-embedding-3-small"]  # only itself


def test_a_decision_is_rechecked_only_near_the_line_and_with_another_models_vector():
    line = NEAR_DUPLICATE_COSINE
    assert needs_recheck(line - 0.01, [INT8_MODEL_NAME, MODEL_NAME], MODEL_NAME)
    assert needs_recheck(line + 0.01, [MODEL_NAME, INT8_MODEL_NAME], MODEL_NAME)  # the stored side's vector
    assert not needs_recheck(line - 0.01, [MODEL_NAME, MODEL_NAME], MODEL_NAME)  # both the index model's
    assert not needs_recheck(line - RECHECK_MARGIN - 0.01, [INT8_MODEL_NAME], MODEL_NAME)  # far below
    assert is_near_duplicate(line) and not is_near_duplicate(line - 1e-6)


def test_closest_takes_the_highest_cosine():
    v = np.array([1.0, 0.0], dtype=np.float32)
    a, b = np.array([0.6, 0.8], dtype=np.float32), np.array([0.8, 0.6], dtype=np.float32)
    assert closest(v, [("a", a), ("b", b)]) == ("b", np.float32(0.8).item())
    assert closest(v, []) is None
