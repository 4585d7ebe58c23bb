# redactfs: `make demo` and `make test` do everything on a fresh Debian 12
# machine that has the Swift toolchain.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
PYTHON ?= /usr/bin/python3
CONFIG ?= release
BIN := .build/$(CONFIG)/redactfs

# Build and run-time libraries, OCR data, fonts, and the tools the tests
# read outputs with (the ones users' programs are built on).
DEB_PACKAGES := pkg-config libfuse3-dev fuse3 libpoppler-glib-dev libcairo2-dev \
	libglib2.0-dev libtesseract-dev libleptonica-dev libssl-dev zlib1g-dev libdeflate-dev \
	libphonenumber-dev libseccomp-dev tesseract-ocr-eng tesseract-ocr-deu \
	tesseract-ocr-osd tesseract-ocr \
	fontconfig fonts-dejavu-core poppler-data qpdf poppler-utils mupdf-tools \
	ghostscript libimage-exiftool-perl rsync strace python3 python3-cairo \
	python3-pil python3-numpy python3-reportlab python3-cryptography \
	systemd groff-base mutt bsdutils

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build test unit-test integration-test test-office demo demo-stop bench bench-e2e hostile install install-units uninstall clean

all: build

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

unit-test: deps
	$(SWIFT) test

integration-test: build
	REDACTFS_BIN=$(CURDIR)/$(BIN) $(PYTHON) -m unittest discover -s tests/integration -v

test: unit-test integration-test
	@! grep -E ' fuse\.redactfs ' /proc/mounts || { echo "a redactfs mount was left behind"; exit 1; }

# Office documents need LibreOffice, which `deps` does not install (it is
# large): this installs its headless packages and the modules the test
# writes documents with, then runs test_office (which `make test` skips
# with its reason where soffice is missing).
OFFICE_PACKAGES := libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui \
	python3-docx python3-odf
test-office: build
	@missing=$$(for p in $(OFFICE_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	cd tests/integration && REDACTFS_BIN=$(CURDIR)/$(BIN) $(PYTHON) -m unittest test_office -v
	@! grep -E ' fuse\.redactfs ' /proc/mounts || { echo "a redactfs mount was left behind"; exit 1; }

# Mounts examples/ at a throwaway mount point, in the background.
DEMO_DIR ?= /tmp/redactfs-demo
demo: build
	@scripts/demo.sh "$(CURDIR)/$(BIN)" "$(CURDIR)/examples" "$(DEMO_DIR)"

demo-stop:
	-fusermount3 -u "$(DEMO_DIR)/Redacted"

# Detection quality and speed on the labelled corpus (reports, never fails;
# `detect-eval --check` exits 1 when a target is missed), then render speed.
bench: build
	.build/$(CONFIG)/detect-eval corpus/detection
	$(MAKE) --no-print-directory bench-e2e
	REDACTFS_BIN=$(CURDIR)/$(BIN) $(PYTHON) bench/bench.py

# End to end: the corpus typeset as real PDFs, scans and photos (cached in
# .build/e2e), read through the real mount, scored by pixels and OCR.
# E2E_ARGS=--quick for a short run; reports, never fails.
E2E_ARGS ?=
bench-e2e: build
	REDACTFS_BIN=$(CURDIR)/$(BIN) $(PYTHON) bench/e2e/score.py -j 2 --json .build/e2e/figures.json $(E2E_ARGS)
	REDACTFS_BIN=$(CURDIR)/$(BIN) $(PYTHON) bench/e2e/text_score.py
	REDACTFS_BIN=$(CURDIR)/$(BIN) $(PYTHON) bench/e2e/text_score.py --as eml

# Hostile inputs (bench/hostile/): the generated corpus (cached in
# .build/hostile) and qpdf's and pdf.js's damaged test PDFs, read through the
# real mount. Exits 1 when the mount died or an output failed a check.
# HOSTILE_ARGS=--sample 100 for a short run.
HOSTILE_ARGS ?=
hostile: build
	REDACTFS_BIN=$(CURDIR)/$(BIN) $(PYTHON) bench/hostile/run.py --json .build/hostile/figures.json $(HOSTILE_ARGS)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5 \
		$(DESTDIR)$(PREFIX)/lib/systemd/user \
		$(DESTDIR)$(PREFIX)/share/doc/redactfs
	install -m 0644 docs/*.md $(DESTDIR)$(PREFIX)/share/doc/redactfs/
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/redactfs
	install -m 0644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 0644 man/*.5 $(DESTDIR)$(PREFIX)/share/man/man5/
	$(MAKE) --no-print-directory install-units

# The user units, with the path of the installed binary (the integration
# test runs this target alone and verifies the result with systemd-analyze).
UNITS := redactfs.service redactfs@.service
install-units:
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/user
	for u in $(UNITS); do \
		sed 's|@BINDIR@|$(PREFIX)/bin|g' systemd/$$u > $(DESTDIR)$(PREFIX)/lib/systemd/user/$$u && \
		chmod 0644 $(DESTDIR)$(PREFIX)/lib/systemd/user/$$u || exit 1; \
	done

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/redactfs
	rm -f $(DESTDIR)$(PREFIX)/bin/redactfs $(DESTDIR)$(PREFIX)/share/man/man1/redactfs.1 \
		$(DESTDIR)$(PREFIX)/share/man/man5/redactfs-terms.5 \
		$(DESTDIR)$(PREFIX)/share/man/man5/redactfs.conf.5 \
		$(addprefix $(DESTDIR)$(PREFIX)/lib/systemd/user/,$(UNITS))

clean:
	rm -rf .build
