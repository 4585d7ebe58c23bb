#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Detect
import FuseFS
import Pipeline
import Posix
import RedactCore
import Secrets

/// Where the key and the terms are, and whether the user ever set them up.
struct TermsSetup {
    var keyLocation: KeySource.Location?
    var termsPath: String
    /// Review decisions (`redactfs review`), sealed with the same key.
    var decisionsPath: String

    /// Why the config file could not say where the key and terms are; then
    /// nothing loads (fail closed). Commands read the config first and stop
    /// on such a problem, so this is only a second line of defence.
    var configProblem: TermsFailure?

    /// From the command's settings (`key-file`, `terms-file`: flag, config
    /// file, default).
    init(common: CommonOptions) {
        var config = Configuration()
        var problem: TermsFailure?
        do throws(UsageError) { config = try common.configuration() } catch {
            problem = TermsFailure(message: error.message, code: error.code)
        }
        self.init(keyFile: config.keyFile, termsFile: config.termsFile)
        configProblem = problem
    }

    /// For `init` and `terms`, which take only these flags: each flag, else
    /// the config file's `key-file` and `terms-file`, else the default.
    init(keyFile: String?, termsFile: String?, configFile: String?) throws(UsageError) {
        let c = try secretFiles(keyFile: keyFile, termsFile: termsFile, configFile: configFile)
        self.init(keyFile: c.keyFile, termsFile: c.termsFile)
    }

    init(keyFile: String?, termsFile: String?) {
        let env = ConfigPaths.processEnvironment()
        keyLocation = KeySource.locate(keyFile: keyFile, environment: env)
        termsPath = termsFile ?? ConfigPaths.defaultTerms(environment: env)
        decisionsPath = ConfigPaths.defaultDecisions(environment: env)
    }

    /// The key, or why it cannot be had.
    func loadKey() -> Result<SecretKey, TermsFailure> {
        if let configProblem { return .failure(configProblem) }
        guard let loc = keyLocation else {
            return .failure(TermsFailure(message: "no key found; create one with 'redactfs init' or name it with --key-file", code: .noInput))
        }
        do { return .success(try SecretKey.load(loc)) } catch { return .failure(TermsFailure(error)) }
    }

    /// The review decisions of every document; an absent file is none.
    func loadDecisions() -> Result<DecisionBook, TermsFailure> {
        if let configProblem { return .failure(configProblem) }
        guard keyLocation != nil else { return .success(DecisionBook()) }
        return loadKey().flatMap { key in
            do throws(DecisionStoreError) { return .success(try DecisionStore(path: decisionsPath).load(key: key)) } catch {
                return .failure(TermsFailure(error))
            }
        }
    }

    /// Never initialised: no key anywhere and no term file. Then detection
    /// runs alone. Anything in between (a key without terms, terms without
    /// a key, a key given but missing) is an error: fail closed.
    var neverInitialised: Bool {
        configProblem == nil && keyLocation == nil && !TermStore(path: termsPath).exists()
    }

    /// The terms as a matcher, or a message saying why they cannot be
    /// loaded (never containing a term).
    func load() -> Result<TermMatcher, TermsFailure> {
        loadWithIdentity().map(\.matcher)
    }

    /// The terms as a matcher and a digest of them (for cache identities).
    func loadWithIdentity() -> Result<(matcher: TermMatcher, identity: [UInt8]), TermsFailure> {
        if let configProblem { return .failure(configProblem) }
        guard keyLocation != nil else {
            return .failure(TermsFailure(message: "the term file \(termsPath) exists but no key was found (run 'redactfs init' or pass --key-file)",
                                         code: .noInput))
        }
        let key: SecretKey
        switch loadKey() {
        case .success(let k): key = k
        case .failure(let f): return .failure(f)
        }
        let store = TermStore(path: termsPath)
        guard store.exists() else {
            return .failure(TermsFailure(message: "the term file \(termsPath) is missing (run 'redactfs init' to create an empty one)",
                                         code: .noInput))
        }
        do {
            let terms = try store.load(key: key)
            return .success((TermMatcher(terms.map { TermPattern(text: $0.text, substring: $0.substring) }),
                             termsIdentity(terms)))
        } catch {
            return .failure(TermsFailure(error))
        }
    }

    /// Identity of the term and key files, to notice a change.
    func fingerprint() -> [FileStatus?] {
        [termsPath, keyLocation?.path, decisionsPath].map { p in
            guard let p else { return nil }
            var st = stat()
            return stat(p, &st) == 0 ? FileStatus(st) : nil
        }
    }
}

/// The settings of `init` and `terms`, which read only `key-file` and
/// `terms-file`: defaults, then the config file, then these flags.
func secretFiles(keyFile: String?, termsFile: String?, configFile: String?) throws(UsageError) -> Configuration {
    var common = CommonOptions()
    common.configFile = configFile
    if let keyFile { common.given.append(.init(key: .keyFile, value: keyFile)) }
    if let termsFile { common.given.append(.init(key: .termsFile, value: termsFile)) }
    return try common.configuration()
}

/// Why the key, the terms or the decisions cannot be had: the message for
/// the user (never a term) and the exit status it means.
struct TermsFailure: Error {
    var message: String
    var code: ExitCode

    init(message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    init(_ e: KeyError) { self.init(message: e.message, code: ExitCode(e)) }
    init(_ e: TermStoreError) { self.init(message: e.message, code: ExitCode(e)) }
    init(_ e: DecisionStoreError) { self.init(message: e.message, code: ExitCode(e)) }
}

/// The exit status of each way the Secrets layer fails (redactfs(1), EXIT
/// STATUS): missing is 66, a key file that is too open or not a key is 78,
/// a sealed file that fails authentication or is malformed is 65.
extension ExitCode {
    init(_ e: KeyError) {
        switch e {
        case .notFound, .unreadable: self = .noInput
        case .notRegularFile, .tooOpen, .wrongLength: self = .config
        case .exists, .cannotWrite: self = .cannotCreate
        case .randomFailed: self = .failure
        }
    }

    init(_ e: TermStoreError) {
        switch e {
        case .notFound, .unreadable: self = .noInput
        case .sealed(_, .cryptoFailure): self = .software
        case .notRegularFile, .tooLarge, .sealed, .malformed, .invalidTerms: self = .dataError
        case .cannotLock: self = .ioError
        case .cannotWrite: self = .cannotCreate
        }
    }

    init(_ e: DecisionStoreError) {
        switch e {
        case .unreadable: self = .noInput
        case .sealed(_, .cryptoFailure): self = .software
        case .notRegularFile, .tooLarge, .sealed, .malformed: self = .dataError
        case .cannotLock: self = .ioError
        case .cannotWrite: self = .cannotCreate
        }
    }
}

/// Polls the term and key files and swaps the mount's redactor when they
/// change; fails closed (every file EIO) while they cannot be loaded.
final class TermsWatcher: @unchecked Sendable {
    let setup: TermsSetup
    let settings: RenderSettings
    let limits: Limits
    let soffice: String?
    let fs: RedactFS
    let interval: Double
    // Touched only by the watcher thread after start().
    private var last: [FileStatus?]

    init(setup: TermsSetup, settings: RenderSettings, limits: Limits, soffice: String?, fs: RedactFS, interval: Double = 1.0) {
        self.limits = limits
        self.soffice = soffice
        self.setup = setup
        self.settings = settings
        self.fs = fs
        self.interval = interval
        last = setup.fingerprint()
    }

    func start() {
        Thread.detachNewThread { [self] in
            while true {
                usleep(useconds_t(interval * 1_000_000))
                poll()
            }
        }
    }

    private func poll() {
        let now = setup.fingerprint()
        guard now != last else { return }
        last = now
        switch setup.loadWithIdentity().flatMap({ t in setup.loadDecisions().map { (t, $0) } }) {
        case .success(let ((matcher, identity), decisions)):
            fs.replaceRedactor(Redactor(settings: settings, terms: matcher, limits: limits, soffice: soffice),
                               termsIdentity: identity, decisions: decisions)
            Log.info("terms or review decisions changed: reloaded; outputs will be made afresh")
        case .failure(let f):
            fs.failClosed(reason: f.message)
            Log.error("terms or review decisions changed but cannot be loaded: \(f.message); serving nothing until they can")
        }
    }
}
