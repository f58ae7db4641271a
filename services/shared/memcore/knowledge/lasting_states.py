"""A person's lasting state said with "is" and one word of a closed class (issue 35): where one is from,
one's faith, one's diet, a condition one lives with. "My brother is vegan", "my aunt is deaf", "my boss is
Canadian", "Dr Kim is Korean", "Agnieszka is Polish", "my nan is hard of hearing", "my partner is Jewish".

Why a module of its own: the readers knew these words only of the owner ("I'm vegan", "I'm Polish"); said of
someone else the card was lost (the parser reads "vegan" as a noun, "Polish" as a name), or worse, the tie
readers took the capitalised word for the tie's name ("Canadian is Sam's boss"). The words are a closed class,
so a passing state ("my brother is annoying today", "my mum is tired", "my boss is in a meeting") and a trait
said in passing ("my cousin is funny") stay out: they are moods and opinions, not who the person is.

`state_of` reads a parsed "be" clause for whoever its subject names (the dependency reader resolves whom);
`belonging_word` tells the tie readers that a capitalised word is a nationality or a faith, never a name.
Pure: token tuples in, facts out.
"""
from __future__ import annotations

from .models import Fact
from .parse import Sentence, Tok
from .tree import Kids

# where one is from or whose people one is, said as an adjective (lower case; the card writes it capitalised)
NATIONALITIES = frozenset("""
afghan albanian algerian american andorran angolan argentine argentinian armenian australian austrian azerbaijani
bahraini bangladeshi barbadian basque belarusian belgian belizean beninese bhutanese bolivian bosnian botswanan
brazilian british bruneian bulgarian burkinabe burmese burundian cambodian cameroonian canadian catalan chadian
chilean chinese colombian congolese cornish croatian cuban cypriot czech danish dominican dutch ecuadorian
egyptian emirati english eritrean estonian ethiopian fijian filipino filipina finnish french gabonese gambian
georgian german ghanaian greek grenadian guatemalan guinean guyanese haitian honduran hungarian icelandic indian
indonesian iranian iraqi irish israeli italian ivorian jamaican japanese jordanian kazakh kenyan korean kosovan
kurdish kuwaiti kyrgyz lao laotian latvian lebanese liberian libyan lithuanian luxembourgish macedonian malagasy
malawian malaysian maldivian malian maltese maori mauritian mexican moldovan mongolian montenegrin moroccan
mozambican namibian nepalese nepali nicaraguan nigerian nigerien norwegian omani pakistani palestinian panamanian
paraguayan persian peruvian polish portuguese puerto qatari romanian russian rwandan salvadoran samoan saudi
scottish senegalese serbian sierra singaporean slovak slovakian slovenian somali south sudanese spanish
sri srilankan sudanese surinamese swazi swedish swiss syrian taiwanese tajik tamil tanzanian thai tibetan
togolese tongan trinidadian tunisian turkish turkmen ugandan ukrainian uruguayan uzbek venezuelan vietnamese
welsh yemeni zambian zimbabwean
yoruba igbo hausa zulu xhosa maasai kikuyu akan amazigh berber quechua aymara punjabi bengali gujarati inuit""".split())
# (not "Sami", "Roma": first names too, and a tie's name wins) - {"puerto", "sierra", "south", "sri"}  # (first words of two-word ones)
FAITHS = frozenset("""muslim christian catholic protestant jewish hindu sikh buddhist jain atheist agnostic anglican
methodist baptist lutheran presbyterian orthodox mormon quaker pentecostal evangelical rastafarian pagan
bahai""".split())
DIETS = frozenset("""vegan vegetarian veggie pescatarian pescetarian halal kosher teetotal gluten-free dairy-free
lactose-free""".split())
# conditions one lives with, said as an adjective (status.CONDITION_ADJ's and the owner's own list)
CONDITIONS = frozenset("""deaf blind diabetic epileptic asthmatic autistic dyslexic dyspraxic coeliac celiac
anaemic anemic colour-blind color-blind partially-sighted hard-of-hearing left-handed right-handed disabled
paralysed paralyzed wheelchair-bound immunocompromised housebound bedbound""".split())
# a word that only says how much ("strictly vegan", "very deaf"): not part of the state
_DEGREE = frozenset("very quite fully strictly totally completely partly partially profoundly mostly devout devoutly "
                    "practising practicing pretty really also".split())
# what may follow the state word and leave it whole ("Nigerian, from Ibadan", "blind in one eye", "deaf since birth")
_PLACE_OR_SINCE = frozenset("from in since by".split())
# lasting state or its opposite said for a time ("my brother is vegan this month"): not lasting
_FOR_A_TIME = frozenset("today tonight week month moment weekend".split())


def belonging_word(word: str) -> bool:
    """Whether a word is a nationality or a faith ("Canadian", "Polish", "Catholic"): never a person's name, so
    "my boss is Canadian" is no tie named Canadian."""
    return word.lower() in NATIONALITIES | FAITHS and word.lower() != "christian"  # (a name too: the tie readers keep it)


def kind_of(word: str) -> str | None:
    """The class of a state word: nationality, faith, diet or condition; None for any other word."""
    low = word.lower()
    if low in NATIONALITIES:
        return "nationality"
    if low in FAITHS:
        return "faith"
    if low in DIETS:
        return "diet"
    if low in CONDITIONS:
        return "condition"
    return None


def _said(s: Sentence, kids: Kids, obj: Tok) -> str | None:
    """The state word as said: one word, a hyphenated word ("left-handed") or "hard of hearing"; None when the
    word is more than that ("a vegan restaurant", "blind to it", "Polish sausages")."""
    low = obj.lower
    mine = kids.get(obj.i, [])
    if low == "hard" and [t.lower for t in s[obj.i + 1:obj.i + 3]] == ["of", "hearing"]:
        return "hard-of-hearing"
    nxt = s[obj.i + 1].lower if obj.i + 1 < len(s) else ""
    if nxt == "-" and obj.i + 2 < len(s) and f"{low}-{s[obj.i + 2].lower}" in CONDITIONS | DIETS:
        return f"{low}-{s[obj.i + 2].lower}"  # "left - handed", as the tokeniser cuts it
    if any(c.dep not in ("advmod", "det", "punct", "cc", "conj", "prep") for c in mine) \
            or any(c.dep == "prep" and c.lower not in _PLACE_OR_SINCE for c in mine) \
            or any(c.dep == "advmod" and c.lower not in _DEGREE for c in mine) \
            or any(c.dep == "det" and c.lower not in ("a", "an") for c in mine):
        return None
    return low


def _from_where(s: Sentence, kids: Kids, obj: Tok, who: str) -> list[Fact]:
    """The town said beside a nationality ("Nigerian, from Ibadan"): where the person is from, a card of its own."""
    town = next((k for c in kids.get(obj.i, []) if c.dep == "prep" and c.lower == "from"
                 for k in kids.get(c.i, []) if k.dep == "pobj" and k.pos == "PROPN"), None)
    if town is None:
        return []
    name = " ".join(t.text for t in s if t.head == town.i and t.dep == "compound" and t.i < town.i) + " " + town.text
    return [Fact(who, "from", name.strip(), "identity", 0.8, f"{who} is from {name.strip()}")]


def state_of(s: Sentence, kids: Kids, p: Tok, obj: Tok | None, who: str, neg: bool) -> list[Fact] | None:
    """The lasting state a present "be" clause says of `who` ("my brother is vegan", "Dr Kim is Korean", "my
    aunt is a strict vegetarian"), or None. Not a past ("my dad was Catholic"), a negation, a wish or a state
    said for a time ("my sister is vegan this month")."""
    if p.lemma != "be" or obj is None or obj.dep not in ("acomp", "attr") or neg or p.tag not in ("VBZ", "VBP"):
        return None
    if any(c.dep == "aux" for c in kids.get(p.i, [])):
        return None  # "she'll be vegan", "he has been deaf since ...": not said as now
    if any(t.lower in _FOR_A_TIME for t in s[p.i + 1:]):
        return None
    out: list[Fact] = []
    for word in [obj, *(c for c in kids.get(obj.i, []) if c.dep == "conj")]:  # "Yoruba and Catholic": each
        out += _card(s, kids, p, word, who)
    return out or None


def _card(s: Sentence, kids: Kids, p: Tok, obj: Tok, who: str) -> list[Fact]:
    """The card of one state word of the clause, by its class; none for a word of no class."""
    said = _said(s, kids, obj)
    kind = kind_of(said) if said else None
    if said is None or kind is None:
        return []
    if kind in ("nationality", "faith"):
        if any(c.dep == "nsubj" and c.lower == "i" for c in kids.get(p.i, [])):
            return []  # the owner's own ("I'm Polish") is who_one_is.standing's, as it was
        value = said[:1].upper() + said[1:]
        return [Fact(who, kind, value, "identity", 0.8, f"{who} is {value}")] + _from_where(s, kids, obj, who)
    if kind == "diet":
        return [Fact(who, "diet", said, "preference", 0.85, f"{who} is {said}")]
    return [Fact(who, "condition", said, "identity", 0.8, f"{who} is {said.replace('-', ' ') if said == 'hard-of-hearing' else said}")]


__all__ = ["CONDITIONS", "DIETS", "FAITHS", "NATIONALITIES", "belonging_word", "kind_of", "state_of"]
