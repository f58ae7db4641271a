"""Words as children and phones spell them, read as the words they stand for (issue 35).

"i luv pizza", "my fav food is pasta", "i hav a rabbit", "my dad sayd", "me n my bro": the fact rules
and the parser know "love", "favourite", "have", "said", "and", "brother". Only whole words that
are no English word of their own are rewritten ("fav" but not "favour"); a capital is kept ("Fav
colour" is "Favourite colour"), and a lone capital letter is an initial ("Jay R"). The stored turn keeps what was said; reading.as_read reads this.
"""
from __future__ import annotations

import re

_RESPELT = {
    "luv": "love", "luvs": "loves", "luvv": "love", "lov": "love", "hav": "have", "hve": "have", "haz": "has",
    "fav": "favourite", "fave": "favourite", "favs": "favourites", "faves": "favourites", "favrit": "favourite",
    "favourit": "favourite", "favorit": "favorite", "sayd": "said", "sed": "said", "sez": "says",
    "becuz": "because", "becos": "because", "coz": "because", "cuz": "because", "wiv": "with", "wif": "with",
    "bro": "brother", "bruv": "brother", "sis": "sister", "freind": "friend", "freinds": "friends",
    "frend": "friend", "frends": "friends", "skool": "school", "teecher": "teacher", "prolly": "probably",
    "probs": "probably", "rly": "really", "realy": "really", "tmrw": "tomorrow", "2day": "today", "b4": "before",
    "ppl": "people", "n": "and", "u": "you",
    "ur": "your", "r": "are", "evry": "every", "evrey": "every", "allways": "always", "alwys": "always",
    "wen": "when", "wat": "what", "thay": "they", "thier": "their", "becaus": "because", "scard": "scared",
    "skared": "scared", "afrayd": "afraid", "alergic": "allergic", "allergik": "allergic", "birfday": "birthday",
    "bday": "birthday", "b-day": "birthday",
}
_WORDS = "|".join(sorted((re.escape(w) for w in _RESPELT), key=len, reverse=True))
_RESPELL = re.compile(rf"(?<![\w'’-])({_WORDS})(?![\w'’-])", re.I)
# a lone letter stands for a word only between words ("me n Ola", "we r going"), never as an initial ("Jay R")
_LETTER_WORDS = frozenset({"n", "u", "r"})


# "my favourite kind of dinosaur": the favourite dinosaur (the kind is no thing of its own)
_FAVOURITE_KIND = re.compile(r"\b(favou?rite|fav)\s+(?:kind|type|sort)\s+of\s+", re.I)


def respelt(text: str) -> str:
    """The text with chat and child spellings of common words read as the words, and a favourite
    "kind of" thing read as the favourite thing."""
    text = _FAVOURITE_KIND.sub(r"\1 ", text)
    def word(m: re.Match[str]) -> str:
        w = m.group(1)
        if w.lower() in _LETTER_WORDS:
            if w.isupper():
                return w  # "Jay R", "U Thant": an initial
            before, after = text[:m.start()].rstrip(), text[m.end():].lstrip()
            if not before or not after or not before[-1].isalnum() or not after[0].isalnum():
                return w
        new = _RESPELT[w.lower()]
        return new[:1].upper() + new[1:] if w[:1].isupper() else new
    return _RESPELL.sub(word, text)


__all__ = ["respelt"]
