/** `kubectl set SUBCOMMAND`: image, env, resources and serviceaccount, each with kubectl 1.32's flags. */
import { PRINT_FLAGS } from '../output';
import { F, type FlagSpec } from '../args';
import { KubectlError } from '../errors';
import type { Command } from '../kubectl';
import { runSetEnv } from './env';
import { SET_HELP } from './help';
import { runSetImage } from './image';
import { runSetResources } from './resources';
import { runSetSelector } from './selector';
import { runSetServiceAccount } from './serviceaccount';

const COMMON: FlagSpec[] = [
  F.filename,
  F.recursive,
  F.selector,
  F.output,
  F.dryRun,
  F.fieldManager,
  ...PRINT_FLAGS,
  { name: 'local', type: 'bool' },
  { name: 'all', type: 'bool' },
];

const SUBCOMMAND_FLAGS: Record<string, FlagSpec[]> = {
  image: COMMON,
  env: [
    ...COMMON,
    { name: 'containers', short: 'c', type: 'string' },
    { name: 'from', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'env', short: 'e', type: 'strings' },
    { name: 'keys', type: 'strings' },
    { name: 'list', type: 'bool' },
    { name: 'overwrite', type: 'bool' },
  ],
  resources: [...COMMON, { name: 'containers', short: 'c', type: 'string' }, { name: 'limits', type: 'string' }, { name: 'requests', type: 'string' }],
  // No -l: set serviceaccount has no selector flag.
  serviceaccount: COMMON.filter((f) => f.name !== 'selector'),
  sa: COMMON.filter((f) => f.name !== 'selector'),
  // ResourceBuilderFlags: no -l either; --resource-version of its own.
  selector: [...COMMON.filter((f) => f.name !== 'selector'), { name: 'resource-version', type: 'string' }],
};

export const setCommand: Command = {
  flags: [],
  subcommandFlags: (sub) => (sub && SUBCOMMAND_FLAGS[sub]) || [],
  run(ctx, args, p) {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'image':
        return runSetImage(ctx, rest, p);
      case 'env':
        return runSetEnv(ctx, rest, p);
      case 'resources':
        return runSetResources(ctx, rest, p);
      case 'serviceaccount':
      case 'sa':
        return runSetServiceAccount(ctx, rest, p);
      case 'selector':
        return runSetSelector(ctx, rest, p);
      case undefined:
        // DefaultSubCommandRun: the help on stderr, exit 1.
        ctx.err += SET_HELP;
        return 1;
      default:
        throw new KubectlError(`unknown command ${JSON.stringify(sub)}\nSee 'kubectl set -h' for help and examples`);
    }
  },
};
