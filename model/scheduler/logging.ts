import type { KObject } from '../api/meta';
import type { KlogLog } from '../sim/log';

/**
 * klog's verbosity gate for kube-scheduler: `logger.V(n).Info` prints only when the process
 * runs with --v=n or more. kubeadm (and so kind) starts kube-scheduler without --v, so at the
 * default 0 its log holds start-up lines and errors, not a line per Pod.
 */
export class VerboseLog {
  constructor(
    private readonly log: KlogLog,
    readonly verbosity: number,
  ) {}

  /** logger.V(level).Info(msg, kv...). */
  info(level: number, source: string, msg: string, kv: Record<string, unknown> = {}): void {
    if (level <= this.verbosity) this.log.info(source, msg, kv);
  }

  /** logger.Error(err, msg, kv...): always printed, err first. */
  error(source: string, err: unknown, msg: string, kv: Record<string, unknown> = {}): void {
    const e = err instanceof Error ? err.message : err === undefined ? undefined : String(err);
    this.log.error(source, msg, e === undefined ? kv : { err: e, ...kv });
  }
}

/** The -v / --v flag of a command line (klog accepts both, with "=" or a space). */
export function verbosityOf(command: string): number {
  const m = command.match(/(?:^|\s)--?v(?:=|\s+)(\d+)(?=\s|$)/);
  return m ? Number(m[1]) : 0;
}

/** klog.KObj: "namespace/name". */
export function kobj(o: KObject): string {
  return o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : `${o.metadata.name}`;
}
