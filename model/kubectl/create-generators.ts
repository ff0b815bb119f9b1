/** The `kubectl create` subcommands built on create-generator.ts, by name and alias. */
import type { FlagSpec } from './args';
import { PRINT_AND_CREATE_FLAGS, type Generator } from './create-generator';
import { cronJobGenerator } from './create-cronjob';
import { ingressGenerator } from './create-ingress';
import { jobGenerator } from './create-job';
import { pdbGenerator } from './create-pdb';
import { priorityClassGenerator } from './create-priorityclass';
import { quotaGenerator } from './create-quota';
import { clusterRoleGenerator, roleGenerator } from './create-role';
import { clusterRoleBindingGenerator, roleBindingGenerator } from './create-rolebinding';

const GENERATORS: Generator[] = [clusterRoleGenerator, clusterRoleBindingGenerator, ingressGenerator, priorityClassGenerator, quotaGenerator, roleGenerator, roleBindingGenerator, jobGenerator, cronJobGenerator, pdbGenerator];

export function generatorFor(sub: string | undefined): Generator | undefined {
  return sub === undefined ? undefined : GENERATORS.find((g) => g.names.includes(sub));
}

/** The flags cobra parses for `create <sub>`: the generator's own and the print/create ones. */
export function generatorFlags(sub: string | undefined): FlagSpec[] | undefined {
  const g = generatorFor(sub);
  return g && [...PRINT_AND_CREATE_FLAGS, ...g.flags];
}
