#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Records written once and read back seldom (a dormant series'
/// components, `SpilledSeries`), so that they need not stay in memory.
/// The newest are held in memory, up to `holdLimit` bytes; then all of
/// them go to a `TemporaryFile`. Where no file can be made or written,
/// or the next write would pass the process's limit on file size
/// (`ulimit -f`, whose signal would end the process), records stay in
/// memory: nothing is lost, only memory is not saved.
///
/// A record is its length (a LEB128 number) and its bytes; its offset
/// names it. A class, for the file it owns: one owner, on one thread.
package final class SpillFile {
    /// Records not yet in the file, from offset `inFile` on.
    private var held: [UInt8] = []
    /// Bytes in the file (records before `held`).
    private var inFile: Int64 = 0
    private var descriptor: Int32 = -1
    /// Whether records go to a file at all (false once making or writing one failed).
    private var fileUsable: Bool
    private let holdLimit: Int
    /// Reads that failed (an I/O error), reported by the owner.
    package private(set) var failedReads = 0
    /// For tests: every read from the file fails, as an I/O error would.
    package var readsFromFileFail = false
    /// Room for records read from the file, kept from one read to the next.
    private var readRoom: [UInt8] = []

    /// The folders a file is made in, the first that takes one.
    private let folders: [String]

    /// The largest file this process may write (`RLIMIT_FSIZE`).
    private let fileSizeLimit: Int64

    /// `folders` nil: `TMPDIR`, /var/tmp, /tmp; empty: records stay in
    /// memory. `fileSizeLimit` nil: the process's.
    package init(holdLimit: Int = 1 << 18, folders: [String]? = nil, fileSizeLimit: Int64? = nil) {
        self.holdLimit = holdLimit
        self.folders = folders ?? TemporaryFile.folders
        self.fileSizeLimit = fileSizeLimit ?? TemporaryFile.sizeLimit
        fileUsable = !self.folders.isEmpty
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Bytes in the file and in memory, written so far.
    package var count: Int64 { inFile + Int64(held.count) }

    /// Bytes held in memory (for tests).
    var heldCount: Int { held.count }

    /// Appends `body` as a record; its offset.
    package func append(_ body: [UInt8]) -> Int64 {
        let offset = count
        SpillWriter.unsigned(UInt64(body.count), into: &held)
        held.append(contentsOf: body)
        if held.count >= holdLimit && fileUsable { writeHeld() }
        return offset
    }

    /// Calls `body` with the bytes of the record at `offset` (empty if it
    /// cannot be read, counted in `failedReads`).
    package func withRecord<Result>(at offset: Int64, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if offset >= inFile {
            return held.withUnsafeBytes { bytes in
                let start = Int(offset - inFile)
                guard start < bytes.count, let (length, header) = Self.length(UnsafeRawBufferPointer(rebasing: bytes[start...])),
                      start + header + length <= bytes.count else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
                return body(UnsafeRawBufferPointer(rebasing: bytes[start + header..<start + header + length]))
            }
        }
        guard !readsFromFileFail, let record = readFromFile(at: offset) else {
            failedReads += 1
            return body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return readRoom.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[record])) }
    }

    /// The record at `offset` read from the file into `readRoom` (kept
    /// from one read to the next): where its bytes lie there.
    private func readFromFile(at offset: Int64) -> Range<Int>? {
        // Most records are under 200 bytes: one read finds the length and
        // the body; a longer one takes a second.
        if readRoom.count < 256 { readRoom = [UInt8](repeating: 0, count: 256) }
        let got = readRoom.withUnsafeMutableBytes { TemporaryFile.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<256]), at: offset) }
        guard got > 0, let (length, header) = readRoom.withUnsafeBytes({ Self.length(UnsafeRawBufferPointer(rebasing: $0[..<got])) })
        else { return nil }
        if header + length <= got { return header..<header + length }
        if readRoom.count < length { readRoom = [UInt8](repeating: 0, count: length) }
        let read = readRoom.withUnsafeMutableBytes {
            TemporaryFile.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<length]), at: offset + Int64(header))
        }
        return read == length ? 0..<length : nil
    }

    /// A record's length and the bytes that wrote it; nil when cut short.
    private static func length(_ bytes: UnsafeRawBufferPointer) -> (Int, Int)? {
        var value = 0, shift = 0, index = 0
        while index < bytes.count && shift < 63 {
            let byte = bytes[index]
            value |= Int(byte & 0x7F) << shift
            index += 1
            if byte & 0x80 == 0 { return (value, index) }
            shift += 7
        }
        return nil
    }

    /// Moves the held records to the file (made at the first call); keeps
    /// them in memory, and no longer uses a file, if that fails.
    private func writeHeld() {
        if descriptor < 0 { descriptor = TemporaryFile.make(in: folders) }
        guard descriptor >= 0, inFile + Int64(held.count) <= fileSizeLimit else {
            fileUsable = false
            return
        }
        let wrote = held.withUnsafeBytes { TemporaryFile.write(descriptor, $0, at: inFile) }
        guard wrote == held.count else {
            // Disk full or the like: what was written is read back as it
            // is; these and later records stay in memory.
            fileUsable = false
            return
        }
        inFile += Int64(held.count)
        held.removeAll(keepingCapacity: true)
    }
}
