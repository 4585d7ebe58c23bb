import RedactCore

/// Postal addresses: street lines, postcode lines, PO boxes, and the block
/// they form.
///
/// Rule:
///   - street + house number: a word ending in a street suffix (`-straße`,
///     `-str.`, `-weg`, `-allee`, `-gasse`, `-platz`, `-ring`, `-damm`,
///     `-ufer`, Dutch `-straat`, `-laan`, `-gracht`, …) or such a word after
///     a capitalised one (`Berliner Straße`), then a house number (1-4
///     digits, a letter, a range `12-14` or `12/1`); after the weaker
///     suffixes (`-weg`, `-platz`, `-ring`, …) the number must end the line
///     or a comma-separated part. `Am Markt 3`, `An der Kirche 5`, `Via Roma
///     1`: a preposition, capitalised words (not months, weekdays or letter
///     vocabulary), a number of 1-3 digits ending the part. English: a house
///     number (`12`, `221B`) opening a part, capitalised words and a street
///     type (`Street`, `St`, `Road`, `Avenue`, `Lane`, `Drive`, `Close`,
///     `Way`, …), with `Flat 2,` / `Apt 4` before it taken in. French:
///     number, `rue`/`avenue`/`boulevard`/… and the words up to the end of
///     the part.
///   - PO box: `Postfach 12 34 56`, `PO Box 123`, `P.O. Box`, `Postbus`.
///   - postcode + city: 5 digits (DE, FR) or 4 digits (AT, CH), optionally
///     after `D-`, `A-`, `CH-`, `F-`, followed by a capitalised city word
///     (`Frankfurt am Main`, `Halle (Saale)`, `Bad Homburg`). The number must
///     open its line or part: a bare 5-digit number is not a postcode, nor
///     is one inside a sentence. Four digits without a country prefix count
///     only next to a street or PO box (else `2024 Einnahmen` would be one).
///     Dutch `1234 AB City`; UK postcodes by their grammar (`SW1A 2AA`,
///     `M1 1AE`); US `City, ST 12345` and ZIP+4 with a real state code.
///   - block: parts on the same line or on consecutive lines (one short
///     town line between them allowed, flat and building lines above) form
///     one block, reported as one detection per line (from the first part to
///     the last on it, or the whole town/flat line): what follows a street on
///     its line may be another column. The line just above a block, or the
///     part of the line before a street, is offered to the name recognizer.
enum AddressRecognizer {
    struct Part {
        var first: Int
        var end: Int
        var kind: Kind
        /// A street or PO box line, as opposed to a postcode line.
        var isStreet: Bool { kind == .street || kind == .weakStreet || kind == .poBox }
    }

    enum Kind { case street, weakStreet, poBox, postcode, weakPostcode, foreignPostcode }

    static let words = WordSets.shared

    static func find(_ ts: TokenStream, emitAddresses: Bool, into out: inout [Detection], nameLines: inout [Range<Int>]) {
        let before = out.count
        findBlocks(ts, emitAddresses: emitAddresses, into: &out, nameLines: &nameLines)
        if emitAddresses, out.count > before {
            for i in before..<out.count where out[i].category == .address {
                out[i].range = buildingPartsBefore(ts, out[i].range)
            }
            labelledFields(ts, near: out[before...].map { lineOf(ts, $0.range.lowerBound) }, into: &out)
        }
    }

    /// An address written on one line takes in the parts before its street
    /// that name the flat and the building (`Flat 7, Corran House, 22 St
    /// Mary's Gate, Derby DE1 3JR`) or the house of a road without numbers
    /// (`Lower Brows Farm, Inskip Road, Elswick, PR4 3ZA`, `The Old Forge,
    /// Moss Lane, …`): comma-separated parts, each a flat designation, a
    /// house name, or a road's name without a number. Half an address
    /// burned leaves the house to read.
    static func buildingPartsBefore(_ ts: TokenStream, _ range: Range<Int>) -> Range<Int> {
        let toks = ts.tokens
        guard let first = ts.firstToken(atOrAfter: range.lowerBound), first > 0,
              Int(toks[first].start) == range.lowerBound, !toks[first].has(.lineStart), !toks[first].has(.cellStart) else { return range }
        var start = first
        var parts = 0
        while parts < 3, start > 1, toks[start - 1].isPunct(","), toks[start - 1].line == toks[first].line {
            // The part before the comma: back to the previous comma, colon, cell or line start.
            let end = start - 1
            var a = end
            while a > 0, toks[a - 1].line == toks[first].line, !toks[a].has(.cellStart),
                  !toks[a - 1].isPunct(","), !toks[a - 1].isPunct(":"), end - a < 6 { a -= 1 }
            // The part, or its end after a sentence's words (`… of Lower Brows Farm`): then the house only.
            guard a < end, let b = (a..<end).first(where: { isBuildingPart(ts, $0..<end) }) else { break }
            start = b
            parts += 1
            if b > a { break }
        }
        return start == first ? range : Int(toks[start].start)..<range.upperBound
    }

    /// `Flat 7`, `Corran House`, `The Old Forge`, `Moss Lane`: a flat, a
    /// house's name, or a road's name without a number.
    static func isBuildingPart(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard !r.isEmpty, r.count <= 5 else { return false }
        if isFlatDesignation(ts, r) { return true }
        guard toks[r].allSatisfy({ $0.kind == .word && $0.has(.initialUpper) }),
              !(r.lowerBound..<r.upperBound).contains(where: { isOrganisationWord(ts, $0) || LabelTable.shared.isLabelWord(toks[$0].hash) })
        else { return false }
        let last = toks[r.upperBound - 1]
        if buildingWords.contains(last.hash) && r.count >= 2 { return true }
        if ts.isWord(r.lowerBound, "the"), r.count >= 2 { return true }
        return englishTypes.contains(last.hash) && r.count >= 2 && r.count <= 3
    }

    /// The line of the token at scalar offset `i` (tokens are in text order).
    static func lineOf(_ ts: TokenStream, _ i: Int) -> Int {
        // The last token starting at or before `i`.
        let k = ts.firstToken(atOrAfter: i + 1) ?? ts.tokens.count
        return Int(ts.tokens[max(0, k - 1)].line)
    }

    /// A form that asks for the address field by field (`Straße: …` /
    /// `PLZ: 34117` / `Ort: Kassel`, `City: … / State: TX / ZIP: 78664`):
    /// the values of the postcode, town and state fields within three lines
    /// of an address part found are the same address.
    static func labelledFields(_ ts: TokenStream, near lines: [Int], into out: inout [Detection]) {
        let toks = ts.tokens
        var done = Set<Int>()
        for l0 in Set(lines) {
            for l in max(0, l0 - 3)...min(ts.lineCount - 1, l0 + 3) where !done.contains(l) {
                let r = ts.line(l)
                guard r.count >= 3, toks[r.lowerBound].kind == .word, fieldLabels.contains(toks[r.lowerBound].hash),
                      !ts.isWord(r.lowerBound, "code") else { continue }
                var j = r.lowerBound + 1
                // `Post code`, `ZIP code`, `PLZ, Ort`, `PLZ/Ort`.
                while j < r.upperBound, j - r.lowerBound < 4, !toks[j].isPunct(":"),
                      toks[j].kind == .word && fieldLabels.contains(toks[j].hash) || toks[j].isPunct(",") || toks[j].isPunct("/") { j += 1 }
                guard j + 1 < r.upperBound, toks[j].isPunct(":") else { continue }
                let a = j + 1
                var b = a
                while b < r.upperBound, !toks[b].has(.cellStart) || b == a { b += 1 }
                // A value, not a hint or an empty field: letters or digits, and no sentence.
                guard toks[a..<b].contains(where: { $0.kind != .punct }), b - a <= 6,
                      !toks[a..<b].contains(where: { $0.kind == .word && !$0.has(.initialUpper) && !$0.has(.upper)
                          && !cityParticles.contains($0.hash) }) else { continue }
                done.insert(l)
                let span = ts.span(a, b - 1)
                if out.contains(where: { $0.category == .address && $0.range.contains(span.lowerBound) }) { continue }
                out.append(Detection(category: .address, range: span, confidence: 0.85, reason: .context, kind: "address field"))
            }
        }
    }

    static let fieldLabels = WordHash.set("""
        PLZ Postleitzahl Ort Wohnort Stadt Gemeinde Bundesland Kanton Postcode Post Code Zip Town City State County Province
        """)

    static func findBlocks(_ ts: TokenStream, emitAddresses: Bool, into out: inout [Detection], nameLines: inout [Range<Int>]) {
        let toks = ts.tokens
        var parts: [Part] = []
        var k = 0
        while k < toks.count {
            if var p = part(ts, at: k) {
                if p.kind == .street || p.kind == .weakStreet { p.end = flatAfter(ts, p.end) }
                parts.append(p)
                k = p.end
            } else {
                k += 1
            }
        }
        if parts.isEmpty { return }
        parts = withInferredStreets(ts, parts)
        // Lines that hold an address part: a return-address line ends the search for a letterhead.
        var partLines = [Bool](repeating: false, count: ts.lineCount)
        for p in parts { partLines[Int(toks[p.first].line)] = true }
        // Group into blocks: one street and one postcode per block, the street
        // first, on one line or on consecutive lines of one column (cell
        // index), so that two address blocks side by side (`Finanzamt⇥Erika
        // Mustermann` / `Postfach 12 34⇥Hauptstraße 5` / `12345 Ort⇥12345
        // Ort`) stay two blocks.
        var used = [Bool](repeating: false, count: parts.count)
        var blocks: [[Int]] = []
        for i in parts.indices where !used[i] {
            used[i] = true
            var block = [i]
            let column = toks[parts[i].first].cell
            var lastLine = toks[parts[i].end - 1].line
            var hasStreet = parts[i].isStreet
            var hasPostcode = !hasStreet
            var j = i + 1
            while j < parts.count, !hasPostcode {
                if used[j] { j += 1; continue }
                let p = parts[j]
                let line = toks[p.first].line
                if line > lastLine + 4 { break }
                let sameLine = line == lastLine || line == toks[parts[block.last!].end - 1].line
                let other = toks[p.first].cell != column
                // "Address: │ 19 Maple Walk, Didsbury,⏎Manchester M20 6RT": a value cell
                // wrapped after a comma goes on alone on the next line.
                // "Last address: │ 14 Example Way⏎Ossett⏎WF5 9ZZ": and so do a town line and the
                // postcode under a label's value.
                let townBetween = line == lastLine + 2 && !ts.hasGap(before: Int(line)) && !ts.hasGap(before: Int(line) - 1)
                    && (isTownLine(ts, Int(line) - 1) || isCareOfLine(ts, Int(line) - 1)) && TableRows.cellCount(ts, Int(line) - 1) == 1
                    && AddressLabels.valueStart(ts, line: Int(lastLine)) != nil
                let wrapped = other && (line == lastLine + 1 || townBetween) && !ts.hasGap(before: Int(line))
                    && TableRows.cellCount(ts, Int(line)) == 1
                    && (toks[ts.lineEnd(lastLine) - 1].isPunct(",") || AddressLabels.valueStart(ts, line: Int(lastLine)) != nil)
                    && toks[ts.lineEnd(lastLine) - 1].cell == column
                // Another column's part on a later line belongs to its own block.
                if other && !sameLine && !wrapped { j += 1; continue }
                let fits = !(hasStreet && p.isStreet) && (sameLine
                    || (line == lastLine + 1 && !ts.hasGap(before: Int(line)))
                    || (line == lastLine + 2 && !ts.hasGap(before: Int(line)) && !ts.hasGap(before: Int(line) - 1)
                        && (isTownLine(ts, Int(line) - 1) || isCareOfLine(ts, Int(line) - 1)))
                    // "58 Dumbarton Road⏎Partick⏎Glasgow⏎G11 6NX": a district and a town,
                    // and a county under them ("12 The Green⏎Little Snoring⏎Fakenham⏎Norfolk⏎NR21 0AA").
                    || (line >= lastLine + 3 && line <= lastLine + 4 && p.kind == .foreignPostcode
                        && ((Int(lastLine) + 1)...Int(line)).allSatisfy { !ts.hasGap(before: $0) }
                        && ((Int(lastLine) + 1)..<Int(line)).allSatisfy { isTownLine(ts, $0) }))
                if !fits {
                    if other { j += 1; continue }
                    break
                }
                used[j] = true
                block.append(j)
                hasStreet = hasStreet || p.isStreet
                hasPostcode = hasPostcode || !p.isStreet
                lastLine = toks[p.end - 1].line
                j += 1
            }
            blocks.append(block)
        }
        // Where each block starts and whether it is an organisation's: neither it nor the line above is a person's.
        var placed: [(block: [Part], first: Int, up: Int, column: Int16?, organisation: Bool)] = []
        for blockIndices in blocks {
            let block = blockIndices.map { parts[$0] }
            let strong = block.contains { $0.kind == .street || $0.kind == .poBox || $0.kind == .foreignPostcode }
                || block.contains { $0.kind == .weakStreet && opensPart(ts, $0.first) }
                || block.count > 1 && block.contains { $0.kind != .weakPostcode }
            let lone5 = block.count == 1 && block.first!.kind == .postcode
            if !strong && !lone5 { continue }
            var first = block.first!.first
            let last = block.last!.end - 1
            // "Flat 12⏎Ashcroft House⏎88 Victoria Road": flat and building lines above the street.
            var up = 0
            while up < 2, toks[first].has(.lineStart), toks[first].line > 0, !ts.hasGap(before: Int(toks[first].line)),
                  isFlatOrBuildingLine(ts, Int(toks[first].line) - 1) {
                first = ts.line(Int(toks[first].line) - 1).lowerBound
                up += 1
            }
            // A block in a later column, over two or more lines: its lines are
            // that column's cells, and so is the name above it.
            let column: Int16? = toks[first].has(.cellStart) && toks[first].cell > 0
                && toks[first].line != toks[last].line ? toks[first].cell : nil
            let leftColumn = column == nil && toks[first].line != toks[last].line
            var organisation = isOrganisationAddress(ts, first: first, partLines: partLines, column: column, leftColumn: leftColumn)
                || hasSuite(ts, first..<(last + 1))
            // "…Spine Associates, 3595 River Rd, Suite⏎210,⏎Columbus, OH 43214": a town wrapped
            // off an organisation's street, after a line ending in a comma, is that address's end.
            let line = Int(toks[first].line)
            if !organisation, !block.contains(where: { $0.isStreet }), toks[first].has(.lineStart), line > 0,
               !ts.hasGap(before: line), toks[ts.lineEnd(Int32(line - 1)) - 1].isPunct(","),
               let above = placed.last, above.organisation, Int(toks[above.block.last!.end - 1].line) >= line - 2 {
                organisation = true
            }
            placed.append((block, first, up, column, organisation))
        }
        // An organisation's address printed again (the letterhead's PO box on the
        // reply slip, `Mail this form to: PO Box 84410, …`, `write to us at⏎PO Box …`) is
        // still the organisation's, unless the line right above it ends in a name, its
        // addressee's (the customer's own address on a coupon, under a line that was
        // taken for a letterhead).
        let organisationAddresses = Set(placed.filter { $0.organisation && $0.block.contains { $0.isStreet } }
            .map { addressKey(ts, $0.block) })
        for (block, first, up, column, organisation) in placed {
            if organisation { continue }
            let line = Int(toks[first].line)
            let addressee = toks[first].has(.lineStart) && line > 0 && !ts.hasGap(before: line)
                && toks[ts.lineEnd(Int32(line - 1)) - 1].kind == .word && toks[ts.lineEnd(Int32(line - 1)) - 1].has(.initialUpper)
            if !addressee && organisationAddresses.contains(addressKey(ts, block)) { continue }
            let last = block.last!.end - 1
            if emitAddresses {
                let (confidence, reason, kind): (Double, Reason, String) =
                    block.count > 1 ? (0.9, .context, "address block")
                    : block.first!.kind == .postcode ? (0.7, .pattern, "postcode + city")
                    : block.first!.kind == .foreignPostcode ? (0.85, .pattern, "postcode")
                    : block.first!.kind == .poBox ? (0.85, .pattern, "PO box") : (0.8, .pattern, "street")
                // One detection per line: a block spans lines, but the rest of a
                // street line may be another column (the info block of a letter
                // beside its address window), which is not ours to cover.
                let multi = block.count > 1 || up > 0
                var l = Int(toks[first].line)
                let lastLine = Int(toks[last].line)
                while l <= lastLine {
                    let lr = column.flatMap { TableRows.cellRange(ts, line: l, cell: $0) } ?? ts.line(l)
                    let onLine = block.filter { Int(toks[$0.first].line) == l || Int(toks[$0.end - 1].line) == l }
                    var a = onLine.isEmpty ? lr.lowerBound : max(lr.lowerBound, onLine.first!.first)
                    // "c/o St Mary's Hall, Colum Road, Cardiff CF10 3UX": in whose care the post goes.
                    if a - 3 >= lr.lowerBound, isCareOf(ts, a - 3), opensPart(ts, a - 3) { a -= 3 }
                    // "… in Chemnitz, Straße der Nationen 88.": a town before a lone street in a sentence.
                    if block.count == 1, block[0].isStreet, a == block[0].first, let t = townBefore(ts, a), t >= lr.lowerBound { a = t }
                    // "1190 GRAND CONCOURSE⏎APT 6F, BRONX NY 10456": a wrapped cell's flat before its town.
                    if l > Int(toks[first].line), a > lr.lowerBound, isFlatDesignation(ts, lr.lowerBound..<a) { a = lr.lowerBound }
                    var b = onLine.isEmpty ? lr.upperBound - 1 : min(lr.upperBound, onLine.last!.end) - 1
                    // "19 Maple Walk, Didsbury,⏎Manchester M20 6RT": a district after
                    // the street, to the end of its cell, when the block goes on below.
                    if !onLine.isEmpty, l < lastLine, onLine.last!.isStreet, b + 1 < lr.upperBound, toks[b + 1].isPunct(","),
                       lr.upperBound - (b + 1) <= 5,
                       toks[(b + 1)..<lr.upperBound].allSatisfy({ !$0.has(.cellStart) && ($0.isPunct(",") || ($0.kind == .word && $0.has(.initialUpper))) }),
                       toks[(b + 1)..<lr.upperBound].contains(where: { $0.kind == .word }) {
                        b = lr.upperBound - 1
                    }
                    // "… um 11:00 Uhr in Hauptstr. 117 b, Neustadt⏎übergeben": a town after a lone street.
                    if block.count == 1, block[0].kind == .street || block[0].kind == .weakStreet, b + 1 == block[0].end,
                       let e = townAfter(ts, b + 1), e <= lr.upperBound { b = e - 1 }
                    // "Address:  9 Lark Rise, Chellaston", "Correspondence⇥Roskear Farmhouse, …, Camborne
                    // TR14 8PR": the value of an address label is the address, whole.
                    // "Address:⏎Plot 14, Ogui Road, Enugu 400102, Nigeria": so is the line under a label line.
                    let labelAbove = block.count == 1 && up == 0 && toks[first].line == toks[last].line && l > 0
                        && !ts.hasGap(before: l) && AddressLabels.isLabelLine(ts, l - 1) && lr == ts.line(l)
                    if a <= b, let v = AddressLabels.valueStart(ts, line: l) ?? (labelAbove ? lr.lowerBound : nil), v <= a,
                       isPlainValue(ts, v..<a) {
                        a = v
                        var e = b + 1
                        while e < lr.upperBound, !toks[e].has(.cellStart) { e += 1 }
                        if isPlainValue(ts, (b + 1)..<e) { b = e - 1 }
                    }
                    if a <= b {
                        out.append(Detection(category: .address, range: ts.span(a, b),
                                             confidence: multi ? 0.9 : confidence, reason: multi ? .context : reason,
                                             kind: multi ? "address block" : kind))
                    }
                    l += 1
                }
            }
            // The name above or before the block.
            if let column {
                let line = Int(toks[first].line)
                if line > 0, !ts.hasGap(before: line), let above = TableRows.cellRange(ts, line: line - 1, cell: column) {
                    nameLines.append(above)
                    if line > 1, !ts.hasGap(before: line - 1),
                       toks[above].contains(where: { $0.kind == .word && words.organisations.contains($0.hash) }),
                       let higher = TableRows.cellRange(ts, line: line - 2, cell: column) {
                        nameLines.append(higher)
                    }
                }
            } else if toks[first].has(.lineStart) {
                let line = Int(toks[first].line)
                if line > 0, !ts.hasGap(before: line) {
                    let above = ts.line(line - 1)
                    nameLines.append(above)
                    // Past a company or c/o line: "Max Muster⏎Muster GmbH⏎Weg 1".
                    if line > 1, !ts.hasGap(before: line - 1),
                       toks[above].contains(where: { $0.kind == .word && words.organisations.contains($0.hash) })
                        || (above.count > 3 && ts.isWord(above.lowerBound, "c") && toks[above.lowerBound + 1].isPunct("/")) {
                        nameLines.append(ts.line(line - 2))
                    }
                }
            } else {
                // "John Example, 221 Example Street": the part before, up to a comma or cell.
                var end = first
                if !toks[end].has(.cellStart), end > 0, toks[end - 1].isPunct(",") { end -= 1 }
                var s = end
                if !toks[first].has(.cellStart) || end < first {
                    while s > 0, toks[s - 1].line == toks[first].line, !toks[s - 1].isPunct(","), !toks[s].has(.cellStart) { s -= 1 }
                } else if s > 0, toks[s - 1].line == toks[first].line {
                    // The street opens a cell: the name is the cell before.
                    s -= 1
                    while s > 0, toks[s - 1].line == toks[first].line, !toks[s].has(.cellStart) { s -= 1 }
                    end = first
                }
                if s < end { nameLines.append(s..<end) }
            }
        }
    }

    /// Whether token `k` may be a word of a town named in running text: a
    /// city word that is no organisation, label, document word, salutation,
    /// flat or building part.
    static func isTownWord(_ ts: TokenStream, _ k: Int) -> Bool {
        let h = ts.tokens[k].hash
        return isCityWord(ts, k) && !isOrganisationWord(ts, k) && !LabelTable.shared.isLabelWord(h) && !documentWords.contains(h)
            && !NameRecognizer.salutationWords.contains(h) && !flatWords.contains(h) && !subdivisionWords.contains(h)
            && !rearBuildings.contains(h) && !englishTypes.contains(h) && !buildingWords.contains(h)
    }

    /// A town after a street without a postcode, its comma at `c`
    /// (`Hauptstr. 117 b, Neustadt`, `Lindenweg 4, Bad Homburg.`): town words
    /// (`Frankfurt am Main`) that end their line, cell or sentence. The end
    /// of the town, or nil.
    static func townAfter(_ ts: TokenStream, _ c: Int) -> Int? {
        let toks = ts.tokens
        guard c + 1 < toks.count, toks[c].isPunct(","), toks[c + 1].line == toks[c].line, !toks[c + 1].has(.cellStart),
              isTownWord(ts, c + 1), let e = city(ts, c + 1, inText: true),
              (c + 1..<e).allSatisfy({ toks[$0].kind != .word || !toks[$0].has(.initialUpper) || isTownWord(ts, $0) }),
              // Not a US town before its state, the ZIP code wrapped off (`…, Marshalltown IA⏎50158`).
              !(c + 1..<e).contains(where: { toks[$0].count == 2 && toks[$0].has(.upper) && usStates.contains(toks[$0].hash) })
        else { return nil }
        guard e >= toks.count || toks[e].has(.lineStart) || toks[e].has(.cellStart) || toks[e].isPunct(";") || toks[e].isPunct(")")
                || (toks[e].isPunct(".") && (e + 1 >= toks.count || toks[e + 1].has(.lineStart) || toks[e + 1].has(.initialUpper)))
        else { return nil }
        // (Not the full stop after the town: `…, Frankfurt am Main.`)
        return toks[e - 1].isPunct(".") ? e - 1 : e
    }

    /// A town written before a street in running text, after `in` (`in
    /// Chemnitz, Straße der Nationen 88`): where it starts, the street at
    /// `first`; nil if none.
    static func townBefore(_ ts: TokenStream, _ first: Int) -> Int? {
        let toks = ts.tokens
        guard first >= 3, toks[first - 1].isPunct(","), toks[first - 1].line == toks[first].line else { return nil }
        var a = first - 2
        var n = 0
        while a >= 0, n < 3, toks[a].line == toks[first].line, toks[a].kind == .word, toks[a].has(.initialUpper), isTownWord(ts, a) {
            if toks[a].has(.lineStart) { a -= 1; n += 1; break }
            a -= 1
            n += 1
            if a >= 1, toks[a].isPunct("-"), toks[a].glued, toks[a - 1].kind == .word { a -= 1 }
        }
        // (`in` may end the line above: `… mit eigenem Haushalt in⏎Chemnitz, Straße der Nationen 88.`)
        guard n > 0, a >= 0, toks[a].line == toks[first].line || (toks[a + 1].has(.lineStart) && !ts.hasGap(before: Int(toks[a + 1].line))),
              ts.isWord(a, "in"), !toks[a].has(.initialUpper) else { return nil }
        return a + 1
    }

    static let suiteWords = WordHash.set("Suite Ste")

    /// Whether tokens `r` hold a suite (`Suite 300`, `Ste 4`): suites are let
    /// as offices, and an address with one is a business's.
    static func hasSuite(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        return r.contains { k in
            toks[k].kind == .word && suiteWords.contains(toks[k].hash) && k + 1 < r.upperBound
                && (toks[k + 1].kind == .number || toks[k + 1].kind == .alnum
                    || (toks[k + 1].isPunct(".") && k + 2 < r.upperBound && toks[k + 2].kind == .number))
        }
    }

    /// A block's words and numbers, punctuation and layout aside: the same
    /// address printed twice has the same key.
    static func addressKey(_ ts: TokenStream, _ block: [Part]) -> [UInt64] {
        ts.tokens[block.first!.first..<block.last!.end].filter { $0.kind != .punct }.map(\.hash)
    }

    /// Words, numbers, commas and hyphens only, a few of them: the rest of
    /// an address field's value, not another field (`Tel: …`).
    static func isPlainValue(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        r.count <= 8 && ts.tokens[r].allSatisfy { t in
            (t.kind == .word && (t.has(.initialUpper) || articles.contains(t.hash))) || t.kind == .number || t.kind == .alnum
                || t.isPunct(",") || t.isPunct("-") || t.isPunct("'")
        }
    }

    /// Words that make the line they are on, or a line just above an
    /// address, an organisation's: its letterhead, return-address line or
    /// footer (`Sitz`, `HRB`). Beyond `CommonWords.organisations`.
    static let organisationMarkers = WordHash.set("""
        gGmbH Hotel Society Operations Treasury Customs HR Personalabteilung Landesstelle Filiale Filialen \
        Sitz HRB HRA Registergericht Handelsregister Geschäftsführung Vorstand Zentrale Headquarters Branch \
        Management Leasing Realty Properties Lettings LLC Inc Corp Corporation Group Associates Partners Agency Dental \
        Police Constabulary Polizei Polizeipräsidium Polizeiinspektion \
        PLLC LLLP Esq Courthouse Courthouses Health Medicine Physicians Pensions Einwohnerkontrolle Einwohnerdienste Spital \
        Arzt Ärztin Ärzte Zahnarzt Zahnärztin Tierarzt Tierärztin Facharzt Fachärztin Hausarzt Hausärztin
        """)
    /// Where a customer is supplied (`Lieferstelle Lotter Straße 73`): the
    /// customer's address, though the word ends like an office's (`-stelle`).
    static let supplyPoints = WordHash.set("Lieferstelle Verbrauchsstelle Abnahmestelle Entnahmestelle Messstelle Baustelle")
    /// Compounds that name an office (`Geschäftsstelle`, `Kantonsspital`,
    /// `Personaldienst`, `Bezirkshauptmannschaft`) or a doctor's practice
    /// (`Kinderärztin`: the corpus, like a redactor, leaves a practice's
    /// address as an office's).
    static let organisationSuffixes: [[UInt32]] = folded([
        "amt", "stelle", "abteilung", "kasse", "zentrale", "gesundheit", "spital", "dienst", "hauptmannschaft",
        "anwaltschaft", "arzt", "ärztin", "center",
    ])

    /// Whether token `k` names an organisation (`GmbH`, `Finanzamt`,
    /// `Bußgeldstelle`, `Hospital`). Building words (`House`, `Court`) name
    /// where people live and do not count.
    static func isOrganisationWord(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .word, t.letters >= 2 else { return false }
        if buildingWords.contains(t.hash) || supplyPoints.contains(t.hash) { return false }
        // `DENVER CO 80220`: Colorado before its ZIP code, not a company.
        if t.count == 2, t.has(.upper), usStates.contains(t.hash), k + 1 < ts.tokens.count, ts.tokens[k + 1].line == t.line,
           ts.tokens[k + 1].kind == .number, ts.tokens[k + 1].count == 5 { return false }
        if words.organisations.contains(t.hash) || organisationMarkers.contains(t.hash) { return true }
        guard t.has(.initialUpper) else { return false }
        if NameRecognizer.isOrganisationCompound(ts, t) { return true }
        for suffix in organisationSuffixes where t.count >= suffix.count + 3 {
            if endsWith(ts, k, suffix).match { return true }
        }
        return false
    }

    /// Offices held by one person under their own name: a notary's.
    static let solePracticeWords = WordHash.set("Notariat Notar Notarin Notary Notaire Notaio")

    /// Whether the organisation word at `k` is a one-person office followed by
    /// its holder's name (`Notariat Eva Muster-Keller, lic. iur., Weg 3`,
    /// `Notar Jan Beispiel · Weg 3`): the business is the person, so the address
    /// is theirs. Two or three capitalised words (a double name glued by `-`)
    /// that end their part (a comma, or a `·` that opens a cell).
    static func isSolePractice(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        guard solePracticeWords.contains(toks[k].hash) else { return false }
        let lineEnd = ts.lineEnd(toks[k].line)
        var e = k + 1
        var n = 0
        // (The name may stand in the next cell of a form: `Notariat │ Eva Muster · Weg 3`.)
        while e < lineEnd, n < 3, toks[e].kind == .word, toks[e].has(.initialUpper), e == k + 1 || !toks[e].has(.cellStart),
              !isOrganisationWord(ts, e) {
            e += 1
            n += 1
            if e + 1 < lineEnd, toks[e].glued, toks[e].isPunct("-"), toks[e + 1].glued, toks[e + 1].kind == .word { e += 2 }
        }
        return n >= 2 && e < lineEnd && (toks[e].isPunct(",") || toks[e].has(.cellStart))
    }

    /// An address block is an organisation's (not personal data) when an
    /// organisation word opens its line (`Finanzamt München, Postfach 20 09
    /// 26, 80009 München`, `Muster GmbH · Weg 1 · 12345 Ort`) or sits on one
    /// of the three lines just above it (the letterhead `Klinikum Süd⏎Weg
    /// 6, 86179 Augsburg`, or `Muster GmbH⏎z. Hd. Herrn …⏎Weg 1`). A blank
    /// line, or a line above that holds an address of its own (the return
    /// address above a window), ends the search: the recipient below a
    /// sender line is a person.
    static func isOrganisationAddress(_ ts: TokenStream, first: Int, partLines: [Bool], column: Int16? = nil,
                                      leftColumn: Bool = false) -> Bool {
        let toks = ts.tokens
        let line = Int(toks[first].line)
        if let column {
            // A block in a later column: only that column's cells count.
            var l = line
            var looked = 0
            while looked < 3, l > 0, !ts.hasGap(before: l) {
                l -= 1
                looked += 1
                guard let r = TableRows.cellRange(ts, line: l, cell: column) else { break }
                if r.contains(where: { toks[$0].isPunct(":") }) || AddressLabels.isLabel(ts, r) { return false }
                if r.contains(where: { isOrganisationWord(ts, $0) }) { return true }
            }
            return false
        }
        let lr = ts.line(line)
        // Past a label's colon: `Verbrauchsstelle: Weg 1` is the person's.
        var from = lr.lowerBound
        for k in lr.lowerBound..<first where toks[k].isPunct(":") {
            // … unless the label names an organisation (`Hotel: 14 Shore Place`, `Sitz:`).
            for w in from..<k where isOrganisationWord(ts, w) { return true }
            if isReturnLabel(ts, from..<k) { return true }
            from = k + 1
        }
        // … and so is the address after a supply point (`Strom Basis, Lieferstelle Weg 1`).
        if (from..<first).contains(where: { toks[$0].kind == .word && supplyPoints.contains(toks[$0].hash) }) { return false }
        // An address inside the text of a table cell (cells apart by `|` or
        // a tab): only its own cell counts, the payee in the column before is
        // not its owner (`| Wohnungsbau GmbH | Miete Juli Am Schafsberg 23 |`).
        // An address opening its cell is the row's (`| Hospice Shop | 61 Crwys
        // Road |`); a `·` between a letterhead's parts does not part them.
        if let c = (from...first).last(where: { toks[$0].has(.cellStart) }), c > lr.lowerBound, c < first {
            var q = Int(toks[c].start) - 1
            while q > 0, ts.text[q].value == 0x20 { q -= 1 }
            if q >= 0, ts.text[q].value == 0x7C || ts.text[q].value == 0x09 || toks[c - 1].isPunct("|") { from = c }
        }
        for k in from..<first where isOrganisationWord(ts, k) && !isSolePractice(ts, k) { return true }
        // A notary's own line names the holder: the letterhead above it is another's.
        if (lr.lowerBound..<first).contains(where: { isSolePractice(ts, $0) }) { return false }
        // "2.1 Name of your employer: Arden Logistics Ltd⏎2.2 Address: Unit 9, …": a plain
        // address field under a field whose value names an organisation holds that one's address.
        if from > lr.lowerBound, isPlainValue(ts, from..<first), line > 0, !ts.hasGap(before: line), isPlainAddressLabel(ts, lr.lowerBound..<from) {
            return valueNamesOrganisation(ts, line: line - 1)
        }
        // A block inside a line (a form field, a table row) has no letterhead above; a
        // town written before its street (`2500 Baden, Schwartzstraße 50`), a department
        // or a street not read as one before it (`Kundencenter Bern · Laupenstrasse 18`,
        // `Obertor 32 · Postfach`) is no such line.
        guard toks[first].has(.lineStart) || (from == lr.lowerBound && isLetterheadPrefix(ts, from..<first)) else { return false }
        // "… an das Kantonsspital Winterthur, Personaldienst,⏎Brauerstrasse 15": the
        // names just before the address, at the end of the line it continues.
        if line > 0, !ts.hasGap(before: line), namedBefore(ts, line: line - 1).contains(where: { isOrganisationWord(ts, $0) }) {
            return true
        }
        var l = line
        var looked = 0
        while looked < 3, l > 0, !ts.hasGap(before: l) {
            l -= 1
            looked += 1
            let r = ts.line(l)
            // "Acme LLC⏎Attn: Jane Doe⏎1 Main St": an attention line names whom at the
            // organisation, and does not part it from its address.
            if isAttentionLine(ts, r) { continue }
            // A sentence (`Make your cheque payable to … Inc.`) above the addressee's
            // line is no letterhead; right above the block it names whose address it is.
            if looked > 1 && isSentence(ts, r) { return false }
            // The line above holds an address: a return-address line above the window ends
            // the search, unless it is the organisation's own and the block follows it
            // straight (`Deutsche Rentenversicherung Bund · 10704 Berlin⏎Ruhrstraße 2, …`).
            if partLines[l] { return looked == 1 && r.contains(where: { isOrganisationWord(ts, $0) }) }
            // A form's `Label: value` line ends the search, its value naming the
            // organisation whose address follows (`Name of your employer: Arden
            // Logistics Ltd⏎Address: Unit 9, …`) unless the field is a person's (`Home address:`).
            if r.contains(where: { toks[$0].isPunct(":") }) {
                return looked == 1 && isPlainAddressLabel(ts, lr.lowerBound..<from) && valueNamesOrganisation(ts, line: l)
            }
            // The document's title (`COUNCIL TAX DEMAND NOTICE`) parts the letterhead from the recipient,
            // and so do a mail endorsement (`RETURN SERVICE REQUESTED`) and a form's address label;
            // not a title right above the block, with no addressee's name between (`ACME LLC⏎ANNUAL
            // ESCROW STATEMENT⏎P.O. Box 60219, …`: the letterhead's own lines).
            if isTitleLine(ts, r) && looked > 1 { return false }
            if isMailingLine(ts, r) || AddressLabels.isLabel(ts, r) { return false }
            // So does a form's caption for the person's name (`Name, Vorname des Versicherten`).
            if AddressLabels.isPersonCaption(ts, r) { return false }
            // A block over several lines is the first column's: what a later
            // cell above holds is another column's (`Erika Mustermann⇥Finanzamt`).
            let own = leftColumn ? (TableRows.cellRange(ts, line: l, cell: 0) ?? r) : r
            if own.contains(where: { isOrganisationWord(ts, $0) }) { return true }
        }
        return false
    }

    /// The capitalised names (`Kantonsspital Winterthur`, `Personaldienst`) that
    /// end line `l` before its closing comma, up to two of them, each back to
    /// a word in lower case, a colon or the start of the text: what the address
    /// opening the next line belongs to. A name wrapped from the line before
    /// goes on there (`Geschäftsstelle⏎Innsbruck,`). Empty when line `l` does
    /// not end in a comma.
    static func namedBefore(_ ts: TokenStream, line l: Int) -> [Int] {
        let toks = ts.tokens
        let r = ts.line(l)
        guard r.count >= 2, toks[r.upperBound - 1].isPunct(",") else { return [] }
        let floor = l > 0 && !ts.hasGap(before: l) ? ts.line(l - 1).lowerBound : r.lowerBound
        var out: [Int] = []
        var k = r.upperBound - 1
        for _ in 0..<2 {
            guard k > floor, toks[k].isPunct(",") else { break }
            k -= 1
            while k >= floor, toks[k].kind == .word && (toks[k].has(.initialUpper) || toks[k].has(.upper))
                    || toks[k].isPunct("&") || toks[k].isPunct("-") || (toks[k].isPunct(".") && toks[k].glued) {
                out.append(k)
                k -= 1
            }
        }
        return out
    }

    /// A label that says only that an address follows (`Address:`, `2.2
    /// Anschrift:`), not whose (`Home address:`): what it asks for is the
    /// address of the field above. An empty label (none) counts.
    static func isPlainAddressLabel(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        var head = false
        for k in r {
            let t = toks[k]
            if t.kind == .number || t.kind == .punct { continue }
            guard t.kind == .word, plainAddressHeads.contains(t.hash) else { return false }
            head = true
        }
        return head || r.isEmpty
    }

    /// A short run of capitalised words and numbers apart by `·`, `,`, `.` or
    /// dashes before an address: the rest of a letterhead's line, not a
    /// table's row nor a form's label in a cell of its own (a bar, a tab or a
    /// wide gap parts cells; a `·` parts a letterhead's items).
    static func isLetterheadPrefix(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard !r.isEmpty, r.count <= 8 else { return false }
        // "Herrn Jan Beispiel, Weg 1, 12345 Ort" under a letterhead: a salutation
        // names the person the address is of, no letterhead goes on there.
        if toks[r.lowerBound].kind == .word, NameRecognizer.salutationWords.contains(toks[r.lowerBound].hash) { return false }
        for k in (r.lowerBound + 1)...r.upperBound where toks[k].has(.cellStart) && !afterDot(ts, k) { return false }
        return toks[r].allSatisfy { t in
            (t.kind == .word && t.has(.initialUpper)) || t.kind == .number || t.kind == .alnum
                || t.isPunct(",") || t.isPunct("-") || t.isPunct(".") || t.isPunct("\u{2013}")
        }
    }

    /// Whether a `·` or `•` (which the tokenizer reads as a cell break) comes right before token `k`.
    static func afterDot(_ ts: TokenStream, _ k: Int) -> Bool {
        var q = Int(ts.tokens[k].start) - 1
        while q > 0, ts.text[q].value == 0x20 { q -= 1 }
        return q >= 0 && (ts.text[q].value == 0xB7 || ts.text[q].value == 0x2022)
    }

    /// Whether line `l` is a form's field (`Label: value`) whose value, past
    /// its last colon, holds an organisation word (`Organisation: Holloway
    /// Grange Solicitors`).
    static func valueNamesOrganisation(_ ts: TokenStream, line l: Int) -> Bool {
        let r = ts.line(l)
        guard let colon = r.last(where: { ts.tokens[$0].isPunct(":") }) else { return false }
        return ((colon + 1)..<r.upperBound).contains { isOrganisationWord(ts, $0) }
    }

    static let sendWords = WordHash.set("mail send return post remit zurücksenden senden")
    static let returnedThings = WordHash.set("""
        form forms payment payments slip coupon application cheque cheques check checks reply Formular Antwort Abschnitt
        """)

    /// Where a reply slip goes (`Mail this form to:`, `Send your payment to:`,
    /// `Formular bitte zurücksenden an:`): the sender's office, whoever fills it in.
    static func isReturnLabel(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard r.count >= 3, r.count <= 10, ts.isWord(r.upperBound - 1, "to") || ts.isWord(r.upperBound - 1, "an") else { return false }
        return toks[r].contains { $0.kind == .word && sendWords.contains($0.hash) }
            && toks[r].contains { $0.kind == .word && returnedThings.contains($0.hash) }
    }

    /// A line of running text: three or more words in lower case, ending in a full stop.
    static func isSentence(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard toks[r.upperBound - 1].isPunct(".") else { return false }
        return toks[r].filter { $0.kind == .word && !$0.has(.initialUpper) }.count >= 3
    }

    /// Address labels that say nothing of whose address it is (not `Wohnanschrift`).
    static let plainAddressHeads = WordHash.set("Address Anschrift Adresse Postanschrift")

    static let attentionWords = WordHash.set("Attn Attention FAO")

    /// `Attn: Jane Doe`, `FAO Accounts`, `z. Hd. Herrn Muster`: whom at an organisation a letter is for.
    static func isAttentionLine(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard r.count >= 2, toks[r.lowerBound].kind == .word else { return false }
        if attentionWords.contains(toks[r.lowerBound].hash) { return true }
        return r.count >= 4 && ts.isWord(r.lowerBound, "z") && toks[r.lowerBound + 1].isPunct(".")
            && ts.isWord(r.lowerBound + 2, "hd")
    }

    /// What a document's title names it: a notice, a bill, a statement.
    static let titleWords = WordHash.set("""
        Notice Demand Bill Statement Invoice Reminder Letter Confirmation Receipt Summary Referral Report Certificate \
        Agreement Contract Assessment Rechnung Mahnung Bescheid Steuerbescheid Abrechnung Kontoauszug Bescheinigung \
        Bestätigung Mitteilung Erinnerung Zahlungserinnerung Vertrag Mietvertrag Kündigung Lohnabrechnung \
        Gehaltsabrechnung Verdienstabrechnung Zahlungsaufforderung
        """)
    /// Words of the lines a mailer prints above the recipient of a bill:
    /// USPS endorsements and presort lines (`RETURN SERVICE REQUESTED`,
    /// `ADDRESS SERVICE REQUESTED`, `PRESORTED FIRST-CLASS MAIL`, `AUTO
    /// 5-DIGIT`, `MIXED AADC`). `Service` there is the post's, not an office.
    static let presortWords = WordHash.set("Presorted Presort AADC ECRWSS")

    /// A mail endorsement or presort line: it sits between the sender's
    /// letterhead and the recipient.
    static func isMailingLine(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        for k in r where toks[k].kind == .word {
            if ts.isWord(k, "requested"), k > r.lowerBound, ts.isWord(k - 1, "service") { return true }
            if presortWords.contains(toks[k].hash) { return true }
        }
        return false
    }

    static let legalForms = WordHash.set("GmbH AG KG OHG UG eG eV mbH SE Ltd Limited Inc Corp LLC LLP PLC Co")

    /// A title line: two or more words, all in capitals, one of them a
    /// document word, none a company's legal form (`ACME BILLING LTD`).
    static func isTitleLine(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        var words = 0
        var title = false
        for k in r where toks[k].kind == .word {
            let t = toks[k]
            guard t.has(.upper), !legalForms.contains(t.hash) else { return false }
            words += 1
            if titleWords.contains(t.hash) { title = true }
        }
        return words >= 2 && title
    }

    /// A postcode line under a line that ends in a house number makes that
    /// line a street whatever its name (`Zeil 12`, `Lange Reihe 5`).
    static func withInferredStreets(_ ts: TokenStream, _ parts: [Part]) -> [Part] {
        let toks = ts.tokens
        var out: [Part] = []
        out.reserveCapacity(parts.count)
        for p in parts {
            defer { out.append(p) }
            // "Kalkofen 9, 31832 Springe": a street of any name before a postcode on its line.
            if p.kind == .postcode || p.kind == .foreignPostcode, !toks[p.first].has(.lineStart),
               out.last.map({ $0.end < p.first - 1 }) ?? true, let street = streetBeforeOnLine(ts, p.first) {
                out.append(street)
                continue
            }
            // "9 The Paddocks, Little Wittenham, Abingdon OX14 4RA", "Ty Newydd,
            // Llanfair Road, Ruthin LL15 1BB": a UK address on one line, its
            // house, street and village before the town and postcode.
            if p.kind == .foreignPostcode, toks[inwardCode(ts, p)].kind == .alnum, toks[inwardCode(ts, p)].count == 3,
               out.last.map({ $0.end < p.first - 1 }) ?? true, let lead = ukLineBefore(ts, p.first) {
                out.append(lead)
                continue
            }
            // "3307 Speedway, Apt 5, Austin, TX 78705": a US address on one line,
            // its street of any name (`Speedway`, `Rosewood Path`) before the town.
            if isUSZip(ts, p), out.last.map({ $0.end < p.first - 1 }) ?? true, let street = usStreetBefore(ts, p.first) {
                out.append(street)
                continue
            }
            // "Coldharbour Lane⏎London⏎SE5 9NR": a street without a number above the town.
            if p.kind == .foreignPostcode, let last = out.last.map({ Int(toks[$0.end - 1].line) }) ?? Optional(-9),
               let street = numberlessStreetAbove(ts, p.first), last < Int(toks[street.first].line) {
                out.append(street)
                continue
            }
            guard p.kind == .postcode || p.kind == .foreignPostcode, toks[p.first].has(.lineStart) else { continue }
            let line = Int(toks[p.first].line)
            guard line > 0, !ts.hasGap(before: line) else { continue }
            let r = ts.line(line - 1)
            // "3307 SPEEDWAY APT 5⏎AUSTIN TX 78705": a US street of any name above
            // its town line (where four digits and a word had passed for a postcode).
            if isUSZip(ts, p), out.last.map({ toks[$0.end - 1].line < line - 1 || ($0.kind == .weakPostcode && $0.first == r.lowerBound) }) ?? true,
               let e = usStreet(ts, r.lowerBound, end: r.upperBound), e == r.upperBound || e + 1 == r.upperBound {
                if out.last.map({ toks[$0.end - 1].line == line - 1 }) ?? false { out.removeLast() }
                out.append(Part(first: r.lowerBound, end: e, kind: .street))
                continue
            }
            if let last = out.last, toks[last.end - 1].line == line - 1 { continue }
            guard r.count >= 2, r.count <= 7, toks[r.lowerBound].kind == .word, toks[r.lowerBound].has(.initialUpper) else { continue }
            var e = r.upperBound
            if toks[e - 1].isPunct(",") { e -= 1 }
            // The house number: the last one or two tokens.
            var n = e - 1
            if n > r.lowerBound, toks[n].kind == .word, toks[n].letters == 1 { n -= 1 }
            guard n > r.lowerBound, houseNumber(ts, n, maxDigits: 4, afterDot: false) == e || houseNumber(ts, n, maxDigits: 4, afterDot: false) == r.upperBound
            else { continue }
            let wordsOK = toks[r.lowerBound..<n].allSatisfy { t in
                (t.kind == .word && (t.has(.initialUpper) || articles.contains(t.hash)) && !words.organisations.contains(t.hash)
                    && !(words.notNames.contains(t.hash) && !words.organisations.contains(t.hash))
                    && !LabelTable.shared.isLabelWord(t.hash)) || t.isPunct("-") || t.isPunct(".")
            }
            if wordsOK { out.append(Part(first: r.lowerBound, end: e, kind: .street)) }
        }
        return out
    }

    /// The last token of a UK postcode part: its inward code, inside its
    /// closing bracket when it has one (`Preston (PR4 0TN)`).
    static func inwardCode(_ ts: TokenStream, _ p: Part) -> Int {
        ts.tokens[p.end - 1].isPunct(")") ? p.end - 2 : p.end - 1
    }

    /// Whether `p` is a US town, state and ZIP code (`Austin, TX 78705`).
    static func isUSZip(_ ts: TokenStream, _ p: Part) -> Bool {
        let last = ts.tokens[p.end - 1]
        return p.kind == .foreignPostcode && last.kind == .number && (last.count == 5 || last.count == 4)
    }

    /// A US street of any name from token `a` up to `end`: a house number
    /// opening its line, cell or part, one to four street words (capitalised
    /// or in capitals, compass points, `21st`), and maybe a unit (`Apt 5`,
    /// `STE 200`, `#12`). The state and ZIP code the caller has found make
    /// it an address, so no street type is needed (`3307 Speedway`,
    /// `12 Rosewood Path`). Where the street ends (`end`, or a comma before
    /// it), or nil.
    static func usStreet(_ ts: TokenStream, _ a: Int, end: Int) -> Int? {
        let toks = ts.tokens
        guard a < end, opensPart(ts, a) || (a > 0 && toks[a - 1].isPunct("|")),
              let n = houseNumber(ts, a, maxDigits: 5, afterDot: false), n < end else { return nil }
        var e = n
        while e < end, e - n < 4, isOrdinal(ts, e) || streetWordsOK(ts, e..<(e + 1)) && !flatWords.contains(toks[e].hash)
            && !unitWords.contains(toks[e].hash) && !toks[e].has(.cellStart) {
            e += 1
            if e < end, toks[e].glued, toks[e].isPunct(".") { e += 1 }
        }
        guard e > n, toks[(n..<e)].contains(where: { $0.kind == .word && $0.letters >= 3 }) else { return nil }
        // "7714 COUNTY ROAD 40": a numbered road.
        if let r = routeNumber(ts, after: e, type: e - 1, lineEnd: end) { e = r }
        if e == end || toks[e].isPunct(",") { return e }
        // The unit: `APT 5`, `Ste 4`, `#12`.
        var f = e
        if flatWords.contains(toks[f].hash) || unitWords.contains(toks[f].hash) { f += 1 }
        if f < end, toks[f].isPunct("#") || toks[f].isPunct(".") { f += 1 }
        guard f > e, f < end, isFlatNumber(toks[f]), toks[f].count <= 5 else { return nil }
        f += 1
        return f == end || toks[f].isPunct(",") ? f : nil
    }

    /// `3307 Speedway, Apt 5,` before the town at `town` (a comma before it):
    /// a US street (`usStreet`) and maybe a unit part, on the town's line.
    static func usStreetBefore(_ ts: TokenStream, _ town: Int) -> Part? {
        let toks = ts.tokens
        let line = toks[town].line
        guard town > 1, toks[town - 1].isPunct(","), toks[town - 1].line == line else { return nil }
        // Back to the part's opening, over one comma (a unit part) at most.
        var a = town - 1
        var commas = 0
        while a > 0, town - a < 14, toks[a - 1].line == line, !toks[a].has(.cellStart) || a == town - 1 {
            if toks[a - 1].isPunct(",") { commas += 1; if commas > 1 { break } }
            else if toks[a - 1].kind == .punct, !toks[a - 1].isPunct("#"), !toks[a - 1].isPunct(".") { break }
            a -= 1
        }
        // The street opens at the first house number from there.
        for s in a..<(town - 1) where toks[s].kind == .number || toks[s].kind == .alnum {
            guard let e = usStreet(ts, s, end: town - 1), e == town - 1 || (e < town - 1 && toks[e].isPunct(",")
                && isFlatDesignation(ts, (e + 1)..<(town - 1))) else { return nil }
            return Part(first: s, end: town - 1, kind: .street)
        }
        return nil
    }

    /// The comma-separated parts of a UK address line before the town at
    /// `town` (one to three: a house number or name, a street, a village),
    /// each of name-shaped words, the first opening its line, cell or part:
    /// one street part, or nil. One of them must look like a house (a number
    /// first) or a street (a street type last, or `The …`).
    static func ukLineBefore(_ ts: TokenStream, _ town: Int) -> Part? {
        let toks = ts.tokens
        let words_ = words
        let line = toks[town].line
        // The part may open with the postcode itself, the town before it.
        var town = town
        var t = 0
        while t < 2, town > 1, !toks[town - 1].isPunct(","), toks[town - 1].line == line, toks[town - 1].kind == .word,
              toks[town - 1].has(.initialUpper) {
            town -= 1
            t += 1
        }
        var end = town - 1
        guard end > 0, toks[end].isPunct(","), toks[end].line == line else { return nil }
        var first: Int?
        var looksLikeStreet = false
        for _ in 0..<3 {
            // One segment: back from `end` (a comma) to the previous comma or the part's opening.
            var a = end
            while a > 0, toks[a - 1].line == line, end - a < 6, !toks[a].has(.cellStart) || a == end,
                  toks[a - 1].kind != .punct || toks[a - 1].isPunct("-") || toks[a - 1].isPunct(".") || toks[a - 1].isPunct("'") { a -= 1 }
            guard a < end else { break }
            // Village names hold everyday words (`Little Wittenham`, `Upper Slaughter`):
            // only no person (a salutation) and no organisation or label.
            func placeWord(_ u: Token) -> Bool {
                u.kind == .word && (u.has(.initialUpper) || articles.contains(u.hash))
                    && (!words_.organisations.contains(u.hash) || buildingWords.contains(u.hash))
                    && !NameRecognizer.salutationWords.contains(u.hash) && !LabelTable.shared.isLabelWord(u.hash)
                    && !documentWords.contains(u.hash) && !words_.months.contains(u.hash)
            }
            // "… and being The Old Mill, Mill Lane, Preston": a sentence running into the
            // address; the segment opens after its last word in lower case, and only a house
            // (a number, `The …`, a building's name) may open it.
            var prose = false
            if let p = (a..<end).last(where: { toks[$0].kind == .word && !toks[$0].has(.initialUpper) && !articles.contains(toks[$0].hash) }),
               p + 1 < end, toks[p + 1].has(.initialUpper) || toks[p + 1].kind == .number {
                a = p + 1
                prose = true
            }
            var words = a
            if toks[a].kind == .number || (toks[a].kind == .alnum && toks[a].digits > 0), toks[a].count <= 4 {
                looksLikeStreet = true
                words = a + 1
            }
            guard words < end, toks[words..<end].allSatisfy(placeWord) else { break }
            // A house name (`Roskear Farmhouse`, `Rose Cottage`) is a house as surely as a number.
            let house = ts.isWord(words, "the") || (end - words >= 2 && buildingWords.contains(toks[end - 1].hash))
            if englishTypes.contains(toks[end - 1].hash) || house || welshTypes.contains(toks[words].hash) {
                looksLikeStreet = true
            }
            if prose {
                if house || words > a { first = a }
                break
            }
            first = a
            if a == 0 || toks[a - 1].line != line || !toks[a - 1].isPunct(",") { break }
            end = a - 1
        }
        guard let f = first, looksLikeStreet,
              opensPart(ts, f) || toks[f].has(.lineStart) || (f > 0 && toks[f - 1].kind == .word && !toks[f - 1].has(.initialUpper))
        else { return nil }
        return Part(first: f, end: town - 1, kind: .street)
    }

    /// Whether the words `r` may name a street: capitalised (or articles),
    /// no organisation, label, document or letter word.
    static func streetWordsOK(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        !r.isEmpty && ts.tokens[r].allSatisfy { t in
            (t.kind == .word && (t.has(.initialUpper) || articles.contains(t.hash)) && !words.organisations.contains(t.hash)
                && !(words.notNames.contains(t.hash) && !words.organisations.contains(t.hash))
                && !LabelTable.shared.isLabelWord(t.hash) && !documentWords.contains(t.hash)
                && !words.months.contains(t.hash)) || t.isPunct("-") || t.isPunct(".")
        }
    }

    /// `Kalkofen 9, 31832 Springe`: one to three capitalised words opening
    /// their line, cell or part, a house number, a comma, and the postcode
    /// at `pc`. The street part, or nil.
    static func streetBeforeOnLine(_ ts: TokenStream, _ pc: Int) -> Part? {
        let toks = ts.tokens
        guard pc >= 3, toks[pc - 1].isPunct(","), toks[pc - 1].line == toks[pc].line else { return nil }
        var n = pc - 2
        if toks[n].kind == .word, toks[n].letters == 1, n > 0 { n -= 1 }
        guard toks[n].line == toks[pc].line, let e = houseNumber(ts, n, maxDigits: 4, afterDot: false), e == pc - 1 else { return nil }
        var a = n
        var introduced = false
        while a > 0, n - a < 3, toks[a - 1].line == toks[pc].line, toks[a - 1].kind == .word, !toks[a].has(.cellStart) {
            // "wohnhaft in Údolní 48, 602 00 Brno", "living at Rosewood 12, …":
            // a word saying where someone lives opens the street in running text.
            if a < n, toks[a].has(.initialUpper), !toks[a - 1].has(.initialUpper), residenceWords.contains(toks[a - 1].hash) {
                introduced = true
                break
            }
            a -= 1
            if opensPart(ts, a) { break }
        }
        // Not a flat or unit (`STE 200, BOISE ID …` under its street).
        guard a < n, introduced || opensPart(ts, a), streetWordsOK(ts, a..<n),
              !(a..<n).contains(where: { flatWords.contains(toks[$0].hash) || unitWords.contains(toks[$0].hash)
                  || subdivisionWords.contains(toks[$0].hash) }) else { return nil }
        return Part(first: a, end: pc - 1, kind: .street)
    }

    /// A UK street line without a house number (`Coldharbour Lane`): two to
    /// four capitalised words ending in a street type, opening its line,
    /// above one or two town lines above the postcode at `pc` (which opens
    /// its line or follows its town). The street part, or nil.
    static func numberlessStreetAbove(_ ts: TokenStream, _ pc: Int) -> Part? {
        let toks = ts.tokens
        let line = Int(toks[pc].line)
        let r = ts.line(line)
        guard pc == r.lowerBound || (toks[r.lowerBound..<pc].allSatisfy { ($0.kind == .word && $0.has(.initialUpper)) || $0.isPunct(",") }
            && pc - r.lowerBound <= 3) else { return nil }
        var l = line - 1
        var towns = 0
        while l >= 0, towns <= 2, !ts.hasGap(before: l + 1) {
            let lr = ts.line(l)
            // "THE OLD FORGE, CHURCH STREET": a house's name, its comma, then the street.
            var sr = lr
            if let comma = lr.last(where: { toks[$0].isPunct(",") }), comma > lr.lowerBound, comma - lr.lowerBound <= 4,
               (lr.lowerBound..<comma).allSatisfy({ toks[$0].kind == .word && toks[$0].has(.initialUpper) }) {
                sr = (comma + 1)..<lr.upperBound
            }
            if sr.count >= 2, sr.count <= 5, toks[sr.upperBound - 1].kind == .word, englishTypes.contains(toks[sr.upperBound - 1].hash),
               towns >= 1 || pc > r.lowerBound, streetWordsOK(ts, sr.lowerBound..<(sr.upperBound - 1)) {
                return Part(first: lr.lowerBound, end: lr.upperBound, kind: .street)
            }
            guard isTownLine(ts, l) else { return nil }
            towns += 1
            l -= 1
        }
        return nil
    }

    /// `Flat 12`, `Apartment 4B`, `Ashcroft House`, `Haus 3`.
    static func isFlatOrBuildingLine(_ ts: TokenStream, _ l: Int) -> Bool {
        let toks = ts.tokens
        let r = ts.line(l)
        // `c/o Studentenwohnheim Olshausenstraße`: in whose care the post goes,
        // when that is a place (`c/o Rafael Villalobos` is a person, a name).
        if r.count >= 4, r.count <= 7, ts.isWord(r.lowerBound, "c"), toks[r.lowerBound + 1].isPunct("/"), ts.isWord(r.lowerBound + 2, "o") {
            return !((r.lowerBound + 3)..<r.upperBound).contains { toks[$0].kind == .word
                && (words.given.contains(toks[$0].hash) || words.surnames.contains(toks[$0].hash)) }
        }
        guard !r.isEmpty, r.count <= 6, toks[r.lowerBound].kind == .word, toks[r.lowerBound].has(.initialUpper) else { return false }
        // `Hinterhaus, 3. OG links`: the back building of a Berlin house.
        if rearBuildings.contains(toks[r.lowerBound].hash) { return true }
        if flatWords.contains(toks[r.lowerBound].hash) {
            guard r.count >= 2, isFlatNumber(toks[r.lowerBound + 1]) else { return false }
            // "Flat 8", "Flat 8, Mercer House", "FLAT 31 ALBION WORKS", Scottish "Flat 2/1".
            var k = r.lowerBound + 2
            if k + 1 < r.upperBound, toks[k].isPunct("/"), toks[k].glued, isFlatNumber(toks[k + 1]) { k += 2 }
            if k == r.upperBound { return true }
            if toks[k].isPunct(",") { k += 1 }
            guard k < r.upperBound, r.upperBound - k <= 3 else { return false }
            return (k..<r.upperBound).allSatisfy { toks[$0].kind == .word && toks[$0].has(.initialUpper) && !isOrganisationWord(ts, $0) }
        }
        guard r.count <= 4 else { return false }
        // A house name: "The Gables", "The Old Bakery".
        if ts.isWord(r.lowerBound, "the"), r.count >= 2,
           ((r.lowerBound + 1)..<r.upperBound).allSatisfy({ toks[$0].kind == .word && toks[$0].has(.initialUpper)
               && !occupantWords.contains(toks[$0].hash) && !isOrganisationWord(ts, $0) && !LabelTable.shared.isLabelWord(toks[$0].hash) }) {
            return true
        }
        let last = toks[r.upperBound - 1]
        return last.kind == .word && buildingWords.contains(last.hash)
            && toks[r].allSatisfy { $0.kind == .word && $0.has(.initialUpper) }
    }

    static let rearBuildings = WordHash.set("Hinterhaus Vorderhaus Seitenflügel Gartenhaus Quergebäude Hinterhof")
    static let buildingWords = WordHash.set(
        "House Court Building Tower Lodge Cottage Hall Manor Farm Mansions Villa Farmhouse Barn Barns Mill Grange Bungalow Rectory Vicarage")

    /// `APT 6F,`, `Flat 3`, `Unit #12`, `STE 200`: only a flat or unit and its number.
    static func isFlatDesignation(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard r.count >= 2, toks[r.lowerBound].kind == .word,
              flatWords.contains(toks[r.lowerBound].hash) || unitWords.contains(toks[r.lowerBound].hash) else { return false }
        var k = r.lowerBound + 1
        if toks[k].isPunct(".") || toks[k].isPunct("#") { k += 1 }
        guard k < r.upperBound, toks[k].kind == .number || toks[k].kind == .alnum || (toks[k].kind == .word && toks[k].letters == 1),
              toks[k].count <= 5 else { return false }
        k += 1
        // Scottish tenement flats: `Flat 2/1` (floor and door).
        if k + 1 < r.upperBound, toks[k].isPunct("/"), toks[k].glued, toks[k + 1].glued, isFlatNumber(toks[k + 1]) { k += 2 }
        if k < r.upperBound, toks[k].isPunct(",") { k += 1 }
        return k == r.upperBound
    }

    /// A line that is only a town or district (between a street and a UK
    /// postcode line): one to three capitalised words, and the small words
    /// that join a village's name between them (`Sutton in the Elms`,
    /// `Newcastle upon Tyne`, `Stow-on-the-Wold`).
    static func isTownLine(_ ts: TokenStream, _ l: Int) -> Bool {
        let toks = ts.tokens
        let r = ts.line(l)
        if r.isEmpty || r.count > 6 { return false }
        guard toks[r.lowerBound].kind == .word, toks[r.lowerBound].has(.initialUpper),
              toks[r.upperBound - 1].kind == .word, toks[r.upperBound - 1].has(.initialUpper) else { return false }
        var capitalised = 0
        for t in toks[r] {
            if t.kind == .word && t.has(.initialUpper) { capitalised += 1; continue }
            guard t.isPunct(",") || t.isPunct("-") || (t.kind == .word && townJoiners.contains(t.hash)) else { return false }
        }
        return capitalised <= 4
    }

    static let townJoiners = WordHash.set("in the on upon by under le cum de la sur am an der im ob")

    /// `c/o Fam. Brandt`, `c/o Jane Example`: in whose care the post goes, a
    /// line inside a block (between the street and the town), or opening
    /// the line of an address written on one line.
    static func isCareOf(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        return k + 3 < toks.count && ts.isWord(k, "c") && toks[k + 1].isPunct("/") && toks[k + 1].glued
            && ts.isWord(k + 2, "o") && toks[k + 2].glued && toks[k + 3].line == toks[k].line
    }

    /// A line of its own in whose care the post goes: `c/o` and a few words.
    static func isCareOfLine(_ ts: TokenStream, _ l: Int) -> Bool {
        let r = ts.line(l)
        return r.count >= 4 && r.count <= 9 && isCareOf(ts, r.lowerBound)
    }

    static func part(_ ts: TokenStream, at k: Int) -> Part? {
        let t = ts.tokens[k]
        switch t.kind {
        case .word:
            if let p = poBox(ts, k) { return p }
            if let p = suffixStreet(ts, k) { return p }
            if let p = ampersandStreet(ts, k) { return p }
            if let p = prefixStreet(ts, k) { return p }
            if let p = countryPrefixed(ts, k) { return p }
            if let p = ukPostcode(ts, k) { return p }
            if let p = usZip(ts, k) { return p }
            return nil
        case .number, .alnum:
            if let p = numberFirstStreet(ts, k) { return p }
            if let p = postcode(ts, k, prefixed: false) { return p }
            if let p = splitPostcode(ts, k) { return p }
            if let p = ukPostcode(ts, k) { return p }
            if let p = dutchPostcode(ts, k) { return p }
            if let p = polishPostcode(ts, k) { return p }
            return nil
        case .punct:
            return nil
        }
    }

    // MARK: streets

    static let strongSuffixes: [[UInt32]] = folded(["straße", "strasse", "strabe", "allee", "gasse", "chaussee", "straat", "laan", "gracht", "plein", "kade", "singel"])
    static let weakSuffixes: [[UInt32]] = folded(["weg", "platz", "ring", "damm", "ufer", "steig", "pfad", "stieg", "wall", "graben", "markt", "zeile", "kai", "promenade", "anger", "winkel", "höhe", "dijk", "berg", "hof", "feld", "garten", "park", "brücke"])
    static let strSuffix: [UInt32] = folded(["str"])[0]

    static func folded(_ words: [String]) -> [[UInt32]] {
        words.map { $0.unicodeScalars.map { $0.value < 0x80 ? $0.value.lowercasedASCII : WordHash.fold($0.value) } }
    }

    /// Whether token `k` ends with `suffix`; `exact` says it is nothing else.
    static func endsWith(_ ts: TokenStream, _ k: Int, _ suffix: [UInt32]) -> (match: Bool, exact: Bool) {
        let t = ts.tokens[k]
        if t.count < suffix.count { return (false, false) }
        var i = Int(t.end) - 1
        for c in suffix.reversed() {
            let v = ts.text[i].value
            let f = v < 0x80 ? v.lowercasedASCII : WordHash.fold(v)
            if f != c { return (false, false) }
            i -= 1
        }
        return (true, t.count == suffix.count)
    }

    static func suffixStreet(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        // "Podbielski-⏎str.71": a street name hyphenated at the end of its line.
        var wrapped: Int? = nil
        if !t.has(.initialUpper) {
            guard t.has(.lineStart), k >= 2, toks[k - 1].isPunct("-"), toks[k - 1].glued, toks[k - 1].line + 1 == t.line,
                  toks[k - 2].kind == .word, toks[k - 2].has(.initialUpper), toks[k - 2].letters >= 3 else { return nil }
            wrapped = k - 2
        }
        guard t.letters >= 3, k + 1 < toks.count else { return nil }
        // Cheap gate first: a house number must follow ("Weg 5", "Str. 5", "Str.5").
        let n1 = toks[k + 1]
        if n1.kind == .punct {
            guard n1.isPunct("."), k + 2 < toks.count, toks[k + 2].kind == .number || toks[k + 2].kind == .alnum else { return nil }
        } else if n1.kind != .number && n1.kind != .alnum {
            return nil
        }
        var weak = false
        var exact = false
        var nameEnd = k + 1
        var found = false
        for s in strongSuffixes {
            let m = endsWith(ts, k, s)
            if m.match { found = true; exact = m.exact; break }
        }
        if !found {
            let m = endsWith(ts, k, strSuffix)
            if m.match, k + 1 < toks.count, toks[k + 1].glued, toks[k + 1].isPunct(".") {
                found = true; exact = m.exact; nameEnd = k + 2
            }
        }
        if !found {
            for s in weakSuffixes {
                let m = endsWith(ts, k, s)
                if m.match { found = true; exact = m.exact; weak = true; break }
            }
        }
        guard found else { return nil }
        if !exact && weak && words.notNames.contains(t.hash) && !words.organisations.contains(t.hash) { return nil }
        // Glued is fine: "Hauptstr.5", and OCR's "Musterstraße12".
        guard var end = houseNumber(ts, nameEnd, maxDigits: 4, afterDot: true) else { return nil }
        // "Rosengarten 7 EG": the floor after the number ends the part.
        let floor = floorAfter(ts, end)
        if let floor { end = floor }
        var first = k
        if let w = wrapped {
            guard !weak else { return nil }
            return Part(first: w, end: end, kind: .street)
        }
        // "Konrad-Adenauer-Straße"
        while first >= 2, toks[first].glued, toks[first - 1].isPunct("-"), toks[first - 1].glued,
              toks[first - 2].kind == .word || toks[first - 2].kind == .number {
            first -= 2
        }
        if exact && first == k {
            // "Berliner Straße 5", "Alter Markt 3": one capitalised word before.
            guard first > 0, toks[first - 1].line == t.line, toks[first - 1].kind == .word,
                  toks[first - 1].has(.initialUpper), !words.months.contains(toks[first - 1].hash) else { return nil }
            first -= 1
            // "Alte Hattinger Straße 7": an adjective before that.
            if first > 0, toks[first - 1].line == t.line, toks[first - 1].has(.initialUpper),
               streetAdjectives.contains(toks[first - 1].hash) {
                first -= 1
            }
        } else if !exact && first == k, first > 0, toks[first - 1].line == t.line, toks[first - 1].kind == .word,
                  toks[first - 1].has(.capitalised), toks[first - 1].letters >= 5, isPlaceAdjective(ts, first - 1) {
            // "Vegesacker Heerstraße 140", "Frankfurter Landstraße 3".
            first -= 1
        } else if !exact && first == k, first > 0, toks[first - 1].line == t.line, toks[first - 1].kind == .word,
                  toks[first - 1].has(.initialUpper), nameParticles.contains(toks[first - 1].hash) {
            // "Van Woustraat 142", "Sint Jansstraat 3", "Von-Melle-…".
            first -= 1
        } else if !exact && first == k, first > 1, toks[first - 1].line == t.line, toks[first - 1].kind == .word,
                  !toks[first - 1].has(.initialUpper), articles.contains(toks[first - 1].hash),
                  toks[first - 2].line == t.line, toks[first - 2].has(.initialUpper), nameParticles.contains(toks[first - 2].hash) {
            // "Van der Helststraat 12".
            first -= 2
        }
        // A flat straight after the number (`Hauptstraße 3 Whg. 12`) ends the part there.
        if weak && floor == nil && !endsPart(ts, end) && flatStraightAfter(ts, end) == nil { return nil }
        // A floor makes it a dwelling, a street even inside a booking text.
        return Part(first: first, end: end, kind: weak && floor == nil ? .weakStreet : .street)
    }

    static let straSuffix: [UInt32] = folded(["stra"])[0]

    /// OCR of a photo reads `ß` as `&` now and then (`Mozartstra&e 3`,
    /// `Karl-Marx-Stra&e 12`): a street with a house number.
    static func ampersandStreet(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        guard t.letters >= 4, k + 3 < toks.count, toks[k + 1].glued, toks[k + 1].isPunct("&"), toks[k + 2].glued,
              ts.isWord(k + 2, "e"), endsWith(ts, k, straSuffix).match,
              let end = houseNumber(ts, k + 3, maxDigits: 4, afterDot: false) else { return nil }
        var first = k
        while first >= 2, toks[first].glued, toks[first - 1].isPunct("-"), toks[first - 1].glued, toks[first - 2].kind == .word {
            first -= 2
        }
        // "Stra&e" alone needs its name before it: `Bautzner Stra&e 97`.
        if first == k, endsWith(ts, k, straSuffix).exact {
            guard k > 0, toks[k - 1].line == t.line, toks[k - 1].kind == .word, toks[k - 1].has(.initialUpper) else { return nil }
            first = k - 1
        }
        return toks[first].has(.initialUpper) ? Part(first: first, end: end, kind: .street) : nil
    }

    /// Name particles that open a street named after a person (`Van
    /// Woustraat`, `Sint Jansstraat`).
    static let nameParticles = WordHash.set("Van Von Vom De Den Ter Ten Sint Prins Prinses Koning Graaf")

    static let streetAdjectives = WordHash.set(
        "Alte Alter Altes Neue Neuer Neues Große Großer Grosse Grosser Kleine Kleiner Lange Langer Hohe Hoher Obere Oberer Untere Unterer Breite Breiter Kurze Kurzer")

    /// A place name made an adjective (`Vegesacker`, `Frankfurter`): ends in
    /// `er`, not an everyday word.
    static func isPlaceAdjective(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        let e = Int(t.end)
        guard ts.text[e - 2] == "e", ts.text[e - 1] == "r" else { return false }
        return !words.notNames.contains(t.hash) && !words.months.contains(t.hash) && !LabelTable.shared.isLabelWord(t.hash)
    }

    /// (The types of other languages written before the name: `Ulica Matije Gupca 17`, `Strada Florilor 5`.)
    static let streetPrefixes = WordHash.set("""
        Am An Auf Im In Zum Zur Unter Hinter Vor Beim Über Ober Alte Alter Altes Neue Neuer Neues Via Viale Piazza Corso \
        Calle Avenida Plaza Carrer Rua Ulica Ulice Ulitsa Strada Calea Aleea Bulevar Bulevardul Trg Rruga
        """)
    /// Words before where someone lives, in running text.
    static let residenceWords = WordHash.set("wohnhaft wohnt wohnen in at residing resident living lives domiciled")
    /// Polish street types, abbreviated (`ul.` ulica, `al.` aleja, `os.` osiedle, `pl.` plac).
    static let polishPrefixes = WordHash.set("ul al os pl")
    /// Words for parts of a document or building: `Im Kapitel 3`, `Auf Seite 5`.
    static let documentWords = WordHash.set("""
        Kapitel Abschnitt Anhang Anlage Absatz Abs Artikel Art Paragraph Paragraf Zeile Ziffer Nummer Punkt Teil Band \
        Heft Jahr Monat Quartal Raum Zimmer Stock Etage Geschoss Obergeschoss Erdgeschoss Dachgeschoss Bereich Fall \
        Schritt Stufe Tabelle Abbildung Bild Position Pos Feld Spalte Runde Folge Episode Vers Text Termin \
        Ende Anfang Moment Augenblick Alter Gruppe Klasse Level Block Sektor Kasten Ordner Fach Schrank Regal Tor Gate \
        Gleis Bahnsteig Terminal Saal Sitz Tisch Zone
        """)
    static let articles = WordHash.set("der die das dem den des del della dei degli delle dello di de la le da do dos du")

    /// The flat after a street on its line is part of the address:
    /// `Lindenweg 7, Wohnung 4`, `Hauptstraße 3, Whg. 12`, `12 High Street, Apt 3B`.
    /// Returns the new end of the street part.
    static func flatAfter(_ ts: TokenStream, _ end0: Int) -> Int {
        let toks = ts.tokens
        var end = end0
        // Several parts in a row: `Rendeler Straße 44–48, Haus 46, 2. OG rechts, Whg. 0214`.
        // (Austrian forms part them with slashes: `Wiener Straße 214 / Stiege 3 / Tür 17`.)
        while end + 2 < toks.count, toks[end].isPunct(",") || (toks[end].isPunct("/") && toks[end].has(.spaceBefore)
                  && toks[end + 1].kind == .word && (subdivisionWords.contains(toks[end + 1].hash) || flatWords.contains(toks[end + 1].hash))),
              toks[end].line == toks[end - 1].line {
            var lineEnd = ts.lineEnd(toks[end].line)
            var j = end + 1
            // "Rendeler Straße 44–48, Haus 46,⏎2. OG rechts, Whg. 0214": a narrow cell wrapped after the comma.
            if j == lineEnd, !ts.hasGap(before: Int(toks[j].line)) {
                lineEnd = ts.lineEnd(toks[j].line)
                let floor = j + 2 < lineEnd && toks[j].kind == .number && toks[j].count <= 2 && toks[j + 1].isPunct(".")
                    && floorWords.contains(toks[j + 2].hash)
                guard floor || (toks[j].kind == .word && (flatWords.contains(toks[j].hash) || subdivisionWords.contains(toks[j].hash)))
                else { return end }
            }
            // "Weg 9, Hinterhaus 3. OG links", "Weg 9, Hinterhaus, 3. OG": the back
            // building, on its own or before its floor.
            if j < lineEnd, toks[j].kind == .word, rearBuildings.contains(toks[j].hash) {
                j += 1
                if j >= lineEnd || toks[j].isPunct(",") || toks[j].isPunct(")") { end = j; continue }
                guard j + 2 < lineEnd, toks[j].kind == .number, toks[j + 1].isPunct("."), floorWords.contains(toks[j + 2].hash)
                else { return end }
            }
            // "Jahnstraße 12, 3. OG links": the floor, and the side.
            if j + 2 < lineEnd, toks[j].kind == .number, toks[j].count <= 2, toks[j + 1].isPunct("."),
               floorWords.contains(toks[j + 2].hash) {
                j += 3
                if j < lineEnd, toks[j].kind == .word, sideWords.contains(toks[j].hash) { j += 1 }
                end = j
                continue
            }
            guard j < lineEnd, toks[j].kind == .word,
                  flatWords.contains(toks[j].hash) || subdivisionWords.contains(toks[j].hash) || ts.isWord(j, "top")
                    || unitWords.contains(toks[j].hash)
            else { return end }
            j += 1
            if j < lineEnd, toks[j].isPunct(".") { j += 1 }
            guard j < lineEnd, toks[j].kind == .number, toks[j].count <= 4 else { return end }
            j += 1
            // "3B", "3 B"
            if j < lineEnd, toks[j].kind == .word, toks[j].letters == 1, toks[j].glued { j += 1 }
            end = j
        }
        return end
    }

    /// Parts of a building after a street: `Haus 46`, `Stiege 2`, `Block C`.
    static let subdivisionWords = WordHash.set("Haus Stiege Stg Aufgang Eingang Treppe Tür Tuer Bauteil")
    /// Flat designations written straight after the house number, without a
    /// comma: `Am Schafsberg 23 WE 07`, `Hauptstraße 3 Whg. 12`.
    static let flatWithoutComma = WordHash.set("Whg Wohnung Apt Apartment Top App")

    /// The end of a flat written straight after a house number ending at
    /// `e` (`WE 07`, `Whg. 12`), when the flat ends its part; nil if none.
    static func flatStraightAfter(_ ts: TokenStream, _ e: Int) -> Int? {
        let toks = ts.tokens
        guard e + 1 < toks.count, toks[e].kind == .word, toks[e].line == toks[e - 1].line,
              flatWithoutComma.contains(toks[e].hash) || (ts.isWord(e, "we") && toks[e].has(.upper)) else { return nil }
        var j = e + 1
        if toks[j].isPunct(".") { j += 1 }
        guard j < toks.count, toks[j].line == toks[e].line, toks[j].kind == .number, toks[j].count <= 4,
              endsPart(ts, j + 1) || (j + 1 < toks.count && toks[j + 1].kind == .word) else { return nil }
        return j + 1
    }

    static func prefixStreet(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        let french = frenchPrefixes.contains(t.hash) || frenchPrefixesWithArticle.contains(t.hash)
        // "Straße der Nationen 88", "Platz der Einheit 1": a German type before its name, with the article.
        let typeFirst = !french && germanTypesWithArticle.contains(t.hash)
        // "ul. Ogrodowa 22/5", "al. Jerozolimskie 44": Polish writes the type
        // in lower case, abbreviated, before the name.
        let polish = polishPrefixes.contains(t.hash) && k + 1 < toks.count && toks[k + 1].glued && toks[k + 1].isPunct(".")
            && opensPart(ts, k)
        guard t.has(.initialUpper) || polish, streetPrefixes.contains(t.hash) || french || typeFirst || polish else { return nil }
        let lineEnd = ts.lineEnd(t.line)
        var j = polish ? k + 2 : k + 1
        var words = 0
        // "Av. de la Gare 5", "Ch. des Vignes 3"
        if french, j < lineEnd, toks[j].glued, toks[j].isPunct(".") { j += 1 }
        let afterType = j
        while j < lineEnd, toks[j].kind == .word, !toks[j].has(.initialUpper), articles.contains(toks[j].hash) { j += 1 }
        // "Rue de l'Hôpital 3", "Chemin d'Entre-Bois 8": an elided article.
        let elided = j < lineEnd && isElided(ts, j)
        // `Place`, `Route`: everyday English words, a street only with the article (`Route de Berne 45`).
        if frenchPrefixesWithArticle.contains(t.hash) || typeFirst, j == afterType, !elided { return nil }
        if elided {
            words += 1
            j += 1
            while j + 1 < lineEnd, toks[j].glued, toks[j].isPunct("-"), toks[j + 1].glued, toks[j + 1].kind == .word { j += 2 }
        }
        while j < lineEnd, toks[j].kind == .word, toks[j].has(.initialUpper), toks[j].letters >= 2, words < 3 {
            let h = toks[j].hash
            if Self.words.months.contains(h) || Self.words.weekdays.contains(h) { return nil }
            // (Such a street is named after a common noun: `der Einheit`, `des Friedens`.)
            if Self.words.notNames.contains(h) && !Self.words.organisations.contains(h) && !typeFirst { return nil }
            if documentWords.contains(h) { return nil }
            words += 1
            j += 1
            while j + 1 < lineEnd, toks[j].glued, toks[j].isPunct("-"), toks[j + 1].glued, toks[j + 1].kind == .word { j += 2 }
        }
        guard words > 0, var end = houseNumber(ts, j, maxDigits: 3, afterDot: false) else { return nil }
        // "Am Rosengarten 7 EG": the floor after the number is the dwelling's.
        let floor = floorAfter(ts, end)
        if let floor { end = floor }
        // A flat after the number makes it a dwelling (`Am Schafsberg 23 WE
        // 07`): a street even in running text; the flat itself is not covered.
        let flat = !endsPart(ts, end) && flatStraightAfter(ts, end) != nil
        // "im Objekt Vor dem Steintor 148 (…)", "Miete Oktober Am Rosengarten 7 EG":
        // German writes a preposition in lower case inside a sentence, so a
        // capitalised one there opens a name, and with a house number a street's.
        let named = !french && insideSentence(ts, k)
        guard endsPart(ts, end) || flat || (named && (floor != nil || toks[end].isPunct("("))) else { return nil }
        return Part(first: k, end: end, kind: flat || named ? .street : .weakStreet)
    }

    /// Token `k` goes on a sentence: a word before it, on its line or at the
    /// end of the line above with no blank line between, in its cell.
    static func insideSentence(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        guard k > 0, !toks[k].has(.cellStart) || toks[k].has(.lineStart), toks[k - 1].kind == .word, toks[k - 1].letters >= 2
        else { return false }
        return toks[k - 1].line == toks[k].line || !ts.hasGap(before: Int(toks[k].line))
    }

    /// German floors written after the house number: ground, upper, attic, basement.
    static let floorAbbreviations = WordHash.set("EG OG DG UG")

    /// The end of a floor straight after a house number ending at `e`
    /// (`7 EG`, `12 OG links`), or nil.
    static func floorAfter(_ ts: TokenStream, _ e: Int) -> Int? {
        let toks = ts.tokens
        guard e < toks.count, e > 0, toks[e].line == toks[e - 1].line, toks[e].kind == .word, toks[e].has(.upper),
              toks[e].has(.spaceBefore), !toks[e].has(.cellStart), floorAbbreviations.contains(toks[e].hash) else { return nil }
        var f = e + 1
        if f < toks.count, toks[f].line == toks[e].line, toks[f].kind == .word, !toks[f].has(.cellStart), sideWords.contains(toks[f].hash) {
            f += 1
        }
        return f
    }

    /// French street types written before the name, as in Switzerland,
    /// France and Belgium (`Rue de la Gare 12`, `Avenue Louis-Casaï 81`).
    static let frenchPrefixes = WordHash.set("Rue Avenue Av Boulevard Bd Chemin Ch Quai Allée Impasse Ruelle Sentier Faubourg Rte")
    static let frenchPrefixesWithArticle = WordHash.set("Place Route Passage Promenade Cours")
    /// German street types that may stand before the name, an article between
    /// (`Straße der Nationen 88`, `Platz der Republik 1`, `Allee der Kosmonauten 3`).
    static let germanTypesWithArticle = WordHash.set("Straße Strasse Platz Allee Weg Gasse Ring Damm Ufer Chaussee Markt Brücke Park")

    /// `l'Hôpital`, `d'Italie`: an article elided onto a capitalised name.
    static func isElided(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .word, t.count >= 4 else { return false }
        let a = Int(t.start)
        let c = ts.text[a].value, q = ts.text[a + 1].value
        guard c == 0x6C || c == 0x64, q == 0x27 || q == 0x2019 else { return false }  // l d, ' ’
        let u = ts.text[a + 2]
        return u.isUppercaseFast
    }

    /// (With the USPS suffix abbreviations, `Holw`, `Xing`, `Trl`, `Cyn`, ….)
    static let englishTypes = WordHash.set("""
        Street St Road Rd Avenue Ave Av Lane Ln Drive Dr Close Way Court Ct Place Pl Boulevard Blvd Terrace Tce \
        Crescent Cres Gardens Gdns Square Sq Row Grove Walk Mews Parkway Pkwy Highway Hwy Circle Cir Trail Hill \
        Green Park Rise Vale View Parade Broadway Embankment Wharf Yard Quay Circus Gate Mount Meadow Meadows \
        Orchard Ridge Heights Fields Approach Croft Chase Wynd Brae Brow Hey Fold Bank Side End \
        Concourse Plaza Loop Pike Turnpike Expressway Expy Freeway Fwy Ter Cove Glen Trace Crossing \
        Aly Alley Bnd Bend Byp Bypass Cswy Causeway Cyn Canyon Cv Gln Grn Grv Hbr Harbor Holw Hollow Hts Jct Junction \
        Knl Knoll Lndg Landing Mdws Mnr Mtn Pt Rdg Riv Shr Spg Spgs Springs Trce Trl Tpke Vly Valley Vw Xing \
        Creek Summit Esplanade Promenade
        """)
    /// Welsh street types, written before the name: `Heol Hir`, `Ffordd Las`, `Cae Glas`.
    static let welshTypes = WordHash.set("Heol Ffordd Lôn Stryd Cae Rhodfa Maes Cilgant Teras Llwyn")
    /// Spanish street types of the US south-west, written before the name.
    static let spanishTypes = WordHash.set("Calle Camino Avenida Paseo Via Vía Vista Placita Caminito Entrada")
    static let welshArticles = WordHash.set("y yr r")
    /// A compass point after a US street type: `West Peachtree St NW`, `Jewel Lane N`.
    static let compassSuffixes = WordHash.set("N S E W NE NW SE SW")
    /// US unit designators written after the street without a comma: `FL 2`, `STE 100`, `SPC 44`.
    static let unitWords = WordHash.set("FL Fl STE Ste SPC Spc Lot Bldg Rm Trlr")
    static let frenchTypes = WordHash.set("rue avenue av boulevard bd place chemin allée impasse quai cours route")
    static let floorWords = WordHash.set("OG Obergeschoss Etage Stock UG DG")
    static let sideWords = WordHash.set("links rechts Mitte li re")
    static let flatWords = WordHash.set("Flat Apartment Apt Unit Suite Room Floor Etage Wohnung Whg Zimmer WG")
    static let directions = WordHash.set("N S E W NE NW SE SW North South East West Old New Upper Lower Great Little")

    /// `12 High Street`, `221B Baker Street`, `Flat 2, 10 Downing St`, `12 rue de la Paix`.
    static func numberFirstStreet(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        // "Unit 7, Riverside Business Park": the flat word opens the part.
        let flatWord = k > 0 && toks[k - 1].line == t.line && toks[k - 1].kind == .word && flatWords.contains(toks[k - 1].hash)
            && opensPart(ts, k - 1)
        // In running text ("write to you at 32 Mill Close") only with a street type.
        let opens = opensPart(ts, k) || flatWord || isFlatBefore(ts, k) != nil
        guard let numEnd = houseNumber(ts, k, maxDigits: 5, afterDot: true) else { return nil }
        let lineEnd = ts.lineEnd(t.line)
        var j = numEnd
        var first = flatWord ? k - 1 : k
        if let f = isFlatBefore(ts, k) { first = f }
        if j < lineEnd, toks[j].isPunct(",") { j += 1 }
        guard j < lineEnd else { return nil }
        // "14 Heol Hir", "3 Cae Glas", "Heol y Pentre": the Welsh type comes first;
        // so does the Spanish of the US south-west, after a compass point
        // ("6181 E Calle Bella Vista", "220 Camino del Norte").
        var w = j
        if w + 1 < lineEnd, toks[w].kind == .word, toks[w].has(.upper), directions.contains(toks[w].hash),
           spanishTypes.contains(toks[w + 1].hash) { w += 1 }
        if toks[w].kind == .word, toks[w].has(.initialUpper), welshTypes.contains(toks[w].hash) || spanishTypes.contains(toks[w].hash), opens {
            let j = w
            var e = j + 1
            var n = 0
            while e < lineEnd, n < 3, !toks[e].has(.cellStart),
                  (toks[e].kind == .word && (toks[e].has(.initialUpper) || welshArticles.contains(toks[e].hash))) {
                e += 1; n += 1
            }
            guard n > 0, toks[e - 1].has(.initialUpper), endsPart(ts, e) else { return nil }
            return Part(first: houseNameBefore(ts, first) ?? first, end: e, kind: .street)
        }
        if toks[j].kind == .word, frenchTypes.contains(toks[j].hash), opens {
            var e = j + 1
            var n = 0
            while e < lineEnd, n < 6, toks[e].kind == .word || toks[e].isPunct("'") || toks[e].isPunct("-"), !toks[e].has(.cellStart) {
                e += 1; n += 1
            }
            guard n > 0, toks[e - 1].kind == .word else { return nil }
            return Part(first: first, end: e, kind: .street)
        }
        var words = 0
        // The number and the street's words share a cell (`09:30⇥Ole Quandt⇥Dr. Weber` is a table row).
        while j < lineEnd, words < (opens ? 5 : 3), (toks[j].kind == .word && toks[j].has(.initialUpper)) || isOrdinal(ts, j),
              !toks[j].has(.cellStart) {
            let h = toks[j].hash
            // (`Route` is a type only with its number: `1200 State Route 9`.)
            if words > 0, englishTypes.contains(h) || (routeTypes.contains(h) && routeNumber(ts, after: j + 1, type: j, lineEnd: lineEnd) != nil) {
                var e = j + 1
                if e < lineEnd, toks[e].glued, toks[e].isPunct(".") { e += 1 }
                // "4417 W Canyon View Dr": a type word that is part of the name, then the type.
                // ("918 N Park View Dr": two of them.)
                func typeGoesOn(_ i: Int) -> Bool {
                    guard i < lineEnd, toks[i].kind == .word, toks[i].has(.initialUpper), englishTypes.contains(toks[i].hash),
                          !toks[i].has(.cellStart) else { return false }
                    if endsPart(ts, i + 1) { return true }
                    guard i + 1 < lineEnd else { return false }
                    let n = toks[i + 1].hash
                    return flatWords.contains(n) || unitWords.contains(n) || compassSuffixes.contains(n)
                        || (englishTypes.contains(n) && typeGoesOn(i + 1))
                }
                while typeGoesOn(e) {
                    e += 1
                    if e < lineEnd, toks[e].glued, toks[e].isPunct(".") { e += 1 }
                }
                // "7714 County Road 40", "1200 State Route 9": a numbered road.
                if let r = routeNumber(ts, after: e, type: j, lineEnd: lineEnd) { e = r }
                // "Jewel Lane N, Apt 108", "Peachtree St NW,": a compass point after the type.
                if e < lineEnd, toks[e].kind == .word, toks[e].has(.upper), compassSuffixes.contains(toks[e].hash),
                   endsPart(ts, e + 1) || (e + 1 < lineEnd && (flatWords.contains(toks[e + 1].hash) || unitWords.contains(toks[e + 1].hash))) {
                    e += 1
                }
                guard endsPart(ts, e) || (e < lineEnd && toks[e].kind == .word && toks[e].has(.initialUpper))
                    || (e + 1 < lineEnd && toks[e].isPunct("#") && toks[e + 1].glued) else { return nil }
                // ", Apt 4B", " Suite 100", " #12", " FL 2"
                var f = e
                if f < lineEnd, toks[f].isPunct(",") { f += 1 }
                if f + 1 < lineEnd, toks[f].kind == .word, flatWords.contains(toks[f].hash)
                    || (f == e && unitWords.contains(toks[f].hash) && toks[f + 1].count <= 4) {
                    var g = f + 1
                    if toks[g].isPunct(".") || toks[g].isPunct("#") { g += 1 }
                    if g < lineEnd, isFlatNumber(toks[g]), toks[g].count <= 5 { e = g + 1 }
                } else if f + 1 < lineEnd, toks[f].isPunct("#"), toks[f + 1].glued, isFlatNumber(toks[f + 1]), toks[f + 1].count <= 5 {
                    // "#12", "#B": the unit by the number sign.
                    e = f + 2
                }
                return Part(first: houseNameBefore(ts, first) ?? first, end: e, kind: .street)
            }
            if words == 0, t.kind == .number, toks[j].letters == 1, !directions.contains(h) { return nil }
            if Self.words.months.contains(h) { return nil }
            words += 1
            j += 1
            if j < lineEnd, toks[j].glued, toks[j].isPunct("'") { j += 1 }
            // "445 W. 23rd St.": a compass point with its dot.
            if j < lineEnd, words == 1, toks[j].glued, toks[j].isPunct("."), toks[j - 1].letters == 1, directions.contains(toks[j - 1].hash) { j += 1 }
        }
        if opens, words > 0, j == lineEnd || toks[j].has(.cellStart), let e = typeWrappedBelow(ts, k) { return Part(first: first, end: e, kind: .street) }
        return nil
    }

    /// "5512 WOODLAWN⏎AVE N,": a narrow cell wrapped before the street
    /// type; the type (and a compass point) opens the same cell of the next
    /// line and ends its part there. The end of the street, or nil.
    static func typeWrappedBelow(_ ts: TokenStream, _ k: Int) -> Int? {
        let toks = ts.tokens
        let line = Int(toks[k].line)
        guard line + 1 < ts.lineCount, !ts.hasGap(before: line + 1) else { return nil }
        let cell = toks[k].cell
        let r = cell == 0 ? ts.line(line + 1) : (TableRows.cellRange(ts, line: line + 1, cell: cell) ?? 0..<0)
        guard !r.isEmpty else { return nil }
        var e = r.lowerBound
        guard toks[e].kind == .word, toks[e].has(.initialUpper), englishTypes.contains(toks[e].hash) else { return nil }
        e += 1
        if e < r.upperBound, toks[e].glued, toks[e].isPunct(".") { e += 1 }
        if e < r.upperBound, toks[e].kind == .word, toks[e].has(.upper), compassSuffixes.contains(toks[e].hash) { e += 1 }
        guard e == r.upperBound || endsPart(ts, e) else { return nil }
        return e
    }

    /// Road types numbered rather than named (`County Road 40`, `State Route
    /// 9`, `Highway 61`, `Farm Road 12`).
    static let routeTypes = WordHash.set("Road Rd Route Rte Highway Hwy")

    /// The end of a road's number after its type at `type` (the number at
    /// `e`, one to four digits, maybe a letter: `County Road 40`, `Route
    /// 9A`), ending its part; nil if none.
    static func routeNumber(_ ts: TokenStream, after e: Int, type: Int, lineEnd: Int) -> Int? {
        let toks = ts.tokens
        guard e < lineEnd, type >= 0, toks[type].kind == .word, routeTypes.contains(toks[type].hash),
              toks[e].has(.spaceBefore), !toks[e].has(.cellStart),
              (toks[e].kind == .number && toks[e].count <= 4) || (toks[e].kind == .alnum && toks[e].letters == 1 && toks[e].digits <= 4),
              ts.first(e).value.isDigit, e + 1 >= lineEnd || endsPart(ts, e + 1) else { return nil }
        return e + 1
    }

    /// `21st`, `6TH`, `2nd`: the numbered streets of US cities.
    static func isOrdinal(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .alnum, t.letters == 2, t.count <= 5, ts.first(k).value.isDigit else { return false }
        let e = Int(t.end)
        let a = ts.text[e - 2].properties.lowercaseMapping, b = ts.text[e - 1].properties.lowercaseMapping
        return ["st", "nd", "rd", "th"].contains(a + b)
    }

    /// Where `Flat 2,` / `Apt 4` before token `k` starts.
    static func isFlatBefore(_ ts: TokenStream, _ k: Int) -> Int? {
        let toks = ts.tokens
        var j = k - 1
        guard j >= 0, toks[j].line == toks[k].line else { return nil }
        if toks[j].isPunct(",") {
            j -= 1
            // Glasgow's floor/flat before the street: "2/1, 58 Dumbarton Road".
            if j >= 2, toks[j].kind == .number, toks[j].count <= 2, toks[j].glued, toks[j - 1].isPunct("/"), toks[j - 1].glued,
               toks[j - 2].kind == .number, toks[j - 2].count <= 2, toks[j - 2].line == toks[k].line, opensPart(ts, j - 2) {
                return j - 2
            }
        }
        guard j >= 1, isFlatNumber(toks[j]), toks[j - 1].kind == .word,
              toks[j - 1].line == toks[k].line, flatWords.contains(toks[j - 1].hash) else { return nil }
        return j - 1
    }

    /// A house name (and a flat) before a street on its line: `The Gables,
    /// 2 Ratcliffe Road`, `Unit 1207, The Marlowe, 855 West Peachtree St`:
    /// `The` and up to three capitalised words opening their part, then a
    /// comma. Where it starts, or nil.
    static func houseNameBefore(_ ts: TokenStream, _ first: Int) -> Int? {
        let toks = ts.tokens
        var j = first - 1
        guard j >= 2, toks[j].isPunct(","), toks[j].line == toks[first].line, !toks[first].has(.cellStart) else { return nil }
        j -= 1
        var n = 0
        while j >= 0, n < 4, toks[j].line == toks[first].line, toks[j].kind == .word, toks[j].has(.initialUpper) {
            if occupantWords.contains(toks[j].hash) || isOrganisationWord(ts, j) { return nil }
            if ts.isWord(j, "the") { break }
            n += 1
            j -= 1
        }
        guard j >= 0, n > 0, ts.isWord(j, "the"), toks[j].line == toks[first].line, opensPart(ts, j) else { return nil }
        return isFlatBefore(ts, j) ?? j
    }

    /// Who a letter goes to when no name is known (`The Occupier`): no house name.
    static let occupantWords = WordHash.set("Occupier Occupiers Resident Residents Householder Manager Owner Tenant Director Secretary Editor Chairman Principal Head")

    /// `8`, `3B`, or one capital (`Flat C`).
    static func isFlatNumber(_ t: Token) -> Bool {
        t.kind == .number || t.kind == .alnum || (t.kind == .word && t.letters == 1 && t.has(.upper))
    }

    /// Token `k` opens a line, a cell or a comma-separated part.
    static func opensPart(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        if t.has(.lineStart) || t.has(.cellStart) { return true }
        let p = ts.tokens[k - 1]
        return p.isPunct(",") || p.isPunct(":") || p.isPunct(";") || p.isPunct("(")
    }

    /// Token `e` ends a line, a cell or a comma-separated part.
    static func endsPart(_ ts: TokenStream, _ e: Int) -> Bool {
        let toks = ts.tokens
        if e >= toks.count || toks[e].has(.lineStart) || toks[e].has(.cellStart) { return true }
        let t = toks[e]
        if t.isPunct(",") || t.isPunct(";") || t.isPunct(")") || t.isPunct("/") || t.isPunct("|") { return true }
        if t.isPunct("."), e + 1 >= toks.count || toks[e + 1].has(.lineStart) { return true }
        // Straight into a postcode: "Musterweg 12 10115 Berlin".
        if t.kind == .number, t.count == 4 || t.count == 5 { return true }
        return false
    }

    /// The end of a house number starting at token `k`: `12`, `12a`, `12 a`,
    /// `12-14`, `12/1`. Not a date, time, amount or decimal.
    static func houseNumber(_ ts: TokenStream, _ k: Int, maxDigits: Int, afterDot: Bool) -> Int? {
        let toks = ts.tokens
        guard k < toks.count else { return nil }
        let t = toks[k]
        // afterDot: glued to the street's "." is fine ("Hauptstr.5"); maxDigits 5
        // is the number-first form, which may open a line.
        if t.has(.lineStart) { if maxDigits != 5 { return nil } } else if !t.has(.spaceBefore) && !afterDot { return nil }
        switch t.kind {
        case .number:
            guard t.count <= maxDigits, ts.first(k).value != 0x30 else { return nil }
        case .alnum:
            guard t.letters == 1 && ts.text[Int(t.end) - 1].value.isASCIILetter || ocrHouseNumber(ts, k),
                  Int(t.digits) <= maxDigits, ts.first(k).value.isDigit, ts.first(k).value != 0x30 else { return nil }
        default:
            return nil
        }
        var e = k + 1
        let lineEnd = ts.lineEnd(t.line)
        if e < lineEnd {
            let u = toks[e]
            if u.glued, u.isPunct(".") || u.isPunct(",") || u.isPunct(":"), e + 1 < lineEnd, toks[e + 1].glued,
               toks[e + 1].kind == .number {
                return nil  // 12.03, 12,50, 12:30
            }
            if u.isPunct("%") || u.isPunct("€") || u.isPunct("$") || u.isPunct("£") { return nil }
            if u.glued, u.isPunct("-") || u.isPunct("/") || u.isPunct("\u{2013}"), e + 1 < lineEnd, toks[e + 1].glued,
               toks[e + 1].kind == .number || toks[e + 1].kind == .alnum || (toks[e + 1].kind == .word && toks[e + 1].letters == 1) {
                if toks[e + 1].kind != .number || toks[e + 1].count <= 4 {
                    e += 2
                    // Austria: house / staircase / door (`118/3/12`).
                    while e + 1 < lineEnd, e - k < 7, toks[e].glued, toks[e].isPunct("/"), toks[e + 1].glued,
                          toks[e + 1].kind == .number, toks[e + 1].count <= 3 {
                        e += 2
                    }
                }
            } else if t.kind == .number, u.kind == .number, u.count == 1, u.has(.spaceBefore), e + 2 < lineEnd,
                      toks[e + 1].glued, toks[e + 1].isPunct("/"), toks[e + 2].glued, toks[e + 2].kind == .number,
                      toks[e + 2].count == 1, ts.first(e + 2).value == 0x32 || ts.first(e + 2).value == 0x34 {
                e += 3  // US "417 1/2 N Main St": a half (or quarter) lot's number.
            } else if u.kind == .word, u.letters == 1, u.has(.spaceBefore), !u.has(.cellStart), endsPart(ts, e + 1),
                      !(e + 1 < toks.count && toks[e + 1].isPunct(".")) {
                e += 1  // "12 a"
            } else if u.kind == .word, u.letters == 1, u.glued {
                return nil
            }
        }
        return e
    }

    /// A house number OCR read with a letter for a digit after the first
    /// (`3la` for `31a`, `1O` for `10`): digits and `l`, `I` or `O` after a
    /// digit, then maybe one letter; at most four characters.
    static func ocrHouseNumber(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.count >= 2, t.count <= 4 else { return false }
        let a = Int(t.start), e = Int(t.end)
        var lookAlikes = 0
        for i in (a + 1)..<e {
            let v = ts.text[i].value
            if v.isDigit { continue }
            if v == 0x6C || v == 0x49 || v == 0x4F { lookAlikes += 1; continue }  // l I O
            // One real letter may end it (`31a`), after a digit or a look-alike.
            guard i == e - 1, v.isASCIILetter, i > a + 1 else { return false }
        }
        return lookAlikes >= 1
    }

    // MARK: PO boxes

    static func poBox(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        let lineEnd = ts.lineEnd(t.line)
        var j: Int
        if ts.isWord(k, "postfach") || ts.isWord(k, "postbus") || ts.isWord(k, "pf") && k + 1 < lineEnd && toks[k + 1].isPunct(".") {
            j = k + 1
        } else if ts.isWord(k, "po") || ts.isWord(k, "p") {
            j = k + 1
            while j < lineEnd, toks[j].isPunct(".") || ts.isWord(j, "o") { j += 1 }
            guard j < lineEnd, ts.isWord(j, "box") else { return nil }
            j += 1
        } else if ts.isWord(k, "post"), k + 2 < lineEnd, ts.isWord(k + 1, "office"), ts.isWord(k + 2, "box") {
            j = k + 3
        } else if let e = ruralRoute(ts, k) {
            return Part(first: k, end: e, kind: .poBox)
        } else {
            return nil
        }
        while j < lineEnd, toks[j].isPunct(".") || toks[j].isPunct(":") { j += 1 }
        var e = j
        var digits = 0
        // Not into the postcode after it: "Postfach 1234 · 12345 Musterstadt".
        while e < lineEnd, toks[e].kind == .number, digits + toks[e].count <= 10, e == j || !toks[e].has(.cellStart),
              !(digits > 0 && (toks[e].count == 5 || toks[e].count == 4) && city(ts, e + 1) != nil) {
            digits += toks[e].count
            e += 1
        }
        guard digits > 0 else { return nil }
        return Part(first: k, end: e, kind: .poBox)
    }

    /// US rural delivery: `RR 2 Box 118A`, `R.R. 2, Box 18`, `Rural Route
    /// 3 Box 45`, `HC 61 Box 12` (a highway contract route): the route's
    /// number, then the box's. The box is what makes it an address. The end
    /// of the part, or nil.
    static func ruralRoute(_ ts: TokenStream, _ k: Int) -> Int? {
        let toks = ts.tokens
        let lineEnd = ts.lineEnd(toks[k].line)
        var j = k + 1
        if ts.isWord(k, "rr") || ts.isWord(k, "hc") {
            guard toks[k].has(.upper) else { return nil }
        } else if ts.isWord(k, "r"), toks[k].has(.upper), j + 2 < lineEnd, toks[j].isPunct("."), ts.isWord(j + 1, "r") {
            j += 2
            if j < lineEnd, toks[j].isPunct(".") { j += 1 }
        } else if ts.isWord(k, "rural"), toks[k].has(.initialUpper), j < lineEnd, ts.isWord(j, "route") {
            j += 1
        } else {
            return nil
        }
        guard j + 2 < lineEnd, toks[j].kind == .number, toks[j].count <= 3 else { return nil }
        j += 1
        if toks[j].isPunct(",") { j += 1 }
        guard j + 1 < lineEnd, ts.isWord(j, "box") else { return nil }
        j += 1
        if toks[j].isPunct("#") { j += 1 }
        guard j < lineEnd, isFlatNumber(toks[j]), toks[j].digits > 0, toks[j].count <= 6 else { return nil }
        return j + 1
    }

    // MARK: postcodes

    static let countryPrefixes = WordHash.set("D DE A AT CH F FL L B I")

    /// `D-10115 Berlin`, `CH-8001 Zürich`.
    static func countryPrefixed(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        guard toks[k].has(.upper), toks[k].letters <= 2, countryPrefixes.contains(toks[k].hash), k + 2 < toks.count,
              toks[k + 1].glued, toks[k + 1].isPunct("-"), toks[k + 2].glued, toks[k + 2].kind == .number,
              toks[k + 2].count == 4 || toks[k + 2].count == 5, opensPart(ts, k) || prevIsHouseNumber(ts, k) else { return nil }
        guard var p = postcode(ts, k + 2, prefixed: true) else { return nil }
        p.first = k
        p.kind = .postcode
        return p
    }

    @inline(__always) static func prevIsHouseNumber(_ ts: TokenStream, _ k: Int) -> Bool {
        guard k > 0, ts.tokens[k - 1].line == ts.tokens[k].line else { return false }
        let p = ts.tokens[k - 1]
        return p.kind == .number || p.kind == .alnum || p.isPunct(")")
    }

    /// 5 or 4 digits and a city.
    static func postcode(_ ts: TokenStream, _ k: Int, prefixed: Bool) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .number, t.count == 5 || t.count == 4 else { return nil }
        let afterCountry = k > 0 && toks[k - 1].line == t.line && toks[k - 1].has(.upper) && toks[k - 1].letters <= 2
            && toks[k - 1].kind == .word && countryPrefixes.contains(toks[k - 1].hash) && opensPart(ts, k - 1)
        // "Lindenstraße 4 in 12345 Musterstadt": running text after the house number.
        let afterIn = k >= 2 && toks[k - 1].line == t.line && ts.isWord(k - 1, "in") && prevIsHouseNumber(ts, k - 1)
        guard prefixed || afterCountry || afterIn || opensPart(ts, k) || prevIsHouseNumber(ts, k) else { return nil }
        // "in der Leopoldstraße 61, 80802⏎München": running text wrapped
        // between a street's postcode and its city.
        // (A four-digit one, Austrian or Swiss, is a weak postcode: `Dorfplatz 4, 6833⏎Weiler`.)
        if k >= 3, toks[k - 1].isPunct(","), toks[k - 1].line == t.line, k + 1 < toks.count,
           toks[k + 1].has(.lineStart), !toks[k].has(.lineStart), prevIsHouseNumber(ts, k - 1),
           !ts.hasGap(before: Int(toks[k + 1].line)), isCityWord(ts, k + 1) {
            var e = k + 2
            let lineEnd = ts.lineEnd(toks[k + 1].line)
            while e < lineEnd, e - k < 4, toks[e].kind == .word, toks[e].has(.initialUpper), isCityWord(ts, e) { e += 1 }
            return Part(first: k, end: e, kind: t.count == 5 ? .postcode : .weakPostcode)
        }
        // "Weg 9, 2. OG links, 12345 Stadt sind Sie …": after a street's part and its
        // comma, the sentence may go on after the town.
        let afterStreet = k >= 2 && toks[k - 1].isPunct(",") && toks[k - 1].line == t.line && toks[k - 2].line == t.line
            && (prevIsHouseNumber(ts, k - 1) || sideWords.contains(toks[k - 2].hash) || floorWords.contains(toks[k - 2].hash))
        guard let end = city(ts, k + 1, inText: afterStreet) else { return nil }
        // "Pers.-Nr.: 20417     Kostenstelle 4100", "Personalnummer  40117     Eintritt": the
        // value of a label that asks for no address, and the form's next label in the next cell.
        if toks[k + 1].has(.cellStart), k > 0, toks[k - 1].line == t.line, !toks[k].has(.lineStart) {
            // The label: back to its cell's start, a few tokens.
            var a = k - 1
            while a > 0, k - a < 6, !toks[a].has(.cellStart), toks[a - 1].line == t.line { a -= 1 }
            let label = (a..<k).filter { toks[$0].kind == .word }
            if label.contains(where: { LabelTable.shared.isLabelWord(toks[$0].hash) }),
               !label.contains(where: { isAddressLabelWord(ts, $0) }) { return nil }
        }
        return Part(first: k, end: end, kind: t.count == 5 ? .postcode : .weakPostcode)
    }

    static let addressLabelSuffixes = folded(["adresse", "anschrift", "address"])

    /// A word of an address field's label (`PLZ`, `Ort`, `Lieferadresse`, `Billing address`).
    static func isAddressLabelWord(_ ts: TokenStream, _ k: Int) -> Bool {
        let h = ts.tokens[k].hash
        return fieldLabels.contains(h) || AddressLabels.heads.contains(h)
            || addressLabelSuffixes.contains { endsWith(ts, k, $0).match }
    }

    /// Three digits and two apart: a five-digit postcode OCR split in two
    /// (`441 47 Dortmund`) opening its line, which counts only in a block
    /// next to a street; or, after a comma or a house number, a Czech,
    /// Slovak, Swedish or Greek postcode written that way (`Údolní 48, 602
    /// 00 Brno`).
    static func splitPostcode(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        guard k + 2 < toks.count, toks[k].kind == .number, toks[k].count == 3, toks[k + 1].kind == .number,
              toks[k + 1].count == 2, toks[k + 1].has(.spaceBefore), toks[k + 1].line == toks[k].line,
              !toks[k + 1].has(.cellStart) || toks[k].has(.lineStart) else { return nil }
        if toks[k].has(.lineStart) {
            guard ts.first(k).value != 0x30, let end = city(ts, k + 2) else { return nil }
            return Part(first: k, end: end, kind: .weakPostcode)
        }
        guard opensPart(ts, k) || prevIsHouseNumber(ts, k), !afterNonAddressLabel(ts, k), let end = city(ts, k + 2) else { return nil }
        return Part(first: k, end: end, kind: .foreignPostcode)
    }

    static let cityParticles = WordHash.set("am an der die im in bei ob vor auf a i d v upon on le la sur")

    /// The end of a city name starting at token `k`, or nil.
    static func city(_ ts: TokenStream, _ k: Int, inText: Bool = false) -> Int? {
        let toks = ts.tokens
        guard k < toks.count, toks[k].has(.spaceBefore), isCityWord(ts, k) else { return nil }
        // A city in the next cell (`PLZ⇥Ort` columns) is written out; two
        // capitals there are the next column's code (`12684 | SM 85 86…`).
        if toks[k].has(.cellStart), toks[k].has(.upper), toks[k].letters < 3 { return nil }
        let lineEnd = ts.lineEnd(toks[k].line)
        var e = k + 1
        var n = 1
        while e < lineEnd && n < 5 {
            let u = toks[e]
            if u.glued, u.isPunct("-") || u.isPunct("/") || u.isPunct("\u{2013}"), e + 1 < lineEnd, toks[e + 1].glued, isCityWord(ts, e + 1) {
                e += 2; n += 1; continue
            }
            if u.kind == .word, !u.has(.initialUpper), cityParticles.contains(u.hash) {
                var f = e + 1
                // "an der Ruhr", "ob der Tauber": two particles.
                if f < lineEnd, toks[f].kind == .word, !toks[f].has(.initialUpper), cityParticles.contains(toks[f].hash) { f += 1 }
                if f < lineEnd, toks[f].glued, toks[f].isPunct(".") { f += 1 }
                if f < lineEnd, isCityWord(ts, f) || (toks[f].kind == .word && toks[f].letters == 1) {
                    e = f + 1
                    if e < lineEnd, toks[e].glued, toks[e].isPunct(".") { e += 1 }
                    n += 1
                    continue
                }
                break
            }
            if u.isPunct("("), e + 2 < lineEnd, isCityWord(ts, e + 1), toks[e + 2].isPunct(")") { e += 3; n += 1; continue }
            if u.kind == .word, u.has(.spaceBefore), !u.has(.cellStart), isCityWord(ts, e), n < 3,
               !(e + 1 < lineEnd && toks[e + 1].kind == .word && !toks[e + 1].has(.initialUpper) && !toks[e + 1].has(.cellStart)) {
                // "Bad Homburg", "Den Haag"; not into a sentence.
                e += 1; n += 1; continue
            }
            break
        }
        // "99284 Emergency dept visit", "29515 Short leg splint": a code and a
        // capitalised word going on in lower case is a line of text (a bill's
        // procedure codes), not a town.
        if !inText, e < lineEnd, toks[e].kind == .word, !toks[e].has(.initialUpper), !toks[e].has(.cellStart), toks[e].has(.spaceBefore) {
            return nil
        }
        // "50124 Firenze, Italy": the country after the city, also wrapped
        // to the next line of running text ("31000 Osijek,⏎Kroatien,").
        if e + 1 < lineEnd, toks[e].isPunct(","), !toks[e + 1].has(.cellStart), toks[e + 1].kind == .word,
           countries.contains(toks[e + 1].hash), e + 2 >= lineEnd || endsPart(ts, e + 2) {
            e += 2
        } else if e + 2 < lineEnd, toks[e].isPunct(","), !toks[e + 1].has(.cellStart), toks[e + 1].kind == .word,
                  toks[e + 2].kind == .word, toks[e + 2].has(.spaceBefore), countryFirsts.contains(toks[e + 1].hash),
                  countrySeconds.contains(toks[e + 2].hash), e + 3 >= lineEnd || endsPart(ts, e + 3) {
            // "602 00 Brno, Tschechische Republik": a country of two words.
            e += 3
        } else if e + 1 == lineEnd, e + 1 < toks.count, toks[e].isPunct(","), toks[e + 1].has(.lineStart),
                  !ts.hasGap(before: Int(toks[e + 1].line)), toks[e + 1].kind == .word, countries.contains(toks[e + 1].hash),
                  endsPart(ts, e + 2) {
            e += 2
        } else if e + 1 < lineEnd, toks[e].isPunct(","), isProvince(ts, e + 1) {
            // "03710 Calpe, Alicante", "80331 München, Bayern": the province or
            // state after the town, ending the part.
            e += 2
        }
        return e
    }

    /// A province after a town and its comma: one capitalised word (not a
    /// month, label, organisation or letter word) that ends its part with
    /// the line, a `)` or a full stop, not a cell or a sentence going on.
    static func isProvince(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .word, t.has(.capitalised), t.letters >= 3, !t.has(.cellStart), !words.months.contains(t.hash),
              !words.organisations.contains(t.hash), !words.notNames.contains(t.hash), !documentWords.contains(t.hash),
              !LabelTable.shared.isLabelWord(t.hash) else { return false }
        let e = k + 1
        if e >= toks.count || toks[e].has(.lineStart) || toks[e].has(.cellStart) || toks[e].isPunct(")") { return true }
        return toks[e].isPunct(".") && (e + 1 >= toks.count || toks[e + 1].has(.lineStart))
    }

    static let countries = WordHash.set("""
        Germany Deutschland Austria Österreich Switzerland Schweiz Suisse Svizzera Italy Italia Italien France \
        Frankreich Netherlands Niederlande Nederland Belgium Belgien Belgique België Spain Spanien España Portugal \
        Poland Polen Polska Ireland Irland Denmark Dänemark Danmark Sweden Schweden Sverige Norway Norwegen Norge \
        Finland Finnland Suomi Luxembourg Luxemburg Czechia Tschechien Hungary Ungarn Greece Griechenland Croatia \
        Kroatien Slovenia Slowenien Slovakia Slowakei Romania Rumänien Bulgaria Bulgarien England Scotland Wales USA UK
        """)

    /// Countries named in two words (`Tschechische Republik`, `United Kingdom`).
    static let countryFirsts = WordHash.set("""
        Tschechische Slowakische Czech Slovak United Vereinigtes Vereinigte Dominikanische Dominican South North New Neuseeland
        """)
    static let countrySeconds = WordHash.set("Republik Republic Kingdom Königreich States Staaten Africa Afrika Zealand Macedonia Mazedonien")

    @inline(__always) static func isCityWord(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .word, t.has(.initialUpper), t.letters >= 2 else { return false }
        let h = t.hash
        if words.notNames.contains(h) && !words.organisations.contains(h) { return false }
        return !words.months.contains(h) && !words.weekdays.contains(h)
    }

    /// `65-462 Zielona Góra`: a Polish postcode, written with its hyphen
    /// (so no count or range), opening a part or after a house number and
    /// before a town.
    static func polishPostcode(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .number, t.count == 2, k + 2 < toks.count, toks[k + 1].glued, toks[k + 1].isPunct("-"), toks[k + 2].glued,
              toks[k + 2].kind == .number, toks[k + 2].count == 3, opensPart(ts, k) || prevIsHouseNumber(ts, k),
              !afterNonAddressLabel(ts, k), let end = city(ts, k + 3) else { return nil }
        return Part(first: k, end: end, kind: .foreignPostcode)
    }

    /// After the colon of a label that asks for no address (`Az.: 12-345 Müller`).
    static func afterNonAddressLabel(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        return k > 0 && toks[k - 1].isPunct(":") && !(k >= 2 && toks[k - 2].kind == .word && isAddressLabelWord(ts, k - 2))
    }

    /// `1234 AB Amsterdam`, `1234AB Amsterdam`.
    static func dutchPostcode(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        guard opensPart(ts, k) || prevIsHouseNumber(ts, k) else { return nil }
        var e: Int
        if t.kind == .number, t.count == 4, k + 1 < toks.count, toks[k + 1].kind == .word, toks[k + 1].letters == 2,
           toks[k + 1].has(.upper), toks[k + 1].has(.spaceBefore), toks[k + 1].line == t.line {
            e = k + 2
        } else if t.kind == .alnum, t.count == 6, t.digits == 4, ts.first(k).value.isDigit,
                  ts.text[Int(t.start) + 4].value &- 0x41 < 26, ts.text[Int(t.start) + 5].value &- 0x41 < 26 {
            e = k + 1
        } else {
            return nil
        }
        guard ts.first(k).value != 0x30, let end = city(ts, e) else { return nil }
        return Part(first: k, end: end, kind: .foreignPostcode)
    }

    /// UK postcode: outward code (`SW1A`, `M1`, `B33`, `CR2`) and inward code (`2AA`).
    static func ukPostcode(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .alnum, t.has(.upper), t.count >= 2, t.count <= 4, k + 1 < toks.count else { return nil }
        let u = toks[k + 1]
        // The inward code's digit may be an O (a font's or OCR's look-alike: `HX2 OQN`), only
        // after a town that follows another part of the address (`…Gardens, Halifax HX2 OQN`).
        let lookAlike = u.kind == .word && [0x4F, 0x49, 0x6C].contains(ts.text[Int(u.start)].value)  // O I l
        // "…, Inverness IV5⏎7PF": a narrow cell or running text wrapped inside the postcode;
        // the inward code alone on the next line.
        let wrapped = u.line == t.line + 1 && k + 1 == ts.lineEnd(t.line) && ts.line(Int(u.line)) == (k + 1)..<(k + 2)
            && !ts.hasGap(before: Int(u.line))
        guard u.kind == .alnum || lookAlike, u.has(.upper), u.count == 3, u.has(.spaceBefore) && u.line == t.line || wrapped else { return nil }
        // Outward: A9, A9A, A99, AA9, AA9A, AA99.
        let s = ts.text
        let a = Int(t.start)
        var i = a
        var letters = 0
        while i < Int(t.end), s[i].value &- 0x41 < 26 { letters += 1; i += 1 }
        guard letters == 1 || letters == 2, i < Int(t.end), s[i].value.isDigit else { return nil }
        i += 1
        if i < Int(t.end) { guard s[i].value.isDigit || s[i].value &- 0x41 < 26 else { return nil }; i += 1 }
        guard i == Int(t.end) else { return nil }
        let b = Int(u.start)
        guard s[b].value.isDigit || lookAlike, s[b + 1].value &- 0x41 < 26, s[b + 2].value &- 0x41 < 26 else { return nil }
        if k + 2 < toks.count, toks[k + 2].glued, toks[k + 2].kind != .punct { return nil }
        // The town before it on its line: "London SW1A 2AA", "Leeds, LS2 9NZ",
        // or in brackets after it: "Inskip, Preston (PR4 0TN)".
        var first = k
        var j = k - 1
        var end = k + 2
        if j >= 0, toks[j].line == t.line, toks[j].isPunct("("), end < toks.count, toks[end].isPunct(")"), toks[end].glued {
            j -= 1
            end += 1
        } else if j >= 0, toks[j].line == t.line, toks[j].isPunct(",") { j -= 1 }
        var n = 0
        while j >= 0, n < 3, toks[j].line == t.line, isCityWord(ts, j), !englishTypes.contains(toks[j].hash) {
            n += 1
            if opensPart(ts, j) { first = j; break }
            j -= 1
        }
        // (Or alone on its line under a town line: `Edinburgh⏎EH9 IHN`.)
        let underTown = t.has(.lineStart) && ts.lineEnd(t.line) == k + 2 && t.line > 0 && !ts.hasGap(before: Int(t.line))
            && isTownLine(ts, Int(t.line) - 1)
        if lookAlike, !underTown, n == 0 || first == 0 || !toks[first - 1].isPunct(",") { return nil }
        if wrapped, n == 0 || lookAlike { return nil }
        // The brackets go with a town only: alone, `(SW1A 2AA)` is the postcode without them.
        if n == 0 { end = k + 2 }
        return Part(first: first, end: end, kind: .foreignPostcode)
    }

    static let usStateNames = WordHash.set("""
        Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho \
        Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota \
        Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah \
        Vermont Virginia Washington Wisconsin Wyoming
        """)
    static let usStateFirstWords = WordHash.set("New North South West Rhode")
    static let usStateSecondWords = WordHash.set("York Jersey Mexico Hampshire Carolina Dakota Virginia Island")

    static let usStates = WordHash.set("""
        AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK \
        OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR
        """)

    /// `Springfield, IL 62704`, `New York, NY 10001-1234`.
    static func usZip(_ ts: TokenStream, _ k: Int) -> Part? {
        let toks = ts.tokens
        let t = toks[k]
        // The state by its code (`TX`), or written out after the town and a
        // comma (`Austin, Texas 78745`, `Albany, New York 12207`).
        var zk = k + 1
        let code = t.kind == .word && t.letters == 2 && t.count == 2 && t.has(.upper) && usStates.contains(t.hash)
        if !code {
            guard t.kind == .word, t.has(.capitalised), k > 0, toks[k - 1].isPunct(","), toks[k - 1].line == t.line else { return nil }
            if !usStateNames.contains(t.hash) {
                guard k + 1 < toks.count, usStateFirstWords.contains(t.hash), toks[k + 1].line == t.line,
                      usStateSecondWords.contains(toks[k + 1].hash) else { return nil }
                zk = k + 2
            }
        }
        guard zk < toks.count else { return nil }
        let z = toks[zk]
        // "…, Austin, TX⏎78751);": running text wrapped between the state and its ZIP code.
        let wrapped = code && z.has(.lineStart) && z.line == t.line + 1 && !ts.hasGap(before: Int(z.line))
            && k > 1 && toks[k - 1].isPunct(",") && toks[k - 2].kind == .word && toks[k - 2].has(.capitalised)
        guard z.kind == .number, z.count == 5, z.has(.spaceBefore) && z.line == t.line || wrapped else { return nil }
        var end = zk + 1
        if end + 1 < toks.count, toks[end].glued, toks[end].isPunct("-"), toks[end + 1].glued, toks[end + 1].kind == .number,
           toks[end + 1].count == 4 {
            end += 2
        }
        if end < toks.count, toks[end].glued, toks[end].kind != .punct { return nil }
        // "DE 10115 Berlin" is a German postcode after a country code.
        if end < toks.count, toks[end].line == t.line, !toks[end].has(.cellStart), isCityWord(ts, end) { return nil }
        var first = k
        var j = k - 1
        if j >= 0, toks[j].line == t.line, toks[j].isPunct(",") { j -= 1 }
        var n = 0
        // "WEST VALLEY CITY UT 84120": a town line of capitalised words is the
        // town whatever its words (street types among them).
        var s = j
        while s >= 0, j - s < 4, toks[s].line == t.line, toks[s].kind == .word, toks[s].has(.initialUpper),
              !toks[s].has(.lineStart), !toks[s].has(.cellStart) { s -= 1 }
        if s >= 0, s < j, j - s < 4, toks[s].line == t.line, toks[s].kind == .word, toks[s].has(.initialUpper),
           toks[s].has(.lineStart) || toks[s].has(.cellStart), (s...j).contains(where: { englishTypes.contains(toks[$0].hash) }) {
            first = s
            n = j - s + 1
            j = -1
        }
        while j >= 0, toks[j].line == t.line, toks[j].kind == .word, toks[j].has(.initialUpper), n < 3 {
            if englishTypes.contains(toks[j].hash) {
                // "Maple Grove, MN": a town named like a street, opening its line or cell.
                guard n == 0, j > 0, toks[j - 1].line == t.line, toks[j - 1].kind == .word, toks[j - 1].has(.initialUpper),
                      toks[j - 1].has(.lineStart) || toks[j - 1].has(.cellStart) else { break }
                first = j - 1
                n = 2
                break
            }
            first = j
            n += 1
            if toks[j].has(.cellStart) { break }
            j -= 1
        }
        guard n > 0 || opensPart(ts, k) else { return nil }
        return Part(first: first, end: end, kind: .foreignPostcode)
    }
}
