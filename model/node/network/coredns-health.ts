import type { Listener } from './namespace';

/**
 * CoreDNS's health (:8080/health) and ready (:8181/ready) plugins, which kubeadm's CoreDNS
 * Deployment probes: "OK" at their path, Go's http.NotFound elsewhere.
 */
export function corednsHealthListener(podName: string, path: '/health' | '/ready'): Listener {
  return {
    program: `coredns (${podName})`,
    http(p): { status: number; headers: Record<string, string>; body: string } {
      if (p === path) return { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'OK' };
      return { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }, body: '404 page not found\n' };
    },
  };
}
