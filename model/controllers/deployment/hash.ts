/**
 * The pod-template-hash: controller.ComputeHash, and EqualIgnoreHash for finding a
 * Deployment's current ReplicaSet.
 */
import { canonicalJSON, deepCopy } from '../../api/meta';
import { fnv32a, safeEncodeString } from '../../api/names';

/** apps.DefaultDeploymentUniqueLabelKey. */
export const POD_TEMPLATE_HASH = 'pod-template-hash';

/**
 * controller.ComputeHash: FNV-32a over the Pod template, then the collision count (as 8
 * little-endian bytes, like binary.LittleEndian.PutUint32 into an 8-byte slice) when set,
 * printed in decimal and mapped onto rand's alphabet by SafeEncodeString.
 *
 * Kubernetes feeds the template through hashutil.DeepHashObject (a go-spew dump of the Go
 * struct); that byte stream cannot be reproduced outside Go, so this hashes the template's
 * canonical JSON instead. Names have the same shape and stability (same template, same name;
 * a changed template, a new name), but not the same characters as a real cluster's.
 */
export function computeHash(template: unknown, collisionCount?: number): string {
  const json = Buffer.from(canonicalJSON(template), 'utf8');
  let data: Uint8Array = json;
  if (collisionCount !== undefined && collisionCount !== null) {
    const extra = Buffer.alloc(8);
    extra.writeUInt32LE(collisionCount >>> 0, 0);
    data = Buffer.concat([json, extra]);
  }
  return safeEncodeString(String(fnv32a(data)));
}

/** deploymentutil.EqualIgnoreHash: two Pod templates equal once the pod-template-hash label is removed. */
export function equalIgnoreHash(a: any, b: any): boolean {
  const strip = (t: any) => {
    const c = deepCopy(t ?? {});
    if (c.metadata?.labels) {
      delete c.metadata.labels[POD_TEMPLATE_HASH];
      if (Object.keys(c.metadata.labels).length === 0) delete c.metadata.labels;
    }
    return canonicalJSON(c);
  };
  return strip(a) === strip(b);
}
