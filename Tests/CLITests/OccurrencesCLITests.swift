import Foundation
import Testing

@Suite struct OccurrencesCLITests {
    func objects(_ run: Run) throws -> [[String: Any]] {
        try run.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func expandsTheSampleMeetingWithItsExceptions() throws {
        let run = try busylife(["occurrences", "samples/meeting.ics", "--from", "2026-11-01", "--to", "2026-11-30",
                                "--tz", "America/New_York"])
        #expect(run.status == 0)
        let items = try objects(run)
        let ids = items.compactMap { $0["recurrenceId"] as? String }
        #expect(ids.count == 11)
        #expect(!ids.contains("2026-11-23T09:30:00-05:00"))  // EXDATE
        #expect(items.first { ($0["recurrenceId"] as? String) == "2026-11-11T09:30:00-05:00" }?["start"] as? String
                == "2026-11-11T14:00:00-05:00")  // moved
        for key in ["uid", "title", "start", "end", "startUTC", "endUTC", "allDay", "busy", "calendar"] {
            #expect(items[0][key] != nil, "\(key)")
        }
        let starts = items.map { $0["startUTC"] as! String }
        #expect(starts == starts.sorted())
    }

    @Test func defaultWindowIsTodayPlusMinus31DaysAndDeterministic() throws {
        let first = try busylife(["occurrences", "samples/", "--today", "2026-11-22", "--tz", "UTC"])
        let second = try busylife(["occurrences", "samples/", "--today", "2026-11-22", "--tz", "UTC"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let starts = try objects(first).map { $0["startUTC"] as! String }
        #expect(starts.first! >= "2026-10-22")
        #expect(starts.last! < "2026-12-24")
    }

    @Test func flightsMoveTheViewerAndTravelFlagsWork() throws {
        let event = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:breakfast", "DTSTART:20261207T080000",
                     "DURATION:PT1H", "SUMMARY:Breakfast", "END:VEVENT", "END:VCALENDAR"].joined(separator: "\r\n")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breakfast-\(UUID().uuidString).ics").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(event.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let home = try busylife(["occurrences", path, "samples/flight.ics", "--from", "2026-12-07", "--to", "2026-12-07",
                                 "--tz", "America/New_York"])
        #expect(try objects(home).first { $0["title"] as? String == "Breakfast" }?["startUTC"] as? String == "2026-12-07T13:00:00Z")
        let flown = try busylife(["occurrences", path, "samples/flight.ics", "--from", "2026-12-07", "--to", "2026-12-07",
                                  "--tz", "America/New_York", "--travel-from-events"])
        #expect(try objects(flown).first { $0["title"] as? String == "Breakfast" }?["startUTC"] as? String == "2026-12-06T23:00:00Z")
        let traveled = try busylife(["occurrences", path, "--from", "2026-12-07", "--to", "2026-12-07",
                                     "--tz", "America/New_York", "--travel", "2026-12-06T16:50+09:00=Asia/Tokyo"])
        #expect(try objects(traveled).first?["startUTC"] as? String == "2026-12-06T23:00:00Z")
        let itinerary = FileManager.default.temporaryDirectory.appendingPathComponent("trip-\(UUID().uuidString).tsv").path
        _ = FileManager.default.createFile(atPath: itinerary, contents: Data("# when\tzone\n2026-12-06T07:50Z\tAsia/Tokyo\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: itinerary) }
        let planned = try busylife(["occurrences", path, "--from", "2026-12-07", "--to", "2026-12-07",
                                    "--tz", "America/New_York", "--itinerary", itinerary])
        #expect(try objects(planned).first?["startUTC"] as? String == "2026-12-06T23:00:00Z")
    }

    @Test func usageErrorsExit64() throws {
        for arguments in [["--from", "2026-02-30"], ["--tz", "Mars/Olympus"], ["--travel", "next week=Asia/Tokyo"],
                          ["--from", "2026-12-01", "--to", "2026-11-01"], ["--from", "26"]] {
            let run = try busylife(["occurrences", "samples/meeting.ics"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("Usage: busylife occurrences"), "\(arguments): \(run.stderr)")
        }
    }

    /// A missing itinerary is a missing input: exit 66, with the reason.
    @Test func aMissingItineraryExits66() throws {
        let run = try busylife(["occurrences", "samples/meeting.ics", "--itinerary", "/nonexistent/trip.tsv"])
        #expect(run.status == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "busylife: cannot read the itinerary /nonexistent/trip.tsv: no such file\n")
    }

    /// Date words in --travel and itinerary files are read against
    /// --today: each is that day's midnight, as the date is.
    @Test func travelTakesDateWords() throws {
        let itinerary = FileManager.default.temporaryDirectory.appendingPathComponent("trip-\(UUID().uuidString).tsv").path
        _ = FileManager.default.createFile(atPath: itinerary, contents: Data("tomorrow\tAsia/Tokyo\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: itinerary) }
        let change = "{\"at\":\"2026-12-06T05:00:00Z\",\"zone\":\"Asia/Tokyo\"}"
        for travel in [["--travel", "2026-12-06=Asia/Tokyo"], ["--travel", "+1d=Asia/Tokyo"], ["--travel", "sunday=Asia/Tokyo"],
                       ["--travel", "tomorrow=Asia/Tokyo"], ["--itinerary", itinerary]] {
            let run = try busylife(["days", "samples/meeting.ics", "--today", "2026-12-05", "--from", "2026-12-07", "--to", "2026-12-07",
                                    "--tz", "America/New_York"] + travel)
            #expect(run.status == 0, "\(travel): \(run.stderr)")
            #expect(run.stdout.contains("\"timeline\":[{\"zone\":\"America/New_York\"},\(change)]"), "\(travel)")
        }
        let month = try busylife(["days", "samples/meeting.ics", "--travel", "2026-12=Asia/Tokyo"])
        #expect(month.status == 64)
    }

    @Test func cappedRulesWarnAndExit2() throws {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:s", "DTSTART:20260101T000000Z",
                    "RRULE:FREQ=SECONDLY", "SUMMARY:Tick", "END:VEVENT", "END:VCALENDAR"].joined(separator: "\r\n")
        let run = try busylife(["occurrences", "-", "--from", "2026-01-01", "--to", "2026-03-01", "--tz", "UTC"], stdin: text)
        #expect(run.status == 2)
        #expect(run.stderr.contains("more than 100000 instances"))
        #expect(run.stdout.split(separator: "\n").count == 100_000)
    }

    /// Into a regular file, occurrences are written in writes that end on
    /// whole MiBs of the file, the rest kept for the next: the file must
    /// hold the same bytes as a pipe gets, wherever the file's offset starts
    /// (after other text, or appending) and however a write is cut; no
    /// block may be left past its end.
    @Test func aFileGetsTheBytesAPipeGets() throws {
        let rules = (0..<3).map { index in
            ["BEGIN:VEVENT", "UID:daily-\(index)", "DTSTART:2020010\(index + 1)T0\(index + 7)0000Z", "DURATION:PT45M",
             "RRULE:FREQ=DAILY", "SUMMARY:Daily \(index)", "END:VEVENT"].joined(separator: "\r\n")
        }
        let calendar = (["BEGIN:VCALENDAR", "VERSION:2.0"] + rules + ["END:VCALENDAR"]).joined(separator: "\r\n")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-writes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("daily.ics").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(calendar.utf8))
        let command = "BUSYLIFE occurrences '\(path)' --from 2020-01-01 --to 2035-12-31 --tz UTC"
        let piped = try busylife([], shell: command)
        #expect(piped.status == 0)
        #expect(piped.stdout.utf8.count > 4 << 20)  // several MiBs, many pieces
        let file = folder.appendingPathComponent("out.ndjson").path
        let cases = ["\(command) > '\(file)'", "{ echo before; \(command); } > '\(file)'",
                     "printf 12345 > '\(file)'; \(command) >> '\(file)'"]
        for (shell, prefix) in zip(cases, ["", "before\n", "12345"]) {
            let run = try busylife([], shell: shell)
            #expect(run.status == 0, "\(shell)")
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(written == prefix + piped.stdout, "\(shell)")
            expectNoBlocksPastTheEnd(file, "\(shell)")
        }
        // A write that `ulimit -f` stops (exit 74) leaves no block past
        // the end either.
        let limited = try busylife([], shell: "(ulimit -f 2049; \(command) > '\(file)')")
        #expect(limited.status == 74, "\(limited.stderr)")
        expectNoBlocksPastTheEnd(file, "ulimit -f 2049")
    }

    /// The file holds no more blocks than its pages need, give or take the
    /// file system's own (an ext4 extent index): none reserved and left.
    func expectNoBlocksPastTheEnd(_ file: String, _ context: String) {
        var status = stat()
        #expect(stat(file, &status) == 0)
        let pages = (Int(status.st_size) + 4095) / 4096 * 4096
        #expect(Int(status.st_blocks) * 512 <= pages + (64 << 10),
                "\(context): \(status.st_blocks) blocks for \(status.st_size) bytes")
    }
}
