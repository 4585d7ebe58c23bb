import RedactCore

/// The recognizers that need context: names, addresses, dates of birth,
/// reference numbers, licence plates. One tokenizer pass and one label scan
/// serve all of them.
enum ContextRecognizers {
    static let categories: Set<Category> = [.name, .address, .dateOfBirth, .reference, .licencePlate]

    static func find(in s: Text, enabled: Set<Category>, into out: inout [Detection]) {
        guard !enabled.isDisjoint(with: categories) || enabled.contains(.phone) else { return }
        let ts = TokenStream(s)
        if ts.tokens.isEmpty { return }
        // A number in a phone field, whatever libphonenumber makes of it.
        if enabled.contains(.phone) { PhoneFields.find(ts, into: &out) }
        guard !enabled.isDisjoint(with: categories) else { return }
        let labels = LabelTable.shared.scan(ts)
        var nameLines: [Range<Int>] = []
        if enabled.contains(.address) || enabled.contains(.name) {
            AddressRecognizer.find(ts, emitAddresses: enabled.contains(.address), into: &out, nameLines: &nameLines)
        }
        if enabled.contains(.name) {
            NameRecognizer.find(ts, labels: labels, nameLines: nameLines, into: &out)
            UserNameRecognizer.find(ts, labels: labels, into: &out)
        }
        if enabled.contains(.dateOfBirth) { BirthDateRecognizer.find(ts, labels: labels, into: &out) }
        if enabled.contains(.reference) { ReferenceRecognizer.find(ts, labels: labels, into: &out) }
        if enabled.contains(.licencePlate) { PlateRecognizer.find(ts, labels: labels, into: &out) }
        LicenceFields.find(ts, enabled: enabled, into: &out)
        // A table on its side: a row's label speaks for every cell of its row.
        RowLabels.find(ts, labels: labels, enabled: enabled, into: &out)
    }
}
