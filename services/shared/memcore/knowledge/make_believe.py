"""A child's make-believe, taken for a fact (issue 35, precision): pretend play, games and toys brought to life
tell nothing a note-taker keeps (docs/formation-spec.md, "What is not knowledge": pretend play).

A sentence is play when it
- casts the owner as a creature or a character of a game: "I'm a tiger now, rawr!", "I'm a princess and I live in
  a castle", "I'm the queen and you have to bow", "I'm a superhero and my power is super speed" (an animal, a
  creature of stories, or a part children play, said of "I" with "a", "an" or "the" and nothing after the noun that
  makes it a person's trait: "I'm a night owl", "I'm a cat person", "I'm a horse rider" are no play);
- is said inside a game's frame: "let's play shops, I'm the shopkeeper", "you be the monster and I'll be the
  knight", "let's say I'm the mum", "in my story the princess has a pet tiger", "once upon a time ...";
- brings a pretend creature or a toy to life: "my dragon breathes fire", "my unicorn Glitter can fly to the
  stars", "my teddy is the king and he eats clouds", "my toy car goes a million miles an hour" (a toy only with
  a word of a living or ruling being: "my doll is from my grandma" is a toy's fact and stays).

Each whole sentence of the turn is read alone; a card whose value's words come from a play sentence (two thirds of
them at least, and no straight sentence holds more of them) is dropped, unless it names the toy or the creature
("my teddy is called Bao", "my dragon plushie is named Fang": a name is the child's fact). Pure: the turn's text
as typed and its cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact
from .vocabulary import PETS

_WILD = frozenset("""tiger tigers lion lions bear bears wolf wolves fox foxes elephant elephants monkey monkeys shark sharks
whale whales dolphin dolphins cheetah leopard panther jaguar zebra giraffe hippo rhino crocodile alligator penguin owl
eagle hawk butterfly bee frog toad octopus kangaroo koala panda gorilla dinosaur dinosaurs t-rex trex raptor
cub kitty puppy doggy""".split())
# creatures of stories: never an owner's pet, never who a child is
_CREATURES = frozenset("""dragon dragons unicorn unicorns mermaid mermaids merman fairy fairies pixie elf elves goblin troll
ogre giant monster monsters ghost ghosts vampire werewolf zombie wizard witch sorcerer sorceress genie pegasus phoenix
griffin yeti superhero superheroes superheroine robot alien dinosaur dinosaurs""".split())
# the parts children play: "I'm the queen", "you be the baddie"
_PARTS = frozenset("""princess prince king queen knight pirate pirates ninja baddie goodie villain""".split())
_CAST = (PETS | _WILD | _CREATURES | _PARTS) - frozenset(("fish",))  # ("a cold fish", "a fish out of water": figures)
# a noun heading a trait, said after an animal ("a cat person", "a dog walker", "a horse rider", "a bee keeper")
_AFTER_NOUN = r"(?=\s*(?:$|[,.!?;:]|(?:now|today|tonight|again|too|and|with|who|that|in|on|at|from|of|called|named|so|but|" \
    r"because|rawr+|roar+|meow+|woof+)\b))"
# figures of speech built on an animal: what they say is a trait, not play
_FIGURES = re.compile(r"(?i)\b(?:night\s+owl|early\s+bird|social\s+butterfly|lone\s+wolf|party\s+animal|guinea\s+pig|"
                      r"busy\s+bee|dark\s+horse|cold\s+fish|couch\s+potato|scaredy[\s-]?cat|copy[\s-]?cat|fat\s+cat|"
                      r"big\s+kid|lucky\s+duck|bookworm|bit\s+of\s+an?)\b")
_NOUNS = "|".join(sorted((re.escape(w) for w in _CAST), key=len, reverse=True))
# "I'm a tiger", "I am the queen", "I'll be the knight", "now I'm a big scary dragon"
_CAST_AS = re.compile(rf"(?i)\b(?:I['’]m|I\s+am|I['’]ll\s+be|I\s+will\s+be|I\s+can\s+be|I\s+be)\s+(?:now\s+|just\s+)?"
                      rf"(?:a|an|the)\s+(?:[a-z-]+\s+){{0,2}}?(?:{_NOUNS}){_AFTER_NOUN}")
# a game's frame: "let's play shops", "let's pretend", "let's say I'm", "you be the monster", "pretend you're",
# "in my story", "once upon a time"
_FRAME = re.compile(r"(?i)^\W*(?:(?:let['’]?s|lets|let\s+us)\s+(?:play\b(?!\s+(?:a|another)\s+(?:game|quiz)\b)|pretend\b|"
                    r"say\s+(?:I['’]m|you['’]re|we['’]re)\s+(?:a|an|the)\b|"
                    r"be\s+(?:a|an|the)\b|make\s+believe\b)|(?:ok\s+|okay\s+|now\s+)?pretend\b|you\s+be\s+(?:a|an|the)\b|"
                    r"you['’]re\s+the\s+[a-z]+\s+and\s+I['’]m\b|in\s+my\s+(?:story|stories|game|dream|pretend\s+\w+|"
                    r"imagination)\b(?!\s+(?:club|group|night|time|job|home|house|car)\b)|once\s+upon\s+a\s+time\b|"
                    r"once\s+there\s+(?:was|were|lived)\b)")
# a pretend creature of the owner's brought to life: "my dragon breathes fire", "my unicorn Glitter can fly"
# (only creatures no one has: "my little monster" is a child, "my robot" a vacuum cleaner)
_STORY_ONLY = frozenset("""dragon dragons unicorn unicorns mermaid mermaids fairy fairies pixie elf elves goblin troll
ogre genie pegasus phoenix griffin yeti dinosaur dinosaurs superhero superheroes""".split())
_CREATURE_NOUNS = "|".join(sorted((re.escape(w) for w in _STORY_ONLY), key=len, reverse=True))
_MY_CREATURE = re.compile(rf"(?i)\b(?:my|our)\s+(?:(?:pet|pretend|magic|imaginary)\s+)?(?:{_CREATURE_NOUNS})\b"
                          r"(?!\s+(?:toy|toys|plushie|teddy|costume|book|books|party|cake|lamp|game|poster|jumper|pyjamas)\b)")
# a toy, said to rule or live: "my teddy is the king and he eats clouds", "my toy car goes a million miles an hour"
_MY_TOY = re.compile(r"(?i)\b(?:my|our)\s+(?:(?:toy|cuddly|soft)\s+[a-z]+|teddy(?:\s+bear)?|teddies|dolly|dollies|dolls?|"
                     r"toys|plushies?|stuffies|stuffed\s+[a-z]+)\b")
_ALIVE = re.compile(r"(?i)\b(?:king|queen|prince|princess|boss|captain|chief|ruler|emperor|magic|million|billion|zillion|"
                    r"gazillion|eats?|flies|fly|breathes?|talks?|says|speaks?|roars?|can\s+(?:fly|talk|speak|swim|run)|"
                    r"superpowers?|powers?)\b")
_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD = re.compile(r"[^\W_]+")
_SMALL = frozenset("a an the and or of to in on at for with by from is are was were be been he she it they his her my our "
                   "i me s t m ll re ve d".split())
_NAMING = re.compile(r"(?i)\b(?:called|named|name|names)\b")


def _content(text: str, owner: str = "") -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _SMALL - {w.lower() for w in _WORD.findall(owner)}


def _cast_as(sentence: str) -> bool:
    m = _CAST_AS.search(sentence)
    return m is not None and not _FIGURES.search(m.group(0))


def play_sentences(text: str) -> list[str]:
    """The sentences of the turn that are play: the owner cast as a creature or a part, a game's frame, a pretend
    creature or a toy brought to life."""
    return [s for s in _SENTENCES.split(text) if s.strip() and (
        _cast_as(s) or _FRAME.match(s) or _MY_CREATURE.search(s) or _MY_TOY.search(s) and _ALIVE.search(s))]


def _names_it(card: Fact) -> bool:
    """A card that names the toy or the creature ("my teddy is called Bao", "a teddy called Bao", "my favourite toy
    is my dinosaur Rex")."""
    return bool(_NAMING.search(card.predicate.replace("_", " ")) or _NAMING.search(card.value)
                or any(w[:1].isupper() for w in card.value.split()[1:]) or card.value[:1].isupper())


def without_make_believe(cards: list[Fact], text: str, owner: str = "") -> list[Fact]:
    """The turn's cards without those drawn from a sentence of play."""
    played = [_content(s) for s in play_sentences(text)]
    if not played:
        return cards
    straight = [_content(s) for s in _SENTENCES.split(text) if s.strip() and s not in play_sentences(text)]

    def in_play(card: Fact) -> bool:
        words = _content(card.value, owner)  # ("ate Mateo's homework": the owner's name is no word said)
        if not words or _names_it(card):
            return False
        most = max(len(words & s) for s in played)
        return most * 3 >= len(words) * 2 and most > max((len(words & s) for s in straight), default=0)

    return [c for c in cards if not in_play(c)]


__all__ = ["play_sentences", "without_make_believe"]
