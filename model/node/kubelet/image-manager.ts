import type { KObject } from '../../api/meta';
import type { EventRecorder } from '../../client/events';
import type { Simulation } from '../../sim/simulation';
import type { ContainerRuntime, PodSandboxConfig } from '../cri/api';
import { normalizeReference, ReferenceError } from '../images';
import { Backoff, goDuration } from './backoff';

/** The outcome of EnsureImageExists: the image is there, or why the container must wait. */
export type EnsureResult = { ok: true } | { ok: false; reason: string; message: string };

/**
 * The kubelet's image manager (pkg/kubelet/images): honours imagePullPolicy, pulls one image
 * at a time (serializeImagePulls, kind's default), backs off failed pulls per Pod and image
 * (10 s doubling to 5 min), and records the kubelet's events with its 1.32 wording.
 */
export class ImageManager {
  private readonly queue: (() => void)[] = [];
  private pulling = false;
  /** The last pull error per back-off key, quoted in the ImagePullBackOff message (1.32). */
  private readonly prevPullErr = new Map<string, string>();

  constructor(
    private readonly sim: Simulation,
    private readonly runtime: ContainerRuntime,
    private readonly recorder: EventRecorder,
    /** The pull back-off (NewImageManager's backOff: the kubelet's is 10 s doubling to 5 min). */
    private readonly backoff = new Backoff(() => sim.clock.nowMs()),
  ) {}

  ensure(pod: KObject, container: any, sandbox: PodSandboxConfig, cb: (r: EnsureResult) => void): void {
    const image: string = container.image;
    const fieldPath = `spec.containers{${container.name}}`;
    const event = (type: 'Normal' | 'Warning', reason: string, message: string) => this.recorder.event(pod, type, reason, message, fieldPath);
    try {
      normalizeReference(image);
    } catch (e) {
      if (!(e instanceof ReferenceError)) throw e;
      const msg = `Failed to apply default image tag "${image}": couldn't parse image name "${image}": ${e.message}`;
      event('Warning', 'InspectFailed', msg);
      return cb({ ok: false, reason: 'InvalidImageName', message: msg });
    }
    const present = !!this.runtime.imageStatus(image);
    const policy = container.imagePullPolicy ?? 'IfNotPresent';
    if (policy === 'Never' || (policy === 'IfNotPresent' && present)) {
      if (present) {
        event('Normal', 'Pulled', `Container image "${image}" already present on machine`);
        return cb({ ok: true });
      }
      const msg = `Container image "${image}" is not present with pull policy of Never`;
      event('Warning', 'ErrImageNeverPull', msg);
      return cb({ ok: false, reason: 'ErrImageNeverPull', message: msg });
    }
    const key = `${pod.metadata.uid}_${image}`;
    if (this.backoff.isInBackOffSinceUpdate(key)) {
      let msg = `Back-off pulling image "${image}"`;
      event('Normal', 'BackOff', msg);
      const prev = this.prevPullErr.get(key);
      if (prev) msg = `${msg}: ${prev}`;
      return cb({ ok: false, reason: 'ImagePullBackOff', message: msg });
    }
    this.prevPullErr.delete(key);
    event('Normal', 'Pulling', `Pulling image "${image}"`);
    const start = this.sim.clock.nowMs();
    this.enqueue((next) =>
      this.runtime.pullImage(
        image,
        (err, res) => {
          next();
          if (err || !res) {
            const text = err ? err.grpcText : 'rpc error: code = Unknown desc = pull failed';
            event('Warning', 'Failed', `Failed to pull image "${image}": ${text}`);
            this.backoff.next(key);
            this.prevPullErr.set(key, `ErrImagePull: ${text}`);
            return cb({ ok: false, reason: 'ErrImagePull', message: text });
          }
          const total = this.sim.clock.nowMs() - start;
          const size = this.runtime.imageStatus(image)?.size ?? res.size;
          event('Normal', 'Pulled', `Successfully pulled image "${image}" in ${goDuration(res.pullMs)} (${goDuration(total)} including waiting). Image size: ${size} bytes.`);
          cb({ ok: true });
        },
        sandbox,
      ),
    );
  }

  /** Forgets a Pod's back-off entries once it is gone. */
  forgetPod(uid: string): void {
    this.backoff.forgetPrefix(`${uid}_`);
    for (const k of [...this.prevPullErr.keys()]) if (k.startsWith(`${uid}_`)) this.prevPullErr.delete(k);
  }

  /** The serial image puller: one pull at a time, in request order. */
  private enqueue(run: (next: () => void) => void): void {
    this.queue.push(() =>
      run(() => {
        this.pulling = false;
        const nxt = this.queue.shift();
        if (nxt) {
          this.pulling = true;
          nxt();
        }
      }),
    );
    if (!this.pulling) {
      this.pulling = true;
      this.queue.shift()!();
    }
  }
}
