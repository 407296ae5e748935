import MenagerieUpstreams

extension ServeConfiguration {
    /// The upstream configuration `menagerie serve` asked for: each upstream embedded or live
    /// at its URL; timeouts and retries from `MENAGERIE_UPSTREAM_TIMEOUT` / `MENAGERIE_UPSTREAM_RETRIES`;
    /// The Dog API key from `MENAGERIE_THEDOGAPI_KEY` or `THE_DOG_API_KEY`.
    func upstreamsConfiguration(environment: (String) -> String?) -> UpstreamsConfiguration {
        var variables: [String: String] = [:]
        for name in ["THE_DOG_API_KEY", "MENAGERIE_UPSTREAM_TIMEOUT", "MENAGERIE_UPSTREAM_RETRIES"] {
            if let value = environment(name) { variables[name] = value }
        }
        var configuration = UpstreamsConfiguration.fromEnvironment(variables, defaultMode: .embedded)
        for (upstream, setting) in [(UpstreamID.dogCEO, dogCEO), (.theDogAPI, theDogAPI), (.zoo, zoo), (.dnd5e, dnd)] {
            configuration.baseURLs[upstream] = setting.baseURL
            configuration.modes[upstream] = setting.mode == .live ? .live : .embedded
        }
        if let key = theDogAPIKey, let apiKey = APIKey(key) { configuration.theDogAPIKey = apiKey }
        return configuration
    }
}
