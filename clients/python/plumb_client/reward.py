"""A reward function for RL trainers, in the shape TRL's ``GRPOTrainer`` takes."""

import json
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

from .client import MAX_BATCH, PlumbClient
from .models import GradeResult

__all__ = ["reward_function", "completion_text", "RewardFunction"]

#: ``reward(prompts, completions, **columns) -> one float per completion``.
RewardFunction = Callable[..., List[float]]


def _content_text(content: Any) -> str:
    """A message's content as text: a string as is; a list of parts joined (their ``text`` fields)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts: List[str] = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Mapping) and isinstance(part.get("text"), str):
                parts.append(part["text"])
        return "".join(parts)
    return "" if content is None else str(content)


def completion_text(completion: Any) -> str:
    """The reply text of a completion.

    A completion is a string (standard format) or a chat-style list of ``{"role", "content"}``
    messages (conversational format): then the content of its last ``assistant`` message, or of its
    last message when none is the assistant's. Content given as a list of parts is joined.
    """
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        return _content_text(completion.get("content"))
    if isinstance(completion, Sequence):
        messages = [m for m in completion if isinstance(m, Mapping)]
        for message in reversed(messages):
            if message.get("role") == "assistant":
                return _content_text(message.get("content"))
        return _content_text(messages[-1].get("content")) if messages else ""
    return "" if completion is None else str(completion)


def _instance(raw: Any) -> Dict[str, Any]:
    """A dataset cell holding an instance: a dict, or its JSON text (datasets often store it so)."""
    if isinstance(raw, (str, bytes)):
        raw = json.loads(raw)
    if not isinstance(raw, Mapping):
        raise TypeError(f"an instance must be a dict or its JSON text, not {type(raw).__name__}")
    return dict(raw)


def reward_function(
    client: PlumbClient,
    task: Optional[str] = None,
    *,
    instance_key: str = "instance",
    task_key: str = "task",
    on_error: float = 0.0,
    max_workers: int = 8,
    chunk_size: int = MAX_BATCH,
) -> RewardFunction:
    """A reward function ``reward(prompts, completions, **kwargs) -> list[float]`` that grades each
    completion against its dataset row's instance on a ``plumb serve`` server.

    It has the shape of TRL's ``GRPOTrainer`` reward functions: the dataset's other columns arrive
    as keyword arguments, one list per column with one entry per completion. The row's instance is
    read from the ``instance_key`` column (a dict, or its JSON text), its task from ``task`` when
    given, else from the ``task_key`` column, else from the instance's own ``"task"`` field.

    Each reward is the verdict's score (0..1; an unreadable or malformed reply scores 0, as the task
    judges it). ``on_error`` is used only when no verdict could be had: the row lacks an instance,
    the server refused the item (e.g. an unknown task), or the request failed after its retries.

    All completions of a call go in one ``/v1/batch/grade`` request (several of ``chunk_size`` items
    for larger calls, up to ``max_workers`` of them at once).

    The returned callable's ``__name__`` is ``plumb_<task>`` (or ``plumb_reward`` without a fixed
    task): TRL logs rewards under it.

    Example::

        reward = reward_function(PlumbClient(), "sparc")
        trainer = GRPOTrainer(model=..., reward_funcs=[reward], train_dataset=dataset, ...)
    """

    def reward(prompts: Any = None, completions: Any = None, **kwargs: Any) -> List[float]:
        if completions is None:
            raise TypeError("reward() needs the completions")
        texts = [completion_text(c) for c in completions]
        n = len(texts)
        rewards: List[float] = [float(on_error)] * n
        instances = kwargs.get(instance_key)
        tasks = kwargs.get(task_key)
        items: List[Dict[str, Any]] = []
        where: List[int] = []
        for i in range(n):
            try:
                inst = _instance(instances[i] if instances is not None else None)
                name: Any = task or (tasks[i] if tasks is not None else None) or inst.get("task")
            except (IndexError, TypeError, ValueError):
                continue
            if not isinstance(name, str) or not name:
                continue
            items.append({"task": name, "instance": inst, "text": texts[i]})
            where.append(i)
        if not items:
            return rewards
        results = client.grade_batch(
            items, chunk_size=chunk_size, max_workers=max_workers, return_errors=True
        )
        for i, result in zip(where, results):
            # A PlumbError (refused item or failed request) keeps on_error.
            if isinstance(result, GradeResult):
                rewards[i] = float(result.verdict.score)
        return rewards

    reward.__name__ = f"plumb_{task}" if task else "plumb_reward"
    reward.__qualname__ = reward.__name__
    reward.__doc__ = f"Plumb reward{f' for {task}' if task else ''}: the verdict's score of each completion."
    return reward
