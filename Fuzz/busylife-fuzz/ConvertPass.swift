import Convert
import EventModel
import Import
import Settle

/// `busylife convert` to every format: as stored with no window (every
/// component, and VTIMEZONEs made for the zones the data's years need)
/// and with one, expanded over the window, and events.json also with no
/// window (the data's own). JSON output must parse; .ics, jCal and
/// events.json output is read back.
enum ConvertPass {
    static func run(_ bytes: [UInt8]) {
        convert(bytes, .ics, expand: false, windowGiven: false)
        convert(bytes, .jcal, expand: false, windowGiven: true)
        convert(bytes, .ics, expand: true, windowGiven: true)
        convert(bytes, .jcal, expand: true, windowGiven: true)
        convert(bytes, .eventsJSON, expand: true, windowGiven: true)
        convert(bytes, .eventsJSON, expand: true, windowGiven: false)
        convert(bytes, .csv, expand: true, windowGiven: true)
    }

    private static func convert(_ bytes: [UInt8], _ format: ConvertFormat, expand: Bool, windowGiven: Bool) {
        let what = "convert to \(format.rawValue)\(expand ? " expanded" : "")\(windowGiven ? " over the window" : "")"
        let options = ConvertOptions(format: format, expand: expand, settle: FuzzWindow.options, windowGiven: windowGiven,
                                     today: FuzzWindow.today)
        var output: [UInt8] = []
        let conversion = Conversion(options: options) { piece in
            output.append(contentsOf: piece)
            return true
        }
        let report = try? conversion.run([FuzzWindow.source(bytes)], importOptions: ImportOptions(), diagnostic: { diagnostic in
            mustHold(!diagnostic.source.file.isEmpty, "\(what): a diagnostic without a file: \(diagnostic)")
        })
        mustHold(report != nil, "\(what) threw with nothing to refuse")
        mustHold(!conversion.incomplete, "\(what): the temporary file could not be read back")
        switch format {
        case .ics: ReadBack.read(output, name: "converted.ics")
        case .jcal:
            JSONCheck.require(output, what)
            ReadBack.read(output, name: "converted.jcal")
        case .eventsJSON:
            JSONCheck.require(output, what)
            ReadBack.require(output, name: "converted.json", what)
        case .csv: break
        }
    }
}
