"""Who someone is, as said beside their name when a child or a small business talks about them
(memcore.entities.beside_name, read by identity.said_beside on the write path; issue 37 items 2 and
5): the clue is kept as said, so the same clue said again finds the same person."""
from uuid import uuid4

from memcore.entities import beside_name
from memcore.entities import identity as ident
from memcore.entities.profiles import Facets
from memcore.textnorm import norm_name


def _person(name: str, kin=()) -> ident.Candidate:
    names = [norm_name(name), norm_name(name).split()[0]]
    return ident.Candidate(uuid4(), name, "person", (), tuple(dict.fromkeys(names)), Facets([], [], [], list(kin)))


def _mention(name: str, kin=None) -> ident.Mention:
    return ident.Mention(name, "person", (), (), None, None, kin, (norm_name(name),))


def _decide(name: str, found, text: str, kin=None):
    return ident.decide(_mention(name, kin), found, ident.Statement(text), {},
                        ident.Conversation(discussed=None, discussed_fetched=True))


def test_a_phrase_after_the_name_ends_where_its_noun_phrase_ends():
    """A time word or the clause's verb after the group is not part of who they are."""
    assert beside_name.beside("Had a call from Priya Danvers from the seed merchant first thing.",
                              "Priya Danvers") == ("seed merchant",)
    assert beside_name.beside("Osric from the scaffolding yard wants the drawings back.", "Osric") == ("scaffolding yard",)
    assert beside_name.beside("Bryony from the print shop keeps ringing about proofs.", "Bryony") == ("print shop",)
    assert beside_name.beside("Odile from the co-op earlier said no.", "Odile") == ("co-op",)


def test_membership_said_with_at_or_in_counts_but_an_events_place_does_not():
    assert beside_name.beside("Tobiah in my class lent me a rubber.", "Tobiah") == ("class",)
    assert beside_name.beside("Marisol at the sign-writing firm quoted us twice.", "Marisol") == ("sign-writing firm",)
    assert beside_name.beside("Yusra in Year 4 sang a song.", "Yusra") == ("year 4",)
    assert beside_name.beside("I bumped into Tobiah in the library.", "Tobiah") == ()
    assert beside_name.beside("We met Marisol at the station yesterday.", "Marisol") == ()


def test_a_present_tense_relative_clause_says_who_they_are_and_a_past_one_does_not():
    assert beside_name.beside("Fenwick who lives by the canal waved.", "Fenwick") == ("lives by the canal",)
    assert beside_name.beside("Fenwick who came on Sunday waved.", "Fenwick") == ()


def test_capitalised_words_of_a_group_stay_in_it():
    assert beside_name.beside("Rang our Friday cleaner Agata about keys.", "Agata") == ("friday cleaner",)
    assert beside_name.beside("Got a text from Corin on the Monday rota.", "Corin") == ("monday rota",)
    assert beside_name.beside("Saw Corin on Monday.", "Corin") == ()


def test_the_same_clue_said_again_finds_the_namesake_told_so_before():
    """Two Osrics; the one from the scaffolding yard was introduced "first thing": saying "Osric from
    the scaffolding yard" again is him (before, he was kept as "scaffolding yard first thing" and
    the second sentence linked nobody)."""
    intro = "Had a call from Osric Pell from the scaffolding yard first thing."
    said = ident.said_beside(_mention("Osric Pell"), intro)
    yard, other = _person("Osric Pell", kin=said), _person("Osric Dunmore", kin=("my brother-in-law",))
    decision = _decide("Osric", [yard, other], "Osric from the scaffolding yard emailed the invoice.")
    assert (decision.action, decision.entity_id) == ("link", yard.entity_id)


def test_a_more_exact_relation_replaces_the_general_one():
    """ "my older cousin Wilf": kept as "older cousin" only, so "my younger cousin Wilf" never fits him."""
    assert ident.said_beside(_mention("Wilf", kin="cousin"), "My older cousin Wilf came to tea.") == ("older cousin",)
    assert ident.said_beside(_mention("Wilf", kin="cousin"), "My cousin Wilf came to tea.") == ("cousin",)
    older = _person("Wilf Amberley", kin=ident.said_beside(_mention("Wilf Amberley", kin="cousin"),
                                                          "My older cousin Wilf Amberley came to tea."))
    younger = _person("Wilf Crane", kin=ident.said_beside(_mention("Wilf Crane", kin="cousin"),
                                                         "My younger cousin Wilf Crane came to tea."))
    decision = _decide("Wilf", [older, younger], "I saw my older cousin Wilf at the fair.", kin="cousin")
    assert (decision.action, decision.entity_id) == ("link", older.entity_id)


def test_whose_someone_is_is_no_second_person_of_the_sentence():
    text = "Auntie Bea's neighbour Ptolemy Sands fixed my bike."
    assert beside_name.descriptor_owners(text, [("Auntie Bea", 0), ("Ptolemy Sands", 20)]) == {"Auntie Bea"}
    assert beside_name.descriptor_owners("Nan's friend Ottoline came round.", [("Nan", 0), ("Ottoline", 13)]) == {"Nan"}
    assert beside_name.descriptor_owners("Nan's cake was great and Ottoline loved it.", [("Nan", 0), ("Ottoline", 25)]) == set()


def test_a_person_called_by_a_kinship_word_takes_its_pronoun():
    """ "Nan says ..." makes Nan "she", so a later "he" cannot land on her (it did: "Um he has bunnies"
    went to Mum); a name says nothing of the pronoun."""
    made = _decide("Nan", [], "Nan says I can stay up late.")
    assert made.action == "create" and made.facets is not None and made.facets.pronouns == ["she"]
    assert ident.kin_pronouns("Uncle Idris") == ["he"] and ident.kin_pronouns("Idris") == []
    nan = ident.Candidate(uuid4(), "Nan", "person", (), ("nan",), Facets())
    linked = _decide("Nan", [nan], "Nan made a trifle.")
    assert linked.action == "link" and linked.facets is not None and linked.facets.pronouns == ["she"]


def test_a_group_named_by_a_number_or_a_letter_is_who_they_are_wherever_the_name_stands():
    assert beside_name.beside("I sat with Tobiah in Year 4 at lunch.", "Tobiah") == ("year 4",)
    assert beside_name.beside("We had tea with Yusra in Class 2B today.", "Yusra") == ("class 2b",)
    assert beside_name.beside("I sat with Tobiah in Leeds at lunch.", "Tobiah") == ()


def test_the_epithet_between_a_name_and_its_verb_is_who_they_are():
    assert beside_name.beside("Dunstan the roofer rang about the gutters.", "Dunstan") == ("roofer",)
    assert beside_name.beside("Ines the pastry chef has quit.", "Ines") == ("pastry chef",)
    assert beside_name.beside("Send Dunstan the invoice.", "Dunstan") == ()
    assert beside_name.beside("I gave Ines the keys yesterday.", "Ines") == ()


def test_one_first_name_said_with_two_clues_that_cannot_be_one_person_is_two_people():
    """ "Dunstan the roofer rang." then "Dunstan from the timber yard wants paying.": a second Dunstan,
    kept with his clue (tentative until said again); the same clue again, or none, is the roofer."""
    roofer = _person("Dunstan", kin=ident.said_beside(_mention("Dunstan"), "Dunstan the roofer rang."))
    other = _decide("Dunstan", [roofer], "Dunstan from the timber yard wants paying.")
    assert other.action == "create" and other.facets is not None and other.facets.kin == ["timber yard"]
    assert other.facets.tentative == ["timber yard"]
    same = _decide("Dunstan", [roofer], "Dunstan the roofer fixed the gutter.")
    assert (same.action, same.entity_id) == ("link", roofer.entity_id)
    plain = _decide("Dunstan", [roofer], "Dunstan sent the quote.")
    assert (plain.action, plain.entity_id) == ("link", roofer.entity_id)
    never_described = _person("Dunstan Hale")
    assert _decide("Dunstan", [never_described], "Dunstan from the timber yard wants paying.").action == "link"


def test_an_adverbial_before_the_name_is_not_who_they_are():
    """A fact's text loses the colon ("For the file Kofi is the garden designer"): "file" was kept
    as who Kofi is, and a second Kofi made of it."""
    assert beside_name.beside("For the file Ottilie is the head baker.", "Ottilie") == ()
    assert beside_name.beside("I went with the plumber Ottilie.", "Ottilie") == ("plumber",)  # whom, not when
    assert beside_name.beside("I rang the plumber Ottilie.", "Ottilie") == ("plumber",)
    assert beside_name.beside("I went with my cousin Ottilie.", "Ottilie") == ("cousin",)


def test_a_learned_facts_words_never_split_the_one_person_of_that_name():
    roofer = _person("Dunstan", kin=("roofer",))
    learned = ident.decide(_mention("Dunstan"), [roofer], ident.Statement("Dunstan from the timber yard wants paying.",
                                                                          learned=True), {},
                           ident.Conversation(discussed=None, discussed_fetched=True))
    assert (learned.action, learned.entity_id) == ("link", roofer.entity_id)


def test_a_preposition_inside_the_sentence_keeps_the_descriptor_after_it():
    """ "Ran into the kids' swimming coach Ottilie": the adverbial rule read "into the ..." as one and
    left the coach unlinked (the adult voice's clarification went past 0.10)."""
    assert beside_name.beside("Ran into the kids' swimming coach Ottilie at the shops.", "Ottilie") == ("kids' swimming coach",)
    assert beside_name.beside("Anyway, for the file Ottilie is the head baker.", "Ottilie") == ()


def test_an_employer_said_with_at_is_who_they_are_wherever_the_name_stands():
    """ "at the roofing firm" says where someone works, also when the full name is not the clause's
    subject ("Bumped into Hollis Teague at the roofing firm ..."): kept then, the same words said
    again with the first name alone find him, instead of making a second Hollis in passing."""
    intro = "Bumped into Hollis Teague at the roofing firm outside the bank."
    assert beside_name.beside(intro, "Hollis Teague") == ("roofing firm",)
    assert beside_name.beside("Had a coffee with Bettina Crouch at the lettings agency today.",
                              "Bettina Crouch") == ("lettings agency",)
    assert beside_name.beside("We met Marisol at the station yesterday.", "Marisol") == ()  # where it happened
    roofer = _person("Hollis Teague", kin=ident.said_beside(_mention("Hollis Teague"), intro))
    other = _person("Hollis Crane", kin=("neighbour",))
    decision = _decide("Hollis", [roofer, other], "Hollis at the roofing firm sent the invoice over.")
    assert (decision.action, decision.entity_id) == ("link", roofer.entity_id)


def test_an_on_phrase_between_the_name_and_its_verb_is_who_they_are():
    """ "Ambrose Quill on the late shift rang": who Ambrose is, as "on the support team" is; kept, the
    first name said so again finds him rather than the namesake the conversation was about before."""
    intro = "Ambrose Quill on the late shift rang about the alarm."
    assert beside_name.beside(intro, "Ambrose Quill") == ("late shift",)
    assert beside_name.beside("I sat next to Ambrose on the train.", "Ambrose") == ()  # where it happened
    assert beside_name.beside("Heard from Ambrose on Friday.", "Ambrose") == ()
    shift = _person("Ambrose Quill", kin=ident.said_beside(_mention("Ambrose Quill"), intro))
    other = _person("Ambrose Tilley", kin=("landlord",))
    decision = ident.decide(_mention("Ambrose"), [shift, other],
                            ident.Statement("Ambrose on the late shift wants the rota."), {},
                            ident.Conversation(discussed=other.entity_id, discussed_fetched=True))
    assert (decision.action, decision.entity_id) == ("link", shift.entity_id)


def test_where_someone_was_said_to_be_finds_them_again_but_sets_no_one_apart():
    """ "Heard from Ambrose Quill on the late shift first thing" may say only where Ambrose was, so it is
    not who he is (kin); kept as where he was said to be (Facets.where), the same words said again with
    the first name find him among namesakes, where a new Ambrose "in passing" was made of them before;
    and it never makes another first name someone new."""
    intro = "Heard from Ambrose Quill on the late shift first thing."
    assert beside_name.beside(intro, "Ambrose Quill") == ()
    assert beside_name.where(intro, "Ambrose Quill") == ("late shift",)
    assert beside_name.where("Saw Ambrose on Friday.", "Ambrose") == ()
    made = _decide("Ambrose Quill", [], intro)
    assert made.action == "create" and made.facets is not None and made.facets.where == ["late shift"]
    assert made.facets.kin == []
    quill = ident.Candidate(uuid4(), "Ambrose Quill", "person", (), ("ambrose quill", "ambrose"), made.facets)
    other = _person("Ambrose Tilley", kin=("landlord",))
    decision = ident.decide(_mention("Ambrose"), [quill, other],
                            ident.Statement("Ambrose on the late shift wants the rota."), {},
                            ident.Conversation(discussed=other.entity_id, discussed_fetched=True))
    assert (decision.action, decision.entity_id) == ("link", quill.entity_id)
    seen = ident.Candidate(uuid4(), "Ambrose Quill", "person", (), ("ambrose quill", "ambrose"),
                           Facets(where=["train"]))
    alone = _decide("Ambrose", [seen], "Ambrose from the bakery wants paying.")
    assert (alone.action, alone.entity_id) == ("link", seen.entity_id)


def test_who_someone_is_said_to_be_counts_before_where_a_namesake_was_seen():
    """ "I bumped into my uncle Ambrose at the market" is the uncle, not the Ambrose said to be "at the
    market" before (a new Ambrose was not made of it either)."""
    seen = ident.Candidate(uuid4(), "Ambrose Quill", "person", (), ("ambrose quill", "ambrose"),
                           Facets(kin=["big cousin"], where=["market"]))
    uncle = _person("Ambrose Tilley", kin=("uncle",))
    decision = _decide("Ambrose", [seen, uncle], "I bumped into my uncle Ambrose at the market.")
    assert (decision.action, decision.entity_id) == ("link", uncle.entity_id)


def test_member_of_reads_the_group_after_a_name():
    assert beside_name.member_of("Is Otis in my class coming?", "Otis") == "class"
    assert beside_name.member_of("I made a badge for Otis in Year 4.", "Otis") == "year 4"
    assert beside_name.member_of("Otis at our depot rang.", "Otis") == "depot"
    assert beside_name.member_of("I met Otis in the park.", "Otis") is None  # a place, no "my"/"our"
    assert beside_name.member_of("Otis from the choir rang.", "Otis") is None  # descriptors reads "from"
    assert beside_name.member_of("Otis rang.", "Otis") is None
