"""The library's failures as Python exceptions: one class per status code (CB_E*)."""

from __future__ import annotations

from typing import Dict, NoReturn, Optional, Type

from . import _native as N


class CodebreakerError(Exception):
    """A failure reported by the library: .code is its status (CB_E*), str() its sentence."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


class InvalidArgument(CodebreakerError, ValueError):
    """An argument or option is out of range (CB_EINVAL)."""


class ParseError(CodebreakerError, ValueError):
    """Malformed text: a word, a code, a feedback (CB_EPARSE)."""


class NotFound(CodebreakerError, ValueError):
    """A word or code is not in the game's lists, or a name is unknown (CB_ENOTFOUND)."""


class Contradiction(CodebreakerError, ValueError):
    """No secret is consistent with the history (CB_ECONTRADICT)."""


class TooBig(CodebreakerError, ValueError):
    """The request exceeds a size limit (CB_ETOOBIG)."""


class IllegalGuess(CodebreakerError, ValueError):
    """The guess breaks the rules of hard mode, or the game is over (CB_EILLEGAL)."""


class Empty(CodebreakerError, ValueError):
    """Nothing to choose from (CB_EEMPTY)."""


class FileError(CodebreakerError, OSError):
    """A file could not be read or written (CB_EIO)."""


class OutOfMemory(CodebreakerError, MemoryError):
    """An allocation failed (CB_ENOMEM)."""


class Canceled(CodebreakerError):
    """Stopped before the end (CB_ECANCELED)."""


ERRORS: Dict[int, Type[CodebreakerError]] = {
    -1: InvalidArgument,
    -2: OutOfMemory,
    -3: FileError,
    -4: ParseError,
    -5: NotFound,
    -6: Contradiction,
    -7: TooBig,
    -8: IllegalGuess,
    -9: Empty,
    -10: Canceled,
}


def fail(code: int, message: str) -> NoReturn:
    """Raise the exception of status code with message."""
    raise ERRORS.get(code, CodebreakerError)(code, message)


def invalid(message: str) -> NoReturn:
    fail(-1, message)


def check(code: int, err: Optional[N.Error] = None, what: Optional[str] = None) -> None:
    """Raise for a status other than CB_OK, with err's sentence, else the status's name."""
    if code == 0:
        return
    message = err.message.decode("utf-8", "replace") if err is not None and err.message else ""
    if not message:
        message = N.strerror(code).decode()
        if what:
            message = f"{what}: {message}"
    fail(code, message)
