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
from typing import Iterable, Sequence

from ..calendar_words import WEEKDAY_ALT
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
    details detail info information update updates chase chases chased chasing
    sort sorts sorted sorting
    come comes coming came round visit visits visited visiting see sees seeing
""".split())  # "us": the speaker, like "me" ("get back to us" is "got back to me" said by a business);
# coming round and seeing someone is a visit, which anyone pays ("Is Noah coming?"; "saw" is also a tool);
# the details, the info or an update are what anyone is sent or asked for, and chasing someone (or
# being chased) is getting in touch again ("Send Wayne the details", "Steve is chasing us"); getting
# something sorted is getting it done ("Has Lisa sorted unit 4 yet?" is about unit 4, not about a
# namesake who "is sorting the Christmas hampers": business calibration 4747 and 5858 one ask fewer
# each, wrong and the other seven calibration halves unchanged)
# Discourse markers (extraction.discourse) are left out of what is embedded, like filler words, so
# two facts are compared by what they say and a clue by what it asks.
# Clause boundaries: punctuation and coordinating words. Each clause is one clue to weigh on its own.
_CLAUSE = re.compile(r"[,;:()!?]|\s(?:and|or|but|plus|also|as well as|while|whereas)\s", re.I)
KEEP_PAIRS = True


def split_clauses(text: str) -> list[str]:
    """The text's clauses (_CLAUSE). A word joined to the one before it by "and"/"or" and ending the
    clause with nothing of its own (no article, no possessive: "the pick and mix", "fish and chips",
    "the bread and butter") names one thing with it, and stays with it: as clues of their own "pick"
    and "mix" fit whatever happens to be near either word."""
    out: list[str] = []
    for piece in _CLAUSE.split(text):
        if KEEP_PAIRS and out and len(piece.split()) == 1 and piece.strip()[:1].islower() and _bare_end(out[-1]):
            joiner = _joiner(text, out[-1], piece)
            if joiner:
                out[-1] = f"{out[-1]} {joiner} {piece}"
                continue
        out.append(piece)
    return out


def _bare_end(clause: str) -> bool:
    """Whether a clause ends with a content word (what a pair's first word is)."""
    words = clause.split()
    return bool(words) and bool(words_of(words[-1])) and words[-1].lower() not in PRO_FORMS


def _joiner(text: str, left: str, right: str) -> str | None:
    """The "and"/"or" between two pieces of the text, when they were split there."""
    m = re.search(re.escape(left.strip()) + r"\s+(and|or|&)\s+" + re.escape(right.strip()) + r"(?![\w'’-])", text)
    return m.group(1) if m else None


FILLER = frozenset(stem(w) for w in FILLER_WORDS)


def words_of(text: str) -> set[str]:
    """The text's content words (stemmed) that can tell candidates apart: filler words, and linking
    verbs before them, left out."""
    return {stem(w) for w in content_words(drop_linking_verbs(text))} - FILLER


def word_forms(texts: str | Iterable[str]) -> dict[str, str]:
    """The words of words_of, each stem with the word as written (lower-cased; the first one met):
    what is embedded to compare two words by meaning (clue_meaning.says_in_other_words)."""
    out: dict[str, str] = {}
    for text in [texts] if isinstance(texts, str) else texts:
        for w in content_words(drop_linking_verbs(text)):
            s = stem(w)
            if s not in FILLER:
                out.setdefault(s, w.lower())
    return out


_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’]*")
# A word rarer than this in English (Zipf scale, wordfreq) names something ("Ashgrove" 1.9, "reservoir"
# 3.6, "chess" 4.3); a commoner one ("house" 5.7, "street" 5.3, "lives" 5.1) is how anything is said.
UNCOMMON_ZIPF = 5.0


def uncommon_words(text: str) -> set[str]:
    """The text's content words (stemmed) that are uncommon in English (UNCOMMON_ZIPF), as their word
    family is: "plays" (4.8) is as common a word as "play" (5.6) and "played" (5.2), whose stem it
    shares, so a fact that says "plays the piano" states nothing uncommon about "the Christmas play"."""
    return {stem(w) for w in content_words(drop_linking_verbs(text))
            if stem(w) not in FILLER and family_zipf(w) < UNCOMMON_ZIPF}


def family_zipf(word: str) -> float:
    """How common a word is (Zipf scale, wordfreq), as the commoner of the word itself and its stem
    when the stem is a word too ("plays" -> "play"; "bunnies" -> "bunni" is none, and stays 3.2)."""
    from wordfreq import zipf_frequency

    return max(zipf_frequency(word, "en"), zipf_frequency(stem(word), "en"))


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
                   rf"on\s+(?:{WEEKDAY_ALT}))\b", re.I)


def says_when(fact: str) -> bool:
    """Whether a fact says when it happened (what happened once does)."""
    return bool(_WHEN.search(fact))


# The speaker as one of the parties of what a fact tells: "I saw Ruby at the park", "Ruby gave me a
# sticker", "We went to the cinema with Ruby", "Owner played with Ruby at break" (the profile's word
# for the speaker). A possessive ("my cousin", "owner's best friend") says who someone is to the speaker.
_SPEAKER = re.compile(r"\b(?:i|me|we|us)\b|\bowner\b(?!['’]s)", re.I)
_SPEAKER_FIRST = re.compile(r"^\s*owner\b(?!['’]s)", re.I)


def tells_an_encounter(fact: str) -> bool:
    """Whether a fact tells what the speaker did with someone (the speaker is a party: `_SPEAKER`, or
    the subject a note leaves out: diary_style), once how it is framed is set aside ("Did I tell you
    she lives by the canal", "I found out he is a doctor", "..., I didn't know": FRAMING and the
    discourse markers). Where the speaker saw someone or sat next to them says nothing of who they are."""
    told = FRAMING.sub(" ", DISCOURSE.sub(" ", _SPEAKER_FIRST.sub("I", fact)))
    return bool(_SPEAKER.search(told)) or (DIARY_STYLE and diary_style(told))


# Past tenses that are auxiliaries or links as often as verbs of their own ("Was always kind", "Had
# moved"): no subject is read into them.
_LINKING_PAST = frozenset("did had was were".split())
DIARY_STYLE = True


def diary_style(fact: str) -> bool:
    """Whether a fact (its subject's names taken out, as profiles.profile_fact_items gives it) opens
    with a verb in the past tense, written capitalised because it opened the sentence: a note that
    leaves out its subject, the speaker ("Caught Gary in the car park", "Met Julie this morning",
    "Spoke to Steve earlier"). A sentence whose subject was the person keeps its verb lower-cased
    once the name is taken out ("Gary worked at the mill" -> "worked at the mill")."""
    from ..extraction.lexicon import IRREGULAR_PAST

    m = re.match(r"\s*([A-Z][a-z]+)\b", fact)
    if not m:
        return False
    verb = m.group(1).lower()
    return verb not in _LINKING_PAST and (verb in IRREGULAR_PAST or (verb.endswith("ed") and len(verb) > 4))


# Who someone is to the speaker, said with the speaker's possessive and the words after it: "my
# favourite", "owner's best friend", "my party", "in my class".
_TIE = re.compile(r"\b(?:my|our|owner['’]s)\s+(?:[A-Za-z'’-]+\s+){0,2}[A-Za-z'’-]+", re.I)
TIES_SHARE_NOT = True


def only_a_tie(fact: str) -> bool:
    """Whether a fact (its subject's name taken out) says no more than who someone is to the speaker:
    the speaker's possessive, and once that phrase and the framing are set aside no word that tells
    anyone apart ("Ruby is my favourite", "Ruby is owner's best friend", "Ruby came to my party"). It
    says nothing of what they have or do or where they live ("Ruby lives next door to my gran" does)."""
    text = without_framing(fact)
    return bool(_TIE.search(text)) and not words_of(_TIE.sub(" ", text))


def of_the_speaker(fact: str) -> bool:
    """Whether a fact tells only of the speaker's dealings with someone: an encounter
    (tells_an_encounter) or a tie (only_a_tie, TIES_SHARE_NOT). Neither shares by meaning a clue about
    who someone is (candidate_evidence.ENCOUNTERS_SHARE_NOT)."""
    return tells_an_encounter(fact) or (TIES_SHARE_NOT and only_a_tie(fact))


# How a note or a child's remark frames what it says, beside the discourse markers of extraction.discourse:
# hesitation ("um"), vouching ("honest", "it's true"), excitement ("and that's so cool"), who told
# ("my mum says"), how new it is ("found out", "news to me", "I didn't know") and a note-taker's
# headings ("for the record", "worth remembering", "quick one", "heads up", "don't forget", "just so
# you know", "note:", "news on Gary:", "news:"). "For the record, Gary services the fridges" says that
# Gary services the fridges; "News on Gary: he runs the stall" that Gary runs the stall, and its "news"
# would make the fact alike to whatever else came as news. "News" elsewhere ("reads the news on the
# radio") is what it says: only the heading, before a colon, is framing.
FRAMING = re.compile(
    r"\b(?:u+m+|e+rm+|u+h+|honest(?:ly)?|(?:and\s+)?that'?s\s+(?:so\s+)?(?:cool|amazing|funny)|it'?s\s+true|"
    r"news\s+to\s+me|news(?:\s+on\b(?=[^:.!?]{0,40}:)|(?=\s*:))|for\s+the\s+(?:record|file)|worth\s+remembering|quick\s+one|heads\s+up|don'?t\s+forget|"
    r"just\s+so\s+you\s+know|(?:i\s+)?(?:found|find|finding)\s+out|(?:my\s+)?(?:mum|dad|mom|teacher)\s+says|"
    r"i\s+didn'?t\s+know|you\s+know|note|well)\b[,:;!?.]*", re.I)


DROP_FRAMING = True


def without_framing(text: str) -> str:
    """The text without its discourse markers and framing (FRAMING), spaces closed up."""
    text = DISCOURSE.sub(" ", text)
    return " ".join((FRAMING.sub(" ", text) if DROP_FRAMING else text).split())


def without_filler(text: str) -> str:
    """The text with its discourse markers, framing and filler words removed (what is embedded of a clue or a fact)."""
    out = _TOKEN.sub(lambda m: "" if stem(m.group(0).replace("’", "'").split("'")[0]) in FILLER else m.group(0),
                     drop_linking_verbs(without_framing(text)))
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


# What speaks of a thing as known: a definite article or a possessive before a word ("the icing", "her
# spelling trophy"); a capitalised word inside the clause (a name: "Leeds").
_KNOWN = re.compile(r"\b(?:the|his|her|their|its|my|your|our)\s+([A-Za-z][A-Za-z'’-]*)", re.I)
_CAPITALISED = re.compile(r"(?<=\w\W)\s*[A-Z][a-z]")
# Words that stand for a thing named elsewhere ("the one with the big dog"): no thing of their own.
PRO_FORMS = frozenset("one ones other others same".split())


def names_known_thing(clause: str, opens_sentence: bool = True) -> bool:
    """Whether a clause speaks of a thing as already known: "the icing", "his drawings" (a definite
    article or a possessive before a content word), or a name ("Leeds"). "I made a card for", "waved
    at me", "wants a word" do not: what someone is given, told or does now is new, and says nothing
    of who they are unless a fact of theirs says much the same (candidate_evidence.NEW_THING_FLOOR).
    `opens_sentence`: whether the clause's first word may be capitalised for opening the sentence."""
    named = _CAPITALISED.search(clause) or (not opens_sentence and re.match(r"\s*[A-Z][a-z]", clause))
    return bool(named) or any(
        m.group(1).lower() not in PRO_FORMS and words_of(m.group(1)) for m in _KNOWN.finditer(clause))


# What opens a thing a clause speaks of: an article or a possessive before a word ("the beach", "a boat").
_OPENS = re.compile(r"\b(?:the|a|an|his|her|their|its|my|your|our)\s+([A-Za-z][A-Za-z'’-]*)", re.I)
DROP_FRAME_CLAUSES = True


def speaks_of_a_thing(clause: str) -> bool:
    """Whether a clause speaks of some thing: an article or a possessive before a content word, a
    name, or an uncommon word ("the beach", "a boat", "Leeds", "bouldering")."""
    return (any(m.group(1).lower() not in PRO_FORMS and words_of(m.group(1)) for m in _OPENS.finditer(clause))
            or bool(_CAPITALISED.search(clause)) or bool(uncommon_words(clause)))


TRIM_TO_THING = True


# What someone does with a thing in talk: asks or tells about it, shows it, chases it, sorts it out,
# mentions or remembers it. Before a thing ("Did Gary chase the icing", "Harry let me see the book
# corner") these say nothing of who they are; any other word before it does ("Did Tom upload the final cut").
TALK_WORDS = frozenset(stem(w) for w in """
    ask asks asking tell tells telling talk talks talking mention mentions mentioned mentioning say says saying
    show shows showed shown showing let lets letting see sees saw seen seeing look looks looked looking
    remember remembers remembered remind reminds reminded keep keeps kept keeping chase chases chased chasing
    sort sorts sorted sorting confirm confirms confirmed confirming hear hears heard going get gets got getting
    rang ring rings call calls called re one
""".split())


def thing_phrase(clause: str) -> str:
    """The clause from the thing it speaks of on, when the words before the thing only say what is done
    with it in talk (TALK_WORDS, filler words): "Did Gary chase the icing" -> "the icing", "Harry let me
    see the book corner" -> "the book corner", "Is Mia the one with her costume" -> "her costume". Those
    words would make a clue alike to facts of the same doing rather than of the same thing. "Did Tom
    upload the final cut" stays whole: uploading says what Tom does. A clause that speaks of no thing
    (an article or a possessive before content words, "the one" aside) stays as it is too."""
    for m in _OPENS.finditer(clause):
        if m.group(1).lower() not in PRO_FORMS and words_of(clause[m.start():]):
            if not m.start() or words_of(clause[:m.start()]) - TALK_WORDS:
                return clause
            return clause[m.start():]
    return clause


def frame_clauses(clauses: Sequence[str]) -> list[bool]:
    """Per clause: whether it is only the frame of the question around the clues. Beside a clause that
    speaks of a thing (speaks_of_a_thing), one of a single content word that speaks of none ("Do you
    remember" of "Do you remember Tom and the boat?", once the name is taken out; "I want to ask" of
    "I want to ask Tom about his boat, and the dog") asks or tells, and says nothing of who is meant."""
    things = [speaks_of_a_thing(c) for c in clauses]
    return [DROP_FRAME_CLAUSES and not thing and any(things) and len(words_of(c)) < 2
            for c, thing in zip(clauses, things)]


def thing_clauses(context: str) -> list[str]:
    """Each clause of the context from its thing on (thing_phrase), as written: one clue each; the
    question's frame (frame_clauses) is no clue, here as in what is embedded (context_parts)."""
    raw = [c for c in split_clauses(context) if c and c.strip()]
    return [thing_phrase(c) if TRIM_TO_THING else c for c, frame in zip(raw, frame_clauses(raw)) if not frame]


def thing_text(context: str) -> str:
    """The context with each clause from its thing on (thing_phrase), as written: the words a clue
    is compared by (disambiguation's lexical evidence), without the doing around it."""
    if not TRIM_TO_THING:
        return context
    return " ".join(thing_clauses(context))


def _clues(text: str) -> list[tuple[str, bool]]:
    """Each clause with content words, filler words left out, with whether it names a known thing.
    Beside a clause that speaks of a thing, one of a single word that speaks of none ("Do you remember"
    of "Do you remember Tom and the boat?", once the name is taken out) is the question's frame, and is
    left out."""
    raw = split_clauses(" ".join(text.split()))
    out: dict[str, bool] = {}
    for i, (clause, frame) in enumerate(zip(raw, frame_clauses(raw))):
        if frame:
            continue
        cut = without_filler(thing_phrase(clause) if TRIM_TO_THING else clause).strip(" .,")
        if cut and words_of(cut) and cut not in out:
            out[cut] = names_known_thing(clause, opens_sentence=i == 0)
    return list(out.items())


def clauses(text: str) -> list[str]:
    """The clauses of a text that have content words (_clues)."""
    return [c for c, _ in _clues(text)]


def _parts(context: str) -> list[tuple[str, bool]]:
    """context_parts, each with whether it names a known thing (the whole context: whether any clause does)."""
    whole = " ".join(context.split()).strip(" .")
    if not words_of(whole):
        return []
    known = names_known_thing(whole)
    parts = _clues(whole)  # each clause left without its filler words there, after what it names is read
    whole = without_filler(whole).strip(" .,") or whole
    if TRIM_TO_THING and len(parts) > 1:  # the clues together, each from its thing on
        whole = " ".join(p for p, _ in parts)
    if WHOLE_CONTEXT and len(parts) > 1:
        parts.insert(0, (whole, known))
    return [(content_text(p), k) for p, k in (parts or [(whole, known)])[:MAX_PARTS]]


def known_parts(context: str) -> list[bool]:
    """For each of context_parts(context), row for row: whether it speaks of a known thing
    (names_known_thing; the whole context, first of several parts, when any of its clauses does)."""
    return [k for _, k in _parts(context)]


def context_parts(context: str) -> list[str]:
    """What is embedded for a context: each clause with content words (each one clue to weigh on
    its own), after the whole context when there are several."""
    return [c for c, _ in _parts(context)]
