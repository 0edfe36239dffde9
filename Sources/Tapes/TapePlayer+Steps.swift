import PaywallFoundation
import PaywallApp
import Foundation
import PaywallCore
import SimRuntime
import StoreSim
import PaywallScreens
import TerminalKit

extension TapePlayer {
    /// Runs one step; a failed expectation is recorded and the tape goes on.
    func run(_ step: TapeStep) {
        let command = step.command
        switch command {
        case .expect, .expectNot, .snapshot, .screenshot, .output, .expectState, .expectEntitled: break
        default: screenOfReadOnlySteps = nil
        }
        if settings.apply(command) {
            applyMidTape(command)
            return
        }
        guard let controller else {
            switch command {
            case .relaunch: launch()
            case .include, .sleep: break
            default:
                // Steps after a quit key would check nothing: fail them instead of passing silently.
                let place = quitAt.map { " at \($0)" } ?? ""
                fail(step, actual: "the app has quit (a quit key\(place)); add Relaunch before more steps")
            }
            return
        }
        let session = controller.session
        switch command {
        case let .key(key, count):
            for _ in 0..<max(count, 1) { press(key, cause: step.text) }
            if self.controller == nil, quitAt == nil { quitAt = step.location }
        case .type:
            for key in command.keys { press(key, cause: step.text, milliseconds: Self.typeMilliseconds, typed: true) }
            if self.controller == nil, quitAt == nil { quitAt = step.location }
        case let .typeAtSpeed(_, speed):
            let usual = settings.typingSpeedMilliseconds
            settings.typingSpeedMilliseconds = speed
            for key in command.keys { press(key, cause: step.text, milliseconds: Self.typeMilliseconds, typed: true) }
            settings.typingSpeedMilliseconds = usual
            if self.controller == nil, quitAt == nil { quitAt = step.location }
        case .hide:
            hidden = true
            hiddenAt = presentation
        case .show:
            // The hidden steps take no time in a recording: it goes on from where it was hidden.
            hidden = false
            presentation = hiddenAt ?? presentation
            hiddenAt = nil
            recordFrame(cause: step.text)
        case let .sleep(milliseconds):
            pass(milliseconds)
            presentation += min(milliseconds, Self.longestShownPause)
            recordFrame(cause: step.text)
        case let .wait(matcher, timeout):
            wait(for: matcher, timeout: timeout, step: step)
        case let .expect(matcher):
            let screen = screenTextForReadOnlyStep()
            if !matcher.matches(screen) { fail(step, actual: "not on screen", screen: screen) }
        case let .expectNot(matcher):
            let screen = screenTextForReadOnlyStep()
            if matcher.matches(screen) { fail(step, actual: "it is on screen", screen: screen) }
        case let .expectState(name):
            let actual = session.model.state.name
            if actual != name { fail(step, actual: "flow state \(actual)") }
        case let .expectEntitled(expected):
            let actual = session.model.entitlement.isPremium
            if actual != expected { fail(step, actual: actual ? "entitled (premium)" : "not entitled (free)") }
        case let .expectStatus(group, expected):
            controller.send(.storeLooked)
            let groups = session.store.catalog.groups.map(\.id)
            guard groups.contains(group) else {
                fail(step, actual: "the catalog has no subscription group \(group)\(Spelling.didYouMean(group, in: groups)); expected one of: \(groups.isEmpty ? "(none)" : groups.joined(separator: ", "))")
                break
            }
            let actual = session.store.subscriptionStatus(groupID: group)?.state.rawValue ?? "none"
            if actual != expected { fail(step, actual: "subscription group \(group) \(actual)") }
        case let .expectEvent(name, properties), let .expectNotEvent(name, properties):
            let events = session.analytics.events
            let matching = events.filter { event in event.name == name && properties.allSatisfy { event.properties[$0.key] == $0.value } }
            if case .expectEvent = command, matching.isEmpty {
                let named = events.filter { $0.name == name }
                let actual = named.isEmpty ? "events recorded: \(events.isEmpty ? "none" : events.map(\.name).joined(separator: ", "))"
                    : "\(name) recorded with " + named.map { TapeCommand.written($0.properties).dropFirst(6) }.map { $0.isEmpty ? "no properties" : String($0) }.joined(separator: "; ")
                fail(step, actual: actual)
            } else if case .expectNotEvent = command, let first = matching.first {
                fail(step, actual: "\(name) was recorded\(TapeCommand.written(first.properties))")
            }
        case let .expectQuota(expected):
            let left = session.model.messagesLeft(in: session.context)
            if left != expected { fail(step, actual: left.map { "\($0) free messages left" } ?? "unlimited (premium)") }
        case let .store(command):
            // Through the app's one reducer, as every input: the store acts, the app hears of it.
            switch perform(command) {
            case .done?:
                presentation += settings.typingSpeedMilliseconds
                if recordFrame(cause: step.text) { presentation += settings.pauseMilliseconds }
            case let outcome?:
                fail(step, actual: "the store refused: \(outcome.text)")
            case nil:
                fail(step, actual: "the store gave no answer")
            }
        case let .expectStoreError(expected, command):
            switch perform(command) {
            case .done?: fail(step, actual: "the store did it")
            case let outcome? where outcome.isRefusal(named: expected): break
            case let outcome?: fail(step, actual: "refused with: \(outcome.text)")
            case nil: fail(step, actual: "the store gave no answer")
            }
        case .relaunch:
            quitSession = nil
            launch()
        case let .screenshot(name):
            screenshot(name, step: step)
        case .output:
            break   // written when the tape ends (`write(_:step:)`)
        case .matrix:
            break   // `play` expanded it
        case let .snapshot(name):
            presentation += settings.pauseMilliseconds
            snapshot(name, step: step)
        case .include:
            break // flattened by the loader
        default:
            break // Set lines are handled above
        }
    }

    /// Presses a key; a quit key ends the app until a `Relaunch`. In a cast each key takes
    /// `Set TypingSpeed`, and a new screen a key (not a typed character) brought is held `Set Pause`.
    func press(_ key: Key, cause: String, milliseconds: Int64 = TapePlayer.keyMilliseconds, typed: Bool = false) {
        guard let driver else { return }
        presentation += settings.typingSpeedMilliseconds
        driver.resize(to: size)
        if !driver.press(key) {
            driver.finish()
            quitSession = driver.app.session
            quitAt = nil
            self.driver = nil
            var frame = RecordedFrame.screen("", at: elapsedMilliseconds, cause: "quit")
            frame.showMilliseconds = presentation
            frames.append(frame)
            return
        }
        pass(milliseconds)
        if recordFrame(cause: cause), !typed { presentation += settings.pauseMilliseconds }
    }

    /// Lets time pass until the screen matches, or fails after `timeout`.
    func wait(for matcher: TapeMatcher, timeout: Int64, step: TapeStep) {
        let deadline = elapsedMilliseconds + timeout
        var shown: Int64 = 0
        while true {
            let screen = screenText()
            if matcher.matches(screen) { return }
            if elapsedMilliseconds >= deadline {
                fail(step, actual: "not on screen after \(SimDuration.format(milliseconds: timeout))", screen: screen)
                return
            }
            let stepMilliseconds = min(Self.waitStepMilliseconds, deadline - elapsedMilliseconds)
            pass(stepMilliseconds)
            let showStep = min(stepMilliseconds, max(0, Self.longestShownPause - shown))
            shown += showStep
            presentation += showStep
            recordFrame(cause: step.text)
        }
    }

    /// Compares the screen with its golden (or writes it in update mode).
    /// `name` for this play: as written, or with a matrix combination's suffix before its extension
    /// (`paywall` → `paywall-ko-B`, `demo.svg` → `demo-ko-B.svg`).
    func variantName(_ name: String) -> String {
        guard let variant = options.variant else { return name }
        for format in [".svg", ".cast", ".txt", ".gif", ".png"] where name.hasSuffix(format) {
            return String(name.dropLast(format.count)) + "-" + variant + format
        }
        return name + "-" + variant
    }

    func snapshot(_ written: String, step: TapeStep) {
        let name = variantName(written)
        let screen = screenTextForReadOnlyStep()
        let store = GoldenStore.forTape(path: options.goldenTapePath ?? tape.file)
        let outcome = store.check(name: name, screen: screen, update: options.updateGoldens)
        if case .written = outcome { goldensWritten.append(store.path(for: name)) }
        if outcome.isFailure {
            failures.append(TapeFailure(step: step, expected: "the screen matches golden \(store.path(for: name))",
                                        actual: outcome.message, screen: screen))
        }
    }

    /// The screen as an image in the tape's theme (`Screenshot PATH.svg|.png`), written where the
    /// line says, or compared with the file there (`play --check`).
    func screenshot(_ written: String, step: TapeStep) {
        guard let controller else { return }
        let url = outputURL(written)
        let title = "\(TapePaths.lastComponent(of: options.goldenTapePath ?? tape.file)) · \(url.lastPathComponent)"
        let grid = controller.render(size: size).grid
        let content: OutputFile.Content = url.pathExtension == "png"
            ? .bytes(PNGScreen.image(grid, theme: controller.theme))
            : .text(SVGScreen.document(grid, theme: controller.theme, title: title))
        deliver(OutputFile(url: url, content: content), what: "screenshot", step: step)
    }

    /// The whole recording (`Output PATH.gif|.svg|.cast|.txt`), written where the line says when the
    /// tape ends, or compared with the file there (`play --check`).
    func write(_ written: String, step: TapeStep) {
        let url = outputURL(written)
        let content = (TapeRecording(fileName: url.lastPathComponent) ?? .txt).content(frames, tape: tape, settings: settings)
        deliver(OutputFile(url: url, content: content), what: "recording", step: step)
    }

    /// A path of an `Output` or `Screenshot` line (named for a matrix combination) from the working directory.
    func outputURL(_ written: String) -> URL {
        let name = variantName(written)
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
        let base = options.workingDirectory ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: TapePaths.normalize(TapePaths.join(base, name)))
    }

    /// Writes or compares one file; a difference, a missing file or a failed write fails the step.
    func deliver(_ file: OutputFile, what: String, step: TapeStep) {
        let path = file.url.path
        let failure: String
        switch file.deliver(compare: options.compareFiles) {
        case .written: goldensWritten.append(path); return
        case .matched: return
        case .missing: failure = "\(what) \(path) is missing, run play without --check to write it"
        case .different(let detail): failure = "\(what) \(path) differs from what the tape plays \(detail)"
        case .failed(let reason): failure = "cannot write \(what) \(path): \(reason)"
        }
        failures.append(TapeFailure(step: step, expected: "the \(what) matches \(path)", actual: failure, screen: screenText()))
    }

    /// Sends a tape's `Store …` command to the app as an action and returns what the store said
    /// (nil: no app is running).
    func perform(_ command: StoreCommand) -> StoreOutcome? {
        guard let controller else { return nil }
        controller.send(.store(command))
        return controller.ui.lastStoreOutcome
    }

    /// A `Set` line after the first command: store and backend switches act at once, sizes and
    /// themes on the next frame, everything else at the next `Relaunch`.
    func applyMidTape(_ command: TapeCommand) {
        guard let controller else { return }
        switch command {
        case .setStoreAskToBuy, .setStoreFail, .setStoreUnverified, .setStoreTimeRate, .setStoreGracePeriod, .setStoreInterrupted, .setStoreDialogs, .setStoreError:
            controller.send(.storeSwitches(settings.inputs.switches))
        case let .setBackendUp(up):
            controller.send(.backend(up: up))
        case .setTheme:
            if let theme = try? inputs().resolve(workspace: workspace).theme { controller.theme = theme }
        case let .setNow(date):
            clock.set(date)
            controller.send(.storeLooked)
        default:
            break
        }
    }

    func fail(_ step: TapeStep, actual: String, screen: String? = nil) {
        failures.append(TapeFailure(step: step, expected: step.command.expectation ?? step.text, actual: actual,
                                    screen: screen ?? screenText()))
    }
}
