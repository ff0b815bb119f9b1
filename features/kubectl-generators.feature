Feature: kubectl create and run generate what the real kubectl 1.32 generates

  The generators build the object on the client; with --dry-run=client the real kubectl and the
  model's kubectl print it byte for byte alike, in every output format, and fail alike on bad input.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @K10
  Scenario Outline: kubectl <line> prints what the real kubectl prints
    When I run `kubectl <line>` with the real kubectl and the model's kubectl
    Then both print the same output

    Examples:
      | line                                                              |
      | create serviceaccount sa1 --dry-run=client -o yaml                |
      | create serviceaccount sa1 --dry-run=client -o json                |
      | create sa sa1 --dry-run=client -o name                            |
      | create sa sa1 --dry-run=client                                    |
      | create sa sa1 -n foo --dry-run=client -o yaml                     |
      | create deployment web --image=nginx --dry-run=client -o yaml      |
      | create deployment web --image=nginx -n foo --dry-run=client -o json |
      | create namespace ns1 --dry-run=client -o json                     |

  @K11
  Scenario Outline: kubectl <line> fails as the real kubectl fails
    When I run `kubectl <line>` with the real kubectl and the model's kubectl
    Then both fail with the same error

    Examples:
      | line                                             |
      | create serviceaccount --dry-run=client           |
      | create serviceaccount a b --dry-run=client       |

  @K40
  Scenario Outline: kubectl create <line> builds the object the real kubectl builds
    When I run `kubectl create <line>` with the real kubectl and the model's kubectl
    Then both print the same output

    Examples:
      | line                                                                                                                  |
      | quota q --hard=pods=10,cpu=2000m,memory=1024Mi --scopes=BestEffort,NotTerminating --dry-run=client -o json           |
      | rolebinding rb --role=reader --user=alice --user=bob,carol --serviceaccount=ns1:sa1 --dry-run=client -o json          |
      | ingress web --rule=foo.com/api*=api:http,tls=cert --rule=foo.com/=web:80 --rule=bar.com/*=bar:80,tls --class=nginx --default-backend=def:80 --annotation=a=b=c --dry-run=client -o yaml |
      | role reader --verb=get,list --verb=get --resource=pods,deploy,rs.apps,pods/log --resource-name=a --dry-run=client -o yaml |
      | role reader --verb=* --verb=get --resource=* --dry-run=client -o json                                                 |
      | clusterrole reader --verb=get --resource=nodes --non-resource-url=/healthz --non-resource-url=/logs/* --dry-run=client -o yaml |
      | clusterrole agg --aggregation-rule=rbac.example.com/aggregate-to-view=true --dry-run=client -o json                   |

  @K41
  Scenario Outline: kubectl create <line> fails as the real kubectl fails
    When I run `kubectl create <line>` with the real kubectl and the model's kubectl
    Then both fail with the same error

    Examples:
      | line                                                                  |
      | quota q --hard=pods --dry-run=client                                  |
      | rolebinding rb --role=a --clusterrole=b --dry-run=client              |
      | role reader --verb=get --dry-run=client                               |
      | role reader --verb=use --resource=pods --dry-run=client               |
      | role reader --verb=get --resource=nosuchthing --dry-run=client        |
      | clusterrole c --verb=get --non-resource-url=healthz --dry-run=client  |
      | clusterrole c --verb=list --non-resource-url=/healthz --dry-run=client |
      | clusterrole c --verb=get --resource=pods --aggregation-rule=a=b --dry-run=client |
      | priorityclass high --value=abc --dry-run=client                       |

  @K41 @real-kubectl-1.32
  Scenario: kubectl create clusterrolebinding without --clusterrole fails in klog's words, as the real kubectl does
    When I run `kubectl create clusterrolebinding crb --dry-run=client` with the real kubectl and the model's kubectl
    Then both fail with the same error, masking:
      | mask | ^E\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ |
