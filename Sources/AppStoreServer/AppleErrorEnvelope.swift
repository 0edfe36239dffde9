import Hummingbird

/// A path or method `serve` has no route for is answered in Apple's error envelope
/// (`{"errorCode", "errorMessage"}`), not an empty 404: Apple documents no code for a path it does
/// not serve, so the code is `GeneralBadRequestError` (4000000) with the HTTP status 404 or 405.
struct AppleErrorEnvelope<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            let what = error.status == .notFound ? "no such endpoint" : "method not allowed"
            return AppStoreHTTPServer.response(.appleError(Int(error.status.code), code: 4000000,
                "\(request.method) \(request.uri.path): \(what) in the App Store Server API PaywallSim serves (docs/backend.md lists them)"))
        }
    }
}
