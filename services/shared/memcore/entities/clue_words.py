"""What of a text counts as a clue for telling same-named people apart (disambiguation reads clues
and profile facts through these functions; pure).

Filler words (FILLER: "texted", "called", "said", "note", "back", "again", ...) say that someone
got in touch or when, which anyone can do: they are left out of the words compared, of the clauses
embedded and of the facts embedded (fact_text), so they never decide between candidates. Clues and
facts are embedded as their content words alone (content_text): "what did she say about the oak she
felled" and "she came round last night" are not alike for sharing "she". A context is weighed clause
by clause (context_parts), each clause one clue.
"""
from __future__ import annotations

import re

from ..extraction.discourse import DISCOURSE
from ..retrieval.query_terms import content_words
from ..stemming import stem

MAX_PARTS = 8
WHOLE_CONTEXT = True
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
    us
    come comes coming came round visit visits visited visiting see sees seeing
""".split())  # "us": the speaker, like "me" ("get back to us" is "got back to me" said by a business);
# coming round and seeing someone is a visit, which anyone pays ("Is Noah coming?"; "saw" is also a tool)
# Discourse markers (extraction.discourse) are left out of what is embedded, like filler words, so
# two facts are compared by what they say and a clue by what it asks.
# Clause boundaries: punctuation and coordinating words. Each clause is one clue to weigh on its own.
_CLAUSE = re.compile(r"[,;:()!?]|\s(?:and|or|but|plus|also|as well as|while|whereas)\s", re.I)


FILLER = frozenset(stem(w) for w in FILLER_WORDS)


def words_of(text: str) -> set[str]:
    """The text's content words (stemmed) that can tell candidates apart: filler words, and linking
    verbs before them, left out."""
    return {stem(w) for w in content_words(drop_linking_verbs(text))} - FILLER


_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’]*")
# A word rarer than this in English (Zipf scale, wordfreq) names something ("Ashgrove" 1.9, "reservoir"
# 3.6, "chess" 4.3); a commoner one ("house" 5.7, "street" 5.3, "lives" 5.1) is how anything is said.
UNCOMMON_ZIPF = 5.0


def uncommon_words(text: str) -> set[str]:
    """The text's content words (stemmed) that are uncommon in English (UNCOMMON_ZIPF)."""
    from wordfreq import zipf_frequency

    return {stem(w) for w in content_words(drop_linking_verbs(text))
            if stem(w) not in FILLER and zipf_frequency(w, "en") < UNCOMMON_ZIPF}


# Verbs that only link a subject to what follows ("is running late", "got back to me", "came
# back"): before a filler word they say no more than it does, and go with it.
LINKING_VERBS = frozenset("""
    run runs running ran get gets getting got gotten go goes going went gone come comes coming came
    keep keeps keeping kept be is are was were been being
""".split())
_LINKED_FILLER = re.compile(r"\b(?:" + "|".join(sorted(LINKING_VERBS, key=len, reverse=True)) +
                            r")\s+(?=([A-Za-z][A-Za-z'’]*))", re.I)


def drop_linking_verbs(text: str) -> str:
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
                     drop_linking_verbs(DISCOURSE.sub(" ", text)))
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
