"""Small dataclasses for the JSON that ``plumb serve`` answers with.

Each has a ``from_json`` that reads the fields it knows and ignores any others, so a newer server
that adds fields does not break an older client. Instances (``{id, task, params, seed, data}``) are
kept as plain dicts: they go back to the server verbatim.
"""

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

__all__ = [
    "Instance",
    "Check",
    "Failure",
    "Verdict",
    "GradeResult",
    "VerifyResult",
    "TaskInfo",
    "Message",
    "Image",
    "Prompt",
    "Observation",
    "StepResult",
]

#: A task instance as the server writes it: ``{"id", "task", "params", "seed", "data"}``.
#: Send it back unchanged; ``data`` is the task's own record (for SPaRC, the dataset row).
Instance = Dict[str, Any]


def _obj(raw: Any) -> Dict[str, Any]:
    return raw if isinstance(raw, dict) else {}


def _opt_str(raw: Any) -> Optional[str]:
    return None if raw is None else str(raw)


def _names(raw: Any) -> List[str]:
    """A list of names; a mapping's keys (an older or newer server may send levels keyed by name)."""
    if isinstance(raw, dict):
        return [str(k) for k in raw]
    return [str(x) for x in raw] if isinstance(raw, list) else []


@dataclass(frozen=True)
class Check:
    """One named check of a verdict (``ok`` whether it held; ``detail`` why not, when given)."""

    name: str
    ok: bool
    detail: Optional[str] = None

    @classmethod
    def from_json(cls, raw: Any) -> "Check":
        d = _obj(raw)
        return cls(name=str(d.get("name", "")), ok=bool(d.get("ok", False)), detail=_opt_str(d.get("detail")))


@dataclass(frozen=True)
class Failure:
    """Why an answer failed: ``kind`` is ``parse``, ``invalid``, ``wrong``, ``unscored`` or ``error``."""

    kind: str
    message: str

    @classmethod
    def from_json(cls, raw: Any) -> "Failure":
        d = _obj(raw)
        return cls(kind=str(d.get("kind", "")), message=str(d.get("message", "")))


@dataclass(frozen=True)
class Verdict:
    """A task's judgement of an answer: ``score`` in 0..1, ``passed``, the checks, and a failure if any."""

    score: float
    passed: bool
    checks: List[Check] = field(default_factory=list)
    failure: Optional[Failure] = None

    @classmethod
    def from_json(cls, raw: Any) -> "Verdict":
        d = _obj(raw)
        score = d.get("score", 0.0)
        failure = d.get("failure")
        return cls(
            score=float(score) if isinstance(score, (int, float)) else 0.0,
            passed=bool(d.get("passed", False)),
            checks=[Check.from_json(c) for c in d.get("checks") or []],
            failure=Failure.from_json(failure) if isinstance(failure, dict) else None,
        )

    @property
    def failure_kind(self) -> Optional[str]:
        """The failure's kind, or None when the answer passed."""
        return self.failure.kind if self.failure else None


def _reward(raw: Any, verdict: Verdict) -> float:
    return float(raw) if isinstance(raw, (int, float)) and not isinstance(raw, bool) else verdict.score


@dataclass(frozen=True)
class GradeResult:
    """The answer to ``/v1/grade``: the answer read from the text (None when unreadable), its verdict
    and reward."""

    answer: Any
    verdict: Verdict
    reward: float

    @classmethod
    def from_json(cls, raw: Any) -> "GradeResult":
        d = _obj(raw)
        verdict = Verdict.from_json(d.get("verdict"))
        return cls(answer=d.get("answer"), verdict=verdict, reward=_reward(d.get("reward"), verdict))


@dataclass(frozen=True)
class VerifyResult:
    """The answer to ``/v1/verify``: the verdict on a structured answer and its reward."""

    verdict: Verdict
    reward: float

    @classmethod
    def from_json(cls, raw: Any) -> "VerifyResult":
        d = _obj(raw)
        verdict = Verdict.from_json(d.get("verdict"))
        return cls(verdict=verdict, reward=_reward(d.get("reward"), verdict))


@dataclass(frozen=True)
class TaskInfo:
    """One task of ``/v1/tasks``."""

    id: str
    suite: str = ""
    description: str = ""
    tags: List[str] = field(default_factory=list)
    #: The task's named levels (for :meth:`PlumbClient.generate`'s ``level``).
    levels: List[str] = field(default_factory=list)
    #: The task's named instance presets.
    presets: List[str] = field(default_factory=list)
    #: Whether the task has an environment, i.e. can be played as a session.
    interactive: bool = False

    @classmethod
    def from_json(cls, raw: Any) -> "TaskInfo":
        d = _obj(raw)
        return cls(
            id=str(d.get("id", "")),
            suite=str(d.get("suite", "")),
            description=str(d.get("description", "")),
            tags=[str(t) for t in d.get("tags") or []],
            levels=_names(d.get("levels")),
            presets=_names(d.get("presets")),
            interactive=bool(d.get("interactive", False)),
        )


@dataclass(frozen=True)
class Message:
    """One chat message of a prompt (``content`` is usually a string)."""

    role: str
    content: Any

    @classmethod
    def from_json(cls, raw: Any) -> "Message":
        d = _obj(raw)
        return cls(role=str(d.get("role", "user")), content=d.get("content", ""))

    def to_dict(self) -> Dict[str, Any]:
        """The message as an OpenAI-style ``{"role", "content"}`` dict."""
        return {"role": self.role, "content": self.content}


@dataclass(frozen=True)
class Image:
    """An image of a prompt or observation: ``data`` as the server sends it (base64 text)."""

    alt: str
    media_type: str
    data: str

    @classmethod
    def from_json(cls, raw: Any) -> "Image":
        d = _obj(raw)
        return cls(
            alt=str(d.get("alt", "")),
            media_type=str(d.get("mediaType", d.get("media_type", ""))),
            data=str(d.get("data", "")),
        )

    def data_url(self) -> str:
        """The image as a ``data:`` URL (for OpenAI-style ``image_url`` parts)."""
        return f"data:{self.media_type};base64,{self.data}"


@dataclass(frozen=True)
class Prompt:
    """A posed instance: chat messages, images, and a JSON schema for structured output if any."""

    messages: List[Message]
    images: List[Image] = field(default_factory=list)
    output_schema: Any = None

    @classmethod
    def from_json(cls, raw: Any) -> "Prompt":
        d = _obj(raw)
        d = _obj(d.get("prompt", d))
        return cls(
            messages=[Message.from_json(m) for m in d.get("messages") or []],
            images=[Image.from_json(i) for i in d.get("images") or []],
            output_schema=d.get("outputSchema"),
        )

    def to_chat(self) -> List[Dict[str, Any]]:
        """The messages as a list of ``{"role", "content"}`` dicts (images are not attached)."""
        return [m.to_dict() for m in self.messages]


@dataclass(frozen=True)
class Observation:
    """What an environment shows the agent: text, and images when the environment draws them."""

    text: str
    images: List[Image] = field(default_factory=list)

    @classmethod
    def from_json(cls, raw: Any) -> "Observation":
        if isinstance(raw, str):
            return cls(text=raw)
        d = _obj(raw)
        return cls(text=str(d.get("text", "")), images=[Image.from_json(i) for i in d.get("images") or []])


def _invalid(raw: Any) -> Optional[str]:
    if raw is None or raw is False or raw == "":
        return None
    return "invalid action" if raw is True else str(raw)


@dataclass(frozen=True)
class StepResult:
    """The answer to a session step.

    Attributes:
        observation: What the agent sees next.
        reward: This step's reward.
        done: Whether the episode is over.
        success: Whether it ended solved (False until it ends).
        steps: Steps taken so far.
        invalid: Why no action could be read from the text, when none could (the turn is
            still spent); None when an action was read.
        error: Why the environment refused the action, when it did.
        verdict: The final verdict, once the episode is over (when the server sends it).
    """

    observation: Observation
    reward: float
    done: bool
    success: bool
    steps: int
    invalid: Optional[str] = None
    error: Optional[str] = None
    verdict: Optional[Verdict] = None

    @classmethod
    def from_json(cls, raw: Any) -> "StepResult":
        d = _obj(raw)
        reward = d.get("reward", 0.0)
        steps = d.get("steps", 0)
        verdict = d.get("verdict")
        return cls(
            observation=Observation.from_json(d.get("observation")),
            reward=float(reward) if isinstance(reward, (int, float)) else 0.0,
            done=bool(d.get("done", False)),
            success=bool(d.get("success", False)),
            steps=int(steps) if isinstance(steps, (int, float)) else 0,
            invalid=_invalid(d.get("invalid")),
            error=_opt_str(d.get("error")),
            verdict=Verdict.from_json(verdict) if isinstance(verdict, dict) else None,
        )
