"""Words as children and phones spell them, read as the words they stand for (issue 35).

"i luv pizza", "my fav food is pasta", "i hav a rabbit", "my dad sayd", "me n my bro": the fact rules
and the parser know "love", "favourite", "have", "said", "and", "brother". Only whole words that
are no English word of their own are rewritten ("fav" but not "favour"); a capital is kept ("Fav
colour" is "Favourite colour"), and a lone capital letter is an initial ("Jay R"). The stored turn keeps what was said; reading.as_read reads this.
"""
from __future__ import annotations

import re

from ..calendar_words import SHORT_DAY, SHORT_DAYS
from ..extraction.patterns import NAME_WORD
from .denied_items import denied_apart
from .vocabulary import KIN_TITLES
_RESPELT = {
    "luv": "love", "luvs": "loves", "luvv": "love", "lov": "love", "hav": "have", "hve": "have", "haz": "has",
    "fav": "favourite", "fave": "favourite", "favs": "favourites", "faves": "favourites", "gf": "girlfriend", "bf": "boyfriend", "bff": "best friend", "favrit": "favourite", "favrite": "favourite", "favourte": "favourite",
    "favourit": "favourite", "favorit": "favorite", "sayd": "said", "sed": "said", "sez": "says",
    "becuz": "because", "becos": "because", "coz": "because", "cuz": "because", "wiv": "with", "wif": "with",
    "bro": "brother", "bruv": "brother", "sis": "sister", "freind": "friend", "freinds": "friends",
    "frend": "friend", "frends": "friends", "skool": "school", "teecher": "teacher", "prolly": "probably",
    "probs": "probably", "tho": "though", "altho": "although", "rly": "really", "realy": "really", "tmrw": "tomorrow", "2day": "today", "b4": "before",
    "ppl": "people", "n": "and", "u": "you",
    "ur": "your", "r": "are", "evry": "every", "evrey": "every", "allways": "always", "alwys": "always",
    "wen": "when", "wat": "what", "thay": "they", "thier": "their", "becaus": "because", "scard": "scared",
    "skared": "scared", "afrayd": "afraid", "alergic": "allergic", "allergik": "allergic", "birfday": "birthday",
    "bday": "birthday", "b-day": "birthday", "footie": "football", "footy": "football",
    "exept": "except", "excep": "except", "nite": "night", "nites": "nights", "tonite": "tonight", "2nite": "tonight",
    "wk": "week", "wks": "weeks",
    "wknd": "weekend", "wknds": "weekends", "wkend": "weekend", "wkends": "weekends",  # times as chat types them ("every nite")
    "tele": "telly", "brekkie": "breakfast", "brekky": "breakfast", "sarnie": "sandwich", "choccy": "chocolate",
}
_WORDS = "|".join(sorted((re.escape(w) for w in _RESPELT), key=len, reverse=True))
_RESPELL = re.compile(rf"(?<![\w'’-])({_WORDS})(?![\w'’-])", re.I)
# a lone letter stands for a word only between words ("me n Ola", "we r going"), never as an initial ("Jay R")
_LETTER_WORDS = frozenset({"n", "u", "r"})


# days said short, read as days only where they are days: two joined ("wed and sat", "mon-fri", "tue/thu") or one
# after "on", "every" ("every sat"); "sat" and "wed" alone are words of their own
_DAY_PAIR = re.compile(rf"(?<![\w'’-])({SHORT_DAY})(\s*(?:and|&|,|/|-|–|to|or|n)\s*)({SHORT_DAY})(?![\w'’-])")
# or one before a part of the day ("Sat mornings", "fri evening"; not a verb: "we sat nights by the fire")
_DAY_PART = re.compile(rf"(?<![\w'’-])((?i:{SHORT_DAY}))(?=\s+(?i:mornings?|afternoons?|evenings?|nights?)\b)")
_DAY_AFTER = re.compile(rf"\b((?i:on|every|each|next|this|last|til|till|until|from|by)\s+)({SHORT_DAY})(?![\w'’-])")


# a title typed in lower case before a name ("judge Hadzic", "mr Okafor", "coach Dee"): a title, as if capitalised (the
# parser took "judge" for a verb); not after "my"/"the" ("my coach Dee" reads already) nor as a verb ("we judge Bake Off")
_TITLE = re.compile(r"(?<![\w'’-])(?<!my )(?<!our )(?<!the )(?<!his )(?<!her )(?<!we )(?<!i )(?<!I )(?<!they )(?<!you )(?<!to )(mr|mrs|ms|miss|dr|judge|coach|captain|professor|prof|madame|"
                    r"monsieur|señor|senor|señora|senora|mestre|maestro|officer|sergeant|pastor|reverend|imam|rabbi)(\.?\s+)(?=[A-Z][a-z])")
# a kin title said in lower case before a name, where a clause starts (the turn's start, after a stop or a comma, after
# "and"/"but"/"so" or a verb of thinking or saying): the clause's subject named with its title ("and papa Jorge is a
# baker": "Papa Jorge", which the parser reads as a name, not "papa" as a verb whose object is Jorge, the clause then
# given to the person before "and"); said after a verb or a preposition ("I visited nana Rose") it is left as typed
_KIN_TITLE = re.compile(r"(^|[.!?,;:]\s+|\b(?:and|but|so|because|think|thought|reckon|says|said)\s+)"
                        rf"({'|'.join(sorted(KIN_TITLES, key=len, reverse=True))})(\s+)(?=[A-Z][a-z])")


def _day(word: str) -> str:
    return SHORT_DAYS[word.lower()]


# "cos" is "because" where a clause follows it ("I live with my nan cos my mum works in Dubai"); "cos lettuce" stays
_COS = re.compile(r"(?<![\w'’-])(?i:cos)\s+(?=(?:I|my|our|his|her|their|he|she|it|it's|its|we|they|there|the|you|mum|dad)\b)")


# "my favourite kind of dinosaur": the favourite dinosaur (the kind is no thing of its own)
_FAVOURITE_KIND = re.compile(r"\b(favou?rite|fav)\s+(?:kind|type|sort)\s+of\s+", re.I)


# "I have a toy fox, her name is Clementine": the thing had and its name in one, as the rules read it
_HAD_THEN_NAMED = re.compile(r"\b((?:I|we)\s+(?:have|have\s+got|got|'ve\s+got)\s+(?:a|an)\s+(?:[a-z]+\s+){0,2}?[a-z]+)"
                             r"(?:,|\s+and)\s+(?:(?:his|her|its|their)\s+name\s+is|(?:he|she|it)(?:'s|\s+is)\s+(?:called|named))\s+"
                             r"(?=[A-Z])", re.I)


# "I love love love dolphins", "really really": a feeling word said again is said once
_SAID_AGAIN = re.compile(r"\b(love|like|really|very|super|hate|much|so+)(?:\s+\1\b)+", re.I)  # not "puff puff"
# "me and my dad go fishing": the owner last, as the rules read a shared subject ("my dad and I go ...")
_ME_AND_THEM = re.compile(rf"(^|[.!?]\s+|\b(?:and|but|so)\s+)(?i:me)\s+(?:and|n|&)\s+((?i:my)\s+[a-z]+|(?!(?i:my)\b)[a-z]+|{NAME_WORD})\s+"
                          r"(?=(?!(?:are|r|were|is)\b)[a-z]+\b)")
# a run-on without its comma: "I hate spiders they are creepy" -> "I hate spiders, they are creepy"
_RUN_ON = re.compile(r"(?<=[a-z])(?<!\bthat)(?<!\bwhich)(?<!\bwho)(?<!\bbecause)(?<!\bif)(?<!\bso)(?<!\band)(?<!\bbut)"
                     r"(?<!\bor)(?<!\bthan)(?<!\bas)(?<!\bwhat)(?<!\bwhen)(?<!\bwhere)(?<!\bhow)(?<!\bthink)(?<!\bsaid)"
                     r"(?<!\bsays)(?<!\bknow)\s+(?=(?:they|he|she)\s+(?:are|is|was|were)\s)")
# its new clause alone: where it is not, _RUN_ON (slow: its look-behinds are tried after every letter) cannot match
_RUN_ON_CLAUSE = re.compile(r"\s(?:they|he|she)\s+(?:are|is|was|were)\s")


# "I can row to the buoy but not to the island yet": the "not" is an ability denied, of the same verb
_CAN_BUT_NOT = re.compile(r"\b(?P<who>I|we|he|she|they|[A-Z][a-z]+)\s+(?P<can>can|could)\s+(?:(?:now|already|just|finally|nearly)\s+)?"
                          r"(?P<verb>[a-z]+)\b(?P<done>[^.!?;]*?),?\s+but\s+not\s+(?!(?:only|just|really|much|always|sure|quite|"
                          r"very|that|this|it|yet)\b)(?P<what>[^.!?;,]+)")


# "I'm a big fan of Springsteen, not so much of Dylan": the "not so much" is a dislike of its own, said as the liking was
_NOT_SO_MUCH = re.compile(r"\b(?P<liking>(?:(?:I\s+am|I'm)\s+)?(?:a\s+)?(?:(?i:big|huge|massive)\s+)?(?i:fan)\s+of|I\s+(?:really\s+)?(?:like|love|enjoy))"
                          r"(?P<what>\s+[^.!?;,]+?),?\s+(?:but\s+)?not\s+(?:so|that|too|as)\s+much\s+(?:of\s+)?(?P<other>[^.!?;,]+)")
# "Not opera, I can't stand it.": what is named first, then disliked as "it"
_NOT_X_IT = re.compile(r"(^|[.!?]\s+)(?i:not)\s+(?P<what>(?!(?i:really|much|sure|now|yet|today|me|you|that|this|it)\b)[^,.!?;]{2,40}),\s*"
                       r"(?P<who>I|we)\s+(?P<verb>can't\s+stand|can't\s+bear|hate|don't\s+like|dislike|detest|loathe)\s+(?:it|them)\b")
_VERB_SAID = re.compile(r"\b(?:can|could|is|are|am|do|does|did|have|has)\b", re.I)  # "but not as much as she does"
_SUBJECT = {"He": "he", "She": "she", "They": "they", "We": "we"}  # (the subject said again, mid-sentence)


# "she's called Mittens" is "her name is Mittens": the name of whoever was said before (mentions.py)
_CALLED = re.compile(r"(^|[.!?,]\s*)(?P<who>he|she|it)(?:'s|\s+is)\s+(?:called|named)\s+(?=[A-Z])", re.I)
_THEIR = {"he": "his", "she": "her", "it": "its"}


# chat spellings that are also given names ("Wen", "Wat"): what they stand for is a question word
_ALSO_NAMES = frozenset(w for w, new in _RESPELT.items() if new in ("when", "what"))
# what a name as a clause's subject is followed by ("Wen is a sound engineer", "Wen works nights")
_THIRD_PERSON_VERB = re.compile(r"\s+(?:is|was|has|had|'s|’s|[a-z]+s|[a-z]+ed)\b(?![’'])")


def _A_NAME_HERE(w: str, text: str, start: int, end: int) -> bool:
    """Whether a capitalised chat spelling that is also a given name is the name: inside a sentence (chat writes
    "wen" in lower case there), or at a sentence's start before a verb of the third person in a sentence that asks
    nothing ("Wen is a sound engineer" but "Wen is ur bday?", "Wen I was little ...")."""
    if w.lower() not in _ALSO_NAMES or not w[:1].isupper() or w.isupper():
        return False
    before = text[:start].rstrip()
    if before and before[-1] not in ".!?\n":
        return True
    rest = re.split(r"(?<=[.!?])\s", text[end:], maxsplit=1)[0]
    return bool(_THIRD_PERSON_VERB.match(rest)) and not rest.rstrip().endswith("?")


def respelt(text: str) -> str:
    """The text with chat and child spellings of common words read as the words, a favourite "kind
    of" thing read as the favourite thing, and a thing had then named ("I have a toy fox, her name is
    Clementine") read as had and called so."""
    text = _DAY_PAIR.sub(lambda m: f"{_day(m.group(1))}{m.group(2)}{_day(m.group(3))}", text)  # "we train wed and sat"
    text = _DAY_AFTER.sub(lambda m: f"{m.group(1)}{_day(m.group(2))}", text)
    text = _DAY_PART.sub(lambda m: m.group(1) if re.search(r"(?i)\b(?:I|we|he|she|they|you|who)\s+$", m.string[:m.start()])
                         else _day(m.group(1)), text)  # "Sat mornings emergencies only"
    text = _TITLE.sub(lambda m: m.group(1).capitalize() + m.group(2), text)  # "Apparently judge Hadzic used to ..."
    text = _KIN_TITLE.sub(lambda m: m.group(1) + m.group(2).capitalize() + m.group(3), text)  # "and papa Jorge is ..."
    text = _COS.sub("because ", text)
    text = _FAVOURITE_KIND.sub(r"\1 ", text)
    text = _HAD_THEN_NAMED.sub(r"\1 called ", text)
    text = _CALLED.sub(lambda m: f"{m.group(1)}{_THEIR[m.group('who').lower()]} name is ", text)
    text = _SAID_AGAIN.sub(r"\1", text)
    text = denied_apart(text)  # "I like tea, not coffee": "..., but I don't like coffee" (denied_items.py)
    text = _CAN_BUT_NOT.sub(lambda m: m.group(0) if _VERB_SAID.search(m.group("what")) else (
        f"{m.group('who')} {m.group('can')} {m.group('verb')}{m.group('done')} but {_SUBJECT.get(m.group('who'), m.group('who'))} "
        f"can't {m.group('verb')} {m.group('what')}"), text)
    text = _NOT_SO_MUCH.sub(lambda m: f"{m.group('liking')}{m.group('what')}, but I'm not a fan of {m.group('other')}", text)
    text = _NOT_X_IT.sub(lambda m: f"{m.group(1)}{m.group('who')} {m.group('verb')} {m.group('what')}", text)
    if _RUN_ON_CLAUSE.search(text):
        text = _RUN_ON.sub(", ", text)
    def word(m: re.Match[str]) -> str:
        w = m.group(1)
        if w.lower() in _LETTER_WORDS:
            if w.isupper():
                return w  # "Jay R", "U Thant": an initial
            before, after = text[:m.start()].rstrip(), text[m.end():].lstrip()
            if not before or not after or not before[-1].isalnum() or not after[0].isalnum():
                return w
        if _A_NAME_HERE(w, text, m.start(), m.end()):
            return w  # "my friend Wen", "Wen is a sound engineer": a name
        new = _RESPELT[w.lower()]
        return new[:1].upper() + new[1:] if w[:1].isupper() else new
    text = _RESPELL.sub(word, text)
    return _ME_AND_THEM.sub(lambda m: f"{m.group(1)}{m.group(2)} and I ", text)


__all__ = ["respelt"]
