"""Ties and named pets said beside a name (issue 35): "Dan, my brother, is a pilot", "her coach Mrs
Byrne thinks ...", "his wife Ana", "I have two cats, Miso and Tofu". Pure: parse.Tok tuples in, facts out.

The regex families read "my brother Kai" and "Kai is my brother"; these are the shapes they do not:
a tie set beside the name with commas (an apposition), a tie of someone else ("her coach", "Kai's
wife"), and pets named in apposition after the noun. Whose tie it is comes from the possessor: "my"
and "our" the owner, "his"/"her" the person named last, a name's "'s" that person.
"""
from __future__ import annotations

from ..extraction.lexicon import TIME_WORDS
from .chain_holders import chain_holder
from .kin_groups import GROUP_KIN, kin_line, listed_with, shared_age
from .lesson_ties import lesson_teachers
from .lowercase_names import a_name, capital_name
from .mentions import last_mention
from .models import Fact
from .named_through import named_through
from .occupation import is_job
from .parse import Sentence, Tok
from .person import possessive
from .posts_held import a_post, body_held, post_in_body
from .rule_basics import TurnContext
from .tree import Kids, children, subtree, text_of
from .verb_classes import REPORT
from .vocabulary import NUMBER_WORDS, PET_PHRASES, PETS, RELATIONS

_MINE = ("my", "our")
_SUBJECTS = ("nsubj", "nsubjpass")
_THEIRS = ("his", "her")
# Children said as a group with their names after them: the tie each name has.
_KIDS = {"kid": "child", "child": "child", "son": "son", "daughter": "daughter", "boy": "son", "girl": "daughter",
         "grandchild": "grandchild", "grandkid": "grandchild", "grandson": "grandson", "granddaughter": "granddaughter"}
_FAMILY = frozenset("brother sister sibling cousin niece nephew grandchild grandchildren grandkid stepson "
                    "stepdaughter".split())
_TIE_WORDS = frozenset("late older younger little big baby ex step new old foster adoptive half best".split())
# A parent's way of naming a child by birth order: "my eldest Lindiwe", "our youngest, Tobias"
_BIRTH_ORDER = frozenset("eldest oldest youngest firstborn".split())


def _name(s: Sentence, kids: Kids, t: Tok) -> str:
    """A name with its title or first name: "Mrs Byrne", "Sister Abbott"."""
    words = [c.i for c in kids.get(t.i, []) if c.dep in ("compound", "flat") and c.pos == "PROPN" and c.i < t.i]
    return text_of(s, [*words, t.i])


def _holder(s: Sentence, kids: Kids, tie: Tok, ctx: TurnContext) -> str | None:
    poss = next((c for c in kids.get(tie.i, []) if c.dep == "poss"), None)
    if poss is None:
        return None
    if poss.lower in _MINE:
        return chain_holder(s, kids, poss, ctx)  # the owner's, or the team's post ("our lead designer Paulo")
    if poss.lower in _THEIRS:  # the person named last before it, in this sentence or before
        return last_mention(text_of(s, range(poss.i)), ctx.owner) or ctx.last_person
    return chain_holder(s, kids, poss, ctx)  # a name; "my wife's sister Maria", "Mum's cousin Fatima" (chain_holders.py)


def _kin_holder(s: Sentence, kids: Kids, tie: Tok, ctx: TurnContext) -> str | None:
    """The owner's kin a tie is said through ("Lars is my wife's brother": Sam's wife), or None."""
    poss = next((c for c in kids.get(tie.i, []) if c.dep == "poss"), None)
    return _holder(s, kids, tie, ctx) if poss is not None and poss.pos == "NOUN" and poss.lemma in RELATIONS else None


def _the_post(s: Sentence, kids: Kids, tie: Tok, named: Tok, ctx: TurnContext) -> str | None:
    """Whose post "the" says, named after a comma ("I'll check with the union rep, Toto", "the caretaker, Mr
    Bell"): the organisation's in a team's talk, else the owner's. A post only: "the twins, Ruby and Kofi" may be
    anyone's."""
    first = min([named.i, *(c.i for c in kids.get(named.i, []) if c.dep in ("compound", "flat"))])  # ("Mr Bell")
    if not (is_job([tie.lower], False) and (named.dep == "appos" or named.head == tie.head) and first > tie.i
            and s[first - 1].text == ","
            and any(c.dep == "det" and c.lower == "the" for c in kids.get(tie.i, []))):
        return None
    return ctx.org or ctx.owner


def name_beside(s: Sentence, kids: Kids, tie: Tok) -> Tok | None:
    """The name set beside a tie: its apposition ("my wife Ana"), the name it is apposition to ("Dan,
    my brother, ..."), or a name just before it and a comma, which the parser may not join to it."""
    named = next((c for c in kids.get(tie.i, []) if c.dep == "appos" and c.pos == "PROPN"), None)
    if named is not None:
        return named
    head = s[tie.head]
    if tie.dep == "appos" and head.pos == "PROPN":
        return head
    if (split := _subject_after(s, tie)) is not None:
        return split
    if tie.i + 2 < len(s) and s[tie.i + 1].text == "," and s[tie.i + 2].pos == "PROPN" and s[tie.i + 2].head == tie.head \
            and s[tie.i + 2].dep in ("npadvmod", "appos", "dobj") and tie.dep in ("dobj", "pobj"):
        return s[tie.i + 2]  # "ring the site foreman, Gaz, if ...": the name hung on the verb
    first = min([tie.i, *(c.i for c in kids.get(tie.i, []) if c.dep in ("poss", "amod", "compound") and c.i < tie.i)])
    if first >= 2 and s[first - 1].text == "," and s[first - 2].pos == "PROPN" and s[first - 2].dep not in _SUBJECTS \
            and s[first - 2].lower not in TIME_WORDS \
            and not (tie.dep in _SUBJECTS and s[first - 2].head != tie.head):  # "ballet on Tuesdays, Lia's mum drives them": no one called Tuesdays
        return s[first - 2]  # ("the goat is called Pippa, my son named her": the son is the subject of a clause of his own)
    return None


def _age_beside(s: Sentence, kids: Kids, named: Tok) -> str | None:
    """An age set beside a name and its tie with commas ("our son Theo, 8, wants a puppy", "my grandad Ken, 88,
    still drives", "my dog Rolo, 3, ..."): a bare count, with nothing of its own (no unit: "my sister Ana, 2 kids"),
    after the name and a comma, closing its phrase (a comma, the end, a stop), which the parser hangs on the tie
    or on the name; the tie is kin, a pet or a post (the name is someone's, not a place's: "Leeds, 2, ...")."""
    ties = [s[named.head]] if named.dep == "appos" else [c for c in kids.get(named.i, []) if c.dep == "compound" and c.i < named.i]
    ties = [t for t in ties if t.lemma in PETS or t.lemma in _KIDS or _a_tie(t)]
    for c in (*(k for t in ties for k in kids.get(t.i, [])), *kids.get(named.i, [])) if ties else ():
        if c.tag != "CD" or c.i <= named.i or c.dep not in ("appos", "nummod", "npadvmod", "amod") or kids.get(c.i) \
                or s[c.i - 1].text != ",":
            continue
        n = c.text if c.text.isdigit() else str(NUMBER_WORDS.get(c.lower, ""))
        if n and 0 < int(n) < 120 and (c.i + 1 == len(s) or s[c.i + 1].text in (",", ".", "!", ";", ")")):
            return n
    return None


def _subject_after(s: Sentence, tie: Tok) -> Tok | None:
    """A name said right after a possessed tie that the parser made the subject of the verb after it
    ("my mate's dad Terry says ...", "my mum's cousin Gwyneth lives ..."): the tie's name all the same."""
    if tie.i + 1 >= len(s) or s[tie.i + 1].pos != "PROPN":
        return None
    named = s[tie.i + 1]
    while named.dep in ("compound", "flat") and named.head > named.i and s[named.head].pos == "PROPN":
        named = s[named.head]  # "my mate's dad Terry Jones"
    verb = s[named.head]
    if named.dep in _SUBJECTS and (verb.i == tie.head or verb.head == tie.i and verb.dep == "relcl"):
        return named
    return None


def named_ties(s: Sentence, kids: Kids, ctx: TurnContext) -> list[Fact]:
    """The ties and named pets of a sentence said in apposition."""
    out: list[Fact] = []
    for t in s:
        if t.pos == "PROPN" and (tie := _tie_before_name(s, kids, t)) is not None:
            holder = _holder(s, kids, t, ctx) or _holder(s, kids, tie, ctx)  # "My sous chef Ailbhe.": the name heads,
            # the tie is its compound
            held_by = {i for c in kids.get(tie.i, []) if c.dep == "poss" for i in subtree(kids, c.i)}
            rel = text_of(s, [i for c in kids.get(t.i, []) if c.dep in ("amod", "compound") and c.i <= tie.i
                              for i in subtree(kids, c.i) - held_by])  # ("my step-brother Luca": the step kept)
            if holder and rel:
                out.append(Fact(holder, rel.lower().replace(" ", "_").replace("-", "_"), t.text, "relationship", 0.8,
                                f"{t.text} is {possessive(holder)} {rel.lower()}"))
            continue
        if t.pos == "PROPN" and (order := next((c for c in kids.get(t.i, []) if c.dep == "amod" and c.lower in _BIRTH_ORDER
                                                 and c.i < t.i), None)) is not None:
            holder = _holder(s, kids, t, ctx)
            if holder == ctx.owner:  # "my eldest Lindiwe is four": the owner's child
                out.append(Fact(holder, "child", t.text, "relationship", 0.8, f"{t.text} is {possessive(holder)} {order.lower} child"))
            continue
        if t.lower in _BIRTH_ORDER and (named := next((c for c in kids.get(t.i, []) if c.dep == "appos" and c.pos == "PROPN"),
                                                      None)) is not None and _holder(s, kids, t, ctx) == ctx.owner:
            name = _name(s, kids, named)  # "our eldest, Tiago, is at university": the owner's child
            out.append(Fact(ctx.owner, "child", name, "relationship", 0.8, f"{name} is {possessive(ctx.owner)} {t.lower} child"))
            continue
        if t.pos != "NOUN" and not (t.pos == "PROPN" and t.text.islower()):  # ("the union rep": read as a name)
            continue
        if t.tag == "NNS" and t.lemma in GROUP_KIN and (listed := _kin_listed(s, kids, t, ctx)) is not None:
            out += listed  # "our twins Bryn and Lowri", "we have two boys, Cai and Emrys, both 8"
            continue
        if _a_tie(t) and (named := name_beside(s, kids, t)) is not None:
            holder = _holder(s, kids, t, ctx) or _the_post(s, kids, t, named, ctx)
            name = _name(s, kids, named)
            if not holder or name.lower() == holder.lower():
                continue
            words = [c.lower for c in kids.get(t.i, []) if c.dep in ("amod", "compound") and c.i < t.i
                     and (c.lower in _TIE_WORDS or c.dep == "compound")]
            rel = " ".join([*words, t.lemma])  # "my two daughters, Hana and Lily": a daughter each
            names = [name] + ([n for n in _conj_names(s, kids, named)[1:]] if t.tag == "NNS" else [])
            out += [Fact(holder, rel.replace(" ", "_"), n, "relationship", 0.8, f"{n} is {possessive(holder)} {rel}")
                    for n in names]
        elif (_a_tie(t) or a_post(t)) and t.dep == "attr" and s[t.head].lemma == "be" and (
                (whose := _whose(s, kids, t)) is not None or _kin_holder(s, kids, t, ctx)) \
                and (named := next((c for c in kids.get(t.head, []) if c.dep == "nsubj" and (c.pos == "PROPN" or not kids.get(c.i)
                                    and capital_name(c.text))), None)) is not None \
                and not any(c.dep == "neg" for c in kids.get(t.head, [])):  # "Paudie is Fiachra's younger brother"
            holder = _name(s, kids, whose) if whose is not None else _kin_holder(s, kids, t, ctx) or ""
            name = _name(s, kids, named)  # "Rhian is Gethin's porter", "the apprentice to Bo", "Lars is my wife's brother"
            words = [c.lower for c in kids.get(t.i, []) if c.dep in ("amod", "compound") and c.i < t.i
                     and (c.lower in _TIE_WORDS or c.dep == "compound" and t.lemma not in RELATIONS)]
            rel = " ".join([*words, t.lemma])
            out.append(Fact(holder, rel.replace(" ", "_"), name, "relationship", 0.8, f"{name} is {possessive(holder)} {rel}"))
        elif a_post(t) and t.dep == "attr" and s[t.head].lemma == "be" and (body := body_held(s, kids, t)) is not None \
                and (named := next((c for c in kids.get(t.head, []) if c.dep == "nsubj" and (
                    c.pos == "PROPN" or not kids.get(c.i) and capital_name(c.text))), None)) is not None and not any(c.dep == "neg" for c in kids.get(t.head, [])):  # "Lucía is the team's treasurer"
            out.append(post_in_body(_name(s, kids, named), t.lemma, body.lower, ctx.org))  # (posts_held.py)
        elif (_a_tie(t) or t.lemma in _KIDS) and (named := _called(s, kids, t)) is not None \
                and (holder := _holder(s, kids, t, ctx)) is not None:
            # "Tom's wife is called Jess", "my sister's husband is named Raj"; a plural names each one joined by
            # "and" ("my daughters are called Mei and Lin", "my kids are called Ada and Bo": a child each)
            kin = _KIDS.get(t.lemma, t.lemma)
            rel = " ".join([*(c.lower for c in kids.get(t.i, []) if c.dep == "amod" and c.lower in _TIE_WORDS), kin])
            names = _conj_names(s, kids, named) if t.tag == "NNS" else [_name(s, kids, named)]
            out += [Fact(holder, rel.replace(" ", "_"), n, "relationship", 0.8, f"{n} is {possessive(holder)} {rel}")
                    for n in names]
        elif (t.lemma in PETS or t.lemma in _KIDS or t.lemma in RELATIONS) and t.dep == "dobj" and s[t.head].lemma in (
                "have", "get", "own"):
            keeper = _pet_keeper(s, kids, s[t.head], ctx)
            if keeper is None:
                continue
            verb = s[t.head]
            owned = verb.tag in ("VBP", "VBZ") or verb.lemma == "get" and any(c.dep == "aux" for c in kids.get(verb.i, []))
            if keeper == ctx.owner and owned and not _appos_names(s, kids, t):  # "I have three kids", "a sister and two brothers"
                out += [_how_many(s, kids, item, keeper) for item in _kin_items(s, kids, t)]
            elif keeper not in (ctx.owner, ctx.org) and owned and (had := _tie_had(s, kids, t, keeper)) is not None:
                out.append(had)  # "my sister has a boyfriend", "Tom apparently has a new girlfriend"
            for name in _appos_names(s, kids, t):
                if t.lemma in _KIDS:  # "my sister has two kids, Ava and Max"
                    kin = _KIDS[t.lemma]
                    out.append(Fact(keeper, kin, name, "relationship", 0.8, f"{name} is {possessive(keeper)} {kin}"))
                    continue
                kind = "relationship" if keeper == ctx.owner else "semantic"
                pet = _pet_said(s, kids, t)  # "two guinea pigs, Salt and Pepper": a guinea pig each
                out.append(Fact(keeper, f"has_{pet.replace(' ', '_')}", name, kind, 0.8, f"{keeper} has a {pet} called {name}"))
    out += [Fact(_name(s, kids, t), "age", age, "identity", 0.8, f"{_name(s, kids, t)} is {age}")
            for t in s if t.pos == "PROPN" and (age := _age_beside(s, kids, t)) is not None]  # "our son Theo, 8, ..."
    return out + lesson_teachers(s, kids, ctx) + named_through(s, kids, ctx)  # "piano lessons with Mr Reid" (lesson_ties.py),
    # "my friend's dog Biscuit", "our neighbour's kids are Ola and Tunde" (named_through.py)


def _called(s: Sentence, kids: Kids, tie: Tok) -> Tok | None:
    """The name a possessed tie "is called" or "is named" ("Tom's wife is called Jess"): the name the verb
    gives its subject; none when the verb is negated ("isn't called") or the tie is no one's ("a nurse is called")."""
    verb = s[tie.head]
    if tie.dep != "nsubjpass" or verb.lemma not in ("call", "name") or any(c.dep == "neg" for c in kids.get(verb.i, [])):
        return None
    if any(c.dep == "nsubjpass" and tie.i < c.i < verb.i for c in kids.get(verb.i, [])):
        return None  # "my ex-husband Marco's sister is called Lia", parsed with two subjects: the nearer one is called so
    return next((c for c in kids.get(verb.i, []) if c.dep in ("oprd", "attr", "dobj") and c.pos == "PROPN"), None)


def _pet_said(s: Sentence, kids: Kids, t: Tok) -> str:
    """A pet's kind as said, in two words where it is named so ("guinea pig", "bearded dragon"), else its lemma."""
    before = next((c for c in kids.get(t.i, []) if c.dep in ("compound", "amod") and c.i == t.i - 1), None)
    two = f"{before.lower} {t.lemma}" if before is not None else ""
    return two if two in PET_PHRASES else t.lemma


def _tie_had(s: Sentence, kids: Kids, t: Tok, keeper: str) -> Fact | None:
    """A tie someone else has, said with "a" and no name ("my sister has a boyfriend", "Tom has a new girlfriend"):
    the tie is theirs, its person unnamed (the tie word is the value). Not a count ("two kids": kin_groups'),
    nor a name beside it (read above), nor "doesn't have"."""
    verb = s[t.head]
    if t.lemma not in RELATIONS or t.tag != "NN" or any(c.dep == "neg" for c in kids.get(verb.i, [])) or not any(
            c.dep == "det" and c.lower in ("a", "an") for c in kids.get(t.i, [])) or _appos_names(s, kids, t) or any(
            c.dep in ("acl", "relcl", "prep") for c in kids.get(t.i, [])):
        return None
    return Fact(keeper, t.lemma.replace(" ", "_"), t.lemma, "relationship", 0.8, f"{keeper} has a {t.lemma}")


def _kin_listed(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> list[Fact] | None:
    """Children said as a group with their names after it (kin_groups.py): a tie each and the age said once
    for them all; None when no name is listed or it is no one's said."""
    named = _appos_names(s, kids, t)
    if not named and t.i + 2 < len(s) and s[t.i + 1].text == "," and s[t.i + 2].pos == "PROPN" \
            and s[t.i + 2].dep in ("appos", "conj"):  # "my wife Sara and the twins, Tal and Noa": hung on "wife"
        named = _conj_names(s, kids, s[t.i + 2])
    if not named:
        return None
    verb = s[t.head]
    holder = _holder(s, kids, t, ctx) or (_pet_keeper(s, kids, verb, ctx) if t.dep == "dobj" and verb.lemma in (
        "have", "get") else None) or ((tie := listed_with(s, t)) is not None and _holder(s, kids, tie, ctx) or None)
    if holder is None:
        return None
    words = [c.lower for c in kids.get(t.i, []) if c.dep in ("amod", "compound") and c.i < t.i and c.lower in _TIE_WORDS]
    out = []
    for n in named:
        kin, line = kin_line(n, possessive(holder), t, words)
        out.append(Fact(holder, kin, n, "relationship", 0.8, line))
    last = max(c.i for c in s if c.pos == "PROPN" and c.text == named[-1].split()[-1])
    if (age := shared_age(s, kids, s[last])) is not None:
        out += [Fact(n, "age", age, "identity", 0.8, f"{n} is {age}") for n in named]
    return out


def posts_in_command(s: Sentence, ctx: TurnContext) -> list[Fact]:
    """The post of a person a command names beside it ("Ring the site foreman, Gaz, if the crane is late",
    "Ask Pat, our safety officer, before ..."): told though the command itself asks for something. A post
    only: kin in a request ("write a poem for my sister, Ada") stays the request's."""
    root = next((t for t in s if t.dep == "ROOT"), None)
    if root is None or root.tag != "VB" or any(c.dep in ("nsubj", "aux") for c in s if c.head == root.i):
        return []
    kids = children(s)
    acted_on = {c.i for c in kids.get(root.i, []) if c.dep in ("dobj", "npadvmod")} | {  # "ring X", "speak to X"
        g.i for c in kids.get(root.i, []) if c.dep == "prep" and c.lower in ("to", "with") for g in kids.get(c.i, [])}
    named = {_name(s, kids, t) for i in acted_on for t in (s[i], *(c for c in kids.get(i, []) if c.dep == "appos"))}
    named |= {_name(s, kids, s[t.head]) for t in s if t.dep == "appos" and t.head in acted_on}
    return [f for f in named_ties(s, kids, ctx) if f.type == "relationship" and f.value in named
            and is_job([f.predicate.split("_")[-1]], False)]


def reporter_ties(s: Sentence, ctx: TurnContext) -> list[Fact]:
    """The tie of the person a statement reports, read from its parse ("my uncle's friend Bryn reckons the
    bridge will be fixed", "Dace's brother Ivars says ..."): told even where what they say teaches nothing."""
    kids = children(s)
    top = next((t for t in s if t.dep == "ROOT"), None)
    if top is None or top.lemma not in REPORT:
        return []
    subj = next((c for c in kids.get(top.i, []) if c.dep in _SUBJECTS), None)
    named = subj if subj is not None and subj.pos == "PROPN" else name_beside(s, kids, subj) if subj is not None else None
    if named is None:
        return []
    name = _name(s, kids, named)
    return [f for f in named_ties(s, kids, ctx) if f.type == "relationship" and f.value == name]


def _kin_items(s: Sentence, kids: Kids, t: Tok) -> list[Tok]:
    """The kin said as a count ("three kids", "a sister and two brothers"), no names."""
    items, todo = [t], [t]
    while todo:
        for c in kids.get(todo.pop().i, []):
            if c.dep == "conj" and c.pos == "NOUN" and (c.lemma in RELATIONS or c.lemma in _KIDS):
                items.append(c)
                todo.append(c)
    family = [i for i in items if i.lemma in _FAMILY or i.lemma in _KIDS]
    return family if any(c.dep == "nummod" for i in family for c in kids.get(i.i, [])) else []


def _how_many(s: Sentence, kids: Kids, t: Tok, keeper: str) -> Fact:
    said = text_of(s, [c.i for c in kids.get(t.i, []) if c.dep in ("nummod", "det", "amod") and c.i < t.i] + [t.i])
    return Fact(keeper, f"has_{_KIDS.get(t.lemma, t.lemma)}", said, "relationship", 0.8, f"{keeper} has {said}")


def _whose(s: Sentence, kids: Kids, tie: Tok) -> Tok | None:
    """Whose tie or post a name is said to hold: the name that possesses it ("Fiachra's brother") or, for a
    post, the name it is "to" ("the apprentice to Kerry"), which the parser may hang on the verb."""
    poss = next((c for c in kids.get(tie.i, []) if c.dep == "poss" and c.pos == "PROPN"), None)
    if poss is not None or tie.lemma in RELATIONS:
        return poss
    for head in (tie, s[tie.head]):
        for prep in kids.get(head.i, []):
            if prep.dep == "prep" and prep.lower == "to" and prep.i > tie.i:
                named = next((c for c in kids.get(prep.i, []) if c.dep == "pobj" and c.pos == "PROPN"), None)
                if named is not None:
                    return named
    return None


def _a_tie(t: Tok) -> bool:
    """A word that says how someone stands to a person: kin, friends, and the people whose work is
    for them ("my editor Jonas", "my accountant Raj")."""
    return t.lemma in RELATIONS or is_job([t.lower], False)


def _tie_before_name(s: Sentence, kids: Kids, name: Tok) -> Tok | None:
    """The tie said as a name's compound ("my sous chef Ailbhe") when the parser made the name the head."""
    tie = next((c for c in kids.get(name.i, []) if c.dep == "compound" and c.pos == "NOUN" and (
        _a_tie(c) or is_job([c.lower], True))), None)  # "my second shooter Kit": a name said with "my" and an agent's noun
    if tie is None or not any(c.dep == "poss" for t in (name, tie) for c in kids.get(t.i, [])):
        return None  # ("my step-dad Gwyn": the parser may hang "my" on the tie)
    return tie


def _pet_keeper(s: Sentence, kids: Kids, verb: Tok, ctx: TurnContext) -> str | None:
    subj = next((c for c in kids.get(verb.i, []) if c.dep == "nsubj"), None)
    if subj is None:
        return None
    if subj.lower in ("i", "we"):
        return ctx.owner
    if subj.pos == "PROPN":
        return _name(s, kids, subj)
    if subj.pos == "NOUN" and subj.text.isalpha() and subj.text[:1].isupper() and subj.text[1:].islower() \
            and not kids.get(subj.i) and a_name(subj.lower):
        return subj.text  # "Andrei has a girlfriend": a name the model tagged as a common noun (subjects._a_name_misread)
    if subj.lemma in RELATIONS and any(c.dep == "poss" and c.lower in _MINE for c in kids.get(subj.i, [])):
        named = next((c for c in kids.get(subj.i, []) if c.dep == "appos" and c.pos == "PROPN"), None)
        if named is not None:
            return _name(s, kids, named)  # "my sister Marta has two kids, ...": Marta's
        return f"{possessive(ctx.owner)} {subj.lower}"  # "my sister has two kids, ..."
    return ctx.last_person if subj.lower in ("he", "she") else None


def _appos_names(s: Sentence, kids: Kids, t: Tok) -> list[str]:
    first = next((c for c in kids.get(t.i, []) if c.pos == "PROPN" and (
        c.dep == "appos" or c.dep == "conj" and s[c.i - 1].text == ",")), None)  # "two girls, Esme and Wren"
    if first is None:  # "a dog, a beagle called Praline": the name the apposed kind is called
        first = next((n for c in kids.get(t.i, []) if c.dep == "appos" and c.pos in ("NOUN", "ADJ")
                      for a in kids.get(c.i, []) if a.dep == "acl" and a.lemma in ("call", "name")
                      for n in kids.get(a.i, []) if n.dep == "oprd" and n.pos == "PROPN"), None)
    return [] if first is None else _conj_names(s, kids, first)


def _conj_names(s: Sentence, kids: Kids, first: Tok) -> list[str]:
    """A name and the names joined to it by "and"."""
    names, todo = [first], [first]
    while todo:
        for c in kids.get(todo.pop().i, []):
            if c.dep == "conj" and (c.pos == "PROPN" or c.text[:1].isupper()):  # "Pickle and Bramble": a name read as an adjective
                names.append(c)
                todo.append(c)
    return [_name(s, kids, n) for n in names]


__all__ = ["name_beside", "named_ties", "posts_in_command", "reporter_ties"]
