/**
 * The reader's terminal on a real machine, for the client-node driver: command lines run in
 * bash with the real kubectl, KUBECONFIG pointing at the driver's cluster, and a fresh HOME
 * (so kubectl's discovery cache, ~/.kube/cache, starts empty and no user config leaks in).
 * Files the scenario wrote are materialised in a scratch working directory.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CommandResult } from '../../model/shell/shell';
import { NotPortableError } from './driver';

export class RealTerminal {
  /** HOME of the terminal; its working directory is HOME/work. */
  readonly home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-term-'));
  private readonly cwd = path.join(this.home, 'work');

  constructor(
    private readonly kubeconfig: string,
    /** The repository root: scenario file paths are relative to it, as on the model's terminal. */
    private readonly root: string,
    private readonly files: () => ReadonlyMap<string, string>,
  ) {
    fs.mkdirSync(this.cwd);
    // The repository's own manifests stay readable at the same relative paths.
    fs.symlinkSync(path.join(root, 'examples'), path.join(this.cwd, 'examples'));
  }

  run(line: string, stdin?: string): Promise<CommandResult> {
    const words = line.trim().split(/\s+/);
    const program = words[0] === 'timeout' ? words[2] : words[0];
    // Node commands reach inside the model's nodes; a real cluster's nodes are out of reach.
    if (program !== 'kubectl') throw new NotPortableError(`\`${line}\` is not a kubectl command: it cannot run on a real cluster (do not tag its scenario @portable)`);
    for (const [abs, text] of this.files()) {
      const rel = path.relative(this.root, abs);
      const dest = path.join(this.cwd, rel);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.writeFileSync(dest, text);
    }
    return new Promise((resolve, reject) => {
      const child = spawn('bash', ['-c', line], {
        cwd: this.cwd,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: this.home, KUBECONFIG: this.kubeconfig, LANG: 'C.UTF-8' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let output = '';
      child.stdout.on('data', (b: Buffer) => ((stdout += b), (output += b)));
      child.stderr.on('data', (b: Buffer) => ((stderr += b), (output += b)));
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ stdout, stderr, output, code: code ?? (signal ? 128 : 1) }));
      child.stdin.end(stdin ?? '');
    });
  }

  close(): void {
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}
