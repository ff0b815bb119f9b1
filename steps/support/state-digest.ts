import { createHash } from 'node:crypto';

/**
 * A SHA-256 digest of everything reachable from a value through own enumerable properties,
 * Map and Set entries and array elements, with each object's class and where the graph shares
 * or cycles. Two clusters with equal digests hold the same data in the same shape.
 *
 * What it cannot see: variables a closure captured, ES private (#) fields and weak
 * collections. The model keeps its component state in objects, and the state of components only
 * reachable through closures (the controllers, the scheduler) changes only when a simulation
 * task runs, which moves the simulation's task counter, which it does see. Memos no behaviour
 * depends on are kept in # fields so that filling one is not a change (model/apiserver/cache-store.ts).
 */
export function stateDigest(root: unknown): string {
  const hash = createHash('sha256');
  let buffer = '';
  const put = (s: string) => {
    buffer += s;
    if (buffer.length > 1 << 16) {
      hash.update(buffer);
      buffer = '';
    }
  };
  const seen = new Map<object, number>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        put(`s${v.length}:${v}`);
        continue;
      case 'number':
      case 'bigint':
        put(`n${v};`);
        continue;
      case 'boolean':
        put(v ? 'T' : 'F');
        continue;
      case 'undefined':
        put('U');
        continue;
      case 'symbol':
        put(`y${String(v)};`);
        continue;
      case 'function':
        // A function's identity cannot be compared across two clusters; its name tells a handler
        // set from one left unset, and one method patched in from the class's own.
        put(`f${v.name};`);
        continue;
    }
    if (v === null) {
      put('N');
      continue;
    }
    const o = v as object;
    const id = seen.get(o);
    if (id !== undefined) {
      put(`@${id};`);
      continue;
    }
    seen.set(o, seen.size);
    put(`{${Object.getPrototypeOf(o)?.constructor?.name ?? ''};`);
    if (o instanceof Map) {
      put(`M${o.size};`);
      for (const [k, x] of o) stack.push(x, k);
    } else if (o instanceof Set) {
      put(`S${o.size};`);
      for (const x of o) stack.push(x);
    } else if (o instanceof Date) put(`D${o.getTime()};`);
    else if (o instanceof RegExp) put(`R${o.source}/${o.flags};`);
    else if (ArrayBuffer.isView(o)) put(`B${Buffer.from(o.buffer, o.byteOffset, o.byteLength).toString('base64')};`);
    else if (Array.isArray(o)) {
      put(`A${o.length};`);
      for (let i = o.length - 1; i >= 0; i--) stack.push(o[i]);
    } else {
      const keys = Object.keys(o);
      put(`O${keys.length};`);
      for (let i = keys.length - 1; i >= 0; i--) stack.push((o as Record<string, unknown>)[keys[i]], keys[i]);
    }
  }
  hash.update(buffer);
  return hash.digest('hex');
}
