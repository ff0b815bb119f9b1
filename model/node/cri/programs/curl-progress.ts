/**
 * curl's progress meter (lib/progress.c), which it writes to stderr unless -s, when the body
 * does not go to a terminal (`kubectl exec` without -t, a container's log): the two header
 * lines, a line of zeros when the transfer starts, then the last line when it ends. The model's
 * transfers take milliseconds of virtual time, so the meter never updates in between.
 */

const HEADER = '  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n' + '                                 Dload  Upload   Total   Spent    Left  Speed\n';

const KB = 1024;
const MB = 1024 * KB;

/** max5data: a size or speed in at most five characters. */
function max5(n: number): string {
  if (n < 100000) return String(n).padStart(5);
  if (n < 10000 * KB) return `${String(Math.floor(n / KB)).padStart(4)}k`;
  if (n < 100 * MB) return `${String(Math.floor(n / MB)).padStart(2)}.${Math.floor((n % MB) / (MB / 10))}M`;
  return `${String(Math.floor(n / MB)).padStart(4)}M`;
}

/** time2str: "--:--:--" for nothing yet, else H:MM:SS. */
function time2str(seconds: number): string {
  if (seconds <= 0) return '--:--:--';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2)}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** One meter line for `bytes` of `size` received in `ms`. */
function line(bytes: number, size: number, ms: number): string {
  const pct = size > 0 ? Math.floor((bytes * 100) / size) : 0;
  const speed = bytes > 0 ? Math.floor((bytes * 1000) / Math.max(ms, 1)) : 0;
  const spent = Math.floor(ms / 1000);
  const p3 = (n: number) => String(n).padStart(3);
  return `\r${p3(pct)} ${max5(size)}  ${p3(pct)} ${max5(bytes)}  ${p3(0)} ${max5(0)}  ${max5(speed)}  ${max5(0)} ${time2str(spent)} ${time2str(spent)} ${time2str(0)} ${max5(speed)}`;
}

/** What the meter shows when the transfer starts. */
export function meterStart(): string {
  return HEADER + line(0, 0, 0);
}

/** Its last line, once a body of `bytes` (its Content-Length) came in `ms`. */
export function meterDone(bytes: number, ms: number): string {
  return line(bytes, bytes, ms) + '\n';
}

/**
 * The meter of a transfer that failed: a failed name lookup leaves the zero line unfinished (the
 * error follows on it); a failed connect or handshake ends it with another zero line.
 */
export function meterFailed(code: number): string {
  if (code === 6) return meterStart();
  return meterStart() + line(0, 0, 0) + '\n';
}
