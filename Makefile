# Highwater: `make demo` sets everything up and writes a game-night pack; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
DEMO   := demo
SEED   ?= game-night

.PHONY: demo test bench install clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	mkdir -p $(DEMO)
	$(BIN)/highwater sheet raging-waters --players 4 --seed $(SEED) -o $(DEMO)/raging-waters.pdf --force
	$(BIN)/highwater setup raging-waters --seed $(SEED)
	$(BIN)/highwater score raging-waters examples/raging-waters/finished.json
	$(BIN)/highwater render raging-waters examples/raging-waters/finished.json -o $(DEMO)/scored-example.png --force
	$(BIN)/highwater sheet tayu -o $(DEMO)/tayu.pdf --force
	$(BIN)/highwater sheet water-duel -o $(DEMO)/water-duel.pdf --force
	$(BIN)/highwater sheet rising-waters -o $(DEMO)/rising-waters.pdf --force
	$(BIN)/highwater sheet re-wilding --players 2 --seed $(SEED) -o $(DEMO)/re-wilding.pdf --force
	$(BIN)/highwater score re-wilding examples/re-wilding/finished.json
	$(BIN)/highwater render re-wilding examples/re-wilding/finished.json -o $(DEMO)/re-wilding-example.png --force
	$(BIN)/highwater scan examples/photos/rolled-upside-down-exif.jpg --overlay $(DEMO)/scan-check.png --force
	@echo "Game-night pack written to $(DEMO)/: print raging-waters.pdf at 100 %."

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) $(DEMO) build *.egg-info
