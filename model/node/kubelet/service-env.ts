/**
 * The Service environment variables of a container (kubelet_pods.go getServiceEnvVarMap, v1.32):
 * the kubelet keeps every Service in a watch-fed cache (its serviceLister); when a container
 * starts, the Services with a cluster IP in the Pod's namespace (unless enableServiceLinks is
 * false) and the `kubernetes` Service of the default namespace (always) become envvars.FromServices'
 * variables. A Service created after the container started is not in its environment.
 */
import type { KObject } from '../../api/meta';
import type { Informer } from '../../client/informer';
import type { KubeletCore } from './core';
import { serviceEnv } from './env';

/** The API server's own Services (kubelet's masterServices), from the default namespace. */
const MASTER_SERVICES = new Set(['kubernetes']);

const listers = new WeakMap<KubeletCore, Informer>();

/** Starts the kubelet's Service cache (NewReflector over all Services, as kubelet.go does). */
export function startServiceLister(core: KubeletCore): void {
  listers.set(core, core.ctx.informers.get('services'));
}

/** IsServiceIPSet: a cluster IP that is neither empty nor None. */
const hasClusterIP = (s: KObject) => !!s.spec?.clusterIP && s.spec.clusterIP !== 'None';

/** getServiceEnvVarMap for a Pod: its variables by name (what makeEnvironment adds last). */
export function serviceEnvVarMap(core: KubeletCore, pod: KObject): Record<string, string> {
  const lister = listers.get(core);
  if (!lister) return {};
  const ns = pod.metadata.namespace;
  const links = pod.spec?.enableServiceLinks !== false;
  const byName = new Map<string, KObject>();
  for (const s of lister.list()) {
    if (!hasClusterIP(s)) continue;
    const name = s.metadata.name!;
    if (s.metadata.namespace === 'default' && MASTER_SERVICES.has(name)) {
      if (!byName.has(name)) byName.set(name, s);
    } else if (s.metadata.namespace === ns && links) byName.set(name, s);
  }
  return serviceEnv([...byName.values()]);
}
