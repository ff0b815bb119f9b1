/**
 * GET /version: kube-apiserver's version.Info for the cluster's Kubernetes version, with the
 * build facts of the v1.32.2 release binary (commit, build date, Go version) that kind runs.
 */
export function versionInfo(kubernetesVersion: string): Record<string, string> {
  const [major, minor] = kubernetesVersion.replace(/^v/, '').split('.');
  return {
    major,
    minor,
    gitVersion: kubernetesVersion,
    gitCommit: '67a30c0adcf52bd3f56ff0893ce19966be12991f',
    gitTreeState: 'clean',
    buildDate: '2025-02-12T21:19:47Z',
    goVersion: 'go1.23.6',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}
