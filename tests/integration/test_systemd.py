"""The systemd user units as `make install` writes them: `systemd-analyze
verify` accepts both with no warning about them, and neither carries a
setting that would break or hide the mount."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

UNITS = ["redactfs.service", "redactfs@.service"]

# In a user unit each of these sets no_new_privs (systemd.exec(5)), which
# disarms the set-user-ID fusermount3 an unprivileged mount goes through.
IMPLY_NO_NEW_PRIVS = [
    "NoNewPrivileges", "RestrictAddressFamilies", "LockPersonality", "RestrictSUIDSGID",
    "SystemCallArchitectures", "SystemCallFilter", "SystemCallLog", "MemoryDenyWriteExecute",
    "RestrictNamespaces", "RestrictRealtime", "ProtectClock", "ProtectKernelTunables",
    "ProtectKernelModules", "ProtectKernelLogs", "ProtectHostname", "PrivateDevices",
    "RestrictFileSystems", "ProcSubset", "ProtectProc",
]
# Each gives the service a mount namespace of its own: the mount would be
# invisible to the user's session, or the source hidden.
PRIVATE_NAMESPACE = [
    "ProtectHome", "ProtectSystem", "PrivateTmp", "PrivateMounts", "PrivateUsers",
    "PrivateNetwork", "ReadOnlyPaths", "InaccessiblePaths", "TemporaryFileSystem",
    "BindPaths", "BindReadOnlyPaths", "RootDirectory", "RootImage", "MountFlags",
    "ProtectControlGroups", "MountAPIVFS",
]


def read(path: str) -> str:
    with open(path) as f:
        return f.read()


def directives(path: str) -> dict[str, list[str]]:
    """Key -> values of the uncommented lines of a unit file."""
    out: dict[str, list[str]] = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line[0] in "#;[" or "=" not in line:
                continue
            k, v = line.split("=", 1)
            out.setdefault(k.strip(), []).append(v.strip())
    return out


class Installed(unittest.TestCase):
    """`make install` into a temporary PREFIX (the built binary copied in,
    so the units name a binary that exists), then the installed files."""

    @classmethod
    def setUpClass(cls):
        cls.bin = h.require_binary()
        cls.tmp = tempfile.mkdtemp(prefix="redactfs-systemd-")
        cls.prefix = os.path.join(cls.tmp, "usr")
        # -o build: the binary under test is already built; don't rebuild.
        r = h.run(["make", "--no-print-directory", "-C", h.REPO_ROOT, "-o", "build", "install",
                   f"PREFIX={cls.prefix}", f"BIN={cls.bin}"], timeout=120)
        if r.returncode != 0:
            raise AssertionError("make install failed\n" + h.describe(r))
        cls.unitdir = os.path.join(cls.prefix, "lib", "systemd", "user")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def unit(self, name: str) -> str:
        return os.path.join(self.unitdir, name)

    def test_install_writes_both_units_with_the_binary_path(self):
        for name in UNITS:
            with self.subTest(unit=name):
                path = self.unit(name)
                self.assertTrue(os.path.isfile(path), f"{name} not installed")
                self.assertEqual(os.stat(path).st_mode & 0o777, 0o644)
                text = read(path)
                self.assertNotIn("@BINDIR@", text)
                start = directives(path)["ExecStart"]
                self.assertEqual(len(start), 1)
                self.assertTrue(start[0].startswith(os.path.join(self.prefix, "bin", "redactfs") + " mount --foreground"),
                                start[0])
        self.assertTrue(os.access(os.path.join(self.prefix, "bin", "redactfs"), os.X_OK))
        self.assertTrue(os.path.isfile(os.path.join(self.prefix, "share", "man", "man1", "redactfs.1")))

    def test_restart_policy_and_asserts(self):
        for name in UNITS:
            with self.subTest(unit=name):
                d = directives(self.unit(name))
                self.assertEqual(d.get("Type"), ["notify"])
                self.assertEqual(d.get("Restart"), ["on-failure"])
                self.assertEqual(sorted(d.get("RestartPreventExitStatus", [""])[0].split()),
                                 sorted(["64", "65", "66", "69", "78"]))
                self.assertEqual(d.get("UMask"), ["0077"])
                self.assertEqual(d.get("LimitCORE"), ["0"])
                self.assertIn("#LoadCredentialEncrypted=redactfs.key:", read(self.unit(name)))
        self.assertEqual(directives(self.unit("redactfs.service")).get("AssertPathIsDirectory"),
                         ["%h/Documents"])
        t = directives(self.unit("redactfs@.service"))
        self.assertEqual(t.get("EnvironmentFile"), ["%E/redactfs/mounts/%i.conf"])
        self.assertEqual(t.get("AssertFileNotEmpty"), ["%E/redactfs/mounts/%i.conf"])

    def test_no_setting_that_breaks_or_hides_the_mount(self):
        for name in UNITS:
            d = directives(self.unit(name))
            for key in IMPLY_NO_NEW_PRIVS:
                with self.subTest(unit=name, key=key):
                    self.assertNotIn(key, d, f"{key}= sets no_new_privs in a user unit: "
                                             "fusermount3 then cannot mount")
            for key in PRIVATE_NAMESPACE:
                with self.subTest(unit=name, key=key):
                    self.assertNotIn(key, d, f"{key}= puts the mount in a private namespace")

    def test_systemd_analyze_verify(self):
        tool = shutil.which("systemd-analyze")
        if tool is None:
            self.skipTest("systemd-analyze is not installed (Debian package systemd)")
        # A user manager is simulated, not contacted: it needs only a private
        # runtime directory. This works as root and as a user, with no
        # systemd running (CI containers).
        runtime = os.path.join(self.tmp, "runtime")
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        env = dict(os.environ, XDG_RUNTIME_DIR=runtime, SYSTEMD_PAGER="", SYSTEMD_COLORS="0",
                   SYSTEMD_LOG_LEVEL="info", MANPATH=os.path.join(self.prefix, "share", "man"))
        # Documentation=man:redactfs(1) is looked up with man(1) in the
        # installed pages when man is there.
        man = "yes" if shutil.which("man") else "no"
        for name in UNITS:
            with self.subTest(unit=name):
                r = subprocess.run([tool, "verify", "--user", "--generators=no", f"--man={man}",
                                    self.unit(name)],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                                   timeout=120, cwd=self.tmp)
                out = r.stdout.decode(errors="replace")
                self.assertEqual(r.returncode, 0, f"systemd-analyze verify {name}:\n{out}")
                # Warnings do not change the exit status: any line about our
                # units (an unknown key, a bad value, a missing binary) fails.
                ours = [line for line in out.splitlines()
                        if re.search(r"redactfs(@[^ :]*)?\.service", line) or self.unitdir in line]
                self.assertEqual(ours, [], f"systemd-analyze verify {name}:\n{out}")

    def test_verify_catches_a_broken_unit(self):
        """The check above would see a mistake: an unknown key and a missing
        binary in a copy of the template."""
        tool = shutil.which("systemd-analyze")
        if tool is None:
            self.skipTest("systemd-analyze is not installed (Debian package systemd)")
        bad_dir = os.path.join(self.tmp, "bad")
        os.makedirs(bad_dir, exist_ok=True)
        text = read(self.unit("redactfs@.service"))
        text = text.replace(os.path.join(self.prefix, "bin", "redactfs"), "/nonexistent/redactfs")
        text = text.replace("UMask=0077", "UMask=0077\nNoSuchKey=1")
        bad = os.path.join(bad_dir, "redactfs@.service")
        with open(bad, "w") as f:
            f.write(text)
        runtime = os.path.join(self.tmp, "runtime")
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        r = subprocess.run([tool, "verify", "--user", "--generators=no", "--man=no", bad],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           env=dict(os.environ, XDG_RUNTIME_DIR=runtime, SYSTEMD_COLORS="0"),
                           timeout=120, cwd=self.tmp)
        out = r.stdout.decode(errors="replace")
        self.assertIn("NoSuchKey", out)
        self.assertIn("/nonexistent/redactfs", out)


if __name__ == "__main__":
    unittest.main()
