"""Pure entity logic: write-time matching, disambiguation, profiles, tracking, relation queries."""
import numpy as np

from memcore.entities import candidate_evidence as ev
from memcore.entities import clue_words as cw
from memcore.entities import disambiguation as d
from memcore.entities import matching as mt
from memcore.entities import profiles as pf
from memcore.entities import tracking as tr
from memcore.entities.relations import possessive_relations, relation_queries


def _known(eid, name="Peter", roles=(), orgs=(), nicks=(), sim=None, in_text=False, type_="person"):
    return mt.Known(eid, name, type_, pf.Facets(list(roles), list(orgs), list(nicks)), sim, in_text)


def test_conflicting_role_creates_a_second_entity():
    writer = _known("w", roles=["writer"], orgs=["Wolf of Blog Street"])
    m = mt.MentionFacts("Peter", "person", role="neighbour")
    assert mt.decide(m, [writer], {"w"}, descriptive=True).action == "create"


def test_a_role_said_as_who_they_are_to_me_is_a_relation_not_a_job():
    """ "My manager Ilse Brandvold" (a role and kin), then "Ilse is a copywriter": the relation does not
    stand against the job (entity_linking links the person being discussed on this)."""
    manager = mt.Known("m", "Ilse Brandvold", "person", pf.Facets(["manager"], [], [], kin=["manager"]))
    said = mt.MentionFacts("Ilse", "person", role="copywriter")
    assert mt.conflicts(said, manager) is not None
    assert mt.conflicts(said, mt.without_relation_roles(manager)) is None
    # a job stays a job: a known plumber is not the copywriter
    plumber = mt.Known("p", "Ilse Brandvold", "person", pf.Facets(["plumber", "manager"], [], [], kin=["manager"]))
    assert mt.conflicts(said, mt.without_relation_roles(plumber)) is not None


def test_same_role_links_even_with_another_wording_of_the_org():
    writer = _known("w", roles=["writers"], orgs=["Acme Ltd"])
    m = mt.MentionFacts("Peter", "person", role="writer", org="acme ltd")
    d_ = mt.decide(m, [writer], {"w"}, descriptive=True)
    assert (d_.action, d_.entity_id) == ("link", "w")


def test_nickname_with_an_unrelated_profile_is_someone_new():
    writer = _known("w", roles=["writer"], sim=0.05)
    m = mt.MentionFacts("Peter", "person", nicknames=("mosshead",))
    assert mt.decide(m, [writer], {"w"}, descriptive=False).action == "create"
    close = _known("w", roles=["writer"], sim=0.6)
    assert mt.decide(m, [close], {"w"}, descriptive=False).action == "link"


def test_repeated_alias_or_full_name_never_duplicates():
    org = _known("o", name="Wolf of Blog Street", type_="org")
    assert mt.decide(mt.MentionFacts("WOBS", "org"), [org], {"o"}, False).entity_id == "o"
    full = _known("p", name="Ana Lima")
    assert mt.decide(mt.MentionFacts("Ana Lima", "person"), [full], {"p"}, False).entity_id == "p"


def test_plain_mention_among_several_needs_a_lead():
    a, b = _known("a", sim=0.40), _known("b", sim=0.38)
    assert mt.decide(mt.MentionFacts("Peter", "person"), [a, b], {"a", "b"}, False).action == "skip"
    a = _known("a", sim=0.10, in_text=True)
    assert mt.decide(mt.MentionFacts("Peter", "person"), [a, b], {"a", "b"}, False).entity_id == "a"


def test_indefinite_article_introduces_a_new_one():
    assert mt.introduced_as_new("I went to school with a Peter back then", "Peter")
    assert mt.introduced_as_new("There is another Peter in accounts", "Peter")
    assert not mt.introduced_as_new("Peter is one of our writers", "Peter")
    assert not mt.introduced_as_new("the other Peter called", "Peter")
    assert mt.introduced_as_new("I met a Marisol.", "Marisol")


def test_a_name_used_as_a_modifier_or_a_non_person_introduces_nobody():
    # LoCoMo turns created eight "LGBTQ" concepts and five "Harry Potter" people this way
    assert not mt.introduced_as_new("I joined an LGBTQ support group", "LGBTQ", "concept")
    assert not mt.introduced_as_new("we watched a Harry Potter movie", "Harry Potter")
    assert not mt.introduced_as_new("she is such a Beatles fan", "Beatles")
    assert not mt.introduced_as_new("there is another Acme in town", "Acme", "org")
    assert mt.introduced_as_new("there is a Harry Potter in my class", "Harry Potter")
    assert mt.introduced_as_new("There is Another Peter here", "Peter")
    # a common noun that a sentence-initial capital made look like a name
    assert not mt.introduced_as_new("Painting is fun. Here's a painting I did", "Painting")


def test_different_full_names_conflict_and_names_are_cleaned():
    assert mt.conflicts(mt.MentionFacts("Lena Ortiz", "person"), _known("x", name="Lena Park"))
    assert mt.clean_person_name("Texted Lena") == "Lena"
    assert not mt.plausible_name("How") and mt.plausible_name("Howard")
    for word in ("It", "I'm", "That", "Here", "I've", "You've", "There"):  # sentence openers, not names
        assert not mt.plausible_name(word), word
    assert mt.plausible_name("Ithaca") and mt.plausible_name("Theresa")


def _vec(*xs):
    v = np.zeros(8, dtype=np.float32)
    for i, x in enumerate(xs):
        v[i] = x
    return v


def _cand(eid, vec, text, others=()):
    return d.ProfileCandidate(eid, "Lena", "person", f"Lena {eid}", vec, text, tuple(others))


def test_context_picks_the_candidate_and_small_gaps_ask():
    a = _cand("a", _vec(1, 0), "florist flowers shop bouquets")
    b = _cand("b", _vec(0, 1), "pilot flights cockpit airline")
    r = d.resolve("Lena", "the bouquets for Saturday", _vec(0.9, 0.1), [a, b])
    assert r.status == "resolved" and r.entity_id == "a" and r.margin >= d.MARGIN
    r = d.resolve("Lena", "called", _vec(0.5, 0.5), [a, b])
    assert r.status == "ambiguous" and r.entity_id is None
    clar = d.clarification([r])
    assert clar["name"] == "Lena" and {c["entity_id"] for c in clar["candidates"]} == {"a", "b"}


def test_nickname_in_the_context_decides():
    a = _cand("a", _vec(1, 0), "bass band school", others=["mosshead"])
    b = _cand("b", _vec(1, 0), "writer articles")
    r = d.resolve("Peter", "talking about, and mosshead", _vec(0, 0, 1), [a, b])
    assert r.entity_id == "a"


def test_frequency_plays_no_part():
    """Scores depend only on the context and the profiles: the same inputs, the same answer."""
    a = _cand("a", _vec(1, 0), "writer articles blog")
    b = _cand("b", _vec(0, 1), "neighbour beagle dog")
    ctx = "finish the blog articles"
    first = d.resolve("Peter", ctx, _vec(0.8, 0.2), [a, b])
    for _ in range(100):
        d.resolve("Peter", "walks the beagle", _vec(0.1, 0.9), [a, b])
    assert d.resolve("Peter", ctx, _vec(0.8, 0.2), [a, b]).entity_id == first.entity_id == "a"


def test_profile_summary_is_deterministic_and_bounded():
    facts = [pf.Fact(f"Lena shipped order {i}.", "episodic", 0.3) for i in range(30)]
    facts.insert(5, pf.Fact("Lena is our head florist.", "relationship", 0.9))
    s = pf.compose_summary("Lena", "person", ["Len"], pf.Facets(["florist"], ["Bloom Co"], []), None,
                           [("reports_to", "Ana", True)], facts)
    assert s == pf.compose_summary("Lena", "person", ["Len"], pf.Facets(["florist"], ["Bloom Co"], []), None,
                                   [("reports_to", "Ana", True)], facts)
    assert s.index("head florist") < s.index("order 0")
    assert s.count("shipped order") <= pf.MAX_FACTS - 1
    assert "Also called: Len" in s and "reports to Ana" in s
    assert "Lena" not in pf.embedding_text(s, ["Lena"]) and "Also called" not in pf.embedding_text(s, ["Lena"])
    tags = pf.context_tags(facts, ["Lena"])
    assert "shipped" in tags and "lena" not in tags


def _turn(state, text, mentions=(), pronouns=()):
    return tr.update(state, text, [tr.TurnMention(k, n, t, i) for i, (k, n, t) in enumerate(mentions)],
                     [tr.TurnPronoun(p, 0) for p in pronouns], text_hash=text)


def test_tracking_layers_decay_and_pronouns():
    s = _turn(tr.SessionState(), "Let's talk about Acme", [("org", "Acme", "org")])
    assert s.entities["org"].layer == "scene"
    s = _turn(s, "How is Lena?", [("lena", "Lena", "person")])
    assert s.entities["lena"].layer == "topic"
    s = _turn(s, "What about her report?", pronouns=["her"])
    assert s.pronouns[0]["entity"] == "lena"
    lena_before = s.entities["lena"].score
    s = _turn(s, "And the Kestrel project?", [("proj", "Kestrel project", "project")])
    assert s.entities["proj"].layer == "topic" and s.entities["lena"].layer == "mention"
    assert s.entities["lena"].score < lena_before
    s2 = _turn(s, "Is it late?", pronouns=["it"])
    assert s2.pronouns[0]["entity"] == "proj"
    assert s2.entities["lena"].score < s.entities["lena"].score
    assert s2.entities["org"].layer == "scene"
    assert _turn(s2, "Is it late?", pronouns=["it"]) is s2  # the same utterance twice counts once


def test_it_is_the_thing_when_the_verb_is_said_of_things():  # issue 37
    s = _turn(tr.SessionState(), "Let's talk about Brightside Books", [("shop", "Brightside Books", "org")])
    s = _turn(s, "Westbank sent over the Lakeside invoice.",
              [("bank", "Westbank", "org"), ("inv", "Lakeside invoice", "concept")])
    assert s.entities["bank"].layer == "topic"  # named first
    assert _turn(s, "Is it paid yet?", pronouns=["it"]).pronouns[0]["entity"] == "inv"
    assert _turn(s, "Has it been cleared?", pronouns=["it"]).pronouns[0]["entity"] == "inv"
    assert _turn(s, "Is it open on Saturdays?", pronouns=["it"]).pronouns[0]["entity"] == "bank"
    only_orgs = _turn(tr.SessionState(), "Westbank rang.", [("bank", "Westbank", "org")])
    assert _turn(only_orgs, "Did it get paid?", pronouns=["it"]).pronouns[0]["entity"] == "bank"


def test_relation_queries_and_possessive_statements():
    assert [(q.name, q.kind) for q in relation_queries("Who is Lena's manager?")] == [("Lena", "manager")]
    assert [(q.name, q.kind) for q in relation_queries("who works with Omar")] == [("Omar", "colleague")]
    assert relation_queries("Check if Lena's content is fine") == []
    assert possessive_relations("Ana is Lena's manager.") == [("Lena", "reports_to", "Ana")]


def _basis(i, dim=16):
    v = np.zeros(dim, dtype=np.float32)
    v[i] = 1.0
    return v


def _fact_cand(eid, facts, text=""):
    return d.ProfileCandidate(eid, "Lena", "person", f"Lena {eid}", None, text, (),
                              np.vstack([_basis(i) for i in facts]))


def test_every_clue_counts_fact_by_fact():
    """Clue 0 (a job) and clue 1 (a city) are separate facts; only "a" has both. Among candidates that
    each have just one of them, the same context must ask instead of guessing."""
    a, b, c = _fact_cand("a", [0, 1]), _fact_cand("b", [0, 2]), _fact_cand("c", [3, 1])
    others = [_fact_cand(f"x{i}", [4 + i, 10 + i]) for i in range(4)]
    ctx = "the fillings, in the north"
    assert cw.context_parts(ctx) == ["fillings north", "fillings", "north"]  # content words, clause by clause
    parts = np.vstack([(_basis(0) + _basis(1)) / np.sqrt(2), _basis(0), _basis(1)])
    r = d.resolve("Lena", ctx, parts, [b, a, c, *others])
    assert r.status == "resolved" and r.entity_id == "a", r
    r = d.resolve("Lena", ctx, parts, [b, c, *others])
    assert r.status == "ambiguous" and r.entity_id is None


def test_rare_profile_words_outweigh_shared_ones():
    """The IDF is over the same-named candidates: a word every candidate has says nothing."""
    cands = [_fact_cand(str(i), [i], text=f"writer blog {'harbour' if i == 0 else 'office'}") for i in range(5)]
    index = d.CandidateIndex(cands)
    assert index.lexical("the writer at the blog").tolist() == [0.0] * 5
    lex = index.lexical("the harbour writer")
    assert lex[0] == 1.0 and not lex[1:].any()


def test_a_word_only_weakly_related_to_everyone_asks():
    """No clause fits one candidate clearly better (a spread under MIN_SPREAD): no resolution."""
    rng = np.random.default_rng(3)
    cands = [d.ProfileCandidate(str(i), "Lena", "person", "", None, "", (), rng.normal(size=(3, 16)) * 0.01 + 1)
             for i in range(6)]
    r = d.resolve("Lena", "called", np.ones((1, 16), dtype=np.float32), cands)
    assert r.status == "ambiguous"


def test_profile_facts_one_by_one_without_names_or_labels():
    s = pf.compose_summary("Lena Ortiz", "person", ["Len"], pf.Facets(["florist"], ["Bloom Co"], []), None,
                           [("reports_to", "Ana", True)],
                           [pf.Fact("Lena Ortiz runs the shop in Leeds.", "identity"),
                            pf.Fact("Lena Ortiz plays the cello, she said.", "episodic")])
    facts = pf.profile_facts(s, pf.own_names("Lena Ortiz", "person"))
    assert facts == ["florist", "Bloom Co", "Len", "reports to Ana", "runs the shop in Leeds",
                     "plays the cello, she said"]
    assert not any("called" in f.lower() or "role" in f.lower() for f in facts)


def test_a_known_full_name_stays_one_person_whatever_role_is_added():
    """'Turns out Tom Baker is a bus driver': a role, organisation or place fact on a known full
    name attaches to it, even when the profile says nothing like it (issue 12)."""
    tom = _known("t", name="Tom Baker", sim=0.02)
    for m in (mt.MentionFacts("Tom Baker", "person", role="bus driver"),
              mt.MentionFacts("Tom Baker", "person", org="Metro Transit")):
        d_ = mt.decide(m, [tom], {"t"}, descriptive=True)
        assert (d_.action, d_.entity_id) == ("link", "t"), d_
    assert mt.decide(mt.MentionFacts("Tom Baker", "person", role="nurse", introduces_new=True),
                     [tom], {"t"}, True).action == "create"


def test_a_full_name_never_joins_someone_with_another_full_name():
    jones = mt.Known("j", "Sarah", "person", pf.Facets(), 0.9, False, ("Sarah Jones",))
    assert mt.decide(mt.MentionFacts("Sarah Kim", "person"), [jones], set(), False).action == "create"
    bare = _known("b", name="Sarah", sim=0.5)
    # a first-name-only entry is completed only when no other full name is known for that first name
    assert mt.decide(mt.MentionFacts("Sarah Kim", "person"), [bare], set(), False).entity_id == "b"
    kim = _known("k", name="Sarah Kim")
    assert mt.decide(mt.MentionFacts("Sarah Lee", "person"), [bare, kim], set(), False).action == "create"


def test_a_first_name_alone_prefers_the_person_discussed():
    a, b = _known("a", sim=0.30), _known("b", sim=0.31)
    assert mt.decide(mt.MentionFacts("Peter", "person"), [a, b], {"a", "b"}, False).action == "skip"
    a = mt.Known("a", "Peter", "person", pf.Facets(), 0.30, False, (), True)
    assert mt.decide(mt.MentionFacts("Peter", "person"), [a, b], {"a", "b"}, False).entity_id == "a"


def test_filler_words_decide_nothing():
    assert cw.context_parts(" texted me back") == []
    assert cw.words_of("called me again about the note") == set()
    assert cw.context_parts(" said the piano recital moved") == ["piano recital moved"]
    # a sum of money is what anyone may owe: "I owe Sarah a fiver" has no clue
    assert cw.context_parts("I owe  a fiver.") == [] and cw.context_parts("I owe  a tenner") == []
    assert cw.fact_text("Sarah texted me about the piano recital") == "sarah piano recital"
    # the only candidate with a "texted" fact no longer wins "Sarah texted me"
    cands = [d.ProfileCandidate("a", "Sarah", "person", "", None, "texted me back about the note"),
             d.ProfileCandidate("b", "Sarah", "person", "", None, "teaches piano")]
    r = d.resolve("Sarah", " texted me", np.zeros((0, 3), dtype=np.float32), cands)
    assert r.status == "ambiguous"


def test_a_clue_that_fits_nobody_asks():
    """An absolute floor: the best of several unrelated candidates is not an answer."""
    facts = np.eye(4, dtype=np.float32)
    cands = [d.ProfileCandidate(str(i), "Sarah", "person", "", None, f"fact{i}", (), facts[i:i + 1]) for i in range(3)]
    unrelated = np.asarray([[0.15, 0.05, 0.0, 0.99]], dtype=np.float32)  # cosine <= 0.15 with every fact
    assert d.resolve("Sarah", " the boat trip", unrelated, cands).status == "ambiguous"
    related = np.asarray([[0.9, 0.1, 0.0, 0.4]], dtype=np.float32)
    assert d.resolve("Sarah", " the boat trip", related, cands).entity_id == "0"


def test_a_clue_two_namesakes_both_state_asks():
    """A clue matched by a fact another namesake states in other words ("has an allotment" /
    "grows vegetables": similar facts) fits both, however much better one wording matches it."""
    veg, allot, boat = _basis(0), (_basis(0) * 0.8 + _basis(1) * 0.6), _basis(2)
    a = d.ProfileCandidate("a", "Claire", "person", "", None, "", (), np.vstack([veg, _basis(3)]))
    b = d.ProfileCandidate("b", "Claire", "person", "", None, "", (), np.vstack([allot, boat]))
    c = d.ProfileCandidate("c", "Claire", "person", "", None, "", (), np.vstack([boat, _basis(4)]))
    clue = (veg * 0.9 + _basis(1) * 0.2 + _basis(5) * 0.38)[None, :]
    assert d.resolve("Claire", " her tomatoes", clue, [a, c]).entity_id == "a"  # only "a" states it
    r = d.resolve("Claire", " her tomatoes", clue, [a, b, c])
    assert r.status == "ambiguous", r


def test_facts_worded_alike_that_fit_the_clue_differently_are_not_shared():
    """ "is a dentist in Leeds" / "is a chef in Leeds": alike as sentences, but a clue about the
    fillings fits only the first; it still tells them apart."""
    dentist, chef = _basis(0) * 0.6 + _basis(2) * 0.8, _basis(1) * 0.6 + _basis(2) * 0.8  # similarity 0.64+
    a = d.ProfileCandidate("a", "Peter", "person", "", None, "", (), dentist[None, :])
    b = d.ProfileCandidate("b", "Peter", "person", "", None, "", (), chef[None, :])
    clue = (_basis(0) * 0.9 + _basis(6) * 0.44)[None, :]
    old = ev.SHARED_SIMILARITY
    try:
        ev.SHARED_SIMILARITY = 0.6  # the two facts count as alike here
        assert d.resolve("Peter", " the fillings", clue, [a, b]).entity_id == "a"
    finally:
        ev.SHARED_SIMILARITY = old


def test_discourse_markers_are_not_compared():
    assert cw.fact_text("Funny thing, she grows vegetables") == "grows vegetables"
    assert cw.fact_text("He goes bouldering, which I didn't know.") == "goes bouldering"
    assert cw.fact_text("Oh, he lives near the harbour, by the way") == "lives near harbour"
    assert cw.context_parts("Did I tell you about the harbour flat, btw?") == ["harbour flat"]


def test_clues_and_facts_are_compared_by_their_content_words():
    """The words around what is said ("what did ... say about", "she", "the") are left out, so two
    sentences are alike for what they say, not for how they are put."""
    # ... and so is what the speaker asks of the thing (clue_words.thing_phrase): "getting on with"
    assert cw.context_parts("How's  getting on with the oak she felled?") == ["oak felled"]
    assert cw.fact_text("She actually cuts down trees for a living") == "actually cuts trees living"
    assert cw.fact_text("Saw at the weekend") == "saw weekend"
    assert cw.content_text("the") == "the"  # nothing else left: as is


def test_a_namesake_described_as_before_resolves_without_other_clues():
    """"Remind me to call Tom from sales": who Tom is to the speaker decides between namesakes whose
    facts say nothing of it."""
    cands = [d.ProfileCandidate(str(i), "Tom", "person", "", None, "", (), _basis(i)[None, :]) for i in range(3)]
    assert d.resolve("Tom", " from sales", np.zeros((0, 16), dtype=np.float32), cands).status == "ambiguous"
    r = d.resolve("Tom", " from sales", np.zeros((0, 16), dtype=np.float32), cands, described={"1"})
    assert r.entity_id == "1"


def test_a_clue_word_both_namesakes_state_with_alike_facts_is_shared():
    """ "his street in Ashgrove": one namesake "lives in Ashgrove", the other "rents a house in
    Ashgrove"; the wording fits the first better, but the place is both of theirs."""
    lives, rents = _basis(0), _basis(0) * 0.7 + _basis(1) * 0.714  # alike facts (similarity 0.7)
    a = d.ProfileCandidate("a", "Chris", "person", "", None, "lives in Ashgrove", (), lives[None, :],
                           facts=("lives in Ashgrove",))
    b = d.ProfileCandidate("b", "Chris", "person", "", None, "rents a house in Ashgrove", (), rents[None, :],
                           facts=("rents a house in Ashgrove",))
    clue = (_basis(0) * 0.67 + _basis(7) * 0.742)[None, :]  # fits a 0.67, b 0.47: no fit-share
    assert d.resolve("Chris", " his street in Ashgrove", clue, [a, b]).status == "ambiguous"
    other = d.ProfileCandidate("b", "Chris", "person", "", None, "rents a house in Fenwick", (), rents[None, :],
                               facts=("rents a house in Fenwick",))
    assert d.resolve("Chris", " his street in Ashgrove", clue, [a, other]).entity_id == "a"


def test_the_speakers_we_is_no_clue():
    """ "Did Craig get back to us?" is "got back to me" said by a business: "us" (the speaker) told
    the Craig whose fact was "owes us the balance" apart (issue 37, the business voice's calibration half)."""
    assert cw.words_of(" get back to us") == set() == cw.words_of(" is chasing us") - {"chase"}
    cands = [d.ProfileCandidate("a", "Craig", "person", "", None, "owes us the balance of the deposit"),
             d.ProfileCandidate("b", "Craig", "person", "", None, "lays the paving")]
    assert d.resolve("Craig", "Did  get back to us?", np.zeros((0, 3), dtype=np.float32), cands).status == "ambiguous"


def test_coming_and_seeing_someone_is_no_clue():
    """ "Is Noah coming?", "I want to see George": a visit, which anyone pays; it told apart the Noah who
    "came for a sleepover" (issue 37, the child voice's calibration half)."""
    assert cw.context_parts("Is  coming?") == [] == cw.context_parts("I want to see .")
    assert not {"come", "came", "round"} & cw.words_of(" came round with the bearded dragon")
    cands = [d.ProfileCandidate("a", "Noah", "person", "", None, "came for a sleepover"),
             d.ProfileCandidate("b", "Noah", "person", "", None, "has a tortoise")]
    assert d.resolve("Noah", "Is  coming?", np.zeros((0, 3), dtype=np.float32), cands).status == "ambiguous"


def test_a_linking_verb_before_a_filler_word_goes_with_it():
    """ "is running late", "got back to me", "is coming back tomorrow": the verb only links the
    filler word to the name, so it is no clue either ("running" is not "runs a bakery")."""
    assert cw.words_of(" got back to me") == set()
    assert cw.context_parts(" is coming back tomorrow") == []
    assert cw.context_parts(" was running late again") == []
    assert cw.words_of("is running the half marathon") == {"run", "half", "marathon"}  # no filler: a clue
    assert cw.without_filler("went back to Leeds") == "to Leeds"
    cands = [d.ProfileCandidate("a", "Jonas", "person", "", None, "runs a bakery"),
             d.ProfileCandidate("b", "Jonas", "person", "", None, "teaches piano")]
    assert d.resolve("Jonas", " is running late", np.zeros((0, 3), dtype=np.float32), cands).status == "ambiguous"


def test_episodes_are_kept_apart_from_what_lasts_in_the_profile():
    s = pf.compose_summary("Tom Baker", "person", [], pf.Facets(), None, [],
                           [pf.Fact("Tom Baker came round last night.", "episodic"),
                            pf.Fact("Tom Baker drives the number 42 bus.", "semantic")])
    assert s == "Tom Baker (person). Known: Tom Baker drives the number 42 bus. Episodes: Tom Baker came round last night."
    assert pf.profile_fact_items(s, pf.own_names("Tom Baker", "person")) == [
        ("drives the number 42 bus", False), ("came round last night", True)]
    assert pf.known_facts(s) == ["Tom Baker drives the number 42 bus", "Tom Baker came round last night"]
    assert "Episodes" not in pf.label_free(s)


def _with_episode(cos: float, episodic: bool) -> list:
    """Two Toms: "a" has one fact (an episode or not) at `cos` with the clue (basis 0), "b" one at 0.2."""
    fa = cos * _basis(0) + np.sqrt(1 - cos ** 2) * _basis(1)
    fb = 0.2 * _basis(0) + np.sqrt(1 - 0.04) * _basis(2)
    return [d.ProfileCandidate("a", "Tom", "person", "", None, "", (), fa[None, :], ("x",), (episodic,)),
            d.ProfileCandidate("b", "Tom", "person", "", None, "", (), fb[None, :], ("y",), (False,))]


def test_an_episode_tells_namesakes_apart_only_when_it_fits_well():
    """What happened once with someone ("had coffee with Tom") could have happened with anyone: a
    loose fit with an episode does not pick a namesake that the same fit with a lasting fact would;
    a close fit still does."""
    clue = _basis(0)[None, :]
    assert d.resolve("Tom", " the wonky mugs", clue, _with_episode(0.33, False)).entity_id == "a"
    assert d.resolve("Tom", " the wonky mugs", clue, _with_episode(0.33, True)).status == "ambiguous"
    assert d.resolve("Tom", " the wonky mugs", clue, _with_episode(0.7, True)).entity_id == "a"


def test_session_state_survives_its_json_with_every_field():
    import dataclasses

    import orjson

    state = tr.update(tr.SessionState(), "Tom Baker came round", [tr.TurnMention("e1", "Tom Baker", "person", 0)], [], "h1")
    state = tr.update(state, "he fixed the sink", [], [tr.TurnPronoun("he", 0)], "h2")
    data = state.to_json()
    assert set(data["entities"]["e1"]) == {f.name for f in dataclasses.fields(tr.Active)}
    again = tr.SessionState.from_json(orjson.loads(orjson.dumps(data)))
    assert again == state and again.entities["e1"].history == state.entities["e1"].history
    data["entities"]["e1"]["history"].append(0.5)  # the JSON is a copy, not a view of the state
    assert len(state.entities["e1"].history) == len(again.entities["e1"].history)
