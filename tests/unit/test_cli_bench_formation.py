"""`memctl bench formation`: which half and data set it scores, and where its result goes (issue 35)."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest

from memclient import cli
from memclient.bench import formation


@pytest.fixture
def calls(monkeypatch):
    seen: list[dict] = []

    @contextmanager
    def fake_api(args, use_running=False):
        yield "http://api.invalid", "admin"

    def fake_run(url, admin, data, out_path, half=None, verbatim_is_record=False, with_pending=False):
        seen.append({"data": Path(data).name, "out": out_path.name, "half": half, "verbatim": verbatim_is_record}
                    | ({"with_pending": True} if with_pending else {}))
        return {}

    monkeypatch.setattr(cli, "_api", fake_api)
    monkeypatch.setattr(formation, "run", fake_run)
    monkeypatch.setattr(formation, "print_result", lambda result: None)
    return seen


@pytest.mark.parametrize("argv, expected", [
    ([], {"data": "three-voices.jsonl", "out": "formation-three-voices-all.json", "half": "all", "verbatim": False}),
    (["--half", "test"], {"data": "three-voices.jsonl", "out": "formation-three-voices-test.json", "half": "test",
                          "verbatim": False}),
    (["--half", "calibration", "--formation-data", "/elsewhere/unseen.jsonl", "--verbatim-records"],
     {"data": "unseen.jsonl", "out": "formation-unseen-calibration-verbatim-records.json", "half": "calibration",
      "verbatim": True}),
    (["--half", "dev", "--formation-data", "/elsewhere/formation-dev.jsonl"],
     {"data": "formation-dev.jsonl", "out": "formation-formation-dev-dev.json", "half": "dev", "verbatim": False}),
    (["--half", "check", "--formation-data", "/elsewhere/formation-dev2.jsonl"],
     {"data": "formation-dev2.jsonl", "out": "formation-formation-dev2-check.json", "half": "check", "verbatim": False}),
    (["--half", "check", "--formation-data", "/elsewhere/formation-dev3.jsonl"],
     {"data": "formation-dev3.jsonl", "out": "formation-formation-dev3-check.json", "half": "check", "verbatim": False}),
    (["--half", "test", "--with-pending-review"],
     {"data": "three-voices.jsonl", "out": "formation-three-voices-test-with-pending-review.json", "half": "test",
      "verbatim": False, "with_pending": True}),
])
def test_half_and_data_set_choose_the_result_file(calls, argv, expected):
    cli.main(["--url", "http://api.invalid", "--admin-token", "admin", "bench", "formation", *argv])
    assert calls == [expected]
