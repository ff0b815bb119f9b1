/** The kubelet: see kubelet/kubelet.ts (one file per concept under kubelet/). */
export { startKubelet } from './kubelet/kubelet';
