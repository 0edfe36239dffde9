import Foundation
import PaywallFoundation
import StoreSim
import PaywallScreens
import TerminalKit

/// Parses one line of a tape into a step, recording errors instead of stopping.
struct TapeLineParser {
    var scanner: TapeLineScanner
    var errors: [TapeError] = []
    /// The longest `Key … COUNT` a tape may ask for.
    static let maximumKeyCount = 10_000

    init(_ text: Substring, file: String, line: Int) {
        scanner = TapeLineScanner(text, file: file, line: line)
    }

    var file: String { scanner.file }

    /// The step on this line, nil for a blank or comment line or when the line has errors.
    mutating func parse() -> TapeStep? {
        guard let name = scanner.word() else { return nil }
        let location = TapeLocation(file: file, line: scanner.line, column: name.column)
        guard let command = command(named: name) else { return nil }
        guard expectEnd(after: scanner.consumedText(from: name.column - 1)) else { return nil }
        return TapeStep(command: command, location: location, text: scanner.consumedText(from: name.column - 1))
    }

    private mutating func command(named name: TapeToken) -> TapeCommand? {
        switch name.text {
        case "Set": return setCommand()
        case "Key": return keyCommand()
        case "Type":
            return quoted(after: "Type", expected: "a quoted string like \"hello\"").map { .type($0.text) }
        case "Sleep":
            return duration(after: "Sleep").map { .sleep(milliseconds: $0) }
        case "Wait": return waitCommand()
        case "Expect": return matcher(after: "Expect").map { .expect($0) }
        case "ExpectNot": return matcher(after: "ExpectNot").map { .expectNot($0) }
        case "ExpectState":
            return oneOf(TapeVocabulary.flowStates, after: "ExpectState", what: "flow state").map { .expectState($0) }
        case "ExpectEntitled":
            return flag(after: "ExpectEntitled", yes: "yes", no: "no").map { .expectEntitled($0) }
        case "ExpectEvent", "ExpectNotEvent":
            guard let event = argument(after: name.text, expected: "an analytics event name like paywall_view") else { return nil }
            guard let properties = eventProperties(after: "\(name.text) \(event.text)") else { return nil }
            return name.text == "ExpectEvent" ? .expectEvent(event.text, properties: properties) : .expectNotEvent(event.text, properties: properties)
        case "Matrix":
            var words: [TapeToken] = []
            while let next = scanner.peek(), next != "#", let word = scanner.word() { words.append(word) }
            guard !words.isEmpty else {
                missing(after: "Matrix", expected: "KEY=V1,V2 words like locale=en,ko offer=A,B")
                return nil
            }
            switch TapeMatrix.parse(words.map(\.text)) {
            case .success(let matrix): return .matrix(matrix)
            case .failure(let problem):
                fail(at: words.first { $0.text == problem.word }?.column ?? name.column, problem.description)
                return nil
            }
        case "Hide": return .hide
        case "Show": return .show
        case "ExpectStatus":
            guard let group = argument(after: "ExpectStatus", expected: "a subscription group id of the catalog, such as premium") else { return nil }
            return oneOf(TapeVocabulary.subscriptionStates, after: "ExpectStatus \(group.text)", what: "subscription state")
                .map { .expectStatus(group: group.text, state: $0) }
        case "ExpectQuota":
            return number(after: "ExpectQuota", range: 0...1_000_000, what: "a number of messages").map { .expectQuota($0) }
        case "Store": return storeCommand()
        case "ExpectStoreError":
            guard let word = oneOf(TapeVocabulary.storeRefusals, after: "ExpectStoreError", what: "store error"),
                  let error = StoreErrorName(word) else { return nil }
            guard case let .store(command)? = storeCommand(after: "ExpectStoreError \(word)") else { return nil }
            return .expectStoreError(error: error, command: command)
        case "Relaunch": return .relaunch
        case "Snapshot": return snapshotCommand()
        case "Screenshot": return screenshotCommand()
        case "Output": return outputCommand()
        case "Include":
            return argument(after: "Include", expected: "a tape path like common/setup.tape")
                .map { .include(path: TapePaths.resolve($0.text, relativeTo: file)) }
        case let word where word.hasPrefix("Type@"):
            let speed = String(word.dropFirst(5))
            if let problem = SimDuration.problem(speed) {
                fail(at: name.column + 5, "bad typing speed '\(speed)' in '\(word)', \(problem)")
                return nil
            }
            return quoted(after: word, expected: "a quoted string like \"hello\"").map { .typeAtSpeed($0.text, milliseconds: SimDuration.parse(speed) ?? 0) }
        default:
            let location = TapeLocation(file: file, line: scanner.line, column: name.column)
            // VHS writes keys as commands (`Enter`, `Ctrl+C`, `Down 3`): here a key is `Key NAME`.
            let vhsKey = (name.text.count > 1 ? Key(name: name.text) : nil).map { _ in " (did you mean `Key \(name.text)`? keys are pressed with Key)" }
            errors.append(TapeError(location, "unknown command '\(name.text)'"
                + (vhsKey ?? TapeVocabulary.didYouMean(name.text, in: TapeVocabulary.commands))
                + ", expected one of " + TapeVocabulary.commands.joined(separator: " ")))
            scanner.skipToEnd()
            return nil
        }
    }

    private mutating func keyCommand() -> TapeCommand? {
        guard let token = argument(after: "Key", expected: "a key name like Enter, Down, Ctrl+C or q") else { return nil }
        guard let key = Key(name: token.text), key != .resize else {
            let names = Key.namedKeys.keys.sorted()
            fail(at: token.column, "unknown key name '\(token.text)'" + TapeVocabulary.didYouMean(token.text, in: names)
                + ", expected Enter Esc Tab Backspace Space Up Down Left Right Home End PageUp PageDown F1..F12"
                + " Ctrl+X or one character")
            return nil
        }
        guard scanner.peek() != nil else { return .key(key, count: 1) }
        guard let count = number(after: "Key \(token.text)", range: 1...Self.maximumKeyCount, what: "a repeat count")
        else { return nil }
        return .key(key, count: count)
    }

    private mutating func waitCommand() -> TapeCommand? {
        guard let target = matcher(after: "Wait") else { return nil }
        guard scanner.peek() != nil else { return .wait(target, timeoutMilliseconds: 10_000) }
        return duration(after: "Wait \(target)").map { .wait(target, timeoutMilliseconds: $0) }
    }

    /// `Store NAME [ARGS]`: up to six words (`Store Refund yearly_59_99 appIssue`, `Store Buy
    /// monthly_14_99 offer=X renew=off`) read into a `StoreCommand`; arguments that say no command
    /// are an error at the wrong word (or at the end when one is missing), before anything runs.
    private mutating func storeCommand(after command: String = "Store") -> TapeCommand? {
        let actions = StoreControl.allCases.map(\.rawValue)
        guard let name = oneOf(actions, after: command, what: "store action"),
              let control = StoreControl(rawValue: name) else { return nil }
        var words: [TapeToken] = []
        while scanner.peek() != nil, words.count < 6 {
            guard let token = argument(after: "Store \(name)", expected: "a product, group, transaction or request id") else { return nil }
            words.append(token)
        }
        do {
            return .store(try StoreCommand(control, words: words.map(\.text)))
        } catch let refused as StoreArgumentError {
            let column = refused.word.flatMap { words.indices.contains($0) ? words[$0].column : nil } ?? scanner.here().column
            fail(at: column, refused.description)
            return nil
        } catch {
            fail(at: scanner.here().column, "\(error)")
            return nil
        }
    }

    private mutating func snapshotCommand() -> TapeCommand? {
        guard let token = argument(after: "Snapshot", expected: "a snapshot name like paywall-yearly") else { return nil }
        let allowed = token.text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
        }
        guard allowed, !token.text.hasPrefix("."), token.text.count <= 100 else {
            fail(at: token.column, "bad snapshot name '\(token.text)', expected letters, digits, - _ or ."
                + " (not starting with .), at most 100 characters")
            return nil
        }
        return .snapshot(token.text)
    }

    /// `Screenshot PATH.png|.svg`: where the screen is written, relative to the working directory (as VHS).
    private mutating func screenshotCommand() -> TapeCommand? {
        guard let token = argument(after: "Screenshot", expected: "a path like shots/paywall.png or paywall.svg") else { return nil }
        guard let path = outputPath(token, formats: [".png", ".svg"], what: "screenshot") else { return nil }
        return .screenshot(path)
    }

    /// `KEY=VALUE` words up to the end of the line (a value may be quoted: `plan="Yearly plan"`).
    private mutating func eventProperties(after command: String) -> [String: String]? {
        var properties: [String: String] = [:]
        while let next = scanner.peek(), next != "#" {
            guard let word = scanner.word() else { break }
            guard let equals = word.text.firstIndex(of: "="), equals != word.text.startIndex else {
                fail(at: word.column, "bad property '\(word.text)' after '\(command)', expected KEY=VALUE like plan=yearly_59_99")
                return nil
            }
            var value = String(word.text[word.text.index(after: equals)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            properties[String(word.text[..<equals])] = value
        }
        return properties
    }

    /// `Output PATH.gif|.svg|.cast|.txt`: where the recording is written, relative to the working directory (as VHS).
    private mutating func outputCommand() -> TapeCommand? {
        guard let token = argument(after: "Output", expected: "a path like out/demo.gif, demo.svg, demo.cast or demo.txt") else { return nil }
        guard let path = outputPath(token, formats: TapeRecording.allCases.map { "." + $0.rawValue }, what: "output") else { return nil }
        return .output(path)
    }

    /// A file path ending in one of `formats` (no control character, at most 1000 characters), or
    /// nil after an error naming what was expected.
    private mutating func outputPath(_ token: TapeToken, formats: [String], what: String) -> String? {
        let text = token.text
        let name = TapePaths.lastComponent(of: text)
        let clean = !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard clean, !text.hasSuffix("/"), formats.contains(where: { name.hasSuffix($0) && name.count > $0.count }), text.count <= 1000 else {
            let list = formats.count > 1 ? formats.dropLast().joined(separator: ", ") + " or " + (formats.last ?? "") : formats.joined()
            fail(at: token.column, "bad \(what) path '\(text)', expected a file path ending in \(list) (relative to the working directory), at most 1000 characters")
            return nil
        }
        return text
    }
}
