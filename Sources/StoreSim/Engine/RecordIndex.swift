/// Where each transaction added since the record archive's seal sits in the ledger's records, by
/// id, and which subscription groups the customer ever bought in: kept up as records are appended,
/// so a lookup costs the same on a state with ten transactions or a hundred thousand. Sealed
/// records are found by the archive's own index.
///
/// Records are only appended or replaced in place; a ledger replaced as a whole (another process's
/// save folded in, a reset) calls `invalidate()`. A stale position is never trusted: a lookup
/// checks the id it finds and rebuilds the index when it differs.
struct RecordIndex {
    private var positions: [String: Int] = [:]
    private var groups: Set<String> = []
    /// How many of the records (from the first) are indexed or sealed.
    private var indexed = 0

    /// Forgets everything (the records were replaced as a whole).
    mutating func invalidate() {
        positions.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        indexed = 0
    }

    /// The position of the (last) record with `id`, or nil when there is none.
    mutating func position(of id: String, in records: RecordList) -> Int? {
        catchUp(with: records)
        if let at = positions[id], at < records.count, records[at].payload.transactionId == id { return at }
        if let at = records.archive?.position(ofID: id), !positions.keys.contains(id) { return at }
        // Not indexed as it is: rebuild once (records replaced without `invalidate()`), then trust the answer.
        invalidate()
        catchUp(with: records)
        return positions[id] ?? records.archive?.position(ofID: id)
    }

    /// Whether any record belongs to the subscription group `groupID`.
    mutating func hasGroup(_ groupID: String, in records: RecordList) -> Bool {
        catchUp(with: records)
        return groups.contains(groupID) || records.sealedGroups.contains(groupID)
    }

    private mutating func catchUp(with records: RecordList) {
        if indexed > records.count { invalidate() }
        indexed = max(indexed, records.sealedCount)
        while indexed < records.count {
            let payload = records.appended[indexed - records.sealedCount].payload
            positions[payload.transactionId] = indexed
            if let group = payload.subscriptionGroupIdentifier { groups.insert(group) }
            indexed += 1
        }
    }
}
