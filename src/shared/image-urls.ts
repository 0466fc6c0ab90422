/** Every image the shop stores is served under this path, so the shop recognises its own URLs. */
export const IMAGE_URL_PREFIX = '/api/images/';

/** One of the shop's own image URLs: the prefix, a UUID, '.webp' (what POST /api/images answers). */
export const OWN_IMAGE_URL = /^\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;
