Feature: The PersistentVolume binder passes Kubernetes' own unit tests
  The PV controller reads a claim's or volume's class from the beta storage-class annotation, else
  storageClassName, and binds a claim that names no volume to the volume pre-bound to it (by name
  and namespace, and uid when the volume has one) or, unless its class waits for the first consumer,
  to the smallest Available volume of its class that fits its size, access modes, volume mode and
  selector, searching the volumes with the fewest access modes first; a claim that names its volume
  binds only when that volume is free and fits, and is Pending otherwise, with the reason. Binding
  writes the volume's claimRef (bound-by-controller when the volume did not name the claim) and
  phase Bound, then the claim's volumeName (bound-by-controller when the controller chose it) and
  bind-completed, and its status: Bound, the volume's access modes and, as it becomes Bound, its
  capacity. A claim whose binding completed is Lost when its volume is gone or another claim's; a
  claim with no volume is Pending with neither access modes nor capacity. A volume is Available
  unbound or only pre-bound, Bound when its claim names it, Released once the claim it was bound to
  is gone (asked of the API server before), and unbound again when its claim went to another volume.
  A provisioned volume whose claim went elsewhere is Released for its deleter when its reclaim
  policy is Delete. The controller syncs nothing before all its caches have synced, and what its
  resync of every claim would find (a claim's volume or class made later) is found when it comes.
  Upstream pins this in kubernetes v1.32's pkg/controller/volume/persistentvolume binder_test.go,
  delete_test.go, index_test.go and pv_controller_test.go, and in the storage helpers' tests; their
  rows, with the model's own for the paths they leave open, run here against the model's binder on
  a fake control plane (steps/fixtures/upstream/pv-binder.json says what was left out and why).

  @CT44
  Scenario Outline: One sync of a claim or a volume, as binder_test.go pins it: <table>
    Then every case of upstream's PV binder test <table> holds on the model

    Examples:
      | table           |
      | sync            |
      | syncBlockVolume |

  @CT44
  Scenario Outline: The whole controller binds, releases and loses, and undoes a racing binding, as <test> pins it
    Then every case of upstream's PV binder test <table> holds on the model

    Examples:
      | test                                       | table          |
      | binder_test.go's TestMultiSync             | multiSync      |
      | pv_controller_test.go's TestControllerSync | controllerSync |

  @CT44
  Scenario Outline: The volume a claim gets, as index_test.go pins findBestMatchForClaim: <table>
    Then every case of upstream's PV binder test <table> holds on the model

    Examples:
      | table           |
      | matchVolume     |
      | accessModes     |
      | preboundVolumes |
      | volumeModes     |
      | deletion        |
      | satisfy         |
      | delayed         |

  @CT44
  Scenario Outline: A claim's class, and whether its binding waits for the first consumer, as the storage helpers' tests pin them: <table>
    Then every case of upstream's PV binder test <table> holds on the model

    Examples:
      | table            |
      | delayBindingMode |
      | classOf          |
