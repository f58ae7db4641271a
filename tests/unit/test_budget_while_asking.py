"""Packing while asking "which Peter?" (issue 37): who each candidate is and how to do what was
asked keep their place; lines that merely mention the name get a share, not the budget."""
from memcore.context_budget import (
    ASKING_CAPPED,
    ASKING_ORDER,
    ASKING_SHARES,
    ContextCandidate,
    asking_category,
    pack,
)


def words(text: str) -> int:  # a stand-in tokenizer: one token per word
    return len(text.split())


def cand(key: str, text: str, category: str, score: float) -> ContextCandidate:
    return ContextCandidate(key, text, category, "hybrid", None, score, cite=False)


PROCESS = cand("p", "To check if content passes as human paste it into two detectors and log the scores",
               "process", 0.4)
IDENTITIES = [cand(f"i{n}", f"Peter {who} is one of the people called Peter", "identity", 1.0 - n / 10)
              for n, who in enumerate(["Novak the staff writer,", "Alvarez the freelance copywriter,",
                                       "next door the retired pilot,"])]
MENTIONS = [cand(f"m{n}", f"Peter uploaded {n} pieces of content on Friday", "mention", 0.9) for n in range(40)]


def test_asking_keeps_the_process_and_every_candidate_and_caps_the_mentions():
    budget = 120
    included, _, used = pack([PROCESS, *IDENTITIES, *MENTIONS], budget, words, shares=ASKING_SHARES,
                             capped=ASKING_CAPPED, order=ASKING_ORDER)
    keys = [p.candidate.key for p in included]
    assert keys[0] == "p" and keys[1:4] == ["i0", "i1", "i2"]
    mention_tokens = sum(p.tokens for p in included if p.candidate.category == "mention")
    assert 0 < mention_tokens <= ASKING_SHARES["mention"] * budget + 10  # the first mention may overrun a little
    assert used <= budget


def test_unused_shares_do_not_flow_into_the_mentions():
    included, _, _ = pack([*MENTIONS], 200, words, shares=ASKING_SHARES, capped=ASKING_CAPPED, order=ASKING_ORDER)
    assert sum(p.tokens for p in included) <= ASKING_SHARES["mention"] * 200 + 10


def test_a_line_saying_an_asked_name_is_a_mention_unless_it_is_who_or_how():
    names = ["Peter", "Peter Alvarez"]
    assert asking_category("relevant", "Peter's drafts came in on Friday.", names) == "mention"
    assert asking_category("high_salience", "Had lunch with Peter Alvarez", names) == "mention"
    assert asking_category("relevant", "Petersen sent the invoice.", names) == "relevant"
    assert asking_category("identity", "Peter is one of our writers", names) == "identity"
    assert asking_category("process", "Ask Peter before publishing", names) == "process"
    assert asking_category("relevant", "Anything", []) == "relevant"
