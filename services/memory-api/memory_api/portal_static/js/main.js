// The portal's entry: sign-in, navigation and the page router (pages live in the other modules).
import { currentSession, post, signIn, signOut } from "./api.js";
import { drawCount, h, notify, page } from "./dom.js";
import { household, overview, settingsPage, tokensPage } from "./household.js";
import { memoriesPage, safetyPage } from "./memories.js";
import { reviewPage } from "./review.js";
import { peoplePage } from "./people.js";
import { disclosuresPage } from "./disclosures.js";
import { childPage } from "./child.js";

export const state = { session: null };
const GUARDIANS = ["parent", "admin"];

const routes = [
  [/^#\/?$/, () => (GUARDIANS.includes(state.session.role) ? overview() : childPage(state.session))],
  [/^#\/member\/([\w-]+)$/, (id) => memoriesPage(id)],
  [/^#\/member\/([\w-]+)\/safety$/, (id) => safetyPage(id)],
  [/^#\/member\/([\w-]+)\/settings$/, (id) => settingsPage(id)],
  [/^#\/member\/([\w-]+)\/used$/, (id) => disclosuresPage(id)],
  [/^#\/member\/([\w-]+)\/people$/, (id) => peoplePage(id)],
  [/^#\/review$/, () => reviewPage()],
  [/^#\/tokens$/, () => tokensPage(state.session)],
];

// The number of pages drawn when the last view of each address finished (absent while one loads).
const finished = new Map();

async function route() {
  if (!state.session) return signInPage();
  notifyKeep();
  const hash = location.hash || "#/";
  finished.delete(hash);
  for (const [pattern, view] of routes) {
    const m = hash.match(pattern);
    if (m) {
      try {
        await view(...m.slice(1));
      } catch (e) {
        if (e.status === 401) return expired();
        page("Something went wrong", h("p", {}, e.message || String(e)));
      }
      const now = location.hash || "#/";
      if (now === hash) {
        finished.set(hash, drawCount());
        return;
      }
      // Moved on while this page loaded (the address's own route runs too): draw the later page again only
      // when it was drawn already and this one drew over it since, never while someone types into it.
      if (state.session && finished.has(now) && drawCount() > finished.get(now)) return route();
      return;
    }
  }
  page("Page not found", h("p", {}, h("a", { href: "#/" }, "Back to the start")));
}

let keepNotice = false;
function notifyKeep() { if (!keepNotice) notify(""); keepNotice = false; }
export function notifyAfterNavigation(message) { keepNotice = true; notify(message); }

function expired() {
  state.session = null;
  notify("Your session has ended. Please sign in again.", true);
  renderNav();
  signInPage();
}

function renderNav() {
  const nav = document.getElementById("nav");
  if (!state.session) return nav.replaceChildren();
  const links = GUARDIANS.includes(state.session.role)
    ? [h("a", { href: "#/" }, "Household"), h("a", { href: "#/review" }, "To review"),
       h("a", { href: "#/tokens" }, "Devices and sign-ins")]
    : [h("a", { href: "#/" }, "What I remember")];
  const out = h("button", { type: "button", class: "secondary", onclick: async () => {
    await signOut(); state.session = null; household.clear(); renderNav(); location.hash = "#/"; signInPage();
  } }, "Sign out");
  nav.replaceChildren(...links, out);
}

function signInPage() {
  const input = h("input", { type: "password", id: "token", name: "token", autocomplete: "off", required: true });
  const submit = h("button", { type: "submit" }, "Sign in");
  const form = h("form", { onsubmit: async (ev) => {
    ev.preventDefault();
    submit.disabled = true;
    try {
      state.session = await signIn(input.value.trim());
      input.value = "";
      notify("");
      renderNav();
      await route();
    } catch (e) {
      notify(e.status === 401 ? "That code did not work. Check it and try again." : e.message, true);
    } finally {
      submit.disabled = false;
    }
  } }, h("label", { for: "token" }, "Your sign-in code"), input,
     h("p", { class: "muted" }, "The code starts with mem_. It is kept on the server, not in this browser."),
     h("div", { class: "row" }, submit));
  page("Sign in", form, joinForm());
  input.focus();
}

// A new member joins with the one-time invitation code a parent gave them, and is signed in.
function joinForm() {
  const code = h("input", { type: "text", id: "invite-code", autocomplete: "off", required: true });
  const join = h("button", { type: "submit", class: "secondary" }, "Join");
  return h("form", { onsubmit: async (ev) => {
    ev.preventDefault();
    join.disabled = true;
    try {
      const member = await post("/v1/household/invitations/accept", { code: code.value.trim() });
      state.session = await signIn(member.token);
      renderNav();
      await route();
      notifyAfterNavigation(`Welcome, ${member.display_name}. Your sign-in code (keep it safe, it is shown once): `
                            + member.token);
    } catch (e) {
      notify(e.status === 404 ? "That invitation code did not work (used, cancelled or too old)." : e.message, true);
    } finally {
      join.disabled = false;
    }
  } }, h("h2", {}, "Joining a household?"), h("label", { for: "invite-code" }, "Your invitation code"), code,
     h("div", { class: "row" }, join));
}

async function start() {
  state.session = await currentSession();
  renderNav();
  window.addEventListener("hashchange", route);
  await route();
}

start().catch((e) => page("The portal could not start", h("p", {}, e.message || String(e))));
