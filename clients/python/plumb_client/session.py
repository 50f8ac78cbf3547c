"""Episodes of interactive tasks, played over ``/v1/sessions``."""

import urllib.parse
from types import TracebackType
from typing import TYPE_CHECKING, Any, Dict, Optional, Type

from .errors import PlumbError
from .models import Instance, Observation, StepResult, Verdict

if TYPE_CHECKING:  # pragma: no cover
    from .client import PlumbClient

__all__ = ["Session"]


class Session:
    """One episode of an interactive task on the server; create it with :meth:`PlumbClient.session`.

    Use it as a context manager so the server's session is closed (``DELETE``) however the block
    ends::

        with client.session("sparc", instance, max_steps=50) as s:
            print(s.instructions)
            while not s.done:
                result = s.step(policy(s.observation.text))
            print(s.success)

    Attributes:
        id: The server's session id.
        task: The task id.
        instance: The instance being played.
        instructions: The environment's instructions (rules, actions, reply format).
        observation: The latest observation.
        done: Whether the episode is over.
        success: Whether it ended solved.
        steps: Steps taken so far.
        verdict: The final verdict, once the server has sent one (on the last step or on close).
        closed: Whether :meth:`close` has run.
    """

    def __init__(self, client: "PlumbClient", task: str, instance: Instance, body: Dict[str, Any]) -> None:
        self._client = client
        self.task = task
        self.instance = instance
        self.id = str(body.get("session", body.get("id", "")))
        if not self.id:
            raise PlumbError(0, "bad_response", f"no session id in the server's answer: {str(body)[:200]}")
        self.instructions = str(body.get("instructions", ""))
        self.observation = Observation.from_json(body.get("observation"))
        self.done = bool(body.get("done", False))
        self.success = bool(body.get("success", False))
        steps = body.get("steps", 0)
        self.steps = int(steps) if isinstance(steps, (int, float)) else 0
        verdict = body.get("verdict")
        self.verdict: Optional[Verdict] = Verdict.from_json(verdict) if isinstance(verdict, dict) else None
        self.closed = False

    @classmethod
    def start(
        cls, client: "PlumbClient", task: str, instance: Instance, options: Optional[Dict[str, Any]] = None
    ) -> "Session":
        """Opens a session on the server (``POST /v1/sessions``). Prefer :meth:`PlumbClient.session`."""
        body: Dict[str, Any] = {"task": task, "instance": instance}
        if options:
            body["options"] = options
        # Opening twice would only leave a session for the server to expire, but not a second episode
        # the caller knows of: sent once unless the server certainly refused it.
        answer = client.request("POST", "/v1/sessions", body, idempotent=False)
        return cls(client, task, instance, answer if isinstance(answer, dict) else {})

    @property
    def _path(self) -> str:
        return "/v1/sessions/" + urllib.parse.quote(self.id, safe="")

    def step(self, text: str, max_response_bytes: Optional[int] = None) -> StepResult:
        """Sends the agent's reply ``text``; the environment reads its action as its prompt says
        (for SPaRC: ``Final: right`` or ``Final: 0``). An unreadable or refused action is not an
        exception: the result has ``invalid`` (no action read) or ``error`` (action refused) set.
        ``max_response_bytes`` caps the text the server reads.

        Raises:
            PlumbError: The session is unknown to the server (closed or expired: 404), or the request failed.
        """
        body: Dict[str, Any] = {"text": text}
        if max_response_bytes is not None:
            body["maxResponseBytes"] = max_response_bytes
        answer = self._client.request("POST", self._path + "/step", body, idempotent=False)
        result = StepResult.from_json(answer)
        self.observation = result.observation
        self.done = result.done
        self.success = result.success
        self.steps = result.steps
        if result.verdict is not None:
            self.verdict = result.verdict
        return result

    def state(self) -> Dict[str, Any]:
        """The session's state as the server reports it (``GET /v1/sessions/{id}``); it also updates
        ``observation``, ``done``, ``success`` and ``steps`` from it."""
        body = self._client.request("GET", self._path)
        if isinstance(body, dict):
            if "observation" in body:
                self.observation = Observation.from_json(body["observation"])
            self.done = bool(body.get("done", self.done))
            self.success = bool(body.get("success", self.success))
            steps = body.get("steps", self.steps)
            self.steps = int(steps) if isinstance(steps, (int, float)) else self.steps
            verdict = body.get("verdict")
            if isinstance(verdict, dict):
                self.verdict = Verdict.from_json(verdict)
        return body if isinstance(body, dict) else {}

    def close(self) -> Optional[Verdict]:
        """Ends the session on the server (``DELETE /v1/sessions/{id}``) and returns the final verdict
        when the server gives one. Idempotent: later calls send nothing, and a session the server
        already dropped (404) counts as closed."""
        if self.closed:
            return self.verdict
        try:
            body = self._client.request("DELETE", self._path)
        except PlumbError as e:
            if e.status != 404:
                raise
            body = None
        self.closed = True
        verdict = body.get("verdict") if isinstance(body, dict) else None
        if isinstance(verdict, dict):
            self.verdict = Verdict.from_json(verdict)
        return self.verdict

    def __enter__(self) -> "Session":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None:
        try:
            self.close()
        except PlumbError:
            # Do not hide the exception that ended the block behind a failed close.
            if exc_type is None:
                raise

    def __repr__(self) -> str:
        state = "closed" if self.closed else ("done" if self.done else "open")
        return f"Session({self.id!r}, task={self.task!r}, steps={self.steps}, {state})"
