/**
 * Protobuf request bodies: the bytes the real kubectl 1.32 sends (captured with -v=10), or an
 * object encoded here with protobufjs and the façade's descriptors as a typed client encodes
 * it; decoded directly, or sent through the served cluster of http.steps.ts.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { decodeProtobuf, PROTOBUF_PREFIX, root } from '../server/protobuf/decode';
import { encodeProtobuf } from '../server/protobuf/encode';
import { send } from './http.steps';
import type { KubespecWorld } from './world';

const bodies = new WeakMap<KubespecWorld, Buffer>();
/** The JSON a body was encoded from. */
const sources = new WeakMap<KubespecWorld, string>();

function body(w: KubespecWorld): Buffer {
  const b = bodies.get(w);
  if (!b) throw new Error('no protobuf body: start with "Given the protobuf body ..."');
  return b;
}

Given(/^the protobuf body kubectl 1\.32 sends for `[^`]+`:$/, function (this: KubespecWorld, hex: string) {
  bodies.set(this, Buffer.from(hex.replace(/\s+/g, ''), 'hex'));
});

Given('a protobuf body encoding:', function (this: KubespecWorld, json: string) {
  bodies.set(this, encodeProtobuf(JSON.parse(json)));
  sources.set(this, json);
});

Given('the protobuf body cut short by {int} bytes', function (this: KubespecWorld, n: number) {
  bodies.set(this, body(this).subarray(0, body(this).length - n));
});

Given('the protobuf body without its magic number', function (this: KubespecWorld) {
  bodies.set(this, body(this).subarray(PROTOBUF_PREFIX.length));
});

// The envelope stays whole; only the object's own message inside it is cut.
Given('the protobuf body with its object cut short by {int} bytes', function (this: KubespecWorld, n: number) {
  const unknown = root.lookupType('k8s.io.apimachinery.pkg.runtime.Unknown');
  const env = unknown.decode(body(this).subarray(PROTOBUF_PREFIX.length)) as unknown as { typeMeta: object; raw: Uint8Array };
  const cut = unknown.encode({ ...env, raw: env.raw.subarray(0, env.raw.length - n) }).finish();
  bodies.set(this, Buffer.concat([PROTOBUF_PREFIX, cut]));
});

function decodesTo(w: KubespecWorld, json: string): void {
  const want = JSON.parse(json);
  const got = decodeProtobuf(body(w), { apiVersion: want.apiVersion, kind: want.kind });
  // Key order too: the model stores what encoding/json would have written.
  expect(JSON.stringify(got, null, 2)).toBe(JSON.stringify(want, null, 2));
}

Then(/^it decodes to(?: the JSON of `[^`]+`)?:$/, function (this: KubespecWorld, json: string) {
  decodesTo(this, json);
});

Then('it decodes back to the same JSON', function (this: KubespecWorld) {
  const json = sources.get(this);
  if (!json) throw new Error('no JSON: the body was not encoded from JSON');
  decodesTo(this, json);
});

When(/^(the admin|an anonymous client) sends the protobuf body as (POST|PUT|DELETE) `([^`]+)`$/, async function (this: KubespecWorld, who: string, method: string, path: string) {
  // Node sends a DELETE's body unframed unless told its length.
  await send(this, who, method, path, body(this), { 'Content-Type': 'application/vnd.kubernetes.protobuf', 'Content-Length': String(body(this).length) });
});
