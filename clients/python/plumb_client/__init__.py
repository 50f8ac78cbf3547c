"""plumb_client: a small, dependency-free Python client for ``plumb serve``.

Generate instances of Plumb's verifiable reasoning tasks, pose them as prompts, grade model replies,
verify structured answers, play interactive tasks step by step, and plug the grader into an RL
trainer as a reward function::

    from plumb_client import PlumbClient

    client = PlumbClient("http://127.0.0.1:8177")
    [instance] = client.generate("sparc", seed="1")
    prompt = client.prompt("sparc", instance)
    result = client.grade("sparc", instance, reply_text)
    print(result.verdict.score, result.verdict.failure)
"""

from .client import DEFAULT_URL, MAX_BATCH, RETRY_STATUSES, PlumbClient, camel_options
from .errors import PlumbConnectionError, PlumbError
from .models import (
    Check,
    Failure,
    GradeResult,
    Image,
    Instance,
    Message,
    Observation,
    Prompt,
    StepResult,
    TaskInfo,
    Verdict,
    VerifyResult,
)
from .reward import RewardFunction, completion_text, reward_function
from .session import Session

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_URL",
    "MAX_BATCH",
    "RETRY_STATUSES",
    "Check",
    "Failure",
    "GradeResult",
    "Image",
    "Instance",
    "Message",
    "Observation",
    "PlumbClient",
    "PlumbConnectionError",
    "PlumbError",
    "Prompt",
    "RewardFunction",
    "Session",
    "StepResult",
    "TaskInfo",
    "Verdict",
    "VerifyResult",
    "camel_options",
    "completion_text",
    "reward_function",
]
