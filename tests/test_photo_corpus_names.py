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
