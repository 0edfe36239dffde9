// Writes the `name_ko` and `name_zh_Hans` columns of storefronts.tsv: each storefront's region
// name in Korean and Simplified Chinese, the deck's other languages, from CLDR as Foundation's
// ICU gives it (`Locale.localizedString(forRegionCode:)`). Run from the repository's root:
//     swift Scripts/data/storefront_names.swift
// then `swift run embed-resources`. The names are kept in the file, so a build never depends on
// the ICU of the machine it runs on.
import Foundation

let path = "Scripts/data/storefronts.tsv"
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("\(path): cannot read it") }
let languages = ["ko", "zh-Hans"]
var lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
let base = ["alpha3", "alpha2", "storefront_id", "currency", "locale", "name"]
guard Array(lines[0].prefix(6)) == base else { fatalError("\(path):1: expected the header \(base.joined(separator: " TAB "))") }
lines[0] = base + languages.map { "name_" + $0.replacingOccurrences(of: "-", with: "_") }
for index in lines.indices.dropFirst() {
    let alpha2 = lines[index][1]
    let names = languages.map { Locale(identifier: $0).localizedString(forRegionCode: alpha2) ?? lines[index][5] }
    lines[index] = Array(lines[index].prefix(6)) + names
}
try lines.map { $0.joined(separator: "\t") }.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
print("\(path): \(lines.count - 1) storefronts named in \(languages.joined(separator: ", "))")
