import { createHash } from 'node:crypto';

/**
 * The public image registries the cluster pulls from (Docker Hub, registry.k8s.io), reduced to
 * what a node needs: which repositories and tags exist, each image's digest, id and size, and
 * how long a pull takes. An unknown repository or tag fails the pull with containerd's text.
 */

/** A parsed, normalised image reference, as containerd's reference.ParseNormalizedNamed gives it. */
export interface ImageReference {
  /** "docker.io" */
  domain: string;
  /** "docker.io/library/nginx" */
  repository: string;
  /** "latest"; "" for a digest reference. */
  tag: string;
  /** "sha256:..." for a digest reference. */
  digest?: string;
  /** "docker.io/library/nginx:latest" or "docker.io/library/nginx@sha256:...". */
  full: string;
  /** What the user wrote: "nginx". */
  raw: string;
}

/** One image as stored in the registry (one manifest: several tags may point at it). */
export interface RegistryImage {
  repository: string;
  /** Every tag of the repository that points at this image. */
  tags: string[];
  /** The manifest digest: what `docker.io/library/nginx@sha256:...` names (imageID in Pod status). */
  digest: string;
  /** The image id (config digest): what `crictl images` prints, truncated. */
  id: string;
  /** Size in bytes, as containerd reports it (compressed layers). */
  size: number;
  /** What the image runs when the Pod gives no command (a key of the process catalogue). */
  program: string;
}

export class ReferenceError extends Error {}

const DEFAULT_DOMAIN = 'docker.io';

/**
 * Parses and normalises a reference: "nginx" -> docker.io/library/nginx:latest,
 * "registry.k8s.io/pause:3.10" stays as it is. Throws ReferenceError with
 * distribution/reference's message when it is malformed.
 */
export function normalizeReference(raw: string): ImageReference {
  // ParseNormalizedNamed: a bare 64-hex string is an image ID, not a name.
  if (/^[a-f0-9]{64}$/.test(raw)) throw new ReferenceError(`invalid repository name (${raw}), cannot specify 64-byte hexadecimal strings`);
  let rest = raw;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!/^sha256:[a-f0-9]{64}$/.test(digest)) throw new ReferenceError('invalid reference format');
  }
  let tag = '';
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.indexOf(':', lastSlash + 1);
  if (colon >= 0) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!/^[\w][\w.-]{0,127}$/.test(tag)) throw new ReferenceError('invalid reference format');
  }
  let domain = DEFAULT_DOMAIN;
  let path = rest;
  const slash = rest.indexOf('/');
  if (slash >= 0) {
    const first = rest.slice(0, slash);
    if (first.includes('.') || first.includes(':') || first === 'localhost' || first !== first.toLowerCase()) {
      domain = first;
      path = rest.slice(slash + 1);
    }
  }
  if (domain === DEFAULT_DOMAIN && !path.includes('/')) path = `library/${path}`;
  const component = /^[a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*$/;
  if (path.split('/').some((c) => !component.test(c))) {
    if (path.split('/').every((c) => component.test(c.toLowerCase())))
      throw new ReferenceError(`invalid reference format: repository name (${path}) must be lowercase`);
    throw new ReferenceError('invalid reference format');
  }
  if (!digest && !tag) tag = 'latest';
  const repository = `${domain}/${path}`;
  return { domain, repository, tag, digest, full: digest ? `${repository}@${digest}` : `${repository}:${tag}`, raw };
}

/** sha256 of a text, as "sha256:<hex>": deterministic stand-ins for real digests. */
export function sha256Of(text: string): string {
  return 'sha256:' + createHash('sha256').update(text).digest('hex');
}

/** A pull failure with containerd's message and the gRPC code the kubelet sees. */
export class PullError extends Error {
  constructor(
    readonly code: 'NotFound' | 'Unknown',
    message: string,
  ) {
    super(message);
  }
}

interface Entry {
  repository: string;
  tags: string[];
  size: number;
  program: string;
  /** Real digests where we know them (pause:3.10), else derived from the name. */
  id?: string;
  digest?: string;
}

/** Images as they stood when Kubernetes 1.32 and kind v0.27 were current (nginx 1.27.3 was latest). */
const CATALOGUE: Entry[] = [
  { repository: 'docker.io/library/nginx', tags: ['latest', 'mainline', '1', '1.27', '1.27.3', 'bookworm', 'mainline-bookworm', '1.27.3-bookworm'], size: 72188133, program: 'nginx' },
  { repository: 'docker.io/library/nginx', tags: ['stable', '1.26', '1.26.2', 'stable-bookworm'], size: 71026652, program: 'nginx' },
  { repository: 'docker.io/library/nginx', tags: ['1.25', '1.25.5'], size: 71005286, program: 'nginx' },
  { repository: 'docker.io/library/nginx', tags: ['alpine', 'mainline-alpine', '1-alpine', '1.27-alpine', '1.27.3-alpine'], size: 20491260, program: 'nginx-alpine' },
  { repository: 'docker.io/library/nginx', tags: ['stable-alpine', '1.26-alpine', '1.26.2-alpine'], size: 20228571, program: 'nginx-alpine' },
  { repository: 'docker.io/library/busybox', tags: ['latest', '1', '1.37', '1.37.0', 'stable'], size: 2166802, program: 'sh' },
  { repository: 'docker.io/library/busybox', tags: ['1.36', '1.36.1'], size: 2160406, program: 'sh' },
  { repository: 'docker.io/curlimages/curl', tags: ['latest', '8.11.1'], size: 11741235, program: 'curl' },
  {
    repository: 'registry.k8s.io/pause',
    tags: ['3.10'],
    size: 320368,
    program: 'pause',
    id: 'sha256:873ed75102791e5b0b8a7fcd41606c92fcec98d56d05ead4ac5131650004c136',
    digest: 'sha256:ee6521f290b2168b6e0935a181d4cff9be1ac3f505666ef0e3c98fae8199917a',
  },
  { repository: 'registry.k8s.io/pause', tags: ['3.9'], size: 321520, program: 'pause' },
  { repository: 'registry.k8s.io/kube-proxy', tags: ['v1.32.2'], size: 30907858, program: 'kube-proxy' },
  { repository: 'registry.k8s.io/kube-apiserver', tags: ['v1.32.2'], size: 28670731, program: 'kube-apiserver' },
  { repository: 'registry.k8s.io/kube-controller-manager', tags: ['v1.32.2'], size: 26259392, program: 'kube-controller-manager' },
  { repository: 'registry.k8s.io/kube-scheduler', tags: ['v1.32.2'], size: 20657902, program: 'kube-scheduler' },
  { repository: 'registry.k8s.io/coredns/coredns', tags: ['v1.11.3'], size: 18562039, program: 'coredns' },
  { repository: 'registry.k8s.io/etcd', tags: ['3.5.16-0'], size: 57680541, program: 'etcd' },
  { repository: 'docker.io/kindest/kindnetd', tags: ['v20250214-acbabc1a'], size: 39008320, program: 'kindnetd' },
  { repository: 'docker.io/kindest/local-path-provisioner', tags: ['v20241212-8ac705d0'], size: 22541737, program: 'local-path-provisioner' },
  { repository: 'docker.io/flannel/flannel', tags: ['v0.26.4'], size: 32736032, program: 'flanneld' },
  { repository: 'docker.io/flannel/flannel-cni-plugin', tags: ['v1.6.2-flannel1'], size: 4856838, program: 'sh' },
  { repository: 'docker.io/flannel/flannel', tags: ['v0.26.1'], size: 32359327, program: 'flannel' },
  { repository: 'docker.io/flannel/flannel-cni-plugin', tags: ['v1.6.0-flannel1'], size: 4856838, program: 'flannel-cni-plugin' },
];

/** What a kind node image (kindest/node:v1.32.2) has in containerd before anything is pulled. */
export const KIND_PRELOADED = [
  'registry.k8s.io/pause:3.10',
  'registry.k8s.io/kube-proxy:v1.32.2',
  'registry.k8s.io/kube-apiserver:v1.32.2',
  'registry.k8s.io/kube-controller-manager:v1.32.2',
  'registry.k8s.io/kube-scheduler:v1.32.2',
  'registry.k8s.io/coredns/coredns:v1.11.3',
  'registry.k8s.io/etcd:3.5.16-0',
  'docker.io/kindest/kindnetd:v20250214-acbabc1a',
  'docker.io/kindest/local-path-provisioner:v20241212-8ac705d0',
];

/** Download rate from the registry in bytes per virtual millisecond (~16 MB/s). */
const BYTES_PER_MS = 16_000;
/** Resolving a reference (token, HEAD manifest) before any layer moves. */
const RESOLVE_MS = 350;

/**
 * The registries. `outage` makes every pull fail as if the registry were unreachable
 * (a fault for scenarios); images can be added or retagged by scenarios.
 */
export class ImageRegistry {
  /** When true, every pull fails to resolve (network or registry down). */
  outage = false;
  private readonly images: RegistryImage[] = [];
  private readonly byRef = new Map<string, RegistryImage>();
  private readonly byDigest = new Map<string, RegistryImage>();

  constructor() {
    for (const e of CATALOGUE) this.add(e.repository, e.tags, e.size, e.program, e.id, e.digest);
  }

  /** Publishes an image (or moves tags onto a new one, as a push does). */
  add(repository: string, tags: string[], size: number, program = 'sh', id?: string, digest?: string): RegistryImage {
    const img: RegistryImage = {
      repository,
      tags: [...tags],
      size,
      program,
      digest: digest ?? sha256Of(`manifest ${repository}:${tags[0]}`),
      id: id ?? sha256Of(`config ${repository}:${tags[0]}`),
    };
    for (const t of tags) {
      const prev = this.byRef.get(`${repository}:${t}`);
      if (prev) prev.tags = prev.tags.filter((x) => x !== t);
      this.byRef.set(`${repository}:${t}`, img);
    }
    this.images.push(img);
    this.byDigest.set(`${repository}@${img.digest}`, img);
    return img;
  }

  /** Looks a normalised reference up without network effects (undefined when unknown). */
  lookup(ref: ImageReference): RegistryImage | undefined {
    return ref.digest ? this.byDigest.get(`${ref.repository}@${ref.digest}`) : this.byRef.get(`${ref.repository}:${ref.tag}`);
  }

  /**
   * Resolves a reference for a pull, failing as containerd reports it: an unknown tag or
   * repository is NotFound, an outage is Unknown with the dial error.
   */
  resolve(ref: ImageReference): RegistryImage {
    if (this.outage) {
      const host = ref.domain === 'docker.io' ? 'registry-1.docker.io' : ref.domain;
      const path = ref.repository.slice(ref.domain.length + 1);
      const url = `https://${host}/v2/${path}/manifests/${ref.digest ?? ref.tag}`;
      throw new PullError(
        'Unknown',
        `failed to pull and unpack image "${ref.full}": failed to resolve reference "${ref.full}": failed to do request: Head "${url}": dial tcp: lookup ${host} on 172.18.0.1:53: server misbehaving`,
      );
    }
    const img = this.lookup(ref);
    if (img) return img;
    const known = this.images.some((i) => i.repository === ref.repository);
    if (!known && ref.domain === 'docker.io')
      throw new PullError(
        'Unknown',
        `failed to pull and unpack image "${ref.full}": failed to resolve reference "${ref.full}": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`,
      );
    throw new PullError('NotFound', `failed to pull and unpack image "${ref.full}": failed to resolve reference "${ref.full}": ${ref.full}: not found`);
  }

  /** Virtual milliseconds a pull of `img` takes; `layersPresent` when only the manifest must be fetched. */
  pullTimeMs(img: RegistryImage, layersPresent: boolean): number {
    return layersPresent ? RESOLVE_MS : RESOLVE_MS + Math.round(img.size / BYTES_PER_MS);
  }
}
