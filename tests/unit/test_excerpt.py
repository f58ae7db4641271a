"""A long memory's line in the context block holds the sentences that answer the question."""
from __future__ import annotations

from datetime import datetime, timezone

from memcore.context_budget import ContextCandidate, format_line, pack
from memcore.excerpt import best_excerpt, sentences


TOOLS: dict = {}


def words(text: str) -> int:  # a whitespace tokenizer: enough to test the selection
    return len(text.split())


def first_words(text: str, n: int) -> str:
    return " ".join(text.split()[:n])


TOOLS.update(count_tokens=words, truncate=first_words)


HANDBOOK = ("Welcome to the onboarding handbook for new writers. Our team has grown over the years and we "
            "value clear communication. Please read every section before your first assignment. "
            "Each writer gets a mentor for the first month, who answers questions about tone and sources. "
            "Holiday requests go to your editor two weeks ahead. "
            "The style guide prefers British spelling and short paragraphs, and every article needs two sources. "
            "Invoices are paid on the 15th of each month through the billing portal.")


def test_sentences_split_on_ends_and_list_items():
    assert sentences("One thing. Two things! Three?\n- a step\n- another") == [
        "One thing.", "Two things!", "Three?", "- a step", "- another"]
    assert sentences("Dr. no split here 3.5 times.") == ["Dr. no split here 3.5 times."]


def test_the_answer_in_a_later_sentence_survives_the_limit():
    out = best_excerpt(HANDBOOK, 20, question="When are invoices paid?", **TOOLS)
    assert "Invoices are paid on the 15th" in out
    assert words(out) <= 20
    assert out.startswith("… ")  # the reader sees that text was left out before it
    assert best_excerpt(HANDBOOK, 40, question="holiday requests and spelling", **TOOLS).count("…") >= 1


def test_chosen_sentences_keep_their_order():
    out = best_excerpt(HANDBOOK, 40, question="spelling in the style guide, and holiday requests to the editor", **TOOLS)
    assert out.index("Holiday requests") < out.index("British spelling")


def test_no_match_falls_back_to_the_beginning():
    out = best_excerpt(HANDBOOK, 10, question="What about volcanoes?", **TOOLS)
    assert out.startswith("Welcome to the onboarding") and out.endswith("…")


def test_the_context_line_uses_the_excerpt_only_when_the_text_is_over_its_limit():
    c = ContextCandidate(key="m1", text=HANDBOOK, category="relevant", path="hybrid",
                         since=datetime(2026, 1, 2, tzinfo=timezone.utc), score=1.0)
    excerpt = lambda text, n: best_excerpt(text, n, question="When are invoices paid?", **TOOLS)  # noqa: E731
    line, _ = format_line(c, words, first_words, excerpt)
    assert "15th of each month" in line and line.endswith("[memory:m1]")
    plain, _ = format_line(c, words, first_words)
    assert "15th" not in plain  # the old behaviour cut the answer away
    short = ContextCandidate(key="m2", text="Invoices are paid monthly.", category="relevant", path="hybrid",
                             since=None, score=1.0)
    assert format_line(short, words, first_words, excerpt)[0] == "- Invoices are paid monthly. [memory:m2]"
    included, _, _ = pack([c], 500, words, first_words, excerpt=excerpt)
    assert "15th of each month" in included[0].line
