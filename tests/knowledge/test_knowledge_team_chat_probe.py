"""A second probe of what is not knowledge (issue 35, item 2), in the two voices that leaked on
turns nobody tuned on: a team's chat (a removals firm) and an adult's. No-knowledge turns are
hypotheticals and conditionals ("were we to ...", "suppose ...", "in case ...", "what if ..."), the
moment's chat and mood, opinions of the moment, jokes and hedged plans; the look-alikes say real facts
with the same words ("if it rains, we ...", "we always ... unless ...", "mad week, but we ...").

Written for this probe (wording and names of its own, in no benchmark). Even rows are the tune half
(statement_check.py was tuned on them); odd rows are the check half, measured once after tuning and
asserted at what it measured (its leaks listed, not fixed). Two check rows were parsed while the
condition reading was written ("Should business pick up, ...", "Assuming the quote comes back cheap,
..."): they are not untuned, and the check's figures count them as they came out."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 9, 14, 10, 5, tzinfo=timezone.utc)
OWNER = {"adult": "Tobias", "team": "Eulalie"}
ORG = "Larkspur Removals"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(voice: str, text: str) -> list:
    owner = OWNER[voice]
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[],
                 account_org=ORG if voice == "team" else None)


NO_KNOWLEDGE = [
    # a team's hypotheticals and conditionals whose outcome is not settled
    ("team", "If a pallet ever went missing we'd probably have to call the insurer first."),
    ("team", "Suppose the forklift packed in on a Saturday, who'd even fix it?"),
    ("team", "Were we to take on weekend jobs, we'd need another driver."),
    ("team", "What if we tried a four-day week over the summer?"),
    ("team", "In case the boss asks, I was at the depot all morning lol."),
    ("team", "Say the lorry broke down halfway to Carlisle, we'd be stuck for hours."),
    ("team", "If we ever moved to a bigger unit it'd probably be out by the ring road."),
    ("team", "Assuming the quote comes back cheap, we might go for the solar panels."),
    ("team", "Had we known about the roadworks we'd have left at six."),
    ("team", "If the rain keeps up we could end up postponing the Hendry move, who knows."),
    ("team", "Imagine if we had a crane truck of our own."),
    ("team", "If Bartholomew retired tomorrow, honestly nobody would know how the old till works."),
    ("team", "Just in case the van's not back by four, we'd borrow a trailer I guess."),
    ("team", "If only the depot had a proper canteen."),
    ("team", "In a perfect world every client would label their boxes."),
    ("team", "Were it up to me, we'd ditch the paper timesheets altogether."),
    ("team", "If we landed the university contract we'd be flat out all September."),
    ("team", "Should business pick up, we could maybe open a second yard."),
    ("team", "Picture us with a warehouse twice this size."),
    ("team", "What would happen if the alarm company went bust?"),
    # a team's chat and the moment's mood
    ("team", "Mad Monday here, phones ringing off the hook."), ("team", "The scanner's jammed again, typical lol."),
    ("team", "Doughnuts are on me today."), ("team", "Crazy busy this week."),
    ("team", "Someone's left a lasagne in the staff fridge and it's getting scary."),
    ("team", "Heating's packed in again, it's like the Arctic in here."),
    ("team", "Cake in the kitchen if anyone wants some."), ("team", "Friday can't come soon enough."),
    ("team", "Ugh, the wifi's crawling today."), ("team", "Proper grim out there, it's bucketing down."),
    ("team", "Sorry, had to dash out for a parcel."), ("team", "Back from lunch, what did I miss?"),
    ("team", "Van's finally back on the road, phew."), ("team", "What a shift that was."),
    ("team", "Right, off to load the lorry, catch you later."), ("team", "Haha Marek nearly dropped the sofa down the stairs."),
    ("team", "Kettle's on if anyone wants a brew."), ("team", "Sun's out for once!"),
    ("team", "Honestly, what a morning."), ("team", "Bit of a nightmare day, the satnav sent Kofi to the wrong Newton."),
    # a team's opinions of the moment and jokes
    ("team", "That new logo looks really sharp."), ("team", "The client meeting dragged a bit, to be honest."),
    ("team", "I reckon today's pickup went pretty smoothly."), ("team", "This spreadsheet is a total mess."),
    ("team", "The new uniforms look great on everyone."), ("team", "Today's training session was really useful."),
    ("team", "We should just hire a robot to do the stairs, haha."),
    ("team", "The kettle is officially our hardest-working employee lol."),
    ("team", "At this rate the coffee machine deserves a pay rise."),
    ("team", "Maybe we should charge the pigeons rent for the loading bay haha."),
    # a team's hedged plans
    ("team", "We'll probably look at new tracking software at some point."),
    ("team", "Thinking we might do a team night out sometime in spring."),
    ("team", "Possibly hiring a temp for the summer, nothing decided yet."),
    ("team", "Might repaint the office if we get a quiet week."),
    ("team", "We're toying with the idea of going electric for the small vans."),
    ("team", "At some point we'll maybe sort out the storage cage."),
    ("team", "We could perhaps trial Sunday collections next year."),
    ("team", "Not sure yet whether we'll renew the lease on the annex."),
    ("team", "Probably going to switch banks eventually, we'll see."),
    ("team", "Hoping to get a new website up one of these days."),
    # an adult's hypotheticals
    ("adult", "If I ever won big I'd probably buy a cottage by the sea."),
    ("adult", "Suppose I quit and went back to college, would that be mad?"),
    ("adult", "Were I ten years younger I'd be travelling right now."),
    ("adult", "What if I just repainted the whole flat yellow?"),
    ("adult", "In case it snows on Saturday, I guess I'd just stay in."),
    ("adult", "If I had a garden I would grow tomatoes."),
    ("adult", "Imagine having a whole month off."), ("adult", "If my knee were better I'd try a half marathon."),
    ("adult", "Say I moved to Glasgow, I'd need a new job."),
    ("adult", "Assuming the bonus comes through, maybe I'll finally get a new sofa."),
    ("adult", "If only I could sleep in tomorrow."), ("adult", "Had I known it would rain I'd have brought a brolly."),
    # an adult's small talk
    ("adult", "Mad week here."), ("adult", "The boiler's making that noise again lol."),
    ("adult", "What a weekend."), ("adult", "Rough night, barely slept."),
    ("adult", "Dinner's on me next time."), ("adult", "Ugh, the bus was late again."),
    ("adult", "Sorry, got distracted by the cat."), ("adult", "Oh it's absolutely tipping down now."),
    ("adult", "Finally Friday!"), ("adult", "Back again, sorry about that."),
    ("adult", "My phone's about to die, quick one."), ("adult", "Haha, that's brilliant."),
    ("adult", "Man, I need a holiday."), ("adult", "Such a gorgeous evening out."),
    ("adult", "Right, let's see."), ("adult", "Oh great, the neighbour's drilling again."),
    ("adult", "Phew, that was a long call."), ("adult", "Ha, tell me about it."),
    # an adult's opinions of the moment and jokes
    ("adult", "That film last night was pretty good actually."), ("adult", "The new café on the corner seems nice."),
    ("adult", "Today's lunch was disappointing."), ("adult", "That podcast episode was a bit dull."),
    ("adult", "This chair is so uncomfortable."), ("adult", "The match was a total letdown."),
    ("adult", "My plants are definitely plotting against me lol."),
    ("adult", "At this point the cat owns the sofa, not me haha."),
    ("adult", "I'm basically powered by toast at this stage."),
    ("adult", "My sourdough starter has more social life than me lol."),
    # an adult's hedged plans
    ("adult", "I'll probably redo the bathroom at some point."), ("adult", "Thinking of maybe taking up yoga, we'll see."),
    ("adult", "Might book a weekend away if work calms down."),
    ("adult", "Could be that I go to the reunion, haven't decided."),
    ("adult", "Possibly getting a bike in the spring."), ("adult", "I'm half thinking about learning Spanish."),
    ("adult", "Might pop over to my sister's later, not sure."),
    ("adult", "Perhaps I'll try that climbing place someday."),
    ("adult", "I'm toying with the idea of selling the car."), ("adult", "I guess I could start running again, eventually."),
    # more of a team's
    ("team", "If the lift's out again tomorrow we'll probably just carry everything down, ugh."),
    ("team", "Suppose we started charging for boxes, would anyone even notice?"),
    ("team", "Loads of rain today, the yard's a swamp."), ("team", "Pizza Friday, anyone?"),
    ("team", "Hope everyone had a good weekend!"), ("team", "Quiet one today."),
    ("team", "Sorry all, laptop crashed."), ("team", "Lol the new guy thought the tape gun was a stapler."),
    ("team", "Well that meeting could have been an email."), ("team", "The printer is possessed today, I swear."),
    ("team", "If the ferry's cancelled, I suppose we'd take the long way round."),
    ("team", "We might get a dog for the office one day haha."),
]

# Turns said with the same words that do tell something (at least one fact expected).
KNOWLEDGE = [
    ("team", "If it rains, we move the packing into the back shed."),
    ("team", "We always wrap mirrors in two layers unless the client supplies crates."),
    ("team", "In case of a fire, everyone meets at the front gate."),
    ("team", "If a box arrives damaged, we photograph it before signing."),
    ("team", "Whenever the big van is in for a service, we hire from Dunmore Vans."),
    ("team", "If a client cancels within 48 hours, we keep the deposit."),
    ("team", "Unless it's an emergency, call-outs wait until Monday."),
    ("team", "The printer upstairs is for colour jobs only."),
    ("team", "Coffee is free for all staff."), ("team", "We open at 7 on weekdays."),
    ("team", "Should the alarm go off, ring Ottoline first."),
    ("team", "If the lift is out of order, we use the goods stairs at the back."),
    ("team", "Our depot is on Fairhaven Road."), ("team", "Bartholomew does the invoicing every Thursday."),
    ("team", "Lol, Marek is our longest-serving driver."), ("team", "Mad week, but we still finish at 4 on Fridays."),
    ("team", "Drivers must do a walkaround check before every trip."),
    ("team", "If anyone's off sick, they text Ottoline before 7."),
    ("team", "In wet weather we cover the sofas in plastic."), ("team", "We never move pianos without three people."),
    ("team", "If the client isn't home, we leave a card and rebook."), ("team", "Our insurer is Kestrel Mutual."),
    ("team", "Ruaridh handles all the storage bookings."), ("team", "Overtime needs sign-off from Ottoline."),
    ("team", "The yard gate is locked at 6 every evening."), ("team", "We charge extra for anything above the third floor."),
    ("team", "Haha, yes, Delphine is the one who trains new drivers."),
    ("team", "Morning all! Just a reminder that timesheets are due on Fridays."),
    ("team", "If a job runs past 6, the crew gets paid time and a half."), ("team", "Cheers. We use Movepoint for quotes."),
    ("adult", "If I drink coffee after 3 I can't sleep."), ("adult", "I always cycle to work unless it's icy."),
    ("adult", "If I eat wheat I get a rash."), ("adult", "Mad week, I've just started a new job at the library."),
    ("adult", "Ugh, my knee. I had surgery on it in 2019."),
    ("adult", "I'd never eat meat, I've been vegan for ten years."),
    ("adult", "My sister Henrietta lives in Dundee."), ("adult", "Whenever I visit my mum, I take the train."),
    ("adult", "I'm allergic to penicillin."), ("adult", "In case you need it, my partner's name is Cosimo."),
    ("adult", "Honestly, I hate mushrooms."), ("adult", "Lol, I work nights at the hospital."),
    ("adult", "If it's sunny on Sunday, I usually go for a swim in the lake."),
    ("adult", "I play the trumpet in a brass band."),
    ("adult", "Sorry I'm late, I volunteer at the food bank on Tuesdays."), ("adult", "My flat is in Leith."),
    ("adult", "I can't stand horror films."), ("adult", "I'm training to be an electrician."),
    ("adult", "My daughter Philippa starts school in September."), ("adult", "Thanks! I'm a vegetarian by the way."),
    ("adult", "I love crosswords."), ("adult", "I take the dog out every morning at 7."),
    ("adult", "My brother Lachlan is a firefighter."), ("adult", "I'm learning the banjo."),
    ("adult", "We always go to Cornwall in August."), ("adult", "My boss is called Imelda."),
    ("adult", "I don't eat pork."), ("adult", "I grew up in Shetland."),
    ("adult", "Unless I'm working, I visit my gran on Sundays."), ("adult", "If I'm running late, I text my partner."),
]


def _half(rows: list, half: str) -> list:
    return [r for n, r in enumerate(rows) if n % 2 == (0 if half == "tune" else 1)]


# Leaks as measured: the tune half after tuning on it (a joke said about a thing, which the parse does
# not tell from news); the check half once, untuned. A new leak fails; a fixed one is taken off here.
KNOWN_LEAKS = {
    "tune": {"My plants are definitely plotting against me lol."},
    "check": {  # measured once (2026-12-05), untuned: 5 of 61 (7 on the check before this probe's tuning)
        "If the rain keeps up we could end up postponing the Hendry move, who knows.",  # "could end up" under a condition
        "Heating's packed in again, it's like the Arctic in here.",  # "Heating" read as a name
        "Bit of a nightmare day, the satnav sent Kofi to the wrong Newton.",  # the day's news, someone named
        "The client meeting dragged a bit, to be honest.",  # the moment's news, no word of the moment
        "The kettle is officially our hardest-working employee lol.",  # a joke about a thing
    },
}


@pytest.mark.parametrize("half", ["tune", "check"])
def test_no_knowledge_is_made_from_a_teams_or_an_adults_chat(half):
    made = {text: [f.text for f in fs] for voice, text in _half(NO_KNOWLEDGE, half) if (fs := facts(voice, text))}
    assert set(made) <= KNOWN_LEAKS[half], f"{len(set(made) - KNOWN_LEAKS[half])} turns made knowledge: " \
                                           f"{ {t: made[t] for t in set(made) - KNOWN_LEAKS[half]} }"


# floors measured on this probe: tune 24/30 = 0.8, check 27/30 = 0.9 (measured once, untuned); the
# readers miss the others ("If I eat wheat I get a rash", "In case of a fire, everyone meets at the front gate")
FLOOR = {"tune": 0.8, "check": 0.9}


@pytest.mark.parametrize("half", ["tune", "check"])
def test_facts_said_with_the_same_words_still_teach(half):
    rows = _half(KNOWLEDGE, half)
    missed = [text for voice, text in rows if not facts(voice, text)]
    taught = 1 - len(missed) / len(rows)
    assert taught >= FLOOR[half], f"{len(missed)} of {len(rows)} taught nothing: {missed}"


def test_the_probe_is_the_size_it_says():
    assert len(NO_KNOWLEDGE) >= 120 and len(KNOWLEDGE) >= 60
