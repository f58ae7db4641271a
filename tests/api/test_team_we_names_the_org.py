"""A team's "we" and "our" name the organisation (docs/formation-spec.md, subject): from what the
team said (an earlier "I work at X") or, before any turn names it, from the organisation account's
own name; never the member who happened to say it ("Gwen's invoices")."""
import httpx
import pytest

from tests.conftest import ADMIN_TOKEN


@pytest.fixture
def account(api_url):
    clients: list[httpx.Client] = []

    def make(name: str, kind: str = "organisation") -> httpx.Client:
        r = httpx.post(f"{api_url}/v1/admin/tenants", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
                       json={"name": name, "kind": kind, "opted_in": True,
                             "users": [{"display_name": "Gwen", "role": "user"}]})
        r.raise_for_status()
        c = httpx.Client(base_url=api_url, headers={"Authorization": f"Bearer {r.json()['users'][0]['token']}"},
                         timeout=60)
        clients.append(c)
        return c

    yield make
    for c in clients:
        c.close()


def _facts(client, session, text):
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "Gwen", "text": text})
    assert r.status_code == 200, r.text
    return [i["memory"] for i in r.json()["items"] if i.get("memory") and i["memory"]["layer"] == "knowledge"]


def test_we_is_the_organisation_account_before_any_turn_names_it(account):
    team = account("Crumb & Co")
    [uses] = _facts(team, "we-1", "We use Xero for invoicing.")
    assert (uses["subject"], uses["text"]) == ("Crumb & Co", "Crumb & Co uses Xero for invoicing"), uses
    [invoices] = _facts(team, "we-1", "Our invoices go out on Fridays.")
    assert invoices["text"] == "Crumb & Co's invoices go out on Fridays" and "Gwen" not in invoices["subject"], invoices
    [hours] = _facts(team, "we-1", "We open at 7.")
    assert (hours["type"], hours["subject"], hours["text"]) == ("routine", "Crumb & Co", "Crumb & Co opens at 7"), hours


def test_the_organisation_a_turn_names_wins_over_the_account_name(account):
    team = account("Spokes Account")
    assert [f["value"] for f in _facts(team, "we-2", "I work at Spokes.")] == ["Spokes"]
    [uses] = _facts(team, "we-3", "We use Linear for tickets.")
    assert uses["subject"] == "Spokes" and uses["text"].startswith("Spokes uses Linear"), uses


def test_a_households_we_is_not_its_account_name(account):
    family = account("The Okafors", kind="household")
    [uses] = _facts(family, "we-4", "We use Xero for invoicing.")
    assert uses["subject"] == "Gwen", uses


def test_a_households_we_is_the_family_even_after_the_owner_named_an_employer(account):
    """An adult's own account: "I work at X" in one turn does not make every later "we" the
    employer ("we're flying to Lagos" is the family's trip, not the hospice's)."""
    family = account("The Adeyemis", kind="household")
    assert "St Brannoc's Hospice" in {f["value"] for f in _facts(family, "we-5", "I'm a nurse at St Brannoc's Hospice.")}
    later = _facts(family, "we-6", "We do a big shop at Lidl on Sunday evenings.")
    assert later and all("Brannoc" not in f["subject"] + f["text"] for f in later), later
    assert any(f["subject"] == "Gwen" and f["type"] == "routine" for f in later), later
    # the turn that names the employer still reads its own "we" as the employer
    same = _facts(family, "we-7", "I work at Harbour Books and we stock mostly maps.")
    assert any(f["subject"] == "Harbour Books" for f in same), same
