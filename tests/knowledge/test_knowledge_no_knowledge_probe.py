"""A labelled probe of what is not knowledge (issue 35, item 2): user turns that assert nothing
(questions of every shape, requests to the assistant, greetings, thanks, jokes, fillers, wishes and
hypotheticals, what the assistant said, an uncertain plan) and turns that look like them but do tell
something ("yes, every Sunday" after a question, "we close at 6", "I can't eat nuts").

Sentences written for this probe, in a child's, an adult's and a team's voice, not from any
benchmark's data. Every other row (odd index) is the check half: it was not looked at while the
check (memcore/knowledge/statement_check.py) was tuned; both halves are asserted here, the check half
at what it measured once (its three leaks are listed, not fixed)."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 6, 3, 17, 30, tzinfo=timezone.utc)
OWNER = {"child": "Tamsin", "adult": "Rafe", "team": "Odile"}
ORG = "Brackenfield Dental"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(voice: str, asked: str | None, text: str) -> list:
    previous = [f"assistant: {asked} (03 June 2026)"] if asked else []
    owner = OWNER[voice]
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous,
                 account_org=ORG if voice == "team" else None)


# (voice, the assistant's line before it or None, the user's turn)
NO_KNOWLEDGE = [
    # questions: wh-, yes/no, without a question mark, declarative, tag, embedded
    ("child", None, "why is the sky blue?"), ("adult", None, "What's the quickest way to descale a kettle?"),
    ("team", None, "Who's covering reception on Friday?"), ("child", None, "how many legs does a spider have"),
    ("adult", None, "is it too late to plant tomatoes"), ("team", None, "when does the new insurance form kick in"),
    ("child", None, "you know what a narwhal is?"), ("adult", None, "So the train leaves at ten, right?"),
    ("team", None, "The invoices went out already, didn't they?"), ("child", None, "dinosaurs were real, weren't they"),
    ("adult", None, "I wonder if it will snow this weekend."), ("team", None, "I wonder whether Stellan signed the lease."),
    ("child", None, "do you know whether sharks sleep"), ("adult", None, "Do you know if the pharmacy opens on Sundays?"),
    ("team", None, "Any idea how we export the rota to a spreadsheet?"), ("child", None, "what's the biggest number ever"),
    ("adult", None, "Could it be the thermostat that's broken?"), ("team", None, "Does anyone remember the alarm code for the side door?"),
    ("child", None, "are unicorns real or pretend"), ("adult", None, "Would it be rude to leave early tonight?"),
    ("team", None, "Should we be charging for missed appointments?"), ("child", None, "but why do cats purr"),
    ("adult", None, "I was wondering what a good gift for a retiring colleague is."),
    ("team", None, "Not sure who approves overtime now?"), ("child", None, "how do you spell rhinoceros"),
    ("adult", None, "Which is healthier, rice or pasta?"), ("team", None, "What's the status on the x-ray machine repair"),
    ("adult", None, "I'd like to know how long passports take to renew."),
    ("child", "Do you want to hear about volcanoes?", "what do they sound like?"),
    ("adult", "The museum closes at 5.", "and is it free?"),
    # requests and imperatives to the assistant
    ("child", None, "can you tell me a story about a pirate cat"), ("adult", None, "Could you draft a polite reply to my landlord?"),
    ("team", None, "Can you summarise this thread for Jarrah?"), ("child", None, "tell me a joke about bananas"),
    ("adult", None, "Please make a shopping list for lasagne."), ("team", None, "Let's look at the July rota together."),
    ("child", None, "lets play twenty questions"), ("adult", None, "Remind me to call the garage at four."),
    ("team", None, "Draft an email to the suppliers about the late gloves."), ("child", None, "sing the sleepy song again"),
    ("adult", None, "Give me three ideas for a rainy Saturday."), ("team", None, "Write up the minutes from this morning please."),
    ("child", None, "say it in a robot voice"), ("adult", None, "Would you mind checking my cover letter?"),
    ("team", None, "I need you to list every patient due a recall in August."), ("child", None, "do the dragon one again"),
    ("adult", None, "Help me plan a route through the Lakes."), ("team", None, "Show me last quarter's cancellations."),
    ("child", None, "make it longer and put a unicorn in it"), ("adult", None, "Translate 'where is the station' into Portuguese."),
    ("team", None, "Just book the usual room for the training day."), ("adult", None, "Explain compound interest like I'm twelve."),
    ("child", None, "pick a number between one and ten"), ("team", None, "Set a reminder to chase the lab."),
    ("adult", None, "Let me think about it and get back to you."), ("team", None, "Let's park that until Monday."),
    ("child", "Shall I keep going?", "yes please keep going"), ("adult", "Want me to shorten it?", "yes, shorter please"),
    ("team", "Should I include the prices?", "yes include them"), ("adult", None, "Try again but funnier."),
    # greetings, acknowledgements, thanks, exclamations, jokes, fillers
    ("child", None, "hiya!!"), ("adult", None, "Good morning!"), ("team", None, "Morning all."),
    ("child", None, "byeee see you tomorrow"), ("adult", None, "Thanks, that's really helpful."), ("team", None, "Cheers, perfect."),
    ("child", None, "thank you so much!!"), ("adult", None, "Got it."), ("team", None, "Sounds good to me."),
    ("child", None, "ok"), ("adult", None, "Hmm."), ("team", None, "Noted, thanks."), ("child", None, "lol"),
    ("adult", None, "Wow, that's amazing!"), ("team", None, "Brilliant, nice one."), ("child", None, "that's sooo funny"),
    ("adult", None, "Oh no, how annoying."), ("team", None, "Fair enough."), ("child", None, "knock knock"),
    ("child", None, "why did the cow cross the road? to get to the udder side!"), ("adult", None, "Ha, good one."),
    ("team", None, "Great stuff everyone."), ("child", None, "yay!!!"), ("adult", None, "Right, okay then."),
    ("team", None, "Makes sense."), ("child", None, "hmm i dunno"), ("adult", None, "Never mind."),
    ("team", None, "No worries at all."), ("child", None, "ooh cool"), ("adult", None, "Perfect, thank you!"),
    ("team", None, "Will do."), ("child", None, "you're silly"), ("adult", None, "You're a lifesaver."),
    ("team", None, "Happy Friday!"), ("child", None, "goodnight"), ("adult", None, "That's hilarious, honestly."),
    ("child", "Did you like the story?", "yeah it was cool"), ("adult", "Does that help?", "Yes, a bit."),
    ("team", "Is that everything?", "yep that's all"), ("child", "Did I get that right?", "no, never mind"),
    ("adult", "Anything else?", "No, that's it."), ("team", "Shall I send it?", "No, never. Not yet."),
    ("child", "Want another riddle?", "nah"), ("adult", None, "Sorry, typo."), ("team", None, "Oops, wrong chat."),
    ("child", None, "what a funny dragon"), ("adult", None, "What a day."), ("team", None, "Good catch."),
    # hypotheticals, conditionals, wishes, pretend
    ("child", None, "if I had a dragon I would call it Ember"), ("adult", None, "If I won the lottery I'd buy a boat."),
    ("team", None, "If we had another hygienist we could open Saturdays."), ("child", None, "I wish I could fly"),
    ("adult", None, "I wish I had more time for reading."), ("team", None, "I wish the printer worked for once."),
    ("child", None, "imagine if dogs could talk"), ("adult", None, "Imagine living on a houseboat."),
    ("team", None, "Suppose we moved the staff meeting to Thursdays."), ("child", None, "what if the moon was made of cheese"),
    ("adult", None, "What if I took a year off?"), ("team", None, "In an ideal world we'd have two receptionists."),
    ("child", None, "pretend you are a tiger"), ("adult", None, "If only I'd booked earlier."),
    ("team", None, "Hypothetically, could we close over Christmas?"), ("child", None, "if I was a fish I'd live in the sea"),
    ("adult", None, "I'd love a dog if our flat allowed it."), ("team", None, "Say we hired a locum, what would that cost?"),
    ("adult", None, "If it were up to me we'd never have meetings."), ("child", None, "I wish it was my birthday every day"),
    # what the assistant said, reported back
    ("child", None, "you said octopuses have three hearts"), ("adult", None, "You told me the deadline was Friday."),
    ("team", None, "You mentioned the audit is in September."), ("child", None, "like you said, bees dance"),
    ("adult", None, "As you said, the boiler needs a service."), ("team", None, "According to you the form is optional."),
    ("adult", None, "You suggested I try the Pomodoro thing."), ("child", None, "you told me whales sing"),
    # an uncertain future
    ("child", None, "maybe I'll be a vet"), ("adult", None, "Maybe I'll try pottery."),
    ("team", None, "Perhaps we'll switch to a new booking system."), ("adult", None, "I might go swimming tomorrow, not sure."),
    ("child", None, "i might build a den later"), ("team", None, "We may or may not hire in the spring."),
    ("adult", None, "Not sure if I'll go to the reunion."), ("child", None, "maybe we'll go to the park, maybe not"),
    ("team", None, "We might look at new chairs next year."), ("adult", None, "I may have a look at evening classes."),
    # small talk: the moment's mood, weather and news, said as statements
    ("child", None, "I'm so bored"), ("adult", None, "Long week."), ("team", None, "Busy morning, the phones haven't stopped."),
    ("child", None, "ugh it's raining again"), ("adult", None, "I'm shattered today."), ("team", None, "Coffee machine's broken again lol."),
    ("child", None, "my tummy feels funny"), ("adult", None, "Traffic was a nightmare this morning."),
    ("team", None, "Bit quiet today."), ("child", None, "I'm hungry now"), ("adult", None, "It's so hot in here."),
    ("team", None, "Glad it's Friday."), ("child", None, "this is the best day ever"), ("adult", None, "Ugh, Mondays."),
    ("team", None, "What a week it's been."), ("child", None, "I'm back!"), ("adult", None, "Just got home."),
    ("team", None, "Sorry, I'm running a few minutes late."), ("child", None, "me and you are friends"),
    ("adult", None, "Ah, I see what you mean now."), ("team", None, "That's a fair point actually."),
    ("child", None, "I know right"), ("adult", None, "I guess so."), ("team", None, "Same here."),
]

# Turns that look like the above but tell something (at least one fact expected).
KNOWLEDGE = [
    ("child", "Do you go swimming?", "yes, every Sunday"), ("team", "What time do you close?", "we close at 6"),
    ("adult", "Any allergies I should know about?", "I can't eat nuts"), ("child", "Do you have any pets?", "yes a hamster called Biscuit"),
    ("adult", "Where do you work?", "at a bakery in Leith"), ("child", "What's your favourite colour?", "purple!"),
    ("adult", "How old are you?", "41"), ("team", "Who handles the payroll?", "Marguerite does the payroll"),
    ("child", "Who's your best friend?", "Ottilie"), ("adult", "Do you like jazz?", "Nope, I hate jazz."),
    ("child", "What are you scared of?", "thunderstorms"), ("adult", "Do you play anything?", "Yes, I play the cello."),
    ("team", None, "We close at 6 on Saturdays."), ("adult", None, "I can't eat nuts."),
    ("child", None, "Thanks! My sister is called Primrose."), ("child", None, "hi I'm Tamsin and I'm eight"),
    ("adult", None, "Good morning! I'm a nurse at St Columba's."), ("team", None, "Morning! Our new hygienist is Kwabena."),
    ("team", None, "If a patient is late by 15 minutes, we rebook them."), ("adult", None, "If I eat shellfish I come out in hives."),
    ("child", None, "I'll be nine in May"), ("adult", None, "I'm going to Lisbon in August."),
    ("adult", None, "You know, I really love jazz."), ("team", None, "Please note that invoices go out on the 1st."),
    ("team", None, "Remember, Zainab is our practice manager."), ("adult", None, "Just so you know, I'm vegetarian."),
    ("child", None, "let me tell you about my dog Pickle, he's a beagle"), ("adult", None, "I wish I had more time, I work two jobs."),
    ("child", None, "my grandma lives in Malta, do you know it?"), ("adult", None, "I think I'm allergic to cats."),
    ("team", None, "No phones in the surgery rooms."), ("child", None, "Mum says no sweets before dinner."),
    ("team", None, "We never book new patients on Fridays."), ("adult", None, "My partner Jonas is a chef."),
    ("child", None, "I hate peas but I love sweetcorn"), ("adult", None, "We moved to Bristol last year."),
    ("team", None, "Our standup is every morning at 9.15."), ("child", None, "I do karate on Tuesdays"),
    ("adult", None, "Honestly, I can't stand olives."), ("team", None, "Stellan runs the front desk."),
    ("child", None, "wow! I got a gold star for reading today"), ("adult", None, "Sorry, I meant my brother Idris lives in Cardiff."),
    ("team", None, "Thanks. The fire drill is every first Monday."), ("child", None, "my teacher is Mr Achebe, he's funny"),
    ("adult", None, "I have to take my inhaler every morning."), ("team", None, "Everyone has to wear a badge on the floor."),
    ("child", None, "I'm not allowed to play outside after dark"), ("adult", None, "I've been learning Welsh for two years."),
    ("team", None, "Refunds over £100 need Marguerite's sign-off."), ("child", None, "I love drawing horses"),
    ("adult", "What do you do for fun?", "mostly bouldering"), ("team", "Who do we order gloves from?", "Medisupply, usually"),
    ("child", "Do you have brothers or sisters?", "yeah a little brother called Alfie"),
    ("adult", "Is your mum still in Leeds?", "Yes, she lives in Headingley."),
    ("team", "Which day is the deep clean?", "Wednesdays after close"), ("child", "What do you want for your birthday?", "a telescope"),
    ("adult", None, "Ha! My dad is a retired pilot."), ("team", None, "FYI we use Dentally for bookings."),
    ("child", None, "ok so my cat is called Mittens"), ("adult", None, "Yeah, I'm a night owl."),
    ("team", None, "Cool, so Ravi starts on the 14th."), ("adult", None, "My daughter Elspeth is at university in York."),
    ("child", None, "I'm scared of the dark"), ("adult", None, "I usually run on Saturday mornings."),
    ("team", None, "Sterilisation logs are checked every Friday by Ravi."), ("child", None, "my favourite food is pancakes"),
    ("adult", None, "I don't drink coffee."), ("team", None, "We don't take cash any more."),
    ("child", None, "my uncle Bram has a boat"), ("adult", None, "I'm training for the Edinburgh marathon."),
    ("team", None, "Our lab is Fenwick Dental Lab in Durham."), ("child", None, "I go to Beech Hill Primary"),
    ("adult", None, "I speak Dutch and a bit of German."), ("team", None, "New starters shadow Zainab for a week."),
    ("adult", None, "Oh, and my landlord is called Mr Petrakis."), ("child", None, "i can ride my bike without stabilisers now"),
    # states that last, said like the moment's mood
    ("child", None, "I'm shy around new people"), ("adult", None, "I'm diabetic."), ("team", None, "We're busy every Monday morning."),
    ("child", None, "I'm really good at maths"), ("adult", None, "I always get hay fever in June."),
    ("team", None, "The phones are busiest between 8 and 9."), ("child", None, "I get bored at swimming"),
    ("adult", None, "I'm a morning person."),
    # (added last, so that no row above changes half) a request that carries a dated occasion: the formation spec
    # labels it with that fact; it was listed above as no knowledge, in place of "Set a reminder to chase the lab."
    ("team", None, "Set a reminder for the fire drill next Tuesday."),
]


def _half(rows: list, half: str) -> list:
    return [r for n, r in enumerate(rows) if n % 2 == (0 if half == "tune" else 1)]


# Leaks of the check half as first measured (2026-12-05, after tuning on the other half only): left as
# they are so that the half stays one nobody tuned on. A new leak fails; a fixed one is taken off here.
KNOWN_CHECK_LEAKS = {
    "byeee see you tomorrow",  # a goodbye read as an event
    "Traffic was a nightmare this morning.",  # the moment's news read as an event
    "Ugh, Mondays.",  # a groan read as a routine
}


@pytest.mark.parametrize("half", ["tune", "check"])
def test_no_knowledge_is_made_from_turns_that_assert_nothing(half):
    made = {text: [f.text for f in fs] for voice, asked, text in _half(NO_KNOWLEDGE, half)
            if (fs := facts(voice, asked, text))}
    known = KNOWN_CHECK_LEAKS if half == "check" else set()
    assert set(made) <= known, f"{len(set(made) - known)} turns made knowledge: { {t: made[t] for t in set(made) - known} }"


# floors measured on this probe: tune half 38/42 = 0.905, check half 36/42 = 0.857 (measured once, untuned)
FLOOR = {"tune": 0.9, "check": 0.85}


@pytest.mark.parametrize("half", ["tune", "check"])
def test_turns_that_tell_something_still_teach(half):
    rows = _half(KNOWLEDGE, half)
    missed = [text for voice, asked, text in rows if not facts(voice, asked, text)]
    taught = 1 - len(missed) / len(rows)
    assert taught >= FLOOR[half], f"{len(missed)} of {len(rows)} taught nothing: {missed}"


def test_the_probe_is_the_size_it_says():
    assert len(NO_KNOWLEDGE) >= 150 and len(KNOWLEDGE) >= 80
