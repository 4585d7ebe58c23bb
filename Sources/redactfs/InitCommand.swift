#if canImport(Glibc)
import Glibc
#endif
import Posix
import Secrets

/// `redactfs init`: makes the key and an empty sealed term file.
enum InitCommand {
    /// The usage lines, printed with a usage error.
    static let usage = """
    USAGE: redactfs init [--force] [--key-file F] [--terms-file F] [--config F]
    """

    /// The full help (`redactfs help init`).
    static let help = usage + "\n\n" + """
    Creates the key that seals the always-redact terms (32 random bytes,
    mode 0600) and an empty sealed term file, in $XDG_CONFIG_HOME/redactfs/
    (default ~/.config/redactfs/, folder mode 0700), and prints where they are.
    Refuses to replace an existing key, or a term file that has no key.

    OPTIONS:
      --force                   Replace an existing key and term file; terms sealed with the old key are lost.
      --key-file F              Create the key at F instead.
      --terms-file F            Create the term file at F instead.
      --config F                Read key-file and terms-file from F instead of
                                ~/.config/redactfs/config (redactfs.conf(5)).
    """

    struct Options {
        var force = false
        var keyFile: String?
        var termsFile: String?
        var configFile: String?
    }

    static func main(_ args: [String]) -> ExitCode {
        runSubcommand(args, help: help) { () throws(UsageError) in
            let o = try parse(args)
            // Where the other commands will look: flag, config file, default.
            let files = try secretFiles(keyFile: o.keyFile, termsFile: o.termsFile, configFile: o.configFile)
            return run(Options(force: o.force, keyFile: files.keyFile, termsFile: files.termsFile))
        }
    }

    static func parse(_ args: [String]) throws(UsageError) -> Options {
        var c = ArgumentCursor(args, usage: usage)
        var o = Options()
        while let a = c.next() {
            switch a {
            case "--force": o.force = true
            case "--key-file": o.keyFile = try c.value(for: a)
            case "--terms-file": o.termsFile = try c.value(for: a)
            case "--config": o.configFile = try c.value(for: a)
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)'", usage: usage) }
                throw UsageError(message: "init takes no arguments", usage: usage)
            }
        }
        return o
    }

    static func run(_ o: Options) -> ExitCode {
        let env = ConfigPaths.processEnvironment()
        let keyPath = o.keyFile ?? ConfigPaths.defaultKey(environment: env)
        let termsPath = o.termsFile ?? ConfigPaths.defaultTerms(environment: env)
        if o.keyFile == nil || o.termsFile == nil {
            let dir = ConfigPaths.configDirectory(environment: env)
            if let code = makePrivateFolder(dir) { return code }
        }
        let keyExists = pathExists(keyPath)
        let termsExist = pathExists(termsPath)
        if keyExists && !o.force {
            printErr("""
            Error: a key already exists at \(keyPath).
            It seals the term file; a new key would make those terms unreadable.
            To start over with a new key and an empty term list, run 'redactfs init --force'.
            """)
            return .cannotCreate
        }
        if termsExist && !keyExists && !o.force {
            printErr("""
            Error: a term file exists at \(termsPath) but there is no key at \(keyPath).
            It opens only with the key it was sealed with: put that key back at \(keyPath)
            (mode 0600), or name it with --key-file. To discard the term file and start
            over, run 'redactfs init --force'.
            """)
            return .cannotCreate
        }
        let key: SecretKey
        do throws(KeyError) {
            key = try SecretKey.generate()
            try key.write(to: keyPath, overwrite: o.force)
        } catch {
            printErr("Error: \(error.message)")
            return ExitCode(error)
        }
        do throws(TermStoreError) {
            try TermStore(path: termsPath).create(key: key)
        } catch {
            printErr("Error: \(error.message)\nThe key at \(keyPath) was made; run 'redactfs init --force' once the problem is fixed.")
            return .cannotCreate
        }
        printOut("""
        \(keyExists ? "Replaced the key" : "Created the key"):  \(keyPath) (mode 0600)
        \(termsExist ? "Replaced the term file" : "Created the term file"):  \(termsPath) (empty)
        Add terms with 'redactfs terms add'. Keep a copy of the key somewhere safe:
        without it the term file cannot be opened.
        """)
        return .success
    }

    /// Creates the config folder (and missing parents) with mode 0700, or
    /// makes an existing one 0700. Nil when it is ready.
    static func makePrivateFolder(_ dir: String) -> ExitCode? {
        var prefix = ""
        for part in dir.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                printErr("Error: cannot create the folder \(prefix): \(Errno.current)")
                return .cannotCreate
            }
        }
        var st = stat()
        guard stat(dir, &st) == 0, UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
            printErr("Error: \(dir) is not a folder")
            return .cannotCreate
        }
        if UInt32(st.st_mode) & 0o077 != 0 {
            guard chmod(dir, 0o700) == 0 else {
                printErr("Error: the folder \(dir) is open to group or others and cannot be made private: \(Errno.current)\nFix it with 'chmod 700 \(dir)'.")
                return .cannotCreate
            }
            printErr("Made the folder \(dir) private (mode 0700).")
        }
        return nil
    }
}

func pathExists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
}
