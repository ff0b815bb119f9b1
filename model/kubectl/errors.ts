import { StatusError } from '../api/status';

/** An error kubectl raises itself; printed as "error: <message>" unless it starts with it. */
export class KubectlError extends Error {}

/** A usage error: "error: <message>\nSee 'kubectl <cmd> --help' for usage." */
export class UsageError extends KubectlError {}

/** A flag pflag rejected, as cobra prints it: "Error: <message>\nSee 'kubectl <cmd> --help' for usage." */
export class FlagError extends UsageError {}

/** Errors of one command, printed together at its end as cmdutil.CheckErr prints an aggregate. */
export type CommandError = StatusError | KubectlError | Error;

/**
 * cmdutil.AddSourceToErr: "error when creating "nginx.yaml": ..." keeping a Status' reason and
 * details, so an Invalid status still prints as "The Deployment "x" is invalid: ...".
 */
export function addSourceToErr(verb: string, source: string, err: unknown): unknown {
  if (!source) return err;
  if (err instanceof StatusError) {
    return new StatusError({ ...err.status, message: `error when ${verb} ${goQuote(source)}: ${err.status.message}` });
  }
  if (err instanceof KubectlError) return new KubectlError(`error when ${verb} ${goQuote(source)}: ${err.message}`);
  // Anything else is a bug of the model: it travels on untouched, to be reported as one.
  return err;
}

/**
 * Keeps a Kubernetes or kubectl error of one object to print with the others at the end, as kubectl
 * goes on with the next object; a refused connection ends the command, and a JavaScript error is a model bug thrown on, so that
 * Kubectl.run records it instead of printing it as if kubectl had said it.
 */
export function collectError(errors: unknown[], e: unknown): void {
  if (!(e instanceof StatusError || e instanceof KubectlError || e instanceof AggregateError)) throw e;
  // No server at all (code 0): nothing more can succeed, the command stops with that one error.
  if (e instanceof StatusError && e.code === 0) throw e;
  errors.push(e);
}

/** StandardErrorMessage: how one error reads, without the "error: " prefix for plain errors. */
export function messageForError(err: unknown): string {
  if (err instanceof StatusError) {
    const s = err.status;
    if (s.code === 0) return s.message; // connection refused: the transport's message as is
    if (s.reason === 'Unauthorized') return `error: You must be logged in to the server (${s.message})`;
    if (s.reason) return `Error from server (${s.reason}): ${s.message}`;
    return `Error from server: ${s.message}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * checkErr: formats what kubectl prints on stderr when a command fails. One error prints
 * as itself ("error: " prefixed if it is no Status); several print one per line.
 */
export function formatErrors(errs: unknown[]): string {
  if (errs.length === 0) return '';
  if (errs.length > 1) return errs.map((e) => messageForError(e) + '\n').join('');
  const err = errs[0];
  if (err instanceof StatusError && err.status.reason === 'Invalid') {
    const d = err.status.details;
    let s = 'The request is invalid';
    if (!d) return s + '\n';
    if (d.kind || d.name) s = `The ${d.kind ?? ''} ${goQuote(d.name ?? '')} is invalid`;
    const seen = new Set<string>();
    const causes: string[] = [];
    for (const c of d.causes ?? []) {
      const m = `${c.field}: ${c.message}`;
      if (seen.has(m)) continue;
      seen.add(m);
      causes.push(m);
    }
    if (causes.length === 0) return s + '\n';
    if (causes.length === 1) return `${s}: ${causes[0]}\n`;
    return `${s}: \n${causes.map((c) => `* ${c}\n`).join('')}`;
  }
  let msg = messageForError(err);
  if (!(err instanceof StatusError) && !msg.startsWith('error: ')) msg = `error: ${msg}`;
  return msg.endsWith('\n') ? msg : msg + '\n';
}

/** Go's %q for the strings kubectl quotes. */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}
