import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { SliderControls } from '../../ui/slider-controls.tsx';
import { useSlider } from '../../ui/use-slider.ts';
import { useT } from '../../i18n/i18n.ts';
import { useStorefrontTexts } from '../use-storefront-texts.ts';

/** docs/product.md §9: the hero slider advances every 4 s. */
export const HERO_INTERVAL_MS = 4000;

const SLIDES = [
  { picture: 'garden', alt: 'home.hero.slide.garden' },
  { picture: 'fruit', alt: 'home.hero.slide.fruit' },
  { picture: 'juice', alt: 'home.hero.slide.juice' },
] as const;

/** The home page's first screen: a text panel beside a fading picture slider. */
export function Hero() {
  const slider = useSlider(SLIDES.length, HERO_INTERVAL_MS);
  const texts = useStorefrontTexts();
  const t = useT();
  return (
    <section aria-labelledby="hero-title" className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl lg:grid-cols-[5fr_7fr]">
        <div className="flex flex-col justify-center px-4 py-10 md:px-8 lg:py-16">
          <p className="font-display text-lg italic text-accent-400">{t('home.hero.tagline')}</p>
          <h1 id="hero-title" className="mt-3 font-display text-4xl font-bold leading-tight md:text-5xl">
            {t('home.hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-brand-50 md:text-lg">
            {t('home.hero.text')}
            {texts.hero && <span data-testid="hero-facts"> {texts.hero}</span>}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={paths.menu('offered')}
              className="rounded-lg bg-accent-400 px-6 py-3 font-bold uppercase tracking-wide text-stone-900 hover:bg-accent-500"
            >
              {t('home.hero.order')}
            </Link>
            <Link
              to={paths.items}
              className="rounded-lg border-2 border-white/70 px-6 py-3 font-bold uppercase tracking-wide text-white hover:bg-white hover:text-brand-900"
            >
              {t('home.hero.menu')}
            </Link>
          </div>
        </div>
        <div
          {...slider.holdHandlers}
          role="group"
          aria-roledescription="carousel"
          aria-label={t('home.hero.pictures')}
          className="relative aspect-[3/2] overflow-hidden lg:aspect-auto lg:min-h-[34rem]"
        >
          {SLIDES.map((slide, i) => (
            <img
              key={slide.picture}
              src={`/hero/${slide.picture}-1200.webp`}
              srcSet={`/hero/${slide.picture}-600.webp 600w, /hero/${slide.picture}-1200.webp 1200w`}
              sizes="(min-width: 1024px) 58vw, 100vw"
              width={1200}
              height={800}
              alt={t(slide.alt)}
              aria-hidden={i !== slider.index}
              data-current={i === slider.index}
              fetchPriority={i === 0 ? 'high' : 'low'}
              className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 ease-in-out ${
                i === slider.index ? 'opacity-100' : 'opacity-0'
              }`}
            />
          ))}
          <div className="absolute bottom-3 right-3 rounded-full bg-stone-900/50 px-2 py-1 backdrop-blur-sm">
            <SliderControls
              count={SLIDES.length}
              index={slider.index}
              onSelect={slider.goTo}
              autoplayOn={slider.autoplayOn}
              onToggleAutoplay={slider.toggleAutoplay}
              noun="picture"
              tone="light"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
