import type { Callback, ImageInfo, PodSandboxConfig } from './api';
import { CriError } from './api';
import { KIND_PRELOADED, normalizeReference, PullError, ReferenceError, type ImageReference, type ImageRegistry } from '../images';
import type { Process } from '../../sim/process';
import type { Simulation } from '../../sim/simulation';
import { ImageStore } from './image-store';

/** How long a failed pull takes to come back (resolving the reference), base + up to half again. */
const PULL_FAIL_MS = 400;

/**
 * containerd's CRI ImageService: PullImage from the registry (virtual time proportional to
 * the size, only the manifest when the layers are already there), ImageStatus and ListImages
 * over the node's image store, which starts with what a kind node image preloads.
 */
export class ImageService {
  readonly store = new ImageStore();

  constructor(
    private readonly sim: Simulation,
    /** containerd's process: a pull in flight dies with it. */
    private proc: Process,
    private readonly registry: ImageRegistry,
    private readonly trace: (verb: string, target: string, detail?: string) => void,
  ) {
    for (const ref of KIND_PRELOADED) {
      const r = normalizeReference(ref);
      const img = registry.lookup(r);
      if (img) this.store.add(img, r);
    }
  }

  /** containerd was restarted: pulls run in its new process. */
  attach(proc: Process): void {
    this.proc = proc;
  }

  pull(image: string, cb: Callback<{ imageRef: string; size: number; pullMs: number }>, sandbox?: PodSandboxConfig): void {
    const start = this.sim.clock.nowMs();
    const ref = tryNormalize(image);
    this.trace('PullImage', sandbox ? `pods/${sandbox.metadata.namespace}/${sandbox.metadata.name}` : (ref?.full ?? image), ref?.full ?? image);
    const fail = (err: CriError) => this.proc.schedule(PULL_FAIL_MS + this.sim.rng.int(PULL_FAIL_MS / 2 + 1), `PullImage ${image} fails`, () => cb(err));
    if (!ref) return fail(new CriError('Unknown', `failed to pull and unpack image "${image}": failed to resolve reference "${image}": invalid reference format`));
    let img;
    try {
      img = this.registry.resolve(ref);
    } catch (e) {
      if (!(e instanceof PullError)) throw e;
      return fail(new CriError(e.code, e.message));
    }
    const ms = this.registry.pullTimeMs(img, !!this.store.getById(img.id));
    const resolved = img;
    this.proc.schedule(ms + this.sim.rng.int(Math.ceil(ms / 10) + 1), `PullImage ${ref.full}`, () => {
      const stored = this.store.add(resolved, ref);
      cb(undefined, { imageRef: stored.id, size: stored.size, pullMs: this.sim.clock.nowMs() - start });
    });
  }

  status(image: string): ImageInfo | undefined {
    const ref = tryNormalize(image);
    const s = ref && this.store.get(ref);
    return s ? { id: s.id, repoTags: [...s.repoTags], repoDigests: [...s.repoDigests], size: s.size } : undefined;
  }

  list(): ImageInfo[] {
    return this.store.list().map((s) => ({ id: s.id, repoTags: [...s.repoTags], repoDigests: [...s.repoDigests], size: s.size }));
  }
}

/** The normalised reference, or undefined when it does not parse. */
export function tryNormalize(image: string): ImageReference | undefined {
  try {
    return normalizeReference(image);
  } catch (e) {
    if (e instanceof ReferenceError) return undefined;
    throw e;
  }
}
