import RedactCore

/// Login names: a person's account on a machine (`lchen`, `r.okonkwo-bell`,
/// `hkroeger`) names them as surely as their name does, and server logs
/// and incident reports are full of them.
///
/// Rule: a user label (`Benutzer`, `Benutzername`, `Username`, `Login`,
/// `User:`) or a log phrase that names an account (`… for lchen from`,
/// `for user lchen`, `invalid user lchen`, `sudo: lchen :`, `/home/lchen`,
/// `user=lchen`), then one glued run of letters, digits and `.`, `_`, `-`
/// starting with a letter, 2 to 32 scalars long and in lower case unless a
/// colon sets it off, that is not a machine's own account (`root`,
/// `www-data`, `deploy`, `svc-backup`: no person). A column headed by a
/// user label holds a login name in every row.
enum UserNameRecognizer {
    static let kind = "user name"

    static func find(_ ts: TokenStream, labels: [LabelHit], into out: inout [Detection]) {
        let toks = ts.tokens
        func emit(_ k: Int, _ e: Int, _ confidence: Double) {
            out.append(Detection(category: .name, range: ts.span(k, e - 1), confidence: confidence,
                                 reason: .context, kind: kind))
        }
        for hit in labels where hit.label.role == .user {
            // `User:` and `Login:` are everyday words: a label only where
            // they open their line or cell (not `Password login: migrate`).
            if hit.label.needsColon, !toks[hit.first].has(.lineStart), !toks[hit.first].has(.cellStart) { continue }
            let colon = LabelTable.colonAt(ts, hit.end)
            var taken: Int?
            let header = BirthDateRecognizer.isColumnHeader(ts, hit)
            for (c, setOff) in Fields.candidates(ts, first: hit.first, end: hit.end) {
                // A column header's next cell is the next header (`user_id⇥display_name`).
                if header, toks[c].line == toks[hit.first].line { break }
                if let e = value(ts, at: c, anyCase: colon || setOff) {
                    emit(c, e, 0.85)
                    taken = c
                }
                break
            }
            if header {
                for c in columnPastWrappedRows(ts, header: Int(toks[hit.first].line), cell: toks[hit.first].cell) where c != taken {
                    if let e = value(ts, at: c, anyCase: true, wholeCell: true) { emit(c, e, 0.85) }
                }
            }
        }
        // `btnguyen13 (school login)`, `akoroma (username)`: a login named as one in brackets after it.
        for c in toks.indices where toks[c].isPunct("(") && c >= 1 {
            let line = toks[c].line
            var q = c + 1
            while q < min(toks.count, c + 4), toks[q].line == line, toks[q].kind == .word { q += 1 }
            // The bracket ends on the login word (`(school login)`, not `(login required)`).
            guard q > c + 1, q < toks.count, toks[q].isPunct(")"), loginWords.contains(toks[q - 1].hash) else { continue }
            // The value: the glued run ending right before the bracket.
            var s = c - 1
            while s > 0, toks[s].glued, toks[s - 1].line == line, toks[s - 1].kind != .punct || toks[s - 1].isPunct(".")
                    || toks[s - 1].isPunct("_") || toks[s - 1].isPunct("-") { s -= 1 }
            // A login's shape: a digit or a joiner in it (`portal (login)` is a word).
            let shaped = (s..<c).contains { toks[$0].digits > 0 || toks[$0].kind == .punct }
            if shaped, let e = value(ts, at: s, anyCase: false), e == c { emit(s, e, 0.8) }
        }
        // Log phrases.
        var k = 0
        while k < toks.count {
            defer { k += 1 }
            let t = toks[k]
            guard t.kind == .word else { continue }
            var c: Int?
            switch t.hash {
            case forWord:
                // `Accepted publickey for lchen from`, `for invalid user admin from`:
                // after an authentication method, as sshd writes it.
                guard k > 0, toks[k - 1].line == t.line, authMethods.contains(toks[k - 1].hash) else { break }
                var j = k + 1
                if j < toks.count, toks[j].hash == invalidWord { j += 1 }
                if j < toks.count, toks[j].hash == userWord { c = j + 1; break }
                // A log line wraps anywhere: the name or `from` may open the next line.
                guard j < toks.count, toks[j].line <= t.line + 1, let e = value(ts, at: j, anyCase: false),
                      e < toks.count, toks[e].line <= t.line + 1, toks[e].hash == fromWord else { break }
                c = j
            case userWord:
                // `session opened for user lchen`, `Invalid user oracle`.
                if k > 0, toks[k - 1].line == t.line, toks[k - 1].hash == invalidWord || toks[k - 1].hash == forWord {
                    c = k + 1
                } else if k + 1 < toks.count, toks[k + 1].glued, toks[k + 1].isPunct("=") {
                    c = k + 2  // `user=lchen`, `USER=root`
                }
            case sudoWord:
                // `sudo: lchen : TTY=pts/1`
                if k + 2 < toks.count, toks[k + 1].isPunct(":"), let e = value(ts, at: k + 2, anyCase: false),
                   e < toks.count, toks[e].isPunct(":") {
                    c = k + 2
                }
            case homeWord:
                // `/home/lchen`
                if k > 0, toks[k - 1].isPunct("/"), toks[k].glued, k + 2 < toks.count, toks[k + 1].glued,
                   toks[k + 1].isPunct("/"), toks[k + 2].glued {
                    c = k + 2
                }
            default:
                break
            }
            if let c, c < toks.count, toks[c].line <= t.line + 1, let e = value(ts, at: c, anyCase: false) {
                emit(c, e, 0.8)
                k = e - 1
            }
        }
    }

    /// The column's cells (`TableRows.column`), also past a row whose last
    /// cell the page wrapped onto a line of its own (`| password reset, MFA
    /// re-enrolled |` in a plain-text table), when the rows below go on in
    /// as many cells as the header: that one-cell line ends no table.
    static func columnPastWrappedRows(_ ts: TokenStream, header: Int, cell: Int16) -> [Int] {
        let toks = ts.tokens
        var rows = TableRows.column(ts, header: header, cell: cell)
        let cells = TableRows.cellCount(ts, header)
        for _ in 0..<20 {
            let next = (rows.last.map { Int(toks[$0].line) } ?? header) + 1
            guard cells >= 3, next + 1 < ts.lineCount, !ts.hasGap(before: next), !ts.hasGap(before: next + 1),
                  TableRows.cellCount(ts, next) == 1, TableRows.cellCount(ts, next + 1) == cells else { break }
            let more = TableRows.column(ts, header: next, cell: cell)
            if more.isEmpty { break }
            rows += more
        }
        return rows
    }

    /// The end of a login name starting at token `k`.
    static func value(_ ts: TokenStream, at k: Int, anyCase: Bool, wholeCell: Bool = false) -> Int? {
        let toks = ts.tokens
        guard k < toks.count, toks[k].kind == .word || toks[k].kind == .alnum,
              ts.text[Int(toks[k].start)].isAlphabeticFast else { return nil }
        let lineEnd = ts.lineEnd(toks[k].line)
        var e = k + 1
        while e < lineEnd, toks[e].glued {
            let u = toks[e]
            if u.kind != .punct { e += 1; continue }
            if u.isPunct(".") || u.isPunct("_") || u.isPunct("-"), e + 1 < lineEnd, toks[e + 1].glued,
               toks[e + 1].kind != .punct {
                e += 2
                continue
            }
            break
        }
        let scalars = ts.text[Int(toks[k].start)..<Int(toks[e - 1].end)]
        guard (2...32).contains(scalars.count) else { return nil }
        if !anyCase, scalars.contains(where: { $0.isUppercaseFast }) { return nil }
        // In a column, the cell is the name and nothing else.
        if wholeCell, e < lineEnd, !toks[e].has(.cellStart) { return nil }
        var folded = String.UnicodeScalarView()
        folded.append(contentsOf: scalars.map { $0.properties.lowercaseMapping.unicodeScalars.first ?? $0 })
        let name = String(folded)
        if machineAccounts.contains(name) { return nil }
        if machinePrefixes.contains(where: { name.hasPrefix($0) }) { return nil }
        return e
    }

    /// Words that say, in brackets after it, that a value is a login.
    static let loginWords = WordHash.set("login username logon account userid benutzername anmeldename")

    /// The word before `for` in sshd's `Accepted … for` and `Failed … for`.
    static let authMethods = WordHash.set("password publickey pam interactive hostbased mic none keyboard")
    static let forWord = WordHash.hash("for")
    static let fromWord = WordHash.hash("from")
    static let userWord = WordHash.hash("user")
    static let invalidWord = WordHash.hash("invalid")
    static let sudoWord = WordHash.hash("sudo")
    static let homeWord = WordHash.hash("home")

    /// Accounts of the machine, its services and the guesses of brute-force
    /// bots: no person behind them.
    static let machineAccounts: Set<String> = Set("""
        root admin administrator adm daemon bin sys nobody nogroup sync games man mail news uucp proxy www-data \
        backup list irc gnats systemd-network systemd-resolve messagebus sshd syslog ntp postfix postgres mysql \
        redis mongodb elasticsearch nginx apache httpd tomcat jenkins gitlab git deploy deployer ansible puppet \
        chef vagrant docker ubuntu debian centos fedora ec2-user pi oracle guest test tester testuser user demo \
        support info ftp ftpuser anonymous operator service monitor nagios zabbix prometheus grafana backup \
        invalid unknown none null
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    static let machinePrefixes = ["svc-", "svc_", "srv-", "srv_", "sa-", "systemd-", "_"]
}
