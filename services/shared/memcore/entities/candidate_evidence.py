"""How much each of several same-named candidates' facts match a context's clues (pure): the
evidence disambiguation weighs.

The context and each of its clauses ("the tax returns", "in Leeds") are embedded; a clause's evidence
for a candidate is its best cosine similarity with any one of the candidate's facts, placed between
the typical candidate and the best one (what every candidate shares says nothing). A clue counts only
when its best fact is related in absolute terms too (ABSOLUTE_FLOOR). A clue that two candidates'
facts both state (in the same or other words: clue_meaning) is theirs as much. Lexically, each
context word a candidate's profile contains counts by how rare it is among the candidates.

What happened once with someone (an episode of their profile: "came round last night") is weighed
less than what they are or do (EPISODE_DISCOUNT): anyone may have come round.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from ..textnorm import norm_name
from .clue_meaning import fits_in_meaning, named_words, proper_words, rare_words
from .clue_words import uncommon_words, words_of

MIN_SPREAD = 0.25
RELATED_MIN = 0.1  # similarity below which a fact is unrelated to a clue, however the others fare
SATURATION = 0.7
NOISE = 0.1  # a lead over the typical candidate below this share of the spread counts nothing
# A clue's best fact must be at least this similar (cosine) to count for a candidate at all: below it
# the clue is unrelated to every candidate, and the "best" of them is noise.
ABSOLUTE_FLOOR = 0.2
# ... and a clue that speaks of nothing as already known ("I made a card for Tom", "Tom waved at me":
# clue_words.names_known_thing) must fit a fact this well to count: what someone is given or does now
# is new, and only a fact that says much the same thing makes it a clue. Chosen on the calibration
# halves of the child and business voices (seeds 5813, 8429) and adult 4242.
NEW_THING_FLOOR = 0.5
# Two facts at least this similar say much the same ("goes bouldering" / "has got into bouldering"):
# a clue one of them matches fits both candidates.
SHARED_SIMILARITY = 0.65
SHARED_FIT = 0.8  # ... and the other candidate's facts fit the clue at least this share as well
# What happened once ("came round last night", "ran into her at the shops") could have happened with
# anyone: an episode's similarity with a clue is lowered by this much, so what someone is or does
# (their work, home, pastimes) decides between namesakes, and an episode only when it fits well.
EPISODE_DISCOUNT = 0.1
STATED_CLUE_SHARES = True
# What the speaker did with a namesake ("I saw Ruby at the park", "Harry sat next to me at lunch":
# clue_words.tells_an_encounter) says nothing of who they are: it does not share by meaning a clue
# that the other namesake's fact about themselves matched ("the skate park": "lives in the flats by
# the skate park" / "I saw Ruby at the park"). Child calibration 8429: two queries asked -> resolved.
# Nor does a fact that says only who they are to the speaker ("Ruby is my favourite":
# clue_words.of_the_speaker, TIES_SHARE_NOT).
ENCOUNTERS_SHARE_NOT = True
NAMED_WORDS_DECIDE = True
# ... within its own clue: a name or rare word in one clue ("the pony") says how that clue is meant,
# not that the context's other clues ("his flat with the lift") say nothing. Read over the whole
# context, a rare word both namesakes' facts state silenced the clue only one of them has.
# The question's frame ("Do you remember" of "Do you remember Rafe and the boat?") is no clue of its own:
# clue_words.thing_clauses leaves it out as context_parts does (clue_words.frame_clauses); with it read
# as a clue the namesake who "remembers every birthday" was picked (tests/entities/test_question_frame_is_no_clue.py).
NAMED_WORDS_PER_CLUE = True


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
    proper: frozenset[str] = frozenset()  # the proper names its facts say (clue_meaning.proper_words)
    encounters: tuple[bool, ...] = ()  # whether each tells what the speaker did with them (clue_words.tells_an_encounter)


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


def _whole_as_its_clues(credit: np.ndarray) -> np.ndarray:
    """With several clues the first part is the whole context (clue_words.context_parts): it fits a
    candidate no better than its clues do, on average. Else one clue that two namesakes share
    ("his piano lessons": "plays the piano" / "has piano lessons") makes the whole fit the one whose
    fact says it in the clue's own words, and that lead cancels the other clue ("the trains going
    past") that only the other namesake has."""
    if credit.shape[0] < 3:
        return credit
    out = credit.copy()
    out[0] = np.minimum(credit[0], credit[1:].mean(axis=0))
    return out


def _unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32)
    n = float(np.linalg.norm(v))
    return v / n if n else v


def _unit_rows(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms > 0, norms, 1.0)


class CandidateIndex:
    """The candidates' fact vectors stacked into one matrix and their profile words, built once per
    set of candidates (callers may cache it while the profiles are unchanged)."""

    def __init__(self, candidates: Sequence[ProfileCandidate], word_vectors: Mapping[str, np.ndarray] | None = None):
        """`word_vectors`: the facts' words (clue_words.word_forms: stem -> the word) each embedded
        alone, for telling two facts' words apart by meaning (clue_meaning.says_in_other_words); without
        them facts worded alike share a clue as they did before."""
        self.candidates = list(candidates)
        self.word_vectors = None if word_vectors is None else {w: _unit(v) for w, v in word_vectors.items()}
        rows, owner, episodic, encounters = [], [], [], []
        self.fact_words: list[set[str]] = []
        self.fact_named: list[set[str]] = []  # the words of each fact that name something (clue_meaning)
        self.fact_rare: list[set[str]] = []  # ... and its rare words (clue_meaning.rare_words)
        self.uncommon: set[str] = set()  # stems of the facts' uncommon words (uncommon_words)
        self.proper: frozenset[str] = frozenset().union(*(c.proper for c in self.candidates))
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
            encounters += list(c.encounters) if len(c.encounters) == len(fv) else [False] * len(fv)
            self.fact_words += [words_of(t) for t in texts]
            self.fact_named += [named_words(t, self.proper) for t in texts]
            self.fact_rare += [rare_words(t) for t in texts]
            self.uncommon |= {w for t in texts for w in uncommon_words(t)}
        dims = {r.shape[1] for r in rows}
        self.facts = _unit_rows(np.vstack(rows)) if rows and len(dims) == 1 else None
        self.owner = np.asarray(owner, dtype=np.int64)
        # subtracted from an episode's similarity with every clue (EPISODE_DISCOUNT)
        self.discount = np.asarray(episodic, dtype=np.float32) * EPISODE_DISCOUNT
        self.encounter = np.asarray(encounters, dtype=bool)  # per fact (ENCOUNTERS_SHARE_NOT)
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
                         meant: dict[str, set[int]] | None = None,
                         part_rare: Sequence[set[str]] = (),
                         part_known: Sequence[bool] = (),
                         part_word_vecs: Mapping[str, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Per candidate: how many of the context's parts (clues) its facts match. A part's match
        with a candidate is its best similarity with any one of the candidate's facts, placed
        between the typical candidate (the median, or RELATED_MIN if higher: 0) and the best one (1), and counted in full
        from SATURATION up: a clue is matched or not, however a fact happens to be worded. A part
        that fits no candidate much better than the rest (spread under MIN_SPREAD) counts little.
        `part_known`: per part, whether it speaks of a known thing (clue_words.known_parts); one that
        does not needs NEW_THING_FLOOR. `part_word_vecs`: the parts' words each embedded alone (as
        the index's word_vectors)."""
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
        floor = np.asarray([ABSOLUTE_FLOOR if k else NEW_THING_FLOOR for k in part_known], dtype=np.float32)[:, None] \
            if len(part_known) == len(best) else ABSOLUTE_FLOOR
        related = best >= floor
        typical = np.median(best, axis=1, keepdims=True) if n > 2 else best.min(axis=1, keepdims=True)
        mid = np.maximum(typical, RELATED_MIN)
        spread = np.maximum((best - mid).max(axis=1, keepdims=True), MIN_SPREAD)
        credit = np.clip(((best - mid) / spread - NOISE) / (SATURATION - NOISE), 0.0, 1.0) * related
        words = None if self.word_vectors is None else \
            {**self.word_vectors, **{w: _unit(v) for w, v in (part_word_vecs or {}).items()}}
        credit = self._shared(sims, best, credit, part_words, part_named, meant, part_rare, words)
        credit = _whole_as_its_clues(credit)
        out, fit = np.zeros(n, dtype=np.float32), np.zeros(n, dtype=np.float32)
        out[self._owners] = credit.sum(axis=0)
        fit[self._owners] = best.max(axis=0)
        return out, fit

    def _per_candidate(self, sims: np.ndarray) -> np.ndarray:
        """rows x facts -> rows x candidates (with facts): each candidate's best fact."""
        return np.maximum.reduceat(sims[:, self._order], self._starts, axis=1)

    def _shared(self, sims: np.ndarray, best: np.ndarray, credit: np.ndarray,
                part_words: Sequence[set[str]] = (), part_named: Sequence[set[str]] = (),
                meant: dict[str, set[int]] | None = None, part_rare: Sequence[set[str]] = (),
                word_vecs: Mapping[str, np.ndarray] | None = None) -> np.ndarray:
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
                # where I saw her is not where she lives (ENCOUNTERS_SHARE_NOT)
                told = ~self.encounter if ENCOUNTERS_SHARE_NOT and not self.encounter[matched] else None
                sharers = self.says_too[matched] & (best[p] >= best[p, c] * SHARED_FIT)
                # ... or states the clue's own word with it ("lives in Ashgrove" / "rents a house in Ashgrove")
                anchor = (part_words[p] if p < len(part_words) else set()) & self.fact_words[matched]
                if anchor:
                    sharers |= self.says_too[matched] & self._states(anchor, told)
                    # ... or states an uncommon word of the clue at all ("his street in Ashgrove": "lives
                    # in Ashgrove" / "rents a house in Ashgrove"), however differently it is worded
                    rare = {w for w in anchor if self._uncommon(w)}
                    if rare:
                        sharers |= self._states(rare, told)
                words = part_words[p] if p < len(part_words) else set()
                named = part_named[p] if p < len(part_named) else set()
                rare = part_rare[p] if p < len(part_rare) else set()
                same = fits_in_meaning(matched, sims[p], self.fact_sims, words, named,
                                       self.fact_words, self.fact_named, rare, self.fact_rare, word_vecs)
                if told is not None:
                    same &= told
                # ... or states the clue itself: its names or rare words, or every word of a clue of several
                # words that names nothing ("the cycling club": "cycles every weekend" beside "goes on
                # long bike rides"; "her board games": "runs a board game night" beside "collects board
                # games"; one common word, "his house", says only what kind of thing it is)
                said = (named | rare) or (words if len(words) > 1 else set())
                stating = self._states_all(said, told) if STATED_CLUE_SHARES else np.zeros(0, dtype=np.int64)
                if same.any() or len(stating):
                    sharers[np.searchsorted(self._owners, self.owner[same])] = True
                    sharers[np.searchsorted(self._owners, stating)] = True
                    if meant is not None:
                        for w in words:  # the clue's words: said by the matched fact's owner and meant by these
                            meant.setdefault(w, set()).update({int(self.owner[matched]), *map(int, self.owner[same]),
                                                               *map(int, stating)})
                out[p, sharers] = np.maximum(out[p, sharers], credit[p, c])
        return out

    def _uncommon(self, word: str) -> bool:
        return word in self.uncommon

    def _states_all(self, words: set[str], among: np.ndarray | None = None) -> np.ndarray:
        """The candidates (indices) with a fact that has every one of these words (none when no words);
        `among`: per fact, whether it may count (all when None)."""
        if not words:
            return np.zeros(0, dtype=np.int64)
        return np.unique(np.asarray([self.owner[f] for f, ws in enumerate(self.fact_words)
                                     if words <= ws and (among is None or among[f])], dtype=np.int64))

    def _states(self, words: set[str], among: np.ndarray | None = None) -> np.ndarray:
        """Per candidate with facts: whether one of its facts has one of these words (`among`: as _states_all)."""
        has = np.zeros(len(self._owners), dtype=bool)
        for f, ws in enumerate(self.fact_words):
            if ws & words and (among is None or among[f]):
                has[np.searchsorted(self._owners, self.owner[f])] = True
        return has

    def lexical(self, context: str | Sequence[str], fit: np.ndarray | None = None,
                meant: Mapping[str, set[int]] | None = None) -> np.ndarray:
        """Per candidate: the context words its profile has, each weighted by how rare it is among
        the candidates (1 when only this one has it, 0 when all do). `context`: the text, or its
        clues one by one (clue_words.thing_clauses); `fit` (each candidate's best
        similarity with the context, from semantic_and_fit) lets a word follow a shared fact; `meant`
        (from semantic_and_fit) gives a word of a clue to the candidates whose facts mean the clue."""
        n = len(self.candidates)
        out = np.zeros(n, dtype=np.float32)
        if n < 2:
            return out
        clues = [context] if isinstance(context, str) else list(context)
        if not NAMED_WORDS_PER_CLUE:
            clues = [" ".join(clues)]
        proper = proper_words(" ".join(clues))
        ctx: set[str] = set()
        for clue in clues:
            ctx |= self._clue_words(clue, proper)
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

    def _clue_words(self, clue: str, proper: frozenset[str]) -> set[str]:
        """The words of one clue that weigh lexically. A clue that names something some candidate
        states ("the Millbrook flat"): its names say which one; its other words ("flat") say how it
        is put, and anyone's facts may put it so ("lives in the old mill flats") (NAMED_WORDS_DECIDE)."""
        words = words_of(clue)
        if not NAMED_WORDS_DECIDE:
            return words
        named = {w for w in named_words(clue, proper) | rare_words(clue) if self.df.get(w)}
        return (words & named) or words

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
