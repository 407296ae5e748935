import Clocks

extension UpstreamPipeline {
    /// One logical call: the breaker's permission, then attempts with retries.
    ///
    /// The breaker judges the call once, by its final outcome (its retries count once).
    /// A 3xx answer is a redirect the transport did not follow (another origin, or
    /// https → http): ``UpstreamError/Kind/badResponse``.
    func exchange(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        guard let permit = breaker.allowCall() else {
            counters.update { $0.breakerRejections += 1 }
            let error = UpstreamError(
                upstream: upstream, kind: .unavailable,
                message: "Upstream \(upstream) is unavailable (circuit open after repeated failures).")
            counters.recordError(error)
            throw error
        }
        let outcome: CallOutcome
        do {
            outcome = try await attempts(request)
        } catch let error as UpstreamError {
            if error.kind == .badResponse { breaker.recordNeutral(permit) } else { breaker.recordFailure(permit) }
            throw error
        } catch {
            breaker.release(permit)
            throw error
        }
        switch outcome {
        case .success(let response):
            breaker.recordSuccess(permit)
            return response
        case .failure(let response):
            breaker.recordFailure(permit)
            return response
        case .neutral(let response):
            breaker.recordNeutral(permit)
            if (300..<400).contains(response.status) {
                throw badResponse(
                    "a redirect (HTTP \(response.status)) to another origin or from https to http, not followed")
            }
            return response
        }
    }

    /// How a call ended, for the breaker.
    enum CallOutcome {
        case success(UpstreamResponse)
        case failure(UpstreamResponse)
        case neutral(UpstreamResponse)
    }

    /// The attempts of one call, with retries; throws ``UpstreamError`` when no usable
    /// answer arrived (or `CancellationError`).
    private func attempts(_ request: UpstreamRequest) async throws -> CallOutcome {
        var attempt = 0
        while true {
            attempt += 1
            try await waitForPace()
            counters.update { $0.requests += 1 }
            let started = clock.now()
            let transport = self.transport
            do {
                // On expiry: `timedOut` at once, the exchange cancelled and not waited for.
                let response = try await watchdog.race(
                    { try await transport.send(request) }, expired: { TransportError.timedOut })
                let elapsed = clock.now() - started
                counters.update {
                    $0.responses += 1
                    $0.observeLatency(elapsed)
                }
                if response.body.count > settings.maxResponseBytes {
                    throw badResponse("the response is larger than \(settings.maxResponseBytes) bytes")
                }
                if response.isTransientFailure {
                    let retryAfter = RetryPolicy.retryAfter(response.header("retry-after"), now: wallClock.now())
                    if response.status == 429, let retryAfter { pace.pause(for: retryAfter) }
                    if try await mayRetry(request, attempt: attempt, retryAfter: retryAfter) { continue }
                    return .failure(response)
                }
                if response.isSuccess {
                    budget.deposit()
                    return .success(response)
                }
                return .neutral(response)
            } catch let error as TransportError {
                let elapsed = clock.now() - started
                counters.update { $0.observeLatency(elapsed) }
                if error == .timedOut {
                    let failure = UpstreamError(
                        upstream: upstream, kind: .timeout,
                        message: "Upstream \(upstream) did not answer within \(settings.timeout.secondsText) s.")
                    counters.recordError(failure)
                    throw failure
                }
                if try await mayRetry(request, attempt: attempt, retryAfter: nil) { continue }
                throw unreachable()
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as UpstreamError {
                throw error
            } catch {
                throw unreachable()
            }
        }
    }

    /// Waits for the send's turn (``UpstreamSettings/rate``, a `Retry-After` pause); throws
    /// ``UpstreamError/Kind/unavailable`` at once when the turn is further away than the timeout.
    private func waitForPace() async throws {
        guard let wait = pace.reserve(maxWait: settings.timeout) else {
            counters.update { $0.rateRefusals += 1 }
            let error = UpstreamError(
                upstream: upstream, kind: .unavailable,
                message: "Upstream \(upstream) was not asked: its request rate is at its limit.")
            counters.recordError(error)
            throw error
        }
        guard wait > .zero else { return }
        counters.update { $0.rateWaits += 1 }
        try await Task.sleep(for: wait)
    }

    private func unreachable() -> UpstreamError {
        let failure = UpstreamError(
            upstream: upstream, kind: .unavailable, message: "Upstream \(upstream) could not be reached.")
        counters.recordError(failure)
        return failure
    }

    /// Waits before a retry and returns true, or returns false when no retry is allowed.
    private func mayRetry(_ request: UpstreamRequest, attempt: Int, retryAfter: Duration?) async throws -> Bool {
        guard request.isIdempotent, attempt < settings.retry.maxAttempts,
            let delay = settings.retry.delay(beforeRetry: attempt, retryAfter: retryAfter),
            budget.tryWithdraw()
        else { return false }
        counters.update { $0.retries += 1 }
        if delay > .zero { try await Task.sleep(for: delay) }
        return true
    }
}
