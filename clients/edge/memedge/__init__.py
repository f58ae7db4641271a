"""memedge: the edge client of the memory service (issue 15). See README.md beside this package."""
from .client import DeviceConfig, EdgeClient, load_config, pair
from .fusion import ContextResult, Line
from .outbox import FlushReport
from .sync import SyncReport

__all__ = ["ContextResult", "DeviceConfig", "EdgeClient", "FlushReport", "Line", "SyncReport", "load_config", "pair"]
