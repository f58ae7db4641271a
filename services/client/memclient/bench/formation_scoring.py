"""Scoring of memory formation (issue 35; the rules are docs/formation-spec.md, section "Matching").

Pure functions: labelled turns and the knowledge memories an owner ended up with in, figures out.
A fact counts when one knowledge memory of an acceptable type holds its subject, its value (and
its relation, for a relationship), with the fact's polarity, and nothing of a sibling fact (the
other facts of the same turn). "Holds" is containment of normalised, Snowball-stemmed content
words, with the first person ("I", "my", "user", ...) read as the owner's name and, in a team's
conversation, "we"/"our" as the organisation's.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from statistics import mean

import snowballstemmer

_STEM = snowballstemmer.stemmer("english")
_WORD = re.compile(r"[^\W\d_]+|[0-9]+")  # letters of any script ("søren"), digits
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "user"})
GROUP = frozenset({"we", "us", "our", "ours", "ourselves"})
STOPWORDS = frozenset("""a an the and or of to in on at for with by from as is are was were be been am do does did
    has have had it its this that these those he she him her his hers they them their then than so very really
    just s t m d ll re ve st nd rd th every each""".split())
NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
NUMBERS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "hundred": "100"})
# A negative fact (dislikes, fears, must_avoid, ...) must be held by a memory that says so.
NEGATIONS = frozenset({"not", "no", "never", "nobodi", "none", "nor"})
NEGATIVE_WORDS = NEGATIONS | frozenset(_STEM.stemWords(
    "hate hates dislike dislikes scared afraid fear fears terrified avoid avoids allergic allergy intolerant "
    "weak struggles unable forbidden banned".split()))
NEGATIVE_PREDICATE = re.compile(r"^(dislik|fear|hate|avoid|must_not|must_avoid|not_|no_|cannot|allerg|intoler|weak)")
KNOWLEDGE = "knowledge"
NO_KNOWLEDGE_KINDS = ("assistant", "small_talk", "acknowledgement", "question", "request", "hypothetical")


def _folded(text: str) -> str:
    """Accents off ("Lucía" and "Lucia" are one name): a label and a memory may spell it either way."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    text = _folded(text.lower()).replace("\u2019", "'")
    text = re.sub(r"n't\b", " not", text.replace("cannot", "can not"))
    text = re.sub(r"'s\b", "", text)
    return _WORD.findall(text)


def terms(text: str | None, aliases: dict[str, tuple[str, ...]] | None = None) -> list[str]:
    """Content-word stems of a text, in order: lower case, "n't" as "not", possessive 's dropped,
    number words as digits, an alias word followed by the words it stands for, stopwords out."""
    out: list[str] = []
    for w in _words(text or ""):
        for word in (w, *(aliases or {}).get(w, ())):
            word = NUMBERS.get(word, word)
            if word not in STOPWORDS:
                out.append(_STEM.stemWord(word))
    return out


def owner_aliases(owner: str | None, org: str | None = None) -> dict[str, tuple[str, ...]]:
    """What a pronoun stands for: the first person is the owner, "we"/"our" the organisation."""
    aliases: dict[str, tuple[str, ...]] = {}
    if owner:
        aliases.update({w: tuple(_words(owner)) for w in FIRST_PERSON})
    if org:
        aliases.update({w: tuple(_words(org)) for w in GROUP})
    return aliases


@dataclass(frozen=True)
class Fact:
    """One labelled fact (docs/formation-spec.md); `values` and `relation` are alternatives."""
    subject: str
    predicate: str
    values: tuple[str, ...]
    type: str
    types_ok: tuple[str, ...] = ()
    relation: tuple[str, ...] = ()
    certainty: str = "stated"
    polarity: str = "positive"  # positive | negative | any

    @classmethod
    def from_label(cls, f: dict) -> "Fact":
        values = f["value"] if isinstance(f["value"], list) else [f["value"]]
        return cls(f["subject"], f["predicate"], tuple(values), f["type"], tuple(f.get("types_ok") or [f["type"]]),
                   tuple(f.get("relation") or ()), f.get("certainty", "stated"), f.get("polarity", "positive"))

    def own_terms(self) -> set[str]:
        out = set(terms(self.subject))
        for text in (*self.values, *self.relation):
            out |= set(terms(text))
        return out


@dataclass
class Memory:
    """A knowledge memory as read back: `seqs` are the turns it was drawn from (None: unknown)."""
    id: str
    type: str
    text: str
    subject: str | None = None
    predicate: str | None = None
    value: str | None = None
    confidence: float = 0.0
    seqs: tuple[int, ...] | None = None
    terms: list[str] = field(default_factory=list)  # its words, in order
    subject_terms: set[str] = field(default_factory=set)  # and who its pronouns stand for

    def prepare(self, aliases: dict[str, tuple[str, ...]]) -> "Memory":
        words = " ".join(x for x in (self.subject, (self.predicate or "").replace("_", " "), self.value, self.text) if x)
        self.terms = terms(words)
        self.subject_terms = set(terms(words, aliases))
        return self

    def negative(self) -> bool:
        return bool(NEGATIVE_PREDICATE.match(self.predicate or "")) or bool(NEGATIVE_WORDS & set(self.terms))


def _contains(have: set[str], text: str) -> bool:
    need = set(terms(text))
    return bool(need) and need <= have


def _polarity_ok(memory: Memory, fact: Fact) -> bool:
    if fact.polarity == "any":
        return True
    if fact.polarity == "negative":
        return memory.negative()
    if NEGATIVE_PREDICATE.match(memory.predicate or ""):
        return False
    # a positive fact: no negation among the two words before its value ("not ... horses")
    for value in fact.values:
        first = terms(value)[:1]
        if first and first[0] in memory.terms:
            at = memory.terms.index(first[0])
            if NEGATIONS & set(memory.terms[max(0, at - 2):at]):
                return False
    return True


def holds(memory: Memory, fact: Fact, siblings: list[Fact] = ()) -> bool:
    """Whether the memory holds the fact's subject (a pronoun may stand for it), its value and its
    relation (in words), with its polarity, and no value word of a sibling fact the fact does not use."""
    have = set(memory.terms)
    if not _contains(memory.subject_terms, fact.subject):
        return False
    if not any(_contains(have, v) for v in fact.values):
        return False
    if fact.relation and not any(_contains(have, r) for r in fact.relation):
        return False
    if not _polarity_ok(memory, fact):
        return False
    own = fact.own_terms()
    for sib in siblings:
        if sib is fact:
            continue
        sibling_words = set().union(*(set(terms(v)) for v in sib.values)) - own
        if sibling_words & have:
            return False
    return True


def score_conversation(turns: list[dict], memories: list[Memory], owner: str | None, org: str | None = None) -> dict:
    """Facts of one owner's conversation against the knowledge memories the owner has.

    turns: the labelled turns ({seq, kind, facts}); memories: knowledge only, with `seqs`. A memory
    drawn only from turns without knowledge (the assistant's, small talk, ...) holds no fact.
    Returns per-fact and per-memory outcomes and the counts the report adds up."""
    kinds = {t["seq"]: t["kind"] for t in turns}
    aliases = owner_aliases(owner, org)
    for m in memories:  # in what the assistant said, "I" is the assistant
        m.prepare({} if m.seqs and "assistant" in {kinds.get(s) for s in m.seqs} else aliases)
    # a memory drawn only from turns that carry no knowledge holds no fact (it is counted apart)
    eligible = [m for m in memories if m.seqs is None or any(kinds.get(s) == "knowledge" for s in m.seqs)]
    facts: list[tuple[int, Fact, list[Fact]]] = []
    for t in turns:
        turn_facts = [Fact.from_label(f) for f in t.get("facts", [])]
        facts.extend((t["seq"], f, turn_facts) for f in turn_facts)
    fact_rows, memory_hits = [], defaultdict(int)
    for seq, fact, siblings in facts:
        holding = [m for m in eligible if holds(m, fact, siblings)]
        ok = [m for m in holding if m.type in fact.types_ok]
        for m in holding:
            memory_hits[m.id] += 1
        fact_rows.append({
            "seq": seq, "subject": fact.subject, "predicate": fact.predicate, "value": fact.values[0],
            "type": fact.type, "certainty": fact.certainty,
            "held": bool(holding), "found": bool(ok), "typed": any(m.type == fact.type for m in holding),
            # the fact inside a memory of an acceptable type, atomic or not (the sibling rule aside)
            "found_not_atomic": any(m.type in fact.types_ok and holds(m, fact) for m in eligible),
            "memories": len(holding), "types_seen": sorted({m.type for m in holding}),
            "confidence": max((m.confidence for m in ok), default=None)})
    wrong_source: Counter = Counter()
    memory_rows = []
    for m in memories:
        source_kinds = sorted({kinds.get(s, "unknown") for s in m.seqs}) if m.seqs is not None else ["unattributed"]
        bad = [k for k in source_kinds if k in NO_KNOWLEDGE_KINDS]
        for k in bad:
            wrong_source[k] += 1
        memory_rows.append({"id": m.id, "type": m.type, "text": m.text, "correct": memory_hits[m.id] > 0,
                            "source_kinds": source_kinds})
    return {"facts": fact_rows, "memories": memory_rows, "from_no_knowledge_turns": dict(wrong_source)}


def _ratio(n: int, d: int) -> float | None:
    return round(n / d, 4) if d else None


def summarise(scored: list[dict]) -> dict:
    """Adds up conversations' outcomes: recall, precision, type accuracy, knowledge from turns
    that carry none (by kind), confidence by how certainly a fact was said."""
    facts = [f for s in scored for f in s["facts"]]
    memories = [m for s in scored for m in s["memories"]]
    wrong: Counter = Counter()
    for s in scored:
        wrong.update(s["from_no_knowledge_turns"])
    held = [f for f in facts if f["held"]]
    by_certainty = defaultdict(list)
    for f in facts:
        if f["confidence"] is not None:
            by_certainty[f["certainty"]].append(f["confidence"])
    by_type = defaultdict(lambda: [0, 0])
    for f in facts:
        by_type[f["type"]][0] += 1
        by_type[f["type"]][1] += f["found"]
    return {
        "conversations": len(scored), "facts": len(facts), "found": sum(f["found"] for f in facts),
        "recall": _ratio(sum(f["found"] for f in facts), len(facts)),
        "recall_not_atomic": _ratio(sum(f["found_not_atomic"] for f in facts), len(facts)),
        "knowledge_memories": len(memories), "correct_memories": sum(m["correct"] for m in memories),
        "precision": _ratio(sum(m["correct"] for m in memories), len(memories)),
        "held": len(held), "typed": sum(f["typed"] for f in held),
        "type_accuracy": _ratio(sum(f["typed"] for f in held), len(held)),
        "facts_held_more_than_once": sum(f["memories"] > 1 for f in facts),
        "knowledge_from_no_knowledge_turns": sum(wrong[k] for k in NO_KNOWLEDGE_KINDS),
        "knowledge_from_no_knowledge_turns_by_kind": {k: wrong[k] for k in NO_KNOWLEDGE_KINDS if wrong[k]},
        "recall_by_type": {t: {"facts": n, "found": k, "recall": _ratio(k, n)} for t, (n, k) in sorted(by_type.items())},
        "confidence_by_certainty": {c: round(mean(v), 3) for c, v in sorted(by_certainty.items())},
    }
