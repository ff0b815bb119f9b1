Feature: kubectl's template printers (-o go-template, -o jsonpath) evaluate as the real kubectl 1.32's

  Go's text/template (with cli-runtime's functions) and client-go's util/jsonpath run on kubectl's
  own side: on an object read from a file with `label --local`, the model's kubectl must print the
  same bytes, and fail with the same words, as the real one.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS
    And the file "deploy.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: {app: web, tier: frontend}
        annotations: {note: "a <b> & c"}
      spec:
        replicas: 3
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
            - name: nginx
              image: nginx:1.27
              ports: [{containerPort: 80}, {containerPort: 443, name: https}]
              resources: {limits: {cpu: 500m}}
            - name: sidecar
              image: busybox:1.36
              command: [sleep, "3600"]
      status:
        ratio: 0.25
        big: 123456789
        empty: ""
        flag: false
      """

  @K42
  Scenario Outline: -o go-template=<template> prints what the real kubectl prints
    When I run `kubectl label --local -f deploy.yaml printed=yes -o go-template=<template>` with the real kubectl and the model's kubectl
    Then both print the same output

    Examples:
      | template |
      | '{{.metadata.name}}{{"\\n"}}' |
      | '{{range $i, $c := .spec.template.spec.containers}}{{$i}}:{{$c.name}}{{if $c.ports}} ports={{len $c.ports}}{{end}}{{"\\n"}}{{end}}' |
      | '{{.spec.replicas}} {{.status.ratio}} {{.status.big}} {{1e6}} {{2.0}} {{123}} {{.status.flag}} {{.status.empty}}' |
      | '{{with .metadata.annotations}}{{.note}} {{html .note}} {{js .note}} {{urlquery .note}}{{end}}' |
      | '{{range .spec.template.spec.containers}}{{if eq .name "sidecar"}}{{break}}{{end}}{{.name}}{{end}} {{range .spec.template.spec.containers}}{{if eq .name "nginx"}}{{continue}}{{end}}{{.name}}{{end}}' |

  @K43
  Scenario Outline: -o go-template=<template> fails as the real kubectl fails
    When I run `kubectl label --local -f deploy.yaml printed=yes -o go-template=<template> <flags>` with the real kubectl and the model's kubectl
    Then both fail with the same error

    Examples:
      | template                                | flags                               |
      | '{{.metadata.name'                      |                                     |
      | '{{.nothing}}'                          | --allow-missing-template-keys=false |
      | '{{if .kind}}x'                         |                                     |
      | '{{index .spec.template.spec.containers 5}}' |                                |

  @K47
  Scenario Outline: -o <output> prints what the real kubectl prints
    When I run `kubectl label --local -f deploy.yaml printed=yes -o <output>` with the real kubectl and the model's kubectl
    Then both print the same output

    Examples:
      | output |
      | jsonpath='{..image}' |
      | "jsonpath={.spec.template.spec.containers[0]['name','image']}" |
      | jsonpath='{.spec.template.spec.containers[?(@.name=="sidecar")].image}' |
      | jsonpath='{.status.ratio} {.status.big} {.status.flag} {.metadata.annotations}' |
      | jsonpath-as-json='{.spec.template.spec.containers[*].name}{.kind}' |

  @K48
  Scenario Outline: -o jsonpath=<template> fails as the real kubectl fails
    When I run `kubectl label --local -f deploy.yaml printed=yes -o jsonpath=<template> <flags>` with the real kubectl and the model's kubectl
    Then both fail with the same error

    Examples:
      | template                                       | flags                               |
      | '{.spec.template.spec.containers[5]}'          |                                     |
      | '{.nothing}'                                   | --allow-missing-template-keys=false |
      | '{.spec.template.spec.containers[0][name,image]}' |                                   |
