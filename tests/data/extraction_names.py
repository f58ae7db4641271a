"""Labelled sentences for "are names names?" (issue 12, "People stay themselves").

Spec
----
* Each case is one utterance written the way people talk in a chat: interjections and
  adverbs that open a sentence ("Yup, ...", "Honestly ..."), gerunds and nouns that open one
  ("Gardening keeps me sane"), a name right after a verb ("Called Priya ..."), names at the
  start of a sentence, first names alone, full names, organisations, places, and redaction
  placeholders as the policy service writes them ("<PHONE>", "<EMAIL>").
* ``people``: every person the utterance names, exactly as the entity name should read (a full
  name when one is written, without a leading verb or interjection). ``not_people``: capitalised
  words or placeholders that must not become a person (openers, organisations, places, titles
  of works, placeholders); it documents the trap, the metric does not need it.
* Metric: over a set of cases, precision = person mentions produced whose name is in
  ``people`` / all person mentions produced; recall = ``people`` found as a person mention
  with that exact name / all ``people``. ``placeholders`` cases additionally require that no
  entity of any type is made of a placeholder.
* Split: cases at even positions are the tuning half, odd positions the held half. Rules are
  tuned on the tuning half only; the test asserts floors on the held half.
* Written for this file; no sentence is taken from a benchmark's conversations.
"""

from __future__ import annotations

CASES: list[dict] = [
    {"text": "Yup, I finally visited Emma Yates last weekend.", "people": ["Emma Yates"], "not_people": ["Yup"]},
    {"text": "Honestly, Marcus has been the best neighbour we ever had.", "people": ["Marcus"], "not_people": ["Honestly"]},
    {"text": "Gardening keeps me sane these days.", "people": [], "not_people": ["Gardening"]},
    {"text": "Called Priya this morning about the party.", "people": ["Priya"], "not_people": ["Called"]},
    {"text": "Totally! Let's do it on Saturday.", "people": [], "not_people": ["Totally", "Saturday"]},
    {"text": "Met Daniel Okafor at the conference, he works at Siemens.", "people": ["Daniel Okafor"], "not_people": ["Met", "Siemens"]},
    {"text": "Nope, never been to Lisbon.", "people": [], "not_people": ["Nope", "Lisbon"]},
    {"text": "Painting is how I unwind after work.", "people": [], "not_people": ["Painting"]},
    {"text": "Wow, that sounds amazing!", "people": [], "not_people": ["Wow"]},
    {"text": "Rosa said she would bring the cake.", "people": ["Rosa"], "not_people": []},
    {"text": "Exactly, that's what I told Tom.", "people": ["Tom"], "not_people": ["Exactly"]},
    {"text": "Cooking for the whole family is exhausting.", "people": [], "not_people": ["Cooking"]},
    {"text": "You can reach me at <PHONE> any time.", "people": [], "not_people": ["<PHONE>"], "placeholders": True},
    {"text": "Send it to <EMAIL> please.", "people": [], "not_people": ["<EMAIL>"], "placeholders": True},
    {"text": "Sure thing, Hannah!", "people": ["Hannah"], "not_people": ["Sure"]},
    {"text": "Music has always been my escape.", "people": [], "not_people": ["Music"]},
    {"text": "Went hiking with Jonas and Leila near Zermatt.", "people": ["Jonas", "Leila"], "not_people": ["Went", "Zermatt"]},
    {"text": "Traveling alone taught me a lot.", "people": [], "not_people": ["Traveling"]},
    {"text": "Awesome, congrats on the new job!", "people": [], "not_people": ["Awesome"]},
    {"text": "My sister Keiko just moved to Osaka.", "people": ["Keiko"], "not_people": ["Osaka"]},
    {"text": "Seriously, I can't believe it.", "people": [], "not_people": ["Seriously"]},
    {"text": "Saw Oliver at the gym yesterday.", "people": ["Oliver"], "not_people": ["Saw"]},
    {"text": "Reading before bed really helps me sleep.", "people": [], "not_people": ["Reading"]},
    {"text": "Hmm, I'm not sure about that.", "people": [], "not_people": ["Hmm"]},
    {"text": "My grandpa Walter taught me how to fish.", "people": ["Walter"], "not_people": []},
    {"text": "Thankfully, nobody got hurt.", "people": [], "not_people": ["Thankfully"]},
    {"text": "I work at Deloitte now, in the audit team.", "people": [], "not_people": ["Deloitte"]},
    {"text": "Yoga every morning changed my life.", "people": [], "not_people": ["Yoga"]},
    {"text": "Visited Margaret in Leeds over Easter.", "people": ["Margaret"], "not_people": ["Visited", "Leeds", "Easter"]},
    {"text": "Nature always calms me down.", "people": [], "not_people": ["Nature"]},
    {"text": "Ugh, Mondays are the worst.", "people": [], "not_people": ["Ugh", "Mondays"]},
    {"text": "Fatima and I started a book club.", "people": ["Fatima"], "not_people": []},
    {"text": "Noted, I'll remind you tomorrow.", "people": [], "not_people": ["Noted"]},
    {"text": "Running a marathon was on my bucket list.", "people": [], "not_people": ["Running"]},
    {"text": "Ahh, that makes sense now.", "people": [], "not_people": ["Ahh"]},
    {"text": "Talked to Ben about the trip to Rome.", "people": ["Ben"], "not_people": ["Talked", "Rome"]},
    {"text": "Dancing with my kids is the highlight of my week.", "people": [], "not_people": ["Dancing"]},
    {"text": "Definitely worth the wait.", "people": [], "not_people": ["Definitely"]},
    {"text": "Anyway, Carlos thinks we should leave early.", "people": ["Carlos"], "not_people": ["Anyway"]},
    {"text": "Family comes first for me.", "people": [], "not_people": ["Family"]},
    {"text": "Lena's birthday is next Friday.", "people": ["Lena"], "not_people": ["Friday"]},
    {"text": "Photography has become a real passion.", "people": [], "not_people": ["Photography"]},
    {"text": "Absolutely, Nadia, I'd love to come.", "people": ["Nadia"], "not_people": ["Absolutely"]},
    {"text": "Spotify keeps recommending the same songs.", "people": [], "not_people": ["Spotify"]},
    {"text": "Oops, I forgot my keys again.", "people": [], "not_people": ["Oops"]},
    {"text": "Brought Sofia some soup when she was sick.", "people": ["Sofia"], "not_people": ["Brought"]},
    {"text": "Volunteering at the shelter means a lot to me.", "people": [], "not_people": ["Volunteering"]},
    {"text": "Cool, see you there!", "people": [], "not_people": ["Cool"]},
    {"text": "Jamal got the job at Google!", "people": ["Jamal"], "not_people": ["Google"]},
    {"text": "Baking bread is my new hobby.", "people": [], "not_people": ["Baking"]},
    {"text": "Aww, that is so sweet of you.", "people": [], "not_people": ["Aww"]},
    {"text": "Helped Irene move into her new flat.", "people": ["Irene"], "not_people": ["Helped"]},
    {"text": "Kids grow up so fast.", "people": [], "not_people": ["Kids"]},
    {"text": "Lately, work has been crazy.", "people": [], "not_people": ["Lately"]},
    {"text": "Text me at <PHONE> or email <EMAIL> when you land.", "people": [], "not_people": ["<PHONE>", "<EMAIL>"], "placeholders": True},
    {"text": "Gosh, I miss Paris.", "people": [], "not_people": ["Gosh", "Paris"]},
    {"text": "Ines recommended a great dentist in Porto.", "people": ["Ines"], "not_people": ["Porto"]},
    {"text": "Swimming in the lake was freezing.", "people": [], "not_people": ["Swimming"]},
    {"text": "Thanks so much, Rahul!", "people": ["Rahul"], "not_people": ["Thanks"]},
    {"text": "Pottery class starts next week.", "people": [], "not_people": ["Pottery"]},
    {"text": "Finally finished the quilt for Maya.", "people": ["Maya"], "not_people": ["Finally"]},
    {"text": "Friendship means everything to me.", "people": [], "not_people": ["Friendship"]},
    {"text": "Chloe and Sam are getting married in June.", "people": ["Chloe", "Sam"], "not_people": ["June"]},
    {"text": "Basically, I need a break.", "people": [], "not_people": ["Basically"]},
    {"text": "Joined Amazon last spring as an engineer.", "people": [], "not_people": ["Joined", "Amazon"]},
    {"text": "Learning Spanish is harder than I thought.", "people": [], "not_people": ["Learning", "Spanish"]},
    {"text": "Took Luca to the zoo on Sunday.", "people": ["Luca"], "not_people": ["Took", "Sunday"]},
    {"text": "Yeah, Greta loved it too.", "people": ["Greta"], "not_people": ["Yeah"]},
    {"text": "Camping under the stars is magical.", "people": [], "not_people": ["Camping"]},
    {"text": "Mr. Okoye was my favourite teacher.", "people": ["Okoye"], "not_people": []},
    {"text": "Sadly, the concert got cancelled.", "people": [], "not_people": ["Sadly"]},
    {"text": "Ethan wants to study in Berlin.", "people": ["Ethan"], "not_people": ["Berlin"]},
]


def halves() -> tuple[list[dict], list[dict]]:
    """(tuning half, held half): even and odd positions."""
    return CASES[0::2], CASES[1::2]
