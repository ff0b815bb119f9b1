/**
 * Commands the model does not carry out (completion, cp, port-forward, config) but whose
 * argument checks it makes as kubectl 1.32 does, so a wrong command line is answered in kubectl's
 * words; a well-formed one is refused as not supported by this model.
 */
import type { FlagSpec } from './args';
import { KubectlError } from './errors';
import type { Command } from './kubectl';

function unsupported(name: string): never {
  throw new KubectlError(`kubectl ${name} is not supported by this model`);
}

const SHELLS = ['bash', 'zsh', 'fish', 'powershell'];

/** `kubectl completion SHELL`. */
export const completionCommand: Command = {
  flags: [],
  run(_ctx, args) {
    const hint = "\nSee 'kubectl completion -h' for help and examples";
    if (args.length === 0) throw new KubectlError('Shell not specified.' + hint);
    if (args.length > 1) throw new KubectlError('Too many arguments. Expected only the shell type.' + hint);
    if (!SHELLS.includes(args[0])) throw new KubectlError(`Unsupported shell type ${JSON.stringify(args[0])}.` + hint);
    unsupported('completion');
  },
};

/** `kubectl cp SRC DEST`. */
export const cpCommand: Command = {
  flags: [
    { name: 'container', short: 'c', type: 'string' },
    { name: 'no-preserve', type: 'bool' },
    { name: 'retries', type: 'int' },
  ],
  run(_ctx, args) {
    if (args.length !== 2) throw new KubectlError('source and destination are required');
    unsupported('cp');
  },
};

/** `kubectl port-forward TYPE/NAME [LOCAL_PORT:]REMOTE_PORT…`. */
export const portForwardCommand: Command = {
  flags: [
    { name: 'address', type: 'strings' },
    { name: 'pod-running-timeout', type: 'duration' },
  ],
  run(_ctx, args) {
    if (args.length < 2) throw new KubectlError("TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples");
    unsupported('port-forward');
  },
};

const CONFIG_SUBCOMMANDS = ['current-context', 'delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-contexts', 'get-users', 'rename-context', 'set', 'set-cluster', 'set-context', 'set-credentials', 'unset', 'use-context', 'use', 'view'];

/** `kubectl config SUBCOMMAND`. */
export const configCommand: Command = {
  flags: [],
  run(_ctx, args) {
    const [sub] = args;
    if (sub !== undefined && !CONFIG_SUBCOMMANDS.includes(sub)) throw new KubectlError(`unknown command ${JSON.stringify(sub)}\nSee 'kubectl config -h' for help and examples`);
    unsupported(sub === undefined ? 'config' : `config ${sub}`);
  },
};
