"""`memctl bench people`: which households it generates and where its result goes (issue 12: a
check on households of another seed never overwrites the benchmark's own result; issue 37: nor does
one in another voice)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from memclient import cli
from memclient.bench import people_talk


@pytest.fixture
def calls(monkeypatch):
    seen: list[dict] = []

    @contextmanager
    def fake_api(args, use_running=False):
        yield "http://api.invalid", "admin"

    def fake_run(url, admin, out_path, households=people_talk.HOUSEHOLDS, seed=people_talk.SEED, half=None,
                 voice="adult"):
        seen.append({"out": out_path.name, "seed": seed, "half": half, "voice": voice})
        return {}

    monkeypatch.setattr(cli, "_api", fake_api)
    monkeypatch.setattr(people_talk, "run", fake_run)
    monkeypatch.setattr(people_talk, "print_result", lambda result: None)
    return seen


A = "adult"


@pytest.mark.parametrize("argv, expected", [
    ([], {"out": "people-talk.json", "seed": people_talk.SEED, "half": None, "voice": A}),
    (["--half", "calibration"], {"out": "people-talk-calibration.json", "seed": people_talk.SEED,
                                 "half": "calibration", "voice": A}),
    (["--seed", "5150"], {"out": "people-talk-seed5150.json", "seed": 5150, "half": None, "voice": A}),
    (["--seed", "5150", "--half", "test"], {"out": "people-talk-seed5150-test.json", "seed": 5150, "half": "test",
                                            "voice": A}),
    (["--voice", "adult", "--seed", "5150"], {"out": "people-talk-seed5150.json", "seed": 5150, "half": None,
                                              "voice": A}),
    # another voice's results are always named by voice and seed: they never overwrite the adult's
    (["--voice", "child", "--seed", "5813", "--half", "test"],
     {"out": "people-talk-child-seed5813-test.json", "seed": 5813, "half": "test", "voice": "child"}),
    (["--voice", "business", "--seed", "8429", "--half", "calibration"],
     {"out": "people-talk-business-seed8429-calibration.json", "seed": 8429, "half": "calibration",
      "voice": "business"}),
    (["--voice", "business"], {"out": f"people-talk-business-seed{people_talk.SEED}.json", "seed": people_talk.SEED,
                               "half": None, "voice": "business"}),
])
def test_seed_and_half_choose_the_households_and_the_result_file(calls, argv, expected):
    cli.main(["--url", "http://api.invalid", "--admin-token", "admin", "bench", "people", *argv])
    assert calls == [expected]
