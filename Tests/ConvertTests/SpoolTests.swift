import Export
import Foundation
import Plumbing
import Testing
@testable import Convert

/// Output held until the head is written (`Spool`) comes back whole and in
/// order: from memory, from the temporary file, and from both when the
/// file stops taking more (a full disk, `ulimit -f`).
@Suite struct SpoolTests {
    /// Pieces of every size, each of its own bytes.
    static let pieces: [[UInt8]] = (0..<60).map { index in (0..<(index * 37 % 500 + 1)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) } }

    private func spooled(_ spool: Spool) -> [UInt8] {
        for piece in Self.pieces {
            var out = ByteWriter()
            out.append(bytes: piece.withUnsafeBufferPointer { $0 })
            spool.take(&out)
            #expect(out.count == 0)
        }
        var back: [UInt8] = []
        spool.replay { back.append(contentsOf: $0); return true }
        return back
    }

    private var all: [UInt8] { Self.pieces.flatMap { $0 } }

    @Test func inMemory() {
        #expect(spooled(Spool()) == all)
    }

    @Test func inTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busylife-spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spool = Spool(memoryLimit: 1_000, folders: [folder])
        #expect(spooled(spool) == all)
        #expect(spool.bytesInFile == Int64(all.count))
        // Unlinked at once: nothing left behind.
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty)
    }

    /// The file takes pieces while they fit under 3,000 bytes; the rest
    /// is held after it, in order.
    @Test func pastTheFileSizeLimit() {
        #expect(all.count > 10_000)
        let spool = Spool(memoryLimit: 1_000, fileSizeLimit: 3_000)
        #expect(spooled(spool) == all)
        #expect(spool.bytesInFile > 1_000 && spool.bytesInFile <= 3_000)
    }

    /// Small pieces are gathered into a few buffers, not each kept with
    /// its writer's 64 KiB.
    @Test func smallPiecesShareBuffers() {
        let spool = Spool()
        var all: [UInt8] = []
        for index in 0..<2_000 {
            var out = ByteWriter()
            let piece = (0..<100).map { UInt8(truncatingIfNeeded: $0 &+ index) }
            out.append(bytes: piece.withUnsafeBufferPointer { $0 })
            all += piece
            spool.take(&out)
            #expect(out.count == 0)
        }
        #expect(spool.piecesHeld <= 4)
        var back: [UInt8] = []
        spool.replay { back.append(contentsOf: $0); return true }
        #expect(back == all)
    }

    @Test func whereNoFileCanBeMade() {
        let spool = Spool(memoryLimit: 1_000, folders: ["/nonexistent/busylife"])
        #expect(spooled(spool) == all)
        #expect(spool.bytesInFile == 0)
    }
}
