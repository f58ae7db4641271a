"""First person to third: "I ride my bike every Sunday" -> "Mia rides her bike every Sunday"-like
lines that name the owner ("Mia rides Mia's bike ..."; the possessive keeps the name, which is what a
reader of the portal or an LLM needs). Pure string work on one clause."""
from __future__ import annotations

import re

from ..extraction.lexicon import IRREGULAR_PAST

# Verbs whose third person singular is irregular.
_IRREGULAR = {"am": "is", "are": "is", "have": "has", "do": "does", "go": "goes", "'m": "is", "’m": "is",
              "'ve": "has", "’ve": "has", "were": "was"}
# Words that never take a third person -s: modals, past forms, adverbs that may sit between.
_MODALS = frozenset("cannot can could will would shall should may might must did was had used need ought".split())
_ADVERBS = frozenset("really also usually always often sometimes never just still even already now "
                     "normally generally mostly only actually totally absolutely kind sort of all both".split())
# verbs that end in -ly, not adverbs ("I apply", "we rely on")
_LY_VERBS = frozenset("apply reply supply rely fly ally bully rally tally multiply comply imply belly sally".split())
_TOKEN = re.compile(r"[\w’'-]+|[^\w\s]")


def _adverb_ly(word: str) -> bool:
    """An adverb in -ly before a verb ("finally", "recently", "rarely"), not a verb in -ly ("apply")."""
    return len(word) > 4 and word.endswith("ly") and word.isalpha() and word not in _LY_VERBS


def possessive(name: str) -> str:
    """Mia's, Polaris Labs'."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def third_person_verb(verb: str) -> str:
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _MODALS or low in IRREGULAR_PAST or low.endswith("ed") and not low.endswith("eed") or not low.isalpha():
        return verb
    if low.endswith(("ch", "sh", "ss", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 2 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    if low.endswith("s") and not low.endswith("ss"):
        return verb  # already agrees ("she likes")
    return verb + "s"


def _agree(words: list[str], i: int) -> None:
    """Makes the verb after position i (skipping adverbs) agree with a third person singular subject."""
    j = i + 1
    while j < len(words) and (words[j].lower() in _ADVERBS or _adverb_ly(words[j].lower())
                              or words[j].lower() == "no" and j + 1 < len(words) and words[j + 1].lower() == "longer"):
        j += 2 if words[j].lower() == "no" else 1  # "I finally passed", "I no longer work": the verb after them
    if j < len(words) and words[j][:1].isalpha():
        if words[j].lower() in ("don't", "don’t"):
            words[j] = "doesn't"
        elif words[j].lower() in ("haven't", "haven’t", "havent"):
            words[j] = "hasn't"
        else:
            words[j] = third_person_verb(words[j])


def about(clause: str, name: str, team: str | None = None) -> str:
    """The clause with the speaker named; `team`: the
    organisation a team member's "we" and "our" mean ("We use GitLab" -> "Polaris Labs uses GitLab")."""
    text = clause.strip().rstrip(".!;,")
    text = re.sub(r"^(?:and|but|so|also|oh|well|plus)\s+", "", text, flags=re.I)
    text = re.sub(r"\bI(?:'m|’m)\b", "I am", text)
    text = re.sub(r"\bI(?:'ve|’ve)\b", "I have", text)
    text = re.sub(r"\bI(?:'ll|’ll)\b", "I will", text)
    text = re.sub(r"\bI(?:'d|’d)\b", "I would", text)
    text = re.sub(r"\b[Ww]e(?:'re|’re)\b", "we are", text)
    text = re.sub(r"\b[Ww]e(?:'ve|’ve)\b", "we have", text)
    words = text.split()
    we = team or name
    for i, w in enumerate(words):
        core = w.strip(",.;:!?")
        tail = w[len(core):] if w.startswith(core) else ""
        if core == "I":
            words[i] = name + tail
            _agree(words, i)
        elif core.lower() in ("me", "myself"):
            words[i] = name + tail
        elif core.lower() == "my":
            words[i] = f"{name}'s" + tail
        elif core.lower() == "mine":
            words[i] = f"{name}'s" + tail
        elif core.lower() == "we":
            words[i] = we + tail
            _agree(words, i)
        elif core.lower() in ("us", "ourselves"):
            words[i] = we + tail
        elif core.lower() == "our":
            words[i] = possessive(team or name) + tail
    out = " ".join(words)
    return out[:1].upper() + out[1:]
