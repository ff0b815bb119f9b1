Feature: Server-side printing: the API server answers kubectl get with a Table
  kubectl get asks for `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`, and the API
  server's TableConvertor fills the columns (each kind's printer, as pkg/printers/internalversion
  defines it) and one row per object. kubectl only decorates and prints the Table, so every
  client that asks gets the same columns and cells: the model's kubectl and the real one alike.

  Background:
    Given a cluster
    And the file "nginx.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels:
            app: nginx
        template:
          metadata:
            labels:
              app: nginx
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes

  @H10
  Scenario: The Pods of the walkthrough as a Table: the Pod printer's columns, the wide ones at priority 1
    When I list the pods labelled "app=nginx" as a Table
    Then the answer is a meta.k8s.io/v1 Table at the current resourceVersion
    And the Table's columns are:
      | name            | type   | format | priority |
      | Name            | string | name   | 0        |
      | Ready           | string |        | 0        |
      | Status          | string |        | 0        |
      | Restarts        | string |        | 0        |
      | Age             | string |        | 0        |
      | IP              | string |        | 1        |
      | Node            | string |        | 1        |
      | Nominated Node  | string |        | 1        |
      | Readiness Gates | string |        | 1        |
    And the Table's "Name" column's description starts with "Name must be unique within a namespace."
    And the Table's "IP" column's description starts with "podIP address allocated to the pod."
    And the Table has 3 rows
    And each row of the Table holds, for the object it prints:
      | column          | cell             |
      | Name            | {.metadata.name} |
      | Ready           | "1/1"            |
      | Status          | "Running"        |
      | Restarts        | "0"              |
      | Age             | /^\d+s$/         |
      | IP              | {.status.podIP}  |
      | Node            | {.spec.nodeName} |
      | Nominated Node  | "<none>"         |
      | Readiness Gates | "<none>"         |
    And each row of the Table carries its object as PartialObjectMetadata

  @H11
  Scenario: A Deployment's counts are integer cells, its READY a string, its template in the wide columns
    When I get the deployments "nginx" as a Table
    Then the Table's columns are:
      | name       | type   | format | priority |
      | Name       | string | name   | 0        |
      | Ready      | string |        | 0        |
      | Up-to-date | string |        | 0        |
      | Available  | string |        | 0        |
      | Age        | string |        | 0        |
      | Containers | string |        | 1        |
      | Images     | string |        | 1        |
      | Selector   | string |        | 1        |
    And the Table has 1 row
    And each row of the Table holds, for the object it prints:
      | column     | cell        |
      | Name       | "nginx"     |
      | Ready      | "3/3"       |
      | Up-to-date | 3           |
      | Available  | 3           |
      | Age        | /^\d+s$/    |
      | Containers | "nginx"     |
      | Images     | "nginx"     |
      | Selector   | "app=nginx" |

  @H12
  Scenario Outline: Each row carries its object as the client asks: metadata (the default), whole, or not at all
    When I list the pods labelled "app=nginx" as a Table with includeObject=<include>
    Then the Table has 3 rows
    And each row of the Table carries <object>

    Examples:
      | include  | object                              |
      | Metadata | its object as PartialObjectMetadata |
      | Object   | its whole object                    |
      | None     | no object                           |

  @H12
  Scenario: An includeObject the server does not know is a bad request
    When I list the pods labelled "app=nginx" as a Table with includeObject=Everything
    Then the Table request fails with 400 BadRequest:
      """
      Unable to convert to Table as requested: includeObject: Invalid value: "Everything": must be 'Metadata', 'Object', 'None', or empty
      """

  @H13
  Scenario: A watch that asks for Tables gets one row per event, and the columns only once
    When I start watching the pods labelled "app=nginx" as a Table
    And I run `kubectl scale deployment nginx --replicas=4`
    And 30s passes
    Then the Table watch received at least 5 events, each a one-row Table of the object it is about
    And only the first event's Table has column definitions

  @H14
  Scenario: kubectl get prints the server's Table: upper-cased column names, priority 1 columns only with -o wide
    When I list the pods labelled "app=nginx" as a Table
    And I run `kubectl get pods -l app=nginx`
    Then the output's header is the Table's column names of priority 0, upper-cased
    And each line of the output below it holds the Table's cells of priority 0 for one row, in order
    When I run `kubectl get pods -l app=nginx -o wide`
    Then the output's header is the Table's column names of priority 1, upper-cased
    And each line of the output below it holds the Table's cells of priority 1 for one row, in order

  @H14
  Scenario: kubectl get prints a Deployment's integer cells as numbers
    When I get the deployments "nginx" as a Table
    And I run `kubectl get deployment nginx -o wide`
    Then the output's header is the Table's column names of priority 1, upper-cased
    And each line of the output below it holds the Table's cells of priority 1 for one row, in order
