import pytest

from memcore.extraction import MemoryType, Triple, classify_statement


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I love hammerhead sharks!", MemoryType.PREFERENCE),
        ("Maya hates broccoli.", MemoryType.PREFERENCE),
        ("My favourite colour is teal.", MemoryType.PREFERENCE),
        ("No horror movies for Maya.", MemoryType.SAFETY),
        ("Never let Theo watch zombie films.", MemoryType.SAFETY),
        ("Theo is allergic to sesame.", MemoryType.SAFETY),
        ("Rosa is one of our bakers.", MemoryType.RELATIONSHIP),
        ("Priya Raman works for Kestrel Labs.", MemoryType.RELATIONSHIP),
        ("Omar is the CFO of Brightwater Dental.", MemoryType.RELATIONSHIP),
        ("Ana is my sister.", MemoryType.RELATIONSHIP),
        ("My name is Teodora.", MemoryType.IDENTITY),
        ("I'm 9 years old.", MemoryType.IDENTITY),
        ("Rosa shipped 4 boxes of croissants Friday.", MemoryType.EPISODIC),
        ("We went to the aquarium yesterday.", MemoryType.EPISODIC),
        ("The bakery sells sourdough and rye.", MemoryType.SEMANTIC),
        ("KPX stands for Kestrel Platform Extensions.", MemoryType.SEMANTIC),
        ("Brightwater Dental, also known as BWD, is our biggest client.", MemoryType.SEMANTIC),
        ("To reset the router, unplug it for ten seconds.", MemoryType.PROCESS),
        ("Set the voice to the calm one on my tablet.", MemoryType.DEVICE),
        ("Leo is learning to swim and kept his 5-day streak.", MemoryType.SKILL),
        ("In summary, the launch went fine and sales doubled.", MemoryType.SUMMARY),
        ("The attached PDF has the new price list.", MemoryType.DOCUMENT),
        # what is told is typed, not the telling ("did I tell you", "turns out ..., who knew")
        ("Did I tell you Ingrid keeps bees?", MemoryType.SEMANTIC),
        ("Turns out Marek repairs clocks, who knew.", MemoryType.SEMANTIC),
        ("I found out Odile actually teaches yoga!", MemoryType.SEMANTIC),
        ("Bruno restores old motorbikes, he told me.", MemoryType.SEMANTIC),
        ("Bruno sold his motorbike last week, she said.", MemoryType.EPISODIC),
        ("Did I tell you we drove to Porto last spring?", MemoryType.EPISODIC),
        ("Turns out the ferry was cancelled yesterday.", MemoryType.EPISODIC),
    ],
)
def test_memory_types(text, expected):
    assert classify_statement(text, speaker="user").type == expected


def test_preference_triple_uses_the_speaker():
    cls = classify_statement("I really love triceratops so much.", speaker="child")
    assert Triple("child", "likes", "triceratops") in cls.triples


def test_dislike_and_request_are_different():
    assert Triple("user", "dislikes", "olives") in classify_statement("I can't stand olives.", "user").triples
    assert classify_statement("I'd like a refund please.", "user").type != MemoryType.PREFERENCE


def test_relationship_triples():
    cls = classify_statement("Omar is the CFO of Brightwater Dental.", speaker="user")
    assert Triple("Omar", "role", "CFO") in cls.triples
    assert Triple("Omar", "belongs_to", "Brightwater Dental") in cls.triples
    kin = classify_statement("Ana is my sister.", speaker="Bea")
    assert Triple("Ana", "sister_of", "Bea") in kin.triples


def test_safety_triples():
    cls = classify_statement("No scary stories for Maya.", speaker="parent")
    assert Triple("Maya", "must_avoid", "scary stories") in cls.triples
    allergy = classify_statement("Theo is allergic to sesame.", speaker="parent")
    assert Triple("Theo", "allergic_to", "sesame") in allergy.triples


def test_dont_forget_is_not_a_safety_rule():
    assert classify_statement("Don't forget to buy flour.", "user").type != MemoryType.SAFETY


def test_alias_triple():
    cls = classify_statement("Kestrel Platform Extensions (KPX) ships in June.", "user")
    assert Triple("Kestrel Platform Extensions", "also_known_as", "KPX") in cls.triples


@pytest.mark.parametrize("text", [
    "No words can describe how happy I am.",
    "I can't share the details yet.",
    "We never watch TV on weekdays.",
    "I don't eat meat anymore.",
    "She can't eat gluten.",
    "I avoid eating gluten.",
])
def test_negation_without_rule_form_is_not_a_safety_rule(text):
    assert classify_statement(text, "user").type != MemoryType.SAFETY


@pytest.mark.parametrize("text", [
    "No sweets before dinner.",
    "Never show him scary videos.",
    "Please don't talk about the divorce with Mia.",
    "Leo is not allowed to watch horror films.",
    "You must never tell her the password.",
    "My son has a peanut allergy.",
])
def test_rule_form_and_a_childs_allergy_are_safety(text):
    assert classify_statement(text, "user").type == MemoryType.SAFETY


def test_an_adults_allergy_is_a_fact_not_a_rule():
    own = classify_statement("I'm allergic to peanuts.", speaker="Ana")
    assert own.type == MemoryType.IDENTITY and Triple("Ana", "allergic_to", "peanuts") in own.triples
    other = classify_statement("My husband is allergic to shellfish.", speaker="Ana")
    assert other.type == MemoryType.SEMANTIC and Triple("Ana's husband", "allergic_to", "shellfish") in other.triples
