/** An image registry: known images, tags, sizes and digests. (Being written.) */
export class ImageRegistry {}
