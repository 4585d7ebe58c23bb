/// Help texts. The man page (man/redactfs.1) says the same.
enum Usage {
    /// `--version`: ours and the C libraries' versions (Versions.swift).
    static var version: String { Versions.report() }

    static let main = """
    USAGE: redactfs <subcommand> [options]
           redactfs SOURCE MOUNTPOINT [-o option[,option]...]

    Shows redacted, image-only copies of the PDFs and images in a folder.

    SUBCOMMANDS:
      mount SOURCE MOUNTPOINT   Mount SOURCE read-only at MOUNTPOINT.
      redact INPUT...           Redact files without mounting (beside each, or -o OUTPUT).
      scan INPUT                List what detection finds in one file.
      review FILE               See and change what is redacted in one document.
      verify OUTPUT             Check a redacted file: structure, and nothing readable that should not be.
      status [PATH...]          What a mount is doing; why a file in it failed.
      init                      Create the key and an empty term file.
      terms ACTION              Edit the always-redact terms (add, list, remove, import, export).
      help [SUBCOMMAND]         Show help for a subcommand.

    OPTIONS:
      -h, --help                Show this help.
      -V, --version             Show the version, and those of the libraries it runs with.

    See 'redactfs help <subcommand>' for details.
    """

    static let mount = """
    USAGE: redactfs mount SOURCE MOUNTPOINT [--foreground] [--dpi N] [--config F]
                          [--key-file F] [--terms-file F] [--cache-size SIZE]
                          [--disk-cache] [--disk-cache-size SIZE] [--prefetch]
                          [--deadline SECONDS] [--ocr-languages L] [--jobs N]
                          [-o OPTIONS]
           redactfs SOURCE MOUNTPOINT -o ro,dpi=150,...   (mount.fuse3 and fstab form)

    Mounts SOURCE read-only at MOUNTPOINT. Each NAME.pdf shows as
    NAME.redacted.pdf, NAME.jpg as NAME.redacted.jpg, PNG, WebP, BMP and GIF as
    NAME.redacted.png, TIFF as NAME.redacted.png (one page) or .pdf (more
    pages); other files, dotfiles and links out of SOURCE are not shown.
    Unmount with 'fusermount3 -u MOUNTPOINT'.

    OPTIONS:
      --foreground              Stay in the foreground (for systemd and debugging).
      --log-file F              Append log lines to F (default: standard error in the
                                foreground, syslog in the background).
      -v, --verbose             Log where each render's time went, by stage.
      --dpi N                   Render at N dots per inch (36-600, default 150).
      --config F                Read settings from F.
      --key-file F              Read the term key from F.
      --terms-file F            Read always-redact terms from F.
      --cache-size SIZE         Memory for outputs, open files included (default 256M).
      --disk-cache              Keep outputs on disk, sealed with your key (default off).
      --disk-cache-size SIZE    Bound of the disk cache (default 1G).
      --prefetch                Render a listed folder's files in the background (default off).
      --deadline SECONDS        Fail an open with EIO after this long (default 120).
      --ocr-languages L         Read scans with tesseract languages L (default eng+deu).
      --jobs N                  Run at most N worker processes at once (default: one per core).
      -o OPTIONS                Comma-separated: dpi=N, config=F, key_file=F,
                                terms_file=F, cache_size=SIZE, disk_cache,
                                disk_cache_size=SIZE, prefetch, deadline=S,
                                ocr_languages=L, jobs=N, foreground, log_file=F, verbose, nonempty, allow_other, debug.
    """

    static let status = """
    USAGE: redactfs status [MOUNTPOINT | FILE]... [--json]

    For a mount: the renders in progress (file, page N of M, time), the
    queue, cache use, counters since the mount and the latest failures with
    their reasons. For a file in a mount: why it could not be served. With
    no PATH, every redactfs mount. Read from MOUNTPOINT/.redactfs/status, a
    JSON document the mount makes at each open (never listed, so copies of
    the mount do not include it).

    OPTIONS:
      --json                    One JSON document per PATH, for scripts.
    """

    static let redact = """
    USAGE: redactfs redact INPUT... [-q | -v] [--dpi N] [--config F] [--key-file F] [--terms-file F]
                          [--ocr-languages L] [--jobs N]
           redactfs redact INPUT -o OUTPUT [options]

    Redacts each INPUT (a PDF, an image, a text file or a saved mail; '-'
    reads standard input, a PDF or an image) into a copy beside it, named as
    the mount names it: NAME.redacted.pdf for a PDF or a TIFF of several
    pages, NAME.redacted.jpg for a JPEG, NAME.redacted.png for PNG, WebP, BMP,
    GIF and a TIFF of one page (all image-only, written from pixels);
    NAME.redacted.EXT for .txt, .md, .log, .csv, .tsv, .json and .eml. With one
    INPUT, -o OUTPUT writes there instead ('-' for standard output); its
    extension must match. Never replaces an input. Every INPUT is tried; the
    exit status is the first failure's, each failure one line.
    At a terminal, a progress line and a summary per INPUT (pages,
    detections per category, time, size); nothing when standard error is
    not a terminal.

    OPTIONS:
      -o, --output OUTPUT       Write the one INPUT's output to OUTPUT ('-': standard output).
      -q, --quiet               No progress and no summary (errors and warnings still).
      -v, --verbose             A line per page and the summary, also off a terminal.
      --dpi N                   Render at N dots per inch (36-600, default 150).
      --config F                Read settings from F.
      --key-file F              Read the term key from F.
      --terms-file F            Read always-redact terms from F.
      --ocr-languages L         Read scans with tesseract languages L (default eng+deu).
      --jobs N                  Run at most N worker processes at once (default: one per core).
    """

    static let scan = """
    USAGE: redactfs scan INPUT [--json | --show-text | --show-layout] [--config F] [--key-file F]
                        [--terms-file F] [--ocr-languages L] [--jobs N]

    Lists what detection finds in INPUT ('-' reads standard input), one
    detection a line: page, tier, category, kind, reason (checksum, pattern,
    context, gazetteer, term), confidence, the page's tokens it came from
    (words numbered from 1) and its boxes (points from the top-left of the
    page).

    OPTIONS:
      --json                    Print one JSON document for scripts instead (never any text of the document).
      --show-text               Also print the matched text (to a terminal only).
      --show-layout             Also print each page as detection reads it, cells apart (to a terminal only).
      --config F                Read settings from F.
      --key-file F              Read the term key from F.
      --terms-file F            Read always-redact terms from F.
      --ocr-languages L         Read scans with tesseract languages L (default eng+deu).
      --jobs N                  Run at most N worker processes at once (default: one per core).
    """

    static let verify = """
    USAGE: redactfs verify OUTPUT [--source SOURCE] [--config F] [--key-file F] [--terms-file F]
                          [--ocr-languages L] [--jobs N]

    Checks a redacted PDF, PNG or JPEG on its own: image-only pages, no text
    layer, fonts, metadata, annotations, forms, actions, JavaScript or
    attached files, a single revision, no PNG or JPEG metadata; then reads
    every page by OCR: no always-redact term may be readable. With --source,
    the page count and sizes must match the source's and nothing detection
    finds on the source may be readable. One line per finding (the text
    behind it only at a terminal); exit 0 when clean, 1 otherwise.

    OPTIONS:
      --source SOURCE           The original, to compare pages and detections with.
      --config F                Read settings from F.
      --key-file F              Read the term key from F.
      --terms-file F            Read always-redact terms from F.
      --ocr-languages L         Read pages with tesseract languages L (default eng+deu).
      --jobs N                  Run at most N worker processes at once (default: one per core).
    """

    static let review = """
    USAGE: redactfs review FILE [--keep N... | --unkeep N... | --add | --add-area PAGE:X,Y,W,H | --reset | --list
                                 | --preview F]
                          [--config F] [--key-file F] [--terms-file F] [--ocr-languages L] [--jobs N]

    Without an action, lists what is redacted in FILE, numbered (the same
    numbers from run to run): page, category, reason, whether it is kept
    visible, and at a terminal its text and the page's words. Decisions are
    kept for this document only, sealed with your key, and apply wherever it
    is redacted: the mount, redact and scan.

    ACTIONS:
      --keep N...               Keep these detections visible (on their page).
      --unkeep N...             Redact them again.
      --add                     Also redact a string read from standard input, wherever it stands in FILE.
      --add-area PAGE:X,Y,W,H   Also black out this box (page from 1, points from the top-left).
      --reset                   Drop every decision for FILE.
      --list                    Show the stored decisions (their text only at a terminal).
      --preview F               Write the output with each box outlined and numbered to F.
    """

    static func forSubcommand(_ name: String) -> String? {
        switch name {
        case "mount": return mount
        case "redact": return redact
        case "scan": return scan
        case "verify": return verify
        case "review": return review
        case "status": return status
        case "init": return InitCommand.help
        case "terms": return TermsCommand.help
        default: return nil
        }
    }
}
