/**
 * Upstream's puller tests (fixtures/upstream/kubelet-images.json) on the model's ImageManager:
 * a fake runtime that has one image and pulls with the case's error, a fake clock, upstream's
 * back-off of 1 s doubling to 1 min; each attempt's runtime calls, outcome and events. An attempt
 * may be another Pod's (its name and UID), come sooner than the clock's 1 s step, or be the
 * kubelet forgetting a Pod.
 */
import { CriError } from '../../model/node/cri/api';
import { Backoff } from '../../model/node/kubelet/backoff';
import { ImageManager, type EnsureResult } from '../../model/node/kubelet/image-manager';
import { failuresOf, same, upstreamTable } from './fixtures';

function pullerCase(c: any): string | undefined {
  let now = 0;
  const calls: string[] = [];
  const events: string[] = [];
  const images = new Set(['present_image']);
  const runtime = {
    // The status asked after a pull is for the image's size (GetImageSize).
    imageStatus: (image: string) => (calls.push(calls.includes('PullImage') ? 'GetImageSize' : 'GetImageRef'), images.has(image) ? { size: 1024 } : undefined),
    pullImage: (image: string, cb: (err?: CriError, res?: any) => void) => {
      calls.push('PullImage');
      if (c.pullerErr) return cb(new CriError('Unknown', c.pullerErr));
      now += 1500;
      images.add(image);
      cb(undefined, { imageRef: image, size: 1024, pullMs: 1500 });
    },
  };
  const recorder = { event: (_o: unknown, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) };
  const sim = { clock: { nowMs: () => now } };
  const m = new ImageManager(sim as any, runtime as any, recorder as any, new Backoff(() => now, 1000, 60_000));
  const pod: any = { metadata: { name: 'test_pod', namespace: 'test-ns', uid: 'bar', resourceVersion: '42' } };
  const container = { name: 'container_name', image: c.image, imagePullPolicy: c.policy };
  for (const [i, want] of c.expected.entries()) {
    if (want.forget) {
      // The kubelet forgets a Pod that is gone (its back-off entries and last pull errors).
      m.forgetPod(want.forget);
      continue;
    }
    calls.length = 0;
    events.length = 0;
    now += want.advance ?? 1000;
    let got: EnsureResult | undefined;
    const p = want.pod ? { metadata: { ...pod.metadata, name: want.pod, uid: want.pod } } : pod;
    m.ensure(p, container, {} as any, (r) => (got = r));
    const result = !got ? 'no answer' : got.ok ? 'ok' : got.reason;
    const seen: any = { result };
    if (want.calls) seen.calls = [...calls];
    if (want.events) seen.events = [...events];
    if (want.eventReasons) seen.eventReasons = events.map((e) => e.split(' ')[1]);
    if (want.message) seen.message = got && !got.ok ? got.message : undefined;
    const problem = same(seen, Object.fromEntries(Object.keys(seen).map((k) => [k, want[k]])));
    if (problem) return `attempt ${i + 1}: ${problem}`;
  }
  return undefined;
}

export const KUBELET_IMAGES_TABLES: Record<string, () => string[]> = {
  puller: () => failuresOf(upstreamTable('kubelet-images', 'puller'), pullerCase),
};
