"""The preferences family of the fact rules (rules.FAMILIES): likes, dislikes, favourites, what one
avoids, allergies said as "allergic to". Pure regex work on one clause."""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .food_limits import is_food
from .models import Fact
from .person import about, possessive, third_person_verb
from .rule_basics import _ADV, _SUBJ, TurnContext, _alt, _as_said, items_of, resolve
from .vocabulary import COPULAR_PREFERENCES, EMPTY_OBJECTS, HYPERBOLE, PREFERENCE_VERBS

_PREF = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>(?i:{_alt(v for v, _ in PREFERENCE_VERBS)}))\s+(?P<obj>.+)$")
_COPULAR = re.compile(rf"^{_SUBJ}\s+(?P<be>(?i:am|is|are|was|get|gets|(?P<maybe>might|may|could)\s+be))\s+(?P<neg>(?i:not)\s+)?{_ADV}(?i:a\s+bit\s+|a\s+little\s+)?"
                      rf"(?P<cop>(?i:{_alt(c for c, _ in COPULAR_PREFERENCES)}))\s+(?P<obj>.+)$")
_FAVOURITE = re.compile(rf"(?P<owner>(?i:my|his|her|our)|{NAME}['’]s)\s+(?i:absolute\s+|all-time\s+|very\s+)?"
                        r"(?i:fav(?:ou?rite)?)\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s+(?i:is|are|was)\s+(?P<obj>.+)$")
# a fan said without a verb, as chat does: "LG Twins fan since I was 8", "big Arsenal supporter"
_FAN = re.compile(r"^(?:(?i:a|an|huge|big|massive|lifelong|die-hard|diehard|proper)\s+)*(?!(?i:not|no|the|my|your|this|that|a)\b)"
                  r"(?P<what>[A-Za-z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,3})"
                  r"\s+(?i:fan|supporter)(?:\s+(?i:since|for)\b.*)?$")
_FAVOURITE_FIRST = re.compile(r"^(?P<obj>[\w'’ -]{2,40}?)\s+(?i:is|are)\s+(?P<owner>(?i:my|his|her|our))\s+"
                              r"(?i:absolute\s+|all-time\s+)?(?i:fav(?:ou?rite)?)(?:\s+(?P<what>[a-z]+))?"
                              r"(?:\s+(?i:now|at\s+the\s+moment|these\s+days|ever))?\s*$")  # "... my favourite animal now"
# "my favourite is pizza", "my fav one is Saaral": a favourite said without what kind of thing
_FAVOURITE_ONE = re.compile(r"^(?i:my|our)\s+(?i:absolute\s+|all-time\s+|very\s+)?(?i:fav(?:ou?rite)?)(?:\s+(?i:one|thing))?\s+"
                            r"(?i:is|are|was)\s+(?P<obj>(?!(?i:when|that|this|it|to|because)\b)[^,;.!?]{2,40}?)\s*(?:[.!]*$|[,;]\s|\s(?i:she|he|they|it)(?:['’]?s|\s+is|\s+are)\s)")
# "nothing beats a good curry", "can't get enough of k-pop", "football is my life", "best thing ever is trampolining"
_LOVED_SAID = re.compile(r"^(?:(?i:i\s+)?(?i:nothing\s+beats|can['’]?t\s+get\s+enough\s+of|could\s+never\s+get\s+bored\s+of|"
                         r"(?:just\s+|basically\s+)?live\s+for)\s+"
                         r"(?P<obj>[^,;.!?]{2,40}?)|(?P<obj2>[\w'’ -]{2,30}?)\s+(?i:is|are)\s+(?i:my\s+(?:life|world|everything)|"
                         r"the\s+best\s+thing\s+ever|life)|(?i:the\s+)?(?i:best\s+thing\s+(?:ever|in\s+the\s+world))\s+(?i:is)\s+"
                         r"(?P<obj3>[^,;.!?]{2,40}?))\s*(?:[.!]*$|[,;]\s)")
# "I'd pick the beach over the mountains any day", "I'd choose tea over coffee": the one chosen is preferred
_CHOSEN_OVER = re.compile(r"^(?i:I['’]d|I\s+would|I)\s+(?:(?i:always|still|honestly)\s+)?(?i:pick|choose|take|go\s+for)\s+"
                          r"(?:(?i:the)\s+)?(?P<obj>[^,;.!?]{2,40}?)\s+(?i:over)\s+[^,;.!?]{2,40}?"
                          r"(?:\s+(?i:any\s+day|every\s+time|every\s+day|any\s+time))?\s*[.!]*$")
# "I don't eat pork", "my dad never eats spicy food", "she won't eat anything green": what one keeps off
_AVOIDS = re.compile(rf"^{_SUBJ}\s+(?i:don't|don’t|do\s+not|never|no\s+longer|doesn't|doesn’t|does\s+not|won't|won’t|will\s+not)\s+"
                     r"(?P<verb>(?i:drink|eat|smoke|eat\s+any|drink\s+any|touch|(?:eat|drink|smoke)s(?:\s+any)?))\s+(?P<obj>[a-z][\w -]{1,40}?)"
                     r"(?:\s+(?i:anymore|any\s+more|at\s+all|now))?$")
# "I love it when ...", "I don't like it when people shout", "he can't stand it when the bus is late"
_LIKE_WHEN = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<neg>(?i:don['’]?t|doesn['’]?t|do\s+not|does\s+not|can['’]?t|cannot)\s+{_ADV})?"
                        rf"(?P<verb>(?i:love|like|enjoy|hate|stand|bear))\s+(?i:it)\s+(?i:when|if)\s+(?P<what>.{{3,80}})$")
# "I'm lactose intolerant", "she's wheat intolerant": the food said before the word
_INTOLERANT = re.compile(rf"^{_SUBJ}\s+(?i:am|is|are)\s+(?i:very\s+|quite\s+|a\s+bit\s+)?(?P<obj>[a-z]+)\s+(?i:intolerant)(?=\s*(?:,|$))")
# "loves football and hates rugby": a second verb of liking, joined to the first, opens a preference of its own
_NEXT_PREF = re.compile(rf",?\s+(?i:and|but)\s+(?=(?:{_ADV})(?i:{_alt(v for v, _ in PREFERENCE_VERBS)})\s)")
# a liking said with a noun one has ("I have a crush on Tomasz", "she's got a soft spot for old Volvos", "I have a
# weakness for custard tarts")
_HAVE_A_LIKING = re.compile(rf"^{_SUBJ}\s+(?:(?i:have|has)(?:\s+(?i:got))?|(?i:got))\s+(?i:a|an)\s+(?:(?i:big|huge|massive|real|total|"
                            r"serious|bit\s+of\s+a|little|major)\s+)*(?P<kind>(?i:crush\s+on|soft\s+spot\s+for|thing\s+for|"
                            r"weakness\s+for|passion\s+for|fondness\s+for|love\s+of))\s+(?P<obj>[^,;.!?]{2,50}?)\s*(?:[.!]*$|[,;]\s)")
# how one takes a food or a drink ("I take my coffee black, no sugar", "Grandad has his porridge with salt", "I like my
# steak rare"): a liking of it so made; not where or when one has it ("I have my lunch at 12", "I take my tea to bed")
_TAKES_IT = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>(?i:take|takes|have|has|drink|drinks|eat|eats|like|likes|prefer|prefers))\s+"
                       r"(?P<poss>(?i:my|his|her|their|our))\s+(?P<food>[a-z]+(?:\s+[a-z]+)??)\s+"
                       r"(?P<how>(?!(?i:to|at|in|on|for|from|every|each|when|while|before|after|during|until|in|outside|"
                       r"inside|upstairs|downstairs|and|but|or|so|because|then|now|today|tonight|every|too|as|with\s+(?:me|us|him|her|them|"
                       r"friends|family|the\s+kids|my|his|her|our|their))\b)[^;.!?]{2,50}?)\s*[.!]*$")
_ONES_OWN = {"i": {"my"}, "we": {"our"}}  # whose food the subject takes: "I ... my", "we ... our", anyone else's "his", "her", "their"
_OTHERS_OWN = {"his", "her", "their"}
_A_DATE_KEPT = re.compile(r"(?i)\bthing\s+for\s+(?:my|his|her|our|their|the|work|school)\b|\b(?:today|tomorrow|tonight|this|next|"
                          r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|at\s+\d)\b")
_VERB_PRED = dict(PREFERENCE_VERBS)
_COP_PRED = dict(COPULAR_PREFERENCES)


def preferences(clause: str, ctx: TurnContext) -> list[Fact]:
    out: list[Fact] = []
    m = _PREF.match(clause)
    if m and not re.search(r"(?i)\b(?:would|'d|’d)\s*$", clause[: m.start("verb")]):
        who = resolve(m.group("subj"), ctx)
        verb = m.group("verb")
        pred = _VERB_PRED.get(verb.lower(), "likes")
        shown = verb if who == m.group("subj") else (verb.lower() if verb.lower().startswith(("can", "don", "do "))
                                                     else third_person_verb(verb.lower()))
        if shown.lower() in ("don't like", "don’t like", "do not like"):
            shown = "doesn't like"
        obj, *rest = _NEXT_PREF.split(m.group("obj"), maxsplit=1)
        if rest:
            out.extend(preferences(f"{m.group('subj')} {rest[0]}", ctx))
        if verb.lower().startswith("prefer"):  # "I prefer tea to coffee": tea, not "tea to coffee"
            obj = re.split(r"(?<!ing)(?<!\bgo)(?<!\bget)\s+(?:to|over|rather\s+than)\s+", obj, maxsplit=1)[0]  # not "going to"
        if who:
            out.extend(Fact(who, pred, item, "preference", 0.8, f"{who} {shown} {_as_said(item, ctx)}")
                       for item in items_of(obj))
    m = _LIKE_WHEN.match(clause)
    if m and (m.group("neg") is None and m.group("verb").lower() in ("stand", "bear")
              or m.group("neg") is not None and m.group("verb").lower() == "hate"):
        m = None  # "I can stand it when ...", "I don't hate it when ...": no liking said either way
    if m and (who := resolve(m.group("subj"), ctx)):
        what = about(m.group("what"), ctx.owner, team=ctx.org)
        if m.group("what")[:1].islower():  # "... when the printer jams": no capital a sentence would take
            what = what[:1].lower() + what[1:]
        pred = "dislikes" if m.group("neg") else _VERB_PRED.get(m.group("verb").lower(), "likes")
        said = (f"{'can' if m.group('neg').lower().startswith('can') else 'doesn'}'t {m.group('verb').lower()}"
                if m.group("neg") else third_person_verb(m.group("verb").lower()))
        out.append(Fact(who, pred, what, "preference", 0.8, f"{who} {said} it when {what}"))
    m = _AVOIDS.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        obj, verb = m.group("obj").strip(), re.sub(r"(?i)^(eat|drink|smoke)s\b", r"\1", m.group("verb").lower())
        out.append(Fact(who, "avoids", obj, "preference", 0.8, f"{who} doesn't {verb} {obj}"))
    m = _COPULAR.match(clause)
    if m:
        who = resolve(m.group("subj"), ctx)
        cop = m.group("cop").lower()
        pred = _COP_PRED[cop]
        kind = "safety" if pred in ("allergic_to", "intolerant_to") else "preference"  # the spec: allergies are safety
        if m.group("maybe") and kind != "safety":
            who = None  # "I might be into it": no liking said; "she may be allergic to eggs": a risk to keep, hedged
        if m.group("neg"):  # "I'm not really into football": a dislike; "not scared of spiders" says no fear, no card
            who, pred, cop = (who, "dislikes", f"not {cop}") if pred == "likes" else (None, pred, cop)
        if who:
            be = f"{m.group('maybe').lower()} be" if m.group("maybe") else "is"
            out.extend(Fact(who, pred, item, kind, 0.8, f"{who} {be} {cop} {item}") for item in items_of(m.group("obj")))
    m = _HAVE_A_LIKING.match(clause.strip())
    noun = " ".join(m.group("kind").lower().split()) if m else ""
    if noun == "thing for" and _A_DATE_KEPT.search(clause):
        m = None  # "I have a thing for my sister's wedding", "I've got a thing for work tomorrow": an engagement
    if m and (who := resolve(m.group("subj"), ctx)) and m.group("obj").lower() not in EMPTY_OBJECTS:
        out.append(Fact(who, "has_crush_on" if noun.startswith("crush") else "likes", m.group("obj"), "preference", 0.8,
                        f"{who} has a {noun} {m.group('obj')}"))
    m = _TAKES_IT.match(clause.strip())
    if m and m.group("poss").lower() in _ONES_OWN.get(m.group("subj").lower(), _OTHERS_OWN) \
            and is_food(m.group("food")) and (who := resolve(m.group("subj"), ctx)):
        what = f"{m.group('food')} {m.group('how').strip(' ,')}"
        said = f"{m.group('poss')} {what}".lower()  # "I like my steak rare": the liking read above, with "my"
        out = [f for f in out if f.value.lower() != said]
        line = f"{who} likes {what}" if m.group("subj").lower() in _ONES_OWN else \
            f"{who} {m.group('verb').lower()} {m.group('poss').lower()} {what}"  # "Grandad takes his porridge with salt"
        out.append(Fact(who, "likes", what, "preference", 0.8, line))
    m = _INTOLERANT.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        out.append(Fact(who, "intolerant_to", m.group("obj"), "safety", 0.8, f"{who} is {m.group('obj')} intolerant"))
    m = _FAN.match(clause.strip())
    if m:
        what = m.group("what")[:1].upper() + m.group("what")[1:]  # (a clause may open in lower case: "arsenal fan since ...")
        out.append(Fact(ctx.owner, "likes", what, "preference", 0.8, f"{ctx.owner} is {'an' if what[:1] in 'AEIOU' else 'a'} {what} fan"))
    m = _FAVOURITE_FIRST.match(clause)
    if m and m.group("obj").lower() not in EMPTY_OBJECTS:
        o = m.group("owner")
        who = ctx.owner if o.lower() in ("my", "our") else ctx.last_person
        what = (m.group("what") or "thing").lower()
        if who:
            out.append(Fact(who, f"favourite_{what}", m.group("obj"), "preference", 0.8,
                            f"{who}'s favourite {what} is {m.group('obj')}"))
    m = _FAVOURITE_ONE.match(clause.strip())
    if m and m.group("obj").lower() not in EMPTY_OBJECTS:
        out.append(Fact(ctx.owner, "favourite", m.group("obj"), "preference", 0.8, f"{possessive(ctx.owner)} favourite is {m.group('obj')}"))
    m = _LOVED_SAID.match(clause.strip()) or HYPERBOLE.search(clause)
    loved = (m.group("obj") or m.group("obj2") or m.group("obj3")) if m and m.re is _LOVED_SAID else m.group("obj") if m else None
    if loved and loved.lower() not in EMPTY_OBJECTS and not re.match(r"(?i)(?:it|this|that|them)\b", loved):
        out.append(Fact(ctx.owner, "likes", loved, "preference", 0.8, f"{ctx.owner} loves {loved}"))
    m = _CHOSEN_OVER.match(clause.strip())
    if m:
        out.append(Fact(ctx.owner, "prefers", m.group("obj"), "preference", 0.8, f"{ctx.owner} prefers {m.group('obj')}"))
    m = _FAVOURITE.search(clause)
    if m:
        o = m.group("owner")
        who = ctx.owner if o.lower() in ("my", "our") else (ctx.last_person if o.lower() in ("his", "her")
                                                            else o[:-2])
        what = m.group("what").lower()
        if who:
            out.extend(Fact(who, f"favourite_{what.replace(' ', '_')}", item, "preference", 0.8,
                            f"{possessive(who)} favourite {what} {'are' if what.endswith('s') else 'is'} {item}") for item in items_of(m.group("obj")))
    return out
