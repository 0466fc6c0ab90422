/**
 * The restaurant's pages on social networks, shown as the footer's icons (docs/product.md §1).
 * Each is an https address on its network's own site, so an icon goes where it says; an empty one
 * is not shown at all. No Zod here: the footer, on every public page's first load, reads this file.
 */
export const SOCIAL_NETWORKS = [
  { key: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com'], example: 'https://www.facebook.com/rawroots' },
  { key: 'instagram', label: 'Instagram', hosts: ['instagram.com'], example: 'https://www.instagram.com/rawroots' },
  { key: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'], example: 'https://www.youtube.com/@rawroots' },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['key'];

/** An address per network; empty: no icon. Checked by `socialLinksSchema` (restaurant-settings.ts). */
export type SocialLinks = Record<SocialNetwork, string>;

/** None set: the footer shows no social icons until the owner enters an address. */
export const NO_SOCIAL_LINKS: SocialLinks = { facebook: '', instagram: '', youtube: '' };
