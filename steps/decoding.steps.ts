/**
 * Request bodies sent straight to the model's API server as the HTTP façade hands them over
 * (the parsed body and its raw JSON text, the fieldValidation query), and what it answers: the
 * Status of a failure, or the warnings beside a success (features/api-decoding.feature).
 */
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { StatusError } from '../model/api/status';
import type { ApiRequest, PatchType } from '../model/apiserver/request';
import type { KubespecWorld } from './world';

interface Sent {
  error?: StatusError;
  warnings: string[];
  revisionBefore: number;
}

const sent = new WeakMap<KubespecWorld, Sent>();

function last(w: KubespecWorld): Sent {
  const s = sent.get(w);
  if (!s) throw new Error('no request was sent: use "When the admin sends …"');
  return s;
}

function send(w: KubespecWorld, req: Omit<ApiRequest, 'token'>, text: string, directive: string | undefined): void {
  const revisionBefore = w.cluster.etcd.currentRevision;
  const body = JSON.parse(text);
  const query = directive ? { fieldValidation: directive as 'Strict' | 'Warn' | 'Ignore' } : {};
  try {
    const { warnings } = w.cluster.apiserver.answer({ ...req, body, rawBody: text, query, token: w.cluster.admin.token });
    sent.set(w, { warnings, revisionBefore });
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    sent.set(w, { error: e, warnings: [], revisionBefore });
  }
}

/** The fieldValidation query: one of the three, or none (the server's default, Warn). */
const DIRECTIVE = '(?: with fieldValidation=(Strict|Warn|Ignore)| with no fieldValidation)?';

When(new RegExp(`^the admin POSTs to (\\w+)${DIRECTIVE}:$`), function (this: KubespecWorld, resource: string, directive: string | undefined, text: string) {
  send(this, { verb: 'create', resource, namespace: resource === 'namespaces' || resource === 'nodes' ? undefined : 'default' }, text, directive);
});

When(new RegExp(`^the admin PUTs (\\w+) "([^"]+)"${DIRECTIVE}:$`), function (this: KubespecWorld, resource: string, name: string, directive: string | undefined, text: string) {
  send(this, { verb: 'update', resource, namespace: 'default', name }, text, directive);
});

When(
  new RegExp(`^the admin patches (\\w+) "([^"]+)" with a (strategic|merge|json) patch${DIRECTIVE}:$`),
  function (this: KubespecWorld, resource: string, name: string, patchType: PatchType, directive: string | undefined, text: string) {
    send(this, { verb: 'patch', resource, namespace: 'default', name, patchType }, text, directive);
  },
);

Then('the request fails with {int} {word}:', function (this: KubespecWorld, code: number, reason: string, message: string) {
  const s = last(this);
  // Only the end is trimmed: NewInvalid with no kind starts its message with a space.
  expect({ code: s.error?.code, reason: s.error?.reason, message: s.error?.message }).toEqual({ code, reason, message: message.trimEnd() });
  // A rejected request writes nothing.
  expect(this.cluster.etcd.currentRevision).toBe(s.revisionBefore);
});

/** A JSON or merge patch's 422 holds the whole patched object (timestamps, uid) before the error. */
Then('the request fails with {int} {word}, the patched object in the value, and:', function (this: KubespecWorld, code: number, reason: string, message: string) {
  const s = last(this);
  const m = /^ "" is invalid: patch: Invalid value: "(\{.*\})": (.*)$/s.exec(s.error?.message ?? '');
  expect({ code: s.error?.code, reason: s.error?.reason, value: m ? 'the patched object' : s.error?.message, error: m?.[2] }).toEqual({ code, reason, value: 'the patched object', error: message.trim() });
  expect(this.cluster.etcd.currentRevision).toBe(s.revisionBefore);
});

Then('the request succeeds with the warnings:', function (this: KubespecWorld, text: string) {
  const s = last(this);
  expect({ error: s.error?.message, warnings: s.warnings }).toEqual({ error: undefined, warnings: text.trim().split('\n') });
});

Then('the request succeeds with no warning', function (this: KubespecWorld) {
  const s = last(this);
  expect({ error: s.error?.message, warnings: s.warnings }).toEqual({ error: undefined, warnings: [] });
});

/** A field of a stored object by its dotted path ("spec.template.spec.containers.0.name"). */
function fieldOf(w: KubespecWorld, resource: string, name: string, path: string): unknown {
  const obj = w.cluster.admin.get(resource, 'default', name);
  return path.split('.').reduce<any>((v, k) => (v == null ? undefined : v[k]), obj);
}

Then('the stored {word} {string} has no {string}', function (this: KubespecWorld, resource: string, name: string, path: string) {
  expect(fieldOf(this, resource, name, path)).toBeUndefined();
});

Then('the stored {word} {string} has {string} = {}', function (this: KubespecWorld, resource: string, name: string, path: string, json: string) {
  expect(fieldOf(this, resource, name, path)).toEqual(JSON.parse(json));
});
