import Foundation

/// Journal lines and snapshot chunks put together from parts the encoder wrote and records
/// written directly (`writeSortedKeyJSON`), for the store's and the backend's ledgers alike.
package enum JournalLineWriter {
    /// `{"change":` + `changeUpToRecords` (ending in `"upserts":[`) + the records, comma-separated,
    /// + `]},"seq":N}`: what `JSONEncoder` with `.sortedKeys` writes when `upserts` is the change's
    /// last key.
    package static func line<Record>(seq: Int, changeUpToRecords: some Sequence<UInt8>, records: [Record],
                             write: (Record, inout JSONBytes) -> Void) -> Data {
        var out = JSONBytes()
        out.bytes.append(contentsOf: #"{"change":"#.utf8)
        out.bytes.append(contentsOf: changeUpToRecords)
        for (index, record) in records.enumerated() {
            if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
            write(record, &out)
        }
        out.bytes.append(contentsOf: #"]},"seq":"#.utf8)
        out.bytes.append(contentsOf: String(seq).utf8)
        out.bytes.append(UInt8(ascii: "}"))
        return Data(out.bytes)
    }

    /// Hands `out`'s bytes to `write` once they pass a few kilobytes, so a snapshot is never whole
    /// in memory; `final` hands over whatever is left.
    package static func flush(_ out: inout JSONBytes, to write: (Data) throws -> Void, final: Bool = false) throws {
        guard final || out.bytes.count >= 6 << 10 else { return }
        try write(Data(out.bytes))
        out.bytes.removeAll(keepingCapacity: true)
    }
}
