"""The request id of the request being served (memory-api's logs, and the X-Request-ID the policy
client forwards so that both services log the same id)."""
import contextvars

request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")


def current_request_id() -> str | None:
    rid = request_id_var.get()
    return None if rid == "-" else rid
