// What waits for a parent: items the policy held, and a child's requests to be forgotten.
import { all, get, post } from "./api.js";
import { act, h, notify, page, time } from "./dom.js";
import { household } from "./household.js";
import { plainReasons } from "./reasons.js";

const ASKS = { wrong: "says this is not right", outdated: "says this is out of date",
               sensitive: "wants this hidden", forget_request: "asks the companion to forget this" };

function feedbackItem(item, nameOf, reload) {
  const fb = item.feedback;
  const yes = h("button", { type: "button", onclick: () => act(yes, async () => {
    await post(`/v1/review/${item.id}/approve`);
    await reload();
  }, fb.kind === "forget_request" ? "Forgotten." : "Done.") }, fb.kind === "forget_request" ? "Forget it" : "Agree");
  const no = h("button", { type: "button", class: "secondary", onclick: () => act(no, async () => {
    await post(`/v1/review/${item.id}/reject`);
    await reload();
  }, "Kept as it was.") }, "Keep it as it is");
  return h("li", { class: "item", "data-review-id": item.id },
    h("p", { class: "text" }, fb.memory_text || "(this memory is already gone)"),
    h("p", { class: "meta" }, `${nameOf(item.owner_id)} ${ASKS[fb.kind] || fb.kind} · ${time(item.created_at)}`),
    h("div", { class: "row" }, yes, no));
}

function heldItem(item, nameOf, reload) {
  if (item.kind === "feedback" && item.feedback) return feedbackItem(item, nameOf, reload);
  const li = h("li", { class: "item", "data-review-id": item.id });
  const approve = h("button", { type: "button", onclick: () => act(approve, async () => {
    await post(`/v1/review/${item.id}/approve`);
    await reload();
  }, "Approved: the companion now knows this.") }, "Approve");
  const edit = h("button", { type: "button", class: "secondary", onclick: () => {
    const area = h("textarea", { "aria-label": "Text to keep" }, item.text || "");
    const save = h("button", { type: "button", onclick: () => act(save, async () => {
      await post(`/v1/review/${item.id}/approve`, { text: area.value.trim() });
      await reload();
    }, "Changed and approved.") }, "Approve my version");
    li.replaceChildren(area, h("div", { class: "row" }, save,
      h("button", { type: "button", class: "secondary", onclick: reload }, "Cancel")));
    area.focus();
  } }, "Edit, then approve");
  const reject = h("button", { type: "button", class: "danger", onclick: () => act(reject, async () => {
    await post(`/v1/review/${item.id}/reject`);
    await reload();
  }, "Not kept.") }, "Reject");
  li.append(h("p", { class: "text" }, item.text || "(no text)"),
            h("p", { class: "meta" }, `About ${nameOf(item.owner_id)} · ${time(item.created_at)}`),
            h("p", { class: "meta reasons", title: (item.reasons || []).join("\n") },
              "Held because: ", plainReasons(item.reasons)),
            h("div", { class: "row" }, approve, edit, reject));
  return li;
}

function forgetRequest(req, nameOf, reload) {
  const base = `/v1/users/${req.user_id}/forget-requests/${req.request_id}`;
  const yes = h("button", { type: "button", class: "danger", onclick: () => act(yes, async () => {
    await post(`${base}/approve`);
    await reload();
  }, "Done: the companion forgot them (safety rules you set stay).") }, "Forget them");
  const no = h("button", { type: "button", class: "secondary", onclick: () => act(no, async () => {
    await post(`${base}/reject`);
    await reload();
  }, "Kept.") }, "Keep the memories");
  return h("li", { class: "item" }, h("p", { class: "text" }, `${nameOf(req.user_id)} asked to be forgotten.`),
           h("p", { class: "meta" }, time(req.created_at)), h("div", { class: "row" }, yes, no));
}

export async function reviewPage() {
  const members = await household.load();
  const nameOf = (uid) => (members.find((m) => m.user_id === uid) || {}).display_name || "someone";
  const held = h("ul", { class: "items", "aria-label": "Held items" });
  const requests = h("ul", { class: "items", "aria-label": "Forget requests" });
  const told = h("ul", { class: "items", "aria-label": "What they said about a memory" });
  const toldSection = h("section", { hidden: true }, h("h2", {}, "What they said about a memory"), told);
  const reload = async () => {
    const askers = members.filter((x) => x.role === "child" || x.role === "user");
    const [items, ...perMember] = await Promise.all([all("/v1/review"),
      ...askers.map((m) => get(`/v1/users/${m.user_id}/forget-requests`).catch(() => []))]);
    const asks = perMember.flat().filter((r) => r.status === "pending");
    const isFeedback = (i) => i.kind === "feedback" && i.feedback;
    const heard = items.filter((i) => !isFeedback(i));
    const forgets = items.filter((i) => isFeedback(i) && i.feedback.kind === "forget_request");
    const remarks = items.filter((i) => isFeedback(i) && i.feedback.kind !== "forget_request");
    held.replaceChildren(...(heard.length ? heard.map((i) => heldItem(i, nameOf, reload))
                                          : [h("li", {}, "Nothing is waiting.")]));
    const rows = [...forgets.map((i) => heldItem(i, nameOf, reload)), ...asks.map((r) => forgetRequest(r, nameOf, reload))];
    requests.replaceChildren(...(rows.length ? rows : [h("li", {}, "No one asked to forget anything.")]));
    told.replaceChildren(...remarks.map((i) => heldItem(i, nameOf, reload)));
    toldSection.hidden = !remarks.length;
  };
  page("To review",
       h("section", {}, h("h2", {}, "Things it heard"), h("p", {}, "The companion did not keep these yet. You decide."),
         held),
       h("section", {}, h("h2", {}, "Requests to forget"), requests),
       toldSection);
  await reload().catch((e) => notify(e.message, true));
}
