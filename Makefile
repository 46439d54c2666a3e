# The two commands of the README: `make run` and `make test`.
SWIFT ?= swift
DATA_DIR ?= ./recover-data
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: run test build release format format-check swift-test browser-test fuzz fuzz-smoke bench clean

run: release
	.build/release/recover serve --data-dir $(DATA_DIR) --host $(HOST) --port $(PORT)

release:
	@scripts/setup.sh run
	$(SWIFT) build -c release --product recover

build:
	@scripts/setup.sh run
	$(SWIFT) build

# Everything (scripts/test.sh): the fuzz smoke run builds and runs in the background beside the others.
test:
	@scripts/setup.sh test
	MAKE="$(MAKE)" SWIFT="$(SWIFT)" scripts/test.sh

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift

format-check:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

# The PostgreSQL tests run against a throwaway cluster started for the run (or RECOVER_TEST_DATABASE_URL);
# the slowest 20 tests are printed at the end (scripts/swift-test.sh).
swift-test:
	$(SWIFT) build --build-tests
	scripts/postgres-test-cluster.sh run scripts/swift-test.sh $(SWIFT) --skip-build

browser-test:
	scripts/browser-test.sh

# libFuzzer over every fuzz target (docs/robustness.md): 10^6 inputs each; the smoke run is CI's.
fuzz:
	scripts/fuzz.sh

fuzz-smoke:
	RUNS=3000 scripts/fuzz.sh

bench:
	$(SWIFT) run -c release recover-bench care web

clean:
	rm -rf .build
