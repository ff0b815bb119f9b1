import type { Process } from '../sim/process';
import type { UnitSpec } from './systemd';

/** kind's kubelet.service with kubeadm's drop-in (10-kubeadm.conf) and kind's (11-kind.conf): Restart=always, RestartSec=1s. */
export function kubeletUnit(start: () => Process): UnitSpec {
  return {
    name: 'kubelet',
    description: 'kubelet: The Kubernetes Node Agent',
    fragmentPath: '/etc/systemd/system/kubelet.service',
    dropIns: { dir: '/etc/systemd/system/kubelet.service.d', files: ['10-kubeadm.conf', '11-kind.conf'] },
    docs: 'http://kubernetes.io/docs/',
    cgroup: '/kubelet.slice/kubelet.service',
    restartSec: 1000,
    start,
  };
}

/** containerd.service as the node image ships it (Restart=always, RestartSec=5, KillMode=process). */
export function containerdUnit(start: () => Process): UnitSpec {
  return {
    name: 'containerd',
    description: 'containerd container runtime',
    fragmentPath: '/etc/systemd/system/containerd.service',
    docs: 'https://containerd.io',
    cgroup: '/system.slice/containerd.service',
    restartSec: 5000,
    start,
  };
}

/** crio.service as CRI-O's packages install it. */
export function crioUnit(start: () => Process): UnitSpec {
  return {
    name: 'crio',
    description: 'Container Runtime Interface for OCI (CRI-O)',
    fragmentPath: '/usr/lib/systemd/system/crio.service',
    docs: 'https://github.com/cri-o/cri-o',
    cgroup: '/system.slice/crio.service',
    restartSec: 5000,
    start,
  };
}
