#!/usr/bin/env bash
# Mounts the bundled examples read-only and says what to open.
set -euo pipefail
bin=$1 examples=$2 dir=$3
mnt=$dir/Redacted
mkdir -p "$mnt"
if grep -q " $mnt fuse.redactfs " /proc/mounts; then
    fusermount3 -u "$mnt"
fi
# A throwaway key and term file, so the demo never touches ~/.config.
export XDG_CONFIG_HOME=$dir/config
rm -rf "$XDG_CONFIG_HOME"
"$bin" init >/dev/null
# Terms no detector would find: the tax office's town and street.
printf 'Musterstadt\nBeispielweg\n' | "$bin" terms add >/dev/null
"$bin" mount "$examples" "$mnt" --log-file "$dir/redactfs.log"
for _ in $(seq 50); do grep -q " $mnt fuse.redactfs " /proc/mounts && break; sleep 0.1; done
grep -q " $mnt fuse.redactfs " /proc/mounts || { cat "$dir/redactfs.log"; exit 1; }
echo
echo "redactfs is serving $examples at $mnt"
echo "with a throwaway key and the always-redact terms 'Musterstadt' and 'Beispielweg'"
echo "(in $XDG_CONFIG_HOME/redactfs; list them with: XDG_CONFIG_HOME=$XDG_CONFIG_HOME $bin terms export)"
echo
echo "Open any of these in a viewer (each is rendered on first open; the scans go"
echo "through OCR, so they take a few seconds):"
find "$mnt" -name '*.redacted.*' | sort | sed 's/^/  /'
echo
echo "Or from the shell:"
first=$(find "$mnt" -name '*.redacted.pdf' | sort | head -n1)
echo "  pdftoppm -r 60 -png '$first' /tmp/page   # then look at /tmp/page-1.png"
echo "  pdftotext '$first' -                     # prints nothing: pixels only"
rel=${first#"$mnt"/}
echo "  $bin scan '$examples/${rel%.redacted.pdf}.pdf'"
echo
echo "What it is doing: $bin status $mnt"
echo "Log: $dir/redactfs.log"
echo "Stop it with: fusermount3 -u $mnt   (or: make demo-stop)"
