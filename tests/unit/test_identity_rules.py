"""Who a mention names (memcore.entities.identity), one test per rule, over candidates built here:
no database, no embedder (similarities are given)."""
from uuid import UUID, uuid4

from memcore.entities import identity as ident
from memcore.entities import misread
from memcore.entities.profiles import Facets
from memcore.textnorm import norm_name


def person(name: str, *, aliases=(), roles=(), kin=(), nicknames=(), tentative=()) -> ident.Candidate:
    names = [norm_name(name), *(norm_name(a) for a in aliases)]
    if len(norm_name(name).split()) > 1:
        names.append(norm_name(name).split()[0])  # a person is found by their first name too
    return ident.Candidate(uuid4(), name, "person", tuple(aliases), tuple(dict.fromkeys(names)),
                           Facets(list(roles), [], list(nicknames), list(kin), tentative=list(tentative)))


def mention(name: str, *, role=None, nicknames=(), kin=None) -> ident.Mention:
    return ident.Mention(name, "person", (), tuple(nicknames), role, None, kin, (norm_name(name),))


def decide(m, found, text, sims=None, about: UUID | None = None, memory_type="semantic", learned=False):
    """The decision with the conversation fetched (`about`: the person it is about)."""
    return ident.decide(m, found, ident.Statement(text, memory_type, learned), sims or {},
                        ident.Conversation(discussed=about, discussed_fetched=True))


def test_a_person_is_another_types_entity_only_by_the_very_same_name():
    sarah_org = ident.Candidate(uuid4(), "Sarah", "org", norm_names=("sarah",))
    bakery = ident.Candidate(uuid4(), "Sarah Jones Bakery", "org", norm_names=("sarah jones bakery", "sarah"))
    assert misread.of_its_kind("Sarah", "person", [sarah_org, bakery]) == [sarah_org]
    assert misread.is_known_person("Wren", [person("Wren Abernathy")])
    assert not misread.is_known_person("Sarah", [sarah_org])


def test_the_same_full_name_known_compares_nothing_else():
    """ "Ottilie Brisk" known, and an Ottilie Marr: the same full name is the same person; the other
    full name is not compared and no profile similarity is needed."""
    brisk, marr = person("Ottilie Brisk"), person("Ottilie Marr")
    narrowed = ident.narrow(mention("Ottilie Brisk"), [brisk, marr], ident.Statement("Ottilie Brisk rang."))
    assert narrowed.candidates == (brisk,) and not narrowed.needs_profile
    decision = decide(mention("Ottilie Brisk"), [brisk, marr], "Ottilie Brisk rang.")
    assert (decision.action, decision.entity_id, decision.reason) == ("link", brisk.entity_id, "exact name or alias")


def test_a_full_name_completes_the_one_first_name_only_entry_and_is_kept_as_a_name():
    only = person("Casimir")
    decision = decide(mention("Casimir Vell"), [only], "Casimir Vell fixed the boiler.")
    assert (decision.action, decision.entity_id) == ("link", only.entity_id)
    assert decision.names == ("Casimir Vell",)


def test_set_apart_from_the_namesake_the_sentence_resembles():
    """ "My old school friend Anselm plays bass": alike to Anselm's profile, but he is no school
    friend of mine, so this Anselm is someone new; when he is one, it is him."""
    text = "My old school friend Anselm plays bass."
    stranger = person("Anselm Ruud")
    decision = decide(mention("Anselm", role="bassist"), [stranger], text, {stranger.entity_id: 0.6})
    assert (decision.action, decision.reason) == ("create", "introduced as someone no namesake is")
    assert decision.facets is not None and decision.facets.kin == ["old school friend"]
    friend = person("Anselm Ruud", kin=["school friend"])
    decision = decide(mention("Anselm", role="bassist"), [friend], text, {friend.entity_id: 0.6})
    assert (decision.action, decision.entity_id) == ("link", friend.entity_id)
    assert decision.reason.startswith("profile similarity")


def test_a_first_name_with_a_job_said_of_the_person_discussed_is_them():
    """ "My manager Leocadia Fenn ..." then "Leocadia is a copywriter": what she is to me is no job
    that stands against copywriter. With the conversation about someone else, a new Leocadia."""
    manager = person("Leocadia Fenn", roles=["manager"], kin=["manager"])
    text = "Leocadia is a copywriter."
    decision = decide(mention("Leocadia", role="copywriter"), [manager], text, about=manager.entity_id)
    assert (decision.action, decision.entity_id, decision.reason) == ("link", manager.entity_id, ident.ABOUT)
    assert decision.facets is not None and decision.facets.roles == ["manager", "copywriter"]
    decision = decide(mention("Leocadia", role="copywriter"), [manager], text, about=None)
    assert decision.action == "create"


def test_a_rule_that_needs_the_person_discussed_asks_for_it():
    manager = person("Leocadia Fenn", roles=["manager"], kin=["manager"])
    decision = ident.decide(mention("Leocadia", role="copywriter"), [manager], ident.Statement("Leocadia is a copywriter."),
                            {}, ident.Conversation())
    assert decision.action == ident.NEEDS_DISCUSSED
    # a full name settles without it
    full = ident.decide(mention("Leocadia Fenn"), [manager], ident.Statement("Leocadia Fenn called."), {},
                        ident.Conversation())
    assert (full.action, full.entity_id) == ("link", manager.entity_id)


def _two_quentins(**second):
    return person("Quentin Aske", kin=["cousin"]), person("Quentin Holt", **({"roles": ["plumber"]} | second))


def test_a_first_name_among_namesakes_is_the_one_described_so_before():
    cousin, plumber = _two_quentins()
    text = "My cousin Quentin called about the holiday."
    decision = decide(mention("Quentin"), [cousin, plumber], text, {cousin.entity_id: 0.2, plumber.entity_id: 0.2})
    assert (decision.action, decision.entity_id, decision.reason) == ("link", cousin.entity_id, "described so before")


def test_said_in_passing_with_a_clue_no_namesake_has_is_someone_new_and_tentative():
    cousin, plumber = _two_quentins()
    text = "Quentin from my climbing club runs the Thursday sessions."
    sims = {cousin.entity_id: 0.2, plumber.entity_id: 0.2}
    decision = decide(mention("Quentin"), [cousin, plumber], text, sims)
    assert (decision.action, decision.reason) == ("create", ident.IN_PASSING)
    assert decision.facets is not None and decision.facets.tentative == ["climbing club"]
    # a clue that may say who a namesake is (an instructor "from my climbing club"): either of them
    cousin, climber = _two_quentins(roles=["climbing instructor"])
    decision = decide(mention("Quentin"), [cousin, climber], text, {cousin.entity_id: 0.2, climber.entity_id: 0.2})
    assert (decision.action, decision.entity_id) == ("skip", None)


def test_namesakes_the_context_does_not_tell_apart_go_to_the_person_discussed_or_nobody():
    cousin, plumber = _two_quentins()
    text = "Quentin lives on a narrowboat."
    sims = {cousin.entity_id: 0.21, plumber.entity_id: 0.2}
    decision = decide(mention("Quentin"), [cousin, plumber], text, sims, about=plumber.entity_id)
    assert (decision.action, decision.entity_id, decision.reason) == ("link", plumber.entity_id, ident.ABOUT)
    decision = decide(mention("Quentin"), [cousin, plumber], text, sims, about=None)
    assert (decision.action, decision.reason) == ("skip", "namesakes the context does not tell apart")


def test_a_person_said_in_passing_is_confirmed_by_a_repeat_not_by_a_learned_fact():
    passing = person("Ione", kin=["choir"], tentative=["choir"])
    decision = decide(mention("Ione"), [passing], "Ione sang the solo.")
    assert (decision.action, decision.entity_id, decision.facets) == ("link", passing.entity_id, None)
    assert decision.confirmed_facets is not None and decision.confirmed_facets.tentative == []
    learned = decide(mention("Ione"), [passing], "Ione sang the solo.", learned=True)
    assert learned.confirmed_facets is None


def test_the_namesake_discussed_lately_gets_the_lead():
    """A job said with a first name that fits two namesakes equally: the one the previous turns named
    is taken (fetched only when narrow says needs_active)."""
    cousin, other = person("Quentin Aske"), person("Quentin Holt")
    m, text = mention("Quentin", role="baker"), "Quentin is a baker now."
    assert ident.narrow(m, [cousin, other], ident.Statement(text)).needs_active
    sims = {cousin.entity_id: 0.3, other.entity_id: 0.3}
    seen = ident.Conversation(active=frozenset({other.entity_id}), discussed_fetched=True)
    decision = ident.decide(m, [cousin, other], ident.Statement(text), sims, seen)
    assert (decision.action, decision.entity_id) == ("link", other.entity_id)


def test_a_full_name_taken_for_a_thing_is_a_namesake_of_a_known_first_name():
    """ "Lucan Varley" typed as a concept when a Lucan is known is a person; a name ending in an
    organisation's word, or a first name nobody has, is not."""
    lucan = person("Lucan")
    assert misread.first_name_of_known_person("Lucan Varley", [lucan])
    assert misread.first_name_of_known_person("Lucan Varley", [person("Lucan Lindgren")])
    assert not misread.first_name_of_known_person("Lucan Holdings", [lucan])
    assert not misread.first_name_of_known_person("Lucan", [lucan])  # not a full name: is_known_person's
    assert not misread.first_name_of_known_person("Brightmoor Bakery", [lucan])
    assert not misread.first_name_of_known_person("Lucan Varley", [ident.Candidate(uuid4(), "Lucan", "org",
                                                                               norm_names=("lucan",))])


def test_a_new_fact_among_namesakes_is_the_person_discussed_not_the_one_it_resembles():
    """ "My godfather Ambrose Quill came for dinner." then "Ambrose is a surveyor": the sentence reads
    more like the other Ambrose, the one who "works at the bank" (a job beside a job), but it is said
    of the godfather the conversation is about. With nobody discussed, the likeness decides."""
    quill = person("Ambrose Quill", kin=["godfather"])
    banker = person("Ambrose Tey")  # his "works at the bank" is in his profile, compared by similarity
    text = "Ambrose is a surveyor."
    sims = {quill.entity_id: 0.2, banker.entity_id: 0.36}
    decision = decide(mention("Ambrose", role="surveyor"), [quill, banker], text, sims, about=quill.entity_id)
    assert (decision.action, decision.entity_id, decision.reason) == ("link", quill.entity_id, ident.ABOUT)
    decision = decide(mention("Ambrose", role="surveyor"), [quill, banker], text, sims, about=None)
    assert (decision.action, decision.entity_id) == ("link", banker.entity_id)
    assert decision.reason.startswith("profile similarity")
