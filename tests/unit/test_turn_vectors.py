"""A turn's record and the facts drawn from it are embedded with as few calls as the model needs:
a remote model (Azure OpenAI, each call a network round trip) is asked once for all of them; the
local model embeds the record during extraction (on the other core) and the facts after, as one
padded batch of a long turn and short facts costs more compute than the two calls."""
import asyncio
from types import SimpleNamespace

import numpy as np

from memory_api.routers.conversations import candidate_vectors, embeds_during_extraction
from tests.unit.test_azure_openai_embedder import RecordingService, embedder_against

TEXTS = ["Dana: I hate olives but I love sweetcorn. My sister Ella lives in Bristol.",
         "Dana dislikes olives", "Dana loves sweetcorn", "Dana's sister is Ella"]


def _vectors(embedder, texts):
    res = SimpleNamespace(embedder=embedder)

    async def run():
        during = embeds_during_extraction(embedder)
        turn = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(None, embedder.embed, texts[:1])) \
            if during else None
        return during, await candidate_vectors(res, turn, texts)
    return asyncio.run(run())


def test_a_remote_model_is_asked_once_for_the_turn_and_its_facts():
    service = RecordingService()
    during, vectors = _vectors(embedder_against(service), TEXTS)
    assert not during
    assert [b["input"] for b in service.bodies()] == [TEXTS]  # one request, the record first
    assert vectors.shape == (4, 384)


def test_the_local_model_gives_each_candidate_its_own_texts_vector(embedder):
    during, vectors = _vectors(embedder, TEXTS)
    assert during
    alone = np.stack([embedder.embed_one(t) for t in TEXTS])
    assert vectors.shape == alone.shape
    assert np.all(np.sum(vectors * alone, axis=1) > 0.999)  # in order: the record's, then each fact's
    single = _vectors(embedder, TEXTS[:1])[1]
    assert single.shape == (1, alone.shape[1]) and float(single[0] @ alone[0]) > 0.999
