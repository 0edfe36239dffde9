import Foundation
import PaywallFoundation

/// Restore (three honest outcomes) and the chat screen with its daily limit.
extension FlowStep {
    mutating func restore() {
        guard model.inFlight == nil else { return }
        switch model.state {
        case .idle, .configReady, .purchasing: return
        default: break
        }
        model.inFlight = .restore
        model.notice = .restoring
        emit(.restore)
    }

    mutating func restoreCompleted(_ result: RestoreResult) {
        guard model.inFlight == .restore else { return }
        model.inFlight = nil
        switch result {
        case let .completed(entitlement) where entitlement.isPremium:
            model.entitlement = entitlement
            go(.purchased(entitlement: entitlement))
            model.retryTarget = nil
            model.notice = .restored
            track(.restoreSuccess)
            emit(.persist(.entitlement(entitlement)))
        case let .completed(entitlement):
            model.notice = .nothingToRestore
            track(.restoreFail(reason: "nothing_to_restore"))
            if entitlement != model.entitlement {
                model.entitlement = entitlement
                emit(.persist(.entitlement(entitlement)))
            }
        case .cancelled:
            model.notice = .restoreFailed(reason: "cancelled")
            track(.restoreFail(reason: "cancelled"))
        case let .failed(reason):
            model.notice = .restoreFailed(reason: reason)
            track(.restoreFail(reason: reason))
        }
    }

    mutating func sendMessage(_ text: String) {
        guard model.state == .chat else { return }
        let trimmed = TrimmedText.ofWhitespaceAndNewlines(text)
        guard !trimmed.isEmpty else { return }
        if model.entitlement.isPremium {
            appendExchange(trimmed)
            track(.messageSent(countToday: model.quota.usedToday(now: context.now, timeZone: context.timeZone)))
            return
        }
        let limit = model.config.dailyMessageLimit
        var quota = model.quota
        let allowed = quota.consume(now: context.now, timeZone: context.timeZone, limit: limit)
        let changed = quota != model.quota
        model.quota = quota
        if allowed {
            model.notice = nil
            appendExchange(trimmed)
            // The quota first: a kill between the two writes must never leave a sent message uncounted.
            emit(.persist(.quota(quota)))
            track(.messageSent(countToday: quota.used))
            return
        }
        if changed { emit(.persist(.quota(quota))) }
        track(.messageLimitReached(limit: limit))
        // The paywall's promise line says why it opened ("You've used today's 10 free messages"):
        // no second notice saying the same.
        presentPaywall(reason: .messageLimit, promiseKey: "paywall.promise.limit")
    }

    /// Appends the user's message and the next canned reply (`chat.reply.1` … `chat.reply.N`, cycling).
    private mutating func appendExchange(_ text: String) {
        let replies = model.transcript.filter { $0.author == .assistant }.count
        let count = max(1, model.config.cannedReplyCount)
        model.transcript.append(ChatMessage(author: .user, text: text))
        model.transcript.append(ChatMessage(author: .assistant, text: "chat.reply.\(replies % count + 1)"))
    }
}
