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

    init(common: CommonOptions) {
        let env = ConfigPaths.processEnvironment()
        keyLocation = KeySource.locate(keyFile: common.keyFile, environment: env)
        termsPath = common.termsFile ?? ConfigPaths.defaultTerms(environment: env)
        decisionsPath = ConfigPaths.defaultDecisions(environment: env)
    }

    /// The review decisions of every document; an absent file is none.
    func loadDecisions() -> Result<DecisionBook, TermsFailure> {
        guard let loc = keyLocation else { return .success(DecisionBook()) }
        do {
            let key = try SecretKey.load(loc)
            do { return .success(try DecisionStore(path: decisionsPath).load(key: key)) } catch {
                return .failure(TermsFailure(message: error.message))
            }
        } catch {
            return .failure(TermsFailure(message: error.message))
        }
    }

    /// Never initialised: no key anywhere and no term file. Then detection
    /// runs alone. Anything in between (a key without terms, terms without
    /// a key, a key given but missing) is an error: fail closed.
    var neverInitialised: Bool {
        keyLocation == nil && !TermStore(path: termsPath).exists()
    }

    /// The terms as a matcher, or a message saying why they cannot be
    /// loaded (never containing a term).
    func load() -> Result<TermMatcher, TermsFailure> {
        loadWithIdentity().map(\.matcher)
    }

    /// The terms as a matcher and a digest of them (for cache identities).
    func loadWithIdentity() -> Result<(matcher: TermMatcher, identity: [UInt8]), TermsFailure> {
        guard let loc = keyLocation else {
            return .failure(TermsFailure(message: "the term file \(termsPath) exists but no key was found (run 'redactfs init' or pass --key-file)"))
        }
        let key: SecretKey
        do { key = try SecretKey.load(loc) } catch { return .failure(TermsFailure(message: error.message)) }
        let store = TermStore(path: termsPath)
        guard store.exists() else {
            return .failure(TermsFailure(message: "the term file \(termsPath) is missing (run 'redactfs init' to create an empty one)"))
        }
        do {
            let terms = try store.load(key: key)
            return .success((TermMatcher(terms.map { TermPattern(text: $0.text, substring: $0.substring) }),
                             termsIdentity(terms)))
        } catch {
            return .failure(TermsFailure(message: error.message))
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

struct TermsFailure: Error {
    var message: String
}

/// Polls the term and key files and swaps the mount's redactor when they
/// change; fails closed (every file EIO) while they cannot be loaded.
final class TermsWatcher: @unchecked Sendable {
    let setup: TermsSetup
    let settings: RenderSettings
    let fs: RedactFS
    let interval: Double
    // Touched only by the watcher thread after start().
    private var last: [FileStatus?]

    init(setup: TermsSetup, settings: RenderSettings, fs: RedactFS, interval: Double = 1.0) {
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
            fs.replaceRedactor(Redactor(settings: settings, terms: matcher), termsIdentity: identity, decisions: decisions)
            Log.info("terms or review decisions changed: reloaded; outputs will be made afresh")
        case .failure(let f):
            fs.failClosed(reason: f.message)
            Log.error("terms or review decisions changed but cannot be loaded: \(f.message); serving nothing until they can")
        }
    }
}
