"""Chat as people type it, read as ordinary English before facts are drawn from it (issue 35).

"im Lola. Im six", "tbh i kinda hate running 😩", "pizza!! and my mums lasagne": the rules and the
parser read "I'm", "I" and "mum's", not the way a phone keyboard leaves them. `for_reading` gives the
text the extractor reads; the stored turn stays as it was said.

Each rewrite is one kind of thing, for a reason:
- pictures (emoji) and repeated "!!!"/"??" carry feeling, not facts;
- a first-person word without its apostrophe or capital ("im", "ive", "i") is the pronoun, whose
  ambiguous forms are rewritten only where the next word shows it ("ill be" but "feel ill", "id love"
  but "my id card");
- a negation without its apostrophe ("dont", "cant", "isnt") is the negation;
- "'s" before where or when ("my birthday's on the 3rd", "Mum's at work") is "is";
- a family word followed by a thing ("my mums lasagne") is a possessive, not a plural ("my mums are");
- chat fillers ("tbh", "lol", "kinda", "ngl") say nothing about the world.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..extraction.patterns import NAME_WORD
from ..textnorm import without_title_points
from .carried_subjects import carried_subjects
from .number_words import tens_in_digits
from .spoken import spoken_apart

_PICTURE_CATEGORIES = {"So", "Sk", "Cs", "Co"}
_JOINERS = {"\u200d", "\ufe0f", "\ufe0e", "\u20e3"}

_PRONOUN_FORMS = {"im": "I'm", "ive": "I've", "i": "I", "i'm": "I'm", "i've": "I've", "i'll": "I'll", "i'd": "I'd"}
# "ill" and "id" are also words of their own: the pronoun only before what follows a pronoun
_AFTER_I_WILL_OR_WOULD = (r"be|go|have|try|do|get|see|ask|make|bring|call|tell|need|probably|never|just|definitely|"
                          r"love|like|rather|say|prefer|want|come|start|stop|send|check|text|miss|buy|pay")
_NEGATIONS = ("dont", "cant", "wont", "didnt", "doesnt", "isnt", "wasnt", "arent", "werent", "havent", "hasnt",
              "hadnt", "couldnt", "shouldnt", "wouldnt", "mustnt")
_SHORT_FORMS = {"thats": "that's", "whats": "what's", "theyre": "they're", "youre": "you're", "shes": "she's",
                "hes": "he's", "theres": "there's", "weve": "we've", "theyve": "they've", "youve": "you've"}
_FILLERS = ("tbh", "lol", "lmao", "ngl", "omg", "kinda", "sorta", "lowkey", "highkey", "haha", "hahaha", "pls", "plz",
            "idk", "fr", "rn", "nm", "nvm", "imo", "btw", "xx", "xoxo")
# a sentence's framing, said before what it tells: "For the record, ...", "Just so you know, ..."
_FRAMING = re.compile(r"(^|[.!?;]\s+)(?:for\s+the\s+record|just\s+so\s+you\s+know|for\s+what\s+it'?s\s+worth|"
                      r"heads\s+up|quick\s+note|side\s+note|fun\s+fact)\s*[,:-]?\s+(?=\S)", re.I)
# a remark that one is about to say something, set off by a comma ("I forgot to say, ...", "oh and I meant to
# tell you: ..."); without the comma it is what was done ("I forgot to say goodbye")
_MENTIONED = re.compile(r"(^|[.!?;]\s+)(?:(?:oh|and|also|btw|sorry|ah)\s*,?\s+)*I\s+(?:forgot|meant|wanted|should)\s+"
                        r"(?:to\s+)?(?:say|mention|tell\s+you|add)\s*[,:-]\s*(?=\S)", re.I)
# a word of degree said as "to death" ("scared to death of", "bored to death by"): the feeling, as strong
_TO_DEATH = re.compile(r"(?i)\b(scared|frightened|terrified|bored|sick)\s+to\s+death\s+(?=(?:of|by|with)\b)")
# a short header before a clause said of someone ("Important: I'm allergic to ...", "And note this: my son ..."); a
# header before a list or steps ("Aftercare: cling film off ...", "Who's who: Tomas does ...") stays for its readers
_HEADER = re.compile(r"(^|[.!?]\s+)(?:(?:and|oh|also|ok|so)\s+)?(?:[A-Za-z]+(?:\s+[a-z]+){0,2})\s*:\s+"
                     r"(?=(?:I|I'm|I’m|I've|we|we're|my|our|he|she|he's|she's|they|they're)\b)")
# kin said as a name ("Dad's a plumber")
_TIE_NAMES = ("Mum", "Mom", "Dad", "Nan", "Nana", "Gran", "Granny", "Grandma", "Grandad", "Grandpa", "Papa", "Mama")
# words after a title that are no surname ("coach says", "miss the bus", "sir is strict")
_NOT_A_SURNAME = frozenset("""is was says said and or but the a an my your his her our their it you me us them to from of in on at
    for with always never said told does did has had can will would should could trip trips bus buses class out home""".split())
_FAMILY = ("mum", "mom", "mam", "dad", "nan", "nana", "gran", "granny", "grandma", "grandad", "grandpa", "auntie",
           "aunt", "uncle", "sister", "brother", "cousin", "friend", "teacher", "boss", "wife", "husband",
           "partner", "son", "daughter", "neighbour", "neighbor")
# after a plural family word, what shows it is a plural after all ("my mums are", "my sisters and I")
_PLURAL_FOLLOWERS = ("are", "were", "have", "had", "say", "said", "both", "and", "who", "which", "live", "work",
                     "think", "do", "don't", "dont", "will", "would", "can", "love", "like", "hate", "go", "come",
                     # a preposition or a word of time after it: "I see my cousins on Saturdays", "my sisters every week"
                     "on", "at", "in", "every", "each", "most", "from", "for", "with", "to", "about", "too", "a", "the",
                     "once", "twice", "sometimes", "often", "lots", "loads", "all", "again", "now", "today", "tonight",
                     "call me", "call us", "call him", "call her")  # "my friends call me Sasha": what they call one
# each list as a pattern's alternatives, joined once
_FILLER_WORDS = "|".join(_FILLERS)
# a filler as a word of its own: where none is, neither filler rewrite of for_reading can match (each is slow to
# find nothing, tried at every space)
_FILLER = re.compile(rf"(?<![\w'])(?:{_FILLER_WORDS})(?![\w'])", re.I)
_FAMILY_WORDS = "|".join(_FAMILY)
_FOLLOWER_WORDS = "|".join(re.escape(w) for w in _PLURAL_FOLLOWERS)


# "to", "at", "from" ... just before whose place is said: "gran's", "my dad's", "our little nan's"
_WHOSE_PLACE = re.compile(r"(?i)\b(?:to|at|from|round|over)\s+(?:(?:my|our|his|her|their|your|the)\s+(?:[a-z]+\s+)?)?$")
# what cannot follow a possessive "'s" (an article, another's possessive, a word of degree): after it "'s" is "is"
_NOT_OWNED = "a|an|my|our|your|his|her|their|pretty|really|very|quite|so|always|also|still|never|not|only|such"
# and what cannot follow the possessive "its" either: a determiner, a preposition, a participle, "like" (a likeness)
_NOT_AFTER_ITS = "the|this|that|like|called|named|in|on|at|by|up|from|just|got|been|going|gonna|too|ok|okay|so+"


def whose_place_before(text: str, at: int) -> bool:
    """Whether the word at `at` names whose place one goes to or is at ("to my nan's", "at Amy's"):
    its "'s" is a possessive, not "is"."""
    return bool(_WHOSE_PLACE.search(text, 0, at))


def _without_pictures(text: str) -> str:
    if text.isascii():
        return text  # no picture and no joiner is ASCII
    out = []
    for ch in text:
        if ch in _JOINERS or (unicodedata.category(ch) in _PICTURE_CATEGORIES and ord(ch) > 0x2000):
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


@lru_cache(maxsize=16)
def _words_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """Any of the words, whole, in any case (the longest first): built once per word list."""
    either = "|".join(sorted((re.escape(k) for k in words), key=len, reverse=True))
    return re.compile(rf"(?<![\w'’])({either})(?![\w'’])", re.I)


def _word_map(text: str, mapping: dict[str, str]) -> str:
    return _words_pattern(tuple(mapping)).sub(lambda m: mapping.get(m.group(1).lower(), m.group(1)), text)


_STARTERS = ("he", "she", "we", "they", "it", "it's", "my", "our", "his", "her", "their", "the", "a", "an", "this",
             "that", "there", "i'm", "i've", "i'll", "i'd")
_STARTER_WORDS = "|".join(re.escape(w) for w in _STARTERS)


def sentence_case(text: str) -> str:
    """A sentence that starts with a pronoun or a determiner starts with a capital ("yes. he loves it"
    -> "yes. He loves it"): sentences are found by their capitals. Other words keep their case: a
    capital would make "ohh" or "ye" look like a name."""
    return re.sub(rf"(^|[.!?]\s+)({_STARTER_WORDS})\b", lambda m: m.group(1) + m.group(2)[0].upper() + m.group(2)[1:],
                  text)


@lru_cache(maxsize=256)
def for_reading(text: str) -> str:
    """The text as the extractor should read it; unchanged when it is already ordinary English.
    Sentences keep their case here: a short answer is completed first (answers.py), then
    `sentence_case` capitalises (a capital would make "seven" in "I am seven" look like a name).
    Remembered for the last few hundred texts (a pure function of the text): a turn is read as the
    owner's and read again as the question the next turn answers (reading.as_read)."""
    out = spoken_apart(_without_pictures(text))  # a dictated turn: hesitations gone, run-on clauses apart
    out = tens_in_digits(out)  # "he is seventy six": one number, 76
    out = carried_subjects(out)  # "He is 79, lives in Dili": "He is 79. He lives in Dili"
    # "he is 5 and SO annoying": a word of degree in capitals is said loudly, not a name
    out = re.sub(r"(?<![\w'])(SO|VERY|REALLY|TOTALLY|QUITE)(?![\w'])", lambda m: m.group(1).lower(), out)
    out = re.sub(r"([!?])[!?]+", r"\1", out)
    out = without_title_points(out)  # "Mrs. Jones": the readers stop a name at a point
    out = re.sub(r"[!]\s+(?=and\b)", " ", out)  # "pizza!! and lasagne": one list, not two sentences
    out = re.sub(r"(?<=[A-Za-z)])\s+\+\s+(?=[A-Za-z(])", " and ", out)  # "pizza + pasta", "the director + does silks" (not "2 + 2", "A+")
    out = out.replace("’", "'")
    out = _word_map(out, {k: v for k, v in _PRONOUN_FORMS.items() if k != "i"})
    out = re.sub(r"(?<![\w'])i(?![\w'])", "I", out)
    out = re.sub(rf"(?<![\w'])ill(?=\s+(?:{_AFTER_I_WILL_OR_WOULD})\b)", "I'll", out, flags=re.I)
    out = re.sub(rf"(?<![\w'])id(?=\s+(?:{_AFTER_I_WILL_OR_WOULD})\b)", "I'd", out)
    out = _word_map(out, {n: n[:-1] + "'t" for n in _NEGATIONS} | {"cant": "can't", "wont": "won't"})
    out = _word_map(out, _SHORT_FORMS)
    # "its like a small violin", "its a drum", "its called X": "it's", where the possessive "its" cannot stand
    out = re.sub(rf"(?<![\w'])([Ii])ts\s+(?=(?:{_NOT_OWNED}|{_NOT_AFTER_ITS})\b)", r"\1t's ", out)
    # "my birthday's on the 3rd": "is", where a possessive cannot stand
    # ... but not a place named by whose it is: "I go to gran's on Fridays", "sleepover at Amy's on Sat"
    # (and "at my dad's at weekends", "to our nan's on Sundays": whose place, said with "my", "our", "the")
    out = re.sub(rf"\b(?!let\b)([a-z]+|{'|'.join(_TIE_NAMES)})'s\s+(?=(?:on|in|at|from|not|so|really|very|\d+)\b)",
                 lambda m: m.group(0) if whose_place_before(out, m.start()) else f"{m.group(1)} is ", out)
    # "my partner's a teacher", "Dad's a plumber": a tie's "'s" before "a" is "is" (no possession is said so)
    out = re.sub(rf"\b((?:(?:my|our|his|her|their)\s+(?:[a-z]+\s+)?[a-z]+)|(?:{'|'.join(_TIE_NAMES)}))'s\s+(?=(?:a|an)\s)",
                 r"\1 is ", out, flags=re.I)
    # "shes like 30 i think": "like" before a number said with "be" is a filler, not a liking
    out = re.sub(r"(?i)\b(is|are|am|'s|'re|'m)\s+like\s+(?=\d{1,3}\b(?!\s*(?:%|quid|pounds|euros|dollars|minutes|mins|hours|miles|km)))",
                 r"\1 ", out)
    # "I'm 34 and a nurse", "I'm a mum of three and a part-time teacher": the second "a ..." is said of "I" too
    out = re.sub(r"\b(I'm|I am)\s+((?:a|an)\s+[a-z][a-z -]{1,30}?|\d{1,3})\s+and\s+(?=(?:a|an)\s+(?!half\b|quarter\b|bit\b)[a-z])", r"\1 \2 and \1 ", out)
    # "Paudie's Fiachra's younger brother": the first name's "'s" before another's is "is" (two possessives never stack)
    out = re.sub(rf"\b({NAME_WORD})'s\s+(?={NAME_WORD}'s\s+(?:[a-z]+\s+)?[a-z]+\b)", r"\1 is ", out)
    # "Priya's a vet in Truro", "Lottie's our fitter", "Liisi's pretty good at it": a name's "'s" before "a", a
    # possessive or a word of degree is "is" (what is owned is a noun said without them: "Priya's vet"); not before
    # a place ("Ryan's in Ballymullen" may be a shop); "the" is left to the clause readers (clauses._CONTRACTIONS),
    # which read "Sven's the better paddler" already, while the parser reads it better as said than with "is"
    out = re.sub(rf"(?<![\w'])(?!(?:Let|It|That|What|There|Here|Who|How|Where|He|She)'s)({NAME_WORD})'s\s+"
                 rf"(?=(?:{_NOT_OWNED})\s)", r"\1 is ", out)
    # "Ella's 9 and Sam is 6": a name's "'s" before an age is "is" (not "Ella's 9 books": a noun follows)
    out = re.sub(rf"\b({NAME_WORD})'s\s+(?=\d{{1,2}}(?:\s*(?:$|[,.!?;]|and\b|next\b|this\b|now\b|in\b|on\b)))", r"\1 is ", out)
    # "Sunniva has been our apprentice since January": who she is, and since when (a post read as said now)
    if "been" in out:  # (a slow pattern to find nothing)
        out = re.sub(r"(?:\s+has|'s)\s+been\s+((?:my|our|the|a|an|his|her|their)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+"
                     r"(since|for)\b", r" is \1, \2", out)
    out = _FRAMING.sub(r"\1", out)  # "For the record, Steve works the counter": the framing is no fact's
    out = _MENTIONED.sub(r"\1", out)  # "Oh, I forgot to say, my son is allergic to eggs": what is said is the son's
    out = _TO_DEATH.sub(r"\1 ", out)  # "scared to death of spiders": scared of spiders
    out = _HEADER.sub(r"\1", out)
    # "a dog Murru he's black": a name, then "he's"/"she's" with no stop between (a child's run-on sentence)
    out = re.sub(r"(?<=[a-z] )([A-Z][\w'’-]+)\s+(?=(?:he|she)(?:'s|\s+is|\s+was|\s+has)\b)", r"\1. ", out)  # "Important: I'm allergic to penicillin", "And note this: my son ...": a header
    # "my teacher is mrs patel": a title and the word after it are a name, whatever the keyboard left
    out = re.sub(r"(?<![\w'])(mrs|mr|ms|dr)\.?\s+([a-z][a-z'-]+)\b(?!\s+(?:is|was|said|says)\s+(?:a|an)\b)",
                 lambda m: f"{m.group(1).capitalize()} {m.group(2).capitalize()}"
                 if m.group(2) not in _NOT_A_SURNAME else m.group(0), out)
    # a filler that opens a sentence goes with its comma; one inside a sentence leaves the comma after
    # it, where a clause may start ("rubbish at cooking tbh, learning a few basics")
    if _FILLER.search(out):
        out = re.sub(rf"(^|[,.!?;]\s*)(?:{_FILLER_WORDS})(?![\w'])[,.]?\s*", r"\1", out, flags=re.I)
        out = re.sub(rf"\s*(?<![\w'])(?:{_FILLER_WORDS})(?![\w'])", "", out, flags=re.I)
    # (a capital after a family word is a name: "my cousins Zac and Leo" are two cousins)
    out = re.sub(rf"\b(my|our|his|her|your|their)\s+({_FAMILY_WORDS})s\s+(?!(?:{_FOLLOWER_WORDS})\b)(?=(?-i:[a-z]))", r"\1 \2's ", out,
                 flags=re.I)
    out = re.sub(r"[ \t]{2,}", " ", out).strip()
    out = re.sub(r"\s+([,.!?])", r"\1", out)
    return out or text
