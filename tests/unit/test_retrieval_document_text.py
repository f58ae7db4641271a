import pytest

from memcore.retrieval.document_text import (
    DocumentOptions,
    PriorTurn,
    TurnContext,
    build_document,
    render_turn,
)

TURN = TurnContext(
    text="It's mostly a heist story,  with some jokes!",
    speaker="Priya",
    image_caption="a photo of a notebook",
    session_date="10:15 am on 3 March, 2021",
    previous_turns=(
        PriorTurn("Hi Priya!", "Omar"),
        PriorTurn("What is your new novel about?", "Omar", "a photo of a bookshop"),
    ),
)


def test_default_document_has_speaker_caption_and_one_previous_turn_as_context():
    doc = build_document(TURN)
    assert doc.primary == "Priya: It's mostly a heist story, with some jokes! [shared a photo: a photo of a notebook]"
    assert doc.context == "Omar: What is your new novel about? [shared a photo: a photo of a bookshop]"


def test_previous_turns_are_taken_latest_first_up_to_the_limit_in_original_order():
    doc = build_document(TURN, DocumentOptions(previous_turns=2, include_caption=False))
    assert doc.context == "Omar: Hi Priya! Omar: What is your new novel about?"
    assert build_document(TURN, DocumentOptions(previous_turns=0)).context == ""


def test_session_date_and_speaker_switches():
    doc = build_document(TURN, DocumentOptions(include_speaker=False, include_caption=False,
                                               include_session_date=True, previous_turns=0))
    assert doc.primary == "It's mostly a heist story, with some jokes! (10:15 am on 3 March, 2021)"


def test_render_turn_handles_caption_only_turns():
    assert render_turn("", "Omar", "a dog") == "Omar: [shared a photo: a dog]"
    assert render_turn("", None, "a dog") == "[shared a photo: a dog]"


def test_negative_previous_turns_is_rejected():
    with pytest.raises(ValueError):
        build_document(TURN, DocumentOptions(previous_turns=-1))
