"""What a question to the owner asks, as a statement with a gap for the answer (issue 35).

`frame` turns "What food do you love?" into "I love {}." and "Who drives you to the clinic?" into "{} drives me
to the clinic."; memcore.knowledge.answers fills the gap with the owner's short answer. `question_asked` is the
question without what does not change it (openers, a vocative name, a clause after a comma). Pure regex work.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD

# Words a question opens with that do not change what it asks ("So, how old are you?", "First, ...").
_QUESTION_OPENERS = re.compile(r"^(?:(?:so|and|ok|okay|o+h+|oo+h*|a+w+|a+h+|yay|well|hey|hi|right|first|now|alright|wow|cool|great|"
                               r"lovely|nice)\b[,!]?\s*)+", re.I)
_VOCATIVE_END = re.compile(rf",\s*{NAME_WORD}$")  # "How old are you, Nkechi?"
_VOCATIVE_START = re.compile(rf"^{NAME_WORD},\s*(?=[a-z])")  # "Nkechi, how old are you?"
# "Who's your teacher this year?", "What's your favourite game at the moment?": the question without when
_WHEN_ASKED = re.compile(r"\s+(?:(?:this|next|last)\s+(?:year|term|week|month)|at\s+the\s+moment|right\s+now|now|"
                         r"these\s+days|at\s+the\s+minute|today)$", re.I)
# what is said before a dash that opens the question proper: "And for you - how do you wind down?"
_LEAD_IN = re.compile(r"^[^?]{0,40}?\s[-–—]\s+(?=(?:what|where|who|when|which|how|do|does|are|have)\b)", re.I)
_AFTER_COMMA = re.compile(r",\s*(?:so|and|because|then|if)\b.*$", re.I)  # "what's your name, so I can ..."
# One or two people named in a question ("Thiago", "Ruby and Kofi"), as said: not a pronoun or a determiner.
_NAMED_ONES = (r"(?!(?:it|that|this|you|he|she|they|your|the|his|her|their|its|my)\b)"
               r"((?-i:[A-Z])[\w'’-]*(?: (?:and|&) (?-i:[A-Z])[\w'’-]*)?)")
# where a tie asked about is one's tie, said after it: "Who is your best friend there?", "Who's your boss at work?",
# "Who are your neighbours at the allotment?" (the tie is the same wherever it is: the answer names it)
_WHERE_ASKED = r"(?:\s+(?:there|here|at\s+(?:school|work|home|college|uni|nursery)|(?:at|in)\s+(?:the|your)\s+\w+))?"
# (question pattern, statement template): {0}, {1} the question's groups ("your" read as "my"), {{}} the answer
# who does something for or to the owner ("Who takes you to school?", "Who looks after you on Fridays?")
_NOT_A_DEED = r"(?!(?:is|was|has|does|says|do|did|are|were|will|would|should|could|might|must)\b)"
_DEED = rf"{_NOT_A_DEED}(\w+(?:s|es)(?: (?:after|up|round|around|over|out|in))?)"
# a thing done to it, asked of the team or a family: "the accounts", "our bins", "any new volunteers"
_DONE_TO = r"((?:the|our|your|all|any|new|each|every)\b.+)"
_WH_FRAMES: tuple[tuple[str, str], ...] = (
    # what a first chat asks of one's health and family: allergies, fears, siblings, pets
    (r"^(?:do you have |have you got )?any (?:food )?allerg(?:y|ies)\b.*$", "I am allergic to {{}}."),
    (r"^(?:is there )?anything (?:that )?you(?:'re| are) (scared|afraid|frightened) of$", "I am {0} of {{}}."),
    (r"^(?:do you have |have you got )?any (brothers or sisters|brothers|sisters|siblings|kids|children|pets)\b.*$", "I have {{}}."),
    (r"^(?:who do you live with|who lives with you|who(?:'s| is) (?:at home|in the house|in your house) with you|"
     r"who(?:'s| is) at home|who(?:'s| is) in your (?:family|household|house))$", "I live with {{my}} {{}}."),
    # when a person named before does something ("When does he come back?" "april i think")
    (rf"^when (?:does|do|will) (he|she|they|{_NAMED_ONES}) (\w+(?: (?:back|home|out|in|up|over|off|round))?)$", "{0} will {2} {{on}} {{}}."),
    (r"^what do you (?:like|love|enjoy) to (?:eat|drink|watch|read|listen to)$", "I like {{}}."),
    (r"^how long have you been (?!(?:there|here|doing|at|in|with|on)\b)(?:an? )?(\w+(?: \w+)?)$", "I have been {{a}} {0} for {{}}."),
    (r"^what(?:'s| is) your favou?rite thing to do\b.*$", "My favourite thing is {{}}."),
    # ("What's your favourite food at Gran's?": the thing, without where or when)
    (r"^(?:what|which)(?:'s| is) your (?:very |absolute |all-time )?favou?rite (\w+(?: \w+){0,2}?)(?: (?:at|in|on|for|after|before|during) .+)?$",
     "My favourite {0} is {{}}."),
    (r"^(?:what|which) (?:are|were) your favou?rite (\w+(?: \w+)?)$", "My favourite {0} are {{}}."),
    (r"^do you have an? favou?rite (\w+(?: \w+){0,2})$", "My favourite {0} is {{}}."),
    (r"^do you have any favou?rite (\w+(?: \w+){0,2})$", "My favourite {0} are {{}}."),
    (r"^what do you (?:like|love|enjoy) (?:the )?(?:most|best)(?: of all)?$", "I like {{}}."),
    (rf"^who(?:'s| is) your (\w+(?: \w+)?){_WHERE_ASKED}$", "My {0} is {{}}."),  # ("... at school", "... there")
    (rf"^who are your (\w+(?: \w+)?){_WHERE_ASKED}$", "My {0} are {{}}."),
    # ("What's the business called?": the owner's, said before: the question's "the" is the owner's thing)
    (r"^what(?:'s| is) (?:your|the) (\w+(?: \w+)?)(?:'s)? (?:called|name)$", "My {0} is called {{}}."),
    (r"^what are your (\w+?)(?:'s|s) (?:called|names)$", "My {0}s are {{}}."),  # chat_text reads "friends called" as "friend's"
    (r"^what(?:'s| is) (?:the name of )?your (\w+(?: \w+)?)$", "{1}"),  # "what's your name", "what's your school"
    (r"^what(?:'s| is| are) (his|her|their) names?$", "{0} name is {{}}."),  # the tie said before, named
    (r"^how old are you$", "I am {{}}."),
    (r"^how old is your (\w+(?: \w+)?)$", "My {0} is {{}}."),  # a number only: see _AGE_ANSWER
    (r"^how old (is|are) (he|she|they)$", "{1} {0} {{}}."),  # the person named before (mentions.earlier_mention)
    (rf"^how old (is|are) {_NAMED_ONES}$", "{1} {0} {{}}."),  # "How old is Thiago?" "Seven."
    (r"^where (?:does|do) (he|she|they) live$", "{0} lives {{in}} {{}}."),
    (r"^where do you (live|work|study)$", "I {0} {{in}} {{}}."),
    # where one writes from, is based or is, asked in a first chat, is where one lives
    (r"^(?:where are you (?:writing|texting|messaging|typing|chatting|calling|talking to me|joining) from|"
     r"where are you (?:based|located|living)(?: now| these days)?|whereabouts (?:do you live|are you(?: based)?))$",
     "I live {{in}} {{}}."),
    (r"^where are you (?:from|originally from)$", "I am from {{}}."),
    (r"^(?:what should I call you|what do I call you|what can I call you|who am I (?:talking|speaking|chatting) (?:to|with)|"
     r"what do (?:people|your friends) call you)$", "My name is {{}}."),
    (r"^where does your (\w+(?: \w+)?) (live|work)$", "My {0} {1}s {{in}} {{}}."),
    (r"^where do you go to school$", "I go to school at {{}}."),
    (r"^where do you (keep|store|park|put|leave|buy|get|hang|hide) (?!(?:it|them|that|those|these|this)\b)(.+)$",
     "I {0} {1} {{in}} {{}}."),
    (r"^where do you (?:all |usually |normally )?(meet|train|practi[sc]e|rehearse|play|eat|sleep|shop)$", "I {0} {{in}} {{}}."),
    (r"^how much (is|are) ((?:the|your|a|an|one)\b.+?)(?: now| these days)?$", "{1} {0} {{}}."),
    (r"^how much does ((?:the|your|a|an|one)\b.+) cost$", "{0} costs {{}}."),
    # a measure of a thing of the owner's ("How high is the veranda?" "60 cm": the owner's veranda is 60 cm high)
    (r"^how (high|tall|long|wide|deep|big|heavy) (?:is|are) (?:the|your) (?!(?:one|ones|other|same)\b)(\w+(?: \w+)?)$",
     "My {1} is {{}} {0}."),
    (r"^(?:when|(?:what|which) (?:day|date|night|month|week|time))(?:'s| is) (?!(?:it|that|this|he|she|they|you)\b)(.+)$",
     "{0} is {{on}} {{}}."),
    (r"^what happens (if|when) (.+)$", "{0} {1}, {{}}."),
    (r"^what does your (\w+(?: \w+)?) do(?: for (?:a )?(?:job|work|living))?$", "My {0} is {{a}} {{}}."),
    (rf"^what does {_NAMED_ONES} do(?: for (?:a )?(?:job|work|living))?$", "{0} is {{a}} {{}}."),
    (r"^when(?:'s| is) your (birthday)$", "My {0} is {{on}} {{}}."),
    (r"^(?:when|what days?) do you (?:usually |normally )?(\w+(?: \w+){0,3})$", "I {0} {{on}} {{}}."),
    (r"^how often do you (\w+(?: \w+){0,3})$", "I {0} {{}}."),
    # a clock time asked of a habit keeps the question's "usually": "What time do you usually get up?" "half six"
    (r"^what time do you (usually |normally |generally )?(\w+(?: \w+){0,3})$", "I {0}{1} {{at}} {{}}."),
    # who does something for the owner: the answer is the doer ("Who takes you to school?" "my gran")
    # who does something for the owner or the team, or is in charge of it: the answer is the doer ("Who takes
    # you to school?" "my gran"; "Who handles the refunds?" "Dilys"; "Who's in charge of the rota?" "Ben")
    (rf"^who {_DEED} you\b(.*)$", "{{}} {0} me{1}."),
    (rf"^who {_DEED} {_DONE_TO}$", "{{}} {0} {1}."),
    (r"^who (?:does|do) ((?:the|our|your)\b.+)$", "{{}} does {0}."),
    (r"^who can (?!(?:i|you|we|they|he|she|it)\b)(\w+ .+)$", "{{}} can {0}."),
    (r"^who(?:'s| is) (in charge of|responsible for|running|doing|handling|looking after|organi[sz]ing|leading|managing|"
     r"teaching|coaching) (.+)$", "{{}} is {0} {1}."),
    (r"^how many (\w+(?: \w+)?) do you have$", "I have {{}} {0}."),
    (r"^(?:what|which) (school|class|year|grade|team|club|group|set) (?:are|do) you (?:in|go to|at|support)$", "{1}"),
    (r"^what are you (scared|afraid|frightened|terrified) of$", "I am {0} of {{}}."),
    (r"^what (?:scares|frightens) you$", "I am scared of {{}}."),
    (r"^what are you (?:really )?(good|bad|best|better) at$", "I am {0} at {{}}."),
    (r"^what are you learning$", "I am learning {{}}."),
    # whom a child plays or hangs out with are its friends
    (r"^who do you (?:usually |mostly )?(?:play|hang out|hang around|sit|walk home|walk to school) with\b.*$",
     "My friends are {{}}."),
    (r"^who do you (\w+) with$", "I {0} with {{}}."),
    (r"^who do you (\w+)$", "I {0} {{}}."),
    (r"^(?:what|which) (?:kind|type|sort|breed) of (\w+) do you (\w+)$", "I {1} {{}}."),
    (r"^(?:what|which) (\w+(?: \w+)?) do you (?:like|love|enjoy) (?:to (\w+)|(\w+ing))\b.*$", "I like {{to}} {{}}."),
    (r"^(?:what|which) (\w+(?: \w+)?) do you (\w+)$", "I {1} {{}}."),
    (r"^what do you (?:like|love|enjoy) (?:doing|to do)\b.*$", "I like {{to}} {{}}."),
    # what one does with one's time, one's work, a pet's kind: the answer is the owner's (or the pet's) own
    (r"^(?:how (?:do|are) you (?:spend|spending|fill|filling) your (?:days|time|weekends|evenings|free time|spare time)|"
     r"how do you (?:relax|unwind|wind down|switch off|chill out|de-?stress)|"
     r"what do you do (?:for fun|in your (?:spare|free) time))$", "I enjoy {{}}."),
    (r"^what are you (?:really |mostly )?into$", "I'm into {{}}."),
    (r"^what do you do(?: for (?:a )?(?:job|work|living))?$", "I work as {{a}} {{}}."),  # "What do you do?": one's work
    (r"^what (?:kind|type|sort|breed)(?: of \w+)? is (?!(?:it|that|this|there)$)(he|she|[A-Z]\w+)$", "{0} is {{a}} {{}}."),
    (r"^what do you (\w+)$", "I {0} {{}}."),
)
# What a question about a thing asked at school or club is answered with ("What class are you in?" "4B").
_IN_TEMPLATES = {"school": "I go to {}.", "class": "I am in {}.", "year": "I am in {}.", "grade": "I am in {}.",
                 "team": "I am in {}.", "club": "I go to {}.", "group": "I am in {}.", "set": "I am in {}."}
_NOT_ABOUT_THE_OWNER = frozenset("mean think want need say do reckon know".split())
_CHOOSING = frozenset("like love prefer enjoy pick choose fancy want need mean think".split())
_A_CHOICE = frozenset("one ones story stories option options idea ideas ending version way name bit part game".split())


def question_asked(question: str) -> str:
    """The question without what does not change it: openers, a vocative name, a clause after a comma."""
    q = question.rstrip("?!. ").strip()
    q = _LEAD_IN.sub("", q)
    q = _QUESTION_OPENERS.sub("", q)
    q = _VOCATIVE_START.sub("", q)
    q = _AFTER_COMMA.sub("", q)
    q = _VOCATIVE_END.sub("", q)
    q = _WHEN_ASKED.sub("", q)
    return q.strip()


_YOU = ((re.compile(r"\byou(?:'re| are)\b"), "I'm"), (re.compile(r"\byou've\b"), "I've"), (re.compile(r"\byou'll\b"), "I'll"),
        (re.compile(r"\b(to|for|with|at|from|by|of|about|without) you\b"), r"\1 me"), (re.compile(r"\byou\b"), "I"))


def _as_owner(said: str) -> str:
    """What the question says of "you", said by the owner ("when you're off": "when I'm off")."""
    for you, me in _YOU:
        said = you.sub(me, said)
    return said


def frame(question: str, team: bool = False) -> str | None:
    """The statement template (with {} for the answer) of a question to the owner, else None. In a team's
    chat (`team`) "your" in the question is the team's: "our"."""
    q = question_asked(question)
    for pattern, template in _WH_FRAMES:
        m = re.match(pattern, q, re.I)
        if not m:
            continue
        groups = [g if g[:1].isupper() else re.sub(r"^(?:kind|type|sort) of ", "", g.lower().replace("your ", "our " if team else "my "))
                  for g in (g or "" for g in m.groups())]  # a name as said ("What kind of dog is Murphy?")
        groups = [re.sub(r"\s+(?:there|here|now)$", "", g) for g in groups]  # "your role there": the role
        if not template.startswith("{0} {1},"):  # "What happens when you find one?": anyone, not the owner
            groups = [_as_owner(g) for g in groups]  # "Who runs the kitchen when you're off?": when I'm off
        if pattern.startswith("^(?:what|which)(?:'s| is) your"):  # "favourite thing at school": the thing
            groups = [re.sub(r"\s+(?:at|in|on|for|to)\b.*$", "", g) for g in groups]
        if groups and groups[-1] in _NOT_ABOUT_THE_OWNER and pattern.startswith("^(?:what|which|who) "):
            return None  # "What do you mean?": not a question about the owner's world
        if groups and groups[-1] in _NOT_ABOUT_THE_OWNER and " do you " in pattern:
            return None
        if groups and groups[0] in _A_CHOICE and " do you " in pattern and groups[-1] in _CHOOSING:
            return None  # "Which one do you like?": a choice in the chat, not a taste ("What part do you sing?" is a role)
        if template == "{1}":  # the answer is named by the thing asked about
            thing = groups[0]
            if thing == "name":
                return "My name is {}."
            return _IN_TEMPLATES.get(thing, f"My {thing} is {{}}.")
        return template.format(*groups)
    return None


__all__ = ["frame", "question_asked"]
