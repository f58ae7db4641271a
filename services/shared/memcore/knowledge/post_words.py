"""What counts as a post in a team (issue 35): a job title, not a party the team deals with, and the
role card said of a person. Shared by roles.py and team_posts.py. Pure."""
from __future__ import annotations

from ..extraction.lexicon import KINSHIP, ROLE_ACRONYMS, ROLE_WORDS
from .models import Fact
from .rule_basics import TurnContext
from . import trade_nouns
from .vocabulary import NOT_A_JOB, PETS

ROLE_CERTAINTY = 0.8
# Who a team deals with, not who it employs: "our biggest client is ..." names no post.
_PARTIES = frozenset("client customer supplier vendor investor partner seller buyer competitor sponsor funder "
                     "landlord landlady tenant member neighbour neighbor rival".split())
_FAMILY = frozenset("kid child boy girl baby twin".split())
_MORE_ACRONYMS = frozenset("GM MD PA EA HR QA IT SENCO DSL".split())
_MORE_POSTS = frozenset("apprentice trainee temp graduate deputy chief captain secretary chair chairperson chairwoman "
                        "chairman skipper steward warden".split())
_NOT_A_DUTY = frozenset("favourite favorite best nicest kindest funniest only main first last oldest youngest new old "
                        "nice good lovely great busy quiet young older younger same other right wrong".split())
_AGENT_SUFFIX = ("er", "or", "ist", "ian", "ant", "ent")


def singular(word: str) -> str:
    low = word.lower()
    if low.endswith("ies"):
        return low[:-3] + "y"
    return low[:-1] if low.endswith("s") and not low.endswith("ss") else low


def is_post(words: str, staff: bool = False) -> bool:
    """A job title: a role word or an agent noun ("fitter", "coordinator"), not a party the team
    deals with; `staff`: said of the team's own people, a tie word ("dentist", "manager") is a post too."""
    said = words.lower().split()
    if not said or set(said) & NOT_A_JOB or trade_nouns.judged(said[:-1]):
        return False  # ("a fast learner", "a great communicator": how someone is, no post)
    last = said[-1]
    if staff:  # "we have two vets: ...": whoever a team says it has is staff, unless a pet or family
        return last not in _PARTIES | PETS | _FAMILY | KINSHIP
    if last in _PARTIES or (last in ("manager", "boss", "colleague", "mentor") and len(said) == 1):
        return False  # "our manager is Priya": a tie, which the tie rules read
    if last in ("person", "contact", "guy") and len(said) >= 2 and said[-2] not in _NOT_A_DUTY:
        return True  # "our fire safety person", "the IT contact": whoever the team goes to for a thing
    return last in ROLE_WORDS | _MORE_POSTS or (len(last) > 4 and last.endswith(_AGENT_SUFFIX)) or (
        words.isupper() and words in ROLE_ACRONYMS | _MORE_ACRONYMS)  # "the GM is Mrs Duguid"


def role_card(person: str, post: str, ctx: TurnContext, said: str | None = None) -> Fact:
    # (not "at <organisation>": a turn that names it states that as a fact of its own)
    return Fact(person, "role", post, "identity", ROLE_CERTAINTY, said or f"{person} is the {post}")


__all__ = ["ROLE_CERTAINTY", "is_post", "role_card", "singular"]
