"""A note-taker's "News on Odile: ..." heading frames what follows (clue_words.FRAMING), as "for the
record" does: the fact embedded is what Odile does, without the word "news", which would make every
fact told as news alike. The word said for itself ("reads the news on the radio") stays."""
from memcore.entities import clue_words as cw


def test_a_news_heading_is_framing():
    # the profile's fact, the person's names already taken out (profiles.profile_fact_items)
    assert cw.fact_text("News on : she restores clocks in the old arcade") == "restores clocks old arcade"
    assert cw.fact_text("News: he has taken over the night shift") == "taken night shift"
    assert cw.without_framing("News on Odile Brannigan: she restores clocks.") == "Odile Brannigan: she restores clocks."


def test_news_said_for_itself_stays():
    assert "news" in cw.fact_text("She reads the news on the local radio")
    assert "news" in cw.fact_text("He delivers newspapers and the news sheet")
