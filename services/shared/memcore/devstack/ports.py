"""Free loopback ports."""
import socket


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30.0, host: str = "127.0.0.1") -> None:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing is listening on {host}:{port} after {timeout:.0f}s")


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.3):
            return True
    except OSError:
        return False


def port_free(port: int, host: str = "127.0.0.1") -> bool:
    """Can a server bind `port` now (nothing listens on it, nothing holds it)?"""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def pick_port(preferred: int = 0) -> int:
    """`preferred` when it is free, else any free port (the caller records which one it got)."""
    if preferred and port_free(preferred):
        return preferred
    return free_port()
