// The household: members at a glance, each member's settings, and the sign-in codes (tokens).
import { all, api, get, post } from "./api.js";
import { act, confirmBelow, day, h, notify, page } from "./dom.js";

const AGE_BANDS = { under_8: "Under 8", "8_12": "8 to 12", "13_17": "13 to 17", adult: "Adult" };
const CHILD_BANDS = ["under_8", "8_12", "13_17"];
const ROLE_WORDS = { child: "Child", parent: "Parent", user: "Adult", orchestrator: "Service", admin: "Admin" };
const CATEGORY_WORDS = {
  preference: "Likes and dislikes", process: "Routines and how-tos", skill: "Skills", relationship: "People",
  identity: "About them", semantic: "Facts", episodic: "Moments", device: "Devices", document: "Documents",
  summary: "Summaries", safety: "Safety rules",
};
const PII_WORDS = { PHONE: "Phone numbers", EMAIL: "Email addresses", ADDRESS: "Home addresses",
                    SSN: "ID numbers", CARD: "Card numbers", DOB: "Birth dates", IBAN: "Bank accounts",
                    IP: "Internet addresses" };
const PII_ACTIONS = { redact: "Keep only a blanked-out version", encrypt: "Keep, locked (encrypted)",
                      drop: "Do not keep the sentence" };

// "Child · 8 to 12": a member's role with the age band the members API gives (the band a child's
// rules follow; an adult's is said only when it is not "Adult").
export function roleAndBand(m) {
  const role = ROLE_WORDS[m.role] || m.role;
  if (m.role === "child") return `${role} · ${m.age_band ? AGE_BANDS[m.age_band] || m.age_band : "age not set"}`;
  return m.age_band && m.age_band !== "adult" ? `${role} · ${AGE_BANDS[m.age_band] || m.age_band}` : role;
}

// When the service, not a parent, chose a child's band (the strictest, for a child that had none), the
// members API says so in `age_band_notice`; the parent is asked to check it (the API's words in a title).
export function bandNotice(m) {
  if (!m.age_band_notice) return null;
  return h("p", { class: "meta notice-warn", title: m.age_band_notice },
    `No age was recorded for ${m.display_name}, so the youngest rules (${AGE_BANDS[m.age_band] || m.age_band}) apply. `,
    h("a", { href: `#/member/${m.user_id}/settings` }, "Check their age"));
}

// The members of the household, loaded once per visit.
export const household = {
  members: null,
  clear() { this.members = null; },
  async load() {
    if (!this.members) this.members = await all("/v1/household/members");
    return this.members;
  },
  async name(id) {
    const m = (await this.load()).find((x) => x.user_id === id);
    return m ? m.display_name : "this person";
  },
};

export function memberLinks(id) {
  return h("div", { class: "links" },
    h("a", { href: `#/member/${id}` }, "Memories"),
    h("a", { href: `#/member/${id}/safety` }, "Safety rules"),
    h("a", { href: `#/member/${id}/people` }, "People and things"),
    h("a", { href: `#/member/${id}/used` }, "What was used today"),
    h("a", { href: `#/member/${id}/settings` }, "Settings"));
}

export async function overview() {
  const [members, pending] = await Promise.all([household.load(), get("/v1/review", { limit: 200 })]);
  const cards = members.filter((m) => m.role !== "orchestrator").map((m) => h("li", { class: "card" },
    h("h2", {}, m.display_name),
    h("p", { class: "meta" }, `${roleAndBand(m)} · joined ${day(m.created_at)}`), bandNotice(m),
    memberLinks(m.user_id)));
  const waiting = pending.items.length;
  const invites = h("div", {});
  const consent = h("section", { "aria-label": "Memory for the household", "aria-live": "polite" });
  page("Your household", consent,
    h("p", {}, waiting ? h("a", { href: "#/review" }, `${waiting} thing${waiting > 1 ? "s" : ""} waiting for you to review`)
                       : "Nothing is waiting for your review."),
    h("ul", { class: "cards", "aria-label": "Household members" }, cards),
    h("h2", {}, "Invite someone"), invites);
  await optIn(consent).catch((e) => consent.replaceChildren(h("p", { class: "muted" },
    `Whether memory is on cannot be shown right now (${e.message}).`)));
  await invitations(invites).catch((e) => invites.replaceChildren(h("p", { class: "muted" },
    `Invitations cannot be shown right now (${e.message}).`)));
}

// Opt-in (seed 001): nothing is remembered until an adult of the household turns memory on.
async function optIn(box) {
  const state = await get("/v1/household/consent");
  if (state.kind !== "household") { box.replaceChildren(); return; }
  const set = (on) => async () => {
    await api("PUT", "/v1/household/consent", { opted_in: on });
    await optIn(box);
  };
  const button = h("button", { type: "button", class: state.opted_in ? "secondary" : "" },
    state.opted_in ? "Stop remembering new things" : "Turn memory on");
  button.addEventListener("click", () => act(button, set(!state.opted_in),
    state.opted_in ? "Memory is off: nothing new will be remembered." : "Memory is on."));
  box.replaceChildren(
    h("p", {}, state.opted_in
      ? `Memory is on${state.opted_in_at ? ` since ${day(state.opted_in_at)}` : ""}: the companion remembers what your family tells it, under the settings of each member.`
      : "Memory is off for your household: nothing anyone says is remembered until you turn it on. Safety rules you set apply either way."),
    button);
}

async function invitations(box) {
  const name = h("input", { type: "text", id: "invite-name", required: true, maxlength: 200 });
  const role = h("select", { id: "invite-role" }, h("option", { value: "child" }, "Child"),
                 h("option", { value: "user" }, "Adult"), h("option", { value: "parent" }, "Parent"));
  const band = h("select", { id: "invite-age" }, CHILD_BANDS.map((v) => h("option", { value: v }, AGE_BANDS[v])));
  const bandField = h("div", {}, h("label", { for: "invite-age" }, "Age"), band);
  role.addEventListener("change", () => { bandField.hidden = role.value !== "child"; });
  const shown = h("div", { "aria-live": "polite" });
  const send = h("button", { type: "submit" }, "Create invitation");
  const list = h("ul", { class: "items", "aria-label": "Open invitations" });
  const reload = async () => {
    const open = (await all("/v1/household/invitations")).filter((i) => i.status === "pending");
    list.replaceChildren(...open.map((i) => {
      const cancel = h("button", { type: "button", class: "secondary", onclick: () => act(cancel, async () => {
        await api("DELETE", `/v1/household/invitations/${i.id}`);
        await reload();
      }, "Invitation cancelled.") }, "Cancel");
      return h("li", { class: "item" }, h("p", { class: "text" }, `${i.display_name} (${ROLE_WORDS[i.role]})`),
               h("p", { class: "meta" }, `Works until ${day(i.expires_at)}`), h("div", { class: "row" }, cancel));
    }));
  };
  const form = h("form", { onsubmit: (ev) => {
    ev.preventDefault();
    act(send, async () => {
      const body = { display_name: name.value.trim(), role: role.value };
      if (role.value === "child") body.age_band = band.value;
      const inv = await post("/v1/household/invitations", body);
      shown.replaceChildren(h("p", {}, `Give ${inv.display_name} this code (shown once). They join on the sign-in page:`),
                            h("p", { class: "secret", "data-testid": "invitation-code" }, inv.code));
      name.value = "";
      household.clear();
      await reload();
    }, "Invitation created.");
  } }, h("label", { for: "invite-name" }, "Name"), name, h("label", { for: "invite-role" }, "Joins as"), role,
     bandField, h("div", { class: "row" }, send));
  box.replaceChildren(form, shown, list);
  await reload();
}

export async function settingsPage(id) {
  const name = await household.name(id);
  const { policy } = await get(`/v1/users/${id}/policy`);
  const member = (await household.load()).find((m) => m.user_id === id);
  const on = h("input", { type: "checkbox", id: "memory-on", checked: policy.memory_enabled });
  // The band the members API gives; a child without one is never shown as an adult (the policy's default).
  const current = member ? member.age_band : policy.age_band;
  const unset = member && member.role === "child" && !current;
  const band = h("select", { id: "age-band", required: true });
  // A child's age is one of the child bands: "Adult" is offered only to an adult (and a child with none
  // chosen yet, or one becoming a child, is asked to choose).
  const bandsFor = (role) => {
    const chosen = band.value || current || (member && member.role !== "child" ? "adult" : "");
    const child = role === "child";
    const keep = child ? (CHILD_BANDS.includes(chosen) ? chosen : "") : chosen;
    band.replaceChildren(...(child && !keep ? [h("option", { value: "", selected: true }, "Not set: choose their age")] : []),
      ...Object.entries(AGE_BANDS).filter(([v]) => !child || v !== "adult")
        .map(([v, t]) => h("option", { value: v, selected: keep === v }, t)));
  };
  bandsFor(member ? member.role : null);
  const cats = Object.entries(CATEGORY_WORDS).filter(([t]) => t !== "safety").map(([t, words]) =>
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "cat", value: t,
      checked: policy.category_toggles[t] !== false }), words));
  const review = Object.entries(CATEGORY_WORDS).filter(([t]) => t !== "safety").map(([t, words]) =>
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "review", value: t,
      checked: (policy.review_new_types || []).includes(t) }), words));
  const pii = Object.entries(PII_WORDS).map(([t, words]) => h("div", {},
    h("label", { for: `pii-${t}` }, words),
    h("select", { id: `pii-${t}`, name: "pii", "data-type": t },
      Object.entries(PII_ACTIONS).map(([v, w]) => h("option", { value: v, selected: (policy.pii_rules[t] || "redact") === v }, w)))));
  const topics = h("textarea", { id: "topics" }, (policy.do_not_learn_topics || []).join("\n"));
  const roleSel = h("select", { id: "member-role" }, ["child", "user", "parent"].map((r) =>
    h("option", { value: r, selected: member && member.role === r }, ROLE_WORDS[r])));
  roleSel.addEventListener("change", () => bandsFor(roleSel.value));
  // A child always has an age band (the API refuses a child without one): the Age field's goes along.
  const saveRole = h("button", { type: "button", class: "secondary", onclick: () => {
    const body = { role: roleSel.value };
    if (roleSel.value === "child") {
      if (!CHILD_BANDS.includes(band.value)) {
        notify(`Choose ${name}'s age first (the Age field above): a child's rules follow their age.`, true);
        band.focus();
        return;
      }
      body.age_band = band.value;
    }
    act(saveRole, async () => {
      await api("PATCH", `/v1/household/members/${id}`, body);
      household.clear();
      await settingsPage(id);
    }, "Role changed.");
  } }, "Change role");
  const save = h("button", { type: "submit" }, "Save settings");
  const form = h("form", { onsubmit: (ev) => {
    ev.preventDefault();
    const checked = (n) => [...form.querySelectorAll(`input[name=${n}]`)];
    const next = { ...policy, memory_enabled: on.checked, age_band: band.value,
      category_toggles: Object.fromEntries(checked("cat").map((c) => [c.value, c.checked])),
      review_new_types: checked("review").filter((c) => c.checked).map((c) => c.value),
      pii_rules: Object.fromEntries([...form.querySelectorAll("select[name=pii]")].map((s) => [s.dataset.type, s.value])),
      do_not_learn_topics: topics.value.split("\n").map((t) => t.trim()).filter(Boolean) };
    act(save, async () => {
      await api("PUT", `/v1/users/${id}/policy`, next);
      household.clear();  // the members' age bands come from these settings
    }, "Settings saved.");
  } },
    h("fieldset", {}, h("legend", {}, "Memory"),
      h("label", { class: "check" }, on, "The companion may remember things"),
      h("label", { for: "age-band" }, "Age"), band,
      unset ? h("p", { class: "meta" }, `No age is set for ${name}: choose one so the rules for their age apply.`) : null),
    h("fieldset", {}, h("legend", {}, "What it may learn"), cats),
    h("fieldset", {}, h("legend", {}, "Ask me first before keeping"), review),
    h("fieldset", {}, h("legend", {}, "Personal details"), pii),
    h("fieldset", {}, h("legend", {}, "Topics never to learn about"),
      h("label", { for: "topics" }, "One topic per line"), topics),
    h("div", { class: "row" }, save));
  page(`Settings for ${name}`, memberLinks(id),
       member ? h("p", { class: "meta", "data-testid": "member-role" }, roleAndBand(member)) : null,
       member ? bandNotice(member) : null, form,
       h("h2", {}, "Role in the household"), h("label", { for: "member-role" }, "Role"),
       h("div", { class: "row" }, roleSel, saveRole));
}

export async function tokensPage(session) {
  const members = await household.load();
  const nameOf = (uid) => (members.find((m) => m.user_id === uid) || {}).display_name || "someone";
  const who = h("select", { id: "token-user" }, members.map((m) => h("option", { value: m.user_id }, m.display_name)));
  const label = h("input", { type: "text", id: "token-label", maxlength: 100, placeholder: "e.g. Bedroom speaker" });
  const shown = h("div", { "aria-live": "polite" });
  const issue = h("button", { type: "submit" }, "Create sign-in code");
  const form = h("form", { onsubmit: (ev) => {
    ev.preventDefault();
    act(issue, async () => {
      const t = await post("/v1/tokens", { user_id: who.value, label: label.value || null });
      showSecret(shown, t.token);
      await refresh();
    }, "Code created. Copy it now: it will not be shown again.");
  } }, h("label", { for: "token-user" }, "For"), who, h("label", { for: "token-label" }, "Name it"), label,
     h("div", { class: "row" }, issue));
  const table = h("table", {});
  async function refresh() {
    const items = await all("/v1/tokens");
    table.replaceChildren(h("thead", {}, h("tr", {}, h("th", {}, "For"), h("th", {}, "Name"), h("th", {}, "Status"),
      h("th", {}, "Ends"), h("th", {}, ""))), h("tbody", {}, items.map((t) => tokenRow(t, nameOf, shown, refresh))));
  }
  await refresh();
  page("Devices and sign-ins", h("p", {}, `Signed in as ${nameOf(session.user_id)}.`), form, shown,
       h("h2", {}, "Codes in use"), table);
}

function showSecret(box, secret) {
  box.replaceChildren(h("p", {}, "The new code (shown once):"), h("p", { class: "secret", "data-testid": "secret" }, secret));
}

function tokenRow(t, nameOf, shown, refresh) {
  const cell = h("td", {});
  if (t.status === "active") {
    const rotate = h("button", { type: "button", class: "secondary", onclick: () => act(rotate, async () => {
      const n = await post(`/v1/tokens/${t.token_id}/rotate`);
      showSecret(shown, n.token);
      await refresh();
    }, "A new code replaces the old one.") }, "Replace");
    const revoke = h("button", { type: "button", class: "danger", onclick: () => confirmBelow(revoke,
      `Stop "${t.label || "this code"}" from working?`, "Yes, stop it", async () => {
        await api("DELETE", `/v1/tokens/${t.token_id}`);
        notify("The code no longer works.");
        await refresh();
      }) }, "Stop it working");
    cell.append(h("div", { class: "row" }, rotate, revoke));
  }
  return h("tr", {}, h("td", {}, nameOf(t.user_id)), h("td", {}, t.label || "—"), h("td", {}, t.status),
           h("td", {}, day(t.expires_at)), cell);
}
