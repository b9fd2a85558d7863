import AsyncHTTPClient
import Foundation
import RemoteCore

extension SubscriptionReader {
    /// One conditional GET and what it does to the entry: a 304 or the
    /// same bytes confirm the copy, a new calendar replaces it, anything
    /// else is a failure that leaves it as it was.
    func fetch(_ subscription: Subscription, _ entry: RemoteCache.Entry) async -> SubscriptionResult.Outcome {
        var record = entry.readRecord() ?? CacheRecord(printed: subscription.address.printed)
        let hasBody = entry.hasBody
        do {
            let credentials = try credentials(for: subscription)
            if let caFile = subscription.caFile, access(caFile, R_OK) != 0 {
                throw RemoteFailure.caFile("\(caFile): cannot be read (\(String(cString: strerror(errno))))")
            }
            var validators: [(String, String)] = []
            if hasBody, let etag = record.etag { validators.append(("If-None-Match", etag)) }
            if hasBody, let date = record.lastModified { validators.append(("If-Modified-Since", date)) }
            let client = Fetch.client(limits: limits, caFile: subscription.caFile, proxy: try proxies.proxy(for: subscription.address))
            var fetch = Fetch(client: client, limits: limits, source: subscription.name)
            let shown = progress.map { (progress: $0, number: $0.started(subscription.shownName)) }
            defer { if let shown { shown.progress.finished(shown.number) } }
            if let shown { fetch.received = { shown.progress.received(shown.number, bytes: $0) } }
            let fetched: Result<FetchedReply, RemoteFailure>
            do { fetched = .success(try await fetch.get(subscription.address, credentials: credentials, validators: validators,
                                                        bodyBeside: entry.body)) }
            catch { fetched = .failure(error) }
            try? await client.shutdown()
            let reply = try fetched.get()
            // A body not kept (the same bytes, or no calendar) goes at once.
            defer { reply.body?.discard() }
            let outcome = try keep(reply, subscription, entry, record: &record, hasBody: hasBody, loginSent: credentials != nil)
            record.lastError = nil
            record.lastErrorAt = nil
            try entry.write(record)
            return outcome
        } catch let failure as RemoteFailure {
            return .failed(failure)
        } catch {
            return .failed(Fetch.failure(error, limits: limits))
        }
    }

    /// What a reply does to the entry (its record updated in `record`).
    private func keep(_ reply: FetchedReply, _ subscription: Subscription, _ entry: RemoteCache.Entry,
                      record: inout CacheRecord, hasBody: Bool, loginSent: Bool) throws(RemoteFailure) -> SubscriptionResult.Outcome {
        let now = Date().timeIntervalSince1970
        switch reply.status {
        case 304 where hasBody:
            record.checked = now
            return .unchanged
        case 200:
            if let problem = ReplyContent.problem(head: reply.head, contentType: reply.contentType, bytes: reply.bytes) {
                throw .notCalendar(problem)
            }
            record.etag = reply.etag
            record.lastModified = reply.lastModified
            record.checked = now
            if hasBody && reply.sha256 == record.sha256 { return .unchanged }
            guard let body = reply.body else { throw .other("the reply's body was lost") }
            try body.commit(as: entry.body)
            record.sha256 = reply.sha256
            record.bytes = reply.bytes
            record.changed = now
            return .changed(bytes: reply.bytes, first: !hasBody)
        default:
            throw .status(reply.status, host: subscription.address.host, source: subscription.name, loginSent: loginSent)
        }
    }

    /// The credentials to send: the configured user with its
    /// password-command, else those written in the address, else the
    /// host's in `~/.netrc` (those only where they would not travel in
    /// clear text, since they were not given for this address).
    func credentials(for subscription: Subscription) throws(RemoteFailure) -> Credentials? {
        let address = subscription.address
        if let user = subscription.username ?? address.userInfo?.user {
            if let command = subscription.passwordCommand {
                let answer = passwords.answer(source: subscription.cacheKey, command: command) {
                    Result { () throws(RemoteFailure) in try Credentials.run(command: command, timeout: limits.passwordTimeout) }
                }
                return Credentials(user: user, password: try answer.get())
            }
            if let password = address.userInfo?.password, address.userInfo?.user == user {
                return Credentials(user: user, password: password)
            }
            if let netrc, let found = Credentials.netrc(at: netrc, host: address.host), found.user == user { return found }
            throw .passwordCommand("is not set, and ~/.netrc has no password for \(user) on \(address.host)")
        }
        guard address.isTLS || address.isLoopback, let netrc else { return nil }
        return Credentials.netrc(at: netrc, host: address.host)
    }
}
