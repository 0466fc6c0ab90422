import { ReviewsSection } from '../../reviews/components/reviews-section.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AboutTeaser } from '../components/about-teaser.tsx';
import { CategoryBlock } from '../components/category-block.tsx';
import { FeatureCards } from '../components/feature-cards.tsx';
import { Hero } from '../components/hero.tsx';

/** Home (spec section 2): hero, four promises, about teaser, today's offer, reviews. */
export function Page() {
  usePageTitle('Home');
  return (
    <>
      <Hero />
      <FeatureCards />
      <AboutTeaser />
      <CategoryBlock category="offered" />
      <ReviewsSection />
    </>
  );
}
