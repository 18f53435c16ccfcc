"""`highwater scan`: score finished sheets from phone photos."""
from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import click

from .common import emit_json, fail, force_option, json_option, write_output

SUMMARY_KINDS = {"line": "berms", "box": "boxes", "dot": "house dots", "cell": "swamp squares",
                 "outline": "outlines", "fillbox": "boxes"}


def _sheet_id(ctx: click.Context, param: click.Parameter, value: str | None):
    if value is None:
        return None
    from sheets.sheetid import SheetId, SheetIdError
    try:
        return SheetId.parse(value)
    except SheetIdError as e:
        raise click.BadParameter(f"{e}; copy the id printed under the sheet's QR code, e.g. HW1:rw:2:game-night:2:a4:r")


def _overlay_path(base: Path, photo: Path, many: bool) -> Path:
    if not many:
        return base
    return base.with_name(f"{base.stem}-{photo.stem}{base.suffix or '.png'}")


def _marks_line(result) -> str:
    counts: dict[str, int] = {}
    for r in result.readings:
        if r.state != "empty":
            counts[r.mark.kind] = counts.get(r.mark.kind, 0) + 1
    parts = [f"{n} {SUMMARY_KINDS.get(k, k)}" for k, n in counts.items()]
    return "Read " + (", ".join(parts) if parts else "no marks") + \
        f" (registration {result.registration_mm:.2f} mm, markers {len(result.markers)}/4)."


def _one_line(photo: Path, result, error: str | None) -> str:
    if error is not None:
        return f"{photo}: unreadable: {error.removeprefix(str(photo) + ' ').removeprefix('is ')}"
    sid = result.sheet_id
    who = f"player {sid.player} ({sid.seed})"
    if result.referee_error:
        return f"{photo}: {who}: needs checking: {result.referee_error}"
    total = result.score.total
    if result.unsure:
        names = "; ".join(r.mark.name for r in result.unsure[:4]) + ("; ..." if len(result.unsure) > 4 else "")
        return f"{photo}: {who}: {total} points (provisional: {len(result.unsure)} unsure: {names})"
    return f"{photo}: {who}: {total} points"


def _table_rows(rows) -> list[dict]:
    out = []
    for photo, result, error in rows:
        if error is not None:
            out.append({"photo": str(photo), "status": "unreadable", "error": error, "sheet_id": "", "player": "",
                        "score": "", "unsure": ""})
            continue
        status = "needs checking" if result.referee_error else ("provisional" if result.unsure else "ok")
        out.append({"photo": str(photo), "status": status, "error": result.referee_error or "",
                    "sheet_id": result.sheet_id.encode(), "player": result.sheet_id.player,
                    "score": result.score.total if result.score else "",
                    "unsure": "; ".join(r.mark.name for r in result.unsure)})
    return out


def _table_bytes(path: Path, rows) -> bytes:
    data = _table_rows(rows)
    if path.suffix.lower() == ".json":
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=["photo", "sheet_id", "player", "status", "score", "unsure", "error"])
    w.writeheader()
    for row in data:
        w.writerow(row)
    return buf.getvalue().encode()


@click.command("scan", short_help="Score finished sheets from phone photos.")
@click.argument("photos", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--sheet-id", callback=_sheet_id, default=None,
              help="The sheet id printed under the QR code, when the QR can't be read.")
@click.option("--overlay", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the flattened sheet with what was read drawn on it (PNG). With several photos, "
                   "one file each, named after the photo.")
@click.option("--table", "table", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the game-night table of every photo: .csv or .json.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Same as --table, always CSV.")
@force_option
@json_option
def scan(photos: tuple[Path, ...], sheet_id, overlay: Path | None, table: Path | None, csv_path: Path | None,
         force: bool, as_json: bool) -> int:
    """Read PHOTOS of finished sheets, check them with the referee and print the scores.

    The sheet is found by its four corner markers and identified by its QR code; every
    mark gets a confidence. Marks the reader is not sure of are never guessed: the score
    is then provisional and those marks are named (check them on the --overlay).

    \b
    Exit codes: 0 every mark read with confidence; 3 some marks unsure (or the referee
    found an illegal sheet); 2 a photo can't be read, with a hint such as "move closer".

    \b
    Examples:
      highwater scan sheet.jpg
      highwater scan sheet.jpg --overlay check.png --json
      highwater scan night/*.jpg --table night.csv
      highwater scan blurry.jpg --sheet-id HW1:rw:2:game-night:2:a4:r
    """
    from ..photo import overlay as ov
    from ..photo.errors import UnreadablePhoto
    from ..photo.pipeline import scan as scan_photo

    many = len(photos) > 1
    if sheet_id is not None and many:
        fail("--sheet-id names one sheet; scan that photo on its own")
    for target in (table, csv_path):
        if target is not None and target.exists() and not force:
            fail(f"{target} already exists; pass --force to overwrite it")
    if table is not None and table.suffix.lower() not in (".csv", ".json"):
        fail(f"cannot tell the table format of {table}; name it .csv or .json")

    rows = []

    def run(photo: Path) -> None:
        try:
            result = scan_photo(photo, sheet_id, keep_image=overlay is not None)
        except UnreadablePhoto as e:
            rows.append((photo, None, str(e)))
            return
        rows.append((photo, result, None))
        if overlay is not None:
            from ..photo.pipeline import PXMM
            note = "provisional: orange = unsure, please check" if result.exit_code else None
            img = ov.draw(result.normalised.norm, result.readings, PXMM, note)
            write_output(_overlay_path(overlay, photo, many), ov.png(img), force)
            result.normalised = None

    if many and len(photos) >= 4 and sys.stderr.isatty():
        with click.progressbar(photos, label="Scanning", file=sys.stderr, show_pos=True) as bar:
            for p in bar:
                run(p)
    else:
        for p in photos:
            run(p)

    if table is not None:
        write_output(table, _table_bytes(table, rows), force)
    if csv_path is not None:
        write_output(csv_path, _table_bytes(csv_path.with_suffix(".csv"), rows), force)

    if not many:
        photo, result, error = rows[0]
        if error is not None:
            fail(error if error.startswith(str(photo)) else f"{photo}: {error}")
        if as_json:
            emit_json(result.to_dict())
        else:
            _print_one(result)
        return result.exit_code

    if as_json:
        emit_json([r.to_dict() if r is not None else {"photo": str(p), "status": "unreadable", "error": e}
                   for p, r, e in rows])
    else:
        for p, r, e in rows:
            click.echo(_one_line(p, r, e))
    if any(e is not None for _, _, e in rows):
        return 2
    return 3 if any(r.exit_code for _, r, _ in rows) else 0


def _print_one(result) -> None:
    sid = result.sheet_id
    click.echo(f"Sheet {sid.encode()} ({sid.game}, player {sid.player}, seed {sid.seed}).")
    click.echo(_marks_line(result))
    if result.referee_error:
        click.echo(f"The referee rejects what was read: {result.referee_error}.")
        click.echo("Check the marks on the sheet (use --overlay to see what was read).")
    else:
        if result.unsure:
            click.echo("PROVISIONAL score: these marks are unsure, check them on the sheet:")
        click.echo(result.score.table())
    for r in result.unsure:
        click.echo(f"  unsure: {r.mark.name}: read as {r.state} ({r.confidence:.1%}), could be {r.alternative}"
                   + _rule_note(r))
    for r in result.readings:
        if r.overruled:
            click.echo(f"  by the rules: {r.mark.name}: {r.state}, though the photo alone read {r.overruled}"
                       f" ({r.evidence.get('ruled_out', 'the rules leave it no other state')})")


def _rule_note(r) -> str:
    """Why a reading the photo alone was sure of is doubted (`Reading.why`), if it is."""
    return f" ({r.why})" if r.unsure and r.why else ""
