"""`memctl dead-letters`: the change stream's dead letters through the admin API (ids and reason codes,
never content). `list` counts them per consumer group, or lists one group's; `show` one; `replay`
publishes one again (same event id: no second effect where it was applied) or, with --all, every
one of a group. Runbook: docs/operations.md, "Dead letters"."""
from __future__ import annotations

import json

import httpx

PATH = "/v1/admin/dead-letters"


def run(url: str, admin_token: str, action: str, group: str | None, dead_letter_id: str | None,
        replay_all: bool = False, out=print) -> int:
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin_token}"}, timeout=30) as c:
        if action == "list":
            return _show(out, c.get(f"{PATH}/{group}" if group else PATH))
        if not group:
            out("memctl: --group is required for show and replay")
            return 2
        if action == "show":
            return _show(out, c.get(f"{PATH}/{group}/{dead_letter_id}"))
        if replay_all:
            return _replay_all(out, c, group)
        if not dead_letter_id:
            out("memctl: give a dead letter's id, or --all")
            return 2
        return _show(out, c.post(f"{PATH}/{group}/{dead_letter_id}/replay"))


def _replay_all(out, c: httpx.Client, group: str) -> int:
    """Every dead letter of the group, oldest first (a page at a time: replayed ones leave the list)."""
    replayed = 0
    while True:
        page = c.get(f"{PATH}/{group}", params={"limit": 100})
        if page.status_code != 200:
            return _show(out, page)
        items = page.json()["items"]
        if not items:
            break
        for item in items:
            r = c.post(f"{PATH}/{group}/{item['id']}/replay")
            if r.status_code not in (200, 404):  # 404: replayed meanwhile (another operator)
                return _show(out, r)
            replayed += r.status_code == 200
    out(json.dumps({"group": group, "replayed": replayed}))
    return 0


def _show(out, r: httpx.Response) -> int:
    try:
        out(json.dumps(r.json(), indent=2))
    except ValueError:
        out(r.text)
    return 0 if r.status_code < 400 else 1
