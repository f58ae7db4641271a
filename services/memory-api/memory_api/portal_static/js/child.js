// "What do you remember about me?": a member's own view of what was learned (the knowledge layer;
// the sentences as said are not repeated back). A child asks; a grown-up decides.
import { all, api, post } from "./api.js";
import { act, confirmBelow, h, notify, page } from "./dom.js";
import { grouped } from "./memories.js";

const CHILD_GROUPS = [
  ["Rules your grown-ups set", ["safety"]],
  ["Things you like (and don't)", ["preference"]],
  ["Things you do", ["routine", "process", "device", "skill"]],
  ["People you told me about", ["relationship"]],
  ["Things about you", ["identity"]],
  ["Things you told me", ["semantic", "document"]],
  ["Things that happened", ["episodic", "summary"]],
];

export async function childPage(session) {
  const isChild = session.role === "child";
  const list = h("div", {});
  const reload = async () => {
    const memories = await all("/v1/memory/list", { layer: "knowledge" });
    const sections = grouped(memories, (m) => item(m, isChild, reload), CHILD_GROUPS).filter(Boolean);
    list.replaceChildren(...(sections.length ? sections : [h("p", {}, "I don't remember anything about you yet.")]));
  };
  const everything = h("button", { type: "button", class: "danger", onclick: () => confirmBelow(everything,
    isChild ? "Ask your grown-up to make me forget everything about you?" : "Forget everything about you, for good?",
    isChild ? "Yes, ask them" : "Yes, forget everything", async () => {
      const r = await post(`/v1/users/${session.user_id}/forget?reason=self`);
      notify(r.status === "pending" || r.request_id ? "I asked your grown-up. They will decide."
                                                    : "Everything about you was forgotten.");
      await reload();
    }) }, isChild ? "Ask to forget everything" : "Forget everything about me");
  page("What I remember about you",
       h("p", {}, isChild ? "These are the things I remember. If something is wrong, or you want me to forget it, "
                            + "tell me here and your grown-up will look at it."
                          : "These are the things I remember about you."),
       list, h("h2", {}, "Everything"), h("div", { class: "row" }, everything));
  await reload();
}

function item(m, isChild, reload) {
  const li = h("li", { class: "item", "data-memory-id": m.id }, h("p", { class: "text" }, m.text));
  const ask = (kind, label, done) => {
    const b = h("button", { type: "button", class: kind === "forget_request" ? "danger" : "secondary",
      onclick: () => act(b, () => post("/v1/memory/feedback", { memory_id: m.id, kind }), done) }, label);
    return b;
  };
  if (m.type === "safety") return li;  // a rule a grown-up set: not the child's to change
  if (isChild) {
    li.append(h("div", { class: "row" }, ask("wrong", "That's not right", "Thanks! I told your grown-up."),
      ask("forget_request", "Please forget this", "I asked your grown-up to let me forget it.")));
  } else {
    const del = h("button", { type: "button", class: "danger", onclick: () => confirmBelow(del,
      "Forget this for good?", "Yes, forget it", async () => {
        await api("DELETE", `/v1/memory/${m.id}`);
        await reload();
      }) }, "Forget this");
    li.append(h("div", { class: "row" }, ask("wrong", "That's wrong", "Marked as wrong."), del));
  }
  return li;
}
