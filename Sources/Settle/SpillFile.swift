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
final class SpillFile {
    /// Records not yet in the file, from offset `inFile` on.
    private var held: [UInt8] = []
    /// Bytes in the file (records before `held`).
    private var inFile: Int64 = 0
    private var descriptor: Int32 = -1
    /// Whether records go to a file at all (false once making or writing one failed).
    private var fileUsable: Bool
    private let holdLimit: Int
    /// Reads that failed (an I/O error), reported by the owner.
    private(set) var failedReads = 0
    /// Room for a record read from the file.
    private var readRoom: [UInt8] = []

    /// The folders a file is made in, the first that takes one.
    private let folders: [String]

    /// The largest file this process may write (`RLIMIT_FSIZE`).
    private let fileSizeLimit: Int64

    /// `folders` nil: `TMPDIR`, /var/tmp, /tmp; empty: records stay in
    /// memory. `fileSizeLimit` nil: the process's.
    init(holdLimit: Int = 1 << 18, folders: [String]? = nil, fileSizeLimit: Int64? = nil) {
        self.holdLimit = holdLimit
        self.folders = folders ?? TemporaryFile.folders
        self.fileSizeLimit = fileSizeLimit ?? TemporaryFile.sizeLimit
        fileUsable = !self.folders.isEmpty
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Bytes in the file and in memory, written so far.
    var count: Int64 { inFile + Int64(held.count) }

    /// Bytes held in memory (for tests).
    var heldCount: Int { held.count }

    /// Appends `body` as a record; its offset.
    func append(_ body: [UInt8]) -> Int64 {
        let offset = count
        var length = UInt64(body.count)
        repeat {
            held.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
            length >>= 7
        } while length > 0
        held.append(contentsOf: body)
        if held.count >= holdLimit && fileUsable { writeHeld() }
        return offset
    }

    /// Calls `body` with the bytes of the record at `offset` (empty if it
    /// cannot be read, counted in `failedReads`).
    func withRecord<Result>(at offset: Int64, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if offset >= inFile {
            return held.withUnsafeBytes { bytes in
                let start = Int(offset - inFile)
                guard start < bytes.count, let (length, header) = Self.length(UnsafeRawBufferPointer(rebasing: bytes[start...])),
                      start + header + length <= bytes.count else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
                return body(UnsafeRawBufferPointer(rebasing: bytes[start + header..<start + header + length]))
            }
        }
        guard readFromFile(at: offset) else {
            failedReads += 1
            return body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return readRoom.withUnsafeBytes(body)
    }

    /// The record at `offset` read from the file into `readRoom`.
    private func readFromFile(at offset: Int64) -> Bool {
        // Most records are under 200 bytes: one read finds the length and
        // the body; a longer one takes a second.
        var head = [UInt8](repeating: 0, count: 256)
        let got = Self.read(descriptor, into: &head, at: offset)
        guard got > 0, let (length, header) = head.withUnsafeBytes({ Self.length(UnsafeRawBufferPointer(rebasing: $0[..<got])) })
        else { return false }
        if header + length <= got {
            readRoom = Array(head[header..<header + length])
            return true
        }
        readRoom = [UInt8](repeating: 0, count: length)
        return Self.read(descriptor, into: &readRoom, at: offset + Int64(header)) == length
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

    /// Reads up to `buffer.count` bytes at `offset`; how many were read
    /// (fewer only at the end of the file), -1 on failure.
    private static func read(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int64) -> Int {
        var done = 0
        while done < buffer.count {
            let got = buffer.withUnsafeMutableBytes { room in
                room.baseAddress.map { pread(descriptor, $0 + done, room.count - done, off_t(offset) + off_t(done)) } ?? -1
            }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return -1 }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// Moves the held records to the file (made at the first call); keeps
    /// them in memory, and no longer uses a file, if that fails.
    private func writeHeld() {
        if descriptor < 0 { descriptor = TemporaryFile.make(in: folders) }
        guard descriptor >= 0, inFile + Int64(held.count) <= fileSizeLimit else {
            fileUsable = false
            return
        }
        var done = 0
        while done < held.count {
            let wrote = held.withUnsafeBytes { bytes in
                bytes.baseAddress.map { pwrite(descriptor, $0 + done, bytes.count - done, off_t(inFile) + off_t(done)) } ?? -1
            }
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else {
                // Disk full or the like: what was written is read back as
                // it is; these and later records stay in memory.
                fileUsable = false
                return
            }
            done += wrote
        }
        inFile += Int64(held.count)
        held.removeAll(keepingCapacity: true)
    }
}
