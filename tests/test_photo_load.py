"""Stage 1, loading: formats, EXIF orientation, bombs and broken files give one-line errors."""
from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from scorer.photo.errors import UnreadablePhoto
from scorer.photo.load import MAX_PIXELS, decode, load_photo


def _jpeg(arr: np.ndarray, exif_orientation: int | None = None) -> bytes:
    img = Image.fromarray(arr)
    buf = io.BytesIO()
    exif = b""
    if exif_orientation:
        e = Image.Exif()
        e[0x0112] = exif_orientation
        exif = e.tobytes()
    img.save(buf, format="JPEG", quality=90, exif=exif)
    return buf.getvalue()


def _tall_image() -> np.ndarray:
    arr = np.full((900, 600, 3), 255, np.uint8)
    arr[:100, :100] = 0          # a black block at the top-left of the upright picture
    return arr


def test_decodes_jpeg_to_rgb():
    out = decode(_jpeg(_tall_image()))
    assert out.shape == (900, 600, 3) and out.dtype == np.uint8


@pytest.mark.parametrize("tag, turn", [(6, Image.Transpose.ROTATE_90), (3, Image.Transpose.ROTATE_180),
                                       (8, Image.Transpose.ROTATE_270)])
def test_exif_orientation_is_followed(tag, turn):
    stored = np.asarray(Image.fromarray(_tall_image()).transpose(turn))
    out = decode(_jpeg(stored, tag))
    assert out.shape == (900, 600, 3)                 # upright again
    assert out[:100, :100].mean() < 40 and out[-100:, -100:].mean() > 200


def test_empty_bytes():
    with pytest.raises(UnreadablePhoto, match="empty"):
        decode(b"")


def test_zero_byte_file(tmp_path):
    p = tmp_path / "photo.jpg"
    p.write_bytes(b"")
    with pytest.raises(UnreadablePhoto, match="0 bytes"):
        load_photo(p)


def test_pdf_is_refused():
    with pytest.raises(UnreadablePhoto, match="is a PDF"):
        decode(b"%PDF-1.4\n%...\n")


def test_truncated_jpeg():
    data = _jpeg(np.random.default_rng(1).integers(0, 255, (900, 700, 3), dtype=np.uint8))
    with pytest.raises(UnreadablePhoto, match="truncated"):
        decode(data[: len(data) // 2])


def test_text_file_is_not_an_image():
    with pytest.raises(UnreadablePhoto, match="not an image"):
        decode(b"hello, this is not a photo at all" * 10)


def test_heic_is_named():
    with pytest.raises(UnreadablePhoto, match="HEIC"):
        decode(b"\x00\x00\x00\x18ftypheic" + b"\x00" * 100)


def _png_header(w: int, h: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + \
        chunk(b"IEND", b"")


def test_decompression_bomb_is_refused_before_decoding():
    with pytest.raises(UnreadablePhoto, match="decompression bomb"):
        decode(_png_header(40_000, 40_000))
    assert 40_000 * 40_000 > MAX_PIXELS


def test_tiny_photo_asks_to_move_closer():
    with pytest.raises(UnreadablePhoto, match="move closer"):
        decode(_jpeg(np.full((200, 300, 3), 200, np.uint8)))


def test_missing_file(tmp_path):
    with pytest.raises(UnreadablePhoto, match="does not exist"):
        load_photo(tmp_path / "nope.jpg")


@pytest.mark.parametrize("orientation", range(1, 9))
def test_exif_orientations_match_pillow(orientation):
    import io as _io
    from PIL import ImageOps
    from scorer.photo.load import _upright
    a = (np.random.default_rng(orientation).random((5, 7, 3)) * 255).astype(np.uint8)
    im = Image.fromarray(a)
    ex = im.getexif()
    ex[0x0112] = orientation
    buf = _io.BytesIO()
    im.save(buf, "PNG", exif=ex)
    ref = np.asarray(ImageOps.exif_transpose(Image.open(_io.BytesIO(buf.getvalue()))))
    assert np.array_equal(_upright(a, orientation), ref)
