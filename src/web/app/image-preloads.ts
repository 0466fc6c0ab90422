/**
 * The preloads of a rendered page's pictures, for its <head> (src/server/pages/web-app.ts), as
 * React's server renderer wrote them before the app moved to Preact (docs/decisions/0030-preact-compat.md):
 * one for each picture that is not loaded lazily nor at low priority, in the page's order. The
 * browser then asks for the first screen's pictures (the hero, fetchpriority="high") before it
 * has read the stylesheet and the body, which is what Lighthouse's largest paint waits for.
 */
export function imagePreloads(html: string): string {
  const seen = new Set<string>();
  let links = '';
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    const src = attribute('src');
    const srcSet = attribute('srcset');
    const sizes = attribute('sizes');
    const priority = attribute('fetchpriority');
    if ((!src && !srcSet) || attribute('loading') === 'lazy' || priority === 'low') continue;
    if ([src, srcSet].some((url) => url?.toLowerCase().startsWith('data:'))) continue;
    const key = `${src} ${srcSet} ${sizes}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const attributes = [
      srcSet ? `imagesrcset="${srcSet}"` : `href="${src}"`,
      sizes && srcSet ? `imagesizes="${sizes}"` : '',
      priority ? `fetchpriority="${priority}"` : '',
    ];
    links += `<link rel="preload" as="image" ${attributes.filter(Boolean).join(' ')}/>`;
  }
  return links;
}
