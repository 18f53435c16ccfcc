"""Speed and accuracy measurements, run by `make bench` (never timing asserts in tests)."""
