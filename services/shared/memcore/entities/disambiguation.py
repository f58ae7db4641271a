"""Which of several same-named entities a sentence means, from its context alone (seed 000).

The sentence without the name is compared with each candidate's profile, fact by fact
(candidate_evidence: semantic and lexical evidence per candidate, from the clues clue_words reads);
another of the candidate's names in the context (an alias, a nickname), a descriptor beside the name
and, in a conversation, the entity being active in it count too.
Frequency and recency play no part: nothing here counts mentions or looks at dates. When the best
candidate's lead over the runner-up is below MARGIN, the answer is a clarification ("which Peter?");
the best candidate must also have matched at least FLOOR of a clue, however far behind the others
are: a context that fits nobody asks instead of picking whoever happens to fit least badly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Mapping, Sequence

import numpy as np

from .candidate_evidence import CandidateIndex, ProfileCandidate, as_array, cosine
from .clue_meaning import named_words, proper_words, rare_words
from .clue_words import context_parts, known_parts, thing_clauses, words_of

# Calibrated with memclient.bench.disambiguation on the calibration half of its queries: the smallest
# lead with accuracy >= 0.97 among resolved and asking on >= 95% of ambiguous queries there
# (results/disambiguation.json reports the held-out half separately), rounded up (0.06-0.1 differ by
# one or two queries; tools/research/disambiguation_rescore.py score peters --margin). In units of matched clues.
# 0.1 -> 0.08 when undated episodes stopped being discounted (says_when): on the calibration half
# 0.06-0.08 give accuracy 0.977, clarification 0.097, asks on ambiguous 0.973 (0.1: clarification
# 0.103); the people-talk calibration halves of seeds 4242 and 6061 do not move between 0.08 and 0.25.
MARGIN = 0.08
MARGIN_NOTE = "lead of the best candidate over the runner-up needed to resolve without asking"
LEXICAL_WEIGHT = 0.35
ALIAS_WEIGHT = 0.5
# The text says who they are beside the name ("Tom from sales", "my cousin Tom") and this candidate
# was described so (memcore.entities.descriptors): a clue matched in full.
DESCRIPTOR_WEIGHT = 1.0
SESSION_WEIGHT = 0.15  # an entity active in the conversation is context too (never frequency)
# The best candidate's evidence (in matched clues) below which the answer is a question, whatever the lead.
# EPISODE_DISCOUNT and FLOOR were chosen on the people-talk calibration half and on the households of
# another seed (tools/research/disambiguation_rescore.py --seed 2027); the old benchmark does not move with
# either.
FLOOR = 0.25
FLOOR_NOTE = "evidence of the best candidate (matched clues) needed to resolve at all"


@dataclass(frozen=True)
class ScoredCandidate:
    entity_id: str
    name: str
    description: str
    score: float
    similarity: float
    lexical: float
    alias_hit: bool


@dataclass
class Resolution:
    surface: str
    status: str  # "resolved" | "unique" | "ambiguous"
    entity_id: str | None
    margin: float | None
    context: str
    candidates: list[ScoredCandidate] = field(default_factory=list)

    @property
    def resolved(self) -> bool:
        return self.entity_id is not None


def score_candidates(context: str, context_vec, candidates: Sequence[ProfileCandidate] | CandidateIndex,
                     session: Mapping[str, float] | None = None,
                     described: Collection[str] = (),
                     word_vecs: Mapping[str, np.ndarray] | None = None) -> list[ScoredCandidate]:
    """Candidates best first. `context_vec`: the embedding of each of context_parts(context) (or of
    the context alone); `session`: activation (0..1) of entities active in the conversation;
    `described`: the candidates who are what the text says beside the name ("from accounting");
    `word_vecs`: the context's words (clue_words.word_forms of its parts) each embedded alone, used
    with the index's own (CandidateIndex word_vectors)."""
    index = candidates if isinstance(candidates, CandidateIndex) else CandidateIndex(candidates)
    parts = context_parts(context)
    meant: dict[str, set[int]] = {}
    proper = proper_words(context)  # what the context itself writes as a name ("blog" is not "Blog Street")
    sem, fit = index.semantic_and_fit(context_vec, [words_of(p) for p in parts], [named_words(p, proper) for p in parts],
                                      meant, [rare_words(p) for p in parts], known_parts(context), word_vecs)
    lex = index.lexical(thing_clauses(context), fit, meant)  # the clues' things, not what is done with them
    alias = index.alias_hits(context)
    desc = np.asarray([c.entity_id in described for c in index.candidates], dtype=bool)
    act = np.asarray([(session or {}).get(c.entity_id, 0.0) for c in index.candidates], dtype=np.float32)
    total = sem + LEXICAL_WEIGHT * lex + ALIAS_WEIGHT * alias + DESCRIPTOR_WEIGHT * desc + SESSION_WEIGHT * act
    out = [ScoredCandidate(c.entity_id, c.name, c.description, round(float(total[i]), 4), round(float(sem[i]), 4),
                           round(float(lex[i]), 4), bool(alias[i] or desc[i])) for i, c in enumerate(index.candidates)]
    out.sort(key=lambda s: (-s.score, s.entity_id))
    return out


def resolve(surface: str, context: str, context_vec, candidates: Sequence[ProfileCandidate] | CandidateIndex,
            session: Mapping[str, float] | None = None, margin: float | None = None,
            described: Collection[str] = (), word_vecs: Mapping[str, np.ndarray] | None = None) -> Resolution:
    if not len(candidates):
        return Resolution(surface, "ambiguous", None, None, context, [])
    scored = score_candidates(context, context_vec, candidates, session, described, word_vecs)
    if len(scored) == 1:
        return Resolution(surface, "unique", scored[0].entity_id, None, context, scored)
    lead = scored[0].score - scored[1].score
    informative = bool(words_of(context)) or any((session or {}).values()) or bool(described)
    if informative and lead >= (MARGIN if margin is None else margin) and scored[0].score >= FLOOR:
        return Resolution(surface, "resolved", scored[0].entity_id, round(lead, 4), context, scored)
    return Resolution(surface, "ambiguous", None, round(lead, 4), context, scored)


def clarification(resolutions: Sequence[Resolution], limit: int = 8) -> dict | None:
    """The question to ask when a name could not be resolved: which one, with a line on each."""
    open_ = [r for r in resolutions if r.status == "ambiguous" and r.candidates]
    if not open_:
        return None
    items = []
    for r in open_:
        items.append({
            "name": r.surface,
            "question": f"Which {r.surface} do you mean?",
            "margin": r.margin,
            "candidates": [{"entity_id": c.entity_id, "name": c.name, "description": c.description,
                            "score": c.score} for c in r.candidates[:limit]],
        })
    first = items[0]
    return {"reason": "ambiguous_entity", "question": first["question"], "name": first["name"],
            "candidates": first["candidates"], "ambiguous": items}


# cosine and as_array are imported from here by callers outside this module (entity_linking)
__all__ = ["ALIAS_WEIGHT", "CandidateIndex", "DESCRIPTOR_WEIGHT", "FLOOR", "LEXICAL_WEIGHT", "MARGIN",
           "ProfileCandidate", "Resolution", "ScoredCandidate", "SESSION_WEIGHT", "as_array", "clarification",
           "cosine", "resolve", "score_candidates"]
