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
  * the clue, f and g agree on every named thing: a word that names a place, a pastime or a trade
    (NAMED_ZIPF: "Ashgrove", "harbour", "bouldering", not "town", "flat" or "centre") said by one
    of them is said by the others ("flat in Millbrook" never fits "lives in Ashgrove"; "the climbing
    wall", matched by "goes bouldering", does not fit a "flat in town").
What is left to tell f and g apart is then only how they are worded, which says nothing of who is
meant. Pure: every input is a fetched row, a vector or a similarity computed from them.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..retrieval.query_terms import content_words
from ..stemming import stem

# A word rarer than this in English (Zipf scale, wordfreq) names something ("Ashgrove" 1.9, "harbour"
# 4.0, "mill" 4.4, "bouldering" 2.3); a commoner one ("flat" 4.7, "hill" 4.8, "centre" 4.9, "town"
# 5.2) says what kind of thing it is and is how anyone would put it.
NAMED_ZIPF = 4.5
# Two facts at least this similar (cosine of their embedded content words) are of the same kind
# ("lives right in the city centre" / "has a flat in town" 0.34; a home and a pastime, or a home and
# a trade, are mostly below 0.3). Chosen on the people-talk calibration half.
KIND_SIMILARITY = 0.33
# ... and the other fact must be related to the clue in absolute terms (as disambiguation's floor).
RELATED_TO_CLUE = 0.2


def named_words(text: str) -> set[str]:
    """The stems of the text's words that name something (rarer than NAMED_ZIPF)."""
    from wordfreq import zipf_frequency

    return {stem(w) for w in content_words(text) if zipf_frequency(w, "en") < NAMED_ZIPF}


def agree_on_names(clue_words: set[str], clue_named: set[str], matched_words: set[str], matched_named: set[str],
                   other_words: set[str], other_named: set[str]) -> bool:
    """Whether a clue, the fact it matched and another fact name the same things: what the clue or
    the matched fact names the other fact says too, and the other fact names nothing that neither
    the clue nor the matched fact says."""
    return (clue_named | matched_named) <= other_words and other_named <= (clue_words | matched_words)


def fits_in_meaning(matched: int, clue_sims: np.ndarray, fact_sims: np.ndarray, clue_words: set[str], clue_named: set[str], fact_words: Sequence[set[str]],
                    fact_named: Sequence[set[str]]) -> np.ndarray:
    """Per fact: whether the clue that fact `matched` fits (its best fact for the clue) fits that
    fact as well, by meaning (see the module's docstring). `clue_sims`: the clue's similarity with
    every fact; `fact_sims`: the facts' similarities with each other. The matched fact itself is
    left out."""
    near = (fact_sims[matched] >= KIND_SIMILARITY) & (clue_sims >= RELATED_TO_CLUE)
    near[matched] = False
    out = np.zeros(len(clue_sims), dtype=bool)
    for g in np.nonzero(near)[0]:
        out[g] = agree_on_names(clue_words, clue_named, fact_words[matched], fact_named[matched],
                                fact_words[g], fact_named[g])
    return out
