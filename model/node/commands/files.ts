import type { NodeHost } from '../host';
import { normalize } from '../files';
import type { CommandResult } from './index';

/** `docker exec` starts commands in / on a kind node: relative paths resolve from there. */
const abs = (p: string) => normalize(p.startsWith('/') ? p : `/${p}`);
const ok = (stdout = ''): CommandResult => ({ stdout, stderr: '', code: 0 });
const fail = (stderr: string, code = 1): CommandResult => ({ stdout: '', stderr, code });
const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** coreutils `cat FILE…`. */
export function cat(host: NodeHost, args: string[]): CommandResult {
  let out = '';
  let err = '';
  for (const a of args.filter((x) => !x.startsWith('-'))) {
    const p = abs(a);
    const f = host.files.read(p);
    if (f) out += f.content;
    else err += `cat: ${a}: ${host.files.isDir(p) ? 'Is a directory' : 'No such file or directory'}\n`;
  }
  return { stdout: out, stderr: err, code: err ? 1 : 0 };
}

/** coreutils `ls [-l] [-a] PATH…`, as printed to a pipe (one name a line). */
export function ls(host: NodeHost, args: string[]): CommandResult {
  const flags = args.filter((a) => a.startsWith('-')).join('');
  const long = flags.includes('l');
  const all = flags.includes('a');
  const paths = args.filter((a) => !a.startsWith('-'));
  if (paths.length === 0) paths.push('/');
  let out = '';
  let err = '';
  paths.forEach((a, i) => {
    const p = abs(a);
    const file = host.files.read(p);
    const names = file ? undefined : host.files.list(p);
    if (!file && !names) {
      err += `ls: cannot access '${a}': No such file or directory\n`;
      return;
    }
    if (paths.length > 1 && names) out += `${i > 0 ? '\n' : ''}${a}:\n`;
    const entries = file ? [a] : names!.filter((n) => all || !n.startsWith('.'));
    if (!long) {
      out += entries.map((n) => n + '\n').join('');
      return;
    }
    const rows = entries.map((n) => {
      const path = file ? p : `${p === '/' ? '' : p}/${n}`;
      const f = host.files.read(path);
      const size = f ? Buffer.byteLength(f.content) : 4096;
      const mode = f ? modeString(f.mode) : 'drwxr-xr-x';
      return { mode, size, mtime: f?.mtimeMs ?? 0, name: n };
    });
    const w = Math.max(...rows.map((r) => String(r.size).length), 1);
    if (!file) out += `total ${rows.reduce((s, r) => s + Math.ceil(r.size / 4096) * 4, 0)}\n`;
    for (const r of rows) out += `${r.mode} 1 root root ${String(r.size).padStart(w)} ${lsTime(r.mtime)} ${r.name}\n`;
  });
  return { stdout: out, stderr: err, code: err ? 2 : 0 };
}

/** `mv SRC DEST` (into DEST when it is a directory). */
export function mv(host: NodeHost, args: string[]): CommandResult {
  const [src, dst] = args.filter((a) => !a.startsWith('-'));
  if (!src) return fail("mv: missing file operand\nTry 'mv --help' for more information.\n");
  if (!dst) return fail(`mv: missing destination file operand after '${src}'\nTry 'mv --help' for more information.\n`);
  const from = abs(src);
  if (!host.files.read(from)) return fail(`mv: cannot stat '${src}': No such file or directory\n`);
  if (dst.endsWith('/') && !host.files.isDir(abs(dst))) return fail(`mv: cannot move '${src}' to '${dst}': Not a directory\n`);
  const to = host.files.isDir(abs(dst)) ? `${abs(dst)}/${base(from)}` : abs(dst);
  host.files.rename(from, to);
  return ok();
}

/** `cp SRC DEST`. */
export function cp(host: NodeHost, args: string[]): CommandResult {
  const [src, dst] = args.filter((a) => !a.startsWith('-'));
  if (!src) return fail("cp: missing file operand\nTry 'cp --help' for more information.\n");
  if (!dst) return fail(`cp: missing destination file operand after '${src}'\nTry 'cp --help' for more information.\n`);
  const f = host.files.read(abs(src));
  if (!f) return fail(`cp: cannot stat '${src}': No such file or directory\n`);
  const to = host.files.isDir(abs(dst)) ? `${abs(dst)}/${base(abs(src))}` : abs(dst);
  host.files.write(to, f.content, f.mode);
  return ok();
}

/** `rm [-f] FILE…`. */
export function rm(host: NodeHost, args: string[]): CommandResult {
  const force = args.some((a) => /^-[a-z]*f/.test(a));
  let err = '';
  for (const a of args.filter((x) => !x.startsWith('-'))) {
    const p = abs(a);
    if (host.files.remove(p)) continue;
    if (host.files.isDir(p)) err += `rm: cannot remove '${a}': Is a directory\n`;
    else if (!force) err += `rm: cannot remove '${a}': No such file or directory\n`;
  }
  return { stdout: '', stderr: err, code: err ? 1 : 0 };
}

/** `tee [-a] FILE…`: stdin to the files and to stdout (how a heredoc writes a file). */
export function tee(host: NodeHost, args: string[], stdin = ''): CommandResult {
  const append = args.includes('-a') || args.includes('--append');
  for (const a of args.filter((x) => !x.startsWith('-'))) {
    const p = abs(a);
    const prev = append ? (host.files.read(p)?.content ?? '') : '';
    host.files.write(p, prev + stdin);
  }
  return ok(stdin);
}

/** `mkdir [-p] DIR…`. */
export function mkdir(host: NodeHost, args: string[]): CommandResult {
  for (const a of args.filter((x) => !x.startsWith('-'))) host.files.mkdirAll(abs(a));
  return ok();
}

/**
 * `sed -i 's/OLD/NEW/[g]' FILE`: the usual way to edit a manifest in place. Other scripts are
 * not modelled.
 */
export function sed(host: NodeHost, args: string[]): CommandResult {
  const inPlace = args.includes('-i');
  const [script, file] = args.filter((a) => a !== '-i' && a !== '-e');
  const m = script?.match(/^s(.)(.*?)\1(.*?)\1(g?)$/);
  if (!m) return fail(`sed: -e expression #1, char ${script?.length ?? 0}: unknown command: \`${script?.[0] ?? ''}'\n`);
  if (!file) return fail('sed: no input files\n', 4);
  const f = host.files.read(abs(file));
  if (!f) return fail(`sed: can't read ${file}: No such file or directory\n`, 2);
  let re: RegExp;
  try {
    re = new RegExp(m[2], m[4] ? 'g' : '');
  } catch {
    return fail(`sed: -e expression #1, char ${script.length}: Invalid regular expression\n`);
  }
  const next = f.content
    .split('\n')
    .map((l) => l.replace(re, m[3].replace(/\\\//g, '/').replace(/&/g, '$&')))
    .join('\n');
  if (!inPlace) return ok(next);
  host.files.write(abs(file), next, f.mode);
  return ok();
}

function modeString(mode: number): string {
  const bits = 'rwxrwxrwx';
  return '-' + [...bits].map((c, i) => (mode & (1 << (8 - i)) ? c : '-')).join('');
}

/** ls's time column for recent files: "Jan  1 10:00". */
function lsTime(ms: number): string {
  const d = new Date(ms);
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${mon} ${String(d.getUTCDate()).padStart(2)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}
