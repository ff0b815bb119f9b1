/**
 * What a kind node reports about itself: the node image's OS, the Docker host's kernel, and
 * the versions of the node agents (kindest/node:v1.32.2).
 */
export const NODE_OS = {
  osImage: 'Debian GNU/Linux 12 (bookworm)',
  kernelVersion: '6.8.0-49-generic',
  operatingSystem: 'linux',
  architecture: 'amd64',
  kubeletVersion: 'v1.32.2',
  containerdVersion: '1.7.24',
  /** The pause image the kubelet's --pod-infra-container-image names. */
  pauseImage: 'registry.k8s.io/pause:3.10',
} as const;
