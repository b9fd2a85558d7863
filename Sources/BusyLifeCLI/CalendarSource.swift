import Foundation
import Import

/// Where an input comes from, as the command line reads it: the
/// library's sources without its web addresses (the command line reads a
/// subscription from its cached copy, which its network helper fetched).
enum CalendarSource {
    case file(URL)
    /// An open copy of a subscription, named by its source.
    case fileHandle(FileHandle, name: String)
    case standardInput

    /// The importer's input; a folder of `shown` is named as it says.
    func input(shown: [String: ShownFolder] = [:]) -> InputSource? {
        switch self {
        case .file(let url):
            // As given: diagnostics name the path the user wrote.
            shown[url.relativePath].map { .folder(url.relativePath, shown: $0) } ?? .path(url.relativePath)
        case .fileHandle(let handle, let name): .fileDescriptor(handle.fileDescriptor, name: name)
        case .standardInput: .standardInput
        }
    }
}
