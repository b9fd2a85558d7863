#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import EventModel
import Import

/// A format a command writes: its name as `--format` takes it, and the
/// extensions of `-o` that ask for it (lower case, without the dot).
protocol WrittenFormat: Equatable, CaseIterable {
    var name: String { get }
    var extensions: [String] { get }
}

extension WrittenFormat where Self: RawRepresentable<String> {
    var name: String { rawValue }
}

/// What `-o FILE` decides besides where the bytes go, by one rule in every
/// command that takes it:
///
/// - the format is `--format` when given, else the one `-o`'s extension
///   names in the command's table (`Format.extensions`), else the
///   command's default; no extension, `.txt` or an extension busylife
///   does not know leave it to `--format` or the default;
/// - an extension of a format the command does not write (`heatmap -o
///   busy.png`, `busy -o me.csv`) is a usage error, whatever `--format`;
/// - `--format` naming another format than the extension is a warning
///   (the file is written as `--format` says);
/// - `-o` naming an input (the same file by device and inode, however it
///   is named, found in an input directory or standard input included)
///   is a usage error: the run would replace what it reads.
struct OutputChoice<Format: WrittenFormat> {
    /// Where to write: `-o`'s path, or `-` for standard output.
    let path: String
    let format: Format
    /// Diagnostics about the choice, to print before reading and count in the run's exit code.
    let warnings: [Diagnostic]

    init(output: String?, format given: Format?, default fallback: Format, command: String, inputs: [String]) throws {
        path = output ?? "-"
        let named = try OutputChoice.formatNamed(by: path, command: command)
        format = given ?? named ?? fallback
        if let given, let named, given != named, let suffix = OutputExtensions.suffix(of: path) {
            warnings = [Diagnostic(.warning, .outputFormat, at: SourcePosition(file: path, line: 0),
                                   "written as \(given.name) (--format \(given.name)), though .\(suffix) is the extension of \(named.name)")]
        } else {
            warnings = []
        }
        if path != "-" { try OutputChoice.refuseInput(path, inputs: inputs) }
    }

    /// The format `path`'s extension names in the command's table; nil
    /// for none; a usage error for a known extension the command does not write.
    private static func formatNamed(by path: String, command: String) throws -> Format? {
        guard path != "-", let suffix = OutputExtensions.suffix(of: path), suffix != "txt" else { return nil }
        if let format = Format.allCases.first(where: { $0.extensions.contains(suffix) }) { return format }
        guard let kind = OutputExtensions.known[suffix] else { return nil }
        let written = Format.allCases.map { format in
            format.extensions.isEmpty ? format.name : format.name + " (" + format.extensions.map { "." + $0 }.joined(separator: ", ") + ")"
        }
        let listed = written.count == 1 ? written[0] : written.dropLast().joined(separator: ", ") + " or " + written.last!
        throw ValidationError("-o \(path): \(command) does not write \(kind); it writes " + listed)
    }

    /// A usage error when `path` is the file of an input, or of a calendar
    /// read from an input directory.
    private static func refuseInput(_ path: String, inputs: [String]) throws {
        var target = stat()
        guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG else { return }
        for input in inputs {
            var status = stat()
            guard input == "-" ? fstat(0, &status) == 0 : stat(input, &status) == 0 else { continue }
            var read: String?
            switch status.st_mode & S_IFMT {
            case S_IFREG where status.st_dev == target.st_dev && status.st_ino == target.st_ino:
                read = input == "-" ? "standard input" : input
            case S_IFDIR where input != "-":
                read = DirectoryWalk.pathReading(device: UInt64(target.st_dev), inode: UInt64(target.st_ino), under: input)
                    .map { "\($0), in \(input)" }
            default: break
            }
            if let read {
                throw ValidationError("-o \(path) is an input\(read == path ? "" : " (\(read))"): writing it would replace the calendar read; write to another file")
            }
        }
    }
}

/// The extensions `-o` knows, with the kind of file each names: those of
/// every format some command writes, and others a command may be asked
/// for by mistake. An extension not here says nothing about the format.
enum OutputExtensions {
    static let known: [String: String] = [
        "ics": "iCalendar", "ical": "iCalendar", "ifb": "iCalendar", "jcal": "jCal", "jcs": "jCal",
        "json": "JSON", "ndjson": "NDJSON", "jsonl": "NDJSON", "csv": "CSV", "tsv": "TSV", "svg": "SVG",
        "png": "PNG", "jpg": "JPEG", "jpeg": "JPEG", "gif": "GIF", "webp": "WebP", "pdf": "PDF",
        "html": "HTML", "htm": "HTML", "xml": "XML", "md": "Markdown", "vcf": "vCard",
        "xlsx": "Excel", "xls": "Excel", "ods": "OpenDocument spreadsheets",
    ]

    /// The extension of the file's name, lower case, without the dot; nil
    /// for a name without one (a leading dot alone is a hidden file's name).
    static func suffix(of path: String) -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// The `-o` paragraph of every command's --help that takes it; each adds its extensions.
enum OutputChoiceHelp {
    static let text = """
    -o FILE: - is standard output. Without --format, the file's extension \
    chooses the format (below); an extension of a format the command does \
    not write (.png, .pdf) is a usage error, and --format against the \
    extension a warning. -o naming an input (the same file, however \
    named, or one found in an input directory) is a usage error. A \
    regular file is replaced whole (written beside it, flushed, renamed \
    into place, its permission bits kept), never one you may not write; \
    a symbolic link is followed; a device, named pipe or terminal is \
    written to directly; a failure exits 74 with its reason and leaves \
    no partial or temporary file.
    """
}
