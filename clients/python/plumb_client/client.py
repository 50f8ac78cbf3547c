"""The HTTP client for ``plumb serve``."""

import http.client
import json
import random
import socket
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from http.client import HTTPException
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, TypeVar, Union

from .errors import PlumbConnectionError, PlumbError
from .models import GradeResult, Instance, Prompt, TaskInfo, VerifyResult
from .session import Session

__all__ = ["PlumbClient", "DEFAULT_URL", "MAX_BATCH", "RETRY_STATUSES", "camel_options"]

#: Where ``plumb serve`` listens by default.
DEFAULT_URL = "http://127.0.0.1:8177"
#: The most items the server takes in one batch request; longer lists are sent in chunks.
MAX_BATCH = 1024
#: HTTP statuses that are retried (with exponential backoff and jitter).
RETRY_STATUSES = frozenset({429, 502, 503, 504})
#: Statuses retried even for requests that are not safe to repeat (the server did not act on them).
_REFUSED_STATUSES = frozenset({429, 503})
#: The longest single wait between attempts, in seconds.
MAX_BACKOFF = 30.0

T = TypeVar("T")


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def camel_options(options: Mapping[str, Any]) -> Dict[str, Any]:
    """Options with Python-style names (``max_output_tokens``) renamed as the server spells them
    (``maxOutputTokens``); names already in camelCase pass through. ``None`` values are dropped."""
    return {_camel(k): v for k, v in options.items() if v is not None}


class _Retry(Exception):
    """An attempt that failed in a way worth retrying (internal)."""

    def __init__(self, error: PlumbError, safe: bool, wait: Optional[float] = None) -> None:
        super().__init__(str(error))
        self.error = error
        #: Whether the server certainly did not act on the request (so even a step may be resent).
        self.safe = safe
        #: The server's Retry-After, in seconds, when it sent one.
        self.wait = wait


def _retry_after(headers: Any) -> Optional[float]:
    try:
        value = headers.get("Retry-After") if headers is not None else None
        return max(0.0, float(value)) if value is not None else None
    except (TypeError, ValueError):
        return None


class PlumbClient:
    """A client for a ``plumb serve`` server.

    Every method sends one HTTP request with a JSON body (or a few, for long batches) and returns
    the answer as dataclasses (see :mod:`plumb_client.models`); instances stay plain dicts.

    Failed requests are retried ``retries`` times, waiting ``backoff * 2**attempt`` seconds (with
    jitter, at most 30 s, or the server's ``Retry-After`` if longer) between attempts, on a refused
    or broken connection and on HTTP 429, 502, 503 and 504. Client errors (400, 404, 405, 413) are
    not retried. A session step is not safe to send twice, so it is retried only when the server
    certainly did not act on it (connection refused, 429, 503). Timeouts are not retried.

    Error answers raise :class:`PlumbError` (``status``, ``code``, ``message``, ``field``); no answer
    at all raises :class:`PlumbConnectionError` (``status`` 0).

    The client holds no connection and is safe to share between threads.

    Args:
        base_url: The server's address, e.g. ``"http://127.0.0.1:8177"``.
        timeout: Seconds to wait for each HTTP answer.
        retries: How many times a failed request is retried (0: never).
        backoff: The first wait between attempts, in seconds; it doubles with each retry.
        headers: Extra HTTP headers for every request (e.g. an ``Authorization`` for a proxy).
    """

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        timeout: float = 60.0,
        retries: int = 3,
        backoff: float = 0.5,
        *,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        url = urllib.parse.urlsplit(self.base_url)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"base_url must be an http:// or https:// URL, not {base_url!r}")
        self._scheme = url.scheme
        self._host = url.hostname
        self._port = url.port
        #: A path the server is mounted under (behind a proxy), e.g. "/plumb"; usually "".
        self._prefix = url.path.rstrip("/")
        self.timeout = timeout
        self.retries = max(0, int(retries))
        self.backoff = max(0.0, float(backoff))
        self.headers: Dict[str, str] = dict(headers or {})

    def __repr__(self) -> str:
        return f"PlumbClient({self.base_url!r})"

    # ----------------------------------------------------------------------------------- transport

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        idempotent: bool = True,
        timeout: Optional[float] = None,
    ) -> Any:
        """Sends one request (retrying as described on the class) and returns the decoded JSON answer.

        Args:
            method: ``"GET"``, ``"POST"`` or ``"DELETE"``.
            path: The path from the server's root, e.g. ``"/v1/grade"``.
            body: A JSON-serialisable body, or None for none.
            idempotent: False for requests that must not be sent twice (retried only when the server
                certainly did not act on them).
            timeout: Seconds to wait for the answer (default: the client's ``timeout``).

        Raises:
            PlumbError: The server answered with an error.
            PlumbConnectionError: No answer arrived.
        """
        data = None if body is None else json.dumps(body, separators=(",", ":")).encode("utf-8")
        attempt = 0
        while True:
            try:
                return self._send(method, path, data, self.timeout if timeout is None else timeout)
            except _Retry as r:
                if attempt >= self.retries or not (idempotent or r.safe):
                    raise r.error from r.error.__cause__
                delay = self._delay(attempt)
                if r.wait is not None:
                    delay = max(delay, min(r.wait, MAX_BACKOFF))
                time.sleep(delay)
                attempt += 1

    def _delay(self, attempt: int) -> float:
        """The wait before retry ``attempt`` (0-based): exponential, with "equal jitter"."""
        full = min(MAX_BACKOFF, self.backoff * (2**attempt))
        return full / 2 + random.uniform(0, full / 2)

    def _send(self, method: str, path: str, data: Optional[bytes], timeout: float) -> Any:
        """One attempt: the decoded answer, or PlumbError / _Retry."""
        headers = {"Accept": "application/json", **self.headers}
        if data is not None:
            headers["Content-Type"] = "application/json"
        conn = self._connection(timeout)
        try:
            unsent: Optional[OSError] = None
            try:
                conn.request(method, self._prefix + path, body=data, headers=headers)
            except (BrokenPipeError, ConnectionResetError) as e:
                if data is None:
                    raise
                # The server may have refused the body while it was sent (413 over its size limit)
                # and closed the connection: its answer can still be read.
                unsent = e
            try:
                resp = conn.getresponse()
                status = int(resp.status)
                raw = resp.read()
            except (OSError, HTTPException):
                if unsent is not None:
                    raise unsent from None
                raise
        except (OSError, HTTPException) as e:
            raise self._no_answer(e, method, path)  # noqa: B904 (the cause is set inside)
        finally:
            conn.close()
        body = _decode(raw)
        if status >= 400:
            text = raw[:200].decode("utf-8", "replace")
            error = PlumbError.from_json(text if body is _UNREADABLE else body, status)
            if status in RETRY_STATUSES:
                raise _Retry(error, status in _REFUSED_STATUSES, _retry_after(resp.headers))
            raise error
        if body is _UNREADABLE:
            snippet = raw[:200].decode("utf-8", "replace")
            raise PlumbError(status, "bad_response", f"the server's answer is not JSON: {snippet!r}")
        return body

    def _connection(self, timeout: float) -> http.client.HTTPConnection:
        if self._scheme == "https":
            return http.client.HTTPSConnection(self._host, self._port, timeout=timeout)
        return http.client.HTTPConnection(self._host, self._port, timeout=timeout)

    def _no_answer(self, cause: BaseException, method: str, path: str) -> Exception:
        where = f"{method} {self.base_url}{path}"
        if isinstance(cause, (socket.timeout, TimeoutError)):
            err = PlumbConnectionError(f"{where}: no answer within the timeout ({cause})", "timeout")
            err.__cause__ = cause
            return err
        err = PlumbConnectionError(f"{where}: {cause!r}")
        err.__cause__ = cause
        # Refused: the request never reached the server, so even a session step may be resent.
        return _Retry(err, isinstance(cause, ConnectionRefusedError))

    # ------------------------------------------------------------------------------------ basics

    def health(self) -> bool:
        """Whether the server answers ``GET /v1/health`` with ``{"status": "ok"}``.

        Raises :class:`PlumbConnectionError` when it does not answer at all."""
        body = self.request("GET", "/v1/health")
        return isinstance(body, dict) and body.get("status") == "ok"

    def ready(self) -> bool:
        """Whether the server is ready to grade (``GET /v1/ready``); False on its 503 "not ready".

        Not retried: it answers now. Raises :class:`PlumbConnectionError` when no answer arrives."""
        try:
            body = self._send("GET", "/v1/ready", None, self.timeout)
        except _Retry as r:
            if r.error.status == 503:
                return False
            raise r.error from r.error.__cause__
        except PlumbError as e:
            if e.status == 503:
                return False
            raise
        return isinstance(body, dict) and bool(body.get("ready"))

    def wait_ready(self, timeout: float = 60.0, interval: float = 0.25) -> None:
        """Waits until :meth:`ready` holds (a server that is starting up refuses connections).

        Raises:
            PlumbConnectionError: The server was not ready within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        last: Optional[BaseException] = None
        while True:
            try:
                if self.ready():
                    return
            except PlumbError as e:
                last = e
            if time.monotonic() >= deadline:
                err = PlumbConnectionError(f"{self.base_url} was not ready within {timeout} s", "not_ready")
                raise err from last
            time.sleep(interval)

    def tasks(self) -> List[TaskInfo]:
        """The tasks the server offers (``GET /v1/tasks``)."""
        body = self.request("GET", "/v1/tasks")
        return [TaskInfo.from_json(t) for t in _field(body, "tasks")]

    # ------------------------------------------------------------------------------------- tasks

    def generate(
        self,
        task: str,
        level: Optional[str] = None,
        params: Optional[Mapping[str, Any]] = None,
        seed: Union[str, int] = "0",
        count: int = 1,
    ) -> List[Instance]:
        """Generates ``count`` instances of ``task`` (``POST /v1/generate``).

        The same task, level, params and seed always give the same instances.

        Args:
            task: A task id, e.g. ``"sparc"``.
            level: A named level of the task (see :meth:`tasks`), or None for its defaults.
            params: Task parameters (over the level's), or None.
            seed: The seed (a string; an int is sent as its decimal text).
            count: How many instances.
        """
        body = _generate_item(task, level, params, seed, count)
        return _field(self.request("POST", "/v1/generate", body), "instances")

    def prompt(self, task: str, instance: Instance, **options: Any) -> Prompt:
        """Poses ``instance`` as a prompt (``POST /v1/prompt``).

        Keyword options are the server's prompt options; Python names are accepted for them:
        ``variant``, ``shots``, ``max_output_tokens`` (sent as ``maxOutputTokens``).
        """
        body: Dict[str, Any] = {"task": task, "instance": instance}
        if options:
            body["options"] = camel_options(options)
        return Prompt.from_json(self.request("POST", "/v1/prompt", body))

    def grade(
        self, task: str, instance: Instance, text: str, max_response_bytes: Optional[int] = None
    ) -> GradeResult:
        """Reads an answer from a model's reply ``text`` and judges it (``POST /v1/grade``).

        An unreadable or malformed reply is not an error: its verdict fails with kind ``parse`` or
        ``invalid`` and score 0.
        """
        body: Dict[str, Any] = {"task": task, "instance": instance, "text": text}
        if max_response_bytes is not None:
            body["maxResponseBytes"] = max_response_bytes
        return GradeResult.from_json(self.request("POST", "/v1/grade", body))

    def verify(self, task: str, instance: Instance, answer: Any) -> VerifyResult:
        """Judges a structured ``answer`` (e.g. a SPaRC path, a list of ``{"x", "y"}``) (``POST /v1/verify``)."""
        body = {"task": task, "instance": instance, "answer": answer}
        return VerifyResult.from_json(self.request("POST", "/v1/verify", body))

    def session(self, task: str, instance: Instance, **options: Any) -> Session:
        """Starts an episode of an interactive task (``POST /v1/sessions``); use it as a context manager.

        Keyword options are the environment's options (Python names are accepted: ``max_steps`` is
        sent as ``maxSteps``): ``max_steps``, ``traceback``, ``vision``, ``image_only``; which of
        them a task takes is the task's own.
        """
        return Session.start(self, task, instance, camel_options(options))

    # ------------------------------------------------------------------------------------ batches

    def grade_batch(
        self,
        items: Iterable[Mapping[str, Any]],
        *,
        chunk_size: int = MAX_BATCH,
        max_workers: int = 1,
        return_errors: bool = False,
    ) -> List[Union[GradeResult, PlumbError]]:
        """Grades many replies (``POST /v1/batch/grade``); items are ``{"task", "instance", "text"}``.

        Results come in the items' order; an item the server refused is a :class:`PlumbError` in
        its place (returned, not raised). See :meth:`batch` for the keyword arguments.
        """
        return self.batch("grade", items, GradeResult.from_json, chunk_size, max_workers, return_errors)

    def verify_batch(
        self,
        items: Iterable[Mapping[str, Any]],
        *,
        chunk_size: int = MAX_BATCH,
        max_workers: int = 1,
        return_errors: bool = False,
    ) -> List[Union[VerifyResult, PlumbError]]:
        """Judges many structured answers (``POST /v1/batch/verify``); items are
        ``{"task", "instance", "answer"}``. Results as for :meth:`grade_batch`."""
        return self.batch("verify", items, VerifyResult.from_json, chunk_size, max_workers, return_errors)

    def prompt_batch(
        self,
        items: Iterable[Mapping[str, Any]],
        *,
        chunk_size: int = MAX_BATCH,
        max_workers: int = 1,
        return_errors: bool = False,
    ) -> List[Union[Prompt, PlumbError]]:
        """Poses many instances (``POST /v1/batch/prompt``); items are ``{"task", "instance",
        "options"?}`` (options spelled as the server spells them). Results as for :meth:`grade_batch`."""
        return self.batch("prompt", items, Prompt.from_json, chunk_size, max_workers, return_errors)

    def generate_batch(
        self,
        items: Iterable[Mapping[str, Any]],
        *,
        chunk_size: int = MAX_BATCH,
        max_workers: int = 1,
        return_errors: bool = False,
    ) -> List[Union[List[Instance], PlumbError]]:
        """Generates for many requests (``POST /v1/batch/generate``); items are ``{"task", "level"?,
        "params"?, "seed"?, "count"?}``, each giving a list of instances. Results as for :meth:`grade_batch`."""
        bodies = [_generate_item(**_generate_args(i)) for i in items]
        return self.batch(
            "generate", bodies, lambda r: _field(r, "instances"), chunk_size, max_workers, return_errors
        )

    def batch(
        self,
        kind: str,
        items: Iterable[Mapping[str, Any]],
        parse: Callable[[Any], T],
        chunk_size: int = MAX_BATCH,
        max_workers: int = 1,
        return_errors: bool = False,
    ) -> List[Union[T, PlumbError]]:
        """Sends ``items`` to ``POST /v1/batch/{kind}`` in chunks of at most ``chunk_size`` (≤ 1024)
        and returns one result per item, in order: ``parse(result)`` for a success, a
        :class:`PlumbError` for an item the server refused.

        Args:
            kind: ``"grade"``, ``"verify"``, ``"prompt"`` or ``"generate"``.
            items: The request bodies, one per item.
            parse: Builds a result from one ``{"ok": true, ...}`` entry.
            chunk_size: Items per request (at most 1024, the server's limit).
            max_workers: How many chunk requests may be in flight at once.
            return_errors: When a whole chunk's request fails (after retries), put its
                :class:`PlumbError` in each of the chunk's places instead of raising it.
        """
        batch = [dict(i) for i in items]
        size = max(1, min(int(chunk_size), MAX_BATCH))
        chunks = [batch[i : i + size] for i in range(0, len(batch), size)]

        def run(chunk: List[Dict[str, Any]]) -> List[Union[T, PlumbError]]:
            try:
                body = self.request("POST", f"/v1/batch/{kind}", {"items": chunk})
                results = _field(body, "results")
                if len(results) != len(chunk):
                    raise PlumbError(
                        0, "bad_response", f"{len(results)} results for {len(chunk)} items from /v1/batch/{kind}"
                    )
            except PlumbError as e:
                if not return_errors:
                    raise
                return [e] * len(chunk)
            return [_batch_result(r, parse) for r in results]

        if max_workers <= 1 or len(chunks) <= 1:
            parts = [run(c) for c in chunks]
        else:
            with ThreadPoolExecutor(max_workers=min(max_workers, len(chunks))) as pool:
                parts = list(pool.map(run, chunks))
        return [r for part in parts for r in part]


# ------------------------------------------------------------------------------------------ helpers

_UNREADABLE: Any = object()


def _decode(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return _UNREADABLE


def _field(body: Any, name: str) -> List[Any]:
    value = body.get(name) if isinstance(body, dict) else None
    if not isinstance(value, list):
        raise PlumbError(0, "bad_response", f"the server's answer has no list {name!r}: {str(body)[:200]}")
    return value


def _batch_result(raw: Any, parse: Callable[[Any], T]) -> Union[T, PlumbError]:
    if isinstance(raw, dict) and raw.get("ok") is True:
        return parse(raw)
    if isinstance(raw, dict) and "error" in raw:
        return PlumbError.from_json(raw)
    return PlumbError(0, "bad_response", f"a batch result that is neither ok nor an error: {str(raw)[:200]}")


def _generate_item(
    task: str,
    level: Optional[str] = None,
    params: Optional[Mapping[str, Any]] = None,
    seed: Union[str, int, None] = "0",
    count: Optional[int] = 1,
) -> Dict[str, Any]:
    body: Dict[str, Any] = {"task": task}
    if level is not None:
        body["level"] = level
    if params is not None:
        body["params"] = dict(params)
    if seed is not None:
        body["seed"] = str(seed)
    if count is not None:
        body["count"] = count
    return body


def _generate_args(item: Mapping[str, Any]) -> Dict[str, Any]:
    known = {"task", "level", "params", "seed", "count"}
    unknown = set(item) - known
    if unknown:
        raise TypeError(f"unknown generate item keys: {sorted(unknown)}")
    return {"seed": None, "count": None, **item}
