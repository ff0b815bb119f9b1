/**
 * One busybox `sh` process on virtual time: it runs a script's commands (shell.ts parses them)
 * with its variables, command substitutions and pipelines, busybox's applets and the image's
 * network tools, and reports its exit status.
 */
import { busyboxDate, test } from './applets';
import { BUSYBOX_APPLETS } from './applet-names';
import { BUSYBOX_NET_TOOLS, type NetToolFn } from './net-applets';
import { grep, headTail } from './text-applets';
import type { ContainerView, ProgramIO } from './program';
import { expandWord, parseScript, ShellSyntaxError, substitutionsOf, type Command, type List, type Word, type WordPart } from './shell';

type K = (code: number) => void;

/**
 * One shell process: its variables, last status, and its output split into log lines (or, for
 * `kubectl exec`, written as it comes: `lines` false).
 */
export class Shell {
  private readonly vars = new Map<string, string>();
  private status = 0;
  private exited = false;
  private readonly partial = { stdout: '', stderr: '' };
  /** The output of the command substitutions and pipeline stages being run, innermost last. */
  private readonly captures: string[] = [];
  /** What the command being run reads on stdin: the previous pipeline stage's output, innermost last. */
  private readonly inputs: string[] = [];

  constructor(
    private readonly io: ProgramIO,
    private readonly view: ContainerView,
    private readonly tools: Record<string, NetToolFn> = BUSYBOX_NET_TOOLS,
    private readonly lines = true,
  ) {
    for (const e of view.env) this.vars.set(e.key, e.value);
  }

  private write(stream: 'stdout' | 'stderr', text: string): void {
    if (stream === 'stdout' && this.captures.length) {
      this.captures[this.captures.length - 1] += text;
      return;
    }
    if (!this.lines) return this.io.write(stream, text);
    const lines = (this.partial[stream] + text).split('\n');
    this.partial[stream] = lines.pop()!;
    for (const l of lines) this.io.write(stream, l);
  }

  private finish(code: number, k: K): void {
    for (const s of ['stdout', 'stderr'] as const) if (this.partial[s]) this.io.write(s, this.partial[s]);
    this.partial.stdout = this.partial.stderr = '';
    k(code);
  }

  /** Runs one program (pid 1's argv, or a command of a script). */
  exec(argv: string[], k: K): void {
    const done = (code: number) => this.finish(code, k);
    const [name, ...args] = argv;
    if (name === 'sh' || name === 'ash' || name === 'bash') return this.sh(args, done);
    this.applet(name, args, done, () => {
      this.write('stderr', `sh: ${name}: not found\n`);
      done(127);
    });
  }

  private sh(args: string[], k: K): void {
    let script: string | undefined;
    if (args[0] === '-c') script = args[1] ?? '';
    else if (args[0] !== undefined) {
      script = this.view.readFile(args[0]);
      if (script === undefined) {
        this.write('stderr', `sh: can't open '${args[0]}': No such file or directory\n`);
        return k(2);
      }
    }
    if (script === undefined) return k(0); // no terminal, no stdin: the shell ends at once
    let list: List;
    try {
      list = parseScript(script);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
      this.write('stderr', `sh: ${e.message}\n`);
      return k(2);
    }
    this.runList(list, 0, (code) => k(this.exited ? this.status : code));
  }

  private lookup = (name: string): string => (name === '?' ? String(this.status) : name === '$' ? '1' : this.vars.get(name) ?? '');

  private runList(list: List, i: number, k: K): void {
    if (this.exited || i >= list.length) return k(this.status);
    const { op, cmd } = list[i];
    if ((op === '&&' && this.status !== 0) || (op === '||' && this.status === 0)) return this.runList(list, i + 1, k);
    this.runCommand(cmd, (code) => {
      this.status = code;
      this.runList(list, i + 1, k);
    });
  }

  /**
   * Runs the command substitutions of `words` one after the other, each in a subshell whose
   * output is captured (less its trailing newlines), then hands their results on.
   */
  private substitute(words: Word[], k: (results: Map<WordPart, string>, status: number | undefined) => void): void {
    const parts = substitutionsOf(words);
    const results = new Map<WordPart, string>();
    let status: number | undefined;
    const step = (i: number): void => {
      if (i >= parts.length) return k(results, status);
      this.captures.push('');
      const saved = this.exited;
      this.runList(parts[i].subst!, 0, (code) => {
        results.set(parts[i], this.captures.pop()!.replace(/\n+$/, ''));
        // `exit` inside $(…) ends only the subshell.
        this.exited = saved;
        status = code;
        step(i + 1);
      });
    };
    step(0);
  }

  private runCommand(cmd: Command, k: K): void {
    if (cmd.kind === 'simple') return this.substitute(cmd.words, (subs, substStatus) => this.runSimple(cmd.words, subs, substStatus, k));
    if (cmd.kind === 'for') return this.substitute(cmd.items, (subs) => this.runCompound(cmd, subs, k));
    if (cmd.kind === 'pipeline') return this.runPipeline(cmd.cmds, 0, undefined, k);
    this.runCompound(cmd, new Map(), k);
  }

  /**
   * One stage of a pipeline after the other, each reading what the one before wrote (the model's
   * commands finish before their reader starts); each stage is a subshell, so `exit` in it ends
   * only that stage. The pipeline's status is the last stage's.
   */
  private runPipeline(cmds: Command[], i: number, input: string | undefined, k: K): void {
    const last = i === cmds.length - 1;
    if (!last) this.captures.push('');
    if (input !== undefined) this.inputs.push(input);
    const saved = this.exited;
    this.runCommand(cmds[i], (code) => {
      if (input !== undefined) this.inputs.pop();
      this.exited = saved;
      if (last) return k(code);
      this.runPipeline(cmds, i + 1, this.captures.pop()!, k);
    });
  }

  private runSimple(cmdWords: Word[], subs: Map<WordPart, string>, substStatus: number | undefined, k: K): void {
    const words = cmdWords.map((w) => expandWord(w, this.lookup, (p) => subs.get(p) ?? ''));
    let n = 0;
    while (n < words.length && /^[A-Za-z_]\w*=/.test(words[n])) {
      const eq = words[n].indexOf('=');
      this.vars.set(words[n].slice(0, eq), words[n].slice(eq + 1));
      n++;
    }
    // An assignment alone ends with the status of its last command substitution.
    if (n === words.length) return k(substStatus ?? 0);
    const [name, ...args] = words.slice(n);
    if (name === 'exit') {
      this.exited = true;
      this.status = args[0] !== undefined ? Number(args[0]) & 255 : this.status;
      return k(this.status);
    }
    if (name === 'export' || name === 'cd' || name === ':') {
      for (const a of args) if (a.includes('=')) this.vars.set(a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1));
      return k(0);
    }
    if (name === 'sh' || name === 'ash' || name === 'bash') return this.sh(args, k);
    return this.applet(name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name, args, k, () => {
      this.write('stderr', `sh: ${name}: not found\n`);
      k(127);
    });
  }

  private runCompound(cmd: Exclude<Command, { kind: 'simple' } | { kind: 'pipeline' }>, subs: Map<WordPart, string>, k: K): void {
    // Each pass of a loop takes a moment, so a loop without sleep still lets time move.
    if (cmd.kind === 'loop')
      return this.runList(cmd.cond, 0, (c) => {
        if (this.exited || (c === 0) === cmd.until) return k(0);
        this.runList(cmd.body, 0, () => (this.exited ? k(this.status) : this.io.after(1, () => this.runCommand(cmd, k))));
      });
    if (cmd.kind === 'for') {
      const items = cmd.items.flatMap((w) => expandWord(w, this.lookup, (p) => subs.get(p) ?? '').split(/\s+/).filter((x) => x !== ''));
      const step = (i: number) => {
        if (this.exited || i >= items.length) return k(this.status);
        this.vars.set(cmd.name, items[i]);
        this.runList(cmd.body, 0, () => step(i + 1));
      };
      return step(0);
    }
    const branch = (i: number): void => {
      if (i >= cmd.branches.length) return cmd.otherwise ? this.runList(cmd.otherwise, 0, k) : k(0);
      this.runList(cmd.branches[i].cond, 0, (c) => (this.exited ? k(this.status) : c === 0 ? this.runList(cmd.branches[i].body, 0, k) : branch(i + 1)));
    };
    branch(0);
  }

  /** The applets: each writes its output and calls k with its exit status. */
  private applet(name: string, args: string[], k: K, notFound: () => void): void {
    const out = (t: string) => this.write('stdout', t);
    const err = (t: string) => this.write('stderr', t);
    const tool = this.tools[name];
    if (tool) {
      // A network tool blocks for as long as its exchanges take, then its output appears.
      const res = tool(args, this.view.network?.(), this.io.now(), (p) => this.view.readFile(p));
      return this.io.after(res.elapsedMs, () => {
        for (const c of res.chunks) this.write(c.stream, c.text);
        k(res.code);
      });
    }
    switch (name) {
      case 'true':
      case 'cp':
      case 'mv':
      case 'rm':
      case 'mkdir':
      case 'touch':
      case 'chmod':
      case 'chown':
      case 'ln':
        return k(0);
      case 'false':
        return k(1);
      case 'echo': {
        let newline = true;
        let escapes = false;
        while (args[0] === '-n' || args[0] === '-e' || args[0] === '-E') {
          if (args[0] === '-n') newline = false;
          else escapes = args[0] === '-e';
          args = args.slice(1);
        }
        let text = args.join(' ');
        if (escapes) text = text.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');
        out(text + (newline ? '\n' : ''));
        return k(0);
      }
      case 'printf': {
        const fmt = (args[0] ?? '').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
        let rest = args.slice(1);
        do {
          out(fmt.replace(/%[sd%]/g, (m) => (m === '%%' ? '%' : (rest.shift() ?? (m === '%d' ? '0' : '')))));
        } while (rest.length && /%[sd]/.test(fmt));
        return k(0);
      }
      case 'sleep': {
        if (args.length === 0) {
          err('sleep: missing operand\n');
          return k(1);
        }
        // busybox parses the duration as a float: "inf" and "infinity" never end.
        if (args.some((a) => /^inf(inity)?$/i.test(a))) return;
        let ms = 0;
        for (const a of args) {
          const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(a);
          if (!m) {
            err(`sleep: invalid number '${a}'\n`);
            return k(1);
          }
          ms += Number(m[1]) * { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
        }
        return this.io.after(Math.round(ms), () => k(0));
      }
      case 'head':
      case 'tail':
      case 'grep': {
        const read = (p: string) => this.view.readFile(p);
        const r = name === 'grep' ? grep(args, this.stdin(), read) : headTail(name, args, this.stdin(), read);
        out(r.out);
        err(r.err);
        return k(r.code);
      }
      case 'cat': {
        let code = 0;
        if (args.length === 0) out(this.stdin() ?? '');
        for (const f of args) {
          const content = this.view.readFile(f);
          if (content === undefined) {
            err(`cat: can't open '${f}': No such file or directory\n`);
            code = 1;
          } else out(content);
        }
        return k(code);
      }
      case 'printenv':
      case 'env': {
        if (name === 'env' || args.length === 0) {
          for (const [key, value] of this.exported()) out(`${key}=${value}\n`);
          return k(0);
        }
        let code = 0;
        for (const a of args) {
          const v = this.exported().get(a);
          if (v === undefined) code = 1;
          else out(v + '\n');
        }
        return k(code);
      }
      case 'ls': {
        const paths = args.filter((a) => !a.startsWith('-'));
        let code = 0;
        const targets = paths.length ? paths : ['/'];
        targets.forEach((p, i) => {
          const entries = this.view.readDir(p);
          if (entries) {
            if (targets.length > 1) out(`${i ? '\n' : ''}${p}:\n`);
            for (const e of entries) out(e + '\n');
          } else if (this.view.readFile(p) !== undefined) out(p + '\n');
          else {
            err(`ls: ${p}: No such file or directory\n`);
            code = 1;
          }
        });
        return k(code);
      }
      case 'date':
        out(busyboxDate(this.io.now()) + '\n');
        return k(0);
      case 'hostname':
        out(this.view.hostname + '\n');
        return k(0);
      case 'pwd':
        out('/\n');
        return k(0);
      case 'uname':
        out((args.includes('-a') ? 'Linux ' + this.view.hostname : 'Linux') + '\n');
        return k(0);
      case 'whoami':
        out('root\n');
        return k(0);
      case 'id':
        out('uid=0(root) gid=0(root) groups=0(root),10(wheel)\n');
        return k(0);
      case 'test':
      case '[':
        return k(test(name === '[' ? args.slice(0, -1) : args, this.view) ? 0 : 1);
    }
    if (BUSYBOX_APPLETS.has(name)) return; // runs until the container is stopped
    notFound();
  }

  /** The current command's stdin: a pipe's contents, or nothing (no terminal). */
  private stdin(): string | undefined {
    return this.inputs[this.inputs.length - 1];
  }

  /** The variables the shell passes on: the process env, and what was exported or assigned. */
  private exported(): Map<string, string> {
    return this.vars;
  }
}
