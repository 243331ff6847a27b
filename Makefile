# The two commands README.md opens with, and the other entry points.
# Every target installs what it needs first (scripts/install-deps is idempotent).
SWIFT ?= swift
SECONDS ?= 60

.PHONY: deps test-deps build demo test serve loadtest gallery bench sanitize fuzz clean

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps --test

build: deps
	$(SWIFT) build -c release --product pathtext

demo: build
	.build/release/pathtext demo --out out/demo.png

test: test-deps
	$(SWIFT) test
	scripts/test-browser

serve: build
	.build/release/pathtext serve --port 8080

loadtest: deps
	scripts/loadtest-serve

gallery: build
	scripts/gallery

bench: test-deps
	$(SWIFT) build -c release --product pathtext-bench
	.build/release/pathtext-bench

sanitize: test-deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/fixtures/lsan.supp $(SWIFT) test --sanitize=address -Xswiftc -use-ld=lld
	TSAN_OPTIONS=suppressions=$(CURDIR)/fixtures/tsan.supp $(SWIFT) test --sanitize=thread

fuzz: test-deps
	scripts/fuzz $(SECONDS)

clean:
	rm -rf .build out bench.json
