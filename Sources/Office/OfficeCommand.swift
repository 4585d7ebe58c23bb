import RedactCore

/// The command line soffice runs with, and the fixed layout of a
/// conversion's private folder.
public enum OfficeCommand {
    /// Folders inside the private folder.
    public static let profileFolder = "profile", homeFolder = "home", tempFolder = "tmp"
    public static let inputFolder = "in", outputFolder = "out"
    /// The source is copied in under this name (its extension kept, which
    /// LibreOffice needs); the document's own name never reaches soffice.
    public static let inputStem = "document"

    /// `document.docx` for a `.docx` source.
    public static func inputName(_ type: NameMap.SourceType) -> String {
        inputStem + "." + fileExtension(type)
    }

    /// The PDF soffice writes for `inputName`.
    public static let outputName = inputStem + ".pdf"

    public static func fileExtension(_ type: NameMap.SourceType) -> String {
        switch type {
        case .docx: return "docx"
        case .odt: return "odt"
        case .xlsx: return "xlsx"
        case .ods: return "ods"
        case .pptx: return "pptx"
        case .odp: return "odp"
        case .doc: return "doc"
        case .rtf: return "rtf"
        default: return "bin"
        }
    }

    /// soffice's arguments (after argv[0]): headless, no restore of earlier
    /// sessions, no splash, no lock-file check, no default document, the
    /// private profile, one conversion to PDF into the output folder.
    public static func arguments(privateFolder: String, type: NameMap.SourceType) -> [String] {
        [
            "-env:UserInstallation=" + fileURL(privateFolder + "/" + profileFolder),
            "--headless", "--norestore", "--nologo", "--nolockcheck", "--nodefault",
            "--convert-to", "pdf",
            "--outdir", privateFolder + "/" + outputFolder,
            privateFolder + "/" + inputFolder + "/" + inputName(type),
        ]
    }

    /// The environment soffice runs in: nothing of the daemon's. HOME and
    /// TMPDIR inside the private folder (fontconfig, dconf and
    /// LibreOffice's temp files land there); the headless drawing backend.
    public static func environment(privateFolder: String) -> [String] {
        [
            "HOME=" + privateFolder + "/" + homeFolder,
            "TMPDIR=" + privateFolder + "/" + tempFolder,
            "PATH=/usr/bin:/bin",
            "LC_ALL=C.UTF-8",
            "SAL_USE_VCLPLUGIN=svp",
        ]
    }

    /// `file://` and the path, each byte other than unreserved ones and
    /// `/` percent-encoded.
    public static func fileURL(_ path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) {
                out.append(c)
            } else {
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 0xF)])
            }
        }
        return out
    }
}
