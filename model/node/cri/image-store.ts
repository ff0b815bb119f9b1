import type { ImageInfo } from './api';
import type { ImageReference, RegistryImage } from '../images';

/** An image in containerd's content store, with the registry record it came from. */
export interface StoredImage extends ImageInfo {
  source: RegistryImage;
}

/**
 * containerd's image store in the k8s.io namespace: images by id, each with the repo tags and
 * repo digests that name it. A tag moved to another image (a newer `latest`) leaves the old one.
 */
export class ImageStore {
  private readonly byId = new Map<string, StoredImage>();
  private readonly byName = new Map<string, StoredImage>();

  /** Records `img` under the reference it was pulled by. */
  add(img: RegistryImage, ref: ImageReference): StoredImage {
    let s = this.byId.get(img.id);
    if (!s) {
      s = { id: img.id, repoTags: [], repoDigests: [], size: img.size, source: img };
      this.byId.set(img.id, s);
    }
    const digestName = `${img.repository}@${img.digest}`;
    if (!s.repoDigests.includes(digestName)) s.repoDigests.push(digestName);
    this.byName.set(digestName, s);
    if (!ref.digest) {
      const old = this.byName.get(ref.full);
      if (old && old !== s) old.repoTags = old.repoTags.filter((t) => t !== ref.full);
      if (!s.repoTags.includes(ref.full)) s.repoTags.push(ref.full);
      this.byName.set(ref.full, s);
    }
    return s;
  }

  get(ref: ImageReference): StoredImage | undefined {
    return this.byName.get(ref.full);
  }

  getById(id: string): StoredImage | undefined {
    return this.byId.get(id);
  }

  list(): StoredImage[] {
    return [...this.byId.values()];
  }
}
