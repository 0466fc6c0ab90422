import type { Translate } from '../../shared/i18n/catalogue.ts';
import type { Promotion } from '../../shared/promo-codes.ts';

/** The administrator's list in the reader's language: its words (`t`) and money (`useFormat().money`). */
export interface PromotionWording {
  t: Translate;
  money: (amount: number) => string;
}

/** "10 % off", "$ 2.50 off": a promotion's discount in words. */
export function promotionValueWords(promotion: Pick<Promotion, 'kind' | 'value'>, { t, money }: PromotionWording): string {
  return promotion.kind === 'percent' ? t('promotions.percentOff', { percent: promotion.value }) : t('promotions.amountOff', { amount: money(promotion.value) });
}

/** "5 of 20", "3": the uses so far, and the limit when there is one. */
export function promotionUsesWords(promotion: Pick<Promotion, 'uses' | 'maxUses'>, { t }: PromotionWording): string {
  return promotion.maxUses === null ? String(promotion.uses) : t('promotions.usesOf', { uses: promotion.uses, max: promotion.maxUses });
}

/** The rules besides the discount, in words: "from $ 20.00 · once per customer · first order only". */
export function promotionRuleWords(promotion: Pick<Promotion, 'minimumOrder' | 'oncePerCustomer' | 'firstOrderOnly'>, { t, money }: PromotionWording): string {
  const rules = [
    promotion.minimumOrder > 0 ? t('promotions.rule.from', { amount: money(promotion.minimumOrder) }) : '',
    promotion.oncePerCustomer ? t('promotions.rule.once') : '',
    promotion.firstOrderOnly ? t('promotions.rule.firstOrder') : '',
  ].filter(Boolean);
  return rules.length > 0 ? rules.join(' · ') : t('promotions.rule.none');
}
