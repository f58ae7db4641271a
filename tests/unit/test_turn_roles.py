"""Who does what in a sentence, from its parse (memcore.entities.turn_roles, issue 37), and "it"
after a sentence where one name acted on another (memcore.entities.tracking). Real parser."""
import pytest

from memcore.entities import tracking as tr
from memcore.entities import turn_roles
from memcore.knowledge.parse import parse


def _sentence(text: str):
    return parse([text])[0]


@pytest.mark.parametrize("text,phrase,owner", [
    ("Ottilie is organising the street party.", "street party", "Ottilie"),  # a first name alone
    ("Tamsin drafts the parish newsletter.", "parish newsletter", "Tamsin"),  # tagged a noun by the tagger
    ("Caius is in charge of the loft conversion.", "loft conversion", "Caius"),
    ("Lorcan Ashby leads the loft conversion.", "loft conversion", "Lorcan Ashby"),
    ("Wenna is the treasurer of the book swap.", "book swap", "Wenna"),
])
def test_the_subject_of_the_clause_the_topic_hangs_from_owns_it(text, phrase, owner):
    assert turn_roles.topic_owner(_sentence(text), phrase) == owner


@pytest.mark.parametrize("text,phrase", [
    ("I told Ottilie about the street party.", "street party"),  # the speaker's topic, not Ottilie's
    ("The school is running the street party.", "street party"),  # not a name
    ("Ottilie is organising the bake sale.", "street party"),  # not this topic
])
def test_no_owner(text, phrase):
    assert turn_roles.topic_owner(_sentence(text), phrase) is None


def test_owners_most_said_first():
    said = [_sentence(t) for t in ("Caius is in charge of the loft conversion.", "Idwal quoted for the loft conversion.",
                                   "Caius leads the loft conversion.")]
    assert turn_roles.topic_owners(said, "loft conversion")[0] == "Caius"


@pytest.mark.parametrize("text,name,role", [
    ("Harrowgate emailed the Elmstead report.", "Harrowgate", turn_roles.AGENT),
    ("Harrowgate emailed the Elmstead report.", "Elmstead", turn_roles.ACTED_ON),
    ("The Elmstead report was emailed by Harrowgate.", "Harrowgate", turn_roles.AGENT),
    ("The Elmstead report was emailed by Harrowgate.", "Elmstead", turn_roles.ACTED_ON),
    ("I paid the Fernlea invoice through Harrowgate.", "Fernlea", turn_roles.ACTED_ON),
])
def test_roles(text, name, role):
    assert turn_roles.role_at(_sentence(text), text.index(name)) == role


def _after(turns):
    state = tr.SessionState()
    for text, mentions in turns:
        state = tr.update(state, text, mentions, [tr.TurnPronoun(p, text.index(p)) for p in ("it",) if f" {p} " in text])
    return state


def test_it_with_a_thing_verb_is_what_was_acted_on_not_who_acted():
    """The agent was filed as a system (not an organisation) and is the turn's focus; "it" with a
    verb said of things is still the report it emailed."""
    text = "Harrowgate emailed the Elmstead report."
    mentions = [tr.TurnMention("e1", "Harrowgate", "system", 0, turn_roles.role_at(_sentence(text), 0)),
                tr.TurnMention("e2", "Elmstead", "concept", text.index("Elmstead"),
                               turn_roles.role_at(_sentence(text), text.index("Elmstead")))]
    state = _after([("Let's talk about Copperbeech.", [tr.TurnMention("e0", "Copperbeech", "org", 17)]),
                    (text, mentions), ("Has it been signed off?", [])])
    assert [p["name"] for p in state.pronouns] == ["Elmstead"]


def test_without_roles_the_agent_was_taken():
    """The same turns with no role known (as before): the focus, Harrowgate, was taken."""
    text = "Harrowgate emailed the Elmstead report."
    mentions = [tr.TurnMention("e1", "Harrowgate", "system", 0), tr.TurnMention("e2", "Elmstead", "concept", 23)]
    state = _after([("Let's talk about Copperbeech.", [tr.TurnMention("e0", "Copperbeech", "org", 17)]),
                    (text, mentions), ("Has it been signed off?", [])])
    assert [p["name"] for p in state.pronouns] == ["Harrowgate"]


def test_a_topics_person_is_its_topic_not_the_backdrop():
    """ "Can we talk about the book swap?" is a scene cue, but the person the book swap belongs to
    (brought in from the owner's memories, not named in the turn) is the topic: "she" means them,
    not the person named the turn before."""
    state = _after([("Perpetua Lund wants the rent early.", [tr.TurnMention("p1", "Perpetua Lund", "person", 0)]),
                    ("Can we talk about the book swap now?",
                     [tr.TurnMention("name:wenna", "Wenna", "person", 40, said=False)])])
    state = tr.update(state, "Did she find a room?", [], [tr.TurnPronoun("she", 4)])
    assert state.entities["name:wenna"].layer == "topic"
    assert [p["name"] for p in state.pronouns] == ["Wenna"]


def _order_then(question: str):
    text = "Harrowgate confirmed the Fernlea order."
    s = _sentence(text)
    mentions = [tr.TurnMention("e1", "Harrowgate", "system", 0, turn_roles.role_at(s, 0)),
                tr.TurnMention("e2", "Fernlea", "concept", text.index("Fernlea"), turn_roles.role_at(s, text.index("Fernlea")))]
    state = _after([("Let's talk about Copperbeech.", [tr.TurnMention("e0", "Copperbeech", "org", 17)]), (text, mentions)])
    at = question.index(" it") + 1
    return tr.update(state, question, [], [tr.TurnPronoun("it", at, turn_roles.role_at(_sentence(question), at))])


@pytest.mark.parametrize("question", [
    "Did you forward it to the warehouse?",  # "it" is what is acted on: no verb of the list needed
    "Has it been looked at?",
    "Has it shipped?",  # what a thing does by itself when it is done with
])
def test_it_acted_on_or_done_with_is_the_thing(question):
    assert [p["name"] for p in _order_then(question).pronouns] == ["Fernlea"]


def test_it_that_acts_with_no_thing_verb_keeps_the_focus():
    assert [p["name"] for p in _order_then("Is it any good?").pronouns] == ["Harrowgate"]
