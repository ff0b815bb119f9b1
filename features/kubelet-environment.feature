Feature: A container's environment as upstream's kubelet tests have it
  The kubelet expands `$(VAR)` in a variable's value against the variables declared before it and
  the Service variables: `$$` is a literal `$`, an undefined or malformed reference stays as
  written, and nothing else (`$VAR`, `${VAR}`, a backslash) is special. Every Service with a
  cluster IP gives NAME_SERVICE_HOST, NAME_SERVICE_PORT (and one per named port) and the
  Docker-link variables NAME_PORT, NAME_PORT_<port>_<PROTO> with _PROTO, _PORT and _ADDR; a
  headless Service or one without an IP gives none. These are the cases of
  third_party/forked/golang/expansion/expand_test.go and pkg/kubelet/envvars/envvars_test.go
  (Kubernetes v1.32), run on the model's functions (steps/fixtures/upstream/kubelet-env.json).

  @KL01
  Scenario: `$(VAR)` references are expanded, escaped or left as written (TestMapping, TestMappingDual)
    Then every case of upstream's kubelet table expansion holds on the model

  @KL01
  Scenario: A variable refers to one declared before it, which refers to another (TestMapReference)
    Then every case of upstream's kubelet table mapReference holds on the model

  @KL02
  Scenario: The Service variables of Services with a cluster IP, none for headless ones (TestFromServices)
    Then every case of upstream's kubelet table fromServices holds on the model

  @KL05
  Scenario: A container's variables from env, envFrom, the downward API and the Service cache (TestMakeEnvironmentVariables)
    Then every case of upstream's kubelet table makeEnvironment holds on the model
