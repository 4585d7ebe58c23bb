"""Privacy invariants checked on the running program, not promised.

The mount runs under strace (-f: the daemon and every worker it starts)
while every file is read through it. From the trace:

* no network: no socket of any family but AF_UNIX is created, nothing is
  connected or bound to an address, nothing is sent to one; the only
  AF_UNIX socket allowed is the systemd notify socket when $NOTIFY_SOCKET
  is set (it is not here);
* no temp files, no writes: no file is opened for writing, created,
  renamed or removed, except /dev/fuse and /dev/null (the workers' stderr).

With always-redact terms and detected strings in the documents, that also
shows that neither can reach a temp file; the log is checked separately.
"""

import errno
import os
import re
import shutil
import unittest

import harness
from harness import Mount, Workspace, read_file

WS: Workspace


def setUpModule():
    global WS
    WS = Workspace("redactfs-privacy-")


def tearDownModule():
    WS.cleanup()


PLANTED_EMAIL = "ines.harzer@example.org"
PLANTED_IBAN = "DE89 3704 0044 0532 0130 00"


def planted_mail() -> bytes:
    from email.message import EmailMessage
    m = EmailMessage()
    m["From"] = f"Ines Harzer <{PLANTED_EMAIL}>"
    m["To"] = "buchhaltung@example.com"
    m["Subject"] = "Kontoverbindung"
    m.set_content(f"Bitte auf {PLANTED_IBAN} überweisen.\nInes Harzer\n")
    with open(os.path.join(harness.REPO_ROOT, "examples", "scans", "kontoauszug-scan.pdf"), "rb") as f:
        m.add_attachment(f.read(), maintype="application", subtype="pdf", filename="auszug.pdf")
    return bytes(m)


class TracedMount(Mount):
    """A mount whose process tree runs under strace."""

    SYSCALLS = ("execve,socket,socketpair,connect,bind,listen,sendto,sendmsg,"
                "open,openat,openat2,creat,rename,renameat,renameat2,unlink,unlinkat,"
                "mkdir,mkdirat,truncate,link,linkat,symlink,symlinkat")

    def __init__(self, *a, trace_path: str, **kw):
        super().__init__(*a, **kw)
        self.trace_path = trace_path

    def command(self):
        return ["strace", "-f", "-qq", "-s", "200", "-o", self.trace_path,
                "-e", "trace=" + self.SYSCALLS, *super().command()]


WRITE_FLAGS = re.compile(r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND")
ALLOWED_WRITABLE = {"/dev/fuse", "/dev/null"}


@unittest.skipIf(shutil.which("strace") is None, "strace is not installed (make deps installs it)")
class NoNetworkNoFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Scans too, so tesseract's workers are in the trace.
        for name in ("befund-scan.png", "kontoauszug-scan.pdf"):
            shutil.copy(os.path.join(harness.REPO_ROOT, "examples", "scans", name), WS.fixtures.root)
        # A text file and a mail with a PDF attachment: redacted in the
        # daemon (and the attachment in a worker), from memory.
        with open(os.path.join(WS.fixtures.root, "notiz.txt"), "w", encoding="utf-8") as f:
            f.write(f"Rückruf an {PLANTED_EMAIL}, IBAN {PLANTED_IBAN}\n")
        with open(os.path.join(WS.fixtures.root, "post.eml"), "wb") as f:
            f.write(planted_mail())
        cls.dir = WS.tempdir("trace")
        cls.trace = os.path.join(cls.dir, "strace.log")
        m = TracedMount(WS.fixtures.root, cls.dir, WS.env, trace_path=cls.trace)
        cls.addClassCleanup(m.stop)
        m.start()
        cls.read = []
        for root, _, files in os.walk(m.path()):
            for name in files:
                try:
                    read_file(os.path.join(root, name))
                    cls.read.append(name)
                except OSError:
                    pass  # damaged fixtures give EIO; they still ran in a worker
        cls.mount_log = m.log()
        m.stop()
        with open(cls.trace, encoding="utf-8", errors="replace") as f:
            cls.lines = [l.rstrip("\n") for l in f]

    def calls(self, *names):
        pat = re.compile(r"^\d+\s+(" + "|".join(names) + r")\(")
        return [l for l in self.lines if pat.match(l)]

    def test_trace_saw_the_reads(self):
        # Guards the other tests: an empty trace would pass them all.
        self.assertGreaterEqual(len(self.read), 3, self.read)
        self.assertIn("befund-scan.redacted.png", self.read)
        self.assertIn("kontoauszug-scan.redacted.pdf", self.read)
        self.assertTrue(any("tessdata" in l for l in self.lines), "no OCR worker in the trace")
        self.assertTrue(self.calls("openat", "open"), "strace recorded no opens")
        self.assertTrue(any("/dev/fuse" in l for l in self.lines), "the daemon is not in the trace")
        self.assertTrue(any('"__worker"' in l for l in self.calls("execve")), "no worker process in the trace")
        self.assertIn("notiz.redacted.txt", self.read)
        self.assertIn("post.redacted.eml", self.read)

    def test_the_log_holds_no_planted_text(self):
        for planted in (PLANTED_EMAIL, PLANTED_IBAN, "Ines", "Harzer"):
            self.assertNotIn(planted, self.mount_log)
        self.assertNotIn(PLANTED_EMAIL, "\n".join(self.lines), "a planted string in a traced call's arguments")

    def test_runs_no_other_program(self):
        # Workers are this binary again; nothing else is ever executed.
        exes = {harness.binary(), os.path.realpath(harness.binary())}
        others = [l for l in self.calls("execve") if not any(f'execve("{e}"' in l for e in exes)]
        self.assertEqual(others, [])

    def test_no_network_socket(self):
        sockets = self.calls("socket", "socketpair")
        bad = [l for l in sockets if "AF_UNIX" not in l and "PF_LOCAL" not in l and "AF_LOCAL" not in l]
        self.assertEqual(bad, [], "a non-local socket was created")
        # No NOTIFY_SOCKET here, so no socket at all is needed.
        self.assertEqual(sockets, [], "a socket was created")

    def test_nothing_connected_bound_or_sent(self):
        self.assertEqual(self.calls("connect", "bind", "listen", "sendto", "sendmsg"), [])

    def test_no_file_written_created_or_removed(self):
        writes = []
        for l in self.calls("open", "openat", "openat2", "creat"):
            m = re.search(r'"([^"]*)"', l)
            path = m.group(1) if m else "?"
            if (l.split("(")[0].endswith("creat") or WRITE_FLAGS.search(l)) and path not in ALLOWED_WRITABLE:
                writes.append(l)
        self.assertEqual(writes, [], "files opened for writing")
        self.assertEqual(self.calls("rename", "renameat", "renameat2", "unlink", "unlinkat", "mkdir",
                                    "mkdirat", "truncate", "link", "linkat", "symlink", "symlinkat"), [])


class WorkerSandbox(unittest.TestCase):
    """The lock-down every worker runs under, applied by the same code to a
    probe (`redactfs __sandbox-check DIR`) that then tries what a hijacked
    parser would try."""

    @classmethod
    def setUpClass(cls):
        harness.require_binary()
        cls.dir = WS.tempdir("sandbox")
        with open(os.path.join(cls.dir, "existing"), "w") as f:
            f.write("keep me")
        # stdout must be a pipe: RLIMIT_FSIZE=0 refuses writes to files.
        r = harness.run([harness.binary(), "__sandbox-check", cls.dir])
        cls.r = r
        cls.result = dict(l.split("=", 1) for l in r.stdout.decode().splitlines() if "=" in l)

    def test_probe_ran(self):
        self.assertEqual(self.r.returncode, 0, harness.describe(self.r))
        self.assertEqual(self.result.get("open_read"), "ok", "the sandbox must still let a worker read")

    def test_only_system_data_is_readable(self):
        # Landlock: a worker taken over by a hostile document cannot open the
        # user's files (to draw them into the page it returns).
        if self.result.get("landlock") == "unavailable":
            self.skipTest("this kernel has no Landlock: reads are not path-limited here")
        self.assertRegex(self.result.get("landlock", ""), r"^abi\d+$")
        self.assertEqual(self.result.get("open_read"), "ok")
        for k in ("open_private", "list_private", "open_proc_self"):
            self.assertEqual(self.result.get(k), f"errno{errno.EACCES}", k)

    def test_no_sockets(self):
        self.assertEqual(self.result.get("socket_inet"), f"errno{errno.EPERM}")
        self.assertEqual(self.result.get("socket_unix"), f"errno{errno.EPERM}")

    def test_no_writes_creations_or_removals(self):
        for k in ("open_create", "open_rdwr", "open_trunc"):
            self.assertEqual(self.result.get(k), f"errno{errno.EACCES}", k)
        for k in ("unlink", "mkdir"):
            self.assertEqual(self.result.get(k), f"errno{errno.EPERM}", k)
        self.assertEqual(sorted(os.listdir(self.dir)), ["existing"])
        with open(os.path.join(self.dir, "existing")) as f:
            self.assertEqual(f.read(), "keep me")

    def test_no_exec(self):
        self.assertEqual(self.result.get("execve"), f"errno{errno.EPERM}")

    def test_unlisted_syscalls_are_missing(self):
        # An allow-list: calls in neither list fail with ENOSYS, as if the
        # kernel lacked them (a deny-list would have let these through).
        for k in ("unlisted_setpriority", "unlisted_syslog", "clone3", "openat2",
                  "ioctl_tiocsti", "prctl_set_dumpable"):
            self.assertEqual(self.result.get(k), f"errno{errno.ENOSYS}", k)

    def test_threads_but_no_processes(self):
        # pthread_create works (glibc falls back from clone3 to clone with
        # CLONE_THREAD); fork, which is clone without it, is refused.
        self.assertEqual(self.result.get("thread"), "ok")
        self.assertEqual(self.result.get("fork"), f"errno{errno.EPERM}")

    def test_no_signals_or_limits_for_other_processes(self):
        self.assertEqual(self.result.get("tgkill_self"), "ok")
        self.assertEqual(self.result.get("tgkill_parent"), f"errno{errno.EPERM}")
        self.assertEqual(self.result.get("fcntl_getfl"), "ok")
        self.assertEqual(self.result.get("fcntl_setown"), f"errno{errno.EPERM}")
        self.assertEqual(self.result.get("setrlimit"), f"errno{errno.EPERM}")

    def test_resource_limits(self):
        self.assertEqual(self.result.get("rlimit_core"), "0")
        self.assertEqual(self.result.get("rlimit_fsize"), "0")
        self.assertLessEqual(int(self.result.get("rlimit_as", "0")), 4 << 30)
        self.assertGreater(int(self.result.get("rlimit_as", "0")), 0)
        self.assertEqual(self.result.get("malloc_4g"), "refused")


if __name__ == "__main__":
    unittest.main()
