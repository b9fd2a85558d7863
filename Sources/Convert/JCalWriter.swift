// Placeholder until the jCal branch lands (it brings the real writer);
// `convert --format jcal` is refused by the command line meanwhile.
import ICal

package enum JCalWriter {
    static func calendarHead(_ properties: [StoredProperty], to out: inout ByteWriter) {}
    static func component(_ component: StoredComponent, to out: inout ByteWriter) {}
    static func calendarTail(to out: inout ByteWriter) {}
}
