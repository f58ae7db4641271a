"""How the extractor types names, for checking a typing rule before and after (issue 12).

    # the type of every name in every turn of the LoCoMo dev half, people-talk and assistant-chats
    .venv/bin/python tools/research/typing_check.py save /tmp/types-new.json [../shared/data/locomo-dev]
    git stash; .venv/bin/python tools/research/typing_check.py save /tmp/types-old.json; git stash pop
    .venv/bin/python tools/research/typing_check.py compare /tmp/types-old.json /tmp/types-new.json
    # the memory type of every turn instead (classify_statement), compared the same way
    .venv/bin/python tools/research/typing_check.py save-memory-types /tmp/mtypes-new.json
    # sentences written apart from the benchmarks (made-up names and places): which are mistyped
    .venv/bin/python tools/research/typing_check.py probe

The probe sentences are this script's own: the ordinary ways of saying where someone lives or went
and who someone is, and full names after "the <who they are>" (10 first names by 8 surnames in two
phrases).
"""
from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

from memcore.extraction.entities import extract_entities

REPO = Path(__file__).resolve().parents[2]
PLACE, PERSON = "place", "person"
PROBE = [
    ("She lives out in Wexcombe.", "Wexcombe", PLACE), ("He's just moved up to Dunmarsh.", "Dunmarsh", PLACE),
    ("They're based out of Lowbridge.", "Lowbridge", PLACE), ("He's from Brackley originally.", "Brackley", PLACE),
    ("I'm driving down to Penhallow tomorrow.", "Penhallow", PLACE),
    ("We stayed in Aldermoor for a week.", "Aldermoor", PLACE),
    ("Her parents live over in Strathkell.", "Strathkell", PLACE),
    ("He commutes from Orrisdale every day.", "Orrisdale", PLACE),
    ("She's moving back to Kilbarry next month.", "Kilbarry", PLACE), ("My brother lives near Tranmoor.", "Tranmoor", PLACE),
    ("We had a weekend away in Gullane Sands.", "Gullane Sands", PLACE), ("Fyi she cycles in from Hexworth.", "Hexworth", PLACE),
    ("Bumped into Oluwaseun at the gym.", "Oluwaseun", PERSON), ("My mate Rhodri is getting married.", "Rhodri", PERSON),
    ("Grabbed lunch with Saoirse and Tadhg.", "Tadhg", PERSON), ("Priyanka from HR says hi.", "Priyanka", PERSON),
    ("Our new neighbour, Ilse Vandermeer, popped round.", "Ilse Vandermeer", PERSON),
    ("Talked to the plumber, Gethin Morgan, about the boiler.", "Gethin Morgan", PERSON),
    ("Zainab texted me earlier.", "Zainab", PERSON), ("Caught up with Mateus over coffee.", "Mateus", PERSON),
    ("Turns out Oluwaseun Adeyemi is a nurse.", "Oluwaseun Adeyemi", PERSON), ("Wiremu runs a cafe now.", "Wiremu", PERSON),
    ("Ngozi commutes in from Hexworth.", "Ngozi", PERSON), ("Fyi Bartek lives on a narrowboat.", "Bartek", PERSON),
    ("So apparently Henrike plays chess.", "Henrike", PERSON), ("Did I tell you Caoimhe bakes?", "Caoimhe", PERSON),
    ("Saw the twins' piano teacher Rosalind Achebe at the shops.", "Rosalind Achebe", PERSON),
    ("Had coffee with the kids' childminder Ffion Pryce.", "Ffion Pryce", PERSON),
    ("Went for a walk with my sister-in-law Dagny Solheim.", "Dagny Solheim", PERSON),
    ("Anneliese dropped by with some cake.", "Anneliese", PERSON),
]
FIRST = "Nadia Amara Zainab Halima Petra Vesna Rosa Ilse Beatrix Saoirse".split()
LAST = "Novak Delacroix Brightwater Oakes Lindgren Sato Ferreira Baptiste".split()
AFTER_WHO = ["Had coffee with the kids' swimming coach {} this morning.",
             "Lunch with the school's new head teacher {} today."]


def _types(text: str) -> list[list[str]]:
    return [[m.name, m.type.value] for m in extract_entities(text).mentions]


def _memory_type(text: str) -> str:
    from memcore.extraction.classify import classify_statement

    return classify_statement(text).type.value


def save(out: Path, data: Path, typed=None) -> None:
    from memclient.bench import assistant_chats, locomo, people_talk

    turns, _ = locomo.load(data)
    texts = [t["text"] for c in sorted(turns) for t in turns[c]]
    texts += [t["text"] for h in people_talk.generate() for t in h["turns"]]
    texts += [t["text"] for u in assistant_chats.generate() for t in u["turns"]]
    out.write_text(json.dumps({"texts": texts, "types": [(typed or _types)(t) for t in texts]}))
    print(f"{len(texts)} turns typed into {out}")


def compare(a: Path, b: Path) -> None:
    old, new = json.loads(a.read_text()), json.loads(b.read_text())
    changed = [(t, x, y) for t, x, y in zip(new["texts"], old["types"], new["types"]) if x != y]
    for text, x, y in changed:
        print(f"{text[:120]}\n    {x} -> {y}")
    print(f"{len(changed)} of {len(new['texts'])} turns typed differently")


def probe() -> None:
    missed = [(t, n, w) for t, n, w in PROBE if [x[1] for x in _types(t) if x[0] == n] != [w]]
    for text, name, want in missed:
        print(f"missed ({name} should be a {want}): {text} -> {_types(text)}")
    print(f"probe sentences: {len(missed)} of {len(PROBE)} mistyped")
    who = [tpl.format(f"{f} {s}") for f, s in itertools.product(FIRST, LAST) for tpl in AFTER_WHO]
    not_people = [t for t in who if not any(x[1] == PERSON for x in _types(t))]
    print(f"full names after who they are: {len(not_people)} of {len(who)} sentences without a person")


def main(argv: list[str]) -> int:
    if argv[:1] == ["save"] and len(argv) >= 2:
        save(Path(argv[1]), Path(argv[2]) if len(argv) > 2 else REPO.parent / "shared" / "data" / "locomo-dev")
    elif argv[:1] == ["save-memory-types"] and len(argv) >= 2:
        save(Path(argv[1]), Path(argv[2]) if len(argv) > 2 else REPO.parent / "shared" / "data" / "locomo-dev",
             _memory_type)
    elif argv[:1] == ["compare"] and len(argv) == 3:
        compare(Path(argv[1]), Path(argv[2]))
    elif argv[:1] == ["probe"]:
        probe()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
