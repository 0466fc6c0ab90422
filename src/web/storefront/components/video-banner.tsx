import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../ui/use-reduced-motion.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * The item list's banner: a short film of our dishes that the shop ships itself (made by
 * scripts/storefront-media.ts), muted and looping, with a poster of its first scene. It does
 * not start by itself for visitors who prefer reduced motion, and anyone can pause it.
 */
export function VideoBanner() {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  // The visitor's own choice, else the system setting. Not a state seeded from the setting:
  // a prerendered page hydrates with "no preference" first and learns the setting after.
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) element.play().catch(() => setChoice(false));
    else element.pause();
  }, [playing]);

  return (
    <section aria-labelledby="items-title" className="relative h-72 overflow-hidden bg-brand-900 md:h-[28rem]">
      <video
        ref={video}
        muted
        loop
        playsInline
        // Its bytes are fetched when it starts playing, once the page works: before that the
        // poster stands in, and a slow link carries the page's pictures and scripts first.
        preload="none"
        poster="/media/items-banner-poster.webp"
        width={960}
        height={400}
        aria-hidden="true"
        data-testid="items-video"
        className="absolute inset-0 h-full w-full object-cover"
      >
        <source src="/media/items-banner.webm" type="video/webm" />
        <source src="/media/items-banner.mp4" type="video/mp4" />
      </video>
      <div className="absolute inset-0 bg-stone-950/35" />
      <div className="relative flex h-full items-center justify-center px-4">
        <div className="max-w-3xl bg-stone-950/65 px-6 py-8 text-center text-white md:px-20 md:py-12">
          <h1 id="items-title" className="font-display text-4xl font-bold uppercase tracking-wide md:text-6xl">
            {t('items.banner.title')}
          </h1>
          <p className="mt-3 text-sm uppercase tracking-wider text-stone-100 md:text-base">
            {t('items.banner.text')}
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={() => setChoice(!playing)}
        aria-label={playing ? t('items.banner.pause') : t('items.banner.play')}
        className="absolute bottom-3 right-3 flex h-10 w-10 items-center justify-center rounded-full bg-stone-900/60 text-white hover:bg-stone-900"
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 14 14" fill="currentColor">
          {playing ? <path d="M3 2h3v10H3zM8 2h3v10H8z" /> : <path d="M3 1.5l9 5.5-9 5.5z" />}
        </svg>
      </button>
    </section>
  );
}
