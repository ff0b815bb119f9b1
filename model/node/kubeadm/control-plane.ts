import type { ApiServer } from '../../apiserver/server';
import { makeContext, type ComponentContext } from '../../component';
import type { EtcdStore } from '../../etcd/store';
import { KlogLog } from '../../sim/log';
import type { Simulation } from '../../sim/simulation';
import type { RunningContainer, WorkloadStarter, Workloads } from '../cri/workloads';
import type { NodeHost } from '../host';
import { controlPlaneManifests, kubeletConfigYaml, KUBELET_CONFIG_PATH, STATIC_POD_PATH, type ControlPlaneParams } from './manifests';

/** From kube-apiserver's start to /readyz answering (storage, RBAC bootstrap, caches). */
const APISERVER_STARTUP_MS = 1500;

/**
 * A component running in a container: it gets an API client with its token, and a klog log
 * (pid 1 inside the container) whose lines go to the container's stderr, for `kubectl logs`.
 */
export function componentWorkload(sim: Simulation, apiserver: ApiServer, token: string, start: (ctx: ComponentContext, rc: RunningContainer) => void): WorkloadStarter {
  return (rc) => {
    const log = new KlogLog(sim, 1, (line) => rc.log('stderr', line));
    start(makeContext(sim, rc.proc, apiserver, token, log), rc);
  };
}

/** zap's JSON line, as etcd logs. */
function etcdLine(sim: Simulation, caller: string, msg: string, fields: Record<string, unknown> = {}): string {
  const ts = new Date(sim.clock.nowMs()).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  return JSON.stringify({ level: 'info', ts, caller, msg, ...fields });
}

/**
 * The images kubeadm's static Pods run, as workloads: `etcd` makes the store available while
 * its container runs; `kube-apiserver` starts serving (watch caches rebuilt from etcd, then
 * `bootstrap`: the system namespaces) once it is up and etcd answers, and refuses connections
 * and ends every watch when its container dies.
 */
export function registerControlPlaneWorkloads(sim: Simulation, etcd: EtcdStore, apiserver: ApiServer, workloads: Workloads, bootstrap: () => void): void {
  workloads.register('etcd', (rc) => {
    etcd.running = true;
    rc.log('stderr', etcdLine(sim, 'etcdmain/etcd.go:73', 'Running: ', { args: rc.config.command ?? [] }));
    rc.log('stderr', etcdLine(sim, 'embed/serve.go:250', 'serving client traffic securely', { 'traffic-type': 'grpc+http', address: '127.0.0.1:2379' }));
    rc.proc.onExit(() => {
      etcd.running = false;
    });
  });

  workloads.register('kube-apiserver', (rc) => {
    const log = new KlogLog(sim, 1, (line) => rc.log('stderr', line));
    log.info('options.go:228', 'external host was not specified, using ' + rc.sandbox.ip);
    log.info('server.go:160', 'Version: v1.32.2');
    const ready = () => {
      // Without etcd the API server cannot serve: it keeps trying to reach it.
      if (!etcd.running) return rc.proc.schedule(1000, 'wait for etcd', ready);
      apiserver.start();
      bootstrap();
      log.info('controller.go:615', 'quota admission added evaluator for', { resource: 'leases.coordination.k8s.io' });
    };
    rc.proc.schedule(APISERVER_STARTUP_MS + sim.rng.int(500), 'kube-apiserver startup', ready);
    rc.proc.onExit(() => apiserver.stop());
  });
}

/**
 * What `kubeadm init` leaves on the control-plane node and `kubeadm join` on the others: the
 * kubelet's config (staticPodPath on every node) and, on the control plane, the four manifests.
 */
export function writeKubeadmFiles(host: NodeHost, controlPlane?: ControlPlaneParams): void {
  host.files.write(KUBELET_CONFIG_PATH, kubeletConfigYaml());
  host.files.mkdirAll(STATIC_POD_PATH);
  if (!controlPlane) return;
  for (const [name, text] of Object.entries(controlPlaneManifests(controlPlane))) host.files.write(`${STATIC_POD_PATH}/${name}`, text, 0o600);
}
