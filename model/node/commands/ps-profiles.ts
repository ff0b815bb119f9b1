/**
 * What `ps` reads from /proc for a process, which the model does not simulate: virtual and
 * resident size, state flags and CPU share, by the kind of program (matched on the command
 * line). Plausible values for a kind node, fixed so output is reproducible.
 */
export interface ProcProfile {
  /** VSZ and RSS in KiB. */
  vsz: number;
  rss: number;
  /** STAT: S sleeping, s session leader, l multi-threaded, R running. */
  stat: string;
  /** Average CPU use in percent of one CPU. */
  cpu: number;
}

const PROFILES: [RegExp, ProcProfile][] = [
  [/^\/sbin\/init/, { vsz: 20716, rss: 11852, stat: 'Ss', cpu: 0.05 }],
  [/^\/lib\/systemd\/systemd-journald/, { vsz: 25540, rss: 8928, stat: 'Ss', cpu: 0.02 }],
  [/^\/usr\/local\/bin\/containerd-shim-runc-v2/, { vsz: 1238076, rss: 13852, stat: 'Sl', cpu: 0.01 }],
  [/^\/usr\/local\/bin\/containerd/, { vsz: 2389780, rss: 47576, stat: 'Ssl', cpu: 0.9 }],
  [/^\/usr\/bin\/crio/, { vsz: 2415908, rss: 52340, stat: 'Ssl', cpu: 0.8 }],
  [/^\/usr\/bin\/conmon/, { vsz: 70508, rss: 2304, stat: 'Ss', cpu: 0 }],
  [/^\/usr\/bin\/kubelet/, { vsz: 2532188, rss: 76132, stat: 'Ssl', cpu: 1.6 }],
  [/^etcd/, { vsz: 11740960, rss: 48940, stat: 'Ssl', cpu: 1.8 }],
  [/^kube-apiserver/, { vsz: 1593572, rss: 305068, stat: 'Ssl', cpu: 4.8 }],
  [/^kube-controller-manager/, { vsz: 1307760, rss: 111864, stat: 'Ssl', cpu: 1.4 }],
  [/^kube-scheduler/, { vsz: 1290476, rss: 64872, stat: 'Ssl', cpu: 0.6 }],
  [/kube-proxy/, { vsz: 1289568, rss: 59904, stat: 'Ssl', cpu: 0.1 }],
  [/^\/pause/, { vsz: 1020, rss: 512, stat: 'Ss', cpu: 0 }],
  [/^nginx: master/, { vsz: 11404, rss: 7544, stat: 'Ss', cpu: 0 }],
  [/^nginx: worker/, { vsz: 11868, rss: 2948, stat: 'S', cpu: 0 }],
  [/^ps /, { vsz: 8092, rss: 4036, stat: 'Rs', cpu: 0 }],
];

const DEFAULT: ProcProfile = { vsz: 4284, rss: 1024, stat: 'Ss', cpu: 0 };

export function profileOf(command: string): ProcProfile {
  for (const [re, p] of PROFILES) if (re.test(command)) return p;
  return DEFAULT;
}
