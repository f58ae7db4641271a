"""Who a card is about, on names from everywhere: fills sentence templates (two people of the owner's, a
tie word and a name each, an age, a job, a town or a liking, pronouns, commas or none, typed lower-case,
answers to the assistant's question) with names from many languages, runs `reading.learn` on each, and
counts the cards whose subject is not the person the template says the fact is about.

Kinds counted:
- `wrong_subject`: a card holds the fact's value under another subject;
- `missing`: no card holds the fact's value at all;
- `garbled`: a card's text or value is broken: a possessive of "My"/"Our", a name said twice, or a
  value holding another person's name.

Pure: prints counts (and with `--rows` the flagged sentences and their cards); no I/O beyond printing.

  .venv/bin/python tools/research/subject_probe.py [--rows] [--kind wrong_subject]
"""
from __future__ import annotations

import argparse
import re
from collections import Counter
from datetime import datetime, timezone

from memcore.knowledge.reading import learn
from memcore.retrieval.document_text import render_turn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
OWNER = "Sam"

# names from many languages, several of them also words or kin words somewhere
NAMES = ["Ama", "Efua", "Bo", "Mia", "Teva", "Mélia", "Nana", "Baba", "Will", "May", "Hope", "Joy", "Grace",
         "Mark", "Rose", "June", "Sunny", "Apa", "Kaka", "Mara", "Oyelaran", "Siosaia", "Aigerim", "Thandiwe",
         "Nguyen", "Priyanka", "Tupac", "Bill", "Mama", "Bubu", "Ngozi", "Kawika", "Yusuf", "Ahanu", "Liesl",
         "Dolkar", "Ximena", "Tavita", "Ikaika", "Zhenya"]
TIES = [("my", "uncle", "he"), ("my", "cousin", "she"), ("my", "niece", "she"), ("our", "neighbour", "he"),
        ("my", "aunt", "she"), ("my", "partner", "she"), ("our", "son", "he"), ("my", "friend", "he"),
        ("my", "sister", "she"), ("my", "grandad", "he")]
JOBS = [("is a nurse", "nurse"), ("fixes boats", "boats"), ("is a lawyer", "lawyer"), ("drives a taxi", "taxi"),
        ("works as a welder", "welder")]
PLACES = ["Hull", "Lagos", "Apia", "Almaty", "Cusco"]
LIKES = [("loves netball", "netball"), ("likes chess", "chess"), ("is allergic to peanuts", "peanuts")]
AGES = [("9", "9"), ("fourteen", "fourteen"), ("72", "72")]

# (template, [(which person, value terms)]) ; {t1} {n1} {p1} are the first person's tie, name, pronoun
TEMPLATES = [
    ("{o1} {t1} {n1} {job} and {o2} {t2} {n2} is {age}", [(1, "{jv}"), (2, "{av}")]),
    ("{o1} {t1} {n1} {p1} {job} and {o2} {t2} {n2} is {age}", [(1, "{jv}"), (2, "{av}")]),
    ("{o1} {t1} {n1} is {age} and {o2} {t2} {n2} {job}", [(1, "{av}"), (2, "{jv}")]),
    ("{o1} {t1} {n1}, who is {age}, {like}", [(1, "{av}"), (1, "{lv}")]),
    ("{o1} {t1} {n1} {like}", [(1, "{lv}")]),
    ("{o1} {t1} {n1} lives in {place}", [(1, "{place}")]),
    ("{o1} {t1} {n1} is {age}", [(1, "{av}")]),
    ("{o1} {t1} {n1} {job}", [(1, "{jv}")]),
    ("{o1} {t1} {n1} {p1}'s {age} and {o2} {t2} {n2} {like}", [(1, "{av}"), (2, "{lv}")]),
    ("{o1} {t1} {n1} {job}, {o2} {t2} {n2} {like}", [(1, "{jv}"), (2, "{lv}")]),
    ("{o1} {t1} {n1} {p1} {job} and {o2} {t2} {n2} so yeah", [(1, "{jv}")]),
    ("{n1} is {o1} {t1} and {p1} {like}", [(1, "{lv}")]),
    ("What does {n1} do? || {n1}, {age}, {p1} {job}", [(1, "{jv}")]),
    ("How old is {n1}? || {p1}'s {age}", [(1, "{av}")]),
]


def _fill(seed: int) -> list[tuple[str, str, str, list[tuple[str, str]], list[str]]]:
    """(sentence, previous, ..., [(expected subject, value word)], names in it) for every template, on
    names and ties drawn in turn (deterministic)."""
    out = []
    for k, (template, facts) in enumerate(TEMPLATES):
        for j in range(seed):
            i = k * 7 + j * 3
            n1, n2 = NAMES[i % len(NAMES)], NAMES[(i * 5 + 11) % len(NAMES)]
            if n1 == n2:
                n2 = NAMES[(i + 1) % len(NAMES)]
            (o1, t1, p1), (o2, t2, _) = TIES[i % len(TIES)], TIES[(i + 3) % len(TIES)]
            job, jv = JOBS[j % len(JOBS)]
            like, lv = LIKES[(i + j) % len(LIKES)]
            age, av = AGES[j % len(AGES)]
            place = PLACES[i % len(PLACES)]
            values = dict(o1=o1, t1=t1, n1=n1, p1=p1, o2=o2, t2=t2, n2=n2, job=job, jv=jv, like=like, lv=lv,
                          age=age, av=av, place=place)
            text = template.format(**values)
            previous = ""
            if " || " in text:
                previous, text = text.split(" || ")
            lower = j % 3 == 2 and not previous  # typed lower-case, names too
            if lower:
                text = text.lower()
            wants = [((n1, n2)[who - 1], value.format(**values)) for who, value in facts]
            names = [n1] + ([n2] if "{n2}" in template else [])
            out.append((text, previous, template, wants, names))
    return out


_MY = re.compile(r"\b(?:My|Our|my|our)'s\b")


def _check(text: str, cards: list, wants: list[tuple[str, str]], names: list[str]) -> list[str]:
    flags = []
    for subject, value in wants:
        word = value.lower()
        holding = [c for c in cards if c.type != "relationship" and word in f"{c.value} {c.text}".lower().split()
                   or c.type != "relationship" and word in c.value.lower()]
        if not holding:
            flags.append(f"missing: {subject} {value}")
        elif not any(c.subject.lower() == subject.lower() or c.subject.lower().endswith(f" {subject.lower()}")
                     for c in holding):
            flags.append(f"wrong_subject: {value} under {holding[0].subject!r} not {subject!r}")
    for c in cards:
        if _MY.search(c.text) or _MY.search(c.subject):
            flags.append(f"garbled: {c.text!r}")
            continue
        others = [n for n in names if n.lower() != c.subject.lower()]
        if any(re.search(rf"\b{re.escape(n)}\b", c.value, re.I) for n in others) and c.type != "relationship":
            flags.append(f"garbled: value {c.value!r} of {c.subject!r} holds another name")
            continue
        if c.subject in names and len(re.findall(rf"\b{re.escape(c.subject)}\b", c.text, re.I)) > 1 \
                and c.type != "relationship":
            flags.append(f"garbled: {c.text!r} says the name twice")
    return flags


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", action="store_true")
    parser.add_argument("--kind", default="")
    parser.add_argument("--per", type=int, default=6, help="sentences per template")
    args = parser.parse_args()
    kinds: Counter[str] = Counter()
    sentences = _fill(args.per)
    for text, previous, _template, wants, names in sentences:
        prev = (render_turn(previous, "assistant", None),) if previous else ()
        cards = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=prev)
        flags = _check(text, cards, wants, names)
        for f in flags:
            kinds[f.split(":")[0]] += 1
        if args.rows and any(f.startswith(args.kind) for f in flags):
            print(f">> {previous + ' || ' if previous else ''}{text}")
            for f in flags:
                print(f"   !! {f}")
            for c in cards:
                print(f"      {c.type} | {c.subject} | {c.predicate} | {c.value} | {c.text}")
    print(f"sentences {len(sentences)}  " + "  ".join(f"{k} {kinds[k]}" for k in
                                                     ("wrong_subject", "missing", "garbled")))


if __name__ == "__main__":
    main()
