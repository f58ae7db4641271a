"""Write-time entity resolution (pure): does a mention name an entity we know, or a new one?

Order: exact name or alias (a repeated alias never creates a twin), near spelling (trigram, found
by the caller), then identity facets and profile similarity. Two same-named entities whose
profiles disagree stay two: a "Peter" introduced as a school friend who played bass does not merge
into Peter the writer.

People stay themselves (issue 12):
  * a person's full name that is already known is that person, whatever role, organisation or place
    the statement adds ("Turns out Tom Baker is a bus driver"): facets accumulate, no twin is made;
  * a full name never joins an entity that already has another full name, nor an entity of another
    type found only through a first name (an organisation called "Sarah" absorbs no Sarah Jones);
  * a first name alone links to the one plausible person (the only one, the one the statement or
    the conversation points at), or stays unlinked.
The rules that follow this decision for a first name alone, and what it is made over, are in
memcore/entities/identity.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..extraction.lexicon import IMPERATIVE_VERBS, IRREGULAR_PAST, SENTENCE_OPENERS
from ..textnorm import norm_name
from .profiles import Facets

# Below this profile similarity a mention that describes someone is taken as a new entity.
SAME_ENTITY_SIMILARITY = 0.30
# A plain mention ("Peter called") of one of several same-named entities is linked only with this lead.
WRITE_MARGIN = 0.06
_INTRO = r"(?i:\b(?:a|an|another|some|second|third)\s+(?:other\s+|different\s+)?)"  # the name itself: as written


@dataclass(frozen=True)
class MentionFacts:
    name: str
    type: str
    role: str | None = None
    org: str | None = None
    nicknames: tuple[str, ...] = ()
    introduces_new: bool = False

    @property
    def facets(self) -> Facets:
        return Facets([self.role] if self.role else [], [self.org] if self.org else [], list(self.nicknames))


@dataclass(frozen=True)
class Known:
    entity_id: str
    name: str
    type: str
    facets: Facets = field(default_factory=Facets)
    similarity: float | None = None  # context of the statement vs the entity's profile
    names_in_text: bool = False  # another of its names (alias, nickname) appears in the statement
    full_names: tuple[str, ...] = ()  # a person's names of two words or more (canonical name and aliases)
    active: bool = False  # discussed in the conversation's previous turns (context, not frequency)


@dataclass(frozen=True)
class Decision:
    action: str  # "link" | "create" | "skip"
    entity_id: str | None
    reason: str


# What may follow a name that introduces another person ("a Peter from accounts", "a Peter who
# ..."): a function word, an adverb of time or place, punctuation, or the end. Any other word
# makes the name a modifier ("a Harry Potter movie", "an LGBTQ support group"): no new person.
_AFTER_INTRODUCED = frozenset(
    "from at in on of for with by who whom whose that which and or but nor so as too back once again here there "
    "then now when while before after since until i you he she we they it is was were are has had have will would "
    "could can named called".split())


def introduced_as_new(text: str, name: str, entity_type: str = "person") -> bool:
    """'I went to school with a Peter', 'another Peter': an indefinite article before a person's
    name used as a name (not as a modifier of the next word). Only people are introduced so."""
    if entity_type != "person":
        return False
    for match in re.finditer(_INTRO + re.escape(name) + r"\b", text):
        following = re.match(r"\s*([A-Za-z']+)?", text[match.end():]).group(1)
        if following is None or following.lower() in _AFTER_INTRODUCED or following[0].isupper():
            return True
    return False


# Capitalised function words the name rules or NER may take for a name at the start of a question.
NOT_NAMES = frozenset("how what who why when where which whose is are was were do does did can could will "
                      "would should and but or so also then yes no ok okay hi hello hey thanks let lets".split())
# Never a name on their own (a title may start with one: "My Chemical Romance", "It Ends with Us"):
NOT_NAMES_ALONE = frozenset(
    # pronouns, demonstratives and their contractions as norm_name leaves them ("I'm" -> "i m"),
    # which the name rules took for names at the start of a sentence ("It's a great way ...")
    "i it its this that these those here there he she we you they me him her us them my your our their his".split()
    + ["i m", "i ve", "i ll", "i d", "you ve", "you re", "you ll", "we re", "we ve", "we ll",
       "they re", "they ve", "that s", "it s", "here s", "there s"])


def plausible_name(name: str) -> bool:
    n = norm_name(name)
    return bool(n) and n not in NOT_NAMES and n not in NOT_NAMES_ALONE and n.split()[0] not in NOT_NAMES


def clean_person_name(name: str) -> str:
    """Drop a sentence-initial verb the name rules took for part of a name ("Texted Peter" -> "Peter")."""
    words = name.split()
    while len(words) > 1:
        first = words[0].lower()
        if (first.endswith("ed") and len(first) > 4) or first in IRREGULAR_PAST or first in SENTENCE_OPENERS \
                or first in IMPERATIVE_VERBS:
            words = words[1:]
            continue
        break
    return " ".join(words)


def _norm_role(r: str) -> str:
    r = norm_name(r)
    return r[:-1] if r.endswith("s") and len(r) > 3 else r


def _real(orgs) -> set[str]:
    return {norm_name(o) for o in orgs if o and not o.startswith("@")}


def conflicts(m: MentionFacts, k: Known) -> str | None:
    """Why a known entity cannot be the one mentioned, or None."""
    if m.role and k.facets.roles and _norm_role(m.role) not in {_norm_role(r) for r in k.facets.roles}:
        return f"role {m.role} vs {', '.join(k.facets.roles)}"
    org = _real([m.org] if m.org else [])
    if org and _real(k.facets.orgs) and not org & _real(k.facets.orgs):
        return f"organisation {m.org} vs {', '.join(k.facets.orgs)}"
    if m.type == "person" and is_full_name(m.name):
        full = {norm_name(n) for n in (*k.full_names, k.name) if is_full_name(n)}
        if full and norm_name(m.name) not in full:
            return f"full names differ ({m.name} / {k.name})"
    return None


def without_relation_roles(k: Known) -> Known:
    """The known entity without the roles that were said as who they are to the speaker ("my manager
    Lorenzo ...": kin as well): a relation, which says nothing of what else they do."""
    kin = {_norm_role(x) for x in k.facets.kin}
    roles = [r for r in k.facets.roles if _norm_role(r) not in kin]
    if len(roles) == len(k.facets.roles):
        return k
    f = k.facets
    return replace(k, facets=Facets(roles, f.orgs, f.nicknames, f.kin, f.pronouns))


def is_full_name(name: str) -> bool:
    return len(norm_name(name).split()) > 1


def agrees(m: MentionFacts, k: Known) -> bool:
    if m.role and _norm_role(m.role) in {_norm_role(r) for r in k.facets.roles}:
        return True
    if m.org and _real([m.org]) & _real(k.facets.orgs):
        return True
    nick = {norm_name(n) for n in m.nicknames}
    return bool(nick & {norm_name(n) for n in k.facets.nicknames}) or k.names_in_text


def _sim(k: Known) -> float:
    return (k.similarity if k.similarity is not None else 0.0) + (1.0 if k.names_in_text else 0.0) \
        + (ACTIVE_BONUS if k.active else 0.0)


# An entity discussed in the conversation's previous turns: its lead for a first name alone.
ACTIVE_BONUS = 0.15


def decide(m: MentionFacts, known: list[Known], exact_ids: set[str], descriptive: bool = False) -> Decision:
    """exact_ids: candidates whose stored names include the mention's exact name or alias.
    descriptive (the statement says who someone is) is reported in the reason only."""
    if not known:
        return Decision("create", None, "no entity of that name")
    if m.introduces_new:
        return Decision("create", None, "introduced as another one of that name")
    single_word_person = m.type == "person" and len(norm_name(m.name).split()) == 1
    exact = [k for k in known if k.entity_id in exact_ids]
    if exact and not single_word_person and (m.type == "person" or (not m.facets.roles and not m.facets.orgs)):
        # a full name, an organisation, a product: the same name is the same entity (a person's
        # full name whatever role or organisation the statement adds: those are facts about them)
        best = max(exact, key=_sim)
        return Decision("link", best.entity_id, "exact name or alias")
    compatible = [k for k in known if conflicts(m, k) is None]
    if m.type == "person" and not single_word_person:
        # a full name not known yet: it may complete a first-name-only entry, but only when no other
        # person of that first name has a full name (else which one the first name meant is unknown)
        if len(compatible) < len(known):
            return Decision("create", None, "another full name is known for that first name")
        if len(compatible) > 1:
            return Decision("create", None, f"{len(compatible)} first-name-only entries could be this one")
    # Only what identifies someone (a role, an organisation, a nickname) can tell that a same-named
    # mention is someone else; a bare name in a descriptive sentence ("Omar works with Lena") cannot.
    if not m.facets.empty():
        if not compatible:
            why = conflicts(m, known[0])
            return Decision("create", None, f"profiles disagree: {why}")
        agreeing = [k for k in compatible if agrees(m, k)]
        if agreeing:
            best = max(agreeing, key=_sim)
            return Decision("link", best.entity_id, "facets agree" + (" (descriptive)" if descriptive else ""))
        best = max(compatible, key=_sim)
        if best.similarity is None or _sim(best) >= SAME_ENTITY_SIMILARITY:
            return Decision("link", best.entity_id, f"profile similarity {_sim(best):.2f}")
        return Decision("create", None, f"profile too different ({_sim(best):.2f})")
    pool = compatible
    if not pool:
        return Decision("create", None, f"no compatible entity ({conflicts(m, known[0])})")
    if len(pool) == 1:
        return Decision("link", pool[0].entity_id, "only entity of that name")
    ranked = sorted(pool, key=lambda k: -_sim(k))
    lead = _sim(ranked[0]) - _sim(ranked[1])
    if lead >= WRITE_MARGIN:
        return Decision("link", ranked[0].entity_id, f"context fits best (lead {lead:.2f})")
    return Decision("skip", None, f"ambiguous among {len(pool)} (lead {lead:.2f})")
