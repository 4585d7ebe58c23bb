/// The LibreOffice user profile each conversion starts from: a fresh,
/// private folder (`-env:UserInstallation`) holding only the settings
/// below, so nothing of the user's own LibreOffice (macros, trusted
/// folders, extensions, recent documents) takes part, and nothing of the
/// document stays behind in it.
public enum OfficeProfile {
    /// Where the settings file lies inside the profile folder.
    public static let registryPath = "user/registrymodifications.xcu"

    /// One configuration value: `path` is the node (`/org.openoffice.Office.Common/...`),
    /// `type` its XML schema type.
    public struct Item: Sendable, Equatable {
        public var path: String
        public var name: String
        public var type: String
        public var value: String
    }

    /// The settings, with the keys and types of LibreOffice's own schema
    /// (`share/registry/main.xcd`, checked against 7.4):
    ///
    /// - Macros: security level 3 ("very high": only macros from trusted
    ///   folders, and there are none) and macro execution disabled
    ///   altogether (`Security/Scripting`). A document's Basic, its event
    ///   bindings (on open, on load) and its scripts do not run.
    /// - Links: never updated when a document is loaded. Writer's
    ///   `Content/Update/Link` counts as css.document.LinkUpdateModes
    ///   (0 = never), Calc's as its own mode (1 = never). Linked images
    ///   from untrusted referers are blocked. Landlock is the real fence:
    ///   a link to a file outside the private folder cannot be read.
    public static let items: [Item] = [
        Item(path: "/org.openoffice.Office.Common/Security/Scripting", name: "MacroSecurityLevel", type: "xs:int", value: "3"),
        Item(path: "/org.openoffice.Office.Common/Security/Scripting", name: "DisableMacrosExecution", type: "xs:boolean", value: "true"),
        Item(path: "/org.openoffice.Office.Common/Security/Scripting", name: "BlockUntrustedRefererLinks", type: "xs:boolean", value: "true"),
        Item(path: "/org.openoffice.Office.Writer/Content/Update", name: "Link", type: "xs:int", value: "0"),
        Item(path: "/org.openoffice.Office.Calc/Content/Update", name: "Link", type: "xs:int", value: "1"),
    ]

    /// The file LibreOffice reads its user settings from, in its own
    /// `<items>` form.
    public static var registryModifications: String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<oor:items xmlns:oor=\"http://openoffice.org/2001/registry\" "
        s += "xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
        for i in items {
            s += "<item oor:path=\"\(i.path)\"><prop oor:name=\"\(i.name)\" oor:op=\"fuse\">"
            s += "<value>\(i.value)</value></prop></item>\n"
        }
        s += "</oor:items>\n"
        return s
    }
}
