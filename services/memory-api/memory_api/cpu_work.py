"""CPU-bound work that must not run on the event loop.

Extraction (spaCy's parser and NER, the rules after them) takes tens of milliseconds per turn;
run on the event loop, every other request (its SQL, its policy call, its answer) waits behind
it, and under load connections stay checked out while their owners wait for the loop. It runs
in one thread of its own: one spaCy pipeline is used by one thread at a time, and the work,
which holds the GIL for most of its time, would gain nothing from a second thread in this process.
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, ParamSpec, TypeVar

T = TypeVar("T")
P = ParamSpec("P")

_extraction = ThreadPoolExecutor(max_workers=1, thread_name_prefix="extraction")
# Documents (chunking up to 2,000,000 characters: a second or two of tokenising) have a thread of their
# own, so that a large document does not hold up the extraction of every turn behind it either.
_documents = ThreadPoolExecutor(max_workers=1, thread_name_prefix="documents")


async def _run_in(executor: ThreadPoolExecutor, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    ctx = contextvars.copy_context()  # the caller's context variables (request id, trace)
    call = functools.partial(ctx.run, fn, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(executor, call)


async def extraction(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """fn(*args, **kwargs) in the extraction thread (with the caller's context variables)."""
    return await _run_in(_extraction, fn, *args, **kwargs)


async def documents(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """fn(*args, **kwargs) in the documents thread (chunking a document)."""
    return await _run_in(_documents, fn, *args, **kwargs)
