import type { FlagSpec } from '../args';
import { KubectlError } from '../errors';
import type { Command } from '../kubectl';
import { PRINT_FLAGS } from '../output';
import { canI } from './can-i';
import { whoami } from './whoami';

const CAN_I_FLAGS: FlagSpec[] = [
  { name: 'all-namespaces', short: 'A', type: 'bool' },
  { name: 'list', type: 'bool' },
  { name: 'no-headers', type: 'bool' },
  { name: 'quiet', short: 'q', type: 'bool' },
  { name: 'subresource', type: 'string' },
];

const WHOAMI_FLAGS: FlagSpec[] = [{ name: 'output', short: 'o', type: 'string' }, ...PRINT_FLAGS];

const AUTH_HELP = `Inspect authorization.

Available Commands:
  can-i         Check whether an action is allowed
  reconcile     Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects
  whoami        Experimental: Check self subject attributes

Usage:
  kubectl auth [flags] [options]

Use "kubectl auth <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

/** `kubectl auth can-i|whoami|reconcile` (pkg/cmd/auth): reconcile is not carried out by this model. */
export const authCommand: Command = {
  flags: CAN_I_FLAGS,
  subcommandFlags: (sub) => (sub === 'can-i' ? CAN_I_FLAGS : sub === 'whoami' ? WHOAMI_FLAGS : []),
  run(ctx, args, p) {
    const [sub, ...rest] = args;
    if (sub === undefined) {
      // A command without Run of its own: cobra prints its help on stderr and fails.
      ctx.err += AUTH_HELP;
      return 1;
    }
    if (sub === 'can-i') return canI(ctx, rest, p);
    if (sub === 'whoami') return whoami(ctx, p);
    if (sub === 'reconcile') throw new KubectlError('kubectl auth reconcile is not supported by this model');
    throw new KubectlError(`unknown command ${JSON.stringify(sub)}\nSee 'kubectl auth -h' for help and examples`);
  },
};
