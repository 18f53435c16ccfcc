"""Shared fixtures: a click runner and the default Raging Waters template."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from scorer.cli.main import cli, main


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.exit_code, self.output, self.stderr = code, out, err


@pytest.fixture
def run(capsys):
    """Run the `highwater` entry point (with its one-line error handling) and capture output."""
    def _run(*args: str, input: str | None = None) -> Result:
        import io
        import sys
        old = sys.stdin
        if input is not None:
            sys.stdin = io.StringIO(input)
        try:
            code = main(list(args))
        finally:
            sys.stdin = old
        cap = capsys.readouterr()
        return Result(code, cap.out, cap.err)
    return _run


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def cli_app():
    return cli
