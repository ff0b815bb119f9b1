import type { ApiServer } from '../../apiserver/server';
import { makeContext, type ComponentContext } from '../../component';
import type { EtcdStore } from '../../etcd/store';
import { EtcdDataDirs } from '../../etcd/datadir';
import { KlogLog } from '../../sim/log';
import type { Simulation } from '../../sim/simulation';
import type { RunningContainer, WorkloadStarter, Workloads } from '../cri/workloads';
import type { NodeHost } from '../host';
import { openSecurePort } from '../network/apiserver-listener';
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
  let dirs: EtcdDataDirs | undefined;
  workloads.register('etcd', (rc) => {
    // --data-dir inside the container, and the node directory mounted there (hostPath).
    const inContainer = (rc.config.command ?? []).find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length) ?? '/var/lib/etcd';
    const onNode = rc.config.mounts?.find((m) => m.containerPath === inContainer)?.hostPath ?? inContainer;
    dirs ??= new EtcdDataDirs(rc.host.files, etcd);
    dirs.open(onNode);
    // etcdctl on this node reaches this etcd (https://127.0.0.1:2379) while it runs.
    rc.host.services.etcd = etcd;
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
      openSecurePort(rc, apiserver);
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
  writePki(host, !!controlPlane);
  if (!controlPlane) return;
  for (const [name, text] of Object.entries(controlPlaneManifests(controlPlane))) host.files.write(`${STATIC_POD_PATH}/${name}`, text, 0o600);
}

/** kubeadm's certificates in /etc/kubernetes/pki (the cluster CA only, on a joined node). */
const PKI_CONTROL_PLANE = [
  'apiserver', 'apiserver-etcd-client', 'apiserver-kubelet-client', 'ca', 'front-proxy-ca', 'front-proxy-client',
  'etcd/ca', 'etcd/healthcheck-client', 'etcd/peer', 'etcd/server',
];

/**
 * The PEM files are placeholders (the model does no TLS); what matters is that they are where
 * kubeadm puts them, for the paths clients such as etcdctl must be given.
 */
function writePki(host: NodeHost, controlPlane: boolean): void {
  const pem = (kind: string, name: string) => `-----BEGIN ${kind}-----\n(kubespec model: ${name} of ${host.name}, no key material)\n-----END ${kind}-----\n`;
  if (!controlPlane) return host.files.write('/etc/kubernetes/pki/ca.crt', pem('CERTIFICATE', 'ca.crt'));
  for (const n of PKI_CONTROL_PLANE) {
    host.files.write(`/etc/kubernetes/pki/${n}.crt`, pem('CERTIFICATE', `${n}.crt`));
    host.files.write(`/etc/kubernetes/pki/${n}.key`, pem('RSA PRIVATE KEY', `${n}.key`), 0o600);
  }
  host.files.write('/etc/kubernetes/pki/sa.key', pem('RSA PRIVATE KEY', 'sa.key'), 0o600);
  host.files.write('/etc/kubernetes/pki/sa.pub', pem('PUBLIC KEY', 'sa.pub'));
}
