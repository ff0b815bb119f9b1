/**
 * `kubectl rollout SUBCOMMAND`: status, history, undo, pause, resume, restart, each with the
 * flags kubectl 1.32 gives it (an unknown one is refused before anything is read).
 */
import { PRINT_FLAGS } from '../output';
import { F, type FlagSpec } from '../args';
import { KubectlError } from '../errors';
import type { Command } from '../kubectl';
import { ROLLOUT_HELP } from './help';
import { runHistory } from './history';
import { runChange } from './pause';
import { runStatus } from './status';
import { runUndo } from './undo';

/** cmdutil's shared flags: -f/-R (FilenameOptions), -l, and PrintFlags' -o and its template flags. */
const FILES: FlagSpec[] = [F.filename, F.recursive, F.selector];
const PRINT: FlagSpec[] = [F.output, ...PRINT_FLAGS];

const SUBCOMMAND_FLAGS: Record<string, FlagSpec[]> = {
  status: [...FILES, F.timeout, { name: 'watch', short: 'w', type: 'bool' }, { name: 'revision', type: 'int64' }],
  history: [...FILES, ...PRINT, { name: 'revision', type: 'int64' }],
  undo: [...FILES, ...PRINT, F.dryRun, { name: 'to-revision', type: 'int64' }],
  pause: [...FILES, ...PRINT, F.fieldManager],
  resume: [...FILES, ...PRINT, F.fieldManager],
  restart: [...FILES, ...PRINT, F.fieldManager],
};

export const rolloutCommand: Command = {
  flags: [],
  subcommandFlags: (sub) => (sub && SUBCOMMAND_FLAGS[sub]) || [],
  run(ctx, args, p) {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'status':
        return runStatus(ctx, rest, p);
      case 'history':
        return runHistory(ctx, rest, p);
      case 'undo':
        return runUndo(ctx, rest, p);
      case 'pause':
      case 'resume':
      case 'restart':
        return runChange(ctx, sub, rest, p);
      case undefined:
        // The help (on stdout for rollout), exit 1.
        ctx.out += ROLLOUT_HELP;
        return 1;
      default:
        throw new KubectlError(`unknown command ${JSON.stringify(sub)}\nSee 'kubectl rollout -h' for help and examples`);
    }
  },
};
