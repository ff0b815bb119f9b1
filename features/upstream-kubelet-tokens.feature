Feature: The kubelet's ServiceAccount token manager as upstream's token_manager_test.go has it
  The kubelet asks the TokenRequest API for a projected serviceAccountToken (bound to the Pod, for
  the source's audience, or none, and expirationSeconds, 3600 by default) and caches it by
  ServiceAccount, namespace, audiences, expirationSeconds and bound Pod. It asks again once the
  token is older than a day or within 20% of its life of expiring; a refresh that fails keeps the
  old token until it has expired, then the error names the cache key; with no token yet it is
  "failed to fetch token". These are the cases of pkg/kubelet/token/token_manager_test.go
  (TestTokenCachingAndExpiration, TestRequiresRefresh, TestKeyFunc; Kubernetes v1.32) and of the
  request pkg/volume/projected's collectData makes, with rows of our own beside them, run on the
  model's serviceAccountToken (steps/fixtures/upstream/kubelet-tokens.json). Upstream refreshes up
  to 10 s earlier at random (jitter); the rows stay 11 s or more from each threshold.

  @KL26
  Scenario: A token cached, refreshed in the last 20% of its life or after a day, kept while a refresh fails (TestTokenCachingAndExpiration)
    Then every case of upstream's kubelet table tokenCaching holds on the model

  @KL26
  Scenario: When a token needs a refresh (TestRequiresRefresh)
    Then every case of upstream's kubelet table requiresRefresh holds on the model

  @KL26
  Scenario: What the cache tells apart (TestKeyFunc)
    Then every case of upstream's kubelet table keyFunc holds on the model

  @KL26
  Scenario: The TokenRequest the kubelet makes for a projected serviceAccountToken source (collectData)
    Then every case of upstream's kubelet table tokenRequest holds on the model
