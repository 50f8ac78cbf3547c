"""Errors raised (or, in batch results, returned) by the Plumb client."""

from typing import Any, Dict, Optional

__all__ = ["PlumbError", "PlumbConnectionError"]


class PlumbError(Exception):
    """An error answer from ``plumb serve``: ``{"error": {"status", "code", "message", "field"?}}``.

    Attributes:
        status: The HTTP status (400, 404, 405, 413, 503, 504, ...); 0 when no answer arrived.
        code: The server's machine-readable error code (e.g. ``"bad_request"``).
        message: The server's human-readable message.
        field: The request field the error is about (e.g. ``"text"`` or ``"params.size"``), when
            the server names one.
    """

    def __init__(self, status: int, code: str, message: str, field: Optional[str] = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field

    @classmethod
    def from_json(cls, body: Any, status: int = 0) -> "PlumbError":
        """Builds the error from an error body (``{"error": {...}}``) or from its inner object."""
        err: Any = body.get("error", body) if isinstance(body, dict) else None
        if not isinstance(err, dict):
            return cls(status, "http_error", f"HTTP {status}: {body!r}"[:500])
        raw_status = err.get("status", status)
        field = err.get("field")
        return cls(
            int(raw_status) if isinstance(raw_status, (int, float)) else status,
            str(err.get("code", "http_error")),
            str(err.get("message", "")),
            None if field is None else str(field),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The error as the server writes it (the inner object of an error body)."""
        out: Dict[str, Any] = {"status": self.status, "code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        return out

    def __str__(self) -> str:
        where = f" (field {self.field})" if self.field else ""
        return f"{self.status} {self.code}: {self.message}{where}"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status!r}, code={self.code!r}, "
            f"message={self.message!r}, field={self.field!r})"
        )


class PlumbConnectionError(PlumbError):
    """No HTTP answer at all (connection refused or reset, DNS failure, timeout), after any retries.

    Its ``status`` is 0 and its ``code`` is ``"connection_error"`` (``"timeout"`` for a timeout);
    the underlying exception is its ``__cause__``.
    """

    def __init__(self, message: str, code: str = "connection_error") -> None:
        super().__init__(0, code, message, None)
