"""One call per conversation turn: statements, types, salience, triples, entities, hashes."""

from __future__ import annotations

from datetime import datetime

from ..textnorm import text_hash

from .classify import classify_statement
from .entities import extract_entities
from .intent import memory_need
from .models import SPEAKER_ORG, ExtractedStatement, ExtractionResult, Triple
from .salience import score_salience
from .statements import split_statements
from .temporal import event_date

def extract(utterance: str, speaker: str, at: datetime, use_ner: bool = True) -> ExtractionResult:
    """Deterministic extraction of one turn said by `speaker` at `at`.

    With use_ner=False only the rules run (no spaCy), which is several times faster.
    """
    need = memory_need(utterance)
    statements = split_statements(utterance)
    process_spans = [(s.start, s.end) for s in statements if s.is_process]
    entities = extract_entities(utterance, speaker=speaker, use_ner=use_ner, process_spans=process_spans)

    speaker_org = next((m.name for m in entities.mentions if m.attributes.get("speaker_org")), None)
    out: list[ExtractedStatement] = []
    for st in statements:
        cls = classify_statement(st.text, speaker=speaker, is_process=st.is_process)
        phatic = not memory_need(st.text).needed
        sal = score_salience(st.text, cls.type, st.is_process)
        mentions = [m for m in entities.mentions if st.start <= m.start and m.end <= st.end]
        names = {m.name for m in mentions} | {m.text for m in mentions}
        relations = [r for r in entities.relations if r.src in names or r.dst in names]
        triples = [_resolve_org(t, speaker_org) for t in cls.triples]
        for m in mentions:
            if m.role and Triple(m.name, "role", m.role) not in triples:
                triples.append(Triple(m.name, "role", m.role))
        out.append(
            ExtractedStatement(
                text=st.text,
                start=st.start,
                end=st.end,
                type=cls.type,
                type_confidence=cls.confidence,
                salience=sal.score,
                salience_factors=sal.factors,
                triples=triples,
                mentions=mentions,
                relations=relations,
                norm_hash=text_hash(st.text),
                is_question=st.is_question,
                event_date=event_date(st.text, at),
                storable=not (phatic or st.is_question),
            )
        )
    return ExtractionResult(
        utterance=utterance,
        speaker=speaker,
        at=at,
        statements=out,
        mentions=entities.mentions,
        relations=entities.relations,
        pronouns=entities.pronouns,
        needs_memory=need.needed,
        needs_memory_reason=need.reason,
        ner_used=use_ner,
    )


def _resolve_org(triple: Triple, speaker_org: str | None) -> Triple:
    """Replace the "our organisation" placeholder when the utterance names the organisation."""
    if not speaker_org or SPEAKER_ORG not in (triple.subject, triple.value):
        return triple
    subject = speaker_org if triple.subject == SPEAKER_ORG else triple.subject
    value = speaker_org if triple.value == SPEAKER_ORG else triple.value
    return Triple(subject, triple.predicate, value)
