"""Whether a clue that one namesake's fact matches is true of another namesake too, by meaning
rather than by shared words (issue 37, item 4).

"Did Tom mention his flat in town?" matches "has a flat in town" word for word and "lives right in
the city centre" hardly at all (the embedder puts them 0.34 apart), yet both say where a Tom lives
and neither contradicts the clue: the clue fits both Toms and must be asked about, not guessed. A
clue fits another candidate's fact g as well as the matched fact f when
  * g is of the same kind as f: the two facts are related (KIND_SIMILARITY) - both say where
    someone lives, or what they do - and g is related to the clue itself (ABSOLUTE_FLOOR);
  (an episode's similarity with the clue comes lowered by disambiguation's EPISODE_DISCOUNT; it is
  not left out, as how a fact was said - "Did I tell you she lives right in the city centre?" -
  may have filed it as an episode);
  * the clue, f and g agree on every named thing: a proper name (a place, an organisation, a
    person: a word written capitalised inside a sentence of the clue or of a namesake's facts,
    "Ashgrove", "Millbrook") said by one of them is said by the others ("flat in Millbrook" never
    fits "lives in Ashgrove"). A rare common word is no name: "sourdough" and "baking bread",
    "allotment" and "grows vegetables" say the same pastime in other words, and whether they do is
    left to meaning (the kind and clue similarities above), as "flat in town" and "city centre" are.
What is left to tell f and g apart is then only how they are worded, which says nothing of who is
meant. Pure: every input is a fetched row, a vector or a similarity computed from them.
"""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

import numpy as np

from ..calendar_words import MONTH_SET, WEEKDAY_SET
from ..retrieval.query_terms import content_words
from ..stemming import stem

# A word rarer than this in English (Zipf scale, wordfreq) is uncommon enough that a fact stating it
# states the clue ("cycling" 3.9, "bouldering" 2.3, "harbour" 4.0; not "flat" 4.7 or "town" 5.2):
# a namesake whose fact says it shares the clue (candidate_evidence), but it names nothing.
RARE_ZIPF = 4.5
# Two facts at least this similar (cosine of their embedded content words) are of the same kind
# ("lives right in the city centre" / "has a flat in town" 0.34; a home and a pastime, or a home and
# a trade, are mostly below 0.3). Chosen on the people-talk calibration half.
KIND_SIMILARITY = 0.33
# ... and the other fact must be related to the clue in absolute terms (as disambiguation's floor).
RELATED_TO_CLUE = 0.2
# Facts saying a clue in different rare words share it when the clue is at least this close to the
# other fact, relative to the matched one. Chosen on the people-talk calibration halves (4242).
CLOSE_FIT = 0.6
# Two facts of one kind worded alike but for the clue's word ("works at the hospital" / "works for the
# police") say two values of one thing: they share the clue only at CLOSE_FIT, as rare words do.
OTHER_VALUE_SHARES_NOT = True
# ... and even at CLOSE_FIT only when the two facts say much the same (cosine of the facts): "lives near
# the airport" / "lives under the planes" 0.59 name one home; "lives in the village with the duck pond" /
# "lives in a caravan by the beach" 0.38 name two, however well "the village" fits any home. Between
# them on the child calibration halves (seeds 5813, 8429, 2671: 0.38-0.48 for two homes, 0.65 for
# "lives by the railway bridge" / "lives next to the trains").
SAME_VALUE_SIMILARITY = 0.5
# ... unless the clue fits the other fact nearly as well as the matched one ("the fish and chips": "keeps
# tropical fish" / "runs the chippy" 0.85 of it; "the village" / "lives in a caravan by the beach" 0.76).
NEAR_FIT = 0.8
# How well the clue fits the other fact, as a share of how well it fits the matched one (CLOSE_FIT,
# NEAR_FIT), is measured above RELATED_TO_CLUE, the level any fact reaches, and up to FULL_FIT, past
# which a fact says the clue in full: a clue at 0.64 with one pet and 0.40 with another's home
# ("the rabbit hutch": "has bunnies" / "lives in the village with the duck pond") is 0.45 of the way,
# not 0.63; a clue said word for word by one fact (1.0, "the bunnies": "has bunnies") is still shared
# with the same thing in other words at 0.61 ("has three rabbits"). Only where the matched fact fits
# the clue clearly (CLEAR_FIT): nearer the related level every fit is about as weak ("the fish and
# chips": "keeps tropical fish" 0.32 / "runs the chippy" 0.28). Two facts that say much the same
# (SAME_VALUE_SIMILARITY: "lives near the airport" / "lives under the planes") keep the plain ratio.
# FULL_FIT chosen a priori (the plain ratio as calibrated, above it); CLEAR_FIT 0.4-0.45 alike on the
# child calibration halves of seeds 3301, 4477, 9182 and 6655 (0.5 gives back two): seven queries
# asked -> resolved, one wrong -> right, none the other way.
FULL_FIT = 0.7
CLEAR_FIT = 0.45
# Two facts of one kind that agree on names and rare words may still say two values of it: "is a
# doctor at the hospital" / "is a police officer", "has a really big dog" / "was crying today" are as
# alike to each other (0.35) as "has a flat in town" / "lives right in the city centre" (0.34), and a
# clue the first fact says word for word fits the second about as weakly in all three. What tells them
# apart is whether the second fact says the clue's word in other words: "town" is "city" (0.77, each
# word embedded alone), "hospital" is not "police" (0.39), nor "farm" "house" (0.35), "council" "club"
# (0.48), "dog" "crying" (0.38); "bouldering" / "climbing" 0.63, "cycling" / "bike" 0.74. So where the
# matched fact fits the clue clearly (CLEAR_FIT), states a word of it, and the other fact fits it less
# than CLOSE_FIT, the other shares the clue only when it has one of those words or one at least
# WORD_ALIKE to it. Chosen between the two groups above a priori; 0.5-0.7 alike on the child
# calibration halves of seeds 1212, 4545, 7373 and 8080.
WORD_ALIKE = 0.6
# Below CLEAR_FIT every fit is weak, and the plain ratio shares a clue with any fact of its kind that
# fits it about as weakly. But where the matched fact states a word of the clue ("the lease paperwork":
# "handles the equipment leasing"), that word, not the weak fit, is what ties the clue to it: another
# fact shares the clue only when it says that word too, in the same or other words (WORD_ALIKE), as
# above CLEAR_FIT ("is on a monthly maintenance retainer" says no lease). Business calibration 41017
# and 41029: three asks fewer, none wrong; child 41053 unchanged.
STATED_WORD_DECIDES_WEAK_FIT = True
_SENTENCE = re.compile(r"[.!?;:\n]+\s*")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
# capitalised inside a sentence for what they are, not for naming one thing
CALENDAR = WEEKDAY_SET | MONTH_SET


def proper_words(texts: str | Iterable[str]) -> frozenset[str]:
    """The stems of the words written capitalised inside a sentence (not its first word) of these
    texts: the proper names they say ("lives in Ashgrove", "works at Harbour Lantern")."""
    out: set[str] = set()
    for text in [texts] if isinstance(texts, str) else texts:
        for sentence in _SENTENCE.split(text or ""):
            for w in _WORD.findall(sentence)[1:]:
                base = w.replace("’", "'").split("'")[0]
                low = base.lower()
                if len(base) > 1 and base[0].isupper() and not base.isupper() and low.removesuffix("s") not in CALENDAR:
                    out.add(stem(low))
    return frozenset(out)


def rare_words(text: str) -> set[str]:
    """The stems of the text's words rarer than RARE_ZIPF."""
    from wordfreq import zipf_frequency

    return {stem(w) for w in content_words(text) if zipf_frequency(w, "en") < RARE_ZIPF}


def named_words(text: str, proper: frozenset[str] | set[str]) -> set[str]:
    """The stems of the text's words that name something: those among `proper` (proper_words of the
    clue and of the namesakes' facts; the text itself may be lower-cased)."""
    return {stem(w) for w in content_words(text)} & set(proper)


def agree_on_names(clue_words: set[str], clue_named: set[str], matched_words: set[str], matched_named: set[str],
                   other_words: set[str], other_named: set[str]) -> bool:
    """Whether a clue, the fact it matched and another fact name the same things: what the clue or
    the matched fact names the other fact says too, and the other fact names nothing that neither
    the clue nor the matched fact says."""
    return (clue_named | matched_named) <= other_words and other_named <= (clue_words | matched_words)


def other_value(clue_words: set[str], matched_words: set[str], other_words: set[str]) -> bool:
    """Whether another fact says the same kind of thing as the matched one in the same words but a
    different value: they share a word that is not the clue's ("works at the hospital" / "works for
    the police": "works") and the other lacks a word of the clue that the matched fact has
    ("hospital"). Facts that share words of the clue ("the board game night": "runs a board game
    night" / "collects board games") say the clue's thing in two ways."""
    shared = matched_words & other_words
    return bool(shared) and not shared & clue_words and not (clue_words & matched_words) <= other_words


def fits_in_meaning(matched: int, clue_sims: np.ndarray, fact_sims: np.ndarray, clue_words: set[str],
                    clue_named: set[str], fact_words: Sequence[set[str]], fact_named: Sequence[set[str]],
                    clue_rare: set[str] = frozenset(), fact_rare: Sequence[set[str]] = (),
                    word_vecs: Mapping[str, np.ndarray] | None = None) -> np.ndarray:
    """Per fact: whether the clue that fact `matched` fits (its best fact for the clue) fits that
    fact as well, by meaning (see the module's docstring). `clue_sims`: the clue's similarity with
    every fact; `fact_sims`: the facts' similarities with each other. The matched fact itself is
    left out. Facts that disagree on a proper name never share the clue; facts that only disagree on
    rare words (`clue_rare`, `fact_rare`: "sourdough" / "baking bread") share it when the clue is
    about as close to the other fact as to the matched one (CLOSE_FIT): two ways of saying one thing,
    not two things of one kind ("plays the cello" / "plays the violin"); so do facts worded alike but
    for the clue's own word (other_value: "works at the hospital" / "works for the police") share it at
    CLOSE_FIT only when they say much the same (SAME_VALUE_SIMILARITY). With `word_vecs` (stem -> the
    word embedded alone), facts worded alike that fit a clearly matched clue less well share it only
    when they say a word of it the matched fact states, in the same or other words (WORD_ALIKE)."""
    near = (fact_sims[matched] >= KIND_SIMILARITY) & (clue_sims >= RELATED_TO_CLUE)
    near[matched] = False
    out = np.zeros(len(clue_sims), dtype=bool)
    stated = clue_words & fact_words[matched]
    by_word = stated_word_decides(stated, float(clue_sims[matched]), word_vecs)
    for g in np.nonzero(near)[0]:
        alike = bool(fact_sims[matched, g] >= SAME_VALUE_SIMILARITY)
        fit = share_of_fit(float(clue_sims[g]), float(clue_sims[matched]), alike)
        if not agree_on_names(clue_words, clue_named, fact_words[matched], fact_named[matched],
                              fact_words[g], fact_named[g]):
            continue
        if by_word and word_vecs is not None and not says_in_other_words(stated, fact_words[g], word_vecs):
            continue  # the word that ties the clue to the matched fact is not said by this one
        worded_alike = not fact_rare or agree_on_names(clue_words, clue_rare, fact_words[matched], fact_rare[matched],
                                                       fact_words[g], fact_rare[g])
        if OTHER_VALUE_SHARES_NOT and other_value(clue_words, fact_words[matched], fact_words[g]):
            out[g] = bool(fit >= NEAR_FIT or (fit >= CLOSE_FIT and alike))
            continue
        out[g] = fit >= CLOSE_FIT or (worded_alike and (
            word_vecs is None or float(clue_sims[matched]) < CLEAR_FIT
            or says_in_other_words(clue_words & fact_words[matched], fact_words[g], word_vecs)))
    return out


def stated_word_decides(stated: set[str], matched_fit: float, word_vecs: Mapping[str, np.ndarray] | None) -> bool:
    """Whether a clue is tied to its matched fact by a word rather than by its fit: the fact states a
    word of the clue (`stated`) and fits the clue only weakly (under CLEAR_FIT), so another fact shares
    it only by saying that word (says_in_other_words; STATED_WORD_DECIDES_WEAK_FIT). Needs the words'
    vectors (`word_vecs`) to tell."""
    return STATED_WORD_DECIDES_WEAK_FIT and word_vecs is not None and bool(stated) and matched_fit < CLEAR_FIT


def says_in_other_words(stated: set[str], other: set[str], word_vecs: Mapping[str, np.ndarray]) -> bool:
    """Whether a fact (`other`: its word stems) says one of these words (`stated`: the clue's words
    that the matched fact states) itself or in a word at least WORD_ALIKE to it (`word_vecs`: stem ->
    the word embedded alone, unit length). True when no word is stated, or one lacks a vector:
    nothing then says the two facts differ."""
    if not stated or stated & other:
        return True
    vecs = [word_vecs.get(w) for w in stated | other]
    if any(v is None for v in vecs):
        return True
    return any(float(word_vecs[a] @ word_vecs[b]) >= WORD_ALIKE for a in stated for b in other)


def share_of_fit(other: float, matched: float, alike: bool = False) -> float:
    """How well a clue fits another fact (`other`: their cosine) as a share of how well it fits the
    matched fact (`matched`), both measured above RELATED_TO_CLUE and the matched one at most
    FULL_FIT; the plain ratio of the two when the matched fit is under CLEAR_FIT
    or the facts themselves say much the same (`alike`: SAME_VALUE_SIMILARITY), as two wordings of one
    thing are told by their own likeness, not the clue's."""
    if alike or matched < CLEAR_FIT:
        return other / max(matched, 1e-6)
    return (other - RELATED_TO_CLUE) / max(min(matched, FULL_FIT) - RELATED_TO_CLUE, 1e-6)
