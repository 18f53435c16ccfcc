"""Rasterise PDF pages to images with pypdfium2 (for previews, PNG output and photo tests)."""
from __future__ import annotations

import io

import pypdfium2 as pdfium
from PIL import Image


def pdf_pages(pdf: bytes, dpi: float = 150.0, pages: list[int] | None = None) -> list[Image.Image]:
    """Render the chosen pages (all by default) of a PDF at `dpi` as RGB images."""
    doc = pdfium.PdfDocument(pdf)
    try:
        indices = range(len(doc)) if pages is None else pages
        out = []
        for i in indices:
            bitmap = doc[i].render(scale=dpi / 72.0)
            out.append(bitmap.to_pil().convert("RGB"))
        return out
    finally:
        doc.close()


def png_bytes(img: Image.Image) -> bytes:
    """Encode an image as PNG bytes (deterministic for the same pixels)."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
