"""Health read from a parsed clause (issue 35): a condition one has ("I have macular degeneration",
"I've got a bad back", "my husband has asthma") and a medicine one takes ("I take warfarin", "she's
on insulin"). Both are kept as safety facts: what an assistant must keep in mind when it suggests
food, exercise or remedies. Pure: parse.Tok tuples in, facts out.

A condition is recognised by its word, not by the sentence: a closed list of common conditions, the
endings medicine names them with ("-itis", "-osis", "-aemia"), the nouns that say so ("disease",
"syndrome", "disorder", "degeneration") and a bad body part ("a bad back", "dodgy knees"). A medicine
likewise: a short list and the endings of drug names ("-statin", "-pril", "-olol", "-prazole").
"""
from __future__ import annotations

import re

from .models import Fact
from .parse import Sentence, Tok
from .rule_basics import _SUBJ, TurnContext, resolve
from .tree import Kids, subtree, text_of

CONDITIONS = frozenset("""diabetes asthma arthritis epilepsy eczema psoriasis migraine migraines dementia
alzheimer alzheimers parkinson parkinsons cancer anxiety depression adhd autism dyslexia dyspraxia
tinnitus angina copd ms ibs glaucoma cataract cataracts osteoporosis sciatica fibromyalgia lupus crohn
crohns colitis gout vertigo insomnia hypertension coeliac celiac endometriosis pcos ocd ptsd melanoma
neuropathy neuralgia hayfever fever nosebleeds headaches seizures seasickness
""".split())
# sick said of a way of travelling: "I get seasick", "she gets car sick on long trips", "travel sick"
_TRAVEL_SICK = frozenset("seasick carsick airsick travelsick".split())
_SICK_ON = frozenset("car travel sea air motion".split())
_CONDITION_ENDINGS = ("itis", "osis", "aemia", "emia")
_NOT_CONDITIONS = frozenset("diagnosis prognosis".split())
_CONDITION_NOUNS = frozenset("disease syndrome disorder degeneration deficiency condition blindness "
                             "intolerance allergy impairment palsy failure".split())
_BODY_PARTS = frozenset("back knee knees hip hips heart chest shoulder shoulders neck ankle ankles wrist "
                        "wrists leg legs foot feet eyes eye ears ear hearing eyesight lungs stomach".split())
_MEASURED = frozenset("pressure cholesterol iron sugar thyroid".split())  # a condition when said high or low
_BAD = frozenset("bad dodgy weak gammy poor dicky".split())

MEDICINES = frozenset("""warfarin insulin metformin aspirin statins statin levothyroxine thyroxine
lithium methotrexate prednisolone steroids antidepressants antibiotics inhaler inhalers
""".split())
_MEDICINE_ENDINGS = ("statin", "pril", "olol", "prazole", "sartan", "formin", "cillin", "mycin", "azepam",
                     "oxetine", "aline", "pine", "arin", "parin", "xaban", "gatran", "tidine")


def _condition_word(word: str) -> bool:
    """A word that names a condition: a known one, a noun that says so, or a medical ending ("Crohn's" too)."""
    low = word.lower().removesuffix("'s").removesuffix("’s")
    return low in CONDITIONS or low in _CONDITION_NOUNS or (
        low.endswith(_CONDITION_ENDINGS) and len(low) > 6 and low not in _NOT_CONDITIONS)


def _is_condition(s: Sentence, kids: Kids, t: Tok) -> bool:
    if _condition_word(t.lower) or t.lemma in CONDITIONS:
        return True
    if t.lower in _MEASURED:  # "high blood pressure", "low iron", "high cholesterol"
        return any(c.dep == "amod" and c.lower in ("high", "low") for c in kids.get(t.i, []))
    return t.lower in _BODY_PARTS and any(c.dep == "amod" and c.lower in _BAD for c in kids.get(t.i, []))


def _is_medicine(t: Tok) -> bool:
    return t.lower in MEDICINES or (t.lower.endswith(_MEDICINE_ENDINGS) and len(t.lower) > 6)


def _phrase(s: Sentence, kids: Kids, t: Tok) -> str:
    return text_of(s, [i for i in sorted(subtree(kids, t.i))
                       if not (s[i].dep in ("det", "poss") and s[i].lower in ("a", "an", "the", "my", "his", "her"))])


def health_facts(s: Sentence, kids: Kids, p: Tok, obj: Tok | None, who: str, neg: bool) -> list[Fact] | None:
    """A condition one has or a medicine one takes, said in this clause; None when it says neither."""
    if neg:
        return None
    if p.lemma in ("have", "get"):  # the small model reads "a bad back" as an adverb at times
        had = next((c for c in kids.get(p.i, []) if c.dep in ("dobj", "advmod", "npadvmod") and c.i > p.i
                    and _is_condition(s, kids, c)), None)
        if had is not None:
            condition = _phrase(s, kids, had)
            return [Fact(who, "condition", condition, "safety", 0.85, f"{who} has {condition}")]
    if p.lemma in ("get", "be", "feel"):  # "I get seasick when it's rough", "she gets travel sick"
        for c in kids.get(p.i, []):
            before = s[c.i - 1].lower if c.i else ""
            if c.dep == "acomp" and (c.lower in _TRAVEL_SICK or c.lower == "sick" and before in _SICK_ON):
                condition = c.lower if c.lower in _TRAVEL_SICK else f"{before} sick"
                return [Fact(who, "condition", condition, "safety", 0.85, f"{who} gets {condition}")]
    if obj is None:
        return None
    medicine = None
    if p.lemma == "take" and obj.dep == "dobj" and _is_medicine(obj) and p.tag in ("VBP", "VBZ"):
        medicine = obj
    elif p.lemma == "be":  # "she's on insulin"
        on = next((c for c in kids.get(p.i, []) if c.dep == "prep" and c.lower == "on"), None)
        medicine = next((k for k in kids.get(on.i, []) if k.dep == "pobj" and _is_medicine(k)), None) if on else None
    if medicine is not None:
        said = _phrase(s, kids, medicine)
        return [Fact(who, "takes", said, "safety", 0.85, f"{who} takes {said}")]
    return None


# "I have type 2 diabetes", "my son has epilepsy", "Dad's got early onset dementia": said in words, whatever the
# parser made of them (the small model reads "have type" as a verb at times)
_HAS = re.compile(rf"^{_SUBJ}\s+(?:(?i:has|have)(?:\s+(?i:got))?|(?i:is|['’]s)\s+(?i:got)|(?i:got))\s+"
                  r"(?P<c>(?:(?i:a|an|mild|severe|chronic|early|late)\s+|(?i:type|stage)\s+\d\s+|(?i:early|late)[- ]onset\s+)*"
                  r"[\w'’-]+(?:\s+(?i:disease|syndrome|disorder|degeneration))?)(?=\s*(?:$|[,.;!]|\s+(?:and|so|but|which|since|too)\b))")



# an aid someone has, needs or is in, said in words ("Grandad has hearing aids", "my mum is in a wheelchair")
_AID_SAID = re.compile(rf"^{_SUBJ}\s+(?:(?i:has|have|needs|need|uses|use)(?:\s+(?i:got))?|(?i:is|are|['’]s)\s+(?i:in))\s+"
                       r"(?:(?i:a|an|two|new|a\s+new)\s+)?(?P<aid>(?i:hearing\s+aids?|walking\s+(?:stick|frame)|mobility\s+scooter|"
                       r"insulin\s+pump|cochlear\s+implants?|wheelchair|walker|crutches|cane|pacemaker|prosthetic\s+\w+|stoma|catheter))\b")

# a body part said bad after it ("my shoulder is bad", "his knees are really dodgy now"): the condition, as "a bad back"
_PART_BAD = re.compile(rf"^(?P<whose>(?i:my|his|her|their))\s+(?:(?i:left|right|lower|upper)\s+)?(?P<part>(?i:{'|'.join(sorted(_BODY_PARTS))}))"
                       rf"\s+(?i:is|are|['’]s|['’]re|have\s+been|has\s+been|got)\s+(?:(?i:really|very|quite|a\s+bit|pretty|so|still)\s+)?"
                       rf"(?P<bad>(?i:{'|'.join(sorted(_BAD))}))\b")
_WHOSE = {"my": "I", "his": "he", "her": "she", "their": "they"}
# what a medicine is for, said after it ("I take pills for blood pressure", "she's on tablets for her thyroid"): the
# condition (the medicine is no name, so the condition is the card)
_FOR_CONDITION = re.compile(rf"^{_SUBJ}\s+(?:(?i:take|takes|took|use|uses|need|needs|have|has)|(?i:am|is|are|['’]s|['’]m)\s+(?i:on))\s+"
                            r"(?:(?i:some|a|an|the|my|his|her|daily|two|three|little)\s+)*"
                            r"(?P<m>(?i:pills?|tablets?|medicines?|medication|meds|drops|injections?|inhalers?|capsules?|patches))\s+"
                            r"(?i:for)\s+(?:(?i:his|her|my|their|the|high|low)\s+)*(?P<c>[a-z][a-z'’-]+(?:\s+[a-z][a-z'’-]+)?)\s*$")


def bad_part(clause: str) -> bool:
    """Whether a clause says a body part is bad ("my knees are bad now"): a condition, not a thing one owns."""
    return _PART_BAD.match(clause) is not None


_NOT_FOR = frozenset("trip trips journey flight holiday holidays week month year now fun it that this".split())


def conditions(clause: str, ctx: TurnContext) -> list[Fact]:
    """A condition someone has, or an aid one lives with, said in words; the fact family of health (the parse
    reads the rest)."""
    aid = _AID_SAID.match(clause)
    if aid is not None and (who := resolve(aid.group("subj"), ctx)):
        said = aid.group("aid").lower()
        return [Fact(who, "uses", said, "safety", 0.85, f"{who} uses {'' if said.endswith('s') else 'a '}{said}")]
    part = _PART_BAD.match(clause)
    if part is not None and (who := resolve(_WHOSE[part.group("whose").lower()], ctx)):
        said = f"{part.group('bad').lower()} {part.group('part').lower()}"
        return [Fact(who, "condition", said, "safety", 0.85, f"{who} has {said}")]
    taken = _FOR_CONDITION.match(clause.rstrip(" .!"))
    if taken is not None and taken.group("c").split()[-1].lower() not in _NOT_FOR and (who := resolve(taken.group("subj"), ctx)):
        said = f"{taken.group('m').lower()} for {taken.group('c')}"  # (the medicine too: the parse's "takes pills" is this card)
        return [Fact(who, "condition", said, "safety", 0.85, f"{who} takes {said}")]
    m = _HAS.match(clause)
    if m is None or not _condition_word(m.group("c").split()[-1]) or not (who := resolve(m.group("subj"), ctx)):
        return []
    condition = re.sub(r"(?i)^(?:a|an)\s+", "", m.group("c"))
    return [Fact(who, "condition", condition, "safety", 0.85, f"{who} has {condition}")]


# "chips, but not sesame, I'm allergic", "no prawns for me - I'm allergic": the allergy said after what it is to
_ALLERGY_AFTER = re.compile(r"(?i)(?:^|[,.!;]\s*|\bbut\s+)(?:not|no)\s+(?P<what>[a-z][a-z' -]{1,30}?)(?:\s+(?:though|tho|for\s+me))?"
                            r"\s*[,;.!–—-]+\s*(?:i['’]?m|i\s+am)\s+(?:really\s+|very\s+|so\s+)?allergic\b(?!\s+to\b)")


def allergy_after(statement: str, ctx: TurnContext) -> list[Fact]:
    """An allergy said after the thing it is to, as the owner's safety card ([] when none is said so)."""
    m = _ALLERGY_AFTER.search(statement)
    if m is None:
        return []
    what = m.group("what").strip()
    return [Fact(ctx.owner, "allergic_to", what, "safety", 0.9, f"{ctx.owner} is allergic to {what}")]


__all__ = ["CONDITIONS", "MEDICINES", "allergy_after", "bad_part", "conditions", "health_facts"]
