import { z } from 'zod';

/**
 * The restaurant's pages on social networks, shown as the footer's icons (docs/product.md §1).
 * Each is an https address on its network's own site, so an icon goes where it says; an empty one
 * is not shown at all.
 */
export const SOCIAL_NETWORKS = [
  { key: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com'], example: 'https://www.facebook.com/rawroots' },
  { key: 'instagram', label: 'Instagram', hosts: ['instagram.com'], example: 'https://www.instagram.com/rawroots' },
  { key: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'], example: 'https://www.youtube.com/@rawroots' },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['key'];

/** The address's host is the network's site or one of its subdomains (www., m.). */
function onSite(address: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

const socialAddress = ({ label, hosts, example }: (typeof SOCIAL_NETWORKS)[number]) =>
  z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(300, 'At most 300 characters')
      .refine((address) => onSite(address, hosts), `Enter the restaurant's ${label} address, starting with https:// (for example ${example}), or leave it empty`),
  ]);

export const socialLinksSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network.key, socialAddress(network)])) as Record<SocialNetwork, ReturnType<typeof socialAddress>>,
);
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** None set: the footer shows no social icons until the owner enters an address. */
export const NO_SOCIAL_LINKS: SocialLinks = { facebook: '', instagram: '', youtube: '' };
