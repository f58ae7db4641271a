"""The tracking benchmark's cases (issue 37, item 5) are generated, split and summarised as said:
deterministic per seed, half of each class in each half, several wordings per class, and stories
whose pronouns can only be resolved by the topic (both people of a topic case share a gender)."""
from memclient.bench import tracking, tracking_cases as tc


def test_the_same_seed_gives_the_same_cases_and_another_seed_others():
    assert tc.generate(11) == tc.generate(11)
    assert tc.generate(11) != tc.generate(12)


def test_each_class_is_split_in_half():
    cases = tc.generate(5, per_class=10)
    for kind in tc.CLASSES:
        halves = [c["half"] for c in cases if c["class"] == kind]
        assert halves.count("test") == halves.count("calibration") == 5


def test_several_wordings_per_class():
    cases = tc.generate(7, per_class=16)
    by = {k: [c for c in cases if c["class"] == k] for k in tc.CLASSES}
    assert len({c["session"][1].split(" the ")[0] for c in by["topic pronoun"]}) >= 3  # topic cues
    assert len({c["session"][2] for c in by["it thing"]}) >= 3
    assert len({c["passing"].split()[-1] for c in by["passing person"]}) >= 3
    assert len({c["query"].split()[0] for c in by["asking while answering"]}) >= 2


def test_a_topic_case_names_two_people_the_pronoun_fits_alike():
    for c in (c for c in tc.generate(3) if c["class"] == "topic pronoun"):
        firsts = {c["expected"].split()[0], c["before"].split()[0]}
        genders = {g for g, names in tc.FIRST.items() for n in firsts if n in names}
        assert len(firsts) == 2 and len(genders) == 1, c
        pronoun = "he" if genders == {"m"} else "she"
        assert f" {pronoun} " in f" {c['session'][2].lower()} ", c


def test_kin_words_agree_with_the_name():
    for c in (c for c in tc.generate(9, per_class=30) if c["class"] == "passing person"):
        female = c["name"] in tc.FIRST["f"]
        assert not any(("brother" if female else "sister") in line for line in c["known"]), c


def test_summary_counts_cases_and_checks_per_half_and_class():
    rows = [{"half": "test", "class": "it thing", "passed": True, "checks": {"it is the thing": True}},
            {"half": "test", "class": "it thing", "passed": False, "checks": {"it is the thing": False}},
            {"half": "calibration", "class": "topic pronoun", "passed": True,
             "checks": {"pronoun is the topic's person": True}}]
    s = tracking.summarise(rows)
    assert s["test"]["by_class"]["it thing"] == {"cases": 2, "passed": 1, "pass_rate": 0.5,
                                                 "checks": {"it is the thing": 1}}
    assert s["calibration"]["passed"] == 1 and "it thing" not in s["calibration"]["by_class"]


def test_no_identity_is_what_a_request_is_about():
    """The request must leave the person open: none of the candidates' identities is said by a
    process or a request (a cover approval must not point at the one who draws covers)."""
    import re

    from memcore.retrieval.query_terms import content_words
    from memcore.stemming import stem

    def stems(text: str) -> set[str]:
        return {stem(w) for w in content_words(text)}

    for line, pattern in tc.IDENTITIES:
        said = stems(line.format(f=""))
        for teach, _, query in tc.PROCESSES:
            assert not re.search(pattern, teach + " " + query, re.I), (line, teach)
            assert not said & stems(query.format(n="")), (line, query)
