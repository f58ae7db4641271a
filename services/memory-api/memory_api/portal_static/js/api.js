// The REST API, called with the portal's session cookie; changes carry the session's CSRF token.
let csrf = null;

export class ApiError extends Error {
  constructor(status, body) {
    const err = (body && body.error) || {};
    super(err.message || `request failed (${status})`);
    this.status = status;
    this.code = err.code;
  }
}

export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && csrf) headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const get = (path, params) => api("GET", params ? `${path}?${query(params)}` : path);
export const post = (path, body) => api("POST", path, body);

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, v);
  return q.toString();
}

// Every page of a paginated list (up to `max` items).
export async function all(path, params = {}, max = 1000) {
  const items = [];
  let cursor = null;
  do {
    const page = await get(path, { ...params, limit: params.limit || 200, cursor });
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && items.length < max);
  return items;
}

// Who is signed in: null when no one is (204 on a first visit, 401 once a session has ended).
export async function currentSession() {
  try {
    const s = await get("/portal/session");
    if (!s) return null;
    csrf = s.csrf_token;
    return s;
  } catch (e) {
    if (e.status === 401) return null;
    throw e;
  }
}

export async function signIn(token) {
  const s = await post("/portal/session", { token });
  csrf = s.csrf_token;
  return s;
}

export async function signOut() {
  await api("DELETE", "/portal/session");
  csrf = null;
}
