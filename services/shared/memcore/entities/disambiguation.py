"""Which of several same-named entities a sentence means, from its context alone (seed 000).

The sentence without the name is compared with each candidate's profile, fact by fact:
  * semantic: the context and each of its clauses ("the tax returns", "in Leeds") are embedded; a
    clause's evidence for a candidate is its best cosine similarity with any one of the candidate's
    facts, minus the average over all candidates (what every candidate shares says nothing);
  * lexical: each context word a candidate's profile contains counts by how rare it is among the
    same-named candidates (an IDF over the candidates: a nickname only one has counts 1, a word all
    share counts 0);
  * another of the candidate's names in the context (an alias, a nickname) and, in a conversation,
    the entity being active in it.
Frequency and recency play no part: nothing here counts mentions or looks at dates. When the best
candidate's lead over the runner-up is below MARGIN, the answer is a clarification ("which Peter?").

Filler words (FILLER: "texted", "called", "said", "note", "back", "again", ...) say that someone
got in touch or when, which anyone can do: they are left out of the words compared, of the clauses
embedded and of the facts embedded (fact_text), so they never decide between candidates. A clue
counts only when its best fact is related in absolute terms too (ABSOLUTE_FLOOR), and the best
candidate must have matched at least FLOOR of a clue, however far behind the others are: a context
that fits nobody asks instead of picking whoever happens to fit least badly.

What happened once with someone (an episode of their profile: "came round last night") is weighed
less than what they are or do (EPISODE_DISCOUNT): anyone may have come round. Clues and facts are
embedded as their content words alone (content_text): "what did she say about the oak she felled"
and "she came round last night" are not alike for sharing "she".
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Collection, Mapping, Sequence

import numpy as np

from ..extraction.discourse import DISCOURSE
from ..retrieval.query_terms import content_words
from ..stemming import stem
from ..textnorm import norm_name
from .clue_meaning import fits_in_meaning, named_words

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
MAX_PARTS = 8
WHOLE_CONTEXT = True
MIN_SPREAD = 0.25
RELATED_MIN = 0.1  # similarity below which a fact is unrelated to a clue, however the others fare
SATURATION = 0.7
NOISE = 0.1  # a lead over the typical candidate below this share of the spread counts nothing
# A clue's best fact must be at least this similar (cosine) to count for a candidate at all: below it
# the clue is unrelated to every candidate, and the "best" of them is noise.
ABSOLUTE_FLOOR = 0.2
# Two facts at least this similar say much the same ("goes bouldering" / "has got into bouldering"):
# a clue one of them matches fits both candidates.
SHARED_SIMILARITY = 0.65
SHARED_FIT = 0.8  # ... and the other candidate's facts fit the clue at least this share as well
# What happened once ("came round last night", "ran into her at the shops") could have happened with
# anyone: an episode's similarity with a clue is lowered by this much, so what someone is or does
# (their work, home, pastimes) decides between namesakes, and an episode only when it fits well.
EPISODE_DISCOUNT = 0.1
# The best candidate's evidence (in matched clues) below which the answer is a question, whatever the lead.
# EPISODE_DISCOUNT and FLOOR were chosen on the people-talk calibration half and on the households of
# another seed (tools/research/disambiguation_rescore.py --seed 2027); the old benchmark does not move with
# either.
FLOOR = 0.25
FLOOR_NOTE = "evidence of the best candidate (matched clues) needed to resolve at all"
# Words that say someone got in touch, came by, wanted or owed something (and sums of money, what
# is owed), or when: anyone does that, so they tell no one apart.
FILLER_WORDS = frozenset("""
    text texted texting texts message messaged messages messaging call called calls calling phone phoned
    send sends sent sending photo photos picture pictures pic pics
    ring rang rung email emailed emails reply replied replies
    say said says tell told tells mention mentioned mentions talk talked talks spoke speak speaks chat chatted
    ask asked asks note notes back again still just really already yet soon
    today tonight yesterday tomorrow earlier later morning afternoon evening
    drop dropped pop popped stop stopped thing things stuff bit lot
    hi hello hey thanks thank ok okay yes yeah oh well anyway please remind reminder
    want wanted wants need needed needs owe owed owes late
    tenner tenners fiver fivers quid buck bucks pence penny cent cents
""".split())
# Discourse markers (extraction.discourse) are left out of what is embedded, like filler words, so
# two facts are compared by what they say and a clue by what it asks.
# Clause boundaries: punctuation and coordinating words. Each clause is one clue to weigh on its own.
_CLAUSE = re.compile(r"[,;:()!?]|\s(?:and|or|but|plus|also|as well as|while|whereas)\s", re.I)


FILLER = frozenset(stem(w) for w in FILLER_WORDS)


def words_of(text: str) -> set[str]:
    """The text's content words (stemmed) that can tell candidates apart: filler words, and linking
    verbs before them, left out."""
    return {stem(w) for w in content_words(_drop_linking_verbs(text))} - FILLER


_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’]*")
# A word rarer than this in English (Zipf scale, wordfreq) names something ("Ashgrove" 1.9, "reservoir"
# 3.6, "chess" 4.3); a commoner one ("house" 5.7, "street" 5.3, "lives" 5.1) is how anything is said.
UNCOMMON_ZIPF = 5.0


def uncommon_words(text: str) -> set[str]:
    """The text's content words (stemmed) that are uncommon in English (UNCOMMON_ZIPF)."""
    from wordfreq import zipf_frequency

    return {stem(w) for w in content_words(_drop_linking_verbs(text))
            if stem(w) not in FILLER and zipf_frequency(w, "en") < UNCOMMON_ZIPF}


# Verbs that only link a subject to what follows ("is running late", "got back to me", "came
# back"): before a filler word they say no more than it does, and go with it.
LINKING_VERBS = frozenset("""
    run runs running ran get gets getting got gotten go goes going went gone come comes coming came
    keep keeps keeping kept be is are was were been being
""".split())
_LINKED_FILLER = re.compile(r"\b(?:" + "|".join(sorted(LINKING_VERBS, key=len, reverse=True)) +
                            r")\s+(?=([A-Za-z][A-Za-z'’]*))", re.I)


def _drop_linking_verbs(text: str) -> str:
    """ "running late" -> "late", "got back to me" -> "back to me": a linking verb before a filler word."""
    return _LINKED_FILLER.sub(lambda m: "" if stem(m.group(1).replace("’", "'").split("'")[0]) in FILLER
                              else m.group(0), text)


# When something happened: what happened once says so ("came round last night", "saw her at the
# weekend"); a turn that says what someone is or does ("she has a flat in town") does not.
_WHEN = re.compile(r"\b(?:yesterday|today|tonight|earlier|last\s+(?:night|week|weekend|month|year|time)|"
                   r"this\s+(?:morning|afternoon|evening|week)|at\s+the\s+weekend|ago|the\s+other\s+day|"
                   r"on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b", re.I)


def says_when(fact: str) -> bool:
    """Whether a fact says when it happened (what happened once does)."""
    return bool(_WHEN.search(fact))


def without_filler(text: str) -> str:
    """The text with its discourse markers and filler words removed (what is embedded of a clue or a fact)."""
    out = _TOKEN.sub(lambda m: "" if stem(m.group(0).replace("’", "'").split("'")[0]) in FILLER else m.group(0),
                     _drop_linking_verbs(DISCOURSE.sub(" ", text)))
    return " ".join(out.split()).strip(" ,.;:!?")


def content_text(text: str) -> str:
    """The text's content words alone, in their order ("What did she say about the oak she felled" ->
    "oak felled"): what is embedded of a clue and of a fact, so that the words around what is said
    ("what did ... say about", "she", "the") do not make unrelated sentences alike. The text as is
    when no content word is left."""
    return " ".join(w for w in content_words(text) if stem(w) not in FILLER) or text


def fact_text(fact: str) -> str:
    """A profile fact as it is embedded for disambiguation: its content words without filler words
    (or as is when nothing else is left)."""
    return content_text(without_filler(fact) or fact)


def clauses(text: str) -> list[str]:
    """The clauses of a text that have content words."""
    out = []
    for clause in _CLAUSE.split(" ".join(text.split())):
        clause = without_filler(clause).strip(" .,")
        if clause and words_of(clause) and clause not in out:
            out.append(clause)
    return out


def context_parts(context: str) -> list[str]:
    """What is embedded for a context: each clause with content words (each one clue to weigh on
    its own), or the whole context when it has a single clause."""
    whole = " ".join(context.split()).strip(" .")
    if not words_of(whole):
        return []
    whole = without_filler(whole).strip(" .,") or whole
    parts = clauses(whole)
    if WHOLE_CONTEXT and len(parts) > 1:
        parts.insert(0, whole)
    return [content_text(p) for p in (parts or [whole])[:MAX_PARTS]]


@dataclass(frozen=True)
class ProfileCandidate:
    entity_id: str
    name: str
    type: str
    description: str
    vector: Sequence[float] | None  # the whole profile's embedding (used when no fact vectors)
    profile_text: str = ""
    other_names: tuple[str, ...] = ()  # aliases and nicknames (not the shared name)
    fact_vectors: np.ndarray | None = None  # one row per profile fact (profiles.profile_facts)
    facts: tuple[str, ...] = ()  # the texts of those facts, row for row (when known)
    episodic: tuple[bool, ...] = ()  # whether each of those facts is an episode (EPISODE_DISCOUNT)


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


def as_array(v) -> np.ndarray | None:
    """A vector as a float array (lists, numpy arrays and pgvector's Vector alike)."""
    if v is None:
        return None
    return np.asarray(v.to_numpy() if hasattr(v, "to_numpy") else v, dtype=np.float32)


def cosine(a, b) -> float:
    a, b = as_array(a), as_array(b)
    if a is None or b is None or a.shape != b.shape:
        return 0.0
    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    return float(a @ b) / (na * nb) if na and nb else 0.0


def _unit_rows(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms > 0, norms, 1.0)


class CandidateIndex:
    """The candidates' fact vectors stacked into one matrix and their profile words, built once per
    set of candidates (callers may cache it while the profiles are unchanged)."""

    def __init__(self, candidates: Sequence[ProfileCandidate]):
        self.candidates = list(candidates)
        rows, owner, episodic = [], [], []
        self.fact_words: list[set[str]] = []
        self.fact_named: list[set[str]] = []  # the words of each fact that name something (clue_meaning)
        self.uncommon: set[str] = set()  # stems of the facts' uncommon words (uncommon_words)
        for i, c in enumerate(self.candidates):
            fv = c.fact_vectors if c.fact_vectors is not None and len(c.fact_vectors) else None
            if fv is None and c.vector is not None:
                fv = as_array(c.vector)[None, :]
            if fv is None:
                continue
            rows.append(np.asarray(fv, dtype=np.float32))
            owner += [i] * len(fv)
            texts = c.facts if len(c.facts) == len(fv) else ("",) * len(fv)
            episodic += list(c.episodic) if len(c.episodic) == len(fv) else [False] * len(fv)
            self.fact_words += [words_of(t) for t in texts]
            self.fact_named += [named_words(t) for t in texts]
            self.uncommon |= {w for t in texts for w in uncommon_words(t)}
        dims = {r.shape[1] for r in rows}
        self.facts = _unit_rows(np.vstack(rows)) if rows and len(dims) == 1 else None
        self.owner = np.asarray(owner, dtype=np.int64)
        # subtracted from an episode's similarity with every clue (EPISODE_DISCOUNT)
        self.discount = np.asarray(episodic, dtype=np.float32) * EPISODE_DISCOUNT
        self._order = np.argsort(self.owner, kind="stable")
        self._owners, self._starts = np.unique(self.owner[self._order], return_index=True)
        # fact -> candidate: whether the candidate has a fact saying much the same (SHARED_SIMILARITY)
        self.says_too = None
        self.fact_sims = None  # facts x facts: how alike two facts are (clue_meaning's kind of fact)
        if self.facts is not None:
            self.fact_sims = self.facts @ self.facts.T
            other = self._per_candidate(self.fact_sims) >= SHARED_SIMILARITY  # facts x candidates with facts
            other[np.arange(len(self.owner)), np.searchsorted(self._owners, self.owner)] = False
            self.says_too = other
        self.words = [words_of(c.profile_text) for c in self.candidates]
        self.df: dict[str, int] = {}
        for ws in self.words:
            for w in ws:
                self.df[w] = self.df.get(w, 0) + 1
        self.names = [tuple(f" {norm_name(n)} " for n in c.other_names if norm_name(n)) for c in self.candidates]

    def __len__(self) -> int:
        return len(self.candidates)

    def semantic(self, part_vecs) -> np.ndarray:
        return self.semantic_and_fit(part_vecs)[0]

    def semantic_and_fit(self, part_vecs, part_words: Sequence[set[str]] = (), part_named: Sequence[set[str]] = (),
                         meant: dict[str, set[int]] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Per candidate: how many of the context's parts (clues) its facts match. A part's match
        with a candidate is its best similarity with any one of the candidate's facts, placed
        between the typical candidate (the median, or RELATED_MIN if higher: 0) and the best one (1), and counted in full
        from SATURATION up: a clue is matched or not, however a fact happens to be worded. A part
        that fits no candidate much better than the rest (spread under MIN_SPREAD) counts little."""
        n = len(self.candidates)
        pv = as_array(part_vecs)
        none = (np.zeros(n, dtype=np.float32), np.zeros(n, dtype=np.float32))
        if self.facts is None or pv is None or pv.size == 0:
            return none
        pv = _unit_rows(pv.reshape(-1, pv.shape[-1]))
        if pv.shape[1] != self.facts.shape[1]:
            return none
        sims = pv @ self.facts.T - self.discount  # parts x facts
        best = self._per_candidate(sims)  # parts x candidates with facts
        related = best >= ABSOLUTE_FLOOR
        typical = np.median(best, axis=1, keepdims=True) if n > 2 else best.min(axis=1, keepdims=True)
        mid = np.maximum(typical, RELATED_MIN)
        spread = np.maximum((best - mid).max(axis=1, keepdims=True), MIN_SPREAD)
        credit = np.clip(((best - mid) / spread - NOISE) / (SATURATION - NOISE), 0.0, 1.0) * related
        credit = self._shared(sims, best, credit, part_words, part_named, meant)
        out, fit = np.zeros(n, dtype=np.float32), np.zeros(n, dtype=np.float32)
        out[self._owners] = credit.sum(axis=0)
        fit[self._owners] = best.max(axis=0)
        return out, fit

    def _per_candidate(self, sims: np.ndarray) -> np.ndarray:
        """rows x facts -> rows x candidates (with facts): each candidate's best fact."""
        return np.maximum.reduceat(sims[:, self._order], self._starts, axis=1)

    def _shared(self, sims: np.ndarray, best: np.ndarray, credit: np.ndarray,
                part_words: Sequence[set[str]] = (), part_named: Sequence[set[str]] = (),
                meant: dict[str, set[int]] | None = None) -> np.ndarray:
        """A clue matched by a fact another candidate also states ("goes bouldering" / "has got into
        bouldering"), and that candidate's own facts fit the clue nearly as well (SHARED_FIT
        of it), is theirs as much: they get the same credit, so it tells neither apart.
        (Facts worded alike but fitting the clue very differently are not the same fact.) Also theirs:
        a clue another candidate's fact means as well, in other words (clue_meaning: "flat in town" /
        "lives right in the city centre"), and so are the clue's words (`meant`: word -> the candidates
        that mean it, for lexical)."""
        if self.says_too is None or self.fact_sims is None:
            return credit
        out = credit.copy()
        # with several clues the first part is the whole context (context_parts): several clues
        # together are not one fact, so only the single clues are shared
        for p in range(1 if credit.shape[0] > 1 else 0, credit.shape[0]):
            for c in np.nonzero(credit[p] > 0)[0]:
                facts = np.nonzero(self.owner == self._owners[c])[0]
                matched = facts[np.argmax(sims[p, facts])]
                sharers = self.says_too[matched] & (best[p] >= best[p, c] * SHARED_FIT)
                # ... or states the clue's own word with it ("lives in Ashgrove" / "rents a house in Ashgrove")
                anchor = (part_words[p] if p < len(part_words) else set()) & self.fact_words[matched]
                if anchor:
                    sharers |= self.says_too[matched] & self._states(anchor)
                    # ... or states an uncommon word of the clue at all ("his street in Ashgrove": "lives
                    # in Ashgrove" / "rents a house in Ashgrove"), however differently it is worded
                    rare = {w for w in anchor if self._uncommon(w)}
                    if rare:
                        sharers |= self._states(rare)
                words = part_words[p] if p < len(part_words) else set()
                named = part_named[p] if p < len(part_named) else set()
                same = fits_in_meaning(matched, sims[p], self.fact_sims, words, named,
                                       self.fact_words, self.fact_named)
                if same.any():
                    sharers[np.searchsorted(self._owners, self.owner[same])] = True
                    if meant is not None:
                        for w in words:  # the clue's words: said by the matched fact's owner and meant by these
                            meant.setdefault(w, set()).update({int(self.owner[matched]), *map(int, self.owner[same])})
                out[p, sharers] = np.maximum(out[p, sharers], credit[p, c])
        return out

    def _uncommon(self, word: str) -> bool:
        return word in self.uncommon

    def _states(self, words: set[str]) -> np.ndarray:
        """Per candidate with facts: whether one of its facts has one of these words."""
        has = np.zeros(len(self._owners), dtype=bool)
        for f, ws in enumerate(self.fact_words):
            if ws & words:
                has[np.searchsorted(self._owners, self.owner[f])] = True
        return has

    def lexical(self, context: str, fit: np.ndarray | None = None,
                meant: Mapping[str, set[int]] | None = None) -> np.ndarray:
        """Per candidate: the context words its profile has, each weighted by how rare it is among
        the candidates (1 when only this one has it, 0 when all do). `fit` (each candidate's best
        similarity with the context, from semantic_and_fit) lets a word follow a shared fact; `meant`
        (from semantic_and_fit) gives a word of a clue to the candidates whose facts mean the clue."""
        n = len(self.candidates)
        out = np.zeros(n, dtype=np.float32)
        if n < 2:
            return out
        ctx = words_of(context)
        for w in ctx:
            df = self.df.get(w, 0)
            if not df or df == n:
                continue
            idf = math.log(n / df) / math.log(n)
            holders = {i for i, ws in enumerate(self.words) if w in ws}
            if holders and meant and w in meant:
                holders |= meant[w]
            for i in holders | (self._sharing(w, holders, fit) if fit is not None else set()):
                out[i] += idf
        return out

    def _sharing(self, word: str, holders: set[int], fit: np.ndarray) -> set[int]:
        """Candidates without the word that state a fact much like one of the holders' facts with it
        ("bought a house on Kestrel Hill" / "lives up on Kestrel Hill" for "house") and fit the
        context nearly as well (SHARED_FIT): they share it."""
        if self.says_too is None:
            return set()
        out: set[int] = set()
        for f in (f for f, ws in enumerate(self.fact_words) if word in ws and self.owner[f] in holders):
            holder = int(self.owner[f])
            out.update(j for j in (int(self._owners[k]) for k in np.nonzero(self.says_too[f])[0])
                       if fit[j] >= fit[holder] * SHARED_FIT)
        return out - holders

    def alias_hits(self, context: str) -> np.ndarray:
        low = f" {norm_name(context)} "
        return np.asarray([any(n in low for n in names) for names in self.names], dtype=bool)


def score_candidates(context: str, context_vec, candidates: Sequence[ProfileCandidate] | CandidateIndex,
                     session: Mapping[str, float] | None = None,
                     described: Collection[str] = ()) -> list[ScoredCandidate]:
    """Candidates best first. `context_vec`: the embedding of each of context_parts(context) (or of
    the context alone); `session`: activation (0..1) of entities active in the conversation;
    `described`: the candidates who are what the text says beside the name ("from accounting")."""
    index = candidates if isinstance(candidates, CandidateIndex) else CandidateIndex(candidates)
    parts = context_parts(context)
    meant: dict[str, set[int]] = {}
    sem, fit = index.semantic_and_fit(context_vec, [words_of(p) for p in parts], [named_words(p) for p in parts], meant)
    lex = index.lexical(context, fit, meant)
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
            described: Collection[str] = ()) -> Resolution:
    if not len(candidates):
        return Resolution(surface, "ambiguous", None, None, context, [])
    scored = score_candidates(context, context_vec, candidates, session, described)
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
