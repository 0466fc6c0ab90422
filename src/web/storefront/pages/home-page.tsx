import { lazy } from 'react';
import { LoadWhenNear } from '../../ui/load-when-near.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AboutTeaser } from '../components/about-teaser.tsx';
import { FeatureCards } from '../components/feature-cards.tsx';
import { Hero } from '../components/hero.tsx';

// Today's offer and the reviews are below the first screen: their code (and the menu and
// review requests) load when the visitor nears them, so the hero gets the network first.
const CategoryBlock = lazy(() =>
  import('../components/category-block.tsx').then((module) => ({ default: module.CategoryBlock })),
);
const ReviewsSection = lazy(() =>
  import('../../reviews/components/reviews-section.tsx').then((module) => ({ default: module.ReviewsSection })),
);

/** Home (docs/product.md §2.2): hero, four promises, about teaser, today's offer, reviews. */
export function Page() {
  usePageTitle('Home');
  return (
    <>
      <Hero />
      <FeatureCards />
      <AboutTeaser />
      <LoadWhenNear minHeight="44rem" label="Today's offer">
        <CategoryBlock category="offered" />
      </LoadWhenNear>
      <LoadWhenNear minHeight="40rem" label="Reviews">
        <ReviewsSection />
      </LoadWhenNear>
    </>
  );
}
