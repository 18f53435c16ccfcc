"""Click options every print kit shares, and writing a kit to PDF or SVG.

    @click.command("my-game")
    @kit_options
    @output_options("my-game.pdf")
    def sheet(print_opts: PrintOptions, calibrate: bool, output, fmt, force, as_json): ...

`kit_options` turns --paper, --duplex, --fold, --back-offset, --gap, --bleed,
--ink-saver, --no-crop-marks and --calibrate into one `PrintOptions` (argument
`print_opts`) plus the `calibrate` flag. `write_kit` renders a kit (with a progress bar
on a terminal for long kits) and writes it atomically.
"""
from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from .common import InputError, emit_json, force_option, json_option, write_pages


class OffsetType(click.ParamType):
    """'X,Y' in mm, e.g. 0.5,-1."""

    name = "X,Y"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        from sheets.printopts import MAX_BACK_OFFSET, parse_offset
        try:
            x, y = parse_offset(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)
        if abs(x) > MAX_BACK_OFFSET or abs(y) > MAX_BACK_OFFSET:
            self.fail(f"{x:g},{y:g} mm is more than {MAX_BACK_OFFSET:g} mm; measure it again with --calibrate",
                      param, ctx)
        return (x, y)


def kit_options(f: Callable) -> Callable:
    """Add the shared print options; the command receives `print_opts` and `calibrate`."""
    options = [
        click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
                     help="Paper size."),
        click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
                     help="Back pages after each front, mirrored for a flip on the long or short edge; "
                          "none prints fronts only."),
        click.option("--fold", is_flag=True,
                     help="No duplex printer: fronts and backs side by side; fold on the centre line, glue, cut."),
        click.option("--back-offset", type=OffsetType(), default="0,0", show_default=True,
                     help="Shift back pages X,Y mm (right, down as seen on the back) to correct a printer; "
                          "measure it with --calibrate."),
        click.option("--gap", type=click.FloatRange(0, 20), default=0.0, show_default=True,
                     help="mm between cards; 0 butts them so one cut separates two."),
        click.option("--bleed", type=click.FloatRange(0, 6), default=3.0, show_default=True,
                     help="mm of art printed past the cut line (never over a neighbour)."),
        click.option("--ink-saver", is_flag=True, help="Light backgrounds and outlines only."),
        click.option("--crop-marks/--no-crop-marks", default=True, show_default=True,
                     help="Crop marks in the margin at every cut line."),
        click.option("--calibrate", is_flag=True,
                     help="Print only the duplex calibration sheet, to measure --back-offset."),
    ]

    def wrapper(**kw: Any) -> Any:
        from sheets.paper import paper
        from sheets.printopts import PrintOptions
        try:
            opts = PrintOptions(paper=paper(kw.pop("paper")), duplex=kw.pop("duplex"), fold=kw.pop("fold"),
                                back_offset=kw.pop("back_offset"), gap=kw.pop("gap"), bleed=kw.pop("bleed"),
                                ink_saver=kw.pop("ink_saver"), crop_marks=kw.pop("crop_marks"))
        except ValueError as e:
            raise InputError(str(e)) from None
        if kw["calibrate"] and (opts.fold or opts.duplex == "none"):
            raise InputError("--calibrate measures duplex printing: use it with --duplex long or short (not none, not --fold)")
        return f(print_opts=opts, **kw)

    functools.update_wrapper(wrapper, f)  # keeps options added by decorators below this one
    for opt in reversed(options):
        wrapper = opt(wrapper)
    return wrapper


def output_options(default: str) -> Callable:
    """-o/--output, --format, --force and --json."""
    def deco(f: Callable) -> Callable:
        f = json_option(f)
        f = force_option(f)
        f = click.option("--format", "fmt", type=click.Choice(["pdf", "svg"]), default=None,
                         help="Output format (default: from the -o suffix, else pdf). SVG writes one file per page.")(f)
        f = click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=Path(default),
                         show_default=True, help="Output file.")(f)
        return f
    return deco


def write_kit(kit: Any, output: Path, fmt: str | None, force: bool, as_json: bool,
              summary: Callable[[Any], str] | None = None) -> Any:
    """Render `kit` to PDF or SVG, write it, and print a one-line summary (or JSON).

    Returns the manifest. Kits of more than 12 pages show a progress bar on a terminal.
    """
    from sheets.output import check_writable
    from sheets.pdf import PdfCanvas
    from sheets.svg import SvgCanvas

    suffix = output.suffix.lower().lstrip(".")
    if fmt and suffix in ("pdf", "svg") and suffix != fmt:
        raise InputError(f"{output} ends in .{suffix} but --format is {fmt}; name it {output.with_suffix('.' + fmt)}")
    fmt = fmt or (suffix if suffix in ("pdf", "svg") else "pdf")
    if fmt == "pdf":  # fail before the work, not after it
        try:
            check_writable([output], force)
        except FileExistsError as e:
            raise InputError(str(e)) from None
    cv = PdfCanvas(title=kit.title, subject="Print at 100 % / actual size") if fmt == "pdf" else SvgCanvas()
    try:
        total = kit.page_count()
        if total > 12 and not as_json and sys.stderr.isatty():
            with click.progressbar(length=total, label=f"Drawing {kit.title}", file=sys.stderr) as bar:
                manifest = kit.render(cv, progress=lambda done, _t: bar.update(1))
        else:
            manifest = kit.render(cv)
    except ValueError as e:
        raise InputError(str(e)) from None
    files = write_pages(output, fmt, cv.finish(), force)
    if as_json:
        emit_json({"files": [str(f) for f in files], **manifest.to_dict()})
    else:
        names = ", ".join(str(f) for f in files) if len(files) <= 3 else f"{files[0]} … {files[-1]}"
        extra = summary(manifest) if summary else ""
        n = len(manifest.pages)
        click.echo(f"Wrote {names}: {n} page{'s' if n != 1 else ''} ({kit.options.paper.name}, {kit.options.sides})"
                   f"{extra}. Print at 100 % / actual size.")
    return manifest
