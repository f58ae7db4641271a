"""Decide the type of a capitalised name from its shape and its surroundings."""

from __future__ import annotations

import re

from .lexicon import (
    CONCEPT_ACRONYMS,
    KINSHIP,
    ORG_SUFFIXES,
    PLACE_ACRONYMS,
    PLACE_SUFFIXES,
    ROLE_WORDS,
    TOOL_VERBS,
)
from .models import EntityType
from .names import described_subject
from .ner import NER_LABEL_TYPES

_PREP_BEFORE = re.compile(
    r"\b(?:in|on|into|onto|via|using|through|inside)(?:\s+(?:the|our|their|my))?\s*$",
    re.IGNORECASE,
)
_USE_BEFORE = re.compile(r"\b(?:use|uses|used|using|switched\s+to|moved\s+to|migrated\s+to|open|opened)\s*$", re.IGNORECASE)
_WORDS = re.compile(r"[A-Za-z']+")
_DOMAIN_LIKE = re.compile(r"\.(?:ai|io|com|app|net|org|dev|co)$", re.IGNORECASE)
_DIRECTION = r"(?:up|down|over|back|across|away|out|in)"
_PLACE_BEFORE = re.compile(
    # where someone lives, stays or goes to live, said directly or with a direction: "lives in X",
    # "moved up to X", "based out of X", "commutes in from X", "travelled back from X"
    r"\b(?:live[sd]?|living|moved|born|grew\s+up|based|located|visit(?:ed|ing)?|flew|travel(?:s|l?ed|l?ing)?|"
    rf"commut(?:e|es|ed|ing)|relocat(?:e|es|ed|ing))\s+(?:{_DIRECTION}\s+)?(?:in|to|from|at)\s*$"
    r"|\b(?:live[sd]?|living|moved|based|located)\s+out\s+of\s*$"
    # a drive or a flight with its direction: "driving down to X", "heading up to X"
    rf"|\b(?:drive[sn]?|driving|drove|head(?:s|ed|ing)?|moving|fl(?:y|ies|ying))\s+{_DIRECTION}\s+(?:to|from)\s*$"
    # coming in to work: "cycles in from X", "comes in from X" ("came out to Sam" is not a place)
    r"|\b(?:cycle[sd]?|cycling|come|comes|coming|came|walk(?:s|ed|ing)?)\s+in\s+(?:to|from)\s*$"
    # where someone is from: "He's from X originally", "they are originally from X"
    r"|\b(?:he|she|they|i|we|you)(?:['’](?:s|re|m)|\s+(?:is|are|am|was|were))\s+(?:originally\s+)?from\s*$"
    r"|\boriginally\s+from\s*$", re.IGNORECASE)
# Who someone is, said right before their name: a tie or a job ("my cousin", "the kids' swimming
# coach", "the school's new head teacher"). Not the roles an organisation can hold too ("our client
# Initech", "the supplier Brakes").
_ORG_CAN_BE = frozenset("client customer supplier vendor investor member staff owner partner agent rep "
                        "representative head lead employee volunteer".split())
_WHO_THEY_ARE = "|".join(sorted((KINSHIP | ROLE_WORDS | {"mate", "hire", "girl", "boy", "lad", "lass"}) - _ORG_CAN_BE,
                                key=len, reverse=True))
# Things one does with a person, said right before a name: "chatting to", "bumped into", "had lunch
# with", "went for a walk with", "my cousin", "our new hire".
_SOCIAL_BEFORE = re.compile(
    r"\b(?:(?:chatt(?:ed|ing)|chats?|(?<!in\s)talk(?:ed|ing|s)?|spoke|speaking|caught\s+up|hung\s+out|met\s+up|"
    r"went\s+out|catch(?:ing)?\s+up)\s+(?:to|with)|(?:bumped|ran|run|running|bumping)\s+into|"
    r"(?:lunch|coffee|dinner|drinks|tea|breakfast|a\s+walk|a\s+drink|a\s+chat)\s+with|"
    r"(?:my|our)\s+(?:[a-z'-]+\s+){0,2}(?:partner|godchild's\s+(?:dad|mum))|"
    rf"(?:my|our|the|his|her|their)\s+(?:[a-z'-]+\s+){{0,3}}(?:{_WHO_THEY_ARE})(?:-in-law)?|"
    # someone else's tie: "Grandma's neighbour", "Dad's friend", "Tom's cousin"
    rf"\b[A-Za-z]+['’]s\s+(?:[a-z'-]+\s+){{0,2}}(?:{_WHO_THEY_ARE})(?:-in-law)?)\s*$",
    re.IGNORECASE)
# What people do, said right after a name (or after who they are: "X from accounting came round"):
# "X came round", "X and I had lunch", "X dropped by".
_SOCIAL_AFTER = re.compile(
    r"^\s*(?:(?:from|on)\s+(?:[A-Za-z'-]+\s+){1,5}?)?(?:came\s+(?:round|over|by)|dropped\s+(?:by|in|round)|popped\s+(?:by|in|round)|and\s+I\b|"
    r"laughed|smiled|texted\s+me|called\s+me|rang\s+me|seemed|looked\s+(?:well|tired|happy|sad)|"
    # where they live or grew up: a person's life, not an organisation's ("Fyi Bartek lives on a narrowboat")
    r"(?:lives|lived)\s+(?:in|on|near|at|with|by|out|over|up|down|round)\b|grew\s+up\b|was\s+born\b|"
    # where they live, said right after the name ("Petra next door is a nurse"): a neighbour, not a company
    r"next\s+door\b|(?:across|over|down)\s+the\s+road\b|"
    # "who" after a name is a person's pronoun ("Nell who lives across the road"); who they are at school
    r"who\s+[a-z]|in\s+(?:my|our|his|her|their)\s+(?:class|year|form)\b|in\s+year\s+\d+\b)",
    re.IGNORECASE)
# Where someone is from, said right after a first name and surname: "Zayn Hale from the after-school
# club", "Olivia Sato from swimming", "Leo Vickers from Cubs" (a company is not "from swimming").
_FROM_SOMEWHERE = re.compile(r"^\s+from\s+(?:(?:the|my|our)\s+)?[A-Za-z][a-z'-]*\b")
# Where someone works, then that they got in touch: "Callum at the packaging firm left a voicemail",
# "Nicola from the wholesaler phoned" (an organisation is not "from the wholesaler").
_DESCRIBED_GOT_IN_TOUCH = re.compile(
    r"^\s*(?:from|on|at)\s+(?:the|our|my)\s+(?:[A-Za-z'-]+\s+){1,4}?"
    r"(?:phoned|emailed|rang|called|texted|left\s+(?:a\s+|me\s+a\s+)?(?:voicemail|message))\b", re.IGNORECASE)
# Where one goes or stays: "went to Brackenford", "a trip to Oslo", "a spot called Eagle Rock",
# "Millhaven, a quiet village by the sea".
_PLACE_NOUNS = (r"(?:town|city|village|place|location|spot|lake|park|beach|river|mountain|island|area|"
                r"neighbou?rhood|street|valley|forest|falls|country|region|state|resort|campsite|trail)")
_GOING_BEFORE = re.compile(
    r"\b(?:went|go|goes|going|gone|headed|heading|drove|driving|trip|trips|vacation|holiday|journey|getaway|"
    r"move|moving|relocated?|returned|came\s+back)\s+(?:back\s+)?(?:to|from)\s*$"
    rf"|\b{_PLACE_NOUNS}\s+(?:called|named)\s*$", re.IGNORECASE)
_PLACE_APPOSITION = re.compile(rf"^\s*,\s*(?:a|an|the)\s+(?:[a-z]+\s+){{0,2}}{_PLACE_NOUNS}\b", re.IGNORECASE)
_PLACE_PREP_BEFORE = re.compile(r"\b(?:from|in|at|to|near)\s*$", re.IGNORECASE)
# Where a street or a square is: "the deli on Bell Street", "a flat off Mill Lane" (what follows it is not said of it:
# "Gemma from the deli on Bell Street popped in" is Gemma popping in).
_ON_A_STREET = re.compile(r"\b(?:on|in|at|off|along|near)\s*$", re.IGNORECASE)
_PERSON_TITLE = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|Miss|Sir|Aunt|Uncle|Grandma|Grandpa)\.?\s*$")


_SURNAME_PREFIX = re.compile(r"^(?:Mc|Mac|O['’]|D['’]|De|Le|La|Di|Da|Du|Van|Von|St)(?=[A-Z])")
_CAMEL = re.compile(r"[a-z][A-Z]|[A-Z]{2,}[a-z]{2,}")


def is_camel_case(word: str) -> bool:
    """SharePoint, GPTZero, iPad, QuickBooks (product-name shape); not McDonald or DeShawn."""
    return bool(_CAMEL.search(_SURNAME_PREFIX.sub("", word)))


def is_acronym(name: str) -> bool:
    letters = name.replace("&", "").replace(".", "")
    return 2 <= len(letters) <= 8 and letters.isupper() and letters.isalnum()


def used_as_tool(text: str, start: int) -> bool:
    """The name is the object of a tool verb plus preposition: "store drafts in SharePoint"."""
    sentence_start = max(text.rfind(".", 0, start), text.rfind("\n", 0, start), text.rfind(";", 0, start)) + 1
    before = text[sentence_start:start]
    if _USE_BEFORE.search(before):
        return True
    if not _PREP_BEFORE.search(before):
        return False
    recent = [w.lower() for w in _WORDS.findall(before)][-10:]
    return any(w in TOOL_VERBS for w in recent)


def type_from_shape(name: str, text: str, start: int, ner_label: str | None = None) -> EntityType | None:
    """Type from the name's own words and immediate context, or None when undecided."""
    words = name.split()
    last = words[-1].lower().rstrip(".")
    before = text[max(0, start - 40) : start]
    if _PERSON_TITLE.search(before):
        return EntityType.PERSON
    if last in ORG_SUFFIXES:
        return EntityType.ORG
    if len(words) > 1 and last in PLACE_SUFFIXES and _ON_A_STREET.search(before):
        return EntityType.PLACE  # "the deli on Bell Street popped in": the place, whatever follows it
    if len(words) == 1 and ner_label != "ORG" and described_subject(text, start):
        return EntityType.PERSON  # "Lorcan the roofer rang", "Odette from my pottery class runs ..."
    if len(words) == 2 and _FROM_SOMEWHERE.match(text[start + len(name):]):
        return EntityType.PERSON  # "with Zayn Hale from the after-school club": a person, however the NER read it
    if 1 <= len(words) <= 3 and (_SOCIAL_BEFORE.search(before) or (
            _SOCIAL_AFTER.match(text[start + len(name):]) and not _PLACE_PREP_BEFORE.search(before))
            or _DESCRIBED_GOT_IN_TOUCH.match(text[start + len(name):])):
        return EntityType.PERSON  # "I was chatting to Aoife Quinlan", "Leila Fairbairn came round"
    if name in PLACE_ACRONYMS:
        return EntityType.PLACE
    if name.upper() in CONCEPT_ACRONYMS:
        return EntityType.CONCEPT
    if any(is_camel_case(w) for w in words) or _DOMAIN_LIKE.search(name):
        return EntityType.SYSTEM
    if used_as_tool(text, start) and ner_label != "PERSON":
        return EntityType.SYSTEM
    possessive = text[start + len(name):].startswith(("'s", "’s"))  # "drove down to Tom's": Tom's home
    if (_PLACE_BEFORE.search(before) or _GOING_BEFORE.search(before)) and not possessive \
            or _PLACE_APPOSITION.match(text[start + len(name):]):
        return EntityType.PLACE
    if len(words) > 1 and last in PLACE_SUFFIXES:
        return EntityType.PLACE
    return None


# A determiner or possessive right before a name makes it a thing, a title or a place ("the
# Himalayas", "my Zen", "a fellow Chef", "The Wolves"), not a person's name.
_DETERMINER_BEFORE = re.compile(r"(?:^|[\s(\"'“‘])(?:the|a|an|my|your|our|their|his|her|its|this|that|fellow)\s+$",
                                re.IGNORECASE)


def not_a_person_by_position(text: str, start: int, end: int) -> bool:
    """After a determiner, or the whole of a quoted title ("Finding Home"): not a person's name."""
    if _DETERMINER_BEFORE.search(text[max(0, start - 12):start]):
        return True
    before, after = text[:start], text[end:]
    if before.rstrip().endswith(('"', "”")) and before.count('"') % 2 == 0 and before.rstrip()[:-1].strip():
        return True  # '"The Long Winter" Collection': a word after a quoted title is part of it
    if before.endswith(("'", "‘")) and after.startswith(("'", "’")) and (start < 2 or not text[start - 2].isalnum()):
        return True  # 'Embracing Identity' (single quotes around the whole name)
    for q_open, q_close in (('"', '"'), ("“", "”")):
        if before.count(q_open) % 2 == 1 if q_open == q_close else before.rfind(q_open) > before.rfind(q_close):
            if q_close in after:
                return True
    return False


def default_type(name: str, ner_label: str | None) -> EntityType:
    """Fallback when neither context rules nor relation hints decide."""
    if ner_label and ner_label in NER_LABEL_TYPES:
        return NER_LABEL_TYPES[ner_label]
    if is_acronym(name):
        return EntityType.ORG
    words = name.split()
    if len(words) <= 2 and all(w[:1].isupper() and not w.isupper() for w in words):
        return EntityType.PERSON
    return EntityType.ORG if len(words) >= 3 else EntityType.CONCEPT
