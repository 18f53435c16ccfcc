"""benchmarks.photo_corpus.photo_name: one cache file per photo, whatever its range."""
from benchmarks.photo_corpus import DEFAULT_MP, photo_name


def test_a_range_other_than_the_default_names_a_photo_of_its_own_without_a_dot():
    # session 18 named them "...-1.5-3.5mp", and `with_suffix(".jpg")` took ".5mp" for the
    # suffix: the photo became "...-1.5-3.jpg", a name a range "1.5-3.7" would share
    assert photo_name("re-wilding", 210000, DEFAULT_MP) == "re-wilding-210000"
    a = photo_name("re-wilding", 210000, (1.5, 3.5))
    b = photo_name("re-wilding", 210000, (1.5, 3.7))
    assert "." not in a and a != b and a == "re-wilding-210000-1_5-3_5mp"
    assert photo_name("raging-waters", 210000, (1.5, 3.5), blur=(1.0, 1.3)) == \
        "raging-waters-blurry-210000-1_5-3_5mp"


def test_the_cache_key_changes_with_the_code_that_draws_the_sheets(tmp_path, monkeypatch):
    # a photo is a picture of a drawn sheet: a change to `sheets/` must not reuse old photos
    from benchmarks import photo_corpus
    for rel, text in (("benchmarks/photogen/gen.py", "a"), ("templates/t.json", "{}"), ("sheets/draw.py", "x = 1")):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.setattr(photo_corpus, "ROOT", tmp_path)
    photo_corpus._out.cache_clear()
    try:
        first = photo_corpus._out()
        assert photo_corpus._out() == first           # the same code, the same key
        (tmp_path / "sheets/draw.py").write_text("x = 2")
        photo_corpus._out.cache_clear()
        assert photo_corpus._out() != first
        assert first.parent == tmp_path / "bench-out" / "photos"
    finally:
        photo_corpus._out.cache_clear()
