"""`python -m consolidator.worker`: the relay and consumer loops without HTTP (same settings)."""
from __future__ import annotations

import asyncio
import signal

from memcore.telemetry.logs import configure_logging

from .runtime import Runtime, load_embedder
from .settings import ConsolidatorSettings


async def main() -> None:
    settings = ConsolidatorSettings()
    configure_logging("consolidator", settings.log_level)
    runtime = await Runtime(settings, embedder=load_embedder(settings)).start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print("consolidator worker ready", flush=True)
    await stop.wait()
    await runtime.stop()


if __name__ == "__main__":
    asyncio.run(main())
