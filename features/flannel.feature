Feature: Flannel connects the nodes' Pod subnets with VXLAN
  Flannel runs as a DaemonSet on the node's network. Each node gets a /24 of 10.244.0.0/16
  (its spec.podCIDR); flanneld creates flannel.1, announces its VTEP on its Node, and routes
  every other node's /24 through flannel.1. The bridge plugin puts each Pod on cni0.

  Background:
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: pod-a
        labels:
          app: pod-a
      spec:
        nodeName: k8s-worker-1
        containers:
        - name: nginx
          image: nginx
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: pod-b
        labels:
          app: pod-b
      spec:
        nodeName: k8s-worker-2
        containers:
        - name: nginx
          image: nginx
      """
    And 30s pass

  @C21
  Scenario: Each node has a flannel.1 VXLAN device and a cni0 bridge
    When I run `on k8s-worker-1 ip addr`
    Then the output contains "flannel.1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UNKNOWN group default qlen 1000"
    And the output contains "    inet 10.244.1.0/32 scope global flannel.1"
    And the output contains "cni0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UP group default qlen 1000"
    And the output contains "    inet 10.244.1.1/24 scope global cni0"
    And the output contains "    inet 172.18.0.3/16 brd 172.18.255.255 scope global eth0"
    When I run `kubectl describe node k8s-worker-1`
    Then the output contains "flannel.alpha.coreos.com/backend-type: vxlan"
    And the output contains "flannel.alpha.coreos.com/public-ip: 172.18.0.3"

  @C22
  Scenario Outline: A node routes its own /24 to cni0 and the others' through flannel.1
    When I run `on <node> route -n`
    Then the output is:
      """
      Kernel IP routing table
      Destination     Gateway         Genmask         Flags Metric Ref    Use Iface
      0.0.0.0         172.18.0.1      0.0.0.0         UG    0      0        0 eth0
      <subnet 0>
      <subnet 1>
      <subnet 2>
      172.18.0.0      0.0.0.0         255.255.0.0     U     0      0        0 eth0
      """

    Examples:
      | node         | subnet 0                                                                  | subnet 1                                                                  | subnet 2                                                                  |
      | k8s-master   | 10.244.0.0      0.0.0.0         255.255.255.0   U     0      0        0 cni0      | 10.244.1.0      10.244.1.0      255.255.255.0   UG    0      0        0 flannel.1 | 10.244.2.0      10.244.2.0      255.255.255.0   UG    0      0        0 flannel.1 |
      | k8s-worker-1 | 10.244.0.0      10.244.0.0      255.255.255.0   UG    0      0        0 flannel.1 | 10.244.1.0      0.0.0.0         255.255.255.0   U     0      0        0 cni0      | 10.244.2.0      10.244.2.0      255.255.255.0   UG    0      0        0 flannel.1 |
      | k8s-worker-2 | 10.244.0.0      10.244.0.0      255.255.255.0   UG    0      0        0 flannel.1 | 10.244.1.0      10.244.1.0      255.255.255.0   UG    0      0        0 flannel.1 | 10.244.2.0      0.0.0.0         255.255.255.0   U     0      0        0 cni0      |

  @C22
  Scenario: ip route shows the same table with iproute2's words
    When I run `on k8s-worker-1 ip route`
    Then the output is:
      """
      default via 172.18.0.1 dev eth0 
      10.244.0.0/24 via 10.244.0.0 dev flannel.1 onlink 
      10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1 
      10.244.2.0/24 via 10.244.2.0 dev flannel.1 onlink 
      172.18.0.0/16 dev eth0 proto kernel scope link src 172.18.0.3 
      """

  @C23
  Scenario: A packet from a Pod on one node to a Pod on another, hop by hop
    When I trace a connection on "k8s-worker-1" from the pod labelled "app=pod-a" to the pod labelled "app=pod-b" on "k8s-worker-2" port 80
    Then the output lines match:
      """
       1  k8s-worker-1  pod default/pod-a: (10\.244\.1\.\d+):\d+ -> (10\.244\.2\.\d+):80 \(tcp\)
       2  k8s-worker-1  pod default/pod-a: route 10\.244\.0\.0/16 via 10\.244\.1\.1 dev eth0
       3  k8s-worker-1  pod default/pod-a: eth0 -> veth[0-9a-f]{8} -> cni0
       4  k8s-worker-1  nat PREROUTING: PREROUTING -> KUBE-SERVICES
       5  k8s-worker-1  route 10\.244\.2\.\d+: 10\.244\.2\.0/24 via 10\.244\.2\.0 dev flannel\.1 onlink
       6  k8s-worker-1  nat POSTROUTING: .*FLANNEL-POSTRTG -> RETURN
       7  k8s-worker-1  flannel\.1: VXLAN encapsulation \(VNI 1, inner dst MAC [0-9a-f:]{17}\), outer UDP 172\.18\.0\.3 -> 172\.18\.0\.4:8472
       8  k8s-worker-1  eth0 -> the wire -> k8s-worker-2
       9  k8s-worker-2  eth0: UDP 8472 -> flannel\.1: VXLAN decapsulation, inner 10\.244\.1\.\d+ -> 10\.244\.2\.\d+:80
      10  k8s-worker-2  nat PREROUTING: PREROUTING -> KUBE-SERVICES
      11  k8s-worker-2  route 10\.244\.2\.\d+: 10\.244\.2\.0/24 dev cni0 proto kernel scope link src 10\.244\.2\.1
      12  k8s-worker-2  nat POSTROUTING: .*FLANNEL-POSTRTG -> RETURN
      13  k8s-worker-2  cni0 -> veth[0-9a-f]{8} -> pod default/pod-b eth0 10\.244\.2\.\d+
      14  k8s-worker-2  pod default/pod-b: nginx \(pod-b\) accepts on 10\.244\.2\.\d+:80
      result: connected to 10\.244\.2\.\d+:80
      """
