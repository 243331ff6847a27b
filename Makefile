# The two commands README.md opens with, and the other entry points.
# Every target installs what it needs first (scripts/install-deps is idempotent).
SWIFT ?= swift
SECONDS ?= 60

.PHONY: deps build demo test gallery docs bench sanitize fuzz clean

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c release --product pathtext

demo: build
	.build/release/pathtext demo --out out/demo.png

test: deps
	$(SWIFT) test

gallery: build
	scripts/gallery

# The API documentation as a static site in docs/ (index.html opens the getting-started article).
# Serve it over HTTP to read it: python3 -m http.server -d docs 8000
docs: deps
	scripts/build-docs

bench: deps
	$(SWIFT) build -c release --product pathtext-bench
	.build/release/pathtext-bench

sanitize: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/fixtures/lsan.supp $(SWIFT) test --sanitize=address -Xswiftc -use-ld=lld
	TSAN_OPTIONS=suppressions=$(CURDIR)/fixtures/tsan.supp $(SWIFT) test --sanitize=thread

fuzz: deps
	scripts/fuzz $(SECONDS)

clean:
	rm -rf .build out bench.json docs
