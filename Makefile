# The two commands README.md opens with, and the other entry points.
# Every target installs what it needs first (scripts/install-deps is idempotent).
SWIFT ?= swift
SECONDS ?= 60
# Release builds of the CLI and the benchmarks link the Swift runtime statically (the library imports no
# Foundation): a `pathtext` process then loads no Swift shared libraries (BENCHMARKS.md, "One process").
# Every release build in .build/release uses these same flags, so the targets below never rebuild each
# other's objects.
RELEASE = -c release --static-swift-stdlib

.PHONY: deps test-deps build demo test resvg-text-chromium serve loadtest gallery docs bench bench-place sanitize fuzz clean install test-capi test-python wheel test-wheel bench-dask

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps --test

build: deps
	$(SWIFT) build $(RELEASE) --product pathtext

demo: build
	.build/release/pathtext demo --out out/demo.png

# The Swift and Python tests run under a Fontconfig configuration of their own (exactly the fonts
# install-deps --test installs, scripts/test-fonts), then the fallback suites again with fonts-noto-cjk
# present too.
TEST_FONTS = FONTCONFIG_FILE=$(CURDIR)/.build/test-fonts
test: test-deps
	scripts/test-fonts
	$(TEST_FONTS)/fonts.conf $(SWIFT) test
	cat .build/resvg-text/report.md   # resvg's text suite, per folder (ResvgTextSuiteTests)
	$(TEST_FONTS)/with-cjk.conf $(SWIFT) test --skip-build \
	    --filter 'SystemFallbackTests|SystemFontsCommandTests|WorldRingSceneTests|ItemizerTests'
	SWIFT=$(SWIFT) scripts/test-bench-smoke   # every benchmark row once, debug build (pathtext-bench --smoke)
	$(MAKE) test-capi
	$(TEST_FONTS)/fonts.conf scripts/test-python $(TEST_PREFIX)   # the Swift tests' fonts, whatever the caller's Fontconfig
	$(MAKE) test-wheel
	rm -f .build/bench-dask-smoke.json   # make bench's dask rows, on 64 labels and two zooms once (a smoke run)
	.build/wheel-test-venv/bin/python scripts/bench-dask.py --json .build/bench-dask-smoke.json 64 1
	.build/wheel-test-venv/bin/python scripts/bench-dask-tiles.py --json .build/bench-dask-smoke.json 13-14 1
	python3 -c 'import json,sys; r=[x["name"] for x in json.load(open(sys.argv[1]))["rows"]]; want=["dask/labels/1-worker","dask/labels/2-workers","dask/labels/control-2-processes","dask/tiles/1-worker","dask/tiles/2-workers","dask/tiles/control-2-processes"]; sys.exit(0 if r==want else "dask rows: %r" % r)' .build/bench-dask-smoke.json
	scripts/test-browser

# Chromium's pictures of resvg's text suite, the suite's second reference (fixtures/resvg-text/README.md):
# remade by hand when Chromium or the suite changes, not in CI.
resvg-text-chromium: test-deps
	/usr/bin/python3 scripts/resvg-text-chromium.py

serve: build
	.build/release/pathtext serve --port 8080

loadtest: deps
	scripts/loadtest-serve

gallery: build
	scripts/gallery

# The API documentation as a static site in docs/ (index.html opens the getting-started article).
# Serve it over HTTP to read it: python3 -m http.server -d docs 8000
docs: test-deps
	scripts/build-docs

bench: test-deps test-wheel
	$(SWIFT) build $(RELEASE) --product pathtext-bench
	$(SWIFT) build $(RELEASE) --product pathtext   # for the batch/, process/ and svg/ rows, which run it
	scripts/install-bench-tools >/dev/null          # resvg, the svg/ rows' peer (PyPI's resvg-cli)
	.build/release/pathtext-bench
	.build/wheel-test-venv/bin/python scripts/bench-dask.py --json bench.json         # the dask/labels rows
	.build/wheel-test-venv/bin/python scripts/bench-dask-tiles.py --json bench.json   # the dask/tiles rows

# The placer against Mapnik 3.1 on the Helsinki roads (issue #24): both engines' figures from one run,
# both on one core (Mapnik's script pins itself there too).
bench-place: test-deps
	$(SWIFT) build $(RELEASE) --product pathtext-bench
	taskset -c 0 .build/release/pathtext-bench --only place --no-json

sanitize: test-deps
	PATHTEXT_SANITIZER=address LSAN_OPTIONS=suppressions=$(CURDIR)/fixtures/lsan.supp:print_suppressions=0 \
	    $(SWIFT) test --sanitize=address -Xswiftc -use-ld=lld
	PATHTEXT_SANITIZER=thread TSAN_OPTIONS=suppressions=$(CURDIR)/fixtures/tsan.supp $(SWIFT) test --sanitize=thread

fuzz: test-deps
	scripts/fuzz $(SECONDS)

clean:
	rm -rf .build out bench.json

# --- The C library, the CLI and the fonts, installed under PREFIX (make install PREFIX=DIR) ----------------
# Release build with the Swift runtime linked statically, in its own scratch folder (different flags from
# `make build`), so the installed library and CLI need no Swift toolchain.
PREFIX ?= /usr/local
STATIC_BUILD = .build/static
STATIC_FLAGS = -c release -Xswiftc -static-stdlib --scratch-path $(STATIC_BUILD)
PT_VERSION = $(shell sed -n 's/.*public static let string = "\(.*\)"/\1/p' Sources/Doors/PathText/Version.swift)

install: deps
	$(SWIFT) build $(STATIC_FLAGS) --product pathtext-c
	$(SWIFT) build $(STATIC_FLAGS) --product pathtext
	install -d "$(PREFIX)/lib/pkgconfig" "$(PREFIX)/include" "$(PREFIX)/bin" "$(PREFIX)/share/pathtext/fonts"
	install -s -m 755 "$$($(SWIFT) build $(STATIC_FLAGS) --show-bin-path)/libpathtext-c.so" "$(PREFIX)/lib/libpathtext.so"
	install -s -m 755 "$$($(SWIFT) build $(STATIC_FLAGS) --show-bin-path)/pathtext" "$(PREFIX)/bin/pathtext"
	install -m 644 Sources/System/CPathText/include/pathtext.h "$(PREFIX)/include/pathtext.h"
	install -m 644 Fonts/*.ttf Fonts/README.md "$(PREFIX)/share/pathtext/fonts/"
	prefix="$$(cd "$(PREFIX)" && pwd)"; sed -e "s|@PREFIX@|$$prefix|" -e "s|@VERSION@|$(PT_VERSION)|" \
	    scripts/pathtext.pc.in > "$(PREFIX)/lib/pkgconfig/pathtext.pc"

# The C example and the C test program, built against an installed prefix through pkg-config.
TEST_PREFIX = $(CURDIR)/.build/test-prefix
test-capi:
	$(MAKE) install PREFIX=$(TEST_PREFIX)
	scripts/test-capi $(TEST_PREFIX)

# The Python package's tests (pytest in a virtual environment under .build/).
test-python:
	$(MAKE) install PREFIX=$(TEST_PREFIX)
	scripts/test-fonts
	$(TEST_FONTS)/fonts.conf scripts/test-python $(TEST_PREFIX)

# --- The Python wheel: libpathtext.so (the static build above), its C libraries and the fonts inside -----
# dist/pathtext-VERSION-py3-none-manylinux_*.whl; the tag is what `auditwheel show` reports.
wheel: deps
	$(SWIFT) build $(STATIC_FLAGS) --product pathtext-c
	scripts/build-wheel "$$($(SWIFT) build $(STATIC_FLAGS) --show-bin-path)/libpathtext-c.so" dist

# The wheel in a fresh virtual environment with no Swift toolchain visible and no LD_LIBRARY_PATH: the
# Python tests there (the installed CLI is what some of them compare against).
test-wheel: wheel
	$(MAKE) install PREFIX=$(TEST_PREFIX)
	scripts/test-wheel dist $(TEST_PREFIX)

# pathtext.dask's throughput with 1 and 2 worker processes (LocalCluster), in the wheel's test venv
# (make bench runs these too, adding their rows to bench.json).
bench-dask: test-wheel
	.build/wheel-test-venv/bin/python scripts/bench-dask.py
	.build/wheel-test-venv/bin/python scripts/bench-dask-tiles.py

bench-table:  # BENCHMARKS.md's table from the bench.json of the last make bench
	scripts/bench-table
