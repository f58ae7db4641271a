"""A team's voice (issue 35, docs/formation-spec.md): who does what, rosters, schedules, when the
organisation was set up, and what a team's habits and bans are, on sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Kestrel Heating"


def facts(text, owner="Lorna", org=ORG):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner=owner, role="owner", speaker="user", speaker_org=org)


def of_type(text, kind, **kw):
    return [f for f in facts(text, **kw) if f.type == kind]


def roles(text, **kw):
    return {(f.subject, f.value.lower()) for f in facts(text, **kw) if f.predicate == "role"}


# Who does what: a role is said of the person, as identity


@pytest.mark.parametrize("text, person, role", [
    ("Our sous chef is Mateo", "Mateo", "sous chef"),
    ("the owner is Greta, she bought the van last year", "Greta", "owner"),
    ("our new bookkeeper is Hamid", "Hamid", "bookkeeper"),
])
def test_our_role_is_a_name_is_that_persons_role(text, person, role):
    got = [f for f in facts(text) if f.subject == person and f.predicate == "role"]
    assert [(f.value.lower(), f.type) for f in got] == [(role, "identity")]
    assert not [f for f in facts(text) if f.type == "semantic" and person in (f.subject, f.value)]


@pytest.mark.parametrize("text", [
    "Our best seller is the lemon tart",
    "our biggest client is Amberley Homes",
    "our busiest day is Saturday",
])
def test_a_thing_or_a_client_of_the_team_is_no_role(text):
    assert roles(text) == set()


def test_a_roster_gives_each_person_the_role_and_the_last_ones_habit():
    text = "We have two vets: Dr Okoro and Dr Pym, who only works Mondays."
    assert roles(text) == {("Dr Okoro", "vet"), ("Dr Pym", "vet")}
    habits = of_type(text, "routine")
    assert [f.subject for f in habits] == ["Dr Pym"] and "Mondays" in habits[0].text
    assert roles("our fitters are Dale, Yusuf and Ana") == {("Dale", "fitter"), ("Yusuf", "fitter"), ("Ana", "fitter")}


@pytest.mark.parametrize("text, expected", [
    ("Ines does the payroll and I do the rotas", {("Ines", "payroll"), ("Lorna", "rotas")}),
    ("I handle the quotes", {("Lorna", "quotes")}),
    ("Wes edits every newsletter before it goes out", {("Wes", "edits every newsletter before it goes out")}),
    ("heating days are Monday and Friday, Wes looks after the stores", {("Wes", "stores")}),
])
def test_what_a_team_member_does_is_their_role(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize("text", [
    "I do yoga every Monday",  # a habit
    "I did the quotes yesterday",  # an event
    "Ines does the payroll and I do the rotas",  # without a team, chores are no roles
])
def test_habits_events_and_chores_outside_a_team_are_no_roles(text):
    org = None if "payroll" in text else ORG
    assert roles(text, org=org) == set()


def test_working_on_a_part_of_the_place_is_a_role_not_an_employer():
    got = facts("I work on the returns desk", org=None)
    assert not [f for f in got if f.predicate in ("works_for", "organisation", "runs")]
    assert [(f.subject, f.type) for f in got if f.predicate == "role"] == [("Lorna", "identity")]


# When a team does things: its habits are routines, not what it sells


@pytest.mark.parametrize("text, word", [
    ("We service the boilers every spring", "boilers"),
    ("we do a pub quiz every Thursday at 7", "quiz"),
    ("we're open Wednesday and Saturday evenings, 6 till 10", "Saturday"),
    ("delivery days are Tuesday and Friday", "Tuesday"),
])
def test_a_teams_habit_or_schedule_is_a_routine_of_the_organisation(text, word):
    got = facts(text)
    assert [(f.subject, f.type) for f in got] == [(ORG, "routine")]
    assert word in got[0].text


def test_when_the_organisation_was_set_up():
    for text in ("she set it up in 2008", "my sister and I started it in 2015", "Kestrel Heating was founded in 1999"):
        got = [f for f in facts(text) if f.predicate == "founded"]
        assert [(f.subject, f.type) for f in got] == [(ORG, "semantic")], text
        assert got[0].value == text[-4:]


def test_a_ban_on_everyone_is_a_rule_of_the_organisation():
    got = of_type("Nobody is allowed to open the safe alone, the float needs two signatures", "safety")
    assert [(f.subject, f.predicate) for f in got] == [(ORG, "must_avoid")]
    assert "safe" in got[0].text and "signatures" in got[0].text  # one rule, said whole
    assert of_type("Everyone is allowed to park at the back", "safety") == []  # a permission is no rule


def test_what_a_team_makes_is_no_duty():
    assert roles("I brew mostly stouts") == set()
    assert roles("Wes bakes the bread and I do the coffee") == {("Wes", "bakes the bread"), ("Lorna", "coffee")}


def test_a_post_named_after_what_is_said_of_it():
    got = facts("I think the new apprentice starts on the 9th, his name is Tariq")
    assert {(f.subject, f.predicate, f.type) for f in got} == {("Tariq", "role", "identity"), ("Tariq", "starts", "episodic")}
    event = next(f for f in got if f.type == "episodic")
    assert "9th" in event.text and "apprentice" not in event.text and event.certainty < 0.8  # hedged


@pytest.mark.parametrize("text, who, what, predicate", [
    ("I'm not qualified for gas meter swaps yet", "Lorna", "gas meter swaps", "not_qualified"),
    ("Dale is not certified to work on oil boilers", "Dale", "work on oil boilers", "not_qualified"),
    ("I'm trained in first aid", "Lorna", "first aid", "is_qualified"),
])
def test_being_qualified_or_not_is_a_skill(text, who, what, predicate):
    got = [f for f in facts(text) if f.type == "skill"]
    assert [(f.subject, f.predicate, f.value) for f in got] == [(who, predicate, what)]


def test_someones_better_at_is_a_skill():
    got = [f for f in facts("honestly Yusuf's better at the wiring than me") if f.type == "skill"]
    assert [(f.subject, f.predicate, f.value) for f in got] == [("Yusuf", "good_at", "the wiring")]


def test_the_sites_a_team_has_are_one_fact_a_site():
    got = facts("We have three depots, one in Leek, one in Buxton and one in Ashbourne")
    assert sorted((f.subject, f.predicate, f.value) for f in got) == [
        (ORG, "depot", "Ashbourne"), (ORG, "depot", "Buxton"), (ORG, "depot", "Leek")]
    assert all(f.type == "semantic" and f.value in f.text for f in got)


# A team member's chat: introductions without "I'm", posts in passing, lists of rules


@pytest.mark.parametrize("text, org, post", [
    ("hey, Lorna from Kestrel Heating, I do the invoicing", "Kestrel Heating", "invoicing"),
    ("Lorna, shift lead at the Brackley Cold Store site in Daventry", "Brackley Cold Store", "shift lead"),
    ("hi all, Lorna here, office manager at Oakcroft Surveyors", "Oakcroft Surveyors", "office manager"),
    ("Hello, I'm Lorna, branch librarian at Ashby Road Library.", "Ashby Road Library", "branch librarian"),
    ("yo, Lorna, studio manager at Lowfield Sound", "Lowfield Sound", "studio manager"),
])
def test_an_introduction_names_the_owner_the_organisation_and_the_post(text, org, post):
    """In a household's account; in the team's own account the post is a card of its own (the next test)."""
    got = facts(text, org=None)
    kept = {(f.subject, f.predicate, f.value) for f in got}
    assert ("Lorna", "works_for", org) in kept or ("Lorna", "works_at", org) in kept
    assert any(f.predicate in ("role", "works_for", "job") and f.subject == "Lorna" and post in f.text for f in got), got
    assert any(f.predicate == "name" and f.value == "Lorna" for f in got)
    assert facts("Tara from accounts called about the invoice", org=None) == [] or not any(
        f.predicate == "works_for" for f in facts("Tara from accounts called about the invoice", org=None))


@pytest.mark.parametrize("text, expected", [
    ("Yusuf's our estimator and Ana is the apprentice", {("Yusuf", "estimator"), ("Ana", "apprentice")}),
    ("Dale and Ana do servicing", {("Dale", "servicing"), ("Ana", "servicing")}),
    ("Ana leads HR, she's great", {("Ana", "leads hr")}),
    ("we never work late on a friday – Greta (our ops director) is strict about it", {("Greta", "ops director")}),
    ("Dale drives the crane", {("Dale", "drives the crane")}),
])
def test_posts_said_in_passing_are_roles(text, expected):
    assert roles(text) == expected


def test_a_duty_is_not_also_kept_as_a_routine_or_a_tie():
    got = facts("Yusuf runs dispatch, Ana drives the van, and there's usually 3 temps")
    assert not [f for f in got if f.subject in ("Yusuf", "Ana") and f.predicate != "role"]


def test_a_headed_list_of_rules_is_one_rule_an_item():
    got = of_type("our site rules: hard hats at all times, no music in the loft, and nobody under 16 on the ladders", "safety")
    assert [f.subject for f in got] == [ORG] * 3
    assert ["hard hats" in got[0].text, "music" in got[1].text, "ladders" in got[2].text] == [True] * 3
    assert all("hard hats" not in f.text for f in got[1:])


def test_a_qualification_named_before_the_participle():
    got = [f for f in facts("Ana's not Gas Safe registered yet") if f.type == "skill"]
    assert [(f.subject, f.predicate, f.value) for f in got] == [("Ana", "not_qualified", "Gas Safe")]


def test_the_nth_weekday_of_the_month_is_a_routine():
    got = facts("stocktake is the last sunday of the month")
    assert [f.type for f in got] == ["routine"] and "stocktake" in got[0].text.lower() and "last sunday" in got[0].text


def test_a_tie_said_without_my_is_the_owners():
    got = facts("boss is Frank Ellery", org=None)
    assert [(f.subject, f.predicate, f.value, f.type) for f in got] == [("Lorna", "boss", "Frank Ellery", "relationship")]


def test_he_in_the_next_turn_is_the_team_member_named_last():
    from memcore.knowledge import learn
    previous = ["Lorna: we've got three fitters, Dale does gas and Ana is the apprentice (02 March 2026)",
                "assistant: Can Ana work on boilers alone? (02 March 2026)"]
    got = learn("no way, she's not Gas Safe registered, she can't touch boilers on her own", None, at=AT,
                owner="Lorna", role="owner", speaker="Lorna", speaker_org=ORG, previous=previous)
    assert {(f.subject, f.type) for f in got} == {("Ana", "skill"), ("Ana", "safety")}


def test_a_habit_and_a_ban_with_an_exception_in_one_sentence_are_two_facts():
    got = facts("we send a newsletter every other monday, and nothing goes out unless Yusuf checks it")
    assert sorted(f.type for f in got) == ["routine", "safety"]
    habit, rule = sorted(got, key=lambda f: f.type)
    assert "Yusuf" not in habit.text and "newsletter" not in rule.text and rule.subject == ORG


def test_someone_strict_about_a_thing_sets_the_teams_rule():
    got = of_type("we don't do overtime – Greta (our ops director) is strict about no Sunday callouts", "safety")
    assert [(f.subject, f.value) for f in got] == [(ORG, "no Sunday callouts")]
    assert "director" not in got[0].text


def test_how_many_people_a_team_is():
    got = [f for f in facts("we're 9 people making garden furniture") if f.predicate == "size"]
    assert [(f.subject, f.value, f.type) for f in got] == [(ORG, "9 people", "semantic")]


def test_the_rest_of_a_statement_around_a_strict_rule_keeps_its_parts_apart():
    got = of_type("we never open on a sunday, and we don't do overtime – Greta (our ops director) is strict about "
                  "no late callouts", "safety")
    never = [f for f in got if "sunday" in f.text]
    assert len(never) == 1 and "overtime" not in never[0].text


@pytest.mark.parametrize("text, who, word", [
    ("Dana approves invoices", "Dana", "invoices"),
    ("Invoices are approved by Dana", "Dana", "invoices"),
    ("the Leeds office is run by Priya", "Priya", "leeds office"),
    ("quotes over £5k get signed off by Marta", "Marta", "quotes"),
])
def test_who_approves_or_runs_a_thing_active_or_passive_is_their_role(text, who, word):
    got = [f for f in facts(text) if f.predicate == "role"]
    assert [(f.subject, f.type) for f in got] == [(who, "identity")] and word in f"{got[0].value} {got[0].text}".lower()


def test_a_passive_habit_stays_a_routine():
    assert [f.type for f in facts("payroll is done by Tom on the last Friday of every month")] == ["routine"]


@pytest.mark.parametrize("text", ["We're open 9 to 5, Monday to Friday", "we're open 8am-4pm on weekdays"])
def test_opening_hours_are_a_routine(text):
    assert [(f.subject, f.type) for f in facts(text)] == [(ORG, "routine")]


def test_a_thing_that_needs_someones_approval_is_a_rule():
    got = of_type("refunds over £50 need sign-off from Marta", "safety")
    assert [(f.subject, f.predicate) for f in got] == [(ORG, "rule")] and "Marta" in got[0].text


@pytest.mark.parametrize("text", ["I do think that's a good idea", "I do love a good spreadsheet", "I do apologise",
                                  "Tom runs a tight ship", "if Dana approves invoices we can pay",
                                  "Would Priya handle the payroll?", "Priya doesn't handle payroll"])
def test_emphasis_idioms_conditions_questions_and_negations_are_no_roles(text):
    assert roles(text) == set()


def test_a_capitalised_common_noun_opening_a_sentence_names_no_one():
    for text in ("New starters shadow someone for their first week", "Customer bugs get triaged every morning"):
        assert not [f for f in facts(text) if f.subject in ("New", "Customer")], text


@pytest.mark.parametrize("text, predicate", [
    ("You must wear gloves when handling chemicals", "rule"),
    ("Never leave the till open", "must_avoid"),
    ("always lock up after the last client", "rule"),
    ("holiday requests need two weeks' notice", "rule"),
])
def test_a_teams_instructions_are_its_rules(text, predicate):
    got = of_type(text, "safety")
    assert [(f.subject, f.predicate) for f in got] == [(ORG, predicate)]


@pytest.mark.parametrize("text", ["you must try the new cafe on Mill Lane", "never mind, I found it", "don't worry about it"])
def test_advice_and_idioms_are_no_team_rules(text):
    assert of_type(text, "safety") == []


def test_how_many_staff_a_team_has():
    got = [f for f in facts("We have about 40 staff") if f.predicate == "size"]
    assert [(f.subject, f.value) for f in got] == [(ORG, "40 people")]


@pytest.mark.parametrize("text, expected", [
    ("The team lead for mobile is Kofi", {("Kofi", "team lead for mobile")}),
    ("Kofi heads up mobile", {("Kofi", "mobile")}),
    ("I'm responsible for the payroll", {("Lorna", "payroll")}),
    ("I'm the new office manager", {("Lorna", "office manager")}),
    ("I'm one of the drivers", {("Lorna", "driver")}),
    ("Our two managers are Ola and Ben", {("Ola", "manager"), ("Ben", "manager")}),
    ("Ola is head of front of house", {("Ola", "head of front of house")}),
    ("Jo, our cleaner, comes on Tuesdays", {("Jo", "cleaner")}),
])
def test_more_ways_of_saying_a_post(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize("text", ["I'm a bit tired", "I'm the one who found it", "I'm a big fan of Notion"])
def test_moods_and_likes_are_no_posts(text):
    assert roles(text) == set()


def test_a_post_said_with_the_workplace_is_two_facts():
    got = {(f.subject, f.predicate, f.value) for f in facts("I teach Year 4 at Larkspur Academy.", org=None)}
    assert ("Lorna", "works_for", "Larkspur Academy") in got and ("Lorna", "role", "teach Year 4") in got
    assert roles("I mostly write Python") == set()  # a skill, not a post
    assert not [f for f in facts("I'm in Year 3 at Hillside Primary", org=None) if f.predicate == "works_for"]  # a pupil


@pytest.mark.parametrize("text, kind, word", [
    ("Parents' evening is on the 3rd of March.", "episodic", "evening"),
    ("The kitchen closes at 1.30.", "routine", "kitchen"),
    ("trailers arrive from 10pm", "routine", "trailers"),
    ("Trips need a risk assessment signed off by the head.", "safety", "risk assessment"),
    ("Only first aiders can hand out medication.", "safety", "first aiders"),
])
def test_events_times_and_restrictions_of_a_team(text, kind, word):
    got = facts(text)
    assert [f.type for f in got] == [kind] and word in got[0].text.lower()


def test_how_many_pupils_a_school_has():
    got = [f for f in facts("The school has about 400 pupils.") if f.predicate == "size"]
    assert [(f.subject, f.value) for f in got] == [(ORG, "400 pupils")]


def test_our_posts_before_the_organisation_is_named():
    assert roles("Our head chef is Luca and the restaurant manager is Fern.", org=None) == {
        ("Luca", "head chef"), ("Fern", "restaurant manager")}
    assert roles("the owner is Bridget", org=None) == set()  # no team said yet
    assert roles("Our manager is Priya", org=None) == set()  # a tie, which the tie rules read
    got = facts("Our head chef is Luca and the restaurant manager is Fern.", org=None)
    assert all(f.predicate == "role" for f in got)


def test_the_organisation_named_with_the_and_its_kind_with_a_number():
    got = {(f.subject, f.predicate, f.value) for f in facts("I manage the front desk at the Harbourside Hotel.", org=None)}
    assert ("Lorna", "works_for", "Harbourside Hotel") in got and ("Lorna", "role", "front desk") in got
    got = {(f.predicate, f.value) for f in facts("We're a 40-room boutique hotel in Whitby.", org="Harbourside Hotel")}
    assert got == {("business_kind", "40-room boutique hotel"), ("located_in", "Whitby")}


def test_training_for_an_event_is_no_employer():
    got = facts("I'm training for the Galway half marathon in May", org=None)
    assert not [f for f in got if f.predicate == "works_for"]


def test_lower_case_sentences_run_on_are_read_apart():
    got = of_type("we never share a client's plans, even with family. and under 18s have to have a parent present", "safety")
    assert len(got) == 2 and all(f.subject == ORG for f in got)
    assert "family" not in got[1].text and "18s" not in got[0].text


def test_an_absence_is_an_event_of_that_person():
    got = facts("Yusuf's off for his wedding 12-26 june btw")
    assert [(f.subject, f.type) for f in got] == [("Yusuf", "episodic")] and "wedding" in got[0].text


def test_who_runs_a_session_said_after_it_and_an_acronym_post():
    assert ("Ana", "run toddler rhymetime") in roles("toddler rhymetime is wednesdays 10.30, run by Ana")
    assert roles("the GM is Mrs Duguid") == {("Mrs Duguid", "gm")}
    got = of_type("if it's about money only Dale or the GM can authorise a refund", "safety")
    assert [f.subject for f in got] == [ORG]


def test_weekday_afternoons_recur():
    assert [f.type for f in facts("the knit and natter group meets friday afternoons in the back room")] == ["routine"]


def test_its_name_from_the_desk_stays_one_card():
    got = facts("Hi, it's Lorna from Kestrel Heating reception", org=None)
    assert [(f.predicate, f.value) for f in got] == [("works_for", ORG)] and "reception" in got[0].text


def test_a_one_off_closure_is_an_event_and_a_roster_leaves_the_duties():
    got = facts("we're closed the last 2 weeks of august for a refit")
    assert [(f.subject, f.type) for f in got] == [(ORG, "episodic")] and "august" in got[0].text
    assert ("Dele", "most tracking sessions") in roles("our engineers are Fran and Dele, and Dele does most tracking sessions")


def test_in_the_teams_own_account_an_introduction_gives_the_post_its_own_card():
    statements = extract("hi all, Lorna here, office manager at Oakcroft Surveyors", speaker="user", at=AT).statements
    got = facts_of_turn("hi all, Lorna here, office manager at Oakcroft Surveyors", statements, owner="Lorna",
                        role="owner", speaker="user", account_org="Oakcroft Surveyors")
    assert ("Lorna", "role", "office manager") in {(f.subject, f.predicate, f.value) for f in got}
    assert not any("Oakcroft" in f.text and "office manager" in f.text for f in got)  # one fact a card
