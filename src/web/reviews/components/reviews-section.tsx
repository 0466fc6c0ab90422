import { useRef } from 'react';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { SectionHeading } from '../../ui/section-heading.tsx';
import { SliderControls } from '../../ui/slider-controls.tsx';
import { useSlider } from '../../ui/use-slider.ts';
import { useWheelSteps } from '../../ui/use-wheel-steps.ts';
import { useReviews } from '../api/get-reviews.ts';

/** docs/product.md §9: the review sliders advance every 3 s. */
export const REVIEW_INTERVAL_MS = 3000;

/**
 * Picture and text sliders that move together (docs/product.md §2.3). `inFirstScreen` loads the
 * first picture eagerly: lazy loading would wait for layout, delaying the page's largest paint.
 */
export function ReviewsSection({ headingLevel = 2, inFirstScreen = false }: { headingLevel?: 1 | 2; inFirstScreen?: boolean }) {
  const { data: reviews = [], isPending, isError } = useReviews();
  const count = reviews.length;
  const slider = useSlider(count, REVIEW_INTERVAL_MS);
  const root = useRef<HTMLDivElement>(null);
  useWheelSteps(root, {
    index: slider.index,
    count,
    onStep: (direction) => (direction === 1 ? slider.next() : slider.previous()),
  });
  const title = `${PRODUCT_NAME} Reviews`;

  return (
    <section aria-labelledby="reviews-title" className="bg-brand-50 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4">
        {headingLevel === 1 ? (
          <h1 id="reviews-title" className="mb-10 text-center font-display text-3xl font-bold text-stone-900 md:text-4xl">
            {title}
          </h1>
        ) : (
          <SectionHeading id="reviews-title" eyebrow="What our guests say" title={title} />
        )}
        {isError && <p className="text-center text-stone-700">The reviews could not be loaded. Please try again later.</p>}
        <div
          ref={root}
          {...slider.holdHandlers}
          role="group"
          aria-roledescription="carousel"
          aria-label="Reviews of our guests"
          data-testid="reviews-slider"
          className="grid items-center gap-8 md:grid-cols-[2fr_3fr] md:gap-12"
        >
          {/* Horizontal picture slider */}
          <div className="mx-auto w-full max-w-sm overflow-hidden rounded-2xl shadow-lg">
            <div
              className="flex transition-transform duration-700 ease-in-out"
              style={{ transform: `translateX(-${slider.index * 100}%)` }}
              data-testid="review-pictures"
            >
              {isPending && <div className="aspect-square w-full shrink-0 animate-pulse bg-stone-200" />}
              {reviews.map((review, i) => (
                <img
                  key={review._id}
                  src={review.image}
                  alt={i === slider.index ? review.name : ''}
                  aria-hidden={i !== slider.index}
                  width={600}
                  height={600}
                  loading={inFirstScreen && i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  className="aspect-square w-full shrink-0 bg-stone-200 object-cover"
                />
              ))}
            </div>
          </div>
          {/* Vertical text slider */}
          <div>
            <div className="h-72 overflow-hidden md:h-64" aria-live={slider.playing ? 'off' : 'polite'}>
              <ul
                className="transition-transform duration-700 ease-in-out"
                style={{ transform: count ? `translateY(-${(slider.index * 100) / count}%)` : undefined }}
                data-testid="review-texts"
              >
                {reviews.map((review, i) => (
                  <li
                    key={review._id}
                    aria-hidden={i !== slider.index}
                    inert={i !== slider.index}
                    data-current={i === slider.index}
                    className="flex h-72 flex-col justify-center md:h-64"
                  >
                    <svg aria-hidden="true" width="48" height="36" viewBox="0 0 48 36" className="text-accent-500" fill="currentColor">
                      <path d="M0 36V20C0 8 6 1 18 0v7c-6 1-9 5-9 11h9v18H0zm30 0V20c0-12 6-19 18-20v7c-6 1-9 5-9 11h9v18H30z" />
                    </svg>
                    <blockquote className="mt-4 text-lg leading-relaxed text-stone-800 md:text-xl">{review.details}</blockquote>
                    <p className="mt-4 font-display text-xl font-bold text-accent-700">{review.name}</p>
                  </li>
                ))}
              </ul>
            </div>
            {count > 1 && (
              <div className="mt-4">
                <SliderControls
                  count={count}
                  index={slider.index}
                  onSelect={slider.goTo}
                  autoplayOn={slider.autoplayOn}
                  onToggleAutoplay={slider.toggleAutoplay}
                  noun="review"
                />
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
