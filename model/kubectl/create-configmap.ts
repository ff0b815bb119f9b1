/**
 * `kubectl create configmap NAME [--from-file=[key=]source] [--from-literal=key1=value1]
 * [--from-env-file=source] [--append-hash]` (kubectl/pkg/cmd/create/create_configmap.go).
 */
import type { KObject } from '../api/meta';
import { isConfigMapKey } from '../api/validation';
import { bool, strs, type FlagSpec, type Parsed } from './args';
import { createOrPrint, eachEnvFileSource, eachFileSource, GENERATOR_FLAGS, goMarshal, nameFromArgs, nameHash, parseLiteralSource, SourceFiles } from './create-sources';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';

export const CONFIGMAP_FLAGS: FlagSpec[] = [
  ...GENERATOR_FLAGS,
  { name: 'from-file', type: 'strings' },
  { name: 'from-literal', type: 'stringArray' },
  { name: 'from-env-file', type: 'strings' },
];

export function createConfigMap(ctx: Ctx, p: Parsed, args: string[]): number {
  const name = nameFromArgs(args, 'create configmap');
  const fileSources = strs(p, 'from-file');
  const literals = strs(p, 'from-literal');
  const envFiles = strs(p, 'from-env-file');
  if (envFiles.length > 0 && (fileSources.length > 0 || literals.length > 0)) throw new KubectlError('from-env-file cannot be combined with from-file or from-literal');
  const data: Record<string, string> = {};
  const add = (key: string, value: string) => {
    const errs = isConfigMapKey(key);
    if (errs.length) throw new KubectlError(`${JSON.stringify(key)} is not a valid key name for a ConfigMap: ${errs.join(',')}`);
    if (key in data) throw new KubectlError(`cannot add key ${JSON.stringify(key)}, another key by that name already exists in Data for ConfigMap ${JSON.stringify(name)}`);
    data[key] = value;
  };
  const files = new SourceFiles(ctx);
  // Files first, then literals, then env files, as createConfigMap adds them.
  eachFileSource(files, fileSources, add);
  for (const l of literals) add(...parseLiteralSource(l));
  eachEnvFileSource(files, envFiles, 'config', add);
  let finalName = name;
  if (bool(p, 'append-hash')) finalName = `${name}-${nameHash(goMarshal({ kind: 'ConfigMap', name, data }))}`;
  const cm: KObject = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: finalName, creationTimestamp: null as any } };
  if (Object.keys(data).length) (cm as any).data = data;
  return createOrPrint(ctx, p, 'configmaps', cm, (m) => `failed to create configmap: ${m}`);
}
