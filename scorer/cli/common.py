"""Shared CLI plumbing: the one-line input error, output options and JSON printing."""
from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Any, Callable

import click


class InputError(click.ClickException):
    """Bad input from the user: printed as one 'Error: ...' line, exit code 2."""

    exit_code = 2


def fail(message: str) -> None:
    """Raise the one-line input error."""
    raise InputError(message)


def emit_json(data: Any) -> None:
    """Print JSON for scripting (sorted keys, stable output)."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


def json_option(f: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON for scripts.")(f)


def force_option(f: Callable) -> Callable:
    return click.option("--force", is_flag=True, help="Overwrite output files that already exist.")(f)


def seed_option(required: bool = False, help: str = "Shared seed: the same seed gives the same rolls everywhere.") -> Callable:
    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is None:
            return None
        from sheets.sheetid import SEED_RE
        if not SEED_RE.fullmatch(value):
            raise click.BadParameter("use 1-24 letters, digits, '-' or '_', e.g. --seed game-night")
        return value
    return click.option("--seed", "-s", required=required, callback=callback, help=help)


def new_seed() -> str:
    """A fresh random seed for when the user gives none (printed so it can be reused)."""
    return secrets.token_hex(4)


def read_json(path: Path) -> Any:
    """Read a JSON file, turning every problem into a one-line InputError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"{path} does not exist")
    except IsADirectoryError:
        fail(f"{path} is a folder; give a JSON file")
    except UnicodeDecodeError:
        fail(f"{path} is not a UTF-8 text file; give a sheet JSON file")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"{path} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")


def write_output(path: Path, data: bytes, force: bool) -> None:
    """Write a user-requested file atomically, refusing to overwrite without --force."""
    from sheets.output import OutputExistsError, write_atomic
    try:
        write_atomic(Path(path), data, force=force)
    except OutputExistsError as e:
        fail(str(e))
    except FileNotFoundError as e:
        fail(str(e))
    except (PermissionError, IsADirectoryError) as e:
        fail(f"cannot write {path}: {e.strerror}")


def write_pages(path: Path, fmt: str, pages: bytes | list[bytes], force: bool) -> list[Path]:
    """Write a PDF, or one SVG per page; checks every target before writing any."""
    from sheets.output import OutputExistsError, check_writable, page_paths
    if fmt == "pdf":
        write_output(path, pages, force)  # type: ignore[arg-type]
        return [Path(path)]
    paths = page_paths(Path(path), len(pages))
    try:
        check_writable(paths, force)
    except OutputExistsError as e:
        fail(str(e))
    for p, data in zip(paths, pages):
        write_output(p, data, True)
    return paths


def guess_format(path: Path, fmt: str | None, allowed: tuple[str, ...] = ("pdf", "svg")) -> str:
    """The output format from --format or the file's suffix; they must agree."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if fmt:
        if suffix in allowed and suffix != fmt:
            fail(f"--format {fmt} does not match the file name {path}; rename it .{fmt}")
        return fmt
    if suffix in allowed:
        return suffix
    fail(f"cannot tell the format of {path}; name it .{' or .'.join(allowed)} or pass --format")
    return ""


def is_tty() -> bool:
    return sys.stdin.isatty()


def write_rendered(output: Path, build: Callable[[str], bytes | list[bytes]], force: bool, dpi: int = 150) -> str:
    """Write a rendered state to .png, .pdf or .svg; `build(fmt)` draws it as pdf or svg.

    Returns the format written.
    """
    fmt = guess_format(output, None, ("svg", "png", "pdf"))
    if fmt == "png":
        from sheets.raster import pdf_pages, png_bytes
        write_output(output, png_bytes(pdf_pages(build("pdf"), dpi=dpi)[0]), force)  # type: ignore[arg-type]
    else:
        write_pages(output, fmt, build(fmt), force)
    return fmt


def render_options(f: Callable) -> Callable:
    """The arguments every `highwater render GAME` command takes."""
    for deco in reversed([
        click.argument("sheet_json", type=click.Path(path_type=Path)),
        click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), required=True,
                     help="Output file: .svg, .png or .pdf."),
        click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True),
        click.option("--dpi", default=150, show_default=True, type=click.IntRange(50, 600),
                     help="Resolution for PNG."),
        force_option, json_option]):
        f = deco(f)
    return f
